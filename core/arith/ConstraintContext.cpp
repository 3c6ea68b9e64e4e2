#include "arith/ConstraintContext.h"

namespace tessera::arith {

void ConstraintContext::AddPermanent(const ir::Expr& literal,
                                     const std::vector<LinearFact>& facts) {
  permanent_.push_back({literal, facts});
  Touch();
}

size_t ConstraintContext::PushScoped(const ir::Expr& literal,
                                     const std::vector<LinearFact>& facts) {
  size_t token = scoped_.size();
  scoped_.push_back({literal, facts});
  Touch();
  return token;
}

void ConstraintContext::PopScoped(size_t token) {
  if (token < scoped_.size()) scoped_.resize(token);
  Touch();
}

void ConstraintContext::ForEachLiteral(const std::function<void(const ir::Expr&)>& f) const {
  for (const Entry& e : permanent_) f(e.literal);
  for (const Entry& e : scoped_) f(e.literal);
}

void ConstraintContext::ForEachFact(bool with_bindings,
                                    const std::function<void(const LinearFact&)>& f) const {
  for (const Entry& e : permanent_) {
    for (const LinearFact& fact : e.facts) f(fact);
  }
  for (const Entry& e : scoped_) {
    for (const LinearFact& fact : e.facts) f(fact);
  }
  if (!with_bindings) return;
  for (const auto& [var, facts] : range_facts) {
    for (const LinearFact& fact : facts) f(fact);
  }
}

}  // namespace tessera::arith
