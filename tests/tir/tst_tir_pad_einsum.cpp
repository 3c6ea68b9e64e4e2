// pad_einsum in the style of TVM's test_tir_schedule_pad_einsum.py: Einsum blocks before
// and after (the expected functions are what TVM 0.20 printed for the same te programs
// and schedules), the rules with TVM's error classes, the function and the trace
// unchanged by a failure, the padded programs run against the te oracle, and the trace
// printed, replayed and read back from JSON.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_pad_einsum {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

const char* kGemmHead = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((24, 17), "float32"), B: T.Buffer((17, 20), "float32"), C: T.Buffer((24, 20), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
)";

// A 24 x 20 x 17 GEMM padded to multiples of 8: both inputs copied with zeros beyond
// their extent, the product computed into C_pad, copied back.
const char* kGemmPadded = R"(    A_pad = T.alloc_buffer((24, 24))
    B_pad = T.alloc_buffer((24, 24))
    C_pad = T.alloc_buffer((24, 24))
    for i0, i1 in T.grid(24, 24):
        with T.block("A_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v0, v1])
            T.writes(A_pad[v0, v1])
            A_pad[v0, v1] = T.if_then_else(v1 < 17, A[v0, v1], T.float32(0.0))
    for i0, i1 in T.grid(24, 24):
        with T.block("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B[v0, v1])
            T.writes(B_pad[v0, v1])
            B_pad[v0, v1] = T.if_then_else(v0 < 17 and v1 < 20, B[v0, v1], T.float32(0.0))
    for i, j, k in T.grid(24, 24, 24):
        with T.block("C"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(A_pad[v_i, v_k], B_pad[v_k, v_j])
            T.writes(C_pad[v_i, v_j])
            with T.init():
                C_pad[v_i, v_j] = T.float32(0.0)
            C_pad[v_i, v_j] = C_pad[v_i, v_j] + A_pad[v_i, v_k] * B_pad[v_k, v_j]
    for i0, i1 in T.grid(24, 20):
        with T.block("C_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(C_pad[v0, v1])
            T.writes(C[v0, v1])
            C[v0, v1] = C_pad[v0, v1])";

// Only the reduction padded: C keeps its buffer, no copy-back.
const char* kGemmReductionPadded = R"(    A_pad = T.alloc_buffer((24, 32))
    B_pad = T.alloc_buffer((32, 20))
    for i0, i1 in T.grid(24, 32):
        with T.block("A_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v0, v1])
            T.writes(A_pad[v0, v1])
            A_pad[v0, v1] = T.if_then_else(v1 < 17, A[v0, v1], T.float32(0.0))
    for i0, i1 in T.grid(32, 20):
        with T.block("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B[v0, v1])
            T.writes(B_pad[v0, v1])
            B_pad[v0, v1] = T.if_then_else(v0 < 17, B[v0, v1], T.float32(0.0))
    for i, j, k in T.grid(24, 20, 32):
        with T.block("C"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(A_pad[v_i, v_k], B_pad[v_k, v_j])
            T.writes(C[v_i, v_j])
            with T.init():
                C[v_i, v_j] = T.float32(0.0)
            C[v_i, v_j] = C[v_i, v_j] + A_pad[v_i, v_k] * B_pad[v_k, v_j])";

// A split loop's binding is not a loop variable: the iterator's domain grows, its loops
// do not (TVM pads only the loops bound directly).
const char* kGemmSplitPadded = R"(    A_pad = T.alloc_buffer((32, 17))
    B_pad = T.alloc_buffer((17, 24))
    C_pad = T.alloc_buffer((32, 24))
    for i0, i1 in T.grid(32, 17):
        with T.block("A_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v0, v1])
            T.writes(A_pad[v0, v1])
            A_pad[v0, v1] = T.if_then_else(v0 < 24, A[v0, v1], T.float32(0.0))
    for i0, i1 in T.grid(17, 24):
        with T.block("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B[v0, v1])
            T.writes(B_pad[v0, v1])
            B_pad[v0, v1] = T.if_then_else(v1 < 20, B[v0, v1], T.float32(0.0))
    for i_0, i_1, j, k in T.grid(3, 8, 24, 17):
        with T.block("C"):
            v_i = T.axis.spatial(32, i_0 * 8 + i_1)
            v_j, v_k = T.axis.remap("SR", [j, k])
            T.reads(A_pad[v_i, v_k], B_pad[v_k, v_j])
            T.writes(C_pad[v_i, v_j])
            with T.init():
                C_pad[v_i, v_j] = T.float32(0.0)
            C_pad[v_i, v_j] = C_pad[v_i, v_j] + A_pad[v_i, v_k] * B_pad[v_k, v_j]
    for i0, i1 in T.grid(24, 20):
        with T.block("C_pad"):)";

// An intermediate stage padded: its consumer keeps reading the unpadded buffer the
// copy-back writes.
const char* kChainPadded = R"(    B = T.alloc_buffer((30, 20))
    A_pad = T.alloc_buffer((32, 24))
    B_pad = T.alloc_buffer((32, 24))
    for i0, i1 in T.grid(32, 24):
        with T.block("A_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(A[v0, v1])
            T.writes(A_pad[v0, v1])
            A_pad[v0, v1] = T.if_then_else(v0 < 30 and v1 < 20, A[v0, v1], T.float32(0.0))
    for i, j in T.grid(32, 24):
        with T.block("B"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(A_pad[v_i, v_j])
            T.writes(B_pad[v_i, v_j])
            B_pad[v_i, v_j] = A_pad[v_i, v_j] * T.float32(2.0)
    for i0, i1 in T.grid(30, 20):
        with T.block("B_pad"):
            v0, v1 = T.axis.remap("SS", [i0, i1])
            T.reads(B_pad[v0, v1])
            T.writes(B[v0, v1])
            B[v0, v1] = B_pad[v0, v1]
    for i, j in T.grid(30, 20):
        with T.block("C"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(B[v_i, v_j])
            T.writes(C[v_i, v_j])
            C[v_i, v_j] = B[v_i, v_j] + T.float32(1.0))";

std::string Printed(const Schedule& sch) { return AsTVMScript(sch.func()); }

}  // namespace

class TestTirPadEinsum : public QObject {
  Q_OBJECT

 private slots:
  void padAGemm() {
    Schedule sch(GemmProgram().func());
    BlockRV c = *sch.GetBlock("C");
    Status s = sch.PadEinsum(c, {8, 8, 8});
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(Printed(sch)), Q(std::string(kGemmHead) + kGemmPadded));
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("sch.pad_einsum(block=b0, padding=[8, 8, 8])"));
  }

  void padOnlyTheReduction() {
    Schedule sch(GemmProgram().func());
    QVERIFY(sch.PadEinsum(*sch.GetBlock("C"), {1, 1, 16}).ok());
    QCOMPARE(Q(Printed(sch)), Q(std::string(kGemmHead) + kGemmReductionPadded));
  }

  void padASplitGemm() {
    Schedule sch(GemmProgram().func());
    QVERIFY(sch.Split((*sch.GetLoops(*sch.GetBlock("C")))[0], {Expr(), Expr(8)}).ok());
    QVERIFY(sch.PadEinsum(*sch.GetBlock("C"), {16, 8, 1}).ok());
    QVERIFY(Printed(sch).find(kGemmSplitPadded) != std::string::npos);
  }

  void padAnIntermediateStage() {
    Schedule sch(ChainProgram().func());
    QVERIFY(sch.PadEinsum(*sch.GetBlock("B"), {8, 8}).ok());
    QVERIFY2(Printed(sch).find(kChainPadded) != std::string::npos, Printed(sch).c_str());
  }

  // Extents that are multiples already: nothing changes, the instruction is recorded.
  void nothingToPad() {
    Schedule sch(ChainProgram(32, 16).func());
    std::string before = Printed(sch);
    QVERIFY(sch.PadEinsum(*sch.GetBlock("B"), {8, 8}).ok());
    QCOMPARE(Q(Printed(sch)), Q(before));
    QCOMPARE(sch.trace().insts.size(), size_t(2));
  }

  // The padded programs compute what the te programs do, on both backends.
  void paddedProgramsMatchTheOracle() {
    struct Case {
      TeProgram program;
      std::string block;
      std::vector<int64_t> padding;
    };
    for (const Case& c : {Case{GemmProgram(), "C", {8, 8, 8}}, Case{GemmProgram(), "C", {1, 1, 16}},
                          Case{GemmReluProgram(), "C", {16, 16, 4}},
                          Case{ChainProgram(), "B", {8, 8}}, Case{ChainProgram(), "C", {7, 3}}}) {
      Schedule sch(c.program.func());
      QVERIFY(sch.PadEinsum(*sch.GetBlock(c.block), c.padding).ok());
      Status s = LowerRunAndCompare(c.program, sch.func());
      QVERIFY2(s.ok(), s.ok() ? "" : (c.block + ": " + s.error().message).c_str());
    }
  }

  // ---- the rules, with TVM's error classes (messages checked against TVM 0.20) ----
  void refusals_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("detail");
    QTest::newRow("too few") << 0 << "InvalidPaddingError"
                             << "It should be a list of 3 positive integers. Got [8, 8]";
    QTest::newRow("zero") << 1 << "InvalidPaddingError"
                          << "It should be a list of 3 positive integers. Got [8, 0, 8]";
    QTest::newRow("negative") << 2 << "InvalidPaddingError"
                              << "Got [8, -8, 8]";
    QTest::newRow("shifted access") << 3 << "NonEinsumError"
                                    << "not a computation of Einsum";
    QTest::newRow("padding block") << 4 << "NonEinsumError"
                                   << "not a computation of Einsum";
    QTest::newRow("root block") << 5 << "RootBlockError"
                                << "does not operate on the root block";
  }
  void refusals() {
    QFETCH(int, which);
    QFETCH(QString, kind);
    QFETCH(QString, detail);
    std::vector<std::vector<int64_t>> paddings = {
        {8, 8}, {8, 0, 8}, {8, -8, 8}, {1, 1, 1, 1, 1, 1, 1}, {1, 1, 8, 8}, {}};
    PrimFunc f = which < 3 ? GemmProgram().func() : PaddedConv();
    std::string block = which < 3 ? "C" : which == 3 ? "Y" : which == 4 ? "A_pad" : "root";
    Schedule sch(f);
    BlockRV b = *sch.GetBlock(block);
    std::string before = Printed(sch);
    Status s = sch.PadEinsum(b, paddings[which]);
    QVERIFY(!s.ok());
    QCOMPARE(Q(ErrorKind(s.error())), kind);
    QVERIFY2(Q(s.error().message).contains(detail), s.error().message.c_str());
    QCOMPARE(Q(Printed(sch)), Q(before));
    QCOMPARE(sch.trace().insts.size(), size_t(1));
  }

  // Padding B after C would name B's copy-back block as C's padded read of B ("B_pad");
  // Tessera keeps block names unique (TVM would make two blocks of that name).
  void aCopyBlockNameInUseIsRefused() {
    Schedule sch(ChainProgram().func());
    QVERIFY(sch.PadEinsum(*sch.GetBlock("C"), {8, 8}).ok());
    std::string before = Printed(sch);
    Status s = sch.PadEinsum(*sch.GetBlock("B"), {8, 8});
    QVERIFY(!s.ok());
    QCOMPARE(Q(ErrorKind(s.error())), QString("ValueError"));
    QVERIFY2(Q(s.error().message).contains("B_pad"), s.error().message.c_str());
    QCOMPARE(Q(Printed(sch)), Q(before));
  }

  void traceReplaysAndRoundTripsThroughJson() {
    Schedule sch(GemmProgram().func());
    QVERIFY(sch.PadEinsum(*sch.GetBlock("C"), {8, 8, 8}).ok());
    QVERIFY(sch.Split((*sch.GetLoops(*sch.GetBlock("C")))[0], {Expr(), Expr(8)}).ok());
    std::string json = TraceToJson(sch.trace());
    QVERIFY2(json.find(R"(["PadEinsum", ["b0"], [[8, 8, 8]], []])") != std::string::npos,
             json.c_str());
    auto trace = TraceFromJson(json);
    QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().message.c_str());
    QCOMPARE(Q(TraceAsPython(*trace)), Q(TraceAsPython(sch.trace())));
    Schedule replayed(GemmProgram().func());
    Status s = ApplyTrace(*trace, &replayed);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(Printed(replayed)), Q(Printed(sch)));
  }
};

}  // namespace tst_tir_pad_einsum

QTEST_APPLESS_MAIN(tst_tir_pad_einsum::TestTirPadEinsum)
#include "tst_tir_pad_einsum.moc"
