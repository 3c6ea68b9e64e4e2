// Roofline: where one measured run of a kernel sits under this machine's ceilings, per
// memory level (issue #15). The operational intensity at a level is the workload's
// flops over the bytes that level delivers (analysis/TrafficModel.h); the attainable
// speed there is min(peak, bandwidth x intensity); the level with the lowest attainable
// speed is the one that bounds the kernel (or "compute" when the peak is lowest).
#pragma once

#include <string>
#include <vector>

#include "analysis/TrafficModel.h"
#include "runtime/MemoryBandwidth.h"

namespace tessera::runtime {

struct RooflineLevel {
  std::string level;        // "L1", "L2", "L3", "DRAM"
  double bytes = 0;         // traffic of one call
  double intensity = 0;     // flops per byte
  double gbps = 0;          // measured ceiling, 0 when unknown
  double attainable_gflops = 0;
};

struct RooflinePoint {
  double flops = 0;
  double seconds = 0;
  double gflops = 0;       // measured
  double peak_gflops = 0;  // the flat ceiling
  std::vector<RooflineLevel> levels;
  std::string bound_by;    // the level with the lowest attainable speed, or "compute"
};

RooflinePoint MakeRooflinePoint(double flops, double seconds, const analysis::TrafficEstimate& traffic,
                                const MemoryBandwidth& bandwidth, double peak_gflops);

}  // namespace tessera::runtime
