// The Stage DAG and IterVar hyper-graph models built from a real schedule (the
// InferBound document's Ex. 6), headless: nodes, edges, attach edges, badges, ranks.
#include <QtTest>

#include "Evaluation.h"
#include "views/IterVarGraphModel.h"
#include "views/StageDagModel.h"
#include "views/graph/GraphLayout.h"

namespace tst_graph_models {

using namespace tessera;
using namespace tessera::views;

namespace {

const char* kEx6 =
    "import tvm\nfrom tvm import te\n"
    "A = te.placeholder((4, 4), name=\"A\")\n"
    "B = te.compute((4, 4), lambda bi, bj: A[bi, bj] + 2, name=\"B\")\n"
    "C = te.compute((4, 4), lambda ci, cj: B[ci, cj] * 3, name=\"C\")\n"
    "s = te.create_schedule(C.op)\n"
    "fused = s[C].fuse(C.op.axis[0], C.op.axis[1])\n"
    "xo, xi = s[C].split(fused, 4)\n"
    "s[B].compute_at(s[C], xo)\n"
    "s[C].vectorize(xi)\n";

const GraphEdge* FindEdge(const GraphModel& m, const QString& from, const QString& to,
                          const QString& kind) {
  for (const GraphEdge& e : m.edges())
    if (e.from == from && e.to == to && e.kind == kind) return &e;
  return nullptr;
}

}  // namespace

class TestGraphModels : public QObject {
  Q_OBJECT

  DocumentState state;

 private slots:
  void initTestCase() {
    state = gui::Evaluate(kEx6, "ex6.py");
    QVERIFY2(state.schedule, state.errors.empty() ? "" : state.errors.front().format().c_str());
  }

  void stageDagHasStagesDataFlowAndTheAttachEdge() {
    GraphModel m = BuildStageDag(*state.schedule, state.bounds.get());
    QCOMPARE(int(m.nodes().size()), 3);
    QCOMPARE(m.node("stage:A")->kind, QString("placeholder"));
    QCOMPARE(m.node("stage:B")->kind, QString("compute"));
    QVERIFY(m.node("stage:C")->badges.contains("output"));
    QVERIFY(m.node("stage:B")->badges.contains("compute_at"));
    QVERIFY(FindEdge(m, "stage:A", "stage:B", "dataflow"));
    QVERIFY(FindEdge(m, "stage:B", "stage:C", "dataflow"));
    const GraphEdge* attach = FindEdge(m, "stage:B", "stage:C", "attach");
    QVERIFY(attach);
    QCOMPARE(attach->label, QString("@ci.cj.fused.outer"));
    QCOMPARE(attach->style, EdgeStyle::Dashed);
    QVERIFY(LayoutGraph(m).ok());
  }

  void inlinedStagesAreGreyed() {
    DocumentState inlined = gui::Evaluate(
        "import tvm\nfrom tvm import te\nA = te.placeholder((8,), name=\"A\")\n"
        "B = te.compute((8,), lambda i: A[i] + 1, name=\"B\")\n"
        "C = te.compute((8,), lambda i: B[i] * 2, name=\"C\")\n"
        "s = te.create_schedule(C.op)\ns[B].compute_inline()\n",
        "inline.py");
    GraphModel m = BuildStageDag(*inlined.schedule, inlined.bounds.get());
    QVERIFY(m.node("stage:B")->greyed);
    QVERIFY(m.node("stage:B")->badges.contains("inline"));
    QVERIFY(!m.node("stage:C")->greyed);
  }

  void iterVarGraphOfEx6() {
    auto c = state.schedule->find("C");
    GraphModel m = BuildIterVarGraph(c, state.bounds->find("C"));
    // ci, cj, ci.cj.fused, .outer, .inner + the fuse and split relations.
    QCOMPARE(int(m.nodes().size()), 7);
    QCOMPARE(m.node("iv:ci")->kind, QString("root"));
    QVERIFY(m.node("iv:ci.cj.fused.outer")->emphasized);
    QVERIFY(!m.node("iv:ci.cj.fused")->emphasized);
    QVERIFY(m.node("iv:ci.cj.fused.inner")->badges.contains("vectorized"));
    QCOMPARE(m.node("iv:ci.cj.fused")->label, QString("ci.cj.fused\n[0, 15]"));
    QCOMPARE(m.node("rel:0")->label, QString("fuse"));
    QCOMPARE(m.node("rel:1")->label, QString("split"));
    QVERIFY(FindEdge(m, "iv:ci", "rel:0", "relation"));
    QVERIFY(FindEdge(m, "rel:1", "iv:ci.cj.fused.inner", "relation"));
    QCOMPARE(m.rankGroups().size(), size_t(1));
    QCOMPARE(m.rankGroups()[0].ids, (QStringList{"iv:ci", "iv:cj"}));
    auto g = LayoutGraph(m);
    QVERIFY(g.ok());
    // Root vars above the fused var, which is above the split's children.
    QVERIFY(g->nodes[size_t(m.indexOf("iv:ci"))].center().y() <
            g->nodes[size_t(m.indexOf("iv:ci.cj.fused"))].center().y());
    QVERIFY(g->nodes[size_t(m.indexOf("iv:ci.cj.fused"))].center().y() <
            g->nodes[size_t(m.indexOf("iv:ci.cj.fused.outer"))].center().y());
  }

  void reductionVarsAreBadged() {
    DocumentState gemm = gui::Evaluate(
        "import tvm\nfrom tvm import te\nA = te.placeholder((8, 8), name=\"A\")\n"
        "k = te.reduce_axis((0, 8), name=\"k\")\n"
        "B = te.compute((8,), lambda i: te.sum(A[i, k], axis=k), name=\"B\")\n"
        "s = te.create_schedule(B.op)\n",
        "sum.py");
    GraphModel m = BuildIterVarGraph(gemm.schedule->find("B"), nullptr);
    QVERIFY(m.node("iv:k")->badges.contains("reduce"));
    QCOMPARE(m.node("iv:i")->label, QString("i"));  // no bounds given: no range
  }
};

}  // namespace tst_graph_models

QTEST_MAIN(tst_graph_models::TestGraphModels)
#include "tst_graph_models.moc"
