// Differential test of the GPU examples: each shipped resources/examples/gpu_*.py runs
// on the GPU on random inputs and is compared with a CPU reference — the same workload
// with a default (unscheduled) schedule, compiled by the LLVM backend. A build without
// LLVM (the GPU machine's, scripts/gpu-check.sh) compares with the te oracle instead:
// the reference interpreter would take many minutes on the GEMM. Float sums are
// reassociated by the schedules (partial sums per thread), so the LLVM comparison's
// tolerance is 1e-3 relative and absolute; the oracle's is the CPU check's own.
// Skipped without a GPU.
#include <QtTest>

#include "CudaTestSupport.h"
#include "reference/Compare.h"
#include "reference/Reference.h"
#include "runtime/LLVMModule.h"
#include "runtime/cuda/CudaModule.h"

namespace tst_cuda_differential {

using namespace tessera;
using namespace tessera::runtime;
using namespace tessera::reference;
using namespace tessera::testing;

namespace {

// The workload of `p` with every stage at root and no loop annotations, compiled for
// the CPU by LLVM.
Status RunCpuReference(const script::ScriptProgram& p, const std::vector<NDArray>& arrays,
                       const ScalarArgs& scalars) {
  Result<schedule::Schedule> plain = schedule::create_schedule(p.schedule->outputs);
  if (!plain) return plain.error();
  Result<transform::LoweredProgram> lowered = LowerSchedule(p, *plain, "llvm");
  if (!lowered) return lowered.error();
  Result<CompiledFunction> f = runtime::BuildLLVM(lowered->func);
  if (!f) return f.error();
  return f->Call(arrays, scalars);
}

}  // namespace

class TestCudaDifferential : public QObject {
  Q_OBJECT

 private slots:
  void gpu_examples_match_the_cpu_data() {
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("var");  // a shape variable, NAME=VALUE
    QTest::newRow("element-wise") << "gpu_elementwise"
                                  << "n=1000000";
    QTest::newRow("reduction") << "gpu_reduction"
                               << "";
    QTest::newRow("softmax") << "gpu_softmax"
                             << "";
    QTest::newRow("tiled GEMM") << "gpu_gemm"
                                << "";
  }
  void gpu_examples_match_the_cpu() {
    std::string why;
    if (!CudaAvailable(&why)) QSKIP(("no GPU: " + why).c_str());
    QFETCH(QString, example);
    QFETCH(QString, var);
    ScalarArgs scalars;
    if (!var.isEmpty())
      scalars[var.section('=', 0, 0).toStdString()] = var.section('=', 1).toLongLong();
    Result<script::ScriptProgram> p = LoadExample(example.toStdString());
    TSR_VERIFY_OK(p);
    Result<transform::LoweredProgram> lowered = LowerProgram(*p);
    TSR_VERIFY_OK(lowered);
    Result<CudaModule> module = BuildCUDA(*lowered);
    TSR_VERIFY_OK(module);
    auto gpu = MakeArrays(lowered->func, scalars, 5);
    TSR_VERIFY_OK(gpu);
    std::vector<NDArray> cpu = CloneArrays(*gpu);
    Status ran = module->Call(*gpu, scalars);
    TSR_VERIFY_OK(ran);
    if (!codegen::LLVMAvailable()) {
      auto checks = CheckAgainstReference(*p->schedule, p->Arguments(), *gpu, scalars);
      TSR_VERIFY_OK(checks);
      QVERIFY(!checks->empty());
      for (const OutputCheck& c : *checks)
        QVERIFY2(c.result.ok(),
                 (example.toStdString() + " " + c.tensor + ": " + c.result.str()).c_str());
      return;
    }
    Status reference = RunCpuReference(*p, cpu, scalars);
    TSR_VERIFY_OK(reference);
    auto buffers = lowered->func.buffer_params();
    for (size_t i = 0; i < gpu->size(); ++i) {
      CompareResult r = Compare((*gpu)[i], cpu[i], Tolerance{1e-3, 1e-3});
      QVERIFY2(r.ok(), (example.toStdString() + " " + buffers[i]->name + ": " + r.str()).c_str());
    }
  }
};

}  // namespace tst_cuda_differential

QTEST_APPLESS_MAIN(tst_cuda_differential::TestCudaDifferential)
#include "tst_cuda_differential.moc"
