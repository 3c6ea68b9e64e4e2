// storage_align and reindex in the style of TVM's test_tir_schedule_storage_align.py and
// test_tir_schedule_reindex.py: the block annotation "buffer_dim_align" as TVM records
// and prints it, updated per (buffer, axis); the reindex copy blocks; the errors by
// kind (the function and the trace unchanged), and the traces.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_storage_align_reindex {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

class TestTirStorageAlignReindex : public QObject {
  Q_OBJECT

 private slots:
  void annotatesTheWritingBlock() {
    Schedule sch(ElementwiseChain());
    BlockRV b = *sch.GetBlock("B");
    QVERIFY(sch.StorageAlign(b, 0, 0, 128, 1).ok());
    QVERIFY(AsTVMScript(sch.func())
                .find("            T.writes(B[v_i, v_j])\n"
                      "            T.block_attr({\"buffer_dim_align\": [[0, 0, 128, 1]]})\n") !=
            std::string::npos);
    // A second axis is appended; the same axis again replaces its tuple; a negative
    // axis counts from the end (the trace records it as given, as TVM's does).
    QVERIFY(sch.StorageAlign(b, 0, 1, 32, 8).ok());
    QVERIFY(sch.StorageAlign(b, 0, -2, 64, 0).ok());
    QVERIFY(AsTVMScript(sch.func())
                .find("T.block_attr({\"buffer_dim_align\": [[0, 0, 64, 0], [0, 1, 32, 8]]})") !=
            std::string::npos);
    QCOMPARE(Q(TraceLines(sch.trace()).at(1)),
             QString("sch.storage_align(block=b0, buffer_index=0, axis=0, factor=128, offset=1)"));
    QCOMPARE(Q(TraceLines(sch.trace()).at(3)),
             QString("sch.storage_align(block=b0, buffer_index=0, axis=-2, factor=64, offset=0)"));
  }

  void errorsLeaveTheFunctionUnchanged() {
    Schedule sch(ElementwiseChain());
    BlockRV b = *sch.GetBlock("B");
    BlockRV c = *sch.GetBlock("C");
    std::string before = AsTVMScript(sch.func());
    Status s = sch.StorageAlign(b, 0, 2, 128, 1);
    QCOMPARE(Q(ErrorKind(s.error())), QString("StorageAlignAxisOutOfRangeError"));
    s = sch.StorageAlign(b, 0, -3, 128, 1);
    QCOMPARE(Q(ErrorKind(s.error())), QString("StorageAlignAxisOutOfRangeError"));
    s = sch.StorageAlign(b, 0, 0, 0, 1);
    QCOMPARE(Q(ErrorKind(s.error())), QString("StorageAlignInvalidFactorError"));
    s = sch.StorageAlign(b, 1, 0, 128, 1);
    QCOMPARE(Q(ErrorKind(s.error())), QString("BufferIndexOutOfRangeError"));
    s = sch.StorageAlign(c, 0, 0, 128, 1);  // C is a parameter
    QCOMPARE(Q(ErrorKind(s.error())), QString("NonAllocatedBufferError"));
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
    QCOMPARE(sch.trace().insts.size(), size_t(2));
  }

  void traceReplaysAndRoundTripsThroughJson() {
    Schedule sch(ElementwiseChain());
    QVERIFY(sch.StorageAlign(*sch.GetBlock("B"), 0, 0, 128, 1).ok());
    auto trace = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY(trace.ok());
    QCOMPARE(Q(TraceAsPython(*trace)), Q(TraceAsPython(sch.trace())));
    Schedule replayed(ElementwiseChain());
    QVERIFY(ApplyTrace(*trace, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }
  // ---- reindex ----
  void reindexTheOutputOfAGemm() {
    Schedule sch(Gemm());
    BlockRV c = *sch.GetBlock("C");
    auto stage = sch.ReIndex(c, 0, BufferIndexType::Write);
    QVERIFY(stage.ok());
    QCOMPARE(Q((*sch.Get(*stage))->block->name), QString("C_reindex"));
    QCOMPARE(Q(AsTVMScript(sch.func())),
             Q(Header(Buf("A", "(128, 128)") + ", " + Buf("B", "(128, 128)") + ", " +
                      Buf("C", "(128, 128)")) +
               "    T.func_attr({\"tir.noalias\": T.bool(True)})\n"
               "    # with T.block(\"root\"):\n"
               "    C_reindex = T.alloc_buffer((128, 128))\n"
               "    for i, j, k in T.grid(128, 128, 128):\n"
               "        with T.block(\"C\"):\n"
               "            v_i, v_j, v_k = T.axis.remap(\"SSR\", [i, j, k])\n"
               "            T.reads(A[v_i, v_k], B[v_k, v_j])\n"
               "            T.writes(C_reindex[v_i, v_j])\n"
               "            with T.init():\n"
               "                C_reindex[v_i, v_j] = T.float32(0.0)\n"
               "            C_reindex[v_i, v_j] = C_reindex[v_i, v_j] + A[v_i, v_k] * B[v_k, v_j]\n"
               "    for ax0, ax1 in T.grid(128, 128):\n"
               "        with T.block(\"C_reindex\"):\n"
               "            v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])\n"
               "            T.reads(C_reindex[v0, v1])\n"
               "            T.writes(C[v0, v1])\n"
               "            C[v0, v1] = C_reindex[v0, v1]"));
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("b1 = sch.reindex(block=b0, buffer=(\"write\", 0))"));
  }

  void reindexAReadInTheBlocksIteratorOrder() {
    // B is read as B[v_k, v_j]: the staged copy is indexed [v_j, v_k], in the block's
    // iterator order, and its block is named after the buffer it writes.
    Schedule sch(Gemm());
    BlockRV c = *sch.GetBlock("C");
    auto stage = sch.ReIndex(c, 1, BufferIndexType::Read);
    QVERIFY(stage.ok());
    std::string text = AsTVMScript(sch.func());
    QVERIFY(text.find("    B_reindex = T.alloc_buffer((128, 128))\n"
                      "    for ax0, ax1 in T.grid(128, 128):\n"
                      "        with T.block(\"B_reindex_reindex\"):\n"
                      "            v0, v1 = T.axis.remap(\"SS\", [ax0, ax1])\n"
                      "            T.reads(B[v1, v0])\n"
                      "            T.writes(B_reindex[v0, v1])\n"
                      "            B_reindex[v0, v1] = B[v1, v0]\n"
                      "    for i, j, k in T.grid(128, 128, 128):\n") != std::string::npos);
    QVERIFY(text.find("T.reads(A[v_i, v_k], B_reindex[v_j, v_k])") != std::string::npos);
    QVERIFY(text.find("+ A[v_i, v_k] * B_reindex[v_j, v_k]") != std::string::npos);
  }

  void reindexErrors() {
    auto A = *te::placeholder({16, 16}, DataType::Float(32), "A");
    auto T = *te::compute(
        {16, 16}, [&](const std::vector<Var>& i) { return A(i[0], i[1]) + A(i[1], i[0]); }, "T");
    Schedule sch(*CreatePrimFunc({A, T}));
    BlockRV t = *sch.GetBlock("T");
    std::string before = AsTVMScript(sch.func());
    auto twice = sch.ReIndex(t, 0, BufferIndexType::Read);
    QCOMPARE(Q(ErrorKind(twice.error())), QString("InvalidBufferAccessError"));
    QVERIFY(twice.error().message.find("non-unique") != std::string::npos);
    auto out_of_range = sch.ReIndex(t, 1, BufferIndexType::Write);
    QCOMPARE(Q(ErrorKind(out_of_range.error())), QString("BufferIndexOutOfRangeError"));
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
    QCOMPARE(sch.trace().insts.size(), size_t(1));
  }

  void reindexReplaysAndRoundTripsThroughJson() {
    Schedule sch(Gemm());
    QVERIFY(sch.ReIndex(*sch.GetBlock("C"), 0, BufferIndexType::Write).ok());
    auto trace = TraceFromJson(TraceToJson(sch.trace()));
    QVERIFY(trace.ok());
    QCOMPARE(Q(TraceAsPython(*trace)), Q(TraceAsPython(sch.trace())));
    Schedule replayed(Gemm());
    QVERIFY(ApplyTrace(*trace, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }
};

}  // namespace tst_tir_storage_align_reindex

QTEST_APPLESS_MAIN(tst_tir_storage_align_reindex::TestTirStorageAlignReindex)
#include "tst_tir_storage_align_reindex.moc"
