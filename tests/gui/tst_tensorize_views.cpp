// A tensorized program (a 4x4 multiply-accumulate intrinsic with a plain ir_builder body,
// declared in TVM's tensorize-tutorial idiom) through the GUI's evaluation, headless: it
// evaluates, bounds and lowers without errors; the IterVar graph badges the tensorized
// loop with its intrinsic; the Loop nest shows the region as the intrinsic (its loops
// replaced by the intrinsic's body).
#include <QtTest>

#include "Evaluation.h"
#include "views/IterVarGraphModel.h"
#include "views/LoopTree.h"
#include "views/graph/GraphLayout.h"

namespace tst_tensorize_views {

using namespace tessera;
using namespace tessera::views;

namespace {

const char* kMac =
    "import tvm\nfrom tvm import te\n"
    "A = te.placeholder((8, 16), name=\"A\")\n"
    "B = te.placeholder((8, 16), name=\"B\")\n"
    "k = te.reduce_axis((0, 16), name=\"k\")\n"
    "C = te.compute((8, 8), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name=\"C\")\n"
    "s = te.create_schedule(C.op)\n"
    "def intrin_mac(m, l):\n"
    "    a = te.placeholder((l,), name=\"a\")\n"
    "    b = te.placeholder((m, l), name=\"b\")\n"
    "    r = te.reduce_axis((0, l), name=\"r\")\n"
    "    c = te.compute((m,), lambda i: te.sum(a[r] * b[i, r], axis=r), name=\"c\")\n"
    "    Bb = tvm.tir.decl_buffer(b.shape, b.dtype, name=\"Bb\", offset_factor=1, "
    "strides=[te.var(\"sb\"), 1])\n"
    "    def intrin_func(ins, outs):\n"
    "        aa, bb = ins\n"
    "        ib = tvm.tir.ir_builder.create()\n"
    "        for i in range(m):\n"
    "            acc = 0.0\n"
    "            for t in range(l):\n"
    "                acc = acc + aa.vload([t]) * bb.vload([i, t])\n"
    "            ib.emit(outs[0].vstore([i], acc))\n"
    "        return ib.get()\n"
    "    return te.decl_tensor_intrin(c.op, intrin_func, binds={b: Bb}, name=\"mac\",\n"
    "                                 default_buffer_params={\"offset_factor\": 1})\n"
    "jo, ji = s[C].split(C.op.axis[1], factor=4)\n"
    "s[C].tensorize(ji, intrin_mac(4, 16))\n";

bool HasLabel(const LoopTreeNode& n, const std::string& label) {
  if (n.label == label) return true;
  for (const LoopTreeNode& c : n.children)
    if (HasLabel(c, label)) return true;
  return false;
}

}  // namespace

class TestTensorizeViews : public QObject {
  Q_OBJECT

 private slots:
  void tensorizedProgramEvaluatesAndLowers() {
    DocumentState state = gui::Evaluate(kMac, "mac.py");
    QVERIFY2(state.errors.empty(),
             state.errors.empty() ? "" : state.errors.front().format().c_str());
    QVERIFY(state.schedule);
    QVERIFY(state.bounds);
    QVERIFY(state.lowered.defined());
  }

  void iterVarGraphBadgesTheTensorizedLoop() {
    DocumentState state = gui::Evaluate(kMac, "mac.py");
    QVERIFY(state.schedule && state.bounds);
    auto stage = state.schedule->find("C");
    QVERIFY(stage);
    GraphModel m = BuildIterVarGraph(stage, state.bounds->find("C"));
    const GraphNode* ji = m.node(IterVarNodeId("j.inner"));
    QVERIFY(ji);
    QVERIFY2(ji->badges.contains("tensorized: mac"), qPrintable(ji->badges.join(", ")));
    QVERIFY(!m.node(IterVarNodeId("j.outer"))->badges.contains("tensorized: mac"));
    QVERIFY(LayoutGraph(m).ok());
  }

  void loopNestShowsTheIntrinsic() {
    DocumentState state = gui::Evaluate(kMac, "mac.py");
    QVERIFY(state.lowered.defined());
    LoopTreeNode tree = BuildLoopTree(state.lowered);
    QVERIFY(HasLabel(tree, "tensorized: intrinsic mac"));
    for (const LoopTreeNode* loop : Loops(tree))
      QVERIFY2(loop->var != "j.inner", loop->label.c_str());
  }
};

}  // namespace tst_tensorize_views

QTEST_MAIN(tst_tensorize_views::TestTensorizeViews)
#include "tst_tensorize_views.moc"
