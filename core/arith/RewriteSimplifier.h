// RewriteSimplifier: bottom-up rewriting with local rules (Pattern.h), one file per node
// kind as Halide's simplifier (RewriteSimplify_Add.cpp, _Sub, _Mul, _Div, _Mod, _MinMax,
// _Compare, _Logical, _Select, _Cast). Rules consult the constant bounds, modular sets
// and constraints of the shared context: min(x, x + 1) -> x, x + 1 < x + 3 -> true,
// x < 5 && x < 3 -> x < 3, select(provable, a, b) -> a.
// Scalar integer (and boolean) arithmetic is rewritten, and integer vector index
// arithmetic (ramps and broadcasts, RewriteSimplify_Vector.cpp); floats get constant
// folding only. Lets, calls and loads pass through (children simplified).
#pragma once

#include <optional>
#include <utility>

#include "arith/Analyzer.h"
#include "arith/CanonicalForm.h"

namespace tessera::arith {

class RewriteSimplifier {
 public:
  explicit RewriteSimplifier(Analyzer::Impl* parent) : parent_(parent) {}
  ir::Expr Simplify(const ir::Expr& e);

  // An operand of a vector operation seen as a ramp (a broadcast has stride 0).
  struct LaneForm {
    ir::Expr base;
    ir::Expr stride;
    bool is_broadcast = false;
  };

 private:
  Analyzer::Impl* parent_;
  int depth_ = 0;
  int revisit_depth_ = 0;

  ir::Expr Visit(const ir::Expr& e);
  ir::Expr Dispatch(const ir::Expr& e);
  // Simplifies the result of a rule again (bounded, so rules can never loop).
  ir::Expr Revisit(const ir::Expr& e);

  ir::Expr VisitVar(const ir::Expr& e);
  ir::Expr VisitAdd(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitSub(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitMul(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitDiv(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitFloorDiv(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitMod(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitFloorMod(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitMin(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitMax(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitCompare(const ir::BinaryNode* n, const ir::Expr& e);
  // `d < 0` as the comparison of d's multiples of a common scale, when the rest of d is
  // a remainder below that scale; undefined otherwise.
  ir::Expr DropSmallRemainder(ir::ExprKind op, const LinearSum& d);
  ir::Expr VisitAnd(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitOr(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitNot(const ir::NotNode* n, const ir::Expr& e);
  ir::Expr VisitSelect(const ir::SelectNode* n, const ir::Expr& e);
  ir::Expr VisitCast(const ir::CastNode* n, const ir::Expr& e);
  ir::Expr VisitIfThenElse(const ir::CallNode* n, const ir::Expr& e);

  // ---- vector index arithmetic (RewriteSimplify_Vector.cpp) ----
  ir::Expr VisitRamp(const ir::RampNode* n, const ir::Expr& e);
  ir::Expr VisitBroadcast(const ir::BroadcastNode* n, const ir::Expr& e);
  // A binary node whose operands are integer or boolean vectors.
  static bool IsVectorArith(const ir::Expr& e);
  ir::Expr VisitVectorBinary(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitVectorMinMax(const ir::BinaryNode* n, const LaneForm& a, const LaneForm& b,
                             const ir::Expr& e);
  ir::Expr VisitVectorCompare(ir::ExprKind kind, const LaneForm& a, const LaneForm& b,
                              const ir::Expr& e);
  ir::Expr VisitRampDivMod(ir::ExprKind kind, const LaneForm& a, const ir::Expr& divisor,
                           const ir::Expr& e);
  // The smallest and largest lane of ramp(base, stride, lanes) for a constant stride.
  std::optional<std::pair<ir::Expr, ir::Expr>> LaneRange(const ir::Expr& base,
                                                         const ir::Expr& stride, int lanes);

  // Operand-structure rules shared by min and max (RewriteSimplify_MinMax.cpp).
  ir::Expr MinMaxAlgebra(const ir::BinaryNode* n, const ir::Expr& e);
  // x*y + x*z -> x*(y + z) and the like (RewriteSimplify_Factor.cpp); undefined when
  // a + b or a - b has no common factor.
  ir::Expr FactorCommonTerm(const ir::BinaryNode* n, const ir::Expr& e);
  // Sums and differences of quotients and remainders by one divisor
  // (RewriteSimplify_Quotient.cpp); undefined when none applies.
  ir::Expr QuotientDifference(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr QuotientSum(const ir::BinaryNode* n, const ir::Expr& e);
  // floormod(x + k*floormod(b, c), c) -> floormod(x + k*b, c) where that is simpler
  // (RewriteSimplify_Mod.cpp); undefined otherwise.
  ir::Expr DropInnerRemainders(const ir::BinaryNode* n, const ir::Expr& e);
  // The dividend as divisor*Q + R for a symbolic monomial divisor (RewriteSimplify_Div.cpp).
  bool SplitSymbolicMultiple(const ir::Expr& dividend, const ir::Expr& divisor, LinearSum* q,
                             LinearSum* rest);
  // min/max absorbing an addition (RewriteSimplify_Add.cpp); undefined when none applies.
  ir::Expr AbsorbIntoMinMax(const ir::Expr& e);
  // min/max absorbing a subtraction (RewriteSimplify_Sub.cpp); undefined when none applies.
  ir::Expr SubtractFromMinMax(const ir::Expr& e);

  // Comparisons with a min/max operand split in two (RewriteSimplify_Compare.cpp).
  ir::Expr CompareWithMinMax(ir::ExprKind op, const ir::Expr& a, const ir::Expr& b);
  std::optional<bool> DecideOrdering(const ir::Expr& cmp);
  // The comparison `cond` decided under `assumption` (RewriteSimplify_Logical.cpp).
  std::optional<bool> DecideUnder(const ir::Expr& assumption, const ir::Expr& cond);

  // ---- shared helpers (RewriteSimplify.cpp) ----
  // Visits both operands; returns the folded constant when both are immediates, else
  // the node rebuilt from the simplified operands (same pointer when unchanged).
  // (also float identities: x*0, x*1, x + 0, x - 0, which count as folded)
  ir::Expr VisitOperands(const ir::BinaryNode* n, const ir::Expr& e, bool* folded);
  static ir::Expr FloatIdentity(ir::ExprKind kind, const ir::Expr& a, const ir::Expr& b);
  static bool IsIndex(const ir::Expr& e);  // scalar int / uint
  ConstIntBound Bound(const ir::Expr& e);
  // a <= b by the bound of a - b or by the context's linear facts.
  bool ProveLessEqual(const ir::Expr& a, const ir::Expr& b);
  bool ProveGE(const ir::Expr& e, int64_t v) { return Bound(e).min_value >= v; }
  bool ProveLE(const ir::Expr& e, int64_t v) { return Bound(e).max_value <= v; }
  // Both min and max of the bound equal: the constant, else an undefined Expr.
  ir::Expr ConstFromBound(const ir::Expr& e);
};

}  // namespace tessera::arith
