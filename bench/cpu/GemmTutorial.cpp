#include "GemmTutorial.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "IdleWait.h"
#include "NaiveReference.h"
#include "OneDnnGemm.h"
#include "OpenBlasGemm.h"
#include "TesseraKernel.h"
#include "Timing.h"
#include "codegen/LLVMBackend.h"
#include "runtime/CpuCount.h"
#include "runtime/MachinePeak.h"

namespace tessera::bench {

namespace {

// fp32 sums of up to a few thousand products in different orders, FMAs included.
constexpr double kTolerance = 1e-4;
// A schedule is timed at most this long (the baseline runs seconds per call).
constexpr double kBudgetMs = 3000.0;

struct Step {
  const char* file;  // under bench/gemm_tutorial/
  const char* name;  // the tutorial's section title
};

const Step kSteps[] = {
    {"1_baseline.py", "baseline"},           {"2_blocking.py", "blocking"},
    {"3_vectorization.py", "vectorization"}, {"4_loop_permutation.py", "loop permutation"},
    {"5_array_packing.py", "array packing"}, {"6_write_cache.py", "write cache"},
    {"7_parallel.py", "parallel"},
};

int ThreadCount(int threads) { return threads > 0 ? threads : runtime::PoolThreadCount(); }

struct Measured {
  std::optional<Timing> timing;
  std::string note;  // why there is no timing
};

// After the other runtimes' workers went idle (IdleWait.h), one warm-up call, then up to
// `repeat` timed calls within kBudgetMs.
Timing TimeWithinBudget(const std::function<void()>& run, int repeat) {
  WaitForOtherThreadsIdle();
  double first = TimeOnce(run);
  int calls = static_cast<int>(
      std::clamp(kBudgetMs / std::max(first, 1e-3), 1.0, double(std::max(repeat, 1))));
  std::vector<double> samples;
  for (int i = 0; i < calls; ++i) samples.push_back(TimeOnce(run));
  return Summarize(samples);
}

// Runs once, checks against `ref`, then times (a wrong result is not timed).
Measured CheckAndTime(const std::function<void()>& run, const float* out, const float* ref,
                      int64_t count, int repeat) {
  run();
  double error = RelativeMaxError(out, ref, count);
  if (!(error <= kTolerance))
    return {std::nullopt, "WRONG RESULT (max relative error " + std::to_string(error) + ")"};
  return {TimeWithinBudget(run, repeat), ""};
}

std::string Ratio(const Measured& tessera, const Measured& other) {
  if (!tessera.timing || !other.timing) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2fx", other.timing->min_ms / tessera.timing->min_ms);
  return buf;
}

void PrintLine(const std::string& impl, const Measured& m, double flops, const std::string& vs_blas,
               const std::string& vs_dnnl) {
  if (!m.timing) {
    std::printf("  %-18s %s\n", impl.c_str(), m.note.c_str());
    return;
  }
  std::printf("  %-18s %10.2f %10.2f %9.1f %11s %10s\n", impl.c_str(), m.timing->min_ms,
              m.timing->median_ms, flops / (m.timing->min_ms * 1e6), vs_blas.c_str(),
              vs_dnnl.c_str());
}

struct Kernels {
  std::vector<std::optional<TesseraKernel>> steps;
  std::vector<std::string> errors;
};

Kernels CompileSteps(int64_t n) {
  Kernels k;
  for (const Step& step : kSteps) {
    auto kernel = CompileScript(std::string("bench/gemm_tutorial/") + step.file,
                                {{"M", n}, {"N", n}, {"K", n}});
    if (!kernel) {
      k.steps.emplace_back(std::nullopt);
      k.errors.push_back(kernel.error().message);
      continue;
    }
    kernel->Array("A").FillRandom(1);
    kernel->Array("B").FillRandom(2);
    k.steps.emplace_back(std::move(*kernel));
    k.errors.emplace_back();
  }
  return k;
}

}  // namespace

bool BenchGemmTutorial(const TutorialOptions& options) {
  const int64_t n = options.size;
  const runtime::MachinePeak& peak = runtime::HostMachinePeak();
  std::printf(
      "\nTVM tutorial \"How to optimize GEMM on CPU\", %lldx%lldx%lld fp32 "
      "(bench/gemm_tutorial/*.py)\n",
      static_cast<long long>(n), static_cast<long long>(n), static_cast<long long>(n));
  std::printf("  ISA: %s (%s); tessera: %s\n", peak.isa.c_str(), peak.cpu_name.c_str(),
              codegen::LLVMTargetDescription().c_str());
  std::printf("  references: %s; %s\n", openblas::Description(), onednn::Description());
  Kernels kernels = CompileSteps(n);
  bool ok = true;
  // Every kernel and reference reads the same A and B (same seeds).
  runtime::NDArray A, B;
  for (auto& k : kernels.steps)
    if (k) A = k->Array("A"), B = k->Array("B");
  if (!A.defined()) {
    std::printf("  no schedule compiled: %s\n", kernels.errors.front().c_str());
    return false;
  }
  const float* a = A.data_as<float>();
  const float* b = B.data_as<float>();
  std::vector<float> ref(n * n), blas(n * n), dnnl(n * n);
  GemmReference(n, n, n, a, b, ref.data());
  const double flops = 2.0 * n * n * n;
  for (int threads : options.threads) {
    const int count = ThreadCount(threads);
    std::printf("\n  %d thread%s          min ms  median ms   GFLOP/s  x openblas   x onednn\n",
                count, count == 1 ? " " : "s");
    Measured o{std::nullopt, "not available"}, d{std::nullopt, "not available"};
    if (openblas::Available()) {
      openblas::SetThreads(count);
      o = CheckAndTime([&] { openblas::Gemm(n, n, n, a, b, blas.data()); }, blas.data(), ref.data(),
                       n * n, options.repeat);
    }
    if (onednn::Available()) {
      onednn::SetThreads(count);
      d = CheckAndTime([&] { onednn::Gemm(n, n, n, a, b, dnnl.data()); }, dnnl.data(), ref.data(),
                       n * n, options.repeat);
    }
    PrintLine("openblas", o, flops, "1.00x", Ratio(o, d));
    PrintLine("onednn", d, flops, Ratio(d, o), "1.00x");
    for (size_t i = 0; i < kernels.steps.size(); ++i) {
      Measured m{std::nullopt, kernels.errors[i]};
      if (const auto& k = kernels.steps[i]) {
        const float* out = k->Array("C").data_as<float>();
        auto run = [&k, &ok] {
          if (Status st = k->Run(); !st) {
            std::fprintf(stderr, "tessera kernel failed: %s\n", st.error().message.c_str());
            ok = false;
          }
        };
        if (count == 1)
          RunOnOneThread([&] { m = CheckAndTime(run, out, ref.data(), n * n, options.repeat); });
        else
          m = CheckAndTime(run, out, ref.data(), n * n, options.repeat);
      }
      ok = ok && m.timing.has_value();
      PrintLine(std::to_string(i + 1) + " " + kSteps[i].name, m, flops, Ratio(m, o), Ratio(m, d));
    }
  }
  openblas::SetThreads(0);
  onednn::SetThreads(0);
  std::printf(
      "  (x openblas, x onednn: speed relative to that library in this run, > 1: Tessera faster;\n"
      "   slow schedules are timed fewer times, within %.0f s each)\n",
      kBudgetMs / 1000.0);
  return ok;
}

}  // namespace tessera::bench
