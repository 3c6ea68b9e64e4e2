// Region analysis: what the blocks under a loop read of a buffer per iteration of the
// loop, per reader and united, with the loops below relaxed (the TensorIR counterpart of
// the InferBound document's required regions).
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/RegionAnalysis.h"

namespace tst_tir_region_analysis {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

// "[min, extent]" per dimension, in TVMScript syntax.
std::string Describe(const Region& region) {
  std::string s;
  for (const Range& r : region) {
    s += "[" + ExprToTVMScript(r.min) + ", " + ExprToTVMScript(r.extent) + "]";
  }
  return s;
}

const ForNode* LoopNamed(const Schedule& sch, const std::string& block, size_t index) {
  const BlockRealizeNode* realize = sch.state().FindBlocks(block).at(0);
  return sch.state().LoopsAbove(realize).at(index);
}

Buffer BufferNamed(const PrimFunc& f, const std::string& name) {
  for (const Buffer& b : RootRealize(f)->block->alloc_buffers) {
    if (b->name == name) return b;
  }
  return nullptr;
}

}  // namespace

class TestTirRegionAnalysis : public QObject {
  Q_OBJECT

 private slots:
  void convWindowUnderTheInnermostSpatialLoop() {
    Schedule sch(PaddedConv());
    const ForNode* x = LoopNamed(sch, "Y", 3);
    QCOMPARE(Q(x->loop_var.name()), QString("x"));
    RequiredRegion r = AnalyzeRequiredRegion(sch.state(), x, BufferNamed(sch.func(), "A_pad"));
    QCOMPARE(r.consumers.size(), size_t(1));
    QCOMPARE(Q(r.consumers[0].block), QString("Y"));
    QCOMPARE(r.consumers[0].relaxed_loops.size(), size_t(3));  // rc, ry, rx
    QCOMPARE(Q(Describe(r.AsRegion())), QString("[n, 1][0, 4][y, 3][x, 3]"));
  }

  void convRowsUnderTheRowLoop() {
    Schedule sch(PaddedConv());
    const ForNode* y = LoopNamed(sch, "Y", 2);
    RequiredRegion r = AnalyzeRequiredRegion(sch.state(), y, BufferNamed(sch.func(), "A_pad"));
    QCOMPARE(Q(Describe(r.AsRegion())), QString("[n, 1][0, 4][y, 3][0, 16]"));
  }

  void nonDivisibleSplitReachesPastTheBuffer() {
    Schedule sch(ElementwiseChain());
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    auto io = *sch.Split(loops[0], {Expr(), Expr(48)});
    const ForNode* outer = *sch.Get(io[0]);
    RequiredRegion r = AnalyzeRequiredRegion(sch.state(), outer, BufferNamed(sch.func(), "B"));
    // 48 rows per iteration: the last iteration's rows 128..143 are outside B, which is why
    // compute_at adds a T.where to the producer.
    QCOMPARE(Q(Describe(r.AsRegion())), QString("[i_0 * 48, 48][0, 128]"));
  }

  void noReaderUnderTheLoopIsEmpty() {
    Schedule sch(ElementwiseChain());
    const ForNode* b_loop = LoopNamed(sch, "B", 0);
    RequiredRegion r = AnalyzeRequiredRegion(sch.state(), b_loop, BufferNamed(sch.func(), "B"));
    QVERIFY(r.consumers.empty());
    QVERIFY(r.required.empty());
  }
};

}  // namespace tst_tir_region_analysis

QTEST_APPLESS_MAIN(tst_tir_region_analysis::TestTirRegionAnalysis)
#include "tst_tir_region_analysis.moc"
