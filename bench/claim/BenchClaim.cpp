// tessera-bench-claim: does the tuner's "×N the input schedule" hold when someone else
// measures it? For each FILE it runs
//   tessera-cli tune FILE --trials N --json
// keeps the claim (the speed-up of the best over FILE's own schedule, from the tuner's
// interleaved rounds, with the 95% intervals of both medians) and the best schedule as a
// script, then profiles FILE and the tuned script alternately in separate processes,
//   tessera-cli profile FILE --json --repeat C      (the order swaps every round)
// for R rounds, and compares the two sides' per-round medians with the same statistics
// the tuner uses (runner/TimingStats.h). A speed-up claim reproduces when the re-measured
// speed-up lies within the claim's stated spread (the report's speedup_spread). When the
// tuner found no speed-up (it offers FILE's own schedule), the best it found is
// re-profiled instead, and "no speed-up" holds when the re-measured speed-up is at most
// the stated spread's upper end: a re-profiling that finds the best faster than the
// claim allowed says the tuner threw a speed-up away.
// Prints the CPU and the load average before and after; exits 1 when a claim does not
// reproduce, 2 on a usage error or a failed command.
//
//   tessera-bench-claim [--cli PATH] [--trials N] [--rounds R] [--repeat C] [--seed S]
//                       [FILE...]          (default: gemm.py and tensorir/gemm_tir.py)
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "runner/TimingStats.h"
#include "runtime/CpuCount.h"
#include "runtime/MachinePeak.h"
#include "support/JsonReader.h"

namespace {

using tessera::JsonValue;
using tessera::runner::TimingComparison;

struct Options {
  std::string cli = TESSERA_CLI_PATH;
  int trials = 32;
  int rounds = 10;
  int repeat = 10;
  int seed = 1;
  std::vector<std::string> files;
};

const char* kUsage =
    "Usage: tessera-bench-claim [--cli PATH] [--trials N] [--rounds R] [--repeat C] [--seed S]\n"
    "                           [FILE...]\n"
    "  --cli PATH    the tessera-cli to run (default: the one built with this command)\n"
    "  --trials N    candidates the tuner measures (default 32)\n"
    "  --rounds R    alternated re-profiling rounds (default 10, at least 3)\n"
    "  --repeat C    timed calls of each profile (default 10)\n"
    "  --seed S      the tuner's random seed (default 1)\n"
    "  FILE          scripts or shipped example names (default: the GEMM example gemm.py\n"
    "                and the TensorIR GEMM resources/examples/tensorir/gemm_tir.py)\n";

std::optional<int> PositiveInt(const char* text) {
  char* end = nullptr;
  long v = std::strtol(text, &end, 10);
  if (!end || *end || v < 1 || v > 100000) return std::nullopt;
  return static_cast<int>(v);
}

std::optional<Options> Parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    bool has_value = i + 1 < argc;
    if (a == "--cli" && has_value) {
      o.cli = argv[++i];
      continue;
    }
    int* into = a == "--trials"   ? &o.trials
                : a == "--rounds" ? &o.rounds
                : a == "--repeat" ? &o.repeat
                : a == "--seed"   ? &o.seed
                                  : nullptr;
    if (into && has_value) {
      std::optional<int> v = PositiveInt(argv[++i]);
      if (!v) return std::nullopt;
      *into = *v;
    } else if (!a.empty() && a[0] != '-') {
      o.files.push_back(a);
    } else {
      return std::nullopt;
    }
  }
  if (o.rounds < 3) return std::nullopt;
  if (o.files.empty()) {
    const char* env = std::getenv("TESSERA_SOURCE_DIR");
    o.files = {"gemm.py", std::string(env && *env ? env : TESSERA_SOURCE_DIR) +
                              "/resources/examples/tensorir/gemm_tir.py"};
  }
  return o;
}

std::string Quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The command's standard output (its standard error goes to ours: the tuner's progress);
// nullopt when it fails.
std::optional<std::string> Output(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return std::nullopt;
  std::string out;
  char chunk[4096];
  while (size_t n = std::fread(chunk, 1, sizeof chunk, pipe)) out.append(chunk, n);
  if (pclose(pipe) != 0) return std::nullopt;
  return out;
}

std::optional<JsonValue> Json(const std::string& text, const std::string& what) {
  auto parsed = tessera::ParseJson(text, what);
  if (!parsed || !parsed->is_object()) {
    std::fprintf(stderr, "tessera-bench-claim: %s printed no JSON object: %s\n", what.c_str(),
                 parsed ? "not an object" : parsed.error().message.c_str());
    return std::nullopt;
  }
  return std::move(parsed.value());
}

double Number(const JsonValue& o, const char* key) {
  const JsonValue* v = o.find(key);
  return v && v->is_number() ? v->number : 0.0;
}

std::string Text(const JsonValue& o, const char* key) {
  const JsonValue* v = o.find(key);
  return v && v->is_string() ? v->string : std::string();
}

// [low, high] of a two-number array member, when it is one.
std::optional<std::pair<double, double>> Interval(const JsonValue& o, const char* key) {
  const JsonValue* v = o.find(key);
  if (!v || !v->is_array() || v->items.size() != 2 || !v->items[0].is_number() ||
      !v->items[1].is_number())
    return std::nullopt;
  return std::pair{v->items[0].number, v->items[1].number};
}

std::string LoadAverage() {
  std::ifstream in("/proc/loadavg");
  double one = 0, five = 0, fifteen = 0;
  if (!(in >> one >> five >> fifteen)) return "load average unknown";
  char text[64];
  std::snprintf(text, sizeof text, "load average %.2f %.2f %.2f", one, five, fifteen);
  return text;
}

// The speed-ups a pair of median intervals allows: the baseline's over the candidate's.
std::pair<double, double> SpeedupSpread(double base_low, double base_high, double cand_low,
                                        double cand_high) {
  return {cand_high > 0 ? base_low / cand_high : 0.0, cand_low > 0 ? base_high / cand_low : 0.0};
}

enum class Verdict { kHolds, kFails, kNothingClaimed, kFailedToRun };

// Tunes `file`, re-profiles it against its best alternately and prints the comparison.
Verdict Check(const Options& o, const std::string& file, const std::filesystem::path& work) {
  std::printf("\n%s: tune --trials %d --seed %d (%s)\n", file.c_str(), o.trials, o.seed,
              LoadAverage().c_str());
  std::fflush(stdout);
  const std::string cli = Quoted(o.cli);
  std::optional<std::string> tuned =
      Output(cli + " tune " + Quoted(file) + " --json --trials " + std::to_string(o.trials) +
             " --seed " + std::to_string(o.seed));
  if (!tuned) {
    std::printf("  the tune command failed\n");
    return Verdict::kFailedToRun;
  }
  std::optional<JsonValue> report = Json(*tuned, "tune " + file);
  if (!report) return Verdict::kFailedToRun;
  // A TensorIR report has no "claim" kind: a speed-up there is a measured claim.
  std::string claim = Text(*report, "claim");
  if (claim.empty() && report->find("speedup")) claim = "measured";
  std::printf("  claim: %s\n", Text(*report, "claim_text").c_str());
  // With no speed-up the report offers the input; the best found is what was timed.
  const bool no_speedup = claim == "no_speedup";
  const std::string script = Text(*report, no_speedup ? "fastest_found_script" : "best_script");
  if (script.empty()) {
    std::printf("  no best schedule: nothing to re-profile\n");
    return Verdict::kNothingClaimed;
  }
  std::filesystem::path best = work / (std::filesystem::path(file).stem().string() + "_tuned.py");
  std::ofstream(best) << script;

  // The two sides alternate, the order swapping every round, in fresh processes.
  const std::string profile = " --json --repeat " + std::to_string(o.repeat);
  const std::string commands[2] = {cli + " profile " + Quoted(file) + profile,
                                   cli + " profile " + Quoted(best.string()) + profile};
  std::vector<double> medians[2];
  std::vector<double> ratios;
  for (int round = 0; round < o.rounds; ++round) {
    double median[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
      int side = (round + k) % 2;
      std::optional<std::string> out = Output(commands[side] + " 2>/dev/null");
      std::optional<JsonValue> json =
          out ? Json(*out, side ? "profile (tuned)" : "profile (input)") : std::nullopt;
      if (!json || Number(*json, "median_ms") <= 0) {
        std::printf("  profiling the %s schedule failed\n", side ? "tuned" : "input");
        return Verdict::kFailedToRun;
      }
      median[side] = Number(*json, "median_ms");
      medians[side].push_back(median[side]);
    }
    ratios.push_back(median[0] / median[1]);
  }
  TimingComparison again = tessera::runner::CompareTimings(medians[0], medians[1]);
  std::sort(ratios.begin(), ratios.end());
  auto [again_low, again_high] = SpeedupSpread(again.baseline.low, again.baseline.high,
                                               again.candidate.low, again.candidate.high);
  std::printf(
      "  re-profiled alternately, %d rounds x %d calls: input %.4g ms (%.4g-%.4g), tuned %.4g ms "
      "(%.4g-%.4g)\n",
      o.rounds, o.repeat, again.baseline.median, again.baseline.low, again.baseline.high,
      again.candidate.median, again.candidate.low, again.candidate.high);
  std::printf("  reproduced x%.2f (spread x%.2f-x%.2f; per-round ratios min x%.2f, max x%.2f)\n",
              again.speedup, again_low, again_high, ratios.front(), ratios.back());

  if (claim != "measured" && !no_speedup) {
    std::printf("  nothing claimed (%s): the tuned schedule is x%.2f the input here, %s\n",
                claim.empty() ? "no claim in the report" : claim.c_str(), again.speedup,
                again.withinNoise() ? "within noise" : "more than noise");
    return Verdict::kNothingClaimed;
  }
  const double claimed = Number(*report, "speedup");
  const JsonValue* noise = report->find("within_noise");
  if (noise && noise->is_bool() && noise->boolean)
    std::printf("  (the tuner itself calls x%.2f within noise: it claims no speed-up)\n", claimed);
  auto best_interval = Interval(*report, "best_interval_ms");
  auto input_interval = Interval(*report, "input_interval_ms");
  // The stated spread: the report's own (its processes' speed-ups included), or the one
  // the two intervals allow (reports before it had one).
  std::optional<std::pair<double, double>> stated = Interval(*report, "speedup_spread");
  if (!stated && best_interval && input_interval)
    stated = SpeedupSpread(input_interval->first, input_interval->second, best_interval->first,
                           best_interval->second);
  if (input_interval && best_interval)
    std::printf(
        "  claimed medians: input %.4g ms (%.4g-%.4g), best %.4g ms (%.4g-%.4g); "
        "re-profiled / claimed: input %.2f, tuned %.2f\n",
        Number(*report, "input_claim_median_ms"), input_interval->first, input_interval->second,
        Number(*report, "best_claim_median_ms"), best_interval->first, best_interval->second,
        again.baseline.median / std::max(1e-12, Number(*report, "input_claim_median_ms")),
        again.candidate.median / std::max(1e-12, Number(*report, "best_claim_median_ms")));
  bool holds = false;
  if (stated && no_speedup) {
    auto [low, high] = *stated;
    holds = again.speedup <= high;
    std::printf(
        "  no speed-up: the best found measured x%.2f (stated spread x%.2f-x%.2f); re-profiled "
        "x%.2f is %s the spread's upper end\n",
        claimed, low, high, again.speedup, holds ? "at most" : "ABOVE");
  } else if (stated) {
    auto [low, high] = *stated;
    holds = again.speedup >= low && again.speedup <= high;
    std::printf("  claimed x%.2f (stated spread x%.2f-x%.2f): reproduced x%.2f is %s it\n", claimed,
                low, high, again.speedup, holds ? "within" : "OUTSIDE");
  } else {  // a report without intervals: the claim must lie in the re-measured spread
    holds = claimed >= again_low && claimed <= again_high;
    std::printf("  claimed x%.2f (no stated spread): %s the re-measured spread x%.2f-x%.2f\n",
                claimed, holds ? "within" : "OUTSIDE", again_low, again_high);
  }
  std::printf("  => the claim %s; reproduced / claimed = %.2f (%s)\n",
              holds ? "reproduces" : "does NOT reproduce", again.speedup / claimed,
              LoadAverage().c_str());
  return holds ? Verdict::kHolds : Verdict::kFails;
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<Options> o = Parse(argc, argv);
  if (!o) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::string pattern =
      (std::filesystem::temp_directory_path() / "tessera-bench-claim-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    std::perror("tessera-bench-claim: a work folder");
    return 2;
  }
  const std::filesystem::path work = pattern;
  std::printf(
      "tessera-bench-claim: the tuner's claimed speed-up over the input schedule, re-profiled\n"
      "CPU: %s, %d usable CPUs; %s\n",
      tessera::runtime::HostMachinePeak().cpu_name.c_str(), tessera::runtime::UsableCpus(),
      LoadAverage().c_str());
  int fails = 0, errors = 0;
  for (const std::string& file : o->files) {
    Verdict v = Check(*o, file, work);
    fails += v == Verdict::kFails;
    errors += v == Verdict::kFailedToRun;
    std::fflush(stdout);
  }
  std::error_code ec;
  std::filesystem::remove_all(work, ec);
  return errors ? 2 : fails ? 1 : 0;
}
