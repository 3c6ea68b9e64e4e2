// IntSet: a set of integers represented as a closed interval [min, max] whose ends are
// expressions (possibly symbolic) or +/- infinity. InferBound passes these messages
// (see shared/seeds/inferbound-pass.rst.txt, "IntSets").
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "ir/Expr.h"
#include "ir/IterVar.h"

namespace tessera::arith {

using ir::Expr;
using ir::Range;
using ir::Var;

// Symbolic infinities used as interval ends (never appear in lowered code).
const Expr& pos_inf();
const Expr& neg_inf();
bool is_pos_inf(const Expr& e);
bool is_neg_inf(const Expr& e);

class Analyzer;

class IntSet {
 public:
  IntSet() : min_(pos_inf()), max_(neg_inf()) {}  // empty

  static IntSet Interval(Expr min, Expr max);  // [min, max], both inclusive
  static IntSet SinglePoint(Expr point);
  static IntSet FromRange(const Range& r);  // [min, min + extent - 1]
  static IntSet FromMinExtent(Expr min, Expr extent);
  static IntSet Everything();
  static IntSet Nothing();

  const Expr& min() const { return min_; }  // may be neg_inf()
  const Expr& max() const { return max_; }  // may be pos_inf()

  bool is_empty() const;         // min > max is known (or constructed empty)
  bool is_everything() const;    // (-inf, +inf)
  bool is_single_point() const;  // min and max are the same expression
  bool has_lower_bound() const { return !is_neg_inf(min_); }
  bool has_upper_bound() const { return !is_pos_inf(max_); }
  bool is_bounded() const { return has_lower_bound() && has_upper_bound(); }
  Expr point_value() const { return min_; }

  // A Range covering this set; unbounded ends fall back to max_range's.
  Range CoverRange(const Range& max_range) const;
  std::string str() const;

 private:
  Expr min_, max_;
};

using IntSetMap = std::unordered_map<Var, IntSet, ir::VarHash, ir::VarEqual>;

// Smallest interval containing all sets (the dimension-wise union of InferBound's
// Phase 4); ends are simplified with `analyzer` when one is given.
IntSet Union(const std::vector<IntSet>& sets, Analyzer* analyzer = nullptr);
IntSet Intersect(const std::vector<IntSet>& sets, Analyzer* analyzer = nullptr);

// The set of values `e` takes when each var in dom_map ranges over its set (interval
// arithmetic, exact for +, -, * by constants, floordiv/floormod by constants, min, max,
// select). Vars not in dom_map stay symbolic.
IntSet EvalSet(const Expr& e, const IntSetMap& dom_map, Analyzer* analyzer = nullptr);
// Whether `e` computes through a node EvalSet has no interval rule for (a call, a float
// immediate, a tensor read, a float load): its set is everything even with nothing relaxed.
bool HasNodeWithoutIntervalRule(const Expr& e);
// EvalSet with bounds for the bit builtins by constants, which TVM's evaluator treats as
// any other call (everything): x >> c is x floordiv 2^c, x << c is x * 2^c, x & c lies in
// [0, c]. Exact; TE InferBound uses it, so a stage read through a shift is realized as
// tightly as the reads need (a known departure from TVM 0.19's larger regions).
IntSet EvalSetBoundingBitOps(const Expr& e, const IntSetMap& dom_map, Analyzer* analyzer = nullptr);
IntSet EvalSet(const Range& r, const IntSetMap& dom_map, Analyzer* analyzer = nullptr);
// Convenience: domain given as ranges.
IntSet EvalSet(const Expr& e,
               const std::unordered_map<Var, Range, ir::VarHash, ir::VarEqual>& dom_map,
               Analyzer* analyzer = nullptr);

}  // namespace tessera::arith
