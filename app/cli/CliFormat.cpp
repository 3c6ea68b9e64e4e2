#include "CliFormat.h"

#include <algorithm>
#include <cstdio>

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

void WriteClaimJson(JsonWriter& w, const tune::SpeedupClaim& claim) {
  const char* kinds[] = {"none", "input_is_best", "measured"};
  w.key("claim")
      .value(kinds[static_cast<int>(claim.kind)])
      .key("claim_text")
      .value(tune::ClaimText(claim));
  if (claim.kind != tune::SpeedupClaim::Kind::kMeasured) return;
  const runner::TimingComparison& c = claim.comparison;
  const auto [low, high] = c.speedupSpread();
  w.key("speedup")
      .value(c.speedup)
      .key("within_noise")
      .value(c.withinNoise())
      .key("best_claim_median_ms")
      .value(c.candidate.median)
      .key("input_claim_median_ms")
      .value(c.baseline.median)
      .key("best_interval_ms")
      .begin_array()
      .value(c.candidate.low)
      .value(c.candidate.high)
      .end_array()
      .key("input_interval_ms")
      .begin_array()
      .value(c.baseline.low)
      .value(c.baseline.high)
      .end_array()
      .key("best_calls")
      .value(c.candidate.samples)
      .key("input_calls")
      .value(c.baseline.samples)
      .key("speedup_spread")
      .begin_array()
      .value(low)
      .value(high)
      .end_array()
      .key("claim_processes")
      .value(std::max(1, c.processes));
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
