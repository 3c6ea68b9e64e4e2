#include "arith/AnalyzerImpl.h"
#include "arith/IntMath.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

ModularSet Everything() { return ModularSet{1, 0}; }
ModularSet Constant(int64_t v) { return ModularSet{0, v}; }

ModularSet Normalize(int64_t coeff, int64_t base) {
  if (coeff < 0) coeff = -coeff;
  if (coeff > 0) base = FloorModInt(base, coeff);
  return ModularSet{coeff, base};
}

// The smallest modular set containing both.
ModularSet Union(const ModularSet& a, const ModularSet& b) {
  auto diff = CheckedSub(a.base, b.base);
  if (!diff) return Everything();
  int64_t coeff = Gcd(Gcd(a.coeff, b.coeff), *diff);
  if (coeff == 0) return a;  // the same constant
  return Normalize(coeff, a.base);
}

std::optional<ModularSet> Combine(ExprKind kind, const ModularSet& a, const ModularSet& b) {
  switch (kind) {
    case ExprKind::Add:
    case ExprKind::Sub: {
      auto base = kind == ExprKind::Add ? CheckedAdd(a.base, b.base) : CheckedSub(a.base, b.base);
      if (!base) return std::nullopt;
      return Normalize(Gcd(a.coeff, b.coeff), *base);
    }
    case ExprKind::Mul: {
      // (ca*k + ba)(cb*l + bb) = ca*cb*kl + ca*bb*k + cb*ba*l + ba*bb
      auto cc = CheckedMul(a.coeff, b.coeff), cab = CheckedMul(a.coeff, b.base),
           cba = CheckedMul(b.coeff, a.base), base = CheckedMul(a.base, b.base);
      if (!cc || !cab || !cba || !base) return std::nullopt;
      return Normalize(Gcd(Gcd(*cc, *cab), *cba), *base);
    }
    case ExprKind::Min:
    case ExprKind::Max:
      return Union(a, b);
    default:
      return std::nullopt;
  }
}

// `floormod(v, c) + k == 0` says v is -k mod c.
std::optional<ModularSet> FromEqualityFact(const LinearFact& f, const Expr& v) {
  if (!f.equality || f.sum.terms.size() != 1) return std::nullopt;
  const SumTerm& t = f.sum.terms[0];
  auto* m = t.atom.as<BinaryNode>();
  if (!m || m->kind != ExprKind::FloorMod || !m->a.same_as(v)) return std::nullopt;
  const int64_t* c = as_const_int(m->b);
  if (!c || *c <= 0 || (t.coeff != 1 && t.coeff != -1)) return std::nullopt;
  int64_t rem = t.coeff == 1 ? -f.sum.base : f.sum.base;
  return Normalize(*c, rem);
}

}  // namespace

ModularSet ModularSetAnalyzer::Modular(const Expr& e) {
  if (!e.defined() || !e.dtype().is_integer()) return Everything();
  return Visit(e);
}

ModularSet ModularSetAnalyzer::Visit(const Expr& e) {
  if (depth_ >= kMaxAnalyzerDepth) return Everything();
  ++depth_;
  ModularSet r = Everything();
  if (auto* imm = e.as<IntImmNode>()) {
    r = Constant(imm->value);
  } else if (e.as<VarNode>()) {
    r = VisitVar(e);
  } else if (auto* b = e.as<BinaryNode>()) {
    r = VisitBinary(b, e);
  } else if (auto* s = e.as<SelectNode>()) {
    r = Union(Visit(s->true_value), Visit(s->false_value));
  } else if (auto* c = e.as<CastNode>()) {
    DataType from = c->value.dtype();
    if (from.is_integer() && e.dtype().is_integer() && e.dtype().bits() >= from.bits() &&
        e.dtype().is_int() == from.is_int())
      r = Visit(c->value);
  }
  --depth_;
  return r;
}

ModularSet ModularSetAnalyzer::VisitVar(const Expr& e) {
  const VarNode* node = e.as<VarNode>();
  if (resolving_.count(node)) return Everything();
  resolving_[node] = true;
  Var v = Var::from(e);
  const ConstraintContext& ctx = parent_->ctx;
  ModularSet r = Everything();
  if (auto it = ctx.values.find(v); it != ctx.values.end()) {
    r = Visit(it->second);
  } else if (auto rit = ctx.ranges.find(v); rit != ctx.ranges.end() && is_one(rit->second.extent)) {
    r = Visit(rit->second.min);
  } else {
    ctx.ForEachFact(false, [&](const LinearFact& f) {
      if (r.coeff != 1 || r.base != 0) return;
      if (auto m = FromEqualityFact(f, e)) r = *m;
    });
  }
  resolving_.erase(node);
  return r;
}

ModularSet ModularSetAnalyzer::VisitBinary(const BinaryNode* n, const Expr& e) {
  if (!e.dtype().is_integer()) return Everything();
  ModularSet a = Visit(n->a);
  switch (n->kind) {
    case ExprKind::Div:
    case ExprKind::Mod:
    case ExprKind::FloorDiv:
    case ExprKind::FloorMod:
      return VisitDivMod(n, a);
    default:
      break;
  }
  auto r = Combine(n->kind, a, Visit(n->b));
  return r ? *r : Everything();
}

// Division and modulo by a positive constant c. Truncated forms behave like the floor
// forms only for a non-negative dividend.
ModularSet ModularSetAnalyzer::VisitDivMod(const BinaryNode* n, const ModularSet& a) {
  const int64_t* cp = as_const_int(n->b);
  if (!cp || *cp <= 0) return Everything();
  int64_t c = *cp;
  bool trunc = n->kind == ExprKind::Div || n->kind == ExprKind::Mod;
  if (trunc && parent_->const_int_bound.Bound(n->a).min_value < 0) return Everything();
  bool is_div = n->kind == ExprKind::Div || n->kind == ExprKind::FloorDiv;
  if (is_div) {
    // (c*m*k + base) // c = m*k + base // c, when c divides the coefficient.
    if (a.coeff % c == 0) return Normalize(a.coeff / c, FloorDivInt(a.base, c));
    return Everything();
  }
  if (a.coeff % c == 0) return Constant(FloorModInt(a.base, c));
  int64_t g = Gcd(a.coeff, c);
  return Normalize(g, a.base);
}

}  // namespace tessera::arith
