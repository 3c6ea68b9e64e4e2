// LinearSum: the canonical simplifier's normal form of an integer expression,
//   sum_i coeff_i * atom_i + base
// where each atom is a variable, a product of atoms (a monomial, its factors in the order
// first written) or an opaque node (floordiv, min, a load ...) whose own children are
// canonical. Atoms are distinct (merged with ExprDeepEqual, monomials up to the order of
// their factors) and coefficients non-zero.
// The constraint context also stores comparisons in this form (LinearFact).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/Expr.h"

namespace tessera::arith {

struct SumTerm {
  ir::Expr atom;
  int64_t coeff;
};

// The factors of a product chain (a * b * c: a, b, c), or `e` itself.
void ProductFactors(const ir::Expr& e, std::vector<ir::Expr>* out);
// Whether two monomial atoms are the same product up to the order of their factors.
bool SameMonomial(const ir::Expr& a, const ir::Expr& b);

struct LinearSum {
  ir::DataType dtype = ir::DataType::Int(32);
  std::vector<SumTerm> terms;  // in order of first appearance
  int64_t base = 0;
  bool overflow = false;  // a coefficient overflowed int64: the form is unusable

  bool is_const() const { return terms.empty(); }
  int64_t CoeffOf(const ir::Expr& atom) const;  // 0 when absent
  void AddTerm(const ir::Expr& atom, int64_t coeff);
  void AddConst(int64_t c);
  void AddSum(const LinearSum& other, int64_t scale);
  LinearSum Scaled(int64_t c) const;
  LinearSum Minus(const LinearSum& other) const {
    LinearSum r = *this;
    r.AddSum(other, -1);
    return r;
  }
};

LinearSum ConstSum(ir::DataType t, int64_t value);
LinearSum AtomSum(const ir::Expr& atom);

// Back to an expression: larger |coeff| first (so i.outer*8 + i.inner), ties in order
// of first appearance; positive terms added, negative ones subtracted, base last.
ir::Expr SumToExpr(const LinearSum& s);

// a - sign*b when that is a constant (the two sums have the same terms).
std::optional<int64_t> ConstantDifference(const LinearSum& a, const LinearSum& b, int64_t sign);

// `d op 0` as a comparison with positive terms on the left and the rest on the right
// (x + 1 < 5 becomes x < 4); when d has no positive term the sides swap (x > 2, not
// 0 < x - 2).
ir::Expr ComparisonToExpr(ir::ExprKind op, LinearSum d);

// The comparison with its operands swapped: a < b is b > a.
ir::ExprKind MirrorComparison(ir::ExprKind k);

// A comparison in normal form: `sum <= 0` or, when `equality`, `sum == 0`.
struct LinearFact {
  LinearSum sum;
  bool equality = false;
};

}  // namespace tessera::arith
