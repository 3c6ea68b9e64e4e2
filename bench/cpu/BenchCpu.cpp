// tessera-bench-cpu: Tessera's shipped CPU schedules against OpenBLAS and Halide 14, side
// by side in one run, with speed ratios and the machine's peak (see bench/README.md).
#include <cstdio>
#include <functional>
#include <string>
#include <thread>

#include "BenchIsa.h"
#include "BenchOptions.h"
#include "BenchTable.h"
#include "GemmTutorial.h"
#include "HalideKernels.h"
#include "IdleWait.h"
#include "NaiveReference.h"
#include "OneDnnGemm.h"
#include "OpenBlasGemm.h"
#include "TesseraKernel.h"
#include "Timing.h"
#include "codegen/LLVMBackend.h"
#include "runtime/CpuCount.h"
#include "runtime/MachinePeak.h"

using namespace tessera;
using namespace tessera::bench;

namespace {

// Results within this relative error of the reference count as correct (fp32 sums of up
// to 2048 products in different orders, FMA contraction included).
constexpr double kTolerance = 1e-4;
bool g_failed = false;

int ThreadCount(int threads) { return threads > 0 ? threads : runtime::PoolThreadCount(); }

std::string ThreadLabel(int threads) {
  int n = ThreadCount(threads);
  return std::to_string(n) + (n == 1 ? " thread" : " threads");
}

// One implementation in a comparison: its row and how to call it.
struct Candidate {
  BenchRow row;
  std::function<void()> run;  // empty: not available or wrong, not timed
  bool one_thread = false;    // run on a pool worker (Tessera's loops serial)
};

// Runs `run` once and checks `out` against `ref`; a wrong result is not timed.
Candidate Check(const std::string& impl, std::function<void()> run, const float* out,
                const float* ref, int64_t count, bool one_thread) {
  Candidate c;
  c.row.impl = impl;
  run();
  c.row.error = RelativeMaxError(out, ref, count);
  c.row.checked = true;
  if (!(c.row.error <= kTolerance)) {
    c.row.note = "WRONG RESULT (error above " + std::to_string(kTolerance) + "), not timed";
    g_failed = true;
    return c;
  }
  c.run = std::move(run);
  c.one_thread = one_thread;
  return c;
}

double TimeCall(const Candidate& c) {
  if (!c.one_thread) return TimeOnce(c.run);
  double ms = 0.0;
  RunOnOneThread([&] { ms = TimeOnce(c.run); });
  return ms;
}

// Times the candidates in interleaved rounds, one timed call of each per round: on a
// shared machine a busy moment then slows every implementation alike instead of
// whichever happened to be measured then. Before each timed call the other runtimes'
// workers are let go idle (IdleWait.h: OpenMP's, OpenBLAS's and Halide's threads spin
// after a call and took a core from the next implementation; one call after another's
// measured each with the previous one's spinners) and the implementation is called once
// untimed, which wakes its own workers.
void TimeInterleaved(const std::vector<Candidate*>& candidates, int repeat) {
  std::vector<std::vector<double>> samples(candidates.size());
  for (int r = 0; r < std::max(repeat, 1); ++r)
    for (size_t i = 0; i < candidates.size(); ++i)
      if (candidates[i]->run) {
        WaitForOtherThreadsIdle();
        TimeCall(*candidates[i]);
        samples[i].push_back(TimeCall(*candidates[i]));
      }
  for (size_t i = 0; i < candidates.size(); ++i)
    if (candidates[i]->run) candidates[i]->row.timing = Summarize(samples[i]);
}

Candidate Unavailable(const std::string& impl, const std::string& why) {
  Candidate c;
  c.row.impl = impl;
  c.row.note = why;
  return c;
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
    std::printf("\nGEMM %lld: gemm_fast.py: %s\n", static_cast<long long>(n),
                kernel.error().message.c_str());
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
    PrintSection("GEMM fp32 " + std::to_string(n) + "^3, " + ThreadLabel(threads) +
                 " (reference: " + (openblas::Available() ? "OpenBLAS" : "C++ loops") + ")");
    PrintColumnHeader();
    Candidate t = Check("tessera", TesseraRun(*kernel), C.data_as<float>(), ref.data(), n * n, one);
    Candidate o = Unavailable("openblas", openblas::Description());
    if (openblas::Available()) {
      openblas::SetThreads(ThreadCount(threads));
      o = Check(
          "openblas", [&] { openblas::Gemm(n, n, n, a, b, blas.data()); }, blas.data(), ref.data(),
          n * n, false);
    }
    halide::Kernel hk = halide::MakeGemm(n, n, n, a, b, hal.data(), !one);
    Candidate h = hk.run ? Check("halide", hk.run, hal.data(), ref.data(), n * n, false)
                         : Unavailable("halide", hk.error);
    TimeInterleaved({&t, &o, &h}, options.repeat);
    openblas::SetThreads(0);
    PrintRow(t.row, flops, peak);
    PrintRow(o.row, flops, peak);
    PrintRow(h.row, flops, peak);
    PrintRatios(t.row, o.row, &h.row);
  }
}

void BenchConv2d(const BenchOptions& options) {
  Conv2dShape s;  // the shape of resources/examples/conv2d_fast.py
  auto kernel = CompileExample("conv2d_fast", {});
  if (!kernel) {
    std::printf("\nconv2d: %s\n", kernel.error().message.c_str());
    g_failed = true;
    return;
  }
  runtime::NDArray data = kernel->Array("data"), weights = kernel->Array("kernel"),
                   out = kernel->Array("conv");
  data.FillRandom(3);
  weights.FillRandom(4);
  std::vector<float> ref(out.numel()), hal(out.numel());
  Conv2dReference(s, data.data_as<float>(), weights.data_as<float>(), ref.data());
  for (int threads : options.threads) {
    bool one = ThreadCount(threads) == 1;
    double peak = runtime::HostMachinePeak().PeakGflops(ThreadCount(threads));
    PrintSection("conv2d fp32 1x64x56x56, 64 3x3 filters, pad 1 (conv2d_fast.py), " +
                 ThreadLabel(threads));
    PrintColumnHeader();
    Candidate t =
        Check("tessera", TesseraRun(*kernel), out.data_as<float>(), ref.data(), out.numel(), one);
    halide::Kernel hk =
        halide::MakeConv2d(s, data.data_as<float>(), weights.data_as<float>(), hal.data(), !one);
    Candidate h = hk.run ? Check("halide", hk.run, hal.data(), ref.data(), out.numel(), false)
                         : Unavailable("halide", hk.error);
    TimeInterleaved({&t, &h}, options.repeat);
    PrintRow(t.row, s.flops(), peak);
    PrintRow(h.row, s.flops(), peak);
    PrintRatios(t.row, h.row, nullptr);
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
    PrintSection("softmax fp32 rows of " + std::to_string(m) + "x" + std::to_string(n) +
                 " (softmax_fast.py), " + ThreadLabel(threads));
    PrintColumnHeader();
    Candidate t = Check("tessera", TesseraRun(*kernel), B.data_as<float>(), ref.data(), m * n, one);
    halide::Kernel hk = halide::MakeSoftmax(m, n, A.data_as<float>(), hal.data(), !one);
    Candidate h = hk.run ? Check("halide", hk.run, hal.data(), ref.data(), m * n, false)
                         : Unavailable("halide", hk.error);
    TimeInterleaved({&t, &h}, options.repeat);
    PrintRow(t.row, 0, 0);
    PrintRow(h.row, 0, 0);
    PrintRatios(t.row, h.row, nullptr);
  }
}

void PrintCompileTime(const BenchOptions& options) {
  auto ms =
      MedianCompileMs("gemm_fast", {{"M", 1024}, {"N", 1024}, {"K", 1024}}, options.compile_runs);
  if (!ms) {
    std::printf("\nLLVM compile time of gemm_fast.py: %s\n", ms.error().message.c_str());
    g_failed = true;
    return;
  }
  std::printf(
      "\nLLVM compile time of gemm_fast.py (1024^3; codegen + O3 + JIT), median of %d: %.1f ms "
      "(target <= 150 ms)\n",
      options.compile_runs, *ms);
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
  if (std::string problem = isa::Apply(options.isa, argv); !problem.empty()) {
    std::fprintf(stderr, "tessera-bench-cpu: %s\n", problem.c_str());
    return 2;
  }
  if (!codegen::LLVMAvailable()) {
    std::printf("tessera-bench-cpu: not available: this build has no LLVM backend\n");
    return 4;
  }
  const runtime::MachinePeak& peak = runtime::HostMachinePeak();
  std::printf("machine: %s\n", peak.Describe().c_str());
  std::printf("  assumptions: %s\n", peak.assumptions.c_str());
  std::printf("  measured: %.1f GFLOP/s per core running independent FMAs\n",
              runtime::MeasureFmaGflopsPerCore());
  std::printf("tessera: LLVM backend, %s\n", codegen::LLVMTargetDescription().c_str());
  std::printf("openblas: %s\n", openblas::Available() ? openblas::Description() : "not available");
  std::printf("halide: %s\n",
              halide::Available() ? "Halide 14 JIT (libHalide14)" : "not available");
  std::printf("onednn: %s\n", onednn::Description());
  isa::PrintContenders();
  std::printf(
      "times: min / median of %d calls, implementations interleaved call by call, each call after "
      "the\n"
      "  other runtimes' workers went idle and one untimed call; GFLOP/s and %% of peak from the "
      "min time\n",
      options.repeat);
  if (!options.tutorial_only) {
    for (int64_t n : options.sizes) BenchGemm(n, options);
    BenchConv2d(options);
    BenchSoftmax(options);
    PrintCompileTime(options);
  }
  if (!options.skip_tutorial &&
      !BenchGemmTutorial(TutorialOptions{options.tutorial_size, options.threads, options.repeat}))
    g_failed = true;
  return g_failed ? 1 : 0;
}
