// HostSpeed: a candidate's time as it would be at one fixed speed of the machine.
//
// The runner times the host probe (runtime/HostProbe.h) next to the timed calls of a CPU
// kernel: before the first and again every few milliseconds of calls (runner/ProbedCalls.h).
// On a shared machine whose clock drifts, the times of one schedule measured in a row vary
// far more than each call's time divided by the probe's before it
// (bench/README.md has the numbers). So the tuner ranks by
//     median_i(time_i / probe_i) x reference
// where `reference` is one probe time per machine (Database::ProbeReference, kept in the
// records file: the probe calibrated by the first tuning run on this machine,
// runtime::CalibrateHostProbe — or a cluster node's first probes), i.e. milliseconds at
// the machine's usual best speed. Timings without probes (CUDA, results of older workers) are
// taken as they are, and so are those of kernels that may be bound by memory bandwidth
// (fewer than kComputeBoundFlopsPerByte flops per byte of arguments: softmax, element-wise
// stages): the probe follows the CPU's clock, and a slower clock slows them less.
#pragma once

#include <vector>

#include "runner/Runner.h"

namespace tessera::tune {

// About a 2-core machine's balance (~160 GFLOP/s AVX2 against ~20 GB/s of DRAM):
// GEMM 1024^3 has 170 flops per byte of arguments, a ResNet-50 3x3 conv2d 136, softmax <1.
inline constexpr double kComputeBoundFlopsPerByte = 8.0;

// The median of `values` (the mean of the middle two for an even count; 0 when empty).
double Median(std::vector<double> values);

// Whether `r` carries a usable probe time for each timed call and its work is
// compute-bound enough for the probe to track it.
bool HasHostProbes(const runner::MeasureResult& r);
// The median of `r.probe_ms` (0 without probes).
double MedianProbeMs(const runner::MeasureResult& r);
// `r`'s median time scaled to the probe time `reference_ms` (r.median_ms without probes).
double HostNormalizedMs(const runner::MeasureResult& r, double reference_ms);

}  // namespace tessera::tune
