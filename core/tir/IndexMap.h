// The index maps of transform_layout and transform_block_layout (TVM's tir.IndexMap):
// initial indices to final indices, e.g. lambda i, j: [i // 4, j, i % 4]. The node is
// core/ir's (a buffer's `layout` uses the same type); this file adds what the schedule
// needs as TVM computes it: the transformed shape, the inverse with TVM's variable names
// (axis0, axis1, ...), the padding predicate in TVM's form (`axis0 == 3 and 2 <= axis1`)
// and the Python text TVM prints in traces (`lambda i, j: (i // 4, j, i % 4,)`).
//
// The inverse is derived for TVM's affine iterator maps as far as schedules write them:
// each final index a constant or a sum of scaled splits `v`, `v // c`, `v % c`,
// `v // c % d` of the initial indices (a split of one index, a fusion of several), the
// splits of each initial index tiling it. Other maps (offsets such as `(i + 2) // 8`,
// splits of a fused index) get a TVMError naming the index that cannot be inverted.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "arith/Analyzer.h"
#include "ir/Buffer.h"
#include "support/Result.h"

namespace tessera::tir {

using IndexMap = ir::IndexMap;

// Which of a block's buffer lists the buffer argument of transform_layout and reindex
// counts in: ("read", i) or ("write", i) (TVM's BufferIndexType).
enum class BufferIndexType { Read = 0, Write = 1 };

// A map over new variables named `names` (int32, as TVM's Python lambdas make them).
IndexMap MakeIndexMap(const std::vector<std::string>& names,
                      const std::function<std::vector<ir::Expr>(const std::vector<ir::Var>&)>& f);
// TVM's conversion of a constant pad_value: `lambda indices_0, ...: (value,)` over
// `ndim` final indices.
IndexMap ConstantIndexMap(const ir::Expr& value, size_t ndim);

// `lambda i, j: (i // 4, j, i % 4,)` (IndexMap::ToPythonString of TVM 0.20).
std::string IndexMapAsPython(const IndexMap& map);

// The final indices with the initial ones replaced by `indices`, simplified by
// `analyzer` (TVM's MapIndices).
std::vector<ir::Expr> MapIndices(const IndexMap& map, const std::vector<ir::Expr>& indices,
                                 arith::Analyzer* analyzer);

struct IndexMapInverse {
  IndexMap inverse;             // over axis0, axis1, ... (one per final index)
  ir::Expr padding_predicate;   // over the same variables; false when none
  std::vector<ir::Expr> shape;  // the transformed shape
};

// The inverse over a buffer of `shape` (constant extents) and where the transformed
// buffer has cells no element maps to (TVM's NonSurjectiveInverse). Errors: wrong
// arity, a symbolic shape, a map that is not injective or not of the supported form.
Result<IndexMapInverse> NonSurjectiveInverse(const IndexMap& map,
                                             const std::vector<ir::Expr>& shape);

// The transformed shape alone (TVM's MapShape): the same analysis, or for maps it does
// not cover the bounds of each final index (which must start at 0).
Result<std::vector<ir::Expr>> MapShape(const IndexMap& map, const std::vector<ir::Expr>& shape);

// The index map as JSON text (`{"initial_indices": [...], "final_indices": [...]}`,
// expressions as nested arrays) and back; trace JSON stores it in an input slot, as TVM
// stores its SaveJSON text there.
std::string IndexMapToJson(const IndexMap& map);
Result<IndexMap> IndexMapFromJson(const std::string& text);

}  // namespace tessera::tir
