#include "Roofline.h"

namespace tessera::bench {

Roofline LayerRoofline(double flops, double bytes, double peak_gflops, double gbps) {
  Roofline r;
  if (flops > 0 && peak_gflops > 0) r.fma_ms = flops / (peak_gflops * 1e6);
  if (bytes > 0 && gbps > 0) r.memory_ms = bytes / (gbps * 1e6);
  return r;
}

double RatioCeiling(double reference_ms, const Roofline& roofline) {
  const double floor_ms = roofline.ms();
  return reference_ms > 0 && floor_ms > 0 ? reference_ms / floor_ms : 0;
}

}  // namespace tessera::bench
