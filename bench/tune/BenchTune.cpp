// tessera-bench-tune: tunes GEMM 1024^3, a ResNet-50 3x3 conv2d layer (1x64x56x56, 64
// filters) and softmax 1024^2 from their bare te definitions within a fixed budget
// (trials and seconds, printed), then times the best schedule of each next to the
// references in the same run — OpenBLAS cblas_sgemm and oneDNN dnnl_sgemm for GEMM,
// oneDNN's direct convolution for conv2d, Halide 14's three autoschedulers (Adams2019,
// Mullapudi2016, Li2018) for all three, the GEMM tutorial's final schedule and the shipped
// hand-written schedules — and prints the ratios, the machine's ISA, the load average and
// how long the search took to reach 90% of its final best. A command, not a CTest test
// (bench/README.md).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../cpu/BenchIsa.h"
#include "../cpu/IdleWait.h"
#include "../cpu/OneDnnGemm.h"
#include "../cpu/OpenBlasGemm.h"
#include "../cpu/Timing.h"
#include "HalideAuto.h"
#include "Isolated.h"
#include "MeasureInChild.h"
#include "OneDnnConv.h"
#include "Suite.h"
#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runtime/MachinePeak.h"
#include "runtime/NDArray.h"
#include "script/Evaluator.h"
#include "tune/BlockedArguments.h"
#include "tune/ChildProcessRunner.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tessera::bench {
namespace {

constexpr const char* kUsage =
    R"(Usage: tessera-bench-tune [--trials N] [--seconds S] [--only gemm|conv2d|softmax] [--quick] [--seed N]
                         [--halide-seconds S] [--isa native|avx2] [--rounds N]
       tessera-bench-tune --suite [--budget S] [--only NAME,...] [--suite-dir DIR] [--isa native|avx2]
                         [--rounds N] [--seed N] [--threads 1|all] [--blocked-inputs]
                         [--blocked-outputs] [--argument-block N] [--round-ms MS]

Tunes each workload from its bare te definition within the budget (per workload: at most
N measured candidates and S seconds; defaults 96 and 200), then compares the best
schedule with OpenBLAS / oneDNN, Halide 14's autoschedulers, the GEMM tutorial's final
schedule and the shipped hand-written schedule, all timed in the same run.
--quick: 24 trials, 60 s each (a smoke run).
--halide-seconds: the limit for each Halide autoscheduler (schedule, compile, time) in its
child process; one that runs past it is skipped with the reason (default 120).
--isa avx2: every contender AVX2-only on an AVX-512 machine — Tessera compiles for
-mcpu=haswell and tunes for 8 lanes / 16 registers, oneDNN, OpenBLAS and Halide are
limited to AVX2 (bench/cpu/BenchIsa.h); the ISA each ran with is printed. Default native.
--rounds: the closing comparison's interleaved rounds (default 15): each round times the
tuned schedule and then every contender; a ratio is the median of the per-round ratios,
so that a machine whose speed drifts compares contenders at the same moment (each
contender's per-round ratios are listed, and the ratio of the fastest rounds beside).
--suite: the real-layer suite instead (bench/suite/*.py: ResNet-50, MobileNetV2, BERT-base
layers, an awkward GEMM, layer norm, softmax), each tuned --budget seconds (default 300)
from its bare definition and compared with oneDNN's matching primitive (blocked layouts,
and the te definition's layouts with the reorders timed) or, memory-bound, with the
measured bandwidth; --only takes suite names (file stems, comma-separated) there.
--threads 1: (suite) Tessera's thread pool (TESSERA_NUM_THREADS=1) and oneDNN on one thread,
tuning included: on a shared 2-core machine two threads mostly time the scheduler.
--blocked-inputs, --blocked-outputs: (suite) tuned with `tessera-cli tune` given the same:
the kernel may take its inputs, or write its output, in blocked layouts, as oneDNN's blocked
primitive is handed them, and is compared with that one alone. --argument-block N: in blocks
of N channels (oneDNN's nChw16c: 16) instead of each schedule's own.
--round-ms MS: (suite) each closing round times every kernel for at least MS ms (10 to 2000
calls, after a 10 ms warm-up); default the search's own timing window (10 ms).
)";

struct Options {
  int trials = 96;
  double seconds = 200;
  std::string only;
  uint64_t seed = 1;
  double halide_seconds = 120;  // per autoscheduler: schedule, compile, check and time
  // Closing comparison rounds. A shared VM's per-round ratios spread 0.5-1.4 (one round in
  // five or so lands in a slow moment of one side): with 9 the median moved by 0.1-0.2
  // between runs of the same kernels; 15 rounds cost a child's compile (~1 s) each.
  int rounds = 15;
  std::string isa = "native";  // --isa (BenchIsa.h)
  bool suite = false;          // --suite (Suite.h)
  double budget = 300;         // --budget: the suite's tuning seconds per workload
  std::string suite_dir = std::string(TESSERA_SOURCE_DIR) + "/bench/suite";
  bool rounds_given = false;
  bool one_thread = false;         // --threads 1 (suite)
  double round_ms = 0;             // --round-ms (suite)
  tune::BlockedArguments blocked;  // --blocked-inputs, --blocked-outputs (suite)
};

struct Workload {
  std::string name;     // "gemm", "conv2d", "softmax"
  std::string title;    // "GEMM 1024^3"
  std::string bare;     // the te definition + create_schedule, no primitives
  std::string shipped;  // resources/examples/<x>_fast.py
};

const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((1024, 1024), name="A", dtype="float32")
B = te.placeholder((1024, 1024), name="B", dtype="float32")
k = te.reduce_axis((0, 1024), name="k")
C = te.compute((1024, 1024), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

const char* kConv = R"(import tvm
from tvm import te
data = te.placeholder((1, 64, 56, 56), name="data")
kernel = te.placeholder((64, 64, 3, 3), name="kernel")
pad = te.compute((1, 64, 58, 58), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < 57, w >= 1, w < 57), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, "float32")), name="pad")
rc = te.reduce_axis((0, 64), name="rc")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
conv = te.compute((1, 64, 56, 56), lambda n, f, y, x: te.sum(pad[n, rc, y + ry, x + rx] * kernel[f, rc, ry, rx], axis=[rc, ry, rx]), name="conv")
s = te.create_schedule(conv.op)
)";

const char* kSoftmax = R"(import tvm
from tvm import te
A = te.placeholder((1024, 1024), name="A")
k = te.reduce_axis((0, 1024), name="k")
maxelem = te.compute((1024,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, 1024), name="k2")
expsum = te.compute((1024,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((1024, 1024), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")
s = te.create_schedule(B.op)
)";

std::string ReadSource(const std::string& path) {
  std::ifstream in(std::string(TESSERA_SOURCE_DIR) + "/" + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

double GemmReferenceMs(bool onednn_gemm) {
  const int64_t n = 1024;
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<float>((i * 7) % 13) / 13.0f - 0.5f;
    b[i] = static_cast<float>((i * 5) % 11) / 11.0f - 0.5f;
  }
  auto run = [&] {
    if (onednn_gemm)
      onednn::Gemm(n, n, n, a.data(), b.data(), c.data());
    else
      openblas::Gemm(n, n, n, a.data(), b.data(), c.data());
  };
  return TimeRuns(run, 10).median_ms;
}

void PrintRatio(const char* label, double tessera_ms, double reference_ms) {
  if (reference_ms > 0)
    std::printf("  %-34s %9.3f ms   tuned/reference speed ratio %.2fx\n", label, reference_ms,
                reference_ms / tessera_ms);
  else
    std::printf("  %-34s not available\n", label);
}

// One line of the closing summary: the tuned kernel against the best reference.
struct Summary {
  std::string workload;
  double tuned_ms = -1, best_reference_ms = -1, halide_best_ms = -1, seconds_to_90 = -1;
  double best_reference_ratio = -1;  // the median of its per-round ratios
  std::string best_reference;
  std::string load;  // the load average when its references were timed
};

// A contender of the closing comparison, timed once per round after the tuned schedule.
struct Contender {
  Contender(std::string l, std::function<double()> t, bool r = false)
      : label(std::move(l)), time_ms(std::move(t)), reference(r) {}
  std::string label;
  std::function<double()> time_ms;  // <= 0: failed or not available
  bool reference = false;           // one of the summary's references (oneDNN / OpenBLAS)
  std::vector<double> ms, ratios;   // per round: its time, its time / the tuned one's
};

// One autoscheduler in a child process (Isolated.h): schedule, compile, check, time.
// Its answer: "ok <median ms> <schedule ms> <compile ms> <max error>" or "error <why>".
std::string HalideChild(const std::string& workload, const char* name) {
  halide_auto::AutoKernel k = workload == "gemm"     ? halide_auto::MakeGemm(name, 1024, 1024, 1024)
                              : workload == "conv2d" ? halide_auto::MakeConv2d(name, 64, 56)
                                                     : halide_auto::MakeSoftmax(name, 1024, 1024);
  if (!k.run) return "error " + k.error.substr(0, 160);
  const double ms = TimeRuns(k.run, 10).median_ms;
  char line[160];
  std::snprintf(line, sizeof line, "ok %.6f %.1f %.1f %.3g", ms, k.schedule_ms, k.compile_ms,
                k.max_error);
  return line;
}

// Halide's autoschedulers on the same algorithm, each timed like the references, each in
// a child with a time limit: Adams2019's beam search (HL_BEAM_SIZE, 32 by default) ran
// away on conv2d once; a scheduler that does not finish is skipped with the reason.
double HalideAutoschedulers(const std::string& workload, double tuned_ms, double limit_s) {
  double best = -1;
  for (const char* const* name = halide_auto::SchedulerNames(); *name; ++name) {
    std::string label = std::string("Halide 14 autoscheduler ") + *name;
    WaitForOtherThreadsIdle();  // the child shares the cores with this process's runtimes
    IsolatedResult r =
        RunIsolated([&] { return HalideChild(workload, *name); }, limit_s, 8ull << 30);
    if (!r.ok || r.text.rfind("ok ", 0) != 0) {
      std::string why = r.ok ? r.text.substr(r.text.find(' ') + 1) : r.failure;
      if (std::string(*name) == "Adams2019") {
        const char* beam = std::getenv("HL_BEAM_SIZE");
        why += std::string("; HL_BEAM_SIZE=") + (beam ? beam : "unset (32)");
      }
      std::printf("  %-34s skipped: %s\n", label.c_str(), why.c_str());
      continue;
    }
    double ms = -1, schedule_ms = 0, compile_ms = 0, max_error = -1;
    std::sscanf(r.text.c_str(), "ok %lf %lf %lf %lf", &ms, &schedule_ms, &compile_ms, &max_error);
    PrintRatio(label.c_str(), tuned_ms, ms);
    std::printf("    (scheduled in %.0f ms, compiled in %.0f ms, max error %.1e)\n", schedule_ms,
                compile_ms, max_error);
    if (ms > 0 && (best < 0 || ms < best)) best = ms;
  }
  std::fflush(stdout);
  return best;
}

void BenchWorkload(const Workload& w, const Options& options, std::vector<Summary>* summaries) {
  std::printf("\n== %s: tuning from the bare te definition (budget: %d trials, %.0f s) ==\n",
              w.title.c_str(), options.trials, options.seconds);
  std::fflush(stdout);
  auto program = script::EvaluateScript(w.bare, w.name + ".py");
  if (!program) {
    std::printf("  error: %s\n", program.error().format().c_str());
    return;
  }
  std::string error;
  auto runner = tune::ChildProcessRunner::Create("", &error);
  if (!runner) {
    std::printf("  error: %s\n", error.c_str());
    return;
  }
  tune::TuneOptions o;
  o.trials = options.trials;
  o.time_budget_s = options.seconds;
  o.batch_size = 8;
  o.repeat = 3;
  o.timeout_s = 20;
  o.measure_input = false;  // the bare schedule is serial and naive: minutes for GEMM 1024^3
  o.seed = options.seed;
  tune::TuneCallbacks cb;
  cb.on_trial = [](const tune::TuneTrial& t) {
    // (a failed candidate's kind — timeout, crash, check_failed — says whether it was
    // the machine or the schedule)
    if (t.status != "ok")
      std::printf("  [%3d] %6.1f s  a %s candidate: %s\n", t.index, t.elapsed_s, t.source.c_str(),
                  t.status.c_str());
    if (t.index % 8 == 0)
      std::printf("  [%3d] %6.1f s  best %7.2f GFLOP/s\n", t.index, t.elapsed_s, t.best_gflops),
          std::fflush(stdout);
  };
  auto result = tune::Tune(*program, *runner, nullptr, runner::ReadMachineSignature(), o, cb);
  if (!result || !result->best) {
    std::printf("  tuning failed: %s\n",
                result ? "no candidate ran" : result.error().message.c_str());
    return;
  }
  std::printf(
      "  %d measured (%d failed, %d of them stopped at their timing limit, %d invalid samples "
      "skipped) in %.1f s; 90%% of the final best after %.1f s; %d would-be bests timed again, "
      "%d of them slower then\n",
      result->measured, result->failed, result->too_slow, result->invalid, result->elapsed_s,
      result->seconds_to_90_percent, result->confirmations, result->demoted);
  if (result->rerank_rounds > 0)
    std::printf("  then the %d fastest timed again in %d rounds, each keeping its median\n",
                result->reranked, result->rerank_rounds);
  else
    std::printf("  not re-ranked (no time left of the budget, or fewer than 2 records)\n");
  std::printf("  load average now: %s\n", LoadAverage().c_str());
  // The comparison in interleaved rounds: each round times the tuned schedule, then every
  // contender, and a ratio is taken within its round. On a shared or virtual machine whose
  // speed drifts by tens of percent from one minute to the next (seen: an Emerald Rapids
  // VM timing one schedule at 0.74 and at 1.17 ms a few seconds apart), contenders timed
  // once each, one after the other, were compared at different speeds.
  std::vector<Contender> contenders;
  // A measurement's id names its result file in the runner's folder, where a result found
  // is taken as measured before (resume): each round's measurement gets an id of its own.
  auto child = [&](const std::string& id, const std::string& script) {
    return [&runner, id, script, round = 0]() mutable {
      runner::MeasureResult m =
          MeasureInChild(*runner, id + "-round" + std::to_string(++round), script, 10);
      return m.status == runner::MeasureStatus::Ok ? m.median_ms : -1.0;
    };
  };
  contenders.push_back({w.shipped + " (shipped)",
                        child("shipped-" + w.name, ReadSource("resources/examples/" + w.shipped))});
  if (w.name == "gemm") {
    contenders.push_back({"GEMM tutorial step 7 (TVM's schedule)",
                          child("tutorial-7", ReadSource("bench/gemm_tutorial/7_parallel.py"))});
    openblas::SetThreads(0);
    onednn::SetThreads(0);
    contenders.push_back({openblas::Available() ? "OpenBLAS cblas_sgemm" : "OpenBLAS",
                          [] { return openblas::Available() ? GemmReferenceMs(false) : -1.0; },
                          true});
    contenders.push_back({onednn::Available() ? "oneDNN dnnl_sgemm" : "oneDNN",
                          [] { return onednn::Available() ? GemmReferenceMs(true) : -1.0; }, true});
  } else if (w.name == "conv2d") {
    onednn::SetThreads(0);
    contenders.push_back({"oneDNN convolution (direct)",
                          [] {
                            std::string why;
                            const double ms = onednn::TimeConv({1, 64, 64, 56, 56, 3, 1}, 10, &why);
                            if (ms < 0) std::printf("    (oneDNN convolution: %s)\n", why.c_str());
                            return ms;
                          },
                          true});
    // The same tensors as the te definition's (NCHW in and out): reorders timed. Not a
    // reference of the summary, which keeps oneDNN's best case.
    contenders.push_back({"oneDNN conv NCHW (reorders timed)", [] {
                            std::string why;
                            const double ms = onednn::TimeConv({1, 64, 64, 56, 56, 3, 1}, 10, &why,
                                                               onednn::ConvLayouts::kUserNchw);
                            if (ms < 0) std::printf("    (oneDNN conv NCHW: %s)\n", why.c_str());
                            return ms;
                          }});
  }
  std::vector<double> tuned_ms;
  double mflop = 0;  // the workload's floating-point work (GFLOP/s x ms)
  for (int round = 0; round < options.rounds; ++round) {
    runner::MeasureResult best = MeasureInChild(
        *runner, "best-" + w.name + "-round" + std::to_string(round + 1), result->best->script, 10);
    if (best.status != runner::MeasureStatus::Ok) {
      std::printf("  the best schedule failed when timed again: %s\n", best.message.c_str());
      return;
    }
    tuned_ms.push_back(best.median_ms);
    mflop = best.gflops * best.median_ms;
    for (Contender& c : contenders) {
      const double ms = c.time_ms();
      if (ms <= 0) continue;
      c.ms.push_back(ms);
      c.ratios.push_back(ms / best.median_ms);
    }
  }
  const Timing rounds = Summarize(tuned_ms);
  const double tuned = rounds.median_ms;
  std::printf(
      "  tuned        %9.3f ms   %7.2f GFLOP/s   %.0f%% of peak   (median of %d rounds; min %.3f, "
      "max %.3f)\n",
      tuned, mflop / tuned, 100.0 * mflop / tuned / runtime::HostMachinePeak().PeakGflops(0),
      options.rounds, rounds.min_ms, *std::max_element(tuned_ms.begin(), tuned_ms.end()));
  Summary summary;
  summary.workload = w.title;
  summary.tuned_ms = tuned;
  summary.seconds_to_90 = result->seconds_to_90_percent;
  for (const Contender& c : contenders) {
    if (c.ms.empty()) {
      std::printf("  %-34s not available\n", c.label.c_str());
      continue;
    }
    const double ms = Summarize(c.ms).median_ms, ratio = Summarize(c.ratios).median_ms;
    std::printf(
        "  %-34s %9.3f ms   tuned/reference speed ratio %.2fx   (median of %zu per-round ratios, "
        "%.2f-%.2f; fastest rounds %.2fx)\n",
        c.label.c_str(), ms, ratio, c.ratios.size(),
        *std::min_element(c.ratios.begin(), c.ratios.end()),
        *std::max_element(c.ratios.begin(), c.ratios.end()),
        Summarize(c.ms).min_ms / rounds.min_ms);
    std::string per_round;
    for (double r : c.ratios) {
      char buf[16];
      std::snprintf(buf, sizeof buf, " %.2f", r);
      per_round += buf;
    }
    std::printf("  %-34s   per round:%s\n", "", per_round.c_str());
    if (c.reference && (summary.best_reference_ms < 0 || ms < summary.best_reference_ms)) {
      summary.best_reference_ms = ms;
      summary.best_reference_ratio = ratio;
      summary.best_reference = c.label;
    }
  }
  std::fflush(stdout);
  summary.halide_best_ms = HalideAutoschedulers(w.name, tuned, options.halide_seconds);
  summary.load = LoadAverage();
  summaries->push_back(summary);
  std::printf("  best schedule:\n");
  // Every schedule line: those after create_schedule, before the closing print (a filter
  // on "s[" dropped `X_rf = s.rfactor(...)`, and the listing did not replay).
  std::istringstream lines(result->best->script);
  bool in_schedule = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("te.create_schedule") != std::string::npos) {
      in_schedule = true;
      continue;
    }
    if (in_schedule && !line.empty() && line.rfind("print(", 0) != 0)
      std::printf("    %s\n", line.c_str());
  }
  std::fflush(stdout);
}

}  // namespace
}  // namespace tessera::bench

int main(int argc, char** argv) {
  using namespace tessera;
  using namespace tessera::bench;
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&](const char* what) -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "tessera-bench-tune: %s needs a value\n", what);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--trials")
      options.trials = std::atoi(next("--trials").c_str());
    else if (a == "--seconds")
      options.seconds = std::atof(next("--seconds").c_str());
    else if (a == "--only")
      options.only = next("--only");
    else if (a == "--seed")
      options.seed = std::strtoull(next("--seed").c_str(), nullptr, 10);
    else if (a == "--halide-seconds")
      options.halide_seconds = std::atof(next("--halide-seconds").c_str());
    else if (a == "--quick")
      options.trials = 24, options.seconds = 60;
    else if (a == "--isa")
      options.isa = next("--isa");
    else if (a == "--rounds")
      options.rounds = std::atoi(next("--rounds").c_str()), options.rounds_given = true;
    else if (a == "--suite")
      options.suite = true;
    else if (a == "--budget")
      options.budget = std::atof(next("--budget").c_str());
    else if (a == "--suite-dir")
      options.suite_dir = next("--suite-dir");
    else if (a == "--threads")
      options.one_thread = next("--threads") == "1";
    else if (a == "--blocked-inputs")
      options.blocked.inputs = true;
    else if (a == "--blocked-outputs")
      options.blocked.outputs = true;
    else if (a == "--round-ms")
      options.round_ms = std::atof(next("--round-ms").c_str());
    else if (a == "--argument-block")
      options.blocked.block = std::atoll(next("--argument-block").c_str());
    else if (a == "-h" || a == "--help")
      return std::printf("%s", kUsage), 0;
    else
      return std::fprintf(stderr, "tessera-bench-tune: unknown option %s\n%s", a.c_str(), kUsage),
             2;
  }
  if (options.trials < 1 || options.rounds < 1 || !(options.seconds > 0) ||
      !(options.halide_seconds > 0))
    return std::fprintf(stderr, "%s", kUsage), 2;
  if (options.blocked.block != 0 && (options.blocked.block < 2 || !options.blocked.any()))
    return std::fprintf(stderr,
                        "tessera-bench-tune: --argument-block expects a number of channels from "
                        "2 on, with --blocked-inputs or --blocked-outputs\n%s",
                        kUsage),
           2;
  if (!(options.round_ms >= 0) || (options.round_ms > 0 && !options.suite))
    return std::fprintf(stderr,
                        "tessera-bench-tune: --round-ms expects milliseconds (>= 0) and is a "
                        "--suite option\n%s",
                        kUsage),
           2;
  if (options.blocked.any() && !options.suite)
    return std::fprintf(stderr,
                        "tessera-bench-tune: --blocked-inputs and --blocked-outputs are --suite "
                        "options\n%s",
                        kUsage),
           2;
  // Before anything starts the runtime's pool (and before isa::Apply re-executes argv,
  // which keeps the variable): every Tessera kernel of the run, the tuner's included.
  if (options.one_thread) setenv("TESSERA_NUM_THREADS", "1", 1);
  if (std::string problem = isa::Apply(options.isa, argv); !problem.empty())
    return std::fprintf(stderr, "tessera-bench-tune: %s\n", problem.c_str()), 2;
  if (!codegen::LLVMAvailable())
    return std::printf("tessera-bench-tune: not available: no LLVM backend\n"), 4;
  const runtime::MachinePeak& peak = runtime::HostMachinePeak();
  tune::TargetInfo target = tune::HostTargetInfo();
  std::printf("machine: %s\n", peak.Describe().c_str());
  if (options.suite) {
    if (!(options.budget > 0)) return std::fprintf(stderr, "%s", kUsage), 2;
    std::printf("tuning for: %s, %d fp32 lanes, %d vector registers, %d cores (--isa %s)\n",
                target.isa.c_str(), target.vector_lanes, target.vector_registers, target.cores,
                isa::Current().c_str());
    std::printf("onednn: %s\n", onednn::Description());
    std::printf("load average at the start: %s\n", LoadAverage().c_str());
    SuiteOptions suite;
    suite.budget_s = options.budget;
    suite.rounds = options.rounds_given ? options.rounds : 9;
    suite.dir = options.suite_dir;
    suite.seed = options.seed;
    suite.threads = options.one_thread ? 1 : 0;
    suite.blocked = options.blocked;
    suite.round_ms = options.round_ms;
    std::stringstream names(options.only);
    for (std::string name; std::getline(names, name, ',');)
      if (!name.empty()) suite.only.push_back(name);
    return RunSuite(suite);
  }
  std::printf("tuning for: %s, %d fp32 lanes, %d vector registers, %d cores\n", target.isa.c_str(),
              target.vector_lanes, target.vector_registers, target.cores);
  std::printf("openblas: %s\nonednn: %s\n",
              openblas::Available() ? openblas::Description() : "not available",
              onednn::Description());
  isa::PrintContenders();
  std::printf(
      "times: median of 10 calls after one warm-up, every core; Tessera kernels in a child "
      "process, references in this one;\n"
      "       %d interleaved rounds (the tuned schedule, then each contender): medians over "
      "rounds, ratios within a round\n",
      options.rounds);
  std::printf("load average at the start: %s\n", LoadAverage().c_str());
  std::vector<Summary> summaries;
  const std::vector<Workload> workloads = {
      {"gemm", "GEMM 1024^3", kGemm, "gemm_fast.py"},
      {"conv2d", "ResNet-50 conv2d 3x3, 1x64x56x56, 64 filters", kConv, "conv2d_fast.py"},
      {"softmax", "softmax 1024^2", kSoftmax, "softmax_fast.py"}};
  for (const Workload& w : workloads)
    if (options.only.empty() || options.only == w.name) BenchWorkload(w, options, &summaries);
  std::printf("\n== summary (%s, --isa %s, %d cores; load average at the end: %s) ==\n",
              target.isa.c_str(), isa::Current().c_str(), target.cores, LoadAverage().c_str());
  for (const Summary& s : summaries) {
    std::printf("  %-46s tuned %8.3f ms", s.workload.c_str(), s.tuned_ms);
    if (s.best_reference_ms > 0)
      std::printf("   %.2fx the best of oneDNN/OpenBLAS (%s)", s.best_reference_ratio,
                  s.best_reference.c_str());
    if (s.halide_best_ms > 0)
      std::printf("   %.2fx the best Halide autoscheduler", s.halide_best_ms / s.tuned_ms);
    std::printf("   90%% of the best after %.0f s   (load %s)\n", s.seconds_to_90, s.load.c_str());
  }
  return 0;
}
