// TrafficModel: the bytes each memory level must deliver for one call of a loop
// program, the denominators of the roofline's operational intensities.
//
//   "L1"   bytes the core loads and stores: every access, every time it runs;
//   "L2"   bytes L2 delivers to L1 (misses of a cache of L1's size);
//   "L3"   bytes L3 delivers to L2; "DRAM" bytes memory delivers to the last level.
//
// The traffic into a cache of capacity C follows the loop structure (footprints in
// cache lines, Footprint.h):
// - a statement whose whole footprint fits in C loads it once per execution;
// - so does a loop one iteration of which fits: what consecutive iterations share (an
//   invariant operand, a sliding window, the rest of a line) is still cached when the
//   next iteration needs it, so each distinct line comes in once;
// - a loop whose iteration does not fit costs its body's traffic once per iteration;
// - a sequence costs the sum of its parts.
// So an untiled GEMM reloads B from the next level for every row of C when B exceeds
// the cache, and a tiled one whose tile fits loads A and B once per tile of C. The model ignores
// conflict misses, prefetching, write-allocate and sharing between sequential stages (it counts
// them separately): it ranks schedules, it does not predict miss counters.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/CacheHierarchy.h"
#include "analysis/Footprint.h"
#include "ir/Stmt.h"

namespace tessera::analysis {

struct LevelTraffic {
  std::string level;  // "L1", "L2", "L3", "DRAM"
  double bytes = 0;
};

struct TrafficEstimate {
  std::vector<LevelTraffic> levels;  // L1 first, DRAM last
  std::optional<double> bytes(const std::string& level) const;
};

// The traffic of one call of `program` (a loop program before or after StorageFlatten);
// nullopt when a loop bound or a shape cannot be evaluated. Levels the hierarchy does
// not have are left out (no L3: L2 then DRAM).
std::optional<TrafficEstimate> EstimateTraffic(const ir::Stmt& program,
                                               const CacheHierarchy& caches,
                                               const FootprintOptions& options);

// Bytes moved into a cache of `capacity` bytes (the model above for one level).
std::optional<double> TrafficIntoCache(const ir::Stmt& program, int64_t capacity,
                                       const FootprintOptions& options);

// Bytes of all accesses, each counted every time it runs (the "L1" level).
std::optional<double> AccessedBytes(const ir::Stmt& program, const FootprintOptions& options);

}  // namespace tessera::analysis
