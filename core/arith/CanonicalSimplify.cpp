#include <algorithm>

#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/IntMath.h"
#include "arith/MapChildren.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

bool IsIndexScalar(const Expr& e) {
  return e.defined() && e.dtype().is_integer() && e.dtype().is_scalar();
}

bool IsDivKind(ExprKind k) { return k == ExprKind::Div || k == ExprKind::FloorDiv; }
// The division that pairs with a modulo: Mod <-> Div, FloorMod <-> FloorDiv.
ExprKind DivOfMod(ExprKind k) { return k == ExprKind::Mod ? ExprKind::Div : ExprKind::FloorDiv; }

// a * b as one monomial atom, its factors in the order written (TVM keeps x * y and
// y * x as written; LinearSum counts them as one term all the same).
Expr MonomialProduct(const Expr& a, const Expr& b) {
  std::vector<Expr> factors;
  ProductFactors(a, &factors);
  ProductFactors(b, &factors);
  Expr r = factors[0];
  for (size_t i = 1; i < factors.size(); ++i) r = MakeBinary(ExprKind::Mul, r, factors[i]);
  return r;
}

// `kind(X, c)` with a positive constant c: returns X and sets *c.
const Expr* DivModOperand(const Expr& atom, ExprKind kind, int64_t* c) {
  auto* n = atom.as<BinaryNode>();
  if (!n || n->kind != kind) return nullptr;
  const int64_t* v = as_const_int(n->b);
  if (!v || *v <= 0) return nullptr;
  *c = *v;
  return &n->a;
}

}  // namespace

LinearSum CanonicalSimplifier::ToSum(const Expr& e) { return SumOf(e); }

Expr CanonicalSimplifier::Mutate(const Expr& e) {
  if (!e.defined() || depth_ >= kMaxAnalyzerDepth) return e;
  ++depth_;
  Expr r;
  if (IsIndexScalar(e) && !e.as<IntImmNode>()) {
    LinearSum s = SumOf(e);
    r = s.overflow ? MapChildren(e, [this](const Expr& c) { return Mutate(c); }) : SumToExpr(s);
  } else {
    r = MapChildren(e, [this](const Expr& c) { return Mutate(c); });
  }
  --depth_;
  return r;
}

LinearSum CanonicalSimplifier::Opaque(const Expr& e) {
  return AtomSum(MapChildren(e, [this](const Expr& c) { return Mutate(c); }));
}

LinearSum CanonicalSimplifier::SumOf(const Expr& e) {
  if (depth_ >= kMaxAnalyzerDepth || !IsIndexScalar(e)) return AtomSum(e);
  ++depth_;
  LinearSum r;
  switch (e.kind()) {
    case ExprKind::IntImm:
      r = ConstSum(e.dtype(), e.as<IntImmNode>()->value);
      break;
    case ExprKind::Var: {
      auto it = parent_->ctx.values.find(Var::from(e));
      r = it != parent_->ctx.values.end() && IsIndexScalar(it->second) ? SumOf(it->second)
                                                                       : AtomSum(e);
      break;
    }
    case ExprKind::Add:
    case ExprKind::Sub: {
      auto* n = e.as<BinaryNode>();
      r = SumOf(n->a);
      r.AddSum(SumOf(n->b), e.kind() == ExprKind::Add ? 1 : -1);
      MergeDivModPairs(&r);
      break;
    }
    case ExprKind::Mul: {
      auto* n = e.as<BinaryNode>();
      r = MulSums(SumOf(n->a), SumOf(n->b), e);
      break;
    }
    case ExprKind::Div:
    case ExprKind::Mod:
    case ExprKind::FloorDiv:
    case ExprKind::FloorMod: {
      auto* n = e.as<BinaryNode>();
      r = DivModSum(e.kind(), SumOf(n->a), SumOf(n->b), e);
      break;
    }
    default:
      r = Opaque(e);
      break;
  }
  r.dtype = e.dtype();
  --depth_;
  return r;
}

LinearSum CanonicalSimplifier::MulSums(const LinearSum& a, const LinearSum& b, const Expr& e) {
  if (a.overflow || b.overflow) return AtomSum(e);
  if (a.is_const()) return b.Scaled(a.base);
  if (b.is_const()) return a.Scaled(b.base);
  size_t na = a.terms.size() + (a.base != 0), nb = b.terms.size() + (b.base != 0);
  // Distribute small products only; big ones stay a single opaque factor.
  if (na * nb > 16) return AtomSum(MakeBinary(ExprKind::Mul, SumToExpr(a), SumToExpr(b)));
  LinearSum r = ConstSum(e.dtype(), 0);
  for (const SumTerm& ta : a.terms) {
    for (const SumTerm& tb : b.terms) {
      auto c = CheckedMul(ta.coeff, tb.coeff);
      if (!c) return AtomSum(e);
      r.AddTerm(MonomialProduct(ta.atom, tb.atom), *c);
    }
  }
  // (A + a0)(B + b0) = AB + A*b0 + B*a0 + a0*b0; the two scaled sums each carry a0*b0.
  auto bb = CheckedMul(a.base, b.base);
  if (!bb) return AtomSum(e);
  r.AddSum(a.Scaled(b.base), 1);
  r.AddSum(b.Scaled(a.base), 1);
  r.AddConst(-*bb);
  return r;
}

LinearSum CanonicalSimplifier::DivModSum(ExprKind kind, const LinearSum& a, const LinearSum& b,
                                         const Expr& e) {
  auto opaque = [&] { return AtomSum(MakeBinary(kind, SumToExpr(a), SumToExpr(b))); };
  if (a.overflow || b.overflow) return AtomSum(e);
  // 0 divided by anything (defined) is 0, and so is its remainder.
  if (a.is_const() && a.base == 0) return ConstSum(a.dtype, 0);
  if (!b.is_const() || b.base == 0) return opaque();
  int64_t c = b.base;
  if (a.is_const()) {
    if (c == -1) return opaque();
    switch (kind) {
      case ExprKind::Div:
        return ConstSum(a.dtype, a.base / c);
      case ExprKind::Mod:
        return ConstSum(a.dtype, a.base % c);
      case ExprKind::FloorDiv:
        return ConstSum(a.dtype, FloorDivInt(a.base, c));
      default:
        return ConstSum(a.dtype, FloorModInt(a.base, c));
    }
  }
  // Truncated division by a negative constant: truncmod(a, -c) == truncmod(a, c) and
  // truncdiv(a, -c) == -truncdiv(a, c). Floor division keeps its negative divisor.
  LinearSum r;
  if (c < 0) {
    if (kind == ExprKind::Mod)
      r = ModByConst(kind, a, -c);
    else if (kind == ExprKind::Div)
      r = DivByConst(kind, a, -c).Scaled(-1);
    else
      return opaque();
  } else {
    r = IsDivKind(kind) ? DivByConst(kind, a, c) : ModByConst(kind, a, c);
  }
  // Splitting must not make the expression larger: floormod(x*9600, 6400) stays rather
  // than floormod(x*3, 2)*3200. A quotient may grow by its split-off constant
  // (floordiv(x + 9, 8) -> floordiv(x + 1, 8) + 1 cancels against floordiv(x + 1, 8)).
  int original = TreeSize(SumToExpr(a)) + 2, slack = IsDivKind(kind) ? 2 : 0;
  if (!r.overflow && TreeSize(SumToExpr(r)) > original + slack) return opaque();
  return r;
}

bool CanonicalSimplifier::NonNegative(const LinearSum& s) {
  if (s.is_const()) return s.base >= 0;
  return parent_->const_int_bound.Bound(SumToExpr(s)).min_value >= 0;
}

namespace {

// Splits s into the part that is a multiple of c (returned, divided by c) and the rest
// (*rest, with base in [0, c)).
LinearSum SplitMultiples(const LinearSum& s, int64_t c, LinearSum* rest) {
  LinearSum q = ConstSum(s.dtype, FloorDivInt(s.base, c));
  *rest = ConstSum(s.dtype, FloorModInt(s.base, c));
  for (const SumTerm& t : s.terms) {
    if (t.coeff % c == 0)
      q.AddTerm(t.atom, t.coeff / c);
    else
      rest->AddTerm(t.atom, t.coeff);
  }
  return q;
}

int64_t CoeffGcd(const LinearSum& s, int64_t c) {
  int64_t g = c;
  for (const SumTerm& t : s.terms) g = Gcd(g, t.coeff);
  return g;
}

// s / g for the terms, floor(base / g) for the base.
LinearSum DivideTerms(const LinearSum& s, int64_t g) {
  LinearSum r = ConstSum(s.dtype, FloorDivInt(s.base, g));
  for (const SumTerm& t : s.terms) r.AddTerm(t.atom, t.coeff / g);
  return r;
}

}  // namespace

// Splits r into g*T + S where T holds the terms of largest |coefficient| (a common
// factor g > 1 of theirs and of c) and S, the other terms and the base, is provably in
// [0, g). Returns g (and sets *t, *s), or 0 when no such split exists.
int64_t CanonicalSimplifier::SplitBySmallRest(const LinearSum& r, int64_t c, LinearSum* t,
                                              LinearSum* s) {
  std::vector<SumTerm> order = r.terms;
  auto magnitude = [](int64_t v) {
    return v < 0 ? -static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  };
  std::stable_sort(order.begin(), order.end(), [&](const SumTerm& a, const SumTerm& b) {
    return magnitude(a.coeff) > magnitude(b.coeff);
  });
  int64_t g = c;
  for (size_t k = 1; k < order.size(); ++k) {
    g = Gcd(g, order[k - 1].coeff);
    if (g <= 1) return 0;
    LinearSum rest = ConstSum(r.dtype, r.base);
    for (size_t i = k; i < order.size(); ++i) rest.AddTerm(order[i].atom, order[i].coeff);
    ConstIntBound b = parent_->const_int_bound.Bound(SumToExpr(rest));
    if (b.min_value < 0 || b.max_value >= g) continue;
    *t = ConstSum(r.dtype, 0);
    for (size_t i = 0; i < k; ++i) t->AddTerm(order[i].atom, order[i].coeff / g);
    *s = std::move(rest);
    return g;
  }
  return 0;
}

// floordiv / truncdiv of a sum by c > 0. Writing the sum as c*Q + R (R's base in
// [0, c)), floordiv(c*Q + R, c) == Q + floordiv(R, c) for every R; for truncdiv the
// same holds when the sum and R are both non-negative (then trunc == floor).
LinearSum CanonicalSimplifier::DivByConst(ExprKind kind, const LinearSum& a, int64_t c) {
  Expr whole = SumToExpr(a);
  if (c == 1) return a;
  if (kind == ExprKind::Div && !NonNegative(a))
    return AtomSum(MakeBinary(kind, whole, make_const(a.dtype, c)));
  LinearSum r;
  LinearSum q = SplitMultiples(a, c, &r);
  if (kind == ExprKind::Div && !NonNegative(r))
    return AtomSum(MakeBinary(kind, whole, make_const(a.dtype, c)));
  while (!r.is_const()) {
    // All values of R in one block [k*c, k*c + c): the quotient is k.
    ConstIntBound b = parent_->const_int_bound.Bound(SumToExpr(r));
    if (b.min_value != ConstIntBound::kNegInf && b.max_value != ConstIntBound::kPosInf &&
        FloorDivInt(b.min_value, c) == FloorDivInt(b.max_value, c)) {
      q.AddConst(FloorDivInt(b.min_value, c));
      return q;
    }
    // R = g*T + b with 0 <= b < g and g | c: floordiv(R, c) == floordiv(T + b/g, c/g).
    int64_t g = CoeffGcd(r, c);
    if (g > 1) {
      r = DivideTerms(r, g);
      c /= g;
      if (c == 1) {
        q.AddSum(r, 1);
        return q;
      }
      continue;
    }
    // R = g*T + S with 0 <= S < g and g | c (S the terms with small coefficients):
    // floordiv(R, c) == floordiv(T, c/g)   (floordiv(x*32 + y, 64) -> floordiv(x, 2)).
    LinearSum big, small;
    if (int64_t g2 = SplitBySmallRest(r, c, &big, &small); g2 > 1) {
      r = std::move(big);
      c /= g2;
      if (c == 1) {
        q.AddSum(r, 1);
        return q;
      }
      continue;
    }
    // floordiv(floordiv(X, c0), c) == floordiv(X, c0*c) for positive divisors.
    int64_t c0 = 0;
    if (r.terms.size() == 1 && r.base == 0 && r.terms[0].coeff == 1) {
      if (const Expr* x = DivModOperand(r.terms[0].atom, kind, &c0)) {
        if (auto cc = CheckedMul(c0, c)) {
          q.AddTerm(MakeBinary(kind, *x, make_const(a.dtype, *cc)), 1);
          return q;
        }
      }
    }
    q.AddTerm(MakeBinary(kind, SumToExpr(r), make_const(a.dtype, c)), 1);
    return q;
  }
  return q;  // R is its base, in [0, c): quotient 0
}

// floormod / truncmod of a sum by c > 0: only the part R that is not a multiple of c
// matters; R in one block [k*c, k*c + c) gives R - k*c; a common factor g of R's
// coefficients and c gives g*mod(T, c/g) + b.
LinearSum CanonicalSimplifier::ModByConst(ExprKind kind, const LinearSum& a, int64_t c) {
  Expr whole = SumToExpr(a);
  if (c == 1) return ConstSum(a.dtype, 0);
  if (kind == ExprKind::Mod && !NonNegative(a))
    return AtomSum(MakeBinary(kind, whole, make_const(a.dtype, c)));
  LinearSum r;
  SplitMultiples(a, c, &r);
  if (kind == ExprKind::Mod && !NonNegative(r))
    return AtomSum(MakeBinary(kind, whole, make_const(a.dtype, c)));
  LinearSum result = ConstSum(a.dtype, 0);
  int64_t scale = 1;
  while (!r.is_const()) {
    ConstIntBound b = parent_->const_int_bound.Bound(SumToExpr(r));
    if (b.min_value != ConstIntBound::kNegInf && b.max_value != ConstIntBound::kPosInf &&
        FloorDivInt(b.min_value, c) == FloorDivInt(b.max_value, c)) {
      r.AddConst(-FloorDivInt(b.min_value, c) * c);
      result.AddSum(r, scale);
      return result;
    }
    int64_t g = CoeffGcd(r, c);
    if (g > 1) {
      result.AddConst(FloorModInt(r.base, g) * scale);
      r = DivideTerms(r, g);
      c /= g;
      scale *= g;
      if (c == 1) return result;
      continue;
    }
    // R = g*T + S with 0 <= S < g and g | c: mod(R, c) == g*mod(T, c/g) + S
    // (floormod(x*32 + y, 64) -> floormod(x, 2)*32 + y for 0 <= y < 32).
    LinearSum big, small;
    if (int64_t g2 = SplitBySmallRest(r, c, &big, &small); g2 > 1) {
      result.AddSum(small, scale);
      r = std::move(big);
      c /= g2;
      scale *= g2;
      if (c == 1) return result;
      continue;
    }
    // mod(mod(X, c0), c) == mod(X, c) when c divides c0.
    int64_t c0 = 0;
    if (r.terms.size() == 1 && r.base == 0 && r.terms[0].coeff == 1) {
      if (const Expr* x = DivModOperand(r.terms[0].atom, kind, &c0); x && c0 % c == 0) {
        result.AddSum(ModByConst(kind, SumOf(*x), c), scale);
        return result;
      }
    }
    result.AddTerm(MakeBinary(kind, SumToExpr(r), make_const(a.dtype, c)), scale);
    return result;
  }
  result.AddConst(FloorModInt(r.base, c) * scale);
  return result;
}

namespace {

// An atom that is a digit range of X: (X mod upper) div lower, as TVM's canonical form
// writes div, mod and their compositions (its SplitExpr). upper 0 is no modulo: X div c
// is (X, c, 0), X mod c is (X, 1, c), (X div l) mod m is (X, l, l*m), (X mod u) div l
// with l dividing u is (X, l, u). Floor division only (it holds for every X).
struct DigitRange {
  Expr x;
  int64_t lower = 1;
  int64_t upper = 0;
};

std::optional<DigitRange> AsDigitRange(const Expr& atom) {
  int64_t c = 0, inner = 0;
  if (const Expr* e = DivModOperand(atom, ExprKind::FloorMod, &c)) {
    if (const Expr* x = DivModOperand(*e, ExprKind::FloorDiv, &inner)) {
      auto upper = CheckedMul(inner, c);
      if (upper) return DigitRange{*x, inner, *upper};
    }
    return DigitRange{*e, 1, c};
  }
  if (const Expr* e = DivModOperand(atom, ExprKind::FloorDiv, &c)) {
    if (const Expr* x = DivModOperand(*e, ExprKind::FloorMod, &inner); x && inner % c == 0)
      return DigitRange{*x, c, inner};
    return DigitRange{*e, c, 0};
  }
  return std::nullopt;
}

Expr DigitRangeAtom(const DigitRange& d) {
  const DataType t = d.x.dtype();
  if (d.upper == 0) return MakeBinary(ExprKind::FloorDiv, d.x, make_const(t, d.lower));
  if (d.lower == 1) return MakeBinary(ExprKind::FloorMod, d.x, make_const(t, d.upper));
  return MakeBinary(ExprKind::FloorMod, MakeBinary(ExprKind::FloorDiv, d.x, make_const(t, d.lower)),
                    make_const(t, d.upper / d.lower));
}

}  // namespace

// Adjacent digit ranges of one X merge (TVM's SimplifySplitExprs): with Y = X mod u1,
//   ((Y div l1) * (l1 / l2) + (X mod l1) div l2) * k == (Y div l2) * k
// for l2 dividing l1 and l1 dividing u1 (Y = l1 * (Y div l1) + Y mod l1). A fused loop
// split again reads its index as digits — floordiv(v, 9)*9 + floormod(floordiv(v, 3), 3)*3
// + floormod(v, 3) for v = fused(c, h, w) — which folds back to v, then with the pair rule
// below to the loop's own index; the lowering sees a contiguous (or constant-stride)
// access instead of three divisions per element.
void CanonicalSimplifier::MergeDigitRanges(LinearSum* s) {
  constexpr int kMaxMerges = 16;  // each merge removes a term; guards a pathological sum
  int merges = 0;
  for (size_t i = 0; i < s->terms.size() && merges < kMaxMerges; ++i) {
    const std::optional<DigitRange> high = AsDigitRange(s->terms[i].atom);
    if (!high) continue;
    for (size_t j = 0; j < s->terms.size(); ++j) {
      if (j == i) continue;
      const std::optional<DigitRange> low = AsDigitRange(s->terms[j].atom);
      if (!low || low->upper != high->lower || high->lower % low->lower != 0 ||
          !ExprDeepEqual(low->x, high->x))
        continue;
      const int64_t k = s->terms[j].coeff;
      auto scaled = CheckedMul(k, high->lower / low->lower);
      if (!scaled || *scaled != s->terms[i].coeff) continue;
      const DigitRange merged{high->x, low->lower, high->upper};
      const Expr high_atom = s->terms[i].atom, low_atom = s->terms[j].atom;
      s->AddTerm(high_atom, -*scaled);
      s->AddTerm(low_atom, -k);
      if (merged.upper == 0 && merged.lower == 1)
        s->AddSum(SumOf(merged.x), k);
      else
        s->AddTerm(DigitRangeAtom(merged), k);
      if (s->overflow) return;
      ++merges;
      i = static_cast<size_t>(-1);  // restart: the sum changed
      break;
    }
  }
}

// k*c*div(X, c) + k*mod(X, c) == k*X (for floor and for trunc division), and
// k*X - k*c*div(X, c) == k*mod(X, c): fold such pairs back. The second identity also
// applies when the sum holds only part of k*X, if that makes the sum no larger:
// y*5 - floordiv(y + z, 2)*10 == floormod(y + z, 2)*5 - z*5.
void CanonicalSimplifier::MergeDivModPairs(LinearSum* s) {
  MergeDigitRanges(s);
  if (s->overflow) return;
  // Each merge removes a quotient; the bound only guards against a pathological sum.
  constexpr int kMaxMerges = 16;
  int merges = 0;
  for (size_t i = 0; i < s->terms.size(); ++i) {
    const SumTerm t = s->terms[i];
    auto* n = t.atom.as<BinaryNode>();
    if (!n || (n->kind != ExprKind::Mod && n->kind != ExprKind::FloorMod)) continue;
    const int64_t* c = as_const_int(n->b);
    if (!c || *c <= 0) continue;
    auto kc = CheckedMul(t.coeff, *c);
    if (!kc) continue;
    Expr div = MakeBinary(DivOfMod(n->kind), n->a, n->b);
    if (s->CoeffOf(div) != *kc) continue;
    s->AddTerm(t.atom, -t.coeff);
    s->AddTerm(div, -*kc);
    s->AddSum(SumOf(n->a), t.coeff);
    i = static_cast<size_t>(-1);  // restart: the sum changed
    if (s->overflow) return;
  }
  for (size_t i = 0; i < s->terms.size(); ++i) {
    const SumTerm t = s->terms[i];
    auto* n = t.atom.as<BinaryNode>();
    if (!n || !IsDivKind(n->kind)) continue;
    const int64_t* c = as_const_int(n->b);
    if (!c || *c <= 0 || t.coeff % *c != 0) continue;
    int64_t k = -t.coeff / *c;
    LinearSum x = SumOf(n->a);
    if (x.overflow || x.is_const()) continue;
    bool contained = std::all_of(x.terms.begin(), x.terms.end(), [&](const SumTerm& xt) {
      auto kx = CheckedMul(xt.coeff, k);
      return kx && s->CoeffOf(xt.atom) == *kx;
    });
    ExprKind mod = n->kind == ExprKind::Div ? ExprKind::Mod : ExprKind::FloorMod;
    LinearSum merged = *s;
    merged.AddSum(x, -k);
    merged.AddTerm(t.atom, -t.coeff);
    merged.AddTerm(MakeBinary(mod, n->a, n->b), k);
    if (merged.overflow) continue;
    // X shares only some terms with the sum (y - floordiv(y + z, 5)*5 is
    // floormod(y + z, 5) - z): merge when that leaves no more terms and no larger tree.
    if (!contained && (merged.terms.size() > s->terms.size() ||
                       TreeSize(SumToExpr(merged)) > TreeSize(SumToExpr(*s))))
      continue;
    *s = std::move(merged);
    if (++merges > kMaxMerges) return;
    i = static_cast<size_t>(-1);
  }
}

}  // namespace tessera::arith
