#include "BenchTable.h"

#include <cstdio>

namespace tessera::bench {

void PrintSection(const std::string& title) { std::printf("\n%s\n", title.c_str()); }

void PrintColumnHeader() {
  std::printf("  %-9s %10s %10s %9s %7s %11s\n", "impl", "min ms", "median ms", "GFLOP/s", "%peak",
              "max err");
}

void PrintRow(const BenchRow& row, double flops, double peak_gflops) {
  if (!row.timing) {
    std::printf("  %-9s %s\n", row.impl.c_str(), row.note.c_str());
    return;
  }
  const Timing& t = *row.timing;
  char gflops[32] = "-", peak[32] = "-", err[32] = "-";
  if (flops > 0) {
    double g = flops / (t.min_ms * 1e6);
    std::snprintf(gflops, sizeof gflops, "%.1f", g);
    if (peak_gflops > 0) std::snprintf(peak, sizeof peak, "%.0f%%", 100.0 * g / peak_gflops);
  }
  if (row.checked) std::snprintf(err, sizeof err, "%.1e", row.error);
  std::printf("  %-9s %10.3f %10.3f %9s %7s %11s %s\n", row.impl.c_str(), t.min_ms, t.median_ms,
              gflops, peak, err, row.note.c_str());
}

std::optional<double> SpeedRatio(const BenchRow& tessera, const BenchRow& other) {
  if (!tessera.timing || !other.timing || tessera.timing->min_ms <= 0) return std::nullopt;
  return other.timing->min_ms / tessera.timing->min_ms;
}

void PrintRatios(const BenchRow& tessera, const BenchRow& a, const BenchRow* b) {
  std::printf("  ratios (speed, > 1: Tessera faster):");
  for (const BenchRow* other : {&a, b}) {
    if (!other) continue;
    auto r = SpeedRatio(tessera, *other);
    if (r)
      std::printf("  tessera/%s %.2fx", other->impl.c_str(), *r);
    else
      std::printf("  tessera/%s n/a", other->impl.c_str());
  }
  std::printf("\n");
}

}  // namespace tessera::bench
