#include "runner/TimingStats.h"

#include <algorithm>
#include <cmath>

namespace tessera::runner {
namespace {

std::vector<double> Usable(std::vector<double> samples) {
  samples.erase(std::remove_if(samples.begin(), samples.end(),
                               [](double t) { return !std::isfinite(t) || t <= 0; }),
                samples.end());
  return samples;
}

}  // namespace

double MedianOf(std::vector<double> samples) {
  if (samples.empty()) return 0;
  std::sort(samples.begin(), samples.end());
  const size_t n = samples.size();
  return n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
}

double MedianInterval::relativeHalfWidth() const {
  if (!known() || median <= 0) return 0;
  return 0.5 * (high - low) / median;
}

MedianInterval MedianConfidenceInterval(std::vector<double> samples, double confidence) {
  MedianInterval out;
  samples = Usable(std::move(samples));
  if (samples.empty()) return out;
  std::sort(samples.begin(), samples.end());
  const int n = static_cast<int>(samples.size());
  out.samples = n;
  out.median = MedianOf(samples);
  const double alpha = 1.0 - std::clamp(confidence, 1e-6, 1.0 - 1e-9);
  // The largest rank k (1-based) with 2 P(B <= k-1) <= alpha, B ~ Binomial(n, 1/2);
  // the interval is [x_(k), x_(n-k+1)]. Each probability in log space: 2^-n underflows.
  int k = 1;
  double tail = 0;  // P(B <= k-1) for the k chosen
  double cumulative = 0, log_pmf = -n * std::log(2.0);
  for (int i = 0; i + 1 <= (n + 1) / 2; ++i) {
    cumulative += std::exp(log_pmf);  // now P(B <= i)
    if (i == 0) tail = cumulative;
    if (2 * cumulative > alpha) break;
    k = i + 1;  // rank i + 1 keeps the coverage
    tail = cumulative;
    log_pmf += std::log(double(n - i) / double(i + 1));
  }
  out.low = samples[size_t(k - 1)];
  out.high = samples[size_t(n - k)];
  out.coverage = 1.0 - 2.0 * tail;
  return out;
}

const char* NoiseVerdictName(NoiseVerdict v) {
  switch (v) {
    case NoiseVerdict::kDiffers:
      return "differs";
    case NoiseVerdict::kWithinNoise:
      return "within noise";
    case NoiseVerdict::kUnknown:
      break;
  }
  return "unknown";
}

TimingComparison CompareTimings(const std::vector<double>& baseline_ms,
                                const std::vector<double>& candidate_ms) {
  TimingComparison c;
  c.baseline = MedianConfidenceInterval(baseline_ms);
  c.candidate = MedianConfidenceInterval(candidate_ms);
  if (!c.baseline.known() || !c.candidate.known()) return c;
  c.speedup = c.baseline.median / c.candidate.median;
  const bool overlap = c.baseline.low <= c.candidate.high && c.candidate.low <= c.baseline.high;
  c.verdict = overlap ? NoiseVerdict::kWithinNoise : NoiseVerdict::kDiffers;
  return c;
}

std::pair<double, double> TimingComparison::speedupSpread() const {
  if (!baseline.known() || !candidate.known() || !(candidate.high > 0) || !(candidate.low > 0))
    return {0, 0};
  double low = baseline.low / candidate.high, high = baseline.high / candidate.low;
  if (processes > 1) {
    low = std::min({low, process_speedup_low, unpaired_speedup_low});
    high = std::max({high, process_speedup_high, unpaired_speedup_high});
  }
  return {low, high};
}

TimingComparison CompareTimingsAcrossProcesses(const std::vector<ProcessTimings>& processes) {
  std::vector<double> baseline, candidate, speedups, baseline_medians, candidate_medians;
  for (const ProcessTimings& p : processes) {
    const std::vector<double> b = Usable(p.baseline_ms), c = Usable(p.candidate_ms);
    if (b.empty() || c.empty()) continue;
    baseline.insert(baseline.end(), b.begin(), b.end());
    candidate.insert(candidate.end(), c.begin(), c.end());
    baseline_medians.push_back(MedianOf(b));
    candidate_medians.push_back(MedianOf(c));
    speedups.push_back(baseline_medians.back() / candidate_medians.back());
  }
  TimingComparison out = CompareTimings(baseline, candidate);
  if (speedups.empty()) return out;
  out.processes = static_cast<int>(speedups.size());
  out.process_speedup_low = *std::min_element(speedups.begin(), speedups.end());
  out.process_speedup_high = *std::max_element(speedups.begin(), speedups.end());
  const auto [b_low, b_high] =
      std::minmax_element(baseline_medians.begin(), baseline_medians.end());
  const auto [c_low, c_high] =
      std::minmax_element(candidate_medians.begin(), candidate_medians.end());
  out.unpaired_speedup_low = *b_low / *c_high;
  out.unpaired_speedup_high = *b_high / *c_low;
  const auto [low, high] = out.speedupSpread();
  if (out.verdict == NoiseVerdict::kDiffers && low <= 1.0 && 1.0 <= high)
    out.verdict = NoiseVerdict::kWithinNoise;
  return out;
}

InterleavedPlan PlanInterleavedRounds(int calls) {
  calls = std::max(1, calls);
  InterleavedPlan plan;
  plan.rounds = std::min(calls, 10);
  plan.calls_per_round = (calls + plan.rounds - 1) / plan.rounds;
  return plan;
}

Result<std::vector<std::vector<double>>> MeasureInterleaved(
    int count, const InterleavedPlan& plan,
    const std::function<Result<std::vector<double>>(int kernel, int calls)>& time,
    const std::function<bool()>& cancelled) {
  if (count < 1) return Error("nothing to measure: no kernel given");
  if (plan.rounds < 1 || plan.calls_per_round < 1)
    return Error("an interleaved plan needs at least one round of one call");
  std::vector<std::vector<double>> out(static_cast<size_t>(count));
  for (int round = 0; round < plan.rounds; ++round) {
    if (cancelled && cancelled()) break;
    for (int j = 0; j < count; ++j) {
      const int kernel = (round + j) % count;
      auto times = time(kernel, plan.calls_per_round);
      if (!times.ok())
        return Error("kernel " + std::to_string(kernel) + ": " + times.error().message);
      out[size_t(kernel)].insert(out[size_t(kernel)].end(), times->begin(), times->end());
    }
  }
  return out;
}

}  // namespace tessera::runner
