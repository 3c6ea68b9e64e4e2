// CanonicalSimplifier: rewrites every integer sub-expression into its sum-of-products
// normal form (CanonicalForm.h) and back, so that equal sums look equal:
//   (x + y) - x -> y,   x*2 + x -> x*3,   (x*8 + y) // 8 -> x when 0 <= y < 8,
//   (x // 4)*4 + x % 4 -> x.
// Division and modulo by a positive constant split off the part of the sum that is a
// multiple of the divisor (always exact for floor division; for truncated division only
// when the operands are provably non-negative).
#pragma once

#include "arith/Analyzer.h"
#include "arith/CanonicalForm.h"

namespace tessera::arith {

class CanonicalSimplifier {
 public:
  explicit CanonicalSimplifier(Analyzer::Impl* parent) : parent_(parent) {}
  ir::Expr Simplify(const ir::Expr& e) { return Mutate(e); }
  // The normal form of a scalar integer expression.
  LinearSum ToSum(const ir::Expr& e);

 private:
  Analyzer::Impl* parent_;
  int depth_ = 0;

  ir::Expr Mutate(const ir::Expr& e);
  LinearSum SumOf(const ir::Expr& e);
  LinearSum Opaque(const ir::Expr& e);
  LinearSum MulSums(const LinearSum& a, const LinearSum& b, const ir::Expr& e);
  LinearSum DivModSum(ir::ExprKind kind, const LinearSum& a, const LinearSum& b, const ir::Expr& e);
  LinearSum DivByConst(ir::ExprKind kind, const LinearSum& a, int64_t c);
  LinearSum ModByConst(ir::ExprKind kind, const LinearSum& a, int64_t c);
  int64_t SplitBySmallRest(const LinearSum& r, int64_t c, LinearSum* t, LinearSum* s);
  void MergeDivModPairs(LinearSum* s);
  void MergeDigitRanges(LinearSum* s);
  bool NonNegative(const LinearSum& s);
};

}  // namespace tessera::arith
