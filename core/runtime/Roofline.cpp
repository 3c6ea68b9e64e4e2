#include "runtime/Roofline.h"

#include <limits>

namespace tessera::runtime {

namespace {

// Measured speeds and ceilings come from different clocks and roundings: a run within
// this fraction of a ceiling is under it.
constexpr double kTolerance = 1e-9;

bool Under(double gflops, double ceiling) { return gflops <= ceiling * (1 + kTolerance); }

}  // namespace

RooflinePoint MakeRooflinePoint(double flops, double seconds,
                                const analysis::TrafficEstimate& traffic,
                                const MemoryBandwidth& bandwidth, double peak_gflops) {
  RooflinePoint p;
  p.flops = flops;
  p.seconds = seconds;
  p.gflops = seconds > 0 ? flops / seconds / 1e9 : 0;
  p.peak_gflops = peak_gflops;
  double lowest = std::numeric_limits<double>::infinity();
  if (peak_gflops > 0 && Under(p.gflops, peak_gflops)) {
    lowest = peak_gflops;
    p.bound_by = "compute";
  }
  for (const analysis::LevelTraffic& t : traffic.levels) {
    RooflineLevel l;
    l.level = t.level;
    l.bytes = t.bytes;
    l.intensity = t.bytes > 0 ? flops / t.bytes : 0;
    l.gbps = bandwidth.gbps(t.level).value_or(0);
    l.attainable_gflops = l.gbps * l.intensity;
    if (peak_gflops > 0 && l.attainable_gflops > peak_gflops) l.attainable_gflops = peak_gflops;
    if (l.gbps > 0 && t.bytes > 0) {
      l.exceeded = !Under(p.gflops, l.attainable_gflops);
      if (!l.exceeded && l.attainable_gflops < lowest) {
        lowest = l.attainable_gflops;
        p.bound_by = l.level;
      }
    }
    p.levels.push_back(l);
  }
  return p;
}

}  // namespace tessera::runtime
