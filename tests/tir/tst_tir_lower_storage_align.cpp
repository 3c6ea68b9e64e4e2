// LowerTensorIR honours storage_align: the block annotation "buffer_dim_align" pads the
// stride of the aligned dimension of the buffer the block allocates (TVM's rule: a
// stride s becomes s + (factor + offset - s % factor) % factor), the allocation spans
// the padded rows, and the flattened accesses use the padded stride.
#include <QtTest>

#include "TirTestSupport.h"
#include "transform/LowerTensorIR.h"

namespace tst_tir_lower_storage_align {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

class TestTirLowerStorageAlign : public QObject {
  Q_OBJECT

 private slots:
  void alignedIntermediateHasPaddedRows() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.StorageAlign(*sch.GetBlock("B"), 0, 0, 128, 1).ok());
    auto lowered = transform::LowerTensorIR(sch.func());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    // Rows of 128 floats start 129 apart: 128 rows span 16512 elements.
    QCOMPARE(Q(lowered->After("StorageFlatten")->ir),
             QString("allocate B[float32 * 16512]\n"
                     "for (i, 0, 128) {\n"
                     "  for (j, 0, 128) {\n"
                     "    B[((i*129) + j)] = (A[((i*128) + j)]*2f)\n"
                     "  }\n"
                     "}\n"
                     "for (i, 0, 128) {\n"
                     "  for (j, 0, 128) {\n"
                     "    C[((i*128) + j)] = (B[((i*129) + j)] + 1f)\n"
                     "  }\n"
                     "}\n"));
  }

  void unalignedIntermediateStaysCompact() {
    Schedule sch(ElementwiseChain());
    auto lowered = transform::LowerTensorIR(sch.func());
    QVERIFY(lowered.ok());
    std::string flat = lowered->After("StorageFlatten")->ir;
    QVERIFY2(flat.find("allocate B[float32 * 16384]") != std::string::npos, flat.c_str());
    QVERIFY2(flat.find("B[((i*128) + j)]") != std::string::npos, flat.c_str());
  }

  void malformedAnnotationIsAnError() {
    // An axis the written buffer does not have.
    ScheduleState state(ElementwiseChain());
    const BlockRealizeNode* b = state.FindBlocks("B")[0];
    auto block = std::make_shared<BlockNode>(*b->block);
    auto i32 = [](int64_t v) { return ir::make_const(DataType::Int(32), v); };
    block->annotations[kBufferDimAlign] =
        MakeAnnotationList({MakeAnnotationList({i32(0), i32(5), i32(128), i32(1)})});
    state.Replace(b, MakeBlockRealize(b->iter_values, b->predicate, block));
    auto lowered = transform::LowerTensorIR(state.func());
    QVERIFY(!lowered.ok());
    QVERIFY2(
        lowered.error().message.find("block B has a buffer_dim_align entry") != std::string::npos,
        lowered.error().message.c_str());
  }
};

}  // namespace tst_tir_lower_storage_align

QTEST_APPLESS_MAIN(tst_tir_lower_storage_align::TestTirLowerStorageAlign)
#include "tst_tir_lower_storage_align.moc"
