#include "tune/StridedPack.h"

#include <algorithm>
#include <set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/AffineIndex.h"
#include "schedule/Primitives.h"

namespace tessera::tune {

namespace {

// The most combinations of reduction values enumerated to find the phases a load reaches.
constexpr int64_t kMaxEnumerated = 4096;

int64_t PositiveMod(int64_t v, int64_t s) { return ((v % s) + s) % s; }

// The residues mod `s` of `index` (affine in [column, reduce...]) over the reductions'
// ranges; all of them when the ranges are not constant or too many to enumerate.
std::set<int64_t> PhasesOf(const schedule::AffineIndex& index, int64_t s,
                           const std::vector<ir::IterVar>& reduce) {
  std::set<int64_t> all;
  for (int64_t r = 0; r < s; ++r) all.insert(r);
  std::set<int64_t> out{PositiveMod(index.base, s)};
  int64_t combinations = 1;
  for (size_t k = 0; k < reduce.size(); ++k) {
    const int64_t coeff = PositiveMod(index.coeffs[k + 1], s);
    if (coeff == 0) continue;
    const ir::Range& dom = reduce[k]->dom;
    const int64_t* min = dom.min.defined() ? ir::as_const_int(dom.min) : nullptr;
    const int64_t* extent = dom.extent.defined() ? ir::as_const_int(dom.extent) : nullptr;
    if (!min || !extent || *extent <= 0) return all;
    // Beyond s values the residues of coeff * r repeat.
    const int64_t steps = std::min(*extent, s);
    combinations *= steps;
    if (combinations > kMaxEnumerated) return all;
    std::set<int64_t> next;
    for (int64_t phase : out)
      for (int64_t r = *min; r < *min + steps; ++r) next.insert(PositiveMod(phase + coeff * r, s));
    out = std::move(next);
  }
  return out;
}

// [d0, ..., dk] -> [d_a % s_a, d_b % s_b, ..., d0, ..., d_a // s_a, ..., dk] for the
// phased dimensions a, b, ... of `dims`.
ir::IndexMap PhaseMap(size_t rank, const std::vector<PhasedDim>& dims) {
  std::vector<ir::Var> vars;
  for (size_t i = 0; i < rank; ++i) vars.emplace_back("d" + std::to_string(i));
  std::vector<ir::Expr> out;
  for (const PhasedDim& p : dims) out.push_back(ir::floormod(vars[p.dim], ir::Expr(p.stride)));
  for (size_t i = 0; i < rank; ++i) {
    auto phased =
        std::find_if(dims.begin(), dims.end(), [&](const PhasedDim& p) { return p.dim == i; });
    out.push_back(phased != dims.end() ? ir::floordiv(vars[i], ir::Expr(phased->stride))
                                       : ir::Expr(vars[i]));
  }
  return std::make_shared<const ir::IndexMapNode>(ir::IndexMapNode{vars, out});
}

}  // namespace

ColumnStride FindColumnStride(const std::vector<std::vector<ir::Expr>>& loads,
                              const ir::Var& column, const std::vector<ir::IterVar>& reduce) {
  std::vector<ir::Var> vars{column};
  for (const ir::IterVar& iv : reduce) vars.push_back(iv->var);
  ColumnStride found;
  std::set<int64_t> phases;
  bool first = true;
  for (const std::vector<ir::Expr>& indices : loads) {
    int uses = 0;
    size_t dim = 0;
    for (size_t i = 0; i < indices.size(); ++i)
      if (ir::UsesVar(indices[i], column)) {
        ++uses;
        dim = i;
      }
    if (uses != 1) return {};
    auto affine = schedule::MakeAffineIndex(indices[dim], vars);
    if (!affine || affine->coeffs[0] < 2) return {};
    if (!first && (dim != found.dim || affine->coeffs[0] != found.stride)) return {};
    found.dim = dim;
    found.stride = affine->coeffs[0];
    first = false;
    for (int64_t p : PhasesOf(*affine, found.stride, reduce)) phases.insert(p);
  }
  if (first) return {};
  found.phases.assign(phases.begin(), phases.end());
  return found;
}

Status LayOutInPhases(schedule::Schedule& sch, const schedule::Stage& copy,
                      const std::vector<PhasedDim>& dims) {
  const size_t rank = te::output_of(copy->op, 0).ndim();
  if (dims.empty()) return Error("tune: " + copy->name() + " has no dimension to phase");
  for (size_t k = 0; k < dims.size(); ++k) {
    const PhasedDim& p = dims[k];
    if (p.stride < 2)
      return Error("tune: " + copy->name() + " is read at stride 1 along dimension " +
                   std::to_string(p.dim) + ": no phases");
    if (p.dim >= rank)
      return Error("tune: " + copy->name() + " has no dimension " + std::to_string(p.dim));
    for (size_t j = 0; j < k; ++j)
      if (dims[j].dim == p.dim)
        return Error("tune: " + copy->name() + " phases dimension " + std::to_string(p.dim) +
                     " twice");
    if (p.phases.empty())
      return Error("tune: " + copy->name() + " has no phase that is read along dimension " +
                   std::to_string(p.dim));
  }
  auto axes = schedule::TransformLayout(sch, copy, PhaseMap(rank, dims));
  if (!axes) return axes.error();
  // The phases no load reaches are never read: not stored.
  ir::Expr read;
  for (size_t k = 0; k < dims.size(); ++k) {
    if (static_cast<int64_t>(dims[k].phases.size()) >= dims[k].stride) continue;
    const ir::Var phase = (*axes)[k]->var;
    ir::Expr any;
    for (int64_t p : dims[k].phases) {
      ir::Expr is = ir::eq(phase, ir::make_const(phase.dtype(), p));
      any = any.defined() ? ir::logical_or(any, is) : is;
    }
    read = read.defined() ? ir::logical_and(read, any) : any;
  }
  if (!read.defined()) return Status::Ok();
  return schedule::SetStorePredicate(sch, copy, read);
}

Status LayOutInPhases(schedule::Schedule& sch, const schedule::Stage& copy, const ColumnStride& c) {
  if (!c.strided()) return Error("tune: " + copy->name() + " is read at stride 1: no phases");
  return LayOutInPhases(sch, copy, {PhasedDim{c.dim, c.stride, c.phases}});
}

}  // namespace tessera::tune
