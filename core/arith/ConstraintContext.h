// ConstraintContext: what every sub-analyzer knows about the variables.
//  - range bindings (loop variables: v in [min, min + extent)) and value bindings,
//  - constraints: permanent assumptions (AddAssumption) and a stack of scoped ones
//    (EnterConstraint), kept both literally (for exact matches) and as LinearFacts
//    (`sum <= 0` / `sum == 0`) so that `i < n*n` proves `i + 1 <= n*n`.
// `version` changes whenever the context does, so analyzers can cache per version.
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

#include "arith/CanonicalForm.h"
#include "ir/Expr.h"
#include "ir/IterVar.h"

namespace tessera::arith {

using VarRangeMap = std::unordered_map<ir::Var, ir::Range, ir::VarHash, ir::VarEqual>;
using VarExprMap = std::unordered_map<ir::Var, ir::Expr, ir::VarHash, ir::VarEqual>;

class ConstraintContext {
 public:
  VarRangeMap ranges;
  VarExprMap values;
  // Facts implied by each range binding: min - v <= 0 and v - (min + extent - 1) <= 0.
  std::unordered_map<ir::Var, std::vector<LinearFact>, ir::VarHash, ir::VarEqual> range_facts;

  uint64_t version() const { return version_; }
  void Touch() { ++version_; }

  void AddPermanent(const ir::Expr& literal, const std::vector<LinearFact>& facts);
  // Returns the token to pass to PopScoped (the stack depth before the push).
  size_t PushScoped(const ir::Expr& literal, const std::vector<LinearFact>& facts);
  void PopScoped(size_t token);

  // Every constraint conjunct as written (after canonicalisation of its operands).
  void ForEachLiteral(const std::function<void(const ir::Expr&)>& f) const;
  // Every fact: from constraints and (when with_bindings) from range bindings.
  void ForEachFact(bool with_bindings, const std::function<void(const LinearFact&)>& f) const;

 private:
  struct Entry {
    ir::Expr literal;
    std::vector<LinearFact> facts;
  };
  std::vector<Entry> permanent_;
  std::vector<Entry> scoped_;
  uint64_t version_ = 0;
};

}  // namespace tessera::arith
