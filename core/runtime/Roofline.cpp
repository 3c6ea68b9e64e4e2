#include "runtime/Roofline.h"

namespace tessera::runtime {

RooflinePoint MakeRooflinePoint(double flops, double seconds, const analysis::TrafficEstimate& traffic,
                                const MemoryBandwidth& bandwidth, double peak_gflops) {
  RooflinePoint p;
  p.flops = flops;
  p.seconds = seconds;
  p.gflops = seconds > 0 ? flops / seconds / 1e9 : 0;
  p.peak_gflops = peak_gflops;
  p.bound_by = "compute";
  double lowest = peak_gflops > 0 ? peak_gflops : 0;
  for (const analysis::LevelTraffic& t : traffic.levels) {
    RooflineLevel l;
    l.level = t.level;
    l.bytes = t.bytes;
    l.intensity = t.bytes > 0 ? flops / t.bytes : 0;
    l.gbps = bandwidth.gbps(t.level).value_or(0);
    l.attainable_gflops = l.gbps * l.intensity;
    if (peak_gflops > 0 && l.attainable_gflops > peak_gflops) l.attainable_gflops = peak_gflops;
    if (l.gbps > 0 && t.bytes > 0 && (lowest <= 0 || l.attainable_gflops < lowest)) {
      lowest = l.attainable_gflops;
      p.bound_by = l.level;
    }
    p.levels.push_back(l);
  }
  return p;
}

}  // namespace tessera::runtime
