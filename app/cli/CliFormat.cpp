#include "CliFormat.h"

#include <algorithm>
#include <cstdio>

#include "tune/ArgumentLayouts.h"

namespace tessera::cli {

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

void PrintTimingBlock(std::ostream& out, double min_ms, double median_ms, double gflops,
                      double flops, double gbps, double bytes) {
  out << "  min     " << Fixed(min_ms, 3) << " ms\n"
      << "  median  " << Fixed(median_ms, 3) << " ms\n"
      << "  " << Fixed(gflops, 2) << " GFLOP/s (" << Fixed(flops, 0) << " flops per run)\n"
      << "  " << Fixed(gbps, 2) << " GB/s (" << Fixed(bytes, 0) << " bytes of arguments)\n";
}

std::function<void(const tune::TuneTrial&)> TrialProgressPrinter(std::ostream& err, int trials) {
  return [&err, trials](const tune::TuneTrial& t) {
    err << "tune: [" << t.index << "/" << trials << "] " << t.source << " " << t.status;
    if (t.status == tune::kStatusOk) err << " " << Fixed(t.gflops, 2) << " GFLOP/s";
    err << "  best " << Fixed(t.best_gflops, 2) << " GFLOP/s  (" << Fixed(t.elapsed_s, 1)
        << " s)\n";
  };
}

void WriteInterval(JsonWriter& w, const char* key, double low, double high) {
  w.key(key).begin_array().value(low).value(high).end_array();
}

void WriteClaimJson(JsonWriter& w, const tune::SpeedupClaim& claim) {
  const char* kinds[] = {"none", "input_is_best", "measured", "no_speedup"};
  w.key("claim")
      .value(kinds[static_cast<int>(claim.kind)])
      .key("claim_text")
      .value(tune::ClaimText(claim));
  if (!claim.timed()) return;
  const runner::TimingComparison& c = claim.comparison;
  const auto [low, high] = c.speedupSpread();
  w.key("speedup")
      .value(c.speedup)
      .key("within_noise")
      .value(c.withinNoise())
      .key("best_claim_median_ms")
      .value(c.candidate.median)
      .key("input_claim_median_ms")
      .value(c.baseline.median);
  WriteInterval(w, "best_interval_ms", c.candidate.low, c.candidate.high);
  WriteInterval(w, "input_interval_ms", c.baseline.low, c.baseline.high);
  w.key("best_calls").value(c.candidate.samples).key("input_calls").value(c.baseline.samples);
  WriteInterval(w, "speedup_spread", low, high);
  // processes 0: timed in the tuning process's own re-ranking rounds, not in fresh ones.
  w.key("claim_processes")
      .value(std::max(1, c.processes))
      .key("claim_timed_by")
      .value(c.processes > 0 ? "claim_processes" : "rerank_rounds");
}

void WriteOfferedJson(JsonWriter& w, const tune::OfferedSchedule& offered,
                      const tune::TuningRecord& best) {
  w.key("best_median_ms")
      .value(offered.median_ms)
      .key("best_gflops")
      .value(offered.gflops)
      .key("best_timing")
      .value(offered.from_claim ? "claim" : "records")
      .key("offered")
      .value(offered.is_input ? "input" : "best")
      .key("best_script")
      .value(offered.record.script);
  if (offered.is_input) w.key("fastest_found_script").value(best.script);
  w.key("offered_argument_layouts").begin_array();
  for (const tune::ArgumentLayout& a : tune::LaidOutArguments(offered.record))
    w.begin_object()
        .key("name")
        .value(a.name)
        .key("output")
        .value(a.output)
        .key("map")
        .value(a.map)
        .key("shape")
        .value(a.shape)
        .end_object();
  w.end_array();
}

std::string OfferedSpeed(const tune::OfferedSchedule& offered) {
  return Fixed(offered.gflops, 2) + " GFLOP/s, median " + Fixed(offered.median_ms, 3) + " ms " +
         (offered.from_claim ? "(as the claim timed it)" : "(at the machine's reference speed)");
}

void WriteTrialsJson(JsonWriter& w, const std::vector<tune::TuneTrial>& trials) {
  w.key("trials").begin_array();
  for (const tune::TuneTrial& t : trials)
    w.begin_object()
        .key("index")
        .value(t.index)
        .key("source")
        .value(t.source)
        .key("status")
        .value(t.status)
        .key("median_ms")
        .value(t.median_ms)
        .key("gflops")
        .value(t.gflops)
        .key("best_gflops")
        .value(t.best_gflops)
        .key("elapsed_s")
        .value(t.elapsed_s)
        .end_object();
  w.end_array();
}

}  // namespace tessera::cli
