// decompose_padding in the style of TVM's test_tir_schedule_decompose_padding.py: padding
// blocks before and after (the expected functions are what TVM 0.20 printed for the same
// te programs and schedules), each rule with TVM's error class, the function and the
// trace unchanged by a failure, the decomposed programs run against the te oracle, and
// the trace printed, replayed and read back from JSON.
#include <QtTest>

#include "TirLowerSupport.h"
#include "TirTestSupport.h"
#include "tir/TraceJson.h"

namespace tst_tir_decompose_padding {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

const DataType kF32 = DataType::Float(32);

// y[i] = x[i - 6] for 6 <= i < 134, else 0, over 140 elements.
PrimFunc Pad1D() {
  auto x = *te::placeholder({128}, kF32, "x");
  auto y = *te::compute(
      {140},
      [&](const std::vector<Var>& i) {
        return te::if_then_else(i[0] >= 6 && i[0] < 134, x(i[0] - 6), ir::make_const(kF32, 0.0));
      },
      "y");
  return *CreatePrimFunc({x, y});
}

// y[i, j] = cond(i, j) ? value(x, i, j) : pad(x, i, j) over 12 x 10.
using Index2 = std::function<Expr(const Var&, const Var&)>;
using Access2 = std::function<Expr(const te::Tensor&, const Var&, const Var&)>;
PrimFunc Padded2D(const Index2& cond, const Access2& value = nullptr,
                  const Access2& pad = nullptr) {
  auto x = *te::placeholder({12, 10}, kF32, "x");
  auto y = *te::compute(
      {12, 10},
      [&](const std::vector<Var>& i) {
        Expr in = value ? value(x, i[0], i[1]) : x(i[0], i[1]);
        Expr out = pad ? pad(x, i[0], i[1]) : ir::make_const(kF32, 0.0);
        return te::if_then_else(cond(i[0], i[1]), in, out);
      },
      "y");
  return *CreatePrimFunc({x, y});
}

std::vector<LoopRV> Loops(Schedule& sch, const std::string& block) {
  return *sch.GetLoops(*sch.GetBlock(block));
}

// PaddedConv's A_pad computed per output row y.
void ComputePadAtRow(Schedule& sch) {
  QVERIFY(sch.ComputeAt(*sch.GetBlock("A_pad"), Loops(sch, "Y")[2]).ok());
}

const char* kPad1DAfter = R"(# from tvm.script import tir as T

@T.prim_func
def main(x: T.Buffer((128,), "float32"), y: T.Buffer((140,), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i in range(140):
        with T.block("y_pad_const"):
            v_i = T.axis.spatial(140, i)
            T.reads()
            T.writes(y[v_i])
            y[v_i] = T.float32(0.0)
    for i in range(128):
        with T.block("y"):
            v_i = T.axis.spatial(128, i)
            T.reads(x[v_i])
            T.writes(y[v_i + 6])
            y[v_i + 6] = x[v_i])";

const char* kConvParams =
    R"(A: T.Buffer((1, 4, 14, 14), "float32"), W: T.Buffer((8, 4, 3, 3), "float32"), Y: T.Buffer((1, 8, 14, 14), "float32"))";

const char* kConvUnscheduledY = R"(
    for n, f, y, x, rc, ry, rx in T.grid(1, 8, 14, 14, 4, 3, 3):
        with T.block("Y"):
            v_n, v_f, v_y, v_x, v_rc, v_ry, v_rx = T.axis.remap("SSSSRRR", [n, f, y, x, rc, ry, rx])
            T.reads(A_pad[v_n, v_rc, v_y + v_ry, v_x + v_rx], W[v_f, v_rc, v_ry, v_rx])
            T.writes(Y[v_n, v_f, v_y, v_x])
            with T.init():
                Y[v_n, v_f, v_y, v_x] = T.float32(0.0)
            Y[v_n, v_f, v_y, v_x] = Y[v_n, v_f, v_y, v_x] + A_pad[v_n, v_rc, v_y + v_ry, v_x + v_rx] * W[v_f, v_rc, v_ry, v_rx])";

// Decomposed at its loop h: the loops above stay shared, h and w are copied for the
// fill and shrunk to the input's extent for the copy.
const char* kConvInnerAfter = R"(
    A_pad = T.alloc_buffer((1, 4, 16, 16))
    for n, c in T.grid(1, 4):
        for h, w in T.grid(16, 16):
            with T.block("A_pad_pad_const"):
                v_n = T.axis.spatial(1, 0)
                v_c, v_h, v_w = T.axis.remap("SSS", [c, h, w])
                T.reads()
                T.writes(A_pad[v_n, v_c, v_h, v_w])
                A_pad[v_n, v_c, v_h, v_w] = T.float32(0.0)
        for h, w in T.grid(14, 14):
            with T.block("A_pad"):
                v_n = T.axis.spatial(1, 0)
                v_c, v_h, v_w = T.axis.remap("SSS", [c, h, w])
                T.reads(A[v_n, v_c, v_h, v_w])
                T.writes(A_pad[v_n, v_c, v_h + 1, v_w + 1])
                A_pad[v_n, v_c, v_h + 1, v_w + 1] = A[v_n, v_c, v_h, v_w])";

// Computed per output row, then decomposed at the first loop compute_at made: the row
// binding y + ax1 keeps its loops and the condition stays as a T.where.
const char* kConvAtRowAfter = R"(
    A_pad = T.alloc_buffer((1, 4, 16, 16))
    for n, f, y in T.grid(1, 8, 14):
        for ax0, ax1, ax2 in T.grid(4, 3, 16):
            with T.block("A_pad_pad_const"):
                v_n = T.axis.spatial(1, 0)
                v_c = T.axis.spatial(4, ax0)
                v_h = T.axis.spatial(16, y + ax1)
                v_w = T.axis.spatial(16, ax2)
                T.reads()
                T.writes(A_pad[v_n, v_c, v_h, v_w])
                A_pad[v_n, v_c, v_h, v_w] = T.float32(0.0)
        for ax0, ax1, ax2 in T.grid(4, 3, 14):
            with T.block("A_pad"):
                v_n = T.axis.spatial(1, 0)
                v_c = T.axis.spatial(4, ax0)
                v_h = T.axis.spatial(14, y + ax1 - 1)
                v_w = T.axis.spatial(14, ax2)
                T.where(1 <= y + ax1 and y + ax1 < 15)
                T.reads(A[v_n, v_c, v_h, v_w])
                T.writes(A_pad[v_n, v_c, v_h + 1, v_w + 1])
                A_pad[v_n, v_c, v_h + 1, v_w + 1] = A[v_n, v_c, v_h, v_w]
        for x, rc, ry, rx in T.grid(14, 4, 3, 3):)";

// The same decomposed at the outermost loop: the fill is lifted out of the nest.
const char* kConvLiftedAfter = R"(
    A_pad = T.alloc_buffer((1, 4, 16, 16))
    for n, f, y, ax0, ax1, ax2 in T.grid(1, 8, 14, 4, 3, 16):
        with T.block("A_pad_pad_const"):
            v_n = T.axis.spatial(1, 0)
            v_c = T.axis.spatial(4, ax0)
            v_h = T.axis.spatial(16, y + ax1)
            v_w = T.axis.spatial(16, ax2)
            T.reads()
            T.writes(A_pad[v_n, v_c, v_h, v_w])
            A_pad[v_n, v_c, v_h, v_w] = T.float32(0.0)
    for n, f, y in T.grid(1, 8, 14):
        for ax0, ax1, ax2 in T.grid(4, 3, 14):
            with T.block("A_pad"):)";

// A split loop: the binding i_0 * 4 + i_1 is shifted, its loops kept.
const char* kSplitAfter = R"(
    for i_0, i_1, j in T.grid(3, 4, 10):
        with T.block("y_pad_const"):
            v_i = T.axis.spatial(12, i_0 * 4 + i_1)
            v_j = T.axis.spatial(10, j)
            T.reads()
            T.writes(y[v_i, v_j])
            y[v_i, v_j] = T.float32(0.0)
    for i_0, i_1, j in T.grid(3, 4, 9):
        with T.block("y"):
            v_i = T.axis.spatial(8, i_0 * 4 + i_1 - 2)
            v_j = T.axis.spatial(9, j)
            T.where(2 <= i_0 * 4 + i_1 and i_0 * 4 + i_1 < 10)
            T.reads(x[v_i + 2, v_j])
            T.writes(y[v_i + 2, v_j])
            y[v_i + 2, v_j] = x[v_i + 2, v_j])";

// 2 * i < 15 bounds i below 8; 3 <= j shifts j; decomposed at j, so i keeps its loop.
const char* kScaledAfter = R"(
    for i in range(12):
        for j in range(10):
            with T.block("y_pad_const"):
                v_i, v_j = T.axis.remap("SS", [i, j])
                T.reads()
                T.writes(y[v_i, v_j])
                y[v_i, v_j] = T.float32(0.0)
        for j in range(7):
            with T.block("y"):
                v_i = T.axis.spatial(8, i)
                v_j = T.axis.spatial(7, j)
                T.where(i < 8)
                T.reads(x[v_i, v_j + 3])
                T.writes(y[v_i, v_j + 3])
                y[v_i, v_j + 3] = x[v_i, v_j + 3])";

std::string Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos ? "" : "missing:\n" + part + "\n---- in:\n" + text;
}

// Empty when equal, else both texts from their first differing line.
std::string Differs(const std::string& got, const std::string& want) {
  size_t i = 0;
  while (i < got.size() && i < want.size() && got[i] == want[i]) ++i;
  if (i == got.size() && i == want.size()) return "";
  size_t line = got.rfind('\n', i == 0 ? 0 : i - 1);
  line = line == std::string::npos ? 0 : line + 1;
  return "got:\n" + got.substr(line) + "\n---- expected:\n" + want.substr(line);
}

#define VERIFY_TEXT(got, want)                \
  do {                                        \
    std::string why = Differs((got), (want)); \
    QVERIFY2(why.empty(), why.c_str());       \
  } while (false)

#define VERIFY_CONTAINS(text, part)             \
  do {                                          \
    std::string why = Contains((text), (part)); \
    QVERIFY2(why.empty(), why.c_str());         \
  } while (false)

}  // namespace

class TestTirDecomposePadding : public QObject {
  Q_OBJECT

 private slots:
  void decomposeOneDimensionalPadding() {
    Schedule sch(Pad1D());
    BlockRV y = *sch.GetBlock("y");
    auto fill = sch.DecomposePadding(y, Loops(sch, "y")[0]);
    QVERIFY2(fill.ok(), fill.ok() ? "" : fill.error().message.c_str());
    VERIFY_TEXT(AsTVMScript(sch.func()), kPad1DAfter);
    // The result names the fill block; the block's own variable the in-bound copy.
    QCOMPARE(Q((*sch.Get(*fill))->block->name), QString("y_pad_const"));
    QCOMPARE(Q((*sch.Get(y))->block->name), QString("y"));
    QCOMPARE(Q(TraceLines(sch.trace()).back()),
             QString("b3 = sch.decompose_padding(block=b0, loop=l2)"));
  }

  void decomposeAtAnInnerLoop() {
    Schedule sch(PaddedConv());
    QVERIFY(sch.DecomposePadding(*sch.GetBlock("A_pad"), Loops(sch, "A_pad")[2]).ok());
    VERIFY_TEXT(AsTVMScript(sch.func()),
                Header(kConvParams) + "    T.func_attr({\"tir.noalias\": T.bool(True)})\n" +
                    "    # with T.block(\"root\"):" + kConvInnerAfter + kConvUnscheduledY);
  }

  void decomposeAPaddingComputedPerRow() {
    Schedule sch(PaddedConv());
    ComputePadAtRow(sch);
    QVERIFY(sch.DecomposePadding(*sch.GetBlock("A_pad"), Loops(sch, "A_pad")[3]).ok());
    VERIFY_CONTAINS(AsTVMScript(sch.func()), kConvAtRowAfter);
  }

  void liftTheFillOutOfTheNest() {
    Schedule sch(PaddedConv());
    ComputePadAtRow(sch);
    QVERIFY(sch.DecomposePadding(*sch.GetBlock("A_pad"), Loops(sch, "A_pad")[0]).ok());
    VERIFY_CONTAINS(AsTVMScript(sch.func()), kConvLiftedAfter);
  }

  void decomposeASplitBinding() {
    Schedule sch(Padded2D([](const Var& i, const Var& j) { return i >= 2 && i < 10 && j < 9; }));
    QVERIFY(sch.Split(Loops(sch, "y")[0], {Expr(), Expr(4)}).ok());
    QVERIFY(sch.DecomposePadding(*sch.GetBlock("y"), Loops(sch, "y")[0]).ok());
    VERIFY_CONTAINS(AsTVMScript(sch.func()), kSplitAfter);
  }

  void scaledAndReversedConditions() {
    Schedule sch(Padded2D([](const Var& i, const Var& j) { return 2 * i < 15 && 3 <= j; }));
    QVERIFY(sch.DecomposePadding(*sch.GetBlock("y"), Loops(sch, "y")[1]).ok());
    VERIFY_CONTAINS(AsTVMScript(sch.func()), kScaledAfter);
  }

  // The decomposed programs compute what the te program does, on both backends.
  void decomposedProgramsMatchTheOracle() {
    TeProgram p = PaddedConvProgram();
    for (int at : {0, 2, 10, 13}) {  // 10 + i: loop i after compute_at
      Schedule sch(p.func());
      if (at >= 10) {
        QVERIFY(sch.ComputeAt(*sch.GetBlock("A_pad"), Loops(sch, "Y")[2]).ok());
      }
      QVERIFY(sch.DecomposePadding(*sch.GetBlock("A_pad"), Loops(sch, "A_pad")[at % 10]).ok());
      Status s = LowerRunAndCompare(p, sch.func());
      QVERIFY2(s.ok(), s.ok() ? "" : (std::to_string(at) + ": " + s.error().message).c_str());
    }
  }

  // ---- the rules, with TVM's error classes (messages checked against TVM 0.20) ----
  void refusals_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("detail");
    QTest::newRow("reduction block") << 0 << "IncompleteBlockError"
                                     << "violates condition #1";
    QTest::newRow("no if_then_else")
        << 1 << "PaddingPatternMatchError"
        << "Value of BufferStore expect to be constrained by a padding predicate";
    QTest::newRow("loop of another block") << 2 << "LoopPositionError"
                                           << "is required to be an ancestor of block A_pad";
    QTest::newRow("trivial condition") << 3 << "PaddingPatternMatchError"
                                       << "The in-bound predicate is trivial";
    QTest::newRow("pad value not constant") << 4 << "PaddingPatternMatchError"
                                            << "Pad value should be constant";
    QTest::newRow("condition over two iterators")
        << 5 << "PaddingPatternMatchError"
        << "Block iters are not independent wrt padding condition";
    QTest::newRow("side effect in bounds") << 6 << "PaddingPatternMatchError"
                                           << "Inbound computation should not have side-effect";
    QTest::newRow("equality condition") << 7 << "PaddingPatternMatchError"
                                        << "Block iters are not independent wrt padding condition";
    QTest::newRow("root block") << 8 << "RootBlockError"
                                << "does not operate on the root block";
  }
  void refusals() {
    QFETCH(int, which);
    QFETCH(QString, kind);
    QFETCH(QString, detail);
    auto inside = [](const Var& i, const Var&) { return i < 10; };
    PrimFunc f;
    std::string block = "y", loop_block = "y";
    switch (which) {
      case 0:
        f = Gemm(), block = loop_block = "C";
        break;
      case 1:
        f = ElementwiseChain(), block = loop_block = "B";
        break;
      case 2:
        f = PaddedConv(), block = "A_pad", loop_block = "Y";
        break;
      case 3:
        f = Padded2D([](const Var& i, const Var&) { return i >= 0 && i < 12; });
        break;
      case 4:
        f = Padded2D(inside, nullptr,
                     [](const te::Tensor& x, const Var&, const Var&) { return x(0, 0); });
        break;
      case 5:
        f = Padded2D([](const Var& i, const Var& j) { return i + j < 10; });
        break;
      case 6:
        f = Padded2D(inside, [](const te::Tensor& x, const Var& i, const Var& j) {
          return ir::MakeCall(kF32, "f", {x(i, j)}, ir::CallKind::Extern);
        });
        break;
      case 7:
        f = Padded2D([](const Var& i, const Var& j) {
          return ir::eq(i, ir::make_const(i.dtype(), int64_t{3})) && j < 8;
        });
        break;
      default:
        f = Padded2D(inside), block = "root";
        break;
    }
    Schedule sch(f);
    BlockRV b = *sch.GetBlock(block);
    LoopRV l = Loops(sch, loop_block)[0];
    std::string before = AsTVMScript(sch.func());
    size_t recorded = sch.trace().insts.size();
    auto r = sch.DecomposePadding(b, l);
    QVERIFY(!r.ok());
    QCOMPARE(Q(ErrorKind(r.error())), kind);
    QVERIFY2(Q(r.error().message).contains(detail), r.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
    QCOMPARE(sch.trace().insts.size(), recorded);
  }

  void aStaleLoopIsRefused() {
    Schedule sch(PaddedConv());
    LoopRV c = Loops(sch, "A_pad")[1];
    QVERIFY(sch.Split(c, {Expr(), Expr(2)}).ok());
    auto r = sch.DecomposePadding(*sch.GetBlock("A_pad"), c);
    QVERIFY(!r.ok());
    QCOMPARE(Q(ErrorKind(r.error())), QString("ValueError"));
  }

  // After a decomposition the fill also writes the buffer: the copy is no longer the only
  // writer (TVM's complete-block condition #2).
  void decomposeTwiceIsRefused() {
    Schedule sch(Pad1D());
    QVERIFY(sch.DecomposePadding(*sch.GetBlock("y"), Loops(sch, "y")[0]).ok());
    auto again = sch.DecomposePadding(*sch.GetBlock("y"), Loops(sch, "y")[0]);
    QCOMPARE(Q(ErrorKind(again.error())), QString("IncompleteBlockError"));
    QVERIFY(Q(again.error().message).contains("condition #2"));
  }

  // TVM 0.20 rebuilds a loop that also holds other blocks with the in-bound copy alone,
  // dropping them (here the convolution under the row loop); Tessera refuses.
  void aLoopHoldingOtherBlocksIsRefused() {
    Schedule sch(PaddedConv());
    ComputePadAtRow(sch);
    std::string before = AsTVMScript(sch.func());
    auto r = sch.DecomposePadding(*sch.GetBlock("A_pad"), Loops(sch, "A_pad")[2]);
    QVERIFY(!r.ok());
    QCOMPARE(Q(ErrorKind(r.error())), QString("NotImplementedError"));
    QVERIFY2(Q(r.error().message).contains("block Y"), r.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(before));
  }

  void traceReplaysAndRoundTripsThroughJson() {
    Schedule sch(PaddedConv());
    ComputePadAtRow(sch);
    BlockRV pad = *sch.GetBlock("A_pad");
    QVERIFY(sch.DecomposePadding(pad, Loops(sch, "A_pad")[3]).ok());
    std::string json = TraceToJson(sch.trace());
    QVERIFY2(json.find(R"(["DecomposePadding", ["b9", "l14"], [], ["b17"]])") != std::string::npos,
             json.c_str());
    auto trace = TraceFromJson(json);
    QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().message.c_str());
    QCOMPARE(Q(TraceAsPython(*trace)), Q(TraceAsPython(sch.trace())));
    Schedule replayed(PaddedConv());
    Status s = ApplyTrace(*trace, &replayed);
    QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }
};

}  // namespace tst_tir_decompose_padding

QTEST_APPLESS_MAIN(tst_tir_decompose_padding::TestTirDecomposePadding)
#include "tst_tir_decompose_padding.moc"
