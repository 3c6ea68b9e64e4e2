// RewriteSimplifier: bottom-up rewriting with local rules (Pattern.h), one file per node
// kind as Halide's simplifier (RewriteSimplify_Add.cpp, _Sub, _Mul, _Div, _Mod, _MinMax,
// _Compare, _Logical, _Select, _Cast). Rules consult the constant bounds, modular sets
// and constraints of the shared context: min(x, x + 1) -> x, x + 1 < x + 3 -> true,
// x < 5 && x < 3 -> x < 3, select(provable, a, b) -> a.
// Only scalar integer (and boolean) arithmetic is rewritten; floats and vectors get
// constant folding only. Lets, calls and loads pass through (children simplified).
#pragma once

#include "arith/Analyzer.h"
#include "arith/CanonicalForm.h"

namespace tessera::arith {

class RewriteSimplifier {
 public:
  explicit RewriteSimplifier(Analyzer::Impl* parent) : parent_(parent) {}
  ir::Expr Simplify(const ir::Expr& e);

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
  ir::Expr VisitAnd(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitOr(const ir::BinaryNode* n, const ir::Expr& e);
  ir::Expr VisitNot(const ir::NotNode* n, const ir::Expr& e);
  ir::Expr VisitSelect(const ir::SelectNode* n, const ir::Expr& e);
  ir::Expr VisitCast(const ir::CastNode* n, const ir::Expr& e);

  // ---- shared helpers (RewriteSimplify.cpp) ----
  // Visits both operands; returns the folded constant when both are immediates, else
  // the node rebuilt from the simplified operands (same pointer when unchanged).
  ir::Expr VisitOperands(const ir::BinaryNode* n, const ir::Expr& e, bool* folded);
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
