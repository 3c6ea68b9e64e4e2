// The physical side of a layout transform (RFC 0077, shared/seeds/rfc0077-digest.md §1.1):
// "a transformation will introduce the minimum amount of padding such that all values
// in the original buffer can be stored in the layout specified". Per physical
// dimension the extent is the maximum of the map over the logical domain plus one,
// with the lower end at 0, computed symbolically (so symbolic shapes work). The padding
// predicate says which physical cells hold no logical element.
#pragma once

#include <optional>
#include <vector>

#include "arith/Analyzer.h"
#include "ir/Buffer.h"
#include "layout/IndexMapInverse.h"
#include "support/Result.h"

namespace tessera::layout {

struct PaddedLayout {
  ir::IndexMap map;
  std::vector<ir::Expr> logical_shape;
  std::vector<ir::Var> physical_vars;
  std::vector<ir::Expr> physical_shape;
  std::optional<IndexMapInverse> inverse;  // logical index from physical (when derivable)
  // True exactly on padding cells, over physical_vars (simplified, e.g.
  // `14 <= io*4 + ii`); undefined when the map has no symbolic inverse (then use
  // EnumerateElements for the exact answer on small buffers).
  ir::Expr padding_predicate;
  // physical elements - logical elements, when both shapes are constant.
  std::optional<int64_t> padding_count;
};

// Errors: rank mismatch between map and shape, a physical index that can be negative
// or is unbounded, a map that is not injective (found by enumeration on small shapes
// where ProvenInjective cannot tell).
Result<PaddedLayout> AnalyzePaddedLayout(const ir::IndexMap& map,
                                         const std::vector<ir::Expr>& logical_shape);
// The same within a given physical allocation (at least the map's range in every
// dimension; the cells past the range are padding): storage_align's padded strides.
Result<PaddedLayout> AnalyzePaddedLayoutIn(const ir::IndexMap& map,
                                           const std::vector<ir::Expr>& logical_shape,
                                           const std::vector<ir::Expr>& allocated);

// Whether the symbolic inverse, applied to the map's physical index, provably gives back
// every logical index of the domain: a left inverse, so the map is injective without
// enumerating its elements. False when there is no inverse or nothing could be proven.
bool ProvenInjective(const PaddedLayout& layout);

struct LayoutElement {
  std::vector<int64_t> physical;
  std::optional<std::vector<int64_t>> logical;  // nullopt: a padding cell
};

// Every physical cell in row-major order with the logical element stored there, for
// buffers with constant shapes of at most `limit` physical elements (the GUI's grid and
// `tessera-cli layout --json`). Errors when the shape is symbolic or too large, or the
// map sends two logical elements to one cell.
Result<std::vector<LayoutElement>> EnumerateElements(const PaddedLayout& layout,
                                                     int64_t limit = 65536);

// Exact per-element query: is this physical cell padding?
Result<bool> IsPaddingCell(const PaddedLayout& layout, const std::vector<int64_t>& physical);

}  // namespace tessera::layout
