// The Analyzer façade: binds variables, manages constraint scopes and routes queries to
// the sub-analyzers of Analyzer::Impl; also the Impl helpers that turn comparisons into
// LinearFacts and decide queries with them.
#include "arith/Analyzer.h"

#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::arith {

using namespace ir;

namespace {

bool IsIntScalar(const Expr& e) {
  return e.defined() && e.dtype().is_int() && e.dtype().is_scalar();
}

// Calls f on each conjunct of a && b && ...
void ForEachConjunct(const Expr& e, const std::function<void(const Expr&)>& f) {
  auto* n = e.as<BinaryNode>();
  if (n && n->kind == ExprKind::And) {
    ForEachConjunct(n->a, f);
    ForEachConjunct(n->b, f);
    return;
  }
  f(e);
}

// The comparison that `!cmp` means (!(a < b) is a >= b), or an undefined Expr.
Expr NegatedComparison(const Expr& cmp) {
  auto* n = cmp.as<BinaryNode>();
  if (!n || !is_comparison(n->kind)) return Expr();
  switch (n->kind) {
    case ExprKind::LT:
      return MakeBinary(ExprKind::GE, n->a, n->b);
    case ExprKind::LE:
      return MakeBinary(ExprKind::GT, n->a, n->b);
    case ExprKind::GT:
      return MakeBinary(ExprKind::LE, n->a, n->b);
    case ExprKind::GE:
      return MakeBinary(ExprKind::LT, n->a, n->b);
    case ExprKind::EQ:
      return MakeBinary(ExprKind::NE, n->a, n->b);
    default:
      return MakeBinary(ExprKind::EQ, n->a, n->b);
  }
}

// What fact f (sum <= 0 or == 0) says about the query q (sum <= 0 or == 0).
std::optional<bool> DecideWithFact(const LinearFact& q, const LinearFact& f) {
  if (!q.equality) {
    // q = f + k <= k: true when k <= 0 (for f == 0, q == k exactly).
    if (auto k = ConstantDifference(q.sum, f.sum, 1)) {
      if (*k <= 0) return true;
      if (f.equality) return false;
    }
    // q = k - f >= k: false when k > 0; for f == 0, q == k.
    if (auto k = ConstantDifference(q.sum, f.sum, -1)) {
      if (*k > 0) return false;
      if (f.equality) return true;
    }
    return std::nullopt;
  }
  for (int64_t sign : {1, -1}) {
    auto k = ConstantDifference(q.sum, f.sum, sign);
    if (!k) continue;
    if (f.equality) return *k == 0;
    // q = sign*f + k with f <= 0: q <= k (sign 1) or q >= k (sign -1).
    if (sign == 1 && *k < 0) return false;
    if (sign == -1 && *k > 0) return false;
  }
  return std::nullopt;
}

}  // namespace

// ---------------------------------------------------------------- Impl helpers
std::optional<LinearFact> Analyzer::Impl::ComparisonFact(const Expr& cmp) {
  if (auto* nn = cmp.as<NotNode>()) {
    Expr neg = NegatedComparison(nn->a);
    return neg.defined() ? ComparisonFact(neg) : std::nullopt;
  }
  auto* n = cmp.as<BinaryNode>();
  if (!n || !is_comparison(n->kind) || n->kind == ExprKind::NE) return std::nullopt;
  if (!IsIntScalar(n->a) || !IsIntScalar(n->b)) return std::nullopt;
  LinearSum d = canonical.ToSum(MakeBinary(ExprKind::Sub, n->a, n->b));
  LinearFact f;
  switch (n->kind) {
    case ExprKind::LT:
      d.AddConst(1);
      break;  // a - b + 1 <= 0
    case ExprKind::LE:
      break;  // a - b <= 0
    case ExprKind::GT:
      d = d.Scaled(-1);
      d.AddConst(1);
      break;  // b - a + 1 <= 0
    case ExprKind::GE:
      d = d.Scaled(-1);
      break;  // b - a <= 0
    default:
      f.equality = true;
      break;  // a - b == 0
  }
  if (d.overflow) return std::nullopt;
  f.sum = std::move(d);
  return f;
}

std::vector<LinearFact> Analyzer::Impl::FactsOf(const Expr& condition) {
  std::vector<LinearFact> facts;
  ForEachConjunct(condition, [&](const Expr& c) {
    if (auto f = ComparisonFact(c)) facts.push_back(std::move(*f));
  });
  return facts;
}

std::optional<bool> Analyzer::Impl::DecideByFacts(const LinearFact& query) {
  std::optional<bool> result;
  ctx.ForEachFact(true, [&](const LinearFact& f) {
    if (!result) result = DecideWithFact(query, f);
  });
  return result;
}

std::optional<bool> Analyzer::Impl::DecideByLiterals(const Expr& condition) {
  Expr cond = NormalizeLiteral(condition);
  const NotNode* negated = cond.as<NotNode>();
  std::optional<bool> result;
  ctx.ForEachLiteral([&](const Expr& literal) {
    ForEachConjunct(literal, [&](const Expr& lit) {
      if (result) return;
      if (ExprDeepEqual(lit, cond))
        result = true;
      else if (negated && ExprDeepEqual(lit, negated->a))
        result = false;
      else if (auto* ln = lit.as<NotNode>(); ln && ExprDeepEqual(ln->a, cond))
        result = false;
      else if (Expr opposite = NegatedComparison(lit);
               opposite.defined() && ExprDeepEqual(opposite, cond))
        result = false;
    });
  });
  return result;
}

// ---------------------------------------------------------------- façade
Analyzer::Analyzer() : impl_(std::make_unique<Impl>()) {}
Analyzer::~Analyzer() = default;

Analyzer::ConstraintScope::ConstraintScope(ConstraintScope&& other) noexcept
    : owner_(other.owner_), token_(other.token_) {
  other.owner_ = nullptr;
}
Analyzer::ConstraintScope::~ConstraintScope() {
  if (owner_) owner_->ExitConstraint(token_);
}

// A binding that already exists is kept unless allow_override: the first binding of a
// loop variable (its loop) is the one that holds in the code being analysed.
void Analyzer::Bind(const Var& v, const Range& r, bool allow_override) {
  if (!v.defined() || !r.defined()) return;
  ConstraintContext& ctx = impl_->ctx;
  bool bound = ctx.ranges.count(v) || ctx.values.count(v);
  if (bound && !allow_override) return;
  if (is_one(r.extent)) {
    Bind(v, r.min, allow_override);
    return;
  }
  ctx.values.erase(v);
  ctx.ranges[v] = r;
  // min <= v and v <= min + extent - 1, as facts for the symbolic prover.
  LinearSum lower = impl_->canonical.ToSum(r.min);
  lower.AddTerm(v, -1);
  LinearSum upper = AtomSum(v);
  upper.AddSum(impl_->canonical.ToSum(r.min), -1);
  upper.AddSum(impl_->canonical.ToSum(r.extent), -1);
  upper.AddConst(1);
  std::vector<LinearFact>& facts = ctx.range_facts[v];
  facts.clear();
  if (!lower.overflow) facts.push_back({lower, false});
  if (!upper.overflow) facts.push_back({upper, false});
  ctx.Touch();
}

void Analyzer::Bind(const Var& v, const Expr& value, bool allow_override) {
  if (!v.defined() || !value.defined()) return;
  ConstraintContext& ctx = impl_->ctx;
  bool bound = ctx.ranges.count(v) || ctx.values.count(v);
  if (bound && !allow_override) return;
  // A value that mentions v itself would make substitution loop: keep v free.
  if (UsesVar(value, v)) return;
  ctx.ranges.erase(v);
  ctx.range_facts.erase(v);
  ctx.values[v] = value;
  ctx.Touch();
}

Analyzer::ConstraintScope Analyzer::EnterConstraint(const Expr& condition) {
  size_t token = impl_->EnterScoped(condition);
  return ConstraintScope(this, token);
}

void Analyzer::ExitConstraint(size_t token) { impl_->ExitScoped(token); }

void Analyzer::AddAssumption(const Expr& condition) {
  if (!condition.defined()) return;
  impl_->ctx.AddPermanent(impl_->NormalizeLiteral(condition), impl_->FactsOf(condition));
}

ConstIntBound Analyzer::const_int_bound(const Expr& e) { return impl_->const_int_bound.Bound(e); }
ModularSet Analyzer::modular_set(const Expr& e) { return impl_->modular_set.Modular(e); }
Expr Analyzer::rewrite_simplify(const Expr& e) { return impl_->rewrite.Simplify(e); }
Expr Analyzer::canonical_simplify(const Expr& e) { return impl_->canonical.Simplify(e); }

Expr Analyzer::Simplify(const Expr& e) {
  if (!e.defined()) return e;
  // canonical then rewrite, until nothing changes (each round can expose new rules).
  constexpr int kMaxRounds = 4;
  Expr current = e;
  for (int round = 0; round < kMaxRounds; ++round) {
    Expr next = impl_->rewrite.Simplify(impl_->canonical.Simplify(current));
    if (ExprDeepEqual(next, current)) return next;
    current = next;
  }
  return current;
}

IntSet Analyzer::int_set(const Expr& e, const IntSetMap& dom_map) {
  return EvalSet(e, dom_map, this);
}

bool Analyzer::CanProve(const Expr& condition) {
  if (!condition.defined()) return false;
  Expr s = Simplify(condition);
  const int64_t* v = as_const_int(s);
  return v && *v != 0;
}

bool Analyzer::CanProveWithSymbolicBound(const Expr& condition) {
  if (CanProve(condition)) return true;
  const auto* cmp = condition.as<BinaryNode>();
  if (!cmp || !cmp->a.dtype().is_int()) return false;
  // The difference that must be at least `lower`: b - a > 0 for a < b, and so on.
  Expr difference;
  int64_t lower = 0;
  switch (condition.kind()) {
    case ExprKind::LT:
      difference = sub(cmp->b, cmp->a), lower = 1;
      break;
    case ExprKind::LE:
      difference = sub(cmp->b, cmp->a);
      break;
    case ExprKind::GT:
      difference = sub(cmp->a, cmp->b), lower = 1;
      break;
    case ExprKind::GE:
      difference = sub(cmp->a, cmp->b);
      break;
    default:
      return false;
  }
  IntSetMap dom;
  for (const auto& [v, r] : impl_->ctx.ranges) dom.emplace(v, IntSet::FromRange(r));
  IntSet set = int_set(Simplify(difference), dom);
  return set.has_lower_bound() && const_int_bound(Simplify(set.min())).min_value >= lower;
}

bool Analyzer::CanProveGreaterEqual(const Expr& e, int64_t lower) {
  if (!e.defined()) return false;
  if (const_int_bound(e).min_value >= lower) return true;
  return e.dtype().is_int() && CanProve(ge(e, make_const(e.dtype(), lower)));
}

bool Analyzer::CanProveLess(const Expr& e, int64_t upper) {
  if (!e.defined()) return false;
  if (const_int_bound(e).max_value < upper) return true;
  return e.dtype().is_int() && CanProve(lt(e, make_const(e.dtype(), upper)));
}

bool Analyzer::CanProveEqual(const Expr& a, const Expr& b) {
  if (!a.defined() || !b.defined()) return false;
  if (ExprDeepEqual(a, b)) return true;
  if (IsIntScalar(a) && IsIntScalar(b) && is_zero(Simplify(sub(a, b)))) return true;
  return CanProve(eq(a, b));
}

}  // namespace tessera::arith
