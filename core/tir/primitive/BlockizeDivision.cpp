// How blockize divides a block binding (BlockizeDivision.h).
#include "tir/primitive/BlockizeDivision.h"

#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/AffineBinding.h"

namespace tessera::tir::blockize_detail {

namespace {

struct Term {
  Var var;
  int64_t coef;
};

// `e` as a sum of `var * constant` terms and a constant; false when it is not one.
bool AffineTerms(const Expr& e, std::vector<Term>* terms, int64_t* constant) {
  if (const int64_t* c = ir::as_const_int(e)) {
    *constant += *c;
    return true;
  }
  if (e.kind() == ir::ExprKind::Var) {
    terms->push_back({Var::from(e), 1});
    return true;
  }
  const auto* bin = e.as<ir::BinaryNode>();
  if (!bin) return false;
  if (e.kind() == ir::ExprKind::Add) {
    return AffineTerms(bin->a, terms, constant) && AffineTerms(bin->b, terms, constant);
  }
  if (e.kind() == ir::ExprKind::Mul && bin->a.kind() == ir::ExprKind::Var) {
    if (const int64_t* c = ir::as_const_int(bin->b)) {
      terms->push_back({Var::from(bin->a), *c});
      return true;
    }
  }
  return false;
}

Expr SumOf(const std::vector<Term>& terms, int64_t divisor) {
  Expr sum;
  for (const Term& t : terms) {
    int64_t c = t.coef / divisor;
    Expr term = c == 1 ? Expr(t.var)
                       : ir::MakeBinary(ir::ExprKind::Mul, t.var, ir::make_const(t.var.dtype(), c));
    sum = sum.defined() ? ir::MakeBinary(ir::ExprKind::Add, sum, term) : term;
  }
  return sum;
}

bool UsesAny(const Expr& e, const std::vector<const ForNode*>& loops) {
  return std::any_of(loops.begin(), loops.end(),
                     [&](const ForNode* l) { return ir::UsesVar(e, l->loop_var); });
}

}  // namespace

bool Divide(const Expr& binding, int64_t extent, const std::vector<const ForNode*>& inner_loops,
            Division* out) {
  bool inner = UsesAny(binding, inner_loops);
  std::vector<Term> terms;
  int64_t constant = 0;
  Expr normal = NormalizeAffineBinding(binding);
  if (!inner) {
    *out = {binding, Expr(), extent, 1};
    return true;
  }
  bool outer = ir::UsesVar(binding, [&](const ir::VarNode* v) {
    return std::none_of(inner_loops.begin(), inner_loops.end(),
                        [&](const ForNode* l) { return l->loop_var.get() == v; });
  });
  if (!outer) {
    *out = {Expr(), binding, 1, extent};
    return true;
  }
  if (!AffineTerms(normal, &terms, &constant) || constant != 0) return false;
  std::vector<Term> in, out_terms;
  for (const Term& t : terms) {
    auto loop = std::find_if(inner_loops.begin(), inner_loops.end(),
                             [&](const ForNode* l) { return l->loop_var.get() == t.var.get(); });
    (loop != inner_loops.end() ? in : out_terms).push_back(t);
  }
  // The inner terms must count 0, 1, ... inner_extent - 1 once each (mixed radix).
  std::vector<Term> sorted = in;
  std::sort(sorted.begin(), sorted.end(),
            [](const Term& a, const Term& b) { return a.coef < b.coef; });
  int64_t expected = 1;
  for (const Term& t : sorted) {
    auto loop = std::find_if(inner_loops.begin(), inner_loops.end(),
                             [&](const ForNode* l) { return l->loop_var.get() == t.var.get(); });
    const int64_t* e = ir::as_const_int((*loop)->extent);
    if (!e || t.coef != expected) return false;
    expected *= *e;
  }
  if (extent % expected != 0) return false;
  for (const Term& t : out_terms) {
    if (t.coef % expected != 0) return false;
  }
  *out = {SumOf(out_terms, expected), SumOf(in, 1), extent / expected, expected};
  return true;
}

void AddInnerIterator(const IterVar& iv, const Division& d, const Var& vo, bool preserve_unit_iters,
                      BlockNode* inner, std::vector<Expr>* inner_values,
                      arith::IntSetMap* inner_dom, ir::VarMap* subst) {
  DataType t = iv->var.dtype();
  if (d.inner_extent == 1) {
    (*subst)[iv->var] =
        d.outer_extent == 1 && !preserve_unit_iters ? ir::make_const(t, int64_t{0}) : Expr(vo);
    return;
  }
  Var vi(iv->var.name() + "_i", t);
  Range dom(ir::make_const(t, int64_t{0}), ir::make_const(t, d.inner_extent));
  inner->iter_vars.push_back(ir::MakeIterVar(dom, vi, iv->iter_type));
  inner_values->push_back(d.inner);
  (*inner_dom)[vi] = arith::IntSet::FromRange(dom);
  (*subst)[iv->var] =
      d.outer_extent == 1
          ? Expr(vi)
          : ir::MakeBinary(ir::ExprKind::Add,
                           ir::MakeBinary(ir::ExprKind::Mul, vo, ir::make_const(t, d.inner_extent)),
                           vi);
}

std::vector<BufferRegion> RelaxedRegions(const std::vector<BufferRegion>& regions,
                                         const arith::IntSetMap& inner_dom,
                                         arith::Analyzer* analyzer) {
  std::vector<BufferRegion> out;
  for (const BufferRegion& r : regions) {
    BufferRegion n{r.buffer, {}};
    for (size_t d = 0; d < r.region.size(); ++d) {
      Range full(ir::make_const(DataType::Int(32), int64_t{0}), r.buffer->shape[d]);
      Range cover = arith::EvalSet(r.region[d], inner_dom, analyzer).CoverRange(full);
      n.region.emplace_back(analyzer->Simplify(cover.min), analyzer->Simplify(cover.extent));
    }
    out.push_back(std::move(n));
  }
  return out;
}

}  // namespace tessera::tir::blockize_detail
