// IntervalEval: the integer range an index expression takes when each variable ranges
// over a concrete interval, by interval arithmetic on int64. The footprint analysis
// evaluates every access of a loop body this way with the enclosing loops fixed at one
// iteration and the inner loops ranging over all of theirs. Exact for the affine
// indices schedules produce (each variable appearing once); floordiv/floormod by a
// positive constant, min, max, select and casts are supported; anything else (a load
// used as an index, division by a variable) has no interval.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>

#include "ir/Expr.h"

namespace tessera::analysis {

struct Interval {
  int64_t lo = 0, hi = 0;  // inclusive
  static Interval Point(int64_t v) { return {v, v}; }
  int64_t size() const { return hi >= lo ? hi - lo + 1 : 0; }
};

// What the variables of a walk hold: loop variables by node, shape variables by name.
struct VarValues {
  std::unordered_map<const ir::VarNode*, Interval> vars;
  const std::map<std::string, int64_t>* shapes = nullptr;  // symbolic shapes by name
};

// nullopt when `e` is not an integer expression the arithmetic above covers, or uses a
// variable that `values` does not know.
std::optional<Interval> EvalInterval(const ir::Expr& e, const VarValues& values);

}  // namespace tessera::analysis
