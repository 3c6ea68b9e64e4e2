// Strided loads that share their vectors (codegen/StridedSpans.h): the taps of a window
// read at a stride, unrolled into one run of stores, load their common span once and
// take each tap as a shuffle of two of its vectors. The span's vectors lie inside the
// elements the taps read (so inside the buffer); taps that leave a gap, loads under a
// guard and buffers the run writes are not shared; the results equal the reference's.
// On AVX2 the taps are computed in the lane order `vshufps` leaves them in and put back in
// element order once per store (codegen/DeinterleaveLaneOrder.h). With shifted taps
// (`pragma(x, "shifted_taps")`) a tap one stride below another is that tap moved up a lane
// and one element loaded alone, a padding's guarded tap too: fewer vector loads, no
// masked ones, the same results.
#include <QtTest>
#include <algorithm>
#include <map>

#include "ScriptKernelRun.h"
#include "codegen/LLVMBackend.h"
#include "codegen/StridedSpans.h"
#include "ir/ExprOp.h"
#include "ir/StructuralEqual.h"

namespace tst_llvm_strided_spans {

using namespace tessera;
using namespace tessera::ir;

namespace {

// B[x] = sum over r < taps of A[x * stride + r], x in tiles of `lanes` (vectorized), the
// taps unrolled; A holds exactly the elements read.
std::string WindowScript(int outputs, int stride, int taps, int lanes, bool shifted = false) {
  const std::string extent = std::to_string((outputs - 1) * stride + taps);
  return "import tvm\nfrom tvm import te\n"
         "A = te.placeholder((" +
         extent +
         ",), name=\"A\")\n"
         "r = te.reduce_axis((0, " +
         std::to_string(taps) +
         "), name=\"r\")\n"
         "B = te.compute((" +
         std::to_string(outputs) + ",), lambda x: te.sum(A[x * " + std::to_string(stride) +
         " + r], axis=r), name=\"B\")\n"
         "s = te.create_schedule(B.op)\n"
         "xo, xi = s[B].split(B.op.axis[0], factor=" +
         std::to_string(lanes) +
         ")\n"
         "s[B].reorder(xo, r, xi)\n"
         "s[B].unroll(r)\n"
         "s[B].vectorize(xi)\n" +
         std::string(shifted ? "s[B].pragma(xo, \"shifted_taps\")\n" : "");
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

Expr I32(int64_t v) { return make_const(DataType::Int(32), v); }

// The assembly of `script`'s schedule built for `cpu`.
std::string AssemblyFor(const std::string& script, const std::string& cpu) {
  auto program = script::EvaluateScript(script, "kernel.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  auto lowered =
      transform::LowerSchedule(*program->schedule, program->Arguments(), "llvm", "kernel");
  if (!lowered) qFatal("%s", lowered.error().message.c_str());
  codegen::LLVMOptions options;
  options.cpu = cpu;
  auto assembly = codegen::EmitAssembly(lowered->func, options);
  if (!assembly) qFatal("%s", assembly.error().message.c_str());
  return *assembly;
}

// A depthwise 3x3 convolution at stride 2 with its padding inlined (the border taps are
// masked loads with a lane set to zero), each product clamped (a lane-wise max) and a
// term that differs per column (a constant vector that is no splat), 8 columns a vector,
// the window unrolled.
constexpr const char* kPaddedStridedWindow = R"(import tvm
from tvm import te
data = te.placeholder((1, 4, 18, 18), name="data")
kernel = te.placeholder((4, 1, 3, 3), name="kernel")
pad = te.compute((1, 4, 20, 20), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < 19, w >= 1, w < 19), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, "float32")), name="pad")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
dw = te.compute((1, 4, 9, 9), lambda n, c, y, x: te.sum(te.max(pad[n, c, y * 2 + ry, x * 2 + rx] * kernel[c, 0, ry, rx], tvm.tir.const(-1.0, "float32")) + x.astype("float32") * 0.25, axis=[ry, rx]), name="dw")
s = te.create_schedule(dw.op)
s[pad].compute_inline()
x_0, x_1 = s[dw].split(dw.op.axis[3], factor=8)
ry_0, ry_1 = s[dw].split(ry, factor=3)
rx_0, rx_1 = s[dw].split(rx, factor=3)
s[dw].reorder(dw.op.axis[0], dw.op.axis[1], dw.op.axis[2], x_0, ry_0, rx_0, ry_1, rx_1, x_1)
s[dw].vectorize(x_1)
s[dw].unroll(ry_1)
s[dw].unroll(rx_1)
)";

// The padded window above with its taps shifted.
std::string ShiftedPaddedWindow() {
  return std::string(kPaddedStridedWindow) + "s[dw].pragma(dw.op.axis[1], \"shifted_taps\")\n";
}

Stmt StoreOfZero(const Buffer& B, const Expr& out, int lanes) {
  return MakeBufferStore(B, MakeBroadcast(FloatImm(DataType::Float(32), 0.0), lanes), {out});
}

// B[ramp(x * lanes, 1, lanes)] = sum of A[ramp(x * stride + offset, stride, lanes)] per
// offset, one store per offset (the unrolled taps' shape).
std::vector<Stmt> TapStores(const Buffer& A, const Buffer& B, const Var& x,
                            const std::vector<int64_t>& offsets, int64_t stride, int lanes) {
  const Expr out = MakeRamp(x * I32(lanes), I32(1), lanes);
  std::vector<Stmt> run = {StoreOfZero(B, out, lanes)};
  for (int64_t o : offsets) {
    Expr tap = MakeBufferLoad(A, {MakeRamp(x * I32(stride) + I32(o), I32(stride), lanes)});
    run.push_back(MakeBufferStore(B, MakeBufferLoad(B, {out}) + tap, {out}));
  }
  return run;
}

}  // namespace

class LlvmStridedSpans : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
  }

  // Three taps at stride 2 (a 3-wide window's): each alone would load two vectors; shared,
  // 14 lanes (a span of 29 elements) take two of 16, 16 lanes (33) four, 8 lanes (17)
  // four of 8. Built for the host and for AVX2, the results are the reference's.
  void tapsOfAStridedWindowShareTheirVectors_data() {
    QTest::addColumn<int>("stride");
    QTest::addColumn<int>("taps");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("width");  // of each vector loaded
    QTest::addColumn<int>("most");   // vector loads per tile of `lanes` outputs
    QTest::newRow("x2, 3 taps, 14 lanes") << 2 << 3 << 14 << 16 << 2;
    QTest::newRow("x2, 3 taps, 16 lanes") << 2 << 3 << 16 << 16 << 4;
    QTest::newRow("x2, 3 taps, 8 lanes") << 2 << 3 << 8 << 8 << 4;
    QTest::newRow("x3, 3 taps, 8 lanes") << 3 << 3 << 8 << 16 << 4;
    QTest::newRow("x2, 5 taps, 8 lanes") << 2 << 5 << 8 << 8 << 6;
  }
  void tapsOfAStridedWindowShareTheirVectors() {
    QFETCH(int, stride);
    QFETCH(int, taps);
    QFETCH(int, lanes);
    QFETCH(int, width);
    QFETCH(int, most);
    const std::string script = WindowScript(lanes * 4, stride, taps, lanes);
    for (const std::string& cpu : testing::CpusToBuildFor()) {
      codegen::LLVMOptions options;
      options.cpu = cpu;
      auto b = testing::BuildAndRunScript(script, options, /*seed=*/7);
      QVERIFY2(b.Matches(/*exact=*/false), (cpu + ": " + b.Report()).c_str());
      // The loop over the 4 tiles is kept: its body is one tile's run of stores, which
      // also reads B's vector once per tap (of the loads counted where lanes == width).
      const size_t loads = Count(b.ir, "load <" + std::to_string(width) + " x float>") -
                           (lanes == width ? static_cast<size_t>(taps) : 0);
      QVERIFY2(loads >= 1 && loads <= static_cast<size_t>(most),
               (cpu + ": " + std::to_string(loads) + " loads\n" + b.ir).c_str());
      QVERIFY2(b.ir.find("llvm.masked") == std::string::npos, b.ir.c_str());
    }
  }

  // AVX2 takes 8 lanes at stride 2 with a `vshufps` and a `vpermpd`. Computed in the
  // order `vshufps` leaves, each tap is the one `vshufps` and each store pays the one
  // `vpermpd` that restores the elements' order: here 3 taps a store. The results are
  // the reference's where the host runs AVX2.
  void avx2TapsShareTheOneShuffleBackPerStore_data() {
    QTest::addColumn<std::string>("script");
    QTest::newRow("x2, 3 taps, 8 lanes") << WindowScript(32, 2, 3, 8);
    QTest::newRow("padded 3x3 at x2, clamped, per column") << std::string(kPaddedStridedWindow);
  }
  void avx2TapsShareTheOneShuffleBackPerStore() {
    QFETCH(std::string, script);
    const std::string assembly = AssemblyFor(script, "haswell");
    const size_t picks = Count(assembly, "vshufps"), back = Count(assembly, "vpermpd");
    QVERIFY2(picks >= 3 && back * 3 <= picks,
             (std::to_string(picks) + " vshufps, " + std::to_string(back) + " vpermpd\n" + assembly)
                 .c_str());
    const std::vector<std::string> cpus = testing::CpusToBuildFor();
    if (std::find(cpus.begin(), cpus.end(), "haswell") == cpus.end())
      QSKIP("this host does not run AVX2 + FMA code");
    codegen::LLVMOptions options;
    options.cpu = "haswell";
    auto b = testing::BuildAndRunScript(script, options, /*seed=*/11);
    QVERIFY2(b.Matches(/*exact=*/false), b.Report().c_str());
  }

  // Shifted, taps 1 and 2 of a 3-wide window at stride 2 are loaded from two vectors at
  // tap 1's element and tap 0 is tap 2 moved up a lane, its lane 0 the element loaded
  // alone; of 5 taps, 3 and 4 are loaded, 2 and 1 moved one lane, 0 two. Built for the
  // host and for AVX2 the results are the reference's, with half the vector loads.
  void shiftedTapsAreMovedFromTheTapAStrideAbove() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {I32(256)});
    Buffer B = MakeBuffer("B", DataType::Float(32), {I32(64)});
    Var x("x");
    codegen::SharedSpans three =
        codegen::FindSharedSpans(TapStores(A, B, x, {0, 1, 2}, 2, 8), 4, /*shifted_taps=*/true);
    QCOMPARE(three.spans.size(), size_t{1});
    QCOMPARE(three.reads.size(), size_t{3});
    QCOMPARE(three.spans[0].chunk_starts, (std::vector<int64_t>{1, 9}));
    QCOMPARE(three.spans[0].elements, (std::vector<int64_t>{0}));
    std::map<int64_t, int> shifts;
    for (const auto& [load, read] : three.reads) shifts[read.offset] = read.shift;
    QCOMPARE(shifts, (std::map<int64_t, int>{{0, 1}, {1, 0}, {2, 0}}));

    codegen::SharedSpans five = codegen::FindSharedSpans(TapStores(A, B, x, {0, 1, 2, 3, 4}, 2, 8),
                                                         4, /*shifted_taps=*/true);
    QCOMPARE(five.spans.size(), size_t{1});
    QCOMPARE(five.spans[0].elements, (std::vector<int64_t>{0, 1, 2}));
    for (int64_t start : five.spans[0].chunk_starts) QVERIFY(start >= 3);
    shifts.clear();
    for (const auto& [load, read] : five.reads) shifts[read.offset] = read.shift;
    QCOMPARE(shifts, (std::map<int64_t, int>{{0, 2}, {1, 1}, {2, 1}, {3, 0}, {4, 0}}));

    for (const std::string& cpu : testing::CpusToBuildFor()) {
      codegen::LLVMOptions options;
      options.cpu = cpu;
      for (int taps : {3, 5}) {
        auto plain = testing::BuildAndRunScript(WindowScript(32, 2, taps, 8), options, 7);
        auto b = testing::BuildAndRunScript(WindowScript(32, 2, taps, 8, true), options, 7);
        QVERIFY2(b.Matches(/*exact=*/false), (cpu + ": " + b.Report()).c_str());
        // B's vector is read once per tap in both (see the test above).
        const size_t before = Count(plain.ir, "load <8 x float>") - static_cast<size_t>(taps);
        const size_t after = Count(b.ir, "load <8 x float>") - static_cast<size_t>(taps);
        QVERIFY2(after == 2 && before >= 4, (cpu + ": " + std::to_string(before) + " -> " +
                                             std::to_string(after) + " vector loads\n" + b.ir)
                                                .c_str());
      }
    }
  }

  // A padding's tap (an if_then_else's branch) one stride below a tap of a span is moved
  // from it, its lane 0 read only where the guard holds: without the pragma it is a masked
  // load (a branch at a tap's own offset is read from the span either way). Its results
  // are the reference's, on the host and as AVX2.
  void aGuardedTapIsMovedWithItsFirstLaneGuarded() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {I32(256)});
    Buffer B = MakeBuffer("B", DataType::Float(32), {I32(64)});
    Var x("x");
    const int lanes = 8;
    std::vector<Stmt> run = TapStores(A, B, x, {1, 2}, 2, lanes);
    const Expr out = MakeRamp(x * I32(lanes), I32(1), lanes);
    Expr tap = MakeBufferLoad(A, {MakeRamp(x * I32(2), I32(2), lanes)});
    Expr cond = MakeBinary(ExprKind::GT, MakeBroadcast(x, lanes), MakeBroadcast(I32(0), lanes));
    run.push_back(MakeBufferStore(
        B,
        MakeCall(DataType::Float(32, lanes), "if_then_else",
                 {cond, tap, MakeBroadcast(FloatImm(DataType::Float(32), 0.0), lanes)}),
        {out}));
    codegen::SharedSpans plain = codegen::FindSharedSpans(run, 4);
    QCOMPARE(plain.reads.size(), size_t{2});
    codegen::SharedSpans shifted = codegen::FindSharedSpans(run, 4, /*shifted_taps=*/true);
    QCOMPARE(shifted.reads.size(), size_t{3});
    QVERIFY(shifted.spans[0].elements.empty());  // the guarded lane is read in place
    int guarded = 0;
    for (const auto& [load, read] : shifted.reads)
      if (read.guarded) {
        ++guarded;
        QCOMPARE(read.offset, int64_t{-1});
        QCOMPARE(read.shift, 1);
      }
    QCOMPARE(guarded, 1);
    // A branch at a tap's own offset reads the tap's elements: from the span, unshifted.
    std::vector<Stmt> same = TapStores(A, B, x, {0, 1, 2}, 2, lanes);
    same.push_back(MakeBufferStore(
        B,
        MakeCall(DataType::Float(32, lanes), "if_then_else",
                 {cond, MakeBufferLoad(A, {MakeRamp(x * I32(2) + I32(1), I32(2), lanes)}),
                  MakeBroadcast(FloatImm(DataType::Float(32), 0.0), lanes)}),
        {out}));
    codegen::SharedSpans at_a_tap = codegen::FindSharedSpans(same, 4);
    QCOMPARE(at_a_tap.reads.size(), size_t{4});
    for (const auto& [load, read] : at_a_tap.reads) QVERIFY(read.shift == 0 && !read.guarded);

    for (const std::string& cpu : testing::CpusToBuildFor()) {
      codegen::LLVMOptions options;
      options.cpu = cpu;
      auto before = testing::BuildAndRunScript(kPaddedStridedWindow, options, 11);
      auto b = testing::BuildAndRunScript(ShiftedPaddedWindow(), options, 11);
      QVERIFY2(b.Matches(/*exact=*/false), (cpu + ": " + b.Report()).c_str());
      const size_t masked_before = Count(before.ir, "llvm.masked.load");
      const size_t masked_after = Count(b.ir, "llvm.masked.load");
      QVERIFY2(masked_after < masked_before,
               (cpu + ": " + std::to_string(masked_before) + " -> " + std::to_string(masked_after) +
                " masked loads\n" + b.ir)
                   .c_str());
    }
  }

  // The vectors of a span lie between its first element and its last, and every element
  // there is one some tap reads.
  void theVectorsLieInsideTheElementsRead() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {I32(256)});
    Buffer B = MakeBuffer("B", DataType::Float(32), {I32(64)});
    Var x("x");
    for (int lanes : {4, 8, 14, 16}) {
      codegen::SharedSpans s = codegen::FindSharedSpans(TapStores(A, B, x, {1, 2, 3}, 2, lanes), 4);
      QCOMPARE(s.spans.size(), size_t{1});
      QCOMPARE(s.reads.size(), size_t{3});
      const codegen::SharedSpan& span = s.spans[0];
      const int64_t length = 2 + 2 * (lanes - 1) + 1;
      for (int64_t start : span.chunk_starts) {
        QVERIFY(start >= 0);
        QVERIFY2(start + span.chunk_lanes <= length, qPrintable(QString("lanes %1").arg(lanes)));
      }
      // The span starts at the first tap's element: x * 2 + 1.
      QVERIFY(StructuralEqual(span.first, x * I32(2) + I32(1)));
    }
  }

  // A long row of taps (a 1-D window of 20) is shared in spans of at most 8 taps; every
  // tap reads from one.
  void aLongRowIsSharedInSpansOfAtMostEightTaps() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {I32(256)});
    Buffer B = MakeBuffer("B", DataType::Float(32), {I32(64)});
    Var x("x");
    std::vector<int64_t> offsets;
    for (int64_t o = 0; o < 20; ++o) offsets.push_back(o);
    codegen::SharedSpans s = codegen::FindSharedSpans(TapStores(A, B, x, offsets, 2, 8), 4);
    QCOMPARE(s.spans.size(), size_t{3});
    QCOMPARE(s.reads.size(), size_t{20});
    std::vector<size_t> taps(3, 0);
    for (const auto& [load, read] : s.reads) ++taps[read.span];
    QCOMPARE(taps, (std::vector<size_t>{8, 8, 4}));
  }

  // Taps 0 and 2 at stride 2 read only the even elements: the odd ones between are no
  // tap's, so loading them could read past the buffer. Nothing is shared.
  void tapsThatLeaveAGapAreNotShared() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {I32(256)});
    Buffer B = MakeBuffer("B", DataType::Float(32), {I32(64)});
    Var x("x");
    QVERIFY(codegen::FindSharedSpans(TapStores(A, B, x, {0, 2}, 2, 8), 4).spans.empty());
    // Taps too far apart (rows of a window, 100 elements apart) are spans of their own.
    QVERIFY(codegen::FindSharedSpans(TapStores(A, B, x, {0, 100}, 2, 8), 4).spans.empty());
  }

  // A load under an if_then_else's branch may be masked off (padding), a buffer the run
  // writes (or an impure call in it may write) may change between two taps, a stride past
  // the limit is a gather: none shared.
  void guardedWrittenOrWideStridedLoadsAreNotShared() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {I32(256)});
    Buffer B = MakeBuffer("B", DataType::Float(32), {I32(64)});
    Var x("x");
    const int lanes = 8;
    const Expr out = MakeRamp(x * I32(lanes), I32(1), lanes);
    std::vector<Stmt> guarded;
    for (int64_t o : {0, 1, 2}) {
      Expr tap = MakeBufferLoad(A, {MakeRamp(x * I32(2) + I32(o), I32(2), lanes)});
      Expr cond = MakeBinary(ExprKind::GT, MakeBroadcast(x, lanes), MakeBroadcast(I32(0), lanes));
      Expr value = MakeCall(DataType::Float(32, lanes), "if_then_else",
                            {cond, tap, MakeBroadcast(FloatImm(DataType::Float(32), 0.0), lanes)});
      guarded.push_back(MakeBufferStore(B, value, {out}));
    }
    QVERIFY(codegen::FindSharedSpans(guarded, 4).spans.empty());
    // Shifted taps too: every tap is guarded, none is a span's.
    QVERIFY(codegen::FindSharedSpans(guarded, 4, /*shifted_taps=*/true).spans.empty());

    std::vector<Stmt> writes_a = TapStores(A, B, x, {0, 1, 2}, 2, lanes);
    writes_a.push_back(MakeBufferStore(A, MakeBroadcast(FloatImm(DataType::Float(32), 1.0), lanes),
                                       {MakeRamp(x * I32(lanes), I32(1), lanes)}));
    QVERIFY(codegen::FindSharedSpans(writes_a, 4).spans.empty());

    // An impure call (an extern function) in the run may write A between two taps.
    std::vector<Stmt> calls = TapStores(A, B, x, {0, 1, 2}, 2, lanes);
    calls.push_back(MakeBufferStore(
        B, MakeBroadcast(MakeCall(DataType::Float(32), "opaque", {}, CallKind::Extern), lanes),
        {out}));
    QVERIFY(codegen::FindSharedSpans(calls, 4).spans.empty());

    QVERIFY(
        codegen::FindSharedSpans(TapStores(A, B, x, {0, 1, 2, 3, 4}, 5, lanes), 4).spans.empty());
    QCOMPARE(codegen::FindSharedSpans(TapStores(A, B, x, {0, 1, 2}, 2, lanes), 4).spans.size(),
             size_t{1});
  }
};

}  // namespace tst_llvm_strided_spans

QTEST_MAIN(tst_llvm_strided_spans::LlvmStridedSpans)
#include "tst_llvm_strided_spans.moc"
