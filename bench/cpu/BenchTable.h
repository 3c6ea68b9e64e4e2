// The benchmark's table: one row per implementation, then a line of speed ratios.
#pragma once

#include <optional>
#include <string>

#include "Timing.h"

namespace tessera::bench {

struct BenchRow {
  std::string impl;              // "tessera", "openblas", "halide"
  std::optional<Timing> timing;  // empty: not available or failed
  std::string note;              // why there is no timing, or extra information
  double error = 0.0;            // max relative error against the reference
  bool checked = false;
};

// Prints the header of a section ("GEMM fp32 1024^3, 1 thread ...").
void PrintSection(const std::string& title);
void PrintColumnHeader();
// `flops` 0: no GFLOP/s or % of peak column (softmax). `peak_gflops` for the threads used.
void PrintRow(const BenchRow& row, double flops, double peak_gflops);
// "ratios (speed, > 1: Tessera faster): tessera/openblas 1.05x, tessera/halide 0.93x".
void PrintRatios(const BenchRow& tessera, const BenchRow& a, const BenchRow* b);

// Tessera's speed relative to `other` from the minimum times; empty if either is missing.
std::optional<double> SpeedRatio(const BenchRow& tessera, const BenchRow& other);

}  // namespace tessera::bench
