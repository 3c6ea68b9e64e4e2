// Number formatting and progress lines that several tessera-cli subcommands print alike:
// a profile's timing block (`run`/`profile`, locally or through a runner) and a tuning
// run's per-trial progress and trial list (te and TensorIR `tune`).
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "support/Json.h"
#include "tune/Tuner.h"

namespace tessera::cli {

// `v` with `digits` decimals ("%.*f").
std::string Fixed(double v, int digits);

// The timing block under a profile's title line:
//   min / median in ms, GFLOP/s with the flops per run, GB/s with the argument bytes.
void PrintTimingBlock(std::ostream& out, double min_ms, double median_ms, double gflops,
                      double flops, double gbps, double bytes);

// on_trial for a tuning run: "tune: [3/64] seed ok 41.20 GFLOP/s  best 52.10 GFLOP/s (4.1 s)".
std::function<void(const tune::TuneTrial&)> TrialProgressPrinter(std::ostream& err, int trials);

// "key": [low, high].
void WriteInterval(JsonWriter& w, const char* key, double low, double high);

// A tuning run's claim over the input schedule in its JSON report: "claim" (none,
// input_is_best, measured, no_speedup), "claim_text", and for a timed one (measured,
// no_speedup) "speedup", "within_noise", both medians (as measured, in ms) with their
// intervals and calls, and "speedup_spread" (the speed-ups the measurements allow, the
// processes' own ones included) with "claim_processes" and "claim_timed_by" (rerank_rounds:
// the tuning process's re-ranking rounds; claim_processes: fresh measurement processes).
void WriteClaimJson(JsonWriter& w, const tune::SpeedupClaim& claim);

// The schedule a tuning run offers (tune::OfferedBest): "best_median_ms", "best_gflops"
// and "best_script" of it, "offered" ("best", or "input" when the claim found no
// speed-up), "best_timing" ("claim": milliseconds as the claim's processes measured them;
// "records": at the machine's reference speed), and with the input offered,
// "fastest_found_script": the best found, which the claim timed against it; and
// "offered_argument_layouts": the arguments the offered kernel takes or writes laid out
// anew (blocked arguments), each {"name", "output", "map", "shape"}, [] for none.
void WriteOfferedJson(JsonWriter& w, const tune::OfferedSchedule& offered,
                      const tune::TuningRecord& best);

// The header line of a tuned script: "<GFLOP/s> GFLOP/s, median <ms> ms (as the claim
// timed it)" or "(at the machine's reference speed)".
std::string OfferedSpeed(const tune::OfferedSchedule& offered);

// The "trials" array of a tuning run's JSON report.
void WriteTrialsJson(JsonWriter& w, const std::vector<tune::TuneTrial>& trials);

}  // namespace tessera::cli
