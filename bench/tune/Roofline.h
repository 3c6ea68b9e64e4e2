// Roofline: the least time a layer can take on this machine — its multiply-adds at the
// FMA peak or its unavoidable bytes (LayerSpec::Bytes) at the bandwidth of the memory
// level they stay in between calls, whichever is longer. No schedule runs faster, so a
// reference's time over the roofline is the highest ratio any schedule can reach
// against that reference: the ceiling the suite prints beside each layer's ratio.
#pragma once

namespace tessera::bench {

struct Roofline {
  double fma_ms = 0;     // the flops at the FMA peak
  double memory_ms = 0;  // the bytes at the bandwidth (0: not measured)

  double ms() const { return fma_ms > memory_ms ? fma_ms : memory_ms; }
  bool memory_bound() const { return memory_ms > fma_ms; }
};

// A term whose rate is not positive is left at 0 (not known).
Roofline LayerRoofline(double flops, double bytes, double peak_gflops, double gbps);

// reference_ms / the roofline: the best ratio against the reference any schedule can
// reach; 0 when either time is not known.
double RatioCeiling(double reference_ms, const Roofline& roofline);

}  // namespace tessera::bench
