// tessera-bench-cpu: Tessera's shipped CPU schedules against OpenBLAS and Halide 14, side
// by side in one run, with speed ratios and the machine's peak (see bench/README.md).
#include <cstdio>
#include <functional>
#include <string>
#include <thread>

#include "BenchOptions.h"
#include "BenchTable.h"
#include "HalideKernels.h"
#include "NaiveReference.h"
#include "OpenBlasGemm.h"
#include "TesseraKernel.h"
#include "Timing.h"
#include "codegen/LLVMBackend.h"
#include "runtime/MachinePeak.h"

using namespace tessera;
using namespace tessera::bench;

namespace {

// Results within this relative error of the reference count as correct (fp32 sums of up
// to 2048 products in different orders, FMA contraction included).
constexpr double kTolerance = 1e-4;
bool g_failed = false;

int ThreadCount(int threads) {
  return threads > 0 ? threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

std::string ThreadLabel(int threads) {
  int n = ThreadCount(threads);
  return std::to_string(n) + (n == 1 ? " thread" : " threads");
}

// Checks `out` against `ref`, then times `run` (on one thread when asked).
BenchRow Measure(const std::string& impl, const std::function<void()>& run, const float* out,
                 const float* ref, int64_t count, int repeat, bool one_thread) {
  BenchRow row;
  row.impl = impl;
  run();
  row.error = RelativeMaxError(out, ref, count);
  row.checked = true;
  if (!(row.error <= kTolerance)) {
    row.note = "WRONG RESULT (error above " + std::to_string(kTolerance) + "), not timed";
    g_failed = true;
    return row;
  }
  if (one_thread) {
    RunOnOneThread([&] { row.timing = TimeRuns(run, repeat); });
  } else {
    row.timing = TimeRuns(run, repeat);
  }
  return row;
}

BenchRow Unavailable(const std::string& impl, const std::string& why) {
  BenchRow row;
  row.impl = impl;
  row.note = why;
  return row;
}

std::function<void()> TesseraRun(const TesseraKernel& k) {
  return [&k] {
    if (Status st = k.Run(); !st) {
      std::fprintf(stderr, "tessera kernel failed: %s\n", st.error().message.c_str());
      g_failed = true;
    }
  };
}

void BenchGemm(int64_t n, const BenchOptions& options) {
  std::map<std::string, int64_t> sizes = {{"M", n}, {"N", n}, {"K", n}};
  auto kernel = CompileExample("gemm_fast", sizes);
  if (!kernel) {
    std::printf("\nGEMM %lld: gemm_fast.py: %s\n", static_cast<long long>(n), kernel.error().message.c_str());
    g_failed = true;
    return;
  }
  runtime::NDArray A = kernel->Array("A"), B = kernel->Array("B"), C = kernel->Array("C");
  A.FillRandom(1);
  B.FillRandom(2);
  const float* a = A.data_as<float>();
  const float* b = B.data_as<float>();
  std::vector<float> ref(n * n), blas(n * n), hal(n * n);
  if (openblas::Available()) {
    openblas::SetThreads(0);
    openblas::Gemm(n, n, n, a, b, ref.data());
  } else {
    GemmReference(n, n, n, a, b, ref.data());
  }
  double flops = 2.0 * n * n * n;
  for (int threads : options.threads) {
    bool one = ThreadCount(threads) == 1;
    double peak = runtime::HostMachinePeak().PeakGflops(ThreadCount(threads));
    PrintSection("GEMM fp32 " + std::to_string(n) + "^3, " + ThreadLabel(threads) + " (reference: " +
                 (openblas::Available() ? "OpenBLAS" : "C++ loops") + ")");
    PrintColumnHeader();
    BenchRow t = Measure("tessera", TesseraRun(*kernel), C.data_as<float>(), ref.data(), n * n, options.repeat, one);
    PrintRow(t, flops, peak);
    BenchRow o = Unavailable("openblas", openblas::Description());
    if (openblas::Available()) {
      openblas::SetThreads(ThreadCount(threads));
      o = Measure("openblas", [&] { openblas::Gemm(n, n, n, a, b, blas.data()); }, blas.data(), ref.data(), n * n,
                  options.repeat, false);
      openblas::SetThreads(0);
    }
    PrintRow(o, flops, peak);
    halide::Kernel hk = halide::MakeGemm(n, n, n, a, b, hal.data(), !one);
    BenchRow h = hk.run ? Measure("halide", hk.run, hal.data(), ref.data(), n * n, options.repeat, false)
                        : Unavailable("halide", hk.error);
    PrintRow(h, flops, peak);
    PrintRatios(t, o, &h);
  }
}

void BenchConv2d(const BenchOptions& options) {
  Conv2dShape s;  // the shape of resources/examples/conv2d.py
  auto kernel = CompileExample("conv2d", {});
  if (!kernel) {
    std::printf("\nconv2d: %s\n", kernel.error().message.c_str());
    g_failed = true;
    return;
  }
  runtime::NDArray data = kernel->Array("data"), weights = kernel->Array("kernel"), out = kernel->Array("conv");
  data.FillRandom(3);
  weights.FillRandom(4);
  std::vector<float> ref(out.numel()), hal(out.numel());
  Conv2dReference(s, data.data_as<float>(), weights.data_as<float>(), ref.data());
  for (int threads : options.threads) {
    bool one = ThreadCount(threads) == 1;
    double peak = runtime::HostMachinePeak().PeakGflops(ThreadCount(threads));
    PrintSection("conv2d fp32 1x64x56x56, 64 3x3 filters, pad 1 (conv2d.py), " + ThreadLabel(threads));
    PrintColumnHeader();
    BenchRow t = Measure("tessera", TesseraRun(*kernel), out.data_as<float>(), ref.data(), out.numel(),
                         options.repeat, one);
    PrintRow(t, s.flops(), peak);
    halide::Kernel hk = halide::MakeConv2d(s, data.data_as<float>(), weights.data_as<float>(), hal.data(), !one);
    BenchRow h = hk.run ? Measure("halide", hk.run, hal.data(), ref.data(), out.numel(), options.repeat, false)
                        : Unavailable("halide", hk.error);
    PrintRow(h, s.flops(), peak);
    PrintRatios(t, h, nullptr);
  }
}

void BenchSoftmax(const BenchOptions& options) {
  auto kernel = CompileExample("softmax_fast", {});
  if (!kernel) {
    std::printf("\nsoftmax: %s\n", kernel.error().message.c_str());
    g_failed = true;
    return;
  }
  runtime::NDArray A = kernel->Array("A"), B = kernel->Array("B");
  int64_t m = A.shape()[0], n = A.shape()[1];
  A.FillRandom(5, -4.0, 4.0);
  std::vector<float> ref(m * n), hal(m * n);
  SoftmaxReference(m, n, A.data_as<float>(), ref.data());
  for (int threads : options.threads) {
    bool one = ThreadCount(threads) == 1;
    PrintSection("softmax fp32 rows of " + std::to_string(m) + "x" + std::to_string(n) + " (softmax_fast.py), " +
                 ThreadLabel(threads));
    PrintColumnHeader();
    BenchRow t = Measure("tessera", TesseraRun(*kernel), B.data_as<float>(), ref.data(), m * n, options.repeat, one);
    PrintRow(t, 0, 0);
    halide::Kernel hk = halide::MakeSoftmax(m, n, A.data_as<float>(), hal.data(), !one);
    BenchRow h = hk.run ? Measure("halide", hk.run, hal.data(), ref.data(), m * n, options.repeat, false)
                        : Unavailable("halide", hk.error);
    PrintRow(h, 0, 0);
    PrintRatios(t, h, nullptr);
  }
}

void PrintCompileTime(const BenchOptions& options) {
  auto ms = MedianCompileMs("gemm_fast", {{"M", 1024}, {"N", 1024}, {"K", 1024}}, options.compile_runs);
  if (!ms) {
    std::printf("\nLLVM compile time of gemm_fast.py: %s\n", ms.error().message.c_str());
    g_failed = true;
    return;
  }
  std::printf("\nLLVM compile time of gemm_fast.py (1024^3; codegen + O3 + JIT), median of %d: %.1f ms "
              "(target <= 150 ms)\n", options.compile_runs, *ms);
}

}  // namespace

int main(int argc, char** argv) {
  BenchOptions options;
  if (auto problem = ParseBenchOptions(argc, argv, &options)) {
    std::fprintf(stderr, "tessera-bench-cpu: %s\n\n%s", problem->c_str(), kBenchUsage);
    return 2;
  }
  if (options.help) {
    std::printf("%s", kBenchUsage);
    return 0;
  }
  if (!codegen::LLVMAvailable()) {
    std::printf("tessera-bench-cpu: not available: this build has no LLVM backend\n");
    return 4;
  }
  const runtime::MachinePeak& peak = runtime::HostMachinePeak();
  std::printf("machine: %s\n", peak.Describe().c_str());
  std::printf("  assumptions: %s\n", peak.assumptions.c_str());
  std::printf("  measured: %.1f GFLOP/s per core running independent FMAs\n", runtime::MeasureFmaGflopsPerCore());
  std::printf("tessera: LLVM backend, %s\n", codegen::LLVMTargetDescription().c_str());
  std::printf("openblas: %s\n", openblas::Available() ? openblas::Description() : "not available");
  std::printf("halide: %s\n", halide::Available() ? "Halide 14 JIT (libHalide14)" : "not available");
  std::printf("times: min / median of %d calls after one warm-up; GFLOP/s and %% of peak from the min time\n",
              options.repeat);
  for (int64_t n : options.sizes) BenchGemm(n, options);
  BenchConv2d(options);
  BenchSoftmax(options);
  PrintCompileTime(options);
  return g_failed ? 1 : 0;
}
