#include "tune/HostSpeed.h"

#include <algorithm>
#include <vector>

namespace tessera::tune {

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

bool HasHostProbes(const runner::MeasureResult& r) {
  if (!(r.bytes > 0) || r.flops < kComputeBoundFlopsPerByte * r.bytes) return false;
  if (r.probe_ms.empty() || r.probe_ms.size() != r.times_ms.size()) return false;
  for (size_t i = 0; i < r.probe_ms.size(); ++i)
    if (!(r.probe_ms[i] > 0) || !(r.times_ms[i] > 0)) return false;
  return true;
}

double MedianProbeMs(const runner::MeasureResult& r) {
  return HasHostProbes(r) ? Median(r.probe_ms) : 0.0;
}

double HostNormalizedMs(const runner::MeasureResult& r, double reference_ms) {
  if (!HasHostProbes(r) || !(reference_ms > 0)) return r.median_ms;
  std::vector<double> ratios;
  for (size_t i = 0; i < r.times_ms.size(); ++i) ratios.push_back(r.times_ms[i] / r.probe_ms[i]);
  return Median(std::move(ratios)) * reference_ms;
}

}  // namespace tessera::tune
