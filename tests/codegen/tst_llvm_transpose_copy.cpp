// A transposing copy (CodeGenLLVMTranspose.cpp): `for v: dst[ramp(.., 1, L)] =
// src[ramp(c + v, F, L)]` — a row-major L x F tile written out column by column, as
// ChannelTile's accumulator is copied to an NCHW output — is emitted as L row loads and
// a shuffle transpose instead of F gathers, and gives the same results (a copy: bit for
// bit). L need not be a power of two (transposed as the next power of two, P); tiles the
// transpose does not cover (P not dividing F) stay gathers and are still right. A tile
// whose rows would fill more than half the target's vector registers (8 x 32 with AVX2)
// is transposed in square blocks.
#include <QtTest>

#include "ScriptKernelRun.h"
#include "ir/ExprOp.h"

namespace tst_llvm_transpose_copy {

using namespace tessera;

namespace {

// B[i, j] = A[j, i] for A of rows x width: B's rows vectorized by `rows` lanes; with
// `columns`, B's rows also in blocks of that many (each tile a block of A: its rows
// `width` apart, not `columns`).
std::string TransposeScript(int rows, int width, int lanes, int columns = 0) {
  const std::string r = std::to_string(rows), w = std::to_string(width), l = std::to_string(lanes);
  return "import tvm\nfrom tvm import te\n"
         "A = te.placeholder((" +
         r + ", " + w +
         "), name=\"A\")\n"
         "B = te.compute((" +
         w + ", " + r +
         "), lambda i, j: A[j, i], name=\"B\")\n"
         "s = te.create_schedule(B.op)\n"
         "i, j = s[B].op.axis\n"
         "jo, ji = s[B].split(j, factor=" +
         l +
         ")\n"
         "s[B].reorder(jo, i, ji)\n"
         "s[B].vectorize(ji)\n" +
         (columns > 0 ? "io, ii = s[B].split(i, factor=" + std::to_string(columns) +
                            ")\n"
                            "s[B].reorder(jo, io, ii, ji)\n"
                      : std::string());
}

// The packings TVM's x86 conv2d schedules do before the kernel: NCHW data into NCHWc
// blocks (`data`: channels `block` at a time innermost; a vector of them reads one element
// of each channel's image, H * W apart; the image's rows fused: 64 columns per tile) and
// OIHW weights into [O / block, I, H, W,
// block] (the output channels innermost, I * H * W apart).
std::string PackingScript(bool weights, int block) {
  const std::string b = std::to_string(block);
  std::string s = "import tvm\nfrom tvm import te\n";
  if (weights)
    s += "W = te.placeholder((64, 16, 3, 3), name=\"W\")\n"
         "P = te.compute((64 // " +
         b + ", 16, 3, 3, " + b + "), lambda o, i, h, w, c: W[o * " + b +
         " + c, i, h, w], name=\"P\")\n"
         "s = te.create_schedule(P.op)\n"
         "o, i, h, w, c = s[P].op.axis\n"
         "ihw = s[P].fuse(i, h, w)\n"
         "outer, inner = s[P].split(ihw, factor=" +
         b +
         ")\n"
         "s[P].reorder(o, outer, inner, c)\n";
  else
    s += "D = te.placeholder((1, 32, 8, 8), name=\"D\")\n"
         "P = te.compute((1, 32 // " +
         b + ", 8, 8, " + b + "), lambda n, cb, h, w, c: D[n, cb * " + b +
         " + c, h, w], name=\"P\")\n"
         "s = te.create_schedule(P.op)\n"
         "n, cb, h, w, c = s[P].op.axis\n"
         "s[P].fuse(h, w)\n";
  return s + "s[P].vectorize(c)\n";
}

// A copy: bit for bit, so every check is exact.
testing::ScriptKernelRun Build(const std::string& source,
                               const codegen::LLVMOptions& options = {}) {
  return testing::BuildAndRunScript(source, options, /*seed=*/3);
}

bool HasGather(const std::string& ir) { return ir.find("masked.gather") != std::string::npos; }

// Builds `script` for the host's registers and for AVX2's (square blocks where AVX-512
// takes whole tiles) where the host can run AVX2 code: each a shuffle transpose, no
// gather, bit for bit the copy.
void ExpectShuffleTransposeOnEachCpu(const std::string& script) {
  for (const std::string& cpu : testing::CpusToBuildFor()) {
    codegen::LLVMOptions options;
    options.cpu = cpu;
    auto b = Build(script, options);
    QVERIFY2(b.Matches(/*exact=*/true), (cpu + ": " + b.Report()).c_str());
    QVERIFY2(!HasGather(b.ir), (cpu + ": " + b.ir).c_str());
    QVERIFY2(b.ir.find("shufflevector") != std::string::npos, (cpu + ": " + b.ir).c_str());
  }
}

}  // namespace

class LlvmTransposeCopy : public QObject {
  Q_OBJECT
 private slots:
  void init() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
  }

  void tileIsTransposedWithShufflesNotGathers_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("width");
    QTest::newRow("8 x 32 (ChannelTile's AVX-512 tile)") << 8 << 32;
    QTest::newRow("4 x 16 (AVX2)") << 4 << 16;
    QTest::newRow("16 x 16") << 16 << 16;
    QTest::newRow("2 x 8") << 2 << 8;
    // Not powers of two: 14 x 32 is a 56-column conv2d row copied 14 columns at a time.
    QTest::newRow("14 x 32") << 14 << 32;
    QTest::newRow("7 x 8") << 7 << 8;
    QTest::newRow("3 x 4") << 3 << 4;
  }
  void tileIsTransposedWithShufflesNotGathers() {
    QFETCH(int, rows);
    QFETCH(int, width);
    ExpectShuffleTransposeOnEachCpu(TransposeScript(rows, width, rows));
  }

  // With AVX2's 16 ymm the 8 x 32 tile (32 registers of rows) goes in four 8 x 8 blocks:
  // rows of 8 elements loaded, none of 32; with AVX-512's 32 zmm it is one tile (rows of
  // 32). The IR of both targets is checked on any host; the host's own build runs.
  void tileTooLargeForTheRegistersGoesInBlocks_data() {
    QTest::addColumn<QString>("cpu");
    QTest::addColumn<QString>("row_load");
    QTest::addColumn<QString>("never");
    QTest::addColumn<bool>("in_lanes");  // an 8 x 8 block: the AVX steps (unpcklps first)
    QTest::newRow("haswell (AVX2)") << "haswell"
                                    << "load <8 x float>"
                                    << "load <32 x float>" << true;
    QTest::newRow("skylake-avx512") << "skylake-avx512"
                                    << "load <32 x float>"
                                    << "load <8 x float>" << false;
  }
  void tileTooLargeForTheRegistersGoesInBlocks() {
    QFETCH(QString, cpu);
    QFETCH(QString, row_load);
    QFETCH(QString, never);
    auto program = script::EvaluateScript(TransposeScript(8, 32, 8), "transpose.py");
    QVERIFY(program.ok());
    auto lowered =
        transform::LowerSchedule(*program->schedule, program->Arguments(), "llvm", "transpose");
    QVERIFY(lowered.ok());
    codegen::LLVMOptions options;
    options.cpu = cpu.toStdString();
    auto ir = codegen::EmitLLVMIR(lowered->func, options, /*optimized=*/false);
    QVERIFY2(ir.ok(), ir.ok() ? "" : ir.error().message.c_str());
    QVERIFY2(ir->find(row_load.toStdString()) != std::string::npos, ir->c_str());
    QVERIFY2(ir->find(never.toStdString()) == std::string::npos, ir->c_str());
    QVERIFY(!HasGather(*ir));
    QFETCH(bool, in_lanes);
    const std::string unpcklps =
        "<8 x i32> <i32 0, i32 8, i32 1, i32 9, i32 4, i32 12, i32 5, i32 13>";
    QCOMPARE(ir->find(unpcklps) != std::string::npos, in_lanes);
    auto b = Build(TransposeScript(8, 32, 8));  // the host's registers
    QVERIFY2(b.Matches(/*exact=*/true), b.Report().c_str());
  }

  // Several tiles along both axes: the copy's bases move with the outer loops.
  void tilesOfALargerMatrix() {
    auto b = Build(TransposeScript(24, 32, 8));
    QVERIFY2(b.Matches(/*exact=*/true), b.Report().c_str());
    QVERIFY(!HasGather(b.ir));
  }

  // A tile that is a block of a larger matrix (its rows `width` apart, `columns` of each
  // copied): the same row loads and shuffles, each row from its own place (failed before:
  // one gather per column when the rows were not `columns` apart).
  void blocksOfAMatrixAreTransposedToo_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("columns");
    QTest::newRow("32 x 64 in 8 x 8 tiles") << 32 << 64 << 8 << 8;
    QTest::newRow("16 x 48 in 16 x 16 tiles") << 16 << 48 << 16 << 16;
    QTest::newRow("28 x 48 in 14 x 16 tiles (P = 16 rows)") << 28 << 48 << 14 << 16;
    QTest::newRow("8 x 96 in 8 x 32 tiles") << 8 << 96 << 8 << 32;
  }
  void blocksOfAMatrixAreTransposedToo() {
    QFETCH(int, rows);
    QFETCH(int, width);
    QFETCH(int, lanes);
    QFETCH(int, columns);
    ExpectShuffleTransposeOnEachCpu(TransposeScript(rows, width, lanes, columns));
  }

  // NCHW -> NCHWc data and OIHW -> [O/b, I, H, W, b] weight packings: rows of one channel,
  // the channels H * W (I * H * W) apart — row loads and shuffles, bit for bit the copy.
  void convolutionPackingsAreTransposes_data() {
    QTest::addColumn<bool>("weights");
    QTest::addColumn<int>("block");
    QTest::newRow("data, 8 channels") << false << 8;
    QTest::newRow("data, 16 channels") << false << 16;
    QTest::newRow("weights, 8 channels") << true << 8;
    QTest::newRow("weights, 16 channels") << true << 16;
  }
  void convolutionPackingsAreTransposes() {
    QFETCH(bool, weights);
    QFETCH(int, block);
    ExpectShuffleTransposeOnEachCpu(PackingScript(weights, block));
  }

  // K of Q K^T, K[b, j, d], packed into column panels [j / 16, b, d, j % 16] with (b, d)
  // fused and split by 8 (TileRule's pack 3): the simplifier leaves the fused axis's
  // wrap-around last in the load's base, ((.. + inner) - (outer % 8) * 1016), which is
  // still c + v (failed before: the loop variable was looked for at the top of the sum
  // only, and the copy was 8 gathers per tile).
  void columnPanelsOfABatchedOperand() {
    ExpectShuffleTransposeOnEachCpu(R"(import tvm
from tvm import te
K = te.placeholder((12, 128, 64), name="K")
P = te.compute((8, 12, 64, 16), lambda jo, b, d, ji: K[b, jo * 16 + ji, d], name="P")
s = te.create_schedule(P.op)
jo, b, d, ji = s[P].op.axis
bd = s[P].fuse(b, d)
bd_0, bd_1 = s[P].split(bd, factor=8)
ji_0, ji_1 = s[P].split(ji, factor=8)
s[P].reorder(jo, bd_0, ji_0, bd_1, ji_1)
s[P].vectorize(ji_1)
)");
  }

  // 56 x 32 in tiles of 14 rows (P = 16 with two rows never loaded): every element of the
  // first tile row and of the last lands where it belongs, none past the matrix.
  void tilesOfFourteenRows() {
    auto b = Build(TransposeScript(56, 32, 14));
    QVERIFY2(b.Matches(/*exact=*/true), b.Report().c_str());
    QVERIFY2(!HasGather(b.ir), b.ir.c_str());
  }

  // Not a power of two, or not dividing the width: not a register transpose, the result
  // is right; the column reads stay gathers, or, 4 apart, one strided load each (two
  // plain loads and a shuffle, no mask).
  void otherTilesStayGathers_data() {
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<bool>("gather");
    QTest::newRow("6 lanes (8 does not divide 12)") << 6 << 12 << 6 << true;
    QTest::newRow("8 lanes, width 4") << 8 << 4 << 8 << false;
  }
  void otherTilesStayGathers() {
    QFETCH(int, rows);
    QFETCH(int, width);
    QFETCH(int, lanes);
    QFETCH(bool, gather);
    auto b = Build(TransposeScript(rows, width, lanes));
    QVERIFY2(b.Matches(/*exact=*/true), b.Report().c_str());
    QVERIFY2(HasGather(b.ir) == gather, b.ir.c_str());
    if (!gather) {
      QVERIFY2(b.ir.find("llvm.masked.load") == std::string::npos, b.ir.c_str());
      QVERIFY2(b.ir.find("shufflevector") != std::string::npos, b.ir.c_str());
    }
  }
};

}  // namespace tst_llvm_transpose_copy

QTEST_APPLESS_MAIN(tst_llvm_transpose_copy::LlvmTransposeCopy)
#include "tst_llvm_transpose_copy.moc"
