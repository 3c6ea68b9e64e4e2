#include "tir/AffineBinding.h"

#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/StructuralEqual.h"

namespace tessera::tir {

using ir::DataType;
using ir::Expr;

namespace affine_binding_detail {

struct Term {
  Expr atom;
  int64_t coeff;
};

void Flatten(const Expr& e, int64_t scale, std::vector<Term>* terms, int64_t* base) {
  using K = ir::ExprKind;
  if (const int64_t* c = ir::as_const_int(e); c && e.dtype().is_int()) {
    *base += scale * *c;
    return;
  }
  if (e.kind() == K::Add || e.kind() == K::Sub) {
    const auto* n = e.as<ir::BinaryNode>();
    Flatten(n->a, scale, terms, base);
    Flatten(n->b, e.kind() == K::Add ? scale : -scale, terms, base);
    return;
  }
  if (e.kind() == K::Mul) {
    const auto* n = e.as<ir::BinaryNode>();
    if (const int64_t* c = ir::as_const_int(n->b)) return Flatten(n->a, scale * *c, terms, base);
    if (const int64_t* c = ir::as_const_int(n->a)) return Flatten(n->b, scale * *c, terms, base);
  }
  for (Term& t : *terms) {
    if (ir::StructuralEqual(t.atom, e)) {
      t.coeff += scale;
      return;
    }
  }
  terms->push_back({e, scale});
}

}  // namespace affine_binding_detail

Expr NormalizeAffineBinding(const Expr& e) {
  using namespace affine_binding_detail;
  if (!e.defined() || !e.dtype().is_int()) return e;
  std::vector<Term> terms;
  int64_t base = 0;
  Flatten(e, 1, &terms, &base);
  terms.erase(
      std::remove_if(terms.begin(), terms.end(), [](const Term& t) { return t.coeff == 0; }),
      terms.end());
  std::stable_sort(terms.begin(), terms.end(),
                   [](const Term& a, const Term& b) { return a.coeff > b.coeff; });
  DataType t = e.dtype();
  Expr result;
  for (const Term& term : terms) {
    int64_t magnitude = term.coeff < 0 ? -term.coeff : term.coeff;
    Expr part = magnitude == 1
                    ? term.atom
                    : ir::MakeBinary(ir::ExprKind::Mul, term.atom, ir::make_const(t, magnitude));
    if (!result.defined()) {
      result = term.coeff < 0 ? ir::MakeBinary(ir::ExprKind::Sub, ir::make_zero(t), part) : part;
    } else {
      result = ir::MakeBinary(term.coeff < 0 ? ir::ExprKind::Sub : ir::ExprKind::Add, result, part);
    }
  }
  if (!result.defined()) return ir::make_const(t, base);
  if (base > 0) result = ir::MakeBinary(ir::ExprKind::Add, result, ir::make_const(t, base));
  if (base < 0) result = ir::MakeBinary(ir::ExprKind::Sub, result, ir::make_const(t, -base));
  return result;
}

}  // namespace tessera::tir
