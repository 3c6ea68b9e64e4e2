// storage_align in the style of TVM's test_tir_schedule_storage_align.py: the block
// annotation "buffer_dim_align" as TVM records and prints it, updated per (buffer,
// axis), the errors by kind (the function and the trace unchanged), and the trace.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

class TestTirStorageAlign : public QObject {
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
};

QTEST_APPLESS_MAIN(TestTirStorageAlign)
#include "tst_tir_storage_align.moc"
