// A register tile's accumulators after the LLVM backend's O3 pipeline: they live in
// registers through the reduction loop (phis, no load or store of the output in it) and
// start there as zeros, with no init store of the output left that the tile's final
// stores overwrite — on a serial tile, whose accumulators sit at sums of two loop
// variables plus constants, and on a parallel one. The results stay the reference's.
#include <QtTest>

#include "ScriptKernelRun.h"
#include "codegen/LLVMBackend.h"

namespace tst_llvm_accumulators {

using namespace tessera;
using namespace tessera::testing;

namespace {

// A 1x1 convolution in NCHW as the tuner tiles it: y and x fused, 6 filters (2 x 3
// unrolled) x 64 pixels (2 x 32 vectorized) a tile, 12 vectors of 32 accumulators.
std::string Conv(bool parallel) {
  std::string s =
      "import tvm\nfrom tvm import te\n"
      "data = te.placeholder((1, 48, 16, 16), name='data')\n"
      "kernel = te.placeholder((36, 48, 1, 1), name='kernel')\n"
      "rc = te.reduce_axis((0, 48), name='rc')\n"
      "conv = te.compute((1, 36, 16, 16), lambda n, f, y, x: te.sum(data[n, rc, y, x] * "
      "kernel[f, rc, 0, 0], axis=rc), name='conv')\n"
      "s = te.create_schedule(conv.op)\n"
      "p = s[conv].fuse(conv.op.axis[2], conv.op.axis[3])\n"
      "fo, f2 = s[conv].split(conv.op.axis[1], factor=3)\n"
      "f0, f1 = s[conv].split(fo, factor=2)\n"
      "po, p2 = s[conv].split(p, factor=32)\n"
      "p0, p1 = s[conv].split(po, factor=2)\n"
      "s[conv].reorder(conv.op.axis[0], p0, f0, rc, f1, p1, f2, p2)\n"
      "s[conv].vectorize(p2)\n"
      "s[conv].unroll(f2)\n";
  if (parallel) s += "s[conv].parallel(p0)\n";
  return s;
}

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

class TestLLVMAccumulators : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
  }

  void stayInRegistersFromZero_data() {
    QTest::addColumn<bool>("parallel");
    QTest::newRow("serial") << false;
    QTest::newRow("parallel") << true;
  }
  void stayInRegistersFromZero() {
    QFETCH(bool, parallel);
    for (const std::string& cpu : CpusToBuildFor()) {
      codegen::LLVMOptions options;
      options.cpu = cpu;
      ScriptKernelRun run = BuildAndRunScript(Conv(parallel), options, 11);
      QVERIFY2(run.Matches(/*exact=*/true), run.Report().c_str());
      auto program = script::EvaluateScript(Conv(parallel), "kernel.py");
      QVERIFY(program);
      auto lowered =
          transform::LowerSchedule(*program->schedule, program->Arguments(), "llvm", "kernel");
      QVERIFY2(lowered, lowered ? "" : lowered.error().message.c_str());
      auto optimized = codegen::EmitLLVMIR(lowered->func, options);
      QVERIFY2(optimized, optimized ? "" : optimized.error().message.c_str());
      const std::string& ir = *optimized;
      // Each of the 12 accumulator vectors is a phi of the reduction loop (in the kernel
      // and in its packed entry, which inlines it).
      QVERIFY2(Count(ir, "phi <32 x float>") >= 12, ir.c_str());
      // Only the two loads of the input row a step: the output is not reloaded.
      QVERIFY2(Count(ir, "load <32 x float>") <= 2 * 2, ir.c_str());
      QVERIFY2(Count(ir, "store <32 x float> zeroinitializer") == 0, ir.c_str());
      QVERIFY2(Count(ir, "@llvm.memset") == 0, ir.c_str());
    }
  }
};

}  // namespace tst_llvm_accumulators

QTEST_APPLESS_MAIN(tst_llvm_accumulators::TestLLVMAccumulators)
#include "tst_llvm_accumulators.moc"
