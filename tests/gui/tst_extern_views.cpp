// A te.extern program (TVM's ir_builder vector add feeding an element-wise stage) through
// the GUI's evaluation and its graph models, headless: the document evaluates, bounds and
// lowers it; the stage DAG shows the extern stage between its inputs and its consumer;
// the IterVar graph of the extern (an op without IterVars) builds and lays out, as do
// the consumer's.
#include <QtTest>

#include "Evaluation.h"
#include "views/IterVarGraphModel.h"
#include "views/StageDagModel.h"
#include "views/graph/GraphLayout.h"

namespace tst_extern_views {

using namespace tessera;
using namespace tessera::views;

namespace {

const char* kVectorAdd =
    "import tvm\nfrom tvm import te\n"
    "n = 64\n"
    "A = te.placeholder((n,), name=\"A\")\n"
    "B = te.placeholder((n,), name=\"B\")\n"
    "def body(ins, outs):\n"
    "    ib = tvm.tir.ir_builder.create()\n"
    "    a, b, c = ib.buffer_ptr(ins[0]), ib.buffer_ptr(ins[1]), ib.buffer_ptr(outs[0])\n"
    "    with ib.for_range(0, n, name=\"i\") as i:\n"
    "        c[i] = a[i] + b[i]\n"
    "    return ib.get()\n"
    "C = te.extern((n,), [A, B], body, name=\"C\")\n"
    "D = te.compute((n,), lambda i: C[i] * 2.0, name=\"D\")\n"
    "s = te.create_schedule(D.op)\n"
    "xo, xi = s[D].split(D.op.axis[0], factor=8)\n";

bool HasEdge(const GraphModel& m, const QString& from, const QString& to) {
  for (const GraphEdge& e : m.edges())
    if (e.from == from && e.to == to && e.kind == "dataflow") return true;
  return false;
}

}  // namespace

class TestExternViews : public QObject {
  Q_OBJECT

 private slots:
  void externProgramEvaluatesAndLowers() {
    DocumentState state = gui::Evaluate(kVectorAdd, "add.py");
    QVERIFY2(state.errors.empty(),
             state.errors.empty() ? "" : state.errors.front().format().c_str());
    QVERIFY(state.schedule && state.bounds);
    QVERIFY(state.lowered.defined());
  }

  void stageDagShowsTheExtern() {
    DocumentState state = gui::Evaluate(kVectorAdd, "add.py");
    QVERIFY(state.schedule);
    GraphModel m = BuildStageDag(*state.schedule, state.bounds.get());
    QCOMPARE(m.node("stage:C")->kind, QString("extern"));
    QVERIFY2(m.node("stage:C")->label.contains("extern"), qPrintable(m.node("stage:C")->label));
    QVERIFY(HasEdge(m, "stage:A", "stage:C"));
    QVERIFY(HasEdge(m, "stage:B", "stage:C"));
    QVERIFY(HasEdge(m, "stage:C", "stage:D"));
    QVERIFY(LayoutGraph(m).ok());
  }

  void iterVarGraphOfAnOpWithoutAxes() {
    DocumentState state = gui::Evaluate(kVectorAdd, "add.py");
    QVERIFY(state.schedule && state.bounds);
    for (const char* name : {"C", "D"}) {
      auto stage = state.schedule->find(name);
      QVERIFY(stage);
      GraphModel m = BuildIterVarGraph(stage, state.bounds->find(name));
      QVERIFY2(LayoutGraph(m).ok(), name);
    }
  }
};

}  // namespace tst_extern_views

QTEST_MAIN(tst_extern_views::TestExternViews)
#include "tst_extern_views.moc"
