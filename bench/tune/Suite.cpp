#include "Suite.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "../cpu/OneDnnGemm.h"
#include "../cpu/Timing.h"
#include "MeasureInChild.h"
#include "OneDnnLayer.h"
#include "Roofline.h"
#include "analysis/CacheHierarchy.h"
#include "runner/MachineSignature.h"
#include "runtime/MachinePeak.h"
#include "runtime/MemoryBandwidth.h"
#include "script/Evaluator.h"
#include "tune/ChildProcessRunner.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tessera::bench {
namespace {

// "inputs", "outputs" or "inputs and outputs".
std::string BlockedArgumentsText(const tune::BlockedArguments& blocked) {
  const std::string in_blocks =
      blocked.block > 0 ? " (blocks of " + std::to_string(blocked.block) + " channels)" : "";
  if (blocked.inputs && blocked.outputs) return "inputs and outputs" + in_blocks;
  return (blocked.inputs ? "inputs" : "outputs") + in_blocks;
}

// The closing rounds' warm-up before each timing, the tuned kernel's (in its child, after
// its build) and oneDNN's (after the child ran): a short kernel's first calls run slower
// than it runs back to back, and after one warm-up call a short kernel's median of 10
// calls timed that transition (bench/README.md).
constexpr double kRoundWarmupMs = 10;

// The most calls a closing round times one kernel with: --round-ms asks for more than
// the search's tune::kMaxTimedCalls when a longer window steadies the rounds.
constexpr int kMaxRoundCalls = 2000;

// The geometric mean over the layers the suite aims at (issue #39), against which the
// summary states what share of the roofline it takes.
constexpr double kTargetMean = 1.1;

// A suite script: its te definition and what it is compared with.
struct SuiteWorkload {
  std::string name;   // the file's stem
  std::string title;  // its first comment line
  std::string script;
  std::optional<onednn::LayerSpec> layer;  // "# onednn: ..."
  double roof_bytes = 0;                   // "# roof: bytes=N"
};

// The text after `tag` on the script's comment line that starts with it ("" when none).
std::string CommentField(const std::string& script, const std::string& tag) {
  std::istringstream lines(script);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(tag, 0) == 0) return line.substr(tag.size());
  return "";
}

std::optional<SuiteWorkload> LoadWorkload(const std::filesystem::path& path, std::string* error) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  SuiteWorkload w;
  w.name = path.stem().string();
  w.script = text.str();
  if (w.script.empty()) {
    *error = path.string() + ": empty or unreadable";
    return std::nullopt;
  }
  std::istringstream lines(w.script);
  std::getline(lines, w.title);
  if (w.title.rfind("# ", 0) == 0) w.title = w.title.substr(2);
  if (std::string spec = CommentField(w.script, "# onednn:"); !spec.empty()) {
    w.layer = onednn::ParseLayerSpec(spec, error);
    if (!w.layer) {
      *error = path.string() + ": " + *error;
      return std::nullopt;
    }
  } else if (std::string roof = CommentField(w.script, "# roof: bytes="); !roof.empty()) {
    w.roof_bytes = std::atof(roof.c_str());
  }
  if (!w.layer && !(w.roof_bytes > 0)) {
    *error = path.string() + ": neither a '# onednn: ...' nor a '# roof: bytes=N' line";
    return std::nullopt;
  }
  return w;
}

double Median(std::vector<double> v) { return Summarize(std::move(v)).median_ms; }

// One row of the summary.
struct Row {
  std::string name;
  double ratio_blocked = -1, ratio_user = -1;  // oneDNN ms / tuned ms, median of rounds
  double roof_fraction = -1;                   // memory-bound: roof time / tuned time
  double ceiling = -1;  // oneDNN blocked ms / the roofline: no schedule's ratio passes it
  double peak_percent = -1, seconds_to_90 = -1, tuned_ms = -1;
  bool failed = false;
};

std::string Spread(const std::vector<double>& ratios) {
  if (ratios.empty()) return "";
  char text[64];
  std::snprintf(text, sizeof text, "%.2f-%.2f", *std::min_element(ratios.begin(), ratios.end()),
                *std::max_element(ratios.begin(), ratios.end()));
  return text;
}

int SuiteCores(const SuiteOptions& options) {
  return options.threads > 0 ? options.threads : std::max(1, runtime::HostMachinePeak().cores);
}

// GB/s of the suite's cores streaming `bytes` between them: the data stays where it fits
// between the timed calls (the same inputs every call), so this is the bandwidth at the
// workload's own size, which holds where the machine does not report the cache that
// keeps it. 0 when nothing could be streamed.
double StreamGbpsAtSize(double bytes, const SuiteOptions& options) {
  const int cores = SuiteCores(options);
  return runtime::MeasureStreamGbps(static_cast<int64_t>(bytes) / cores, cores);
}

Row RunWorkload(const SuiteWorkload& w, const SuiteOptions& options, runner::Runner& runner,
                const runtime::MemoryBandwidth& bandwidth) {
  Row row;
  row.name = w.name;
  std::printf("\n== %s: %s ==\n", w.name.c_str(), w.title.c_str());
  std::fflush(stdout);
  auto program = script::EvaluateScript(w.script, w.name + ".py");
  if (!program) {
    std::printf("  error: %s\n", program.error().format().c_str());
    row.failed = true;
    return row;
  }
  // oneDNN first: its check says whether the layer description matches before minutes
  // of tuning are spent on it.
  std::unique_ptr<onednn::Layer> blocked, user;
  if (w.layer) {
    std::string why;
    for (auto layouts : {onednn::LayerLayouts::kPreferred, onednn::LayerLayouts::kUser}) {
      if (layouts == onednn::LayerLayouts::kUser && options.blocked.any()) {
        std::printf("  oneDNN user layouts: not compared (the tuned kernel's %s may be blocked)\n",
                    BlockedArgumentsText(options.blocked).c_str());
        continue;
      }
      auto layer = onednn::Layer::Create(*w.layer, layouts, &why);
      const char* label = layouts == onednn::LayerLayouts::kPreferred ? "blocked" : "user layouts";
      if (!layer) {
        std::printf("  oneDNN %s: %s\n", label, why.c_str());
        continue;
      }
      const double err = layer->Check(&why);
      if (err < 0 || err > 1e-4) {
        std::printf("  oneDNN %s (%s): WRONG RESULT (%s)\n", label, layer->implementation().c_str(),
                    err < 0 ? why.c_str() : ("max relative error " + std::to_string(err)).c_str());
        row.failed = true;
        continue;
      }
      std::printf("  oneDNN %-13s %s, %s, checked (max error %.1e of the products' sum)\n", label,
                  w.layer->Describe().c_str(), layer->implementation().c_str(), err);
      (layouts == onednn::LayerLayouts::kPreferred ? blocked : user) = std::move(layer);
    }
  }
  tune::TuneOptions o;
  o.trials = 1 << 20;  // the time budget decides
  o.time_budget_s = options.budget_s;
  o.batch_size = 8;
  o.repeat = 3;
  o.timeout_s = 30;
  o.measure_input = false;  // bare definitions run serially and naively: minutes for some
  o.seed = options.seed;
  o.blocked = options.blocked;
  tune::TuneCallbacks cb;
  cb.on_trial = [](const tune::TuneTrial& t) {
    if (t.status != "ok")
      std::printf("  [%3d] %6.1f s  a %s candidate: %s\n", t.index, t.elapsed_s, t.source.c_str(),
                  t.status.c_str());
    if (t.index % 16 == 0)
      std::printf("  [%3d] %6.1f s  best %7.2f GFLOP/s\n", t.index, t.elapsed_s, t.best_gflops),
          std::fflush(stdout);
  };
  // The re-ranking's rounds and what they changed: why the pick is the one it is.
  cb.on_message = [](const std::string& m) {
    if (m.rfind("re-rank", 0) == 0) std::printf("  %s\n", m.c_str());
  };
  auto result = tune::Tune(*program, runner, nullptr, runner::ReadMachineSignature(), o, cb);
  if (!result || !result->best) {
    std::printf("  tuning failed: %s\n",
                result ? "no candidate ran" : result.error().message.c_str());
    row.failed = true;
    return row;
  }
  row.seconds_to_90 = result->seconds_to_90_percent;
  std::printf(
      "  tuned: %d measured (%d failed, %d of them stopped at their timing limit) in %.0f s; 90%% "
      "of the final best after %.0f s\n",
      result->measured, result->failed, result->too_slow, result->elapsed_s,
      result->seconds_to_90_percent);
  const std::string& best_script = result->best->script;
  runner::MeasureResult checked =
      MeasureInChild(runner, "suite-" + w.name + "-check", best_script, 10, true);
  if (checked.status != runner::MeasureStatus::Ok) {
    std::printf("  the tuned schedule failed its check against the te oracle: %s %s\n",
                std::string(runner::MeasureStatusName(checked.status)).c_str(),
                checked.message.c_str());
    row.failed = true;
    return row;
  }
  std::printf("  tuned schedule checked against the te oracle (max error %.1e)\n",
              checked.max_error);
  // Each round's timings, the tuned kernel's and oneDNN's alike: a warm-up of at least
  // kRoundWarmupMs, then as many calls as last --round-ms (default the search's
  // min_timed_ms; at least 10 calls).
  // At least 10 calls, lasting --round-ms or else the search's own window.
  const int calls = options.round_ms > 0
                        ? tune::TimedCalls(10, options.round_ms, checked.median_ms, kMaxRoundCalls)
                        : tune::TimedCalls(10, o.min_timed_ms, checked.median_ms);
  std::vector<double> tuned, r_blocked, r_user, ms_blocked, ms_user;
  for (int round = 0; round < options.rounds; ++round) {
    runner::MeasureResult m =
        MeasureInChild(runner, "suite-" + w.name + "-round" + std::to_string(round + 1),
                       best_script, calls, false, kRoundWarmupMs);
    if (m.status != runner::MeasureStatus::Ok) continue;
    tuned.push_back(m.median_ms);
    if (blocked) {
      const double ms = blocked->TimeMs(calls, kRoundWarmupMs);
      ms_blocked.push_back(ms);
      r_blocked.push_back(ms / m.median_ms);
    }
    if (user) {
      const double ms = user->TimeMs(calls, kRoundWarmupMs);
      ms_user.push_back(ms);
      r_user.push_back(ms / m.median_ms);
    }
  }
  if (tuned.empty()) {
    std::printf("  the tuned schedule failed when timed again\n");
    row.failed = true;
    return row;
  }
  const double tuned_ms = Median(tuned);
  row.tuned_ms = tuned_ms;
  const double flops = w.layer ? w.layer->Flops() : checked.flops;
  const double peak = runtime::HostMachinePeak().PeakGflops(options.threads);
  if (flops > 0 && peak > 0) row.peak_percent = 100.0 * flops / (tuned_ms * 1e6) / peak;
  std::printf("  tuned        %9.3f ms (median of %zu rounds of %d calls, %s)", tuned_ms,
              tuned.size(), calls, Spread(tuned).c_str());
  if (row.peak_percent >= 0)
    std::printf("   %6.1f GFLOP/s = %.0f%% of the FMA peak", flops / (tuned_ms * 1e6),
                row.peak_percent);
  std::printf("\n");
  const double blocked_ms = ms_blocked.empty() ? 0.0 : Median(ms_blocked);
  if (!r_blocked.empty()) {
    row.ratio_blocked = Median(r_blocked);
    std::printf("  oneDNN blocked        %9.3f ms   ratio %.2fx (per round %s)\n", blocked_ms,
                row.ratio_blocked, Spread(r_blocked).c_str());
  }
  if (!r_user.empty()) {
    row.ratio_user = Median(r_user);
    std::printf("  oneDNN user+reorders  %9.3f ms   ratio %.2fx (per round %s)\n", Median(ms_user),
                row.ratio_user, Spread(r_user).c_str());
  }
  if (w.layer && !ms_blocked.empty()) {
    const double bytes = w.layer->Bytes();
    const double gbps = StreamGbpsAtSize(bytes, options);
    const Roofline roofline = LayerRoofline(flops, bytes, peak, gbps);
    row.ceiling = RatioCeiling(blocked_ms, roofline);
    if (row.ceiling > 0)
      std::printf(
          "  roofline     %9.3f ms   (%s-bound: FMA peak %.3f ms, %.2f MB at %.0f GB/s %.3f ms): "
          "tuned at %.0f%%, oneDNN blocked at %.0f%%; no schedule passes %.2fx\n",
          roofline.ms(), roofline.memory_bound() ? "memory" : "FMA", roofline.fma_ms, bytes / 1e6,
          gbps, roofline.memory_ms, 100.0 * roofline.ms() / tuned_ms, 100.0 / row.ceiling,
          row.ceiling);
  }
  if (w.roof_bytes > 0) {
    // The level the reported hierarchy names is printed beside the measured bandwidth.
    const std::string level = analysis::HostCacheHierarchy().FittingLevel(
        static_cast<int64_t>(w.roof_bytes) / SuiteCores(options));
    const double gbps = StreamGbpsAtSize(w.roof_bytes, options);
    if (gbps > 0) {
      const double roof_ms = w.roof_bytes / (gbps * 1e6);
      row.roof_fraction = roof_ms / tuned_ms;
      std::string reported;
      if (std::optional<double> at_level = bandwidth.gbps(level))
        reported = ", " + level +
                   " by the reported caches: " + std::to_string(static_cast<int>(*at_level + 0.5)) +
                   " GB/s";
      std::printf(
          "  bandwidth roof %9.3f ms   (%.1f MB streamed at its size: %.0f GB/s%s): tuned at "
          "%.0f%% of the roof\n",
          roof_ms, w.roof_bytes / 1e6, gbps, reported.c_str(), 100.0 * row.roof_fraction);
    } else {
      std::printf("  bandwidth roof: the %.1f MB working set could not be streamed\n",
                  w.roof_bytes / 1e6);
    }
  }
  std::printf("  best schedule:\n");
  std::istringstream lines(best_script);
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
  return row;
}

}  // namespace

int RunSuite(const SuiteOptions& options) {
  namespace fs = std::filesystem;
  const fs::path dir = options.dir;
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.path().extension() == ".py") files.push_back(entry.path());
  if (ec || files.empty()) {
    std::fprintf(stderr, "tessera-bench-tune: no suite scripts in %s\n", dir.c_str());
    return 2;
  }
  std::sort(files.begin(), files.end());
  std::vector<SuiteWorkload> workloads;
  for (const fs::path& f : files) {
    if (!options.only.empty() && std::find(options.only.begin(), options.only.end(),
                                           f.stem().string()) == options.only.end())
      continue;
    std::string error;
    auto w = LoadWorkload(f, &error);
    if (!w) {
      std::fprintf(stderr, "tessera-bench-tune: %s\n", error.c_str());
      return 2;
    }
    workloads.push_back(std::move(*w));
  }
  for (const std::string& name : options.only)
    if (std::none_of(workloads.begin(), workloads.end(),
                     [&](const SuiteWorkload& w) { return w.name == name; })) {
      std::fprintf(stderr, "tessera-bench-tune: no suite workload '%s' in %s\n", name.c_str(),
                   dir.c_str());
      return 2;
    }
  std::string error;
  auto runner = tune::ChildProcessRunner::Create("", &error);
  if (!runner) {
    std::fprintf(stderr, "tessera-bench-tune: %s\n", error.c_str());
    return 1;
  }
  onednn::SetThreads(options.threads);
  const tune::TargetInfo target = tune::HostTargetInfo();
  std::printf(
      "suite: %zu workloads from %s, tuned %.0f s each from the bare definition, then %d "
      "interleaved rounds (tuned, oneDNN blocked, oneDNN on the te layouts with reorders);\n"
      "ratio = oneDNN time / tuned time (> 1: Tessera faster), the median of the per-round "
      "ratios with their range\n",
      workloads.size(), dir.c_str(), options.budget_s, options.rounds);
  if (options.blocked.any())
    std::printf(
        "blocked %s: the tuner may lay them out in blocks, as oneDNN blocked is handed them "
        "(its reorders untimed); compared with oneDNN blocked alone\n",
        BlockedArgumentsText(options.blocked).c_str());
  // Measured now, not read from the cache: a cached figure may come from another build of
  // the streaming kernel (an instrumented test build reads a tenth as fast) or another load.
  const runtime::MemoryBandwidth bandwidth =
      runtime::MeasureMemoryBandwidth(analysis::HostCacheHierarchy(), 0);
  std::printf("memory bandwidth (measured now): %s\n", bandwidth.Describe().c_str());
  std::vector<Row> rows;
  for (const SuiteWorkload& w : workloads)
    rows.push_back(RunWorkload(w, options, *runner, bandwidth));

  std::printf(
      "\n== suite table (%s, %d lanes, %d cores%s; load average %s) ==\n", target.isa.c_str(),
      target.vector_lanes, target.cores,
      options.blocked.any() ? (", blocked " + BlockedArgumentsText(options.blocked)).c_str() : "",
      LoadAverage().c_str());
  std::printf("  %-16s %10s %13s %13s %8s %8s %8s\n", "workload", "tuned ms", "vs oneDNN blk",
              "vs oneDNN usr", "% peak", "ceiling", "90% at");
  double log_sum = 0, log_user = 0, log_ceiling = 0;
  int counted = 0, counted_user = 0, counted_ceiling = 0, failures = 0;
  const Row* worst = nullptr;
  for (const Row& r : rows) {
    if (r.failed) ++failures;
    char blk[32] = "-", usr[32] = "-", pk[16] = "-", allowed[16] = "-";
    if (r.ratio_blocked > 0) std::snprintf(blk, sizeof blk, "%.2fx", r.ratio_blocked);
    if (r.ratio_user > 0) std::snprintf(usr, sizeof usr, "%.2fx", r.ratio_user);
    if (r.roof_fraction > 0) std::snprintf(blk, sizeof blk, "%.0f%% roof", 100 * r.roof_fraction);
    if (r.peak_percent >= 0 && r.roof_fraction < 0)
      std::snprintf(pk, sizeof pk, "%.0f%%", r.peak_percent);
    if (r.ceiling > 0) std::snprintf(allowed, sizeof allowed, "%.2fx", r.ceiling);
    std::printf("  %-16s %10.3f %13s %13s %8s %8s %7.0fs%s\n", r.name.c_str(), r.tuned_ms, blk, usr,
                pk, allowed, r.seconds_to_90, r.failed ? "  FAILED" : "");
    if (r.ratio_user > 0) log_user += std::log(r.ratio_user), ++counted_user;
    if (r.ceiling > 0) log_ceiling += std::log(r.ceiling), ++counted_ceiling;
    if (r.ratio_blocked > 0) {
      log_sum += std::log(r.ratio_blocked);
      ++counted;
      if (!worst || r.ratio_blocked < worst->ratio_blocked) worst = &r;
    }
  }
  char on_user[64] = "";
  if (counted_user > 0)
    std::snprintf(on_user, sizeof on_user, " (%.2fx on the te layouts with reorders)",
                  std::exp(log_user / counted_user));
  if (counted > 0)
    std::printf(
        "summary: geometric mean %.2fx oneDNN blocked over %d layers%s; worst %s %.2fx; %d "
        "failed\n",
        std::exp(log_sum / counted), counted, on_user, worst->name.c_str(), worst->ratio_blocked,
        failures);
  else
    std::printf("summary: no layer compared with oneDNN; %d failed\n", failures);
  // What the roofline allows: with every layer at its roofline the geometric mean would
  // be the ceilings' mean; a target mean needs, on average, target / that of the roofline.
  if (counted_ceiling > 0) {
    const double mean_ceiling = std::exp(log_ceiling / counted_ceiling);
    std::printf(
        "ceiling: geometric mean %.2fx over %d layers (oneDNN blocked's time over the "
        "roofline); a geometric mean of %.2fx needs %.0f%% of the roofline on average\n",
        mean_ceiling, counted_ceiling, kTargetMean, 100.0 * kTargetMean / mean_ceiling);
  }
  return failures > 0 ? 1 : 0;
}

}  // namespace tessera::bench
