// A te.scan program (TVM's scan tutorial, cumsum) through the GUI's evaluation and its
// graph models, headless: the document evaluates, bounds and lowers it without errors;
// the stage DAG shows the scan with its init and update, the update's attach edge to
// the scan's time loop; the IterVar graphs of the scan and the update build and lay out.
#include <QtTest>

#include "Evaluation.h"
#include "views/IterVarGraphModel.h"
#include "views/StageDagModel.h"
#include "views/graph/GraphLayout.h"

namespace tst_scan_views {

using namespace tessera;
using namespace tessera::views;

namespace {

const char* kCumsum =
    "import tvm\nfrom tvm import te\n"
    "m = te.var(\"m\")\nn = te.var(\"n\")\n"
    "X = te.placeholder((m, n), name=\"X\")\n"
    "s_state = te.placeholder((m, n), name=\"s_state\")\n"
    "s_init = te.compute((1, n), lambda _, i: X[0, i], name=\"s_init\")\n"
    "s_update = te.compute((m, n), lambda t, i: s_state[t - 1, i] + X[t, i], name=\"s_update\")\n"
    "s_scan = tvm.te.scan(s_init, s_update, s_state, inputs=[X], name=\"s_scan\")\n"
    "s = te.create_schedule(s_scan.op)\n"
    "xo, xi = s[s_update].split(s_update.op.axis[1], factor=8)\n";

bool HasEdge(const GraphModel& m, const QString& from, const QString& to, const QString& kind) {
  for (const GraphEdge& e : m.edges())
    if (e.from == from && e.to == to && e.kind == kind) return true;
  return false;
}

}  // namespace

class TestScanViews : public QObject {
  Q_OBJECT

 private slots:
  void scanProgramEvaluatesAndLowers() {
    DocumentState state = gui::Evaluate(kCumsum, "cumsum.py");
    QVERIFY2(state.errors.empty(),
             state.errors.empty() ? "" : state.errors.front().format().c_str());
    QVERIFY(state.schedule);
    QVERIFY(state.bounds);
    QVERIFY(state.lowered.defined());
  }

  void stageDagShowsTheScan() {
    DocumentState state = gui::Evaluate(kCumsum, "cumsum.py");
    QVERIFY(state.schedule);
    GraphModel m = BuildStageDag(*state.schedule, state.bounds.get());
    QCOMPARE(m.node("stage:s_scan")->kind, QString("scan"));
    QVERIFY(m.node("stage:s_scan")->badges.contains("output"));
    QVERIFY(m.node("stage:s_update")->badges.contains("scan update"));
    QVERIFY(HasEdge(m, "stage:s_init", "stage:s_scan", "dataflow"));
    QVERIFY(HasEdge(m, "stage:s_update", "stage:s_scan", "dataflow"));
    QVERIFY(HasEdge(m, "stage:s_state", "stage:s_update", "dataflow"));
    QVERIFY(HasEdge(m, "stage:s_update", "stage:s_scan", "attach"));
    QVERIFY(LayoutGraph(m).ok());
  }

  void iterVarGraphsOfScanAndUpdate() {
    DocumentState state = gui::Evaluate(kCumsum, "cumsum.py");
    QVERIFY(state.schedule && state.bounds);
    for (const char* name : {"s_scan", "s_update", "s_init"}) {
      auto stage = state.schedule->find(name);
      QVERIFY(stage);
      GraphModel m = BuildIterVarGraph(stage, state.bounds->find(name));
      QVERIFY2(!m.nodes().empty(), name);
      QVERIFY2(LayoutGraph(m).ok(), name);
    }
  }
};

}  // namespace tst_scan_views

QTEST_MAIN(tst_scan_views::TestScanViews)
#include "tst_scan_views.moc"
