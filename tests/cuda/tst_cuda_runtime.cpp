// The CUDA runtime (runtime/cuda): the driver is loaded at run time, so a machine
// without a driver or a GPU gets a sentence saying which (never a crash or a link
// error), and BuildCUDA says "CUDA is not available: ..." there. With a GPU, kernels
// run and match the reference interpreter — element-wise with a tail block, two kernels
// with a device temporary between them, a tile in dynamic shared memory — and RunCUDA
// times them with CUDA events. Tests that launch kernels skip without a GPU.
#include <QtTest>

#include "CudaTestSupport.h"
#include "reference/Compare.h"
#include "runtime/IRInterpreter.h"
#include "runtime/cuda/CudaModule.h"

namespace tst_cuda_runtime {

using namespace tessera;
using namespace tessera::runtime;
using namespace tessera::reference;
using namespace tessera::testing;

namespace {

std::string NoGpu() {
  std::string why;
  return CudaAvailable(&why) ? "" : "no GPU: " + why;
}

// Builds `lowered` for the GPU, runs it and the interpreter on the same inputs and
// compares every buffer.
void ExpectGpuMatchesInterpreter(const transform::LoweredProgram& lowered,
                                 const ScalarArgs& scalars,
                                 const codegen::CudaOptions& options = {}) {
  Result<CudaModule> module = BuildCUDA(lowered, options);
  TSR_VERIFY_OK(module);
  auto gpu = MakeArrays(lowered.func, scalars, 11);
  TSR_VERIFY_OK(gpu);
  std::vector<NDArray> reference = CloneArrays(*gpu);
  Status ran = module->Call(*gpu, scalars);
  TSR_VERIFY_OK(ran);
  Status interpreted = Interpret(lowered.func, reference, scalars);
  TSR_VERIFY_OK(interpreted);
  auto buffers = lowered.func.buffer_params();
  for (size_t i = 0; i < gpu->size(); ++i) {
    CompareResult r = Compare((*gpu)[i], reference[i], Tolerance{1e-5, 1e-5});
    QVERIFY2(r.ok(), (buffers[i]->name + ": " + r.str()).c_str());
  }
}

}  // namespace

class TestCudaRuntime : public QObject {
  Q_OBJECT

 private slots:
  // Nothing links the driver: it is loaded on first use, so programs start without one.
  void initTestCase() {
    QFile maps("/proc/self/maps");
    if (!maps.open(QIODevice::ReadOnly)) QSKIP("no /proc/self/maps");
    QVERIFY2(!maps.readAll().contains("libcuda.so"),
             "libcuda is loaded before the first use of CUDA");
  }

  // ---- without a GPU (these run everywhere) ----
  void missing_driver_library_is_a_sentence() {
    auto d = CudaDriver::Load("/nonexistent/libcuda.so.1");
    QVERIFY(!d);
    QVERIFY2(d.error().message.find(
                 "the CUDA driver library /nonexistent/libcuda.so.1 cannot be loaded") !=
                 std::string::npos,
             d.error().message.c_str());
    QVERIFY(d.error().message.find("is an NVIDIA driver installed?") != std::string::npos);
  }
  // The toolkit's stub libcuda exports every entry point but cuInit fails with 34.
  void stub_driver_fails_in_cuInit() {
    std::string stub;
    for (const char* p :
         {"/usr/local/cuda/lib64/stubs/libcuda.so", "/usr/local/cuda/lib/stubs/libcuda.so"})
      if (QFile::exists(p)) stub = p;
    if (stub.empty()) QSKIP("no CUDA toolkit stub library here");
    auto d = CudaDriver::Load(stub);
    QVERIFY(!d);
    QVERIFY2(d.error().message.find("the CUDA driver cannot be initialised: cuInit returned "
                                    "CUDA_ERROR_STUB_LIBRARY (34)") != std::string::npos,
             d.error().message.c_str());
    QVERIFY(d.error().message.find("stub") != std::string::npos);
  }
  void no_gpu_build_is_a_clear_error() {
    std::string why;
    if (CudaAvailable(&why)) QSKIP("a GPU is present; the no-GPU path cannot be seen here");
    QVERIFY(!why.empty());
    Result<transform::LoweredProgram> lowered = LowerExample("gpu_elementwise");
    TSR_VERIFY_OK(lowered);
    Result<CudaModule> module = BuildCUDA(*lowered);
    QVERIFY(!module);
    QCOMPARE(module.error().message, "CUDA is not available: " + why);
    // Asking twice gives the same answer (the driver is probed once per process).
    std::string again;
    QVERIFY(!CudaAvailable(&again));
    QCOMPARE(again, why);
    // Without a device the options are the defaults (sm_90).
    QCOMPARE(CudaOptionsForDevice().arch, std::string("sm_90"));
  }
  void empty_module_refuses_to_run() {
    CudaModule empty;
    QVERIFY(!empty.defined());
    Status s = empty.Call({});
    QVERIFY(!s);
    QVERIFY(s.error().message.find("the CUDA module is empty") != std::string::npos);
    QVERIFY(!RunCUDA(empty, {}));
  }

  // ---- with a GPU ----
  void device_is_described() {
    if (std::string why = NoGpu(); !why.empty()) QSKIP(why.c_str());
    auto d = CudaDriver::Get();
    TSR_VERIFY_OK(d);
    const CudaDeviceInfo& info = (*d)->device();
    QVERIFY(!info.name.empty());
    QVERIFY(info.compute_major >= 3);
    QVERIFY(info.max_threads_per_block >= 1024);
    QCOMPARE(CudaOptionsForDevice().arch, info.arch());
  }
  // n not a multiple of the block size: the tail block is guarded.
  void elementwise_with_a_tail_block() {
    if (std::string why = NoGpu(); !why.empty()) QSKIP(why.c_str());
    Result<transform::LoweredProgram> lowered = LowerExample("gpu_elementwise");
    TSR_VERIFY_OK(lowered);
    ExpectGpuMatchesInterpreter(*lowered, {{"n", 100003}});
    ExpectGpuMatchesInterpreter(*lowered, {{"n", 0}});  // an empty grid launches nothing
  }
  void two_kernels_with_a_device_temporary() {
    if (std::string why = NoGpu(); !why.empty()) QSKIP(why.c_str());
    Result<transform::LoweredProgram> lowered = LowerText(kTwoKernelsScript);
    TSR_VERIFY_OK(lowered);
    ExpectGpuMatchesInterpreter(*lowered, {});
  }
  // 64 KiB of shared memory: refused by default, run from the dynamic pool with the
  // opt-in (every GPU since Volta allows it).
  void dynamic_shared_memory_opt_in() {
    if (std::string why = NoGpu(); !why.empty()) QSKIP(why.c_str());
    Result<transform::LoweredProgram> lowered = LowerText(kSharedTile64KiBScript);
    TSR_VERIFY_OK(lowered);
    QVERIFY(!BuildCUDA(*lowered));
    codegen::CudaOptions options;
    options.opt_in_shared = true;
    ExpectGpuMatchesInterpreter(*lowered, {}, options);
  }
  void run_times_every_repeat() {
    if (std::string why = NoGpu(); !why.empty()) QSKIP(why.c_str());
    Result<transform::LoweredProgram> lowered = LowerExample("gpu_elementwise");
    TSR_VERIFY_OK(lowered);
    Result<CudaModule> module = BuildCUDA(*lowered);
    TSR_VERIFY_OK(module);
    QVERIFY(!module->source().empty());
    auto arrays = MakeArrays(lowered->func, {{"n", 1 << 20}}, 3);
    TSR_VERIFY_OK(arrays);
    Result<CudaRunResult> r = RunCUDA(*module, *arrays, {{"n", 1 << 20}}, CudaRunOptions{1, 3});
    TSR_VERIFY_OK(r);
    QCOMPARE(r->times_ms.size(), size_t(3));
    QCOMPARE(r->launches_per_run, 1);
    QVERIFY(r->min_ms > 0.0 && r->min_ms <= r->median_ms);
  }
  void wrong_arguments_are_refused_before_launch() {
    if (std::string why = NoGpu(); !why.empty()) QSKIP(why.c_str());
    Result<transform::LoweredProgram> lowered = LowerExample("gpu_gemm");
    TSR_VERIFY_OK(lowered);
    Result<CudaModule> module = BuildCUDA(*lowered);
    TSR_VERIFY_OK(module);
    auto small = NDArray::Empty({4, 4}, ir::DataType::Float(32));
    TSR_VERIFY_OK(small);
    Status s = module->Call({*small, *small, *small});
    QVERIFY(!s);
    QVERIFY2(s.error().message.find("A") != std::string::npos, s.error().message.c_str());
  }
};

}  // namespace tst_cuda_runtime

QTEST_APPLESS_MAIN(tst_cuda_runtime::TestCudaRuntime)
#include "tst_cuda_runtime.moc"
