#include "arith/CanonicalForm.h"

#include <algorithm>

#include "arith/ExprOrder.h"
#include "arith/IntMath.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

void ProductFactors(const Expr& e, std::vector<Expr>* out) {
  auto* m = e.as<BinaryNode>();
  if (m && m->kind == ExprKind::Mul) {
    ProductFactors(m->a, out);
    ProductFactors(m->b, out);
    return;
  }
  out->push_back(e);
}

bool SameMonomial(const Expr& a, const Expr& b) {
  if (ExprDeepEqual(a, b)) return true;
  auto is_mul = [](const Expr& e) {
    const auto* m = e.as<BinaryNode>();
    return m && m->kind == ExprKind::Mul;
  };
  if (!is_mul(a) || !is_mul(b)) return false;
  std::vector<Expr> fa, fb;
  ProductFactors(a, &fa);
  ProductFactors(b, &fb);
  if (fa.size() != fb.size() || fa.size() < 2) return false;
  auto less = [](const Expr& x, const Expr& y) { return CompareExpr(x, y) < 0; };
  std::stable_sort(fa.begin(), fa.end(), less);
  std::stable_sort(fb.begin(), fb.end(), less);
  for (size_t i = 0; i < fa.size(); ++i)
    if (!ExprDeepEqual(fa[i], fb[i])) return false;
  return true;
}

int64_t LinearSum::CoeffOf(const Expr& atom) const {
  for (const SumTerm& t : terms) {
    if (SameMonomial(t.atom, atom)) return t.coeff;
  }
  return 0;
}

void LinearSum::AddTerm(const Expr& atom, int64_t coeff) {
  if (coeff == 0) return;
  for (size_t i = 0; i < terms.size(); ++i) {
    if (!SameMonomial(terms[i].atom, atom)) continue;
    auto c = CheckedAdd(terms[i].coeff, coeff);
    if (!c) {
      overflow = true;
      return;
    }
    if (*c == 0)
      terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(i));
    else
      terms[i].coeff = *c;
    return;
  }
  terms.push_back({atom, coeff});
}

void LinearSum::AddConst(int64_t c) {
  auto b = CheckedAdd(base, c);
  if (!b)
    overflow = true;
  else
    base = *b;
}

void LinearSum::AddSum(const LinearSum& other, int64_t scale) {
  overflow |= other.overflow;
  for (const SumTerm& t : other.terms) {
    auto c = CheckedMul(t.coeff, scale);
    if (!c) {
      overflow = true;
      return;
    }
    AddTerm(t.atom, *c);
  }
  auto b = CheckedMul(other.base, scale);
  if (!b)
    overflow = true;
  else
    AddConst(*b);
}

LinearSum LinearSum::Scaled(int64_t c) const {
  LinearSum r;
  r.dtype = dtype;
  r.AddSum(*this, c);
  return r;
}

LinearSum ConstSum(DataType t, int64_t value) {
  LinearSum s;
  s.dtype = t;
  s.base = value;
  return s;
}

LinearSum AtomSum(const Expr& atom) {
  LinearSum s;
  s.dtype = atom.dtype();
  s.terms.push_back({atom, 1});
  return s;
}

ExprKind MirrorComparison(ExprKind k) {
  switch (k) {
    case ExprKind::LT:
      return ExprKind::GT;
    case ExprKind::GT:
      return ExprKind::LT;
    case ExprKind::LE:
      return ExprKind::GE;
    case ExprKind::GE:
      return ExprKind::LE;
    default:
      return k;
  }
}

namespace {

Expr ScaledAtom(const SumTerm& t, int64_t magnitude) {
  if (magnitude == 1) return t.atom;
  return MakeBinary(ExprKind::Mul, t.atom, make_const(t.atom.dtype(), magnitude));
}

}  // namespace

Expr SumToExpr(const LinearSum& s) {
  std::vector<SumTerm> order = s.terms;
  std::stable_sort(order.begin(), order.end(), [](const SumTerm& a, const SumTerm& b) {
    auto mag = [](int64_t c) {
      return c < 0 ? -static_cast<uint64_t>(c) : static_cast<uint64_t>(c);
    };
    return mag(a.coeff) > mag(b.coeff);
  });
  Expr result;
  int64_t base = s.base;
  for (const SumTerm& t : order) {
    if (t.coeff <= 0) continue;
    Expr term = ScaledAtom(t, t.coeff);
    result = result.defined() ? MakeBinary(ExprKind::Add, result, term) : term;
  }
  for (const SumTerm& t : order) {
    if (t.coeff >= 0) continue;
    if (!result.defined()) {
      // All terms negative: `base - x` (also `0 - x`, `-3 - x`) rather than `x*-1 + base`.
      result = MakeBinary(ExprKind::Sub, make_const(s.dtype, base), ScaledAtom(t, -t.coeff));
      base = 0;
      continue;
    }
    result = MakeBinary(ExprKind::Sub, result, ScaledAtom(t, -t.coeff));
  }
  if (!result.defined()) return make_const(s.dtype, base);
  if (base > 0) result = MakeBinary(ExprKind::Add, result, make_const(s.dtype, base));
  if (base < 0 && base != INT64_MIN)
    result = MakeBinary(ExprKind::Sub, result, make_const(s.dtype, -base));
  if (base == INT64_MIN) result = MakeBinary(ExprKind::Add, result, make_const(s.dtype, base));
  return result;
}

std::optional<int64_t> ConstantDifference(const LinearSum& a, const LinearSum& b, int64_t sign) {
  LinearSum d = a;
  d.AddSum(b, -sign);
  if (d.overflow || !d.is_const()) return std::nullopt;
  return d.base;
}

Expr ComparisonToExpr(ExprKind op, LinearSum d) {
  bool any_positive = false;
  for (const SumTerm& t : d.terms) any_positive |= t.coeff > 0;
  if (!any_positive) {
    d = d.Scaled(-1);
    op = MirrorComparison(op);
  }
  // Integer comparisons between terms: a - 1 < b is a <= b, a + 1 > b is a >= b (no
  // constant left). Against a constant the bound stays as written (x < 1), as TVM's.
  bool any_negative = false;
  for (const SumTerm& t : d.terms) any_negative |= t.coeff < 0;
  if (any_negative && op == ExprKind::LT && d.base == -1) {
    op = ExprKind::LE;
    d.base = 0;
  } else if (any_negative && op == ExprKind::GT && d.base == 1) {
    op = ExprKind::GE;
    d.base = 0;
  }
  LinearSum lhs = ConstSum(d.dtype, 0), rhs = ConstSum(d.dtype, -d.base);
  for (const SumTerm& t : d.terms) {
    if (t.coeff > 0)
      lhs.AddTerm(t.atom, t.coeff);
    else
      rhs.AddTerm(t.atom, -t.coeff);
  }
  return MakeBinary(op, SumToExpr(lhs), SumToExpr(rhs));
}

}  // namespace tessera::arith
