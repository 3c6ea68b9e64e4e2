// Inverse of a layout index map (RFC 0077, transform_layout).
//
// A physical index of a transformed buffer is built from "digits" of affine expressions
// of the logical indices: floordiv(e, D), floormod(e, M), floordiv(floormod(e, M), D),
// or e itself. When the digits of each affine expression e tile its value range
// (D_1 = 1, M_k = D_{k+1}, the last digit unbounded), e is recovered as
// sum(p_k * D_k); each e is then solved for the logical variables it uses (one variable
// with coefficient +/-1 or a divisor, or several variables forming a mixed radix such
// as i*14 + j with j in [0, 14)). This covers split, fuse, offset and blocked layouts;
// other maps have no symbolic inverse and are handled by enumeration.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "arith/Analyzer.h"
#include "ir/Buffer.h"

namespace tessera::layout {

struct IndexMapInverse {
  std::vector<ir::Var> physical_vars;  // one per final index, named after its origin
  std::vector<ir::Expr> logical_of;    // logical index k as a function of physical_vars
  // Extra conditions for a physical point to be the image of *some* integer point
  // (e.g. divisibility when e = 2*i); true when none.
  ir::Expr exact_condition;
};

// nullopt when the map is not of the supported form (the caller falls back to
// enumeration). `logical_shape` gives the extents of the initial indices.
std::optional<IndexMapInverse> InvertIndexMap(const ir::IndexMap& map,
                                              const std::vector<ir::Expr>& logical_shape,
                                              arith::Analyzer& analyzer);

// Names for the physical index variables (used when no inverse exists): "i" for an
// identity dimension, "io"/"ii" for a two-digit split of i, "i0", "i1", ... for more.
std::vector<std::string> PhysicalIndexNames(const ir::IndexMap& map);

}  // namespace tessera::layout
