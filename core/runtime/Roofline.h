// Roofline: where one measured run of a kernel sits under this machine's ceilings, per
// memory level. The operational intensity at a level is the workload's flops over the
// bytes that level delivers (analysis/TrafficModel.h); the attainable speed there is
// min(peak, bandwidth x intensity).
//
// The run is "bound by" the lowest ceiling that is at or above its measured speed (or
// "compute" when that is the peak). A ceiling below the measured speed cannot be what
// holds the run back: the level delivered fewer bytes than the model counts (loads kept
// in registers, say) or its bandwidth was measured low; such a level is marked
// `exceeded` instead. A run above every ceiling is bound by nothing ("").
#pragma once

#include <string>
#include <vector>

#include "analysis/TrafficModel.h"
#include "runtime/MemoryBandwidth.h"

namespace tessera::runtime {

struct RooflineLevel {
  std::string level;     // "L1", "L2", "L3", "DRAM"
  double bytes = 0;      // traffic of one call
  double intensity = 0;  // flops per byte
  double gbps = 0;       // measured ceiling, 0 when unknown
  double attainable_gflops = 0;
  bool exceeded = false;  // the run is faster than this ceiling
};

struct RooflinePoint {
  double flops = 0;
  double seconds = 0;
  double gflops = 0;       // measured
  double peak_gflops = 0;  // the flat ceiling
  std::vector<RooflineLevel> levels;
  std::string bound_by;  // see above: a level, "compute", or "" (above every ceiling)
};

RooflinePoint MakeRooflinePoint(double flops, double seconds,
                                const analysis::TrafficEstimate& traffic,
                                const MemoryBandwidth& bandwidth, double peak_gflops);

}  // namespace tessera::runtime
