// A kernel with s[stage].prefetch built by the LLVM backend: the calls become llvm.prefetch
// of the lines' first elements (x86: prefetcht0), the results are those of the reference,
// the accumulators of another buffer stay in registers (the prefetch carries its buffer's
// alias scope), and the C source notes the hint it leaves out.
#include <QtTest>

#include "ScriptKernelRun.h"
#include "codegen/CodeGenC.h"
#include "codegen/LLVMBackend.h"

namespace tst_llvm_prefetch {

using namespace tessera;
using namespace tessera::testing;

namespace {

// A 1x1 convolution in NCHW as the tuner tiles it: y and x fused, a register tile of 6
// filters (the last block ragged) x 64 pixels over 2 input channels a step, the input
// prefetched 3 steps ahead (its box clamped in the last steps).
const char* kConv =
    "import tvm\nfrom tvm import te\n"
    "data = te.placeholder((1, 48, 16, 16), name='data')\n"
    "kernel = te.placeholder((32, 48, 1, 1), name='kernel')\n"
    "rc = te.reduce_axis((0, 48), name='rc')\n"
    "conv = te.compute((1, 32, 16, 16), lambda n, f, y, x: te.sum(data[n, rc, y, x] * "
    "kernel[f, rc, 0, 0], axis=rc), name='conv')\n"
    "s = te.create_schedule(conv.op)\n"
    "p = s[conv].fuse(conv.op.axis[2], conv.op.axis[3])\n"
    "fo, fi = s[conv].split(conv.op.axis[1], factor=6)\n"
    "po, pi = s[conv].split(p, factor=64)\n"
    "ko, ki = s[conv].split(rc, factor=2)\n"
    "s[conv].reorder(conv.op.axis[0], po, fo, ko, ki, fi, pi)\n"
    "s[conv].vectorize(pi)\n"
    "s[conv].unroll(fi)\n"
    "s[conv].unroll(ki)\n"
    "s[conv].parallel(po)\n"
    "s[conv].prefetch(data, ko, 3)\n";

// The vector stores of `assembly` (AT&T) in basic blocks that also multiply-add (a block
// ends at a label or a jump): an accumulator stored back in every step of its loop.
int StoresBesideMultiplyAdds(const QString& assembly) {
  int stores = 0, block_stores = 0;
  bool block_fma = false;
  auto end_block = [&] {
    if (block_fma) stores += block_stores;
    block_stores = 0;
    block_fma = false;
  };
  for (const QString& line : assembly.split('\n')) {
    const QString l = line.trimmed();
    if (l.endsWith(':')) end_block();
    if (l.startsWith("vfmadd")) block_fma = true;
    if (l.startsWith("vmovups\t%") || l.startsWith("vmovaps\t%")) ++block_stores;
    if (l.startsWith('j')) end_block();
  }
  end_block();
  return stores;
}

}  // namespace

class TestLLVMPrefetch : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
  }

  void matchesTheReference() {
    for (const std::string& cpu : CpusToBuildFor()) {
      codegen::LLVMOptions options;
      options.cpu = cpu;
      ScriptKernelRun run = BuildAndRunScript(kConv, options, 7);
      QVERIFY2(run.Matches(/*exact=*/true), run.Report().c_str());
      QVERIFY2(run.ir.find("@llvm.prefetch") != std::string::npos, run.ir.c_str());
    }
  }

  // The 6 x 64 accumulators stay in registers through the reduction: no vector store
  // beside its multiply-adds (the prefetch of the input carries the input's alias scope;
  // without it LLVM stores the accumulators back in every step).
  void becomesPrefetchInstructionsOutsideTheAccumulators() {
#if !defined(__x86_64__)
    QSKIP("checks x86 assembly");
#endif
    auto program = script::EvaluateScript(kConv, "kernel.py");
    QVERIFY(program);
    auto lowered = transform::LowerSchedule(*program->schedule, program->Arguments(), "llvm", "f");
    QVERIFY2(lowered, lowered ? "" : lowered.error().message.c_str());
    codegen::LLVMOptions options;
    options.fp_contract = true;
    auto assembly = codegen::EmitAssembly(lowered->func, options);
    QVERIFY2(assembly, assembly ? "" : assembly.error().message.c_str());
    QVERIFY2(assembly->find("prefetcht0") != std::string::npos, assembly->c_str());
    QCOMPARE(StoresBesideMultiplyAdds(QString::fromStdString(*assembly)), 0);
  }

  void theCSourceNotesTheHint() {
    auto program = script::EvaluateScript(kConv, "kernel.py");
    QVERIFY(program);
    auto lowered = transform::LowerSchedule(*program->schedule, program->Arguments(), "c", "f");
    QVERIFY2(lowered, lowered ? "" : lowered.error().message.c_str());
    auto source = codegen::CodeGenC(lowered->func);
    QVERIFY2(source, source ? "" : source.error().message.c_str());
    QVERIFY2(source->find("// prefetch data[") != std::string::npos, source->c_str());
    QVERIFY2(source->find("__builtin_prefetch") == std::string::npos, source->c_str());
  }
};

}  // namespace tst_llvm_prefetch

QTEST_APPLESS_MAIN(tst_llvm_prefetch::TestLLVMPrefetch)
#include "tst_llvm_prefetch.moc"
