// arith::Analyzer — a façade over small analyzers that share one constraint context
// (TVM's design, STYLE.md): constant integer bounds, modular sets, interval int sets,
// the rewrite simplifier and the canonical simplifier. Each sub-analyzer can also be
// used and tested alone through the Analyzer that owns it.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "arith/IntSet.h"
#include "ir/Expr.h"
#include "ir/IterVar.h"

namespace tessera::arith {

// Closed interval [min_value, max_value] of constants; kPosInf / kNegInf mean unbounded.
struct ConstIntBound {
  static constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max();
  static constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();
  int64_t min_value = kNegInf;
  int64_t max_value = kPosInf;
  bool operator==(const ConstIntBound&) const = default;
};

// { coeff * k + base | k in Z }; coeff == 0 means the constant `base`;
// coeff == 1, base == 0 means "any integer".
struct ModularSet {
  int64_t coeff = 1;
  int64_t base = 0;
  bool operator==(const ModularSet&) const = default;
};

class Analyzer {
 public:
  Analyzer();
  ~Analyzer();
  Analyzer(const Analyzer&) = delete;
  Analyzer& operator=(const Analyzer&) = delete;

  // ---- context ----
  // v ranges over [r.min, r.min + r.extent).
  void Bind(const Var& v, const Range& r, bool allow_override = false);
  // v equals value (the simplifier substitutes it).
  void Bind(const Var& v, const Expr& value, bool allow_override = false);

  // Assumes `condition` while the returned scope is alive (loop guards, asserts,
  // `assume`). Scopes nest and must be destroyed in reverse order.
  class ConstraintScope {
   public:
    ConstraintScope(ConstraintScope&& other) noexcept;
    ConstraintScope& operator=(ConstraintScope&&) = delete;
    ~ConstraintScope();

   private:
    friend class Analyzer;
    ConstraintScope(Analyzer* owner, size_t token) : owner_(owner), token_(token) {}
    Analyzer* owner_;
    size_t token_;
  };
  [[nodiscard]] ConstraintScope EnterConstraint(const Expr& condition);
  // Adds a constraint for the rest of the analyzer's life (e.g. `assert n >= 0`).
  void AddAssumption(const Expr& condition);

  // ---- queries ----
  ConstIntBound const_int_bound(const Expr& e);
  ModularSet modular_set(const Expr& e);
  Expr rewrite_simplify(const Expr& e);
  Expr canonical_simplify(const Expr& e);
  // Full simplification: canonical + rewrite to a fixed point (bounded steps).
  Expr Simplify(const Expr& e);
  IntSet int_set(const Expr& e, const IntSetMap& dom_map);

  bool CanProve(const Expr& condition);
  bool CanProveGreaterEqual(const Expr& e, int64_t lower);
  bool CanProveLess(const Expr& e, int64_t upper);
  bool CanProveEqual(const Expr& a, const Expr& b);
  // TVM's ProofStrength::kSymbolicBound, for a comparison the simplifier leaves open: the
  // difference of its sides is bounded over the bound variables' ranges with symbolic ends
  // (`rows // m < 16` from rows in [0, m * 16) and m >= 0). Costlier than CanProve.
  bool CanProveWithSymbolicBound(const Expr& condition);

  // Rewrites floordiv/floormod to truncdiv/truncmod wherever the operands are provably
  // non-negative (bound-info RFC); other expressions unchanged.
  Expr LowerFloorDivMod(const Expr& e);

  struct Impl;
  Impl* impl() { return impl_.get(); }

 private:
  std::unique_ptr<Impl> impl_;
  void ExitConstraint(size_t token);
};

}  // namespace tessera::arith
