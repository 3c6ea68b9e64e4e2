// Footprint: the bytes of each buffer that one iteration of a loop touches, the cache
// working set that decides whether a loop nest reuses its data from L1, L2, L3 or
// DRAM ("cache fit per loop").
//
// For a loop L, "one iteration" fixes L's variable and the loops around L at their
// first value and lets every loop inside L run all its iterations. Each access of the
// body (loads, stores; ProducerLoad/Store before StorageFlatten, BufferLoad/Store
// after) is evaluated by interval arithmetic into a box, one interval per dimension,
// clamped to the buffer's shape; the boxes of one buffer are joined into their bounding
// box (a stencil's shifted reads overlap; disjoint reads of one buffer are counted with
// the gap between them, an over-estimate). An index the arithmetic cannot follow (an
// indirect load) counts the whole dimension.
//
// Caches move lines, not elements: `line_bytes` counts the lines of the box laid out
// row-major (the rows of a column read B[k, j] cost a line each). Lines are assumed
// aligned to the start of the buffer.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/CacheHierarchy.h"
#include "analysis/IntervalEval.h"
#include "ir/Stmt.h"

namespace tessera::analysis {

struct BufferFootprint {
  std::string buffer;
  int element_bytes = 4;
  std::vector<Interval> box;     // per dimension, within the shape
  int64_t elements = 0;          // elements of the box
  int64_t bytes = 0;             // elements x element size
  int64_t line_bytes = 0;        // bytes of the cache lines the box occupies
  bool whole_dimension = false;  // some index could not be followed
};

struct Footprint {
  std::vector<BufferFootprint> buffers;  // in order of first access
  int64_t bytes() const;
  int64_t line_bytes() const;
  const BufferFootprint* find(const std::string& buffer) const;
};

struct FootprintOptions {
  std::map<std::string, int64_t> shape_values;  // symbolic shape variables by name
  int64_t line_size = 64;
};

// What `stmt` touches when the variables in `fixed` hold their intervals and every loop
// inside `stmt` runs all of its iterations; nullopt when a loop's bounds or a shape
// cannot be evaluated (an unknown shape variable).
std::optional<Footprint> FootprintOf(const ir::Stmt& stmt, const VarValues& fixed,
                                     const FootprintOptions& options);

// One loop of the program with the footprint of one of its iterations.
struct LoopFootprint {
  const ir::ForNode* loop = nullptr;
  std::string var;        // the loop variable (the IterVar's name)
  std::string stage;      // the enclosing produce scope ("" outside any)
  int depth = 0;          // loops around it
  int64_t extent = 0;     // iterations (the first execution's)
  double executions = 0;  // how often its body runs in one call (outer extents x extent)
  std::optional<Footprint> per_iteration;
  std::string fits;  // innermost level that holds per_iteration's lines: L1, L2, L3, DRAM
};

// Every loop of `program`, in program order (pre-order).
std::vector<LoopFootprint> LoopFootprints(const ir::Stmt& program, const CacheHierarchy& caches,
                                          const FootprintOptions& options);

// The loops as `bounds --json` prints them: {"caches": {...}, "loops": [{"stage", "loop",
// "depth", "extent", "bytes", "line_bytes", "fits", "buffers": [{"name", "bytes",
// "line_bytes", "box": [[lo, hi], ...]}]}]} (indent 0 = one line).
std::string LoopFootprintsJson(const std::vector<LoopFootprint>& loops,
                               const CacheHierarchy& caches, int indent = 2);

}  // namespace tessera::analysis
