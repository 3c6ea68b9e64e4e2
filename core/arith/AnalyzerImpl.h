// Analyzer::Impl: the shared constraint context and the sub-analyzers that use it.
// Internal to core/arith; other layers use the Analyzer façade.
#pragma once

#include <optional>

#include "arith/Analyzer.h"
#include "arith/CanonicalSimplifier.h"
#include "arith/ConstIntBoundAnalyzer.h"
#include "arith/ConstraintContext.h"
#include "arith/ModularSetAnalyzer.h"
#include "arith/RewriteSimplifier.h"

namespace tessera::arith {

// Sub-analyzers return an expression unchanged (or "everything") below this depth,
// so that deep expressions never exhaust the stack.
inline constexpr int kMaxAnalyzerDepth = 500;

// The value of a constant, or of every lane of a broadcast constant (a vectorized guard
// decided for all lanes: x8(True)); nullptr otherwise. (RewriteSimplify_Vector.cpp)
const int64_t* AsUniformConstant(const ir::Expr& e);

struct Analyzer::Impl {
  Impl() : const_int_bound(this), modular_set(this), canonical(this), rewrite(this) {}

  ConstraintContext ctx;
  ConstIntBoundAnalyzer const_int_bound;
  ModularSetAnalyzer modular_set;
  CanonicalSimplifier canonical;
  RewriteSimplifier rewrite;

  // `condition` (a comparison, possibly negated or a conjunction) as LinearFacts;
  // conditions that are not linear comparisons of integers give no fact.
  std::vector<LinearFact> FactsOf(const ir::Expr& condition);
  // A comparison `a op b` as one fact (nullopt for != and non-integer operands).
  std::optional<LinearFact> ComparisonFact(const ir::Expr& cmp);
  // True/false when the facts of the context decide `query`, nullopt otherwise.
  std::optional<bool> DecideByFacts(const LinearFact& query);
  // True when `condition` (or its negation, giving false) is a constraint literally.
  std::optional<bool> DecideByLiterals(const ir::Expr& condition);
  // Pushes a scoped constraint (literal and facts); returns the token for ExitScoped.
  size_t EnterScoped(const ir::Expr& condition) {
    return ctx.PushScoped(NormalizeLiteral(condition), FactsOf(condition));
  }
  void ExitScoped(size_t token) { ctx.PopScoped(token); }
  // Canonicalise a constraint so literal matches see the same form as the simplifier.
  ir::Expr NormalizeLiteral(const ir::Expr& condition) { return canonical.Simplify(condition); }
};

}  // namespace tessera::arith
