#include "schedule/MessagePassing.h"

#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::schedule {

namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

Expr Simplify(arith::Analyzer* analyzer, const Expr& e) {
  return analyzer ? analyzer->Simplify(e) : e;
}

Expr One(const Expr& like) { return ir::make_const(like.dtype(), int64_t{1}); }
Expr Zero(const Expr& like) { return ir::make_zero(like.dtype()); }

void SetOnce(RangeMap* rmap, const IterVar& iv, ir::Range r) {
  if (!rmap->count(iv)) (*rmap)[iv] = std::move(r);
}

// Vars with a leaf below them (or themselves) bound to a thread: a split must keep
// their extent, which a schedule may use to match the number of threads launched.
std::unordered_map<IterVar, bool> ThreadBoundBelow(const Stage& stage) {
  std::unordered_map<IterVar, bool> bound;
  for (const IterVar& leaf : stage->leaf_iter_vars)
    if (stage->attr(leaf).bind_thread) bound[leaf] = true;
  for (auto it = stage->relations.rbegin(); it != stage->relations.rend(); ++it)
    for (const IterVar& child : relation_children(*it))
      if (bound.count(child))
        for (const IterVar& parent : relation_parents(*it)) bound[parent] = true;
  return bound;
}

// The extent of the split child that takes the factor (inner) or nparts (outer): the
// factor, clamped to the parent's extent when that is a smaller constant
// (TVM's PassDownDomain does the same; a split of 8 by 32 runs 8 inner iterations, not
// 32 with 24 guarded away). Not clamped when the child leads to a thread-bound loop (the
// launch may rely on the factor) or for an empty parent. Unlike TVM, rfactor's early
// call clamps too: the factored axis then has the extent that exists.
Expr FactorExtent(const Expr& factor, const Expr& parent_extent, bool clamp,
                  arith::Analyzer* analyzer) {
  if (!clamp || ir::is_zero(parent_extent)) return factor;
  arith::Analyzer local;
  arith::Analyzer* a = analyzer ? analyzer : &local;
  // Only to a constant: a per-iteration extent (an attached stage's clipped region)
  // would turn a constant loop, which can be vectorized or unrolled, into a symbolic one.
  const Expr extent = a->Simplify(parent_extent);
  if (ir::as_const_int(extent) && a->CanProve(ir::lt(extent, factor))) return extent;
  return factor;
}

void DownSplit(const SplitRelation& s, RangeMap* rmap, arith::Analyzer* analyzer,
               const std::unordered_map<IterVar, bool>& thread_bound) {
  auto it = rmap->find(s.parent);
  if (it == rmap->end()) return;
  const ir::Range parent = it->second;
  Expr zero = Zero(parent.extent);
  if (s.factor.defined()) {
    bool clamp = !thread_bound.count(s.inner);
    SetOnce(rmap, s.inner, ir::Range(zero, FactorExtent(s.factor, parent.extent, clamp, analyzer)));
    SetOnce(rmap, s.outer,
            ir::Range(zero, Simplify(analyzer, ir::ceildiv(parent.extent, s.factor))));
  } else {
    bool clamp = !thread_bound.count(s.outer);
    SetOnce(rmap, s.outer, ir::Range(zero, FactorExtent(s.nparts, parent.extent, clamp, analyzer)));
    SetOnce(rmap, s.inner,
            ir::Range(zero, Simplify(analyzer, ir::ceildiv(parent.extent, s.nparts))));
  }
}

void DownFuse(const FuseRelation& f, RangeMap* rmap, arith::Analyzer* analyzer) {
  if (!rmap->count(f.outer) || !rmap->count(f.inner)) return;
  Expr extent = rmap->at(f.outer).extent * rmap->at(f.inner).extent;
  SetOnce(rmap, f.fused, ir::Range(Zero(extent), Simplify(analyzer, extent)));
}

// Each transformed var ranges over the values its index expression takes on the
// originals' ranges (the whole physical extent for a stage computed at root).
void DownTransform(const TransformRelation& t, RangeMap* rmap, arith::Analyzer* analyzer) {
  arith::Analyzer local;
  arith::Analyzer* a = analyzer ? analyzer : &local;
  arith::IntSetMap dom, whole;
  for (size_t k = 0; k < t.original.size(); ++k) {
    auto it = rmap->find(t.original[k]);
    if (it == rmap->end()) return;
    const ir::Var& param = t.forward_map->initial_indices[k];
    dom[param] = arith::IntSet::FromRange(it->second);
    whole[param] =
        t.original[k]->dom.defined() ? arith::IntSet::FromRange(t.original[k]->dom) : dom[param];
  }
  for (size_t k = 0; k < t.transformed.size(); ++k) {
    const Expr& f = t.forward_map->final_indices[k];
    arith::IntSet s = arith::EvalSet(f, dom, a);
    if (!s.is_bounded()) s = arith::EvalSet(f, whole, a);
    if (!s.is_bounded()) continue;
    Expr extent = a->Simplify(s.max() - s.min() + One(s.max()));
    SetOnce(rmap, t.transformed[k], ir::Range(a->Simplify(s.min()), extent));
  }
}

}  // namespace

void PassDownDomain(const Stage& stage, RangeMap* rmap, arith::Analyzer* analyzer) {
  const std::unordered_map<IterVar, bool> thread_bound = ThreadBoundBelow(stage);
  for (const IterVarRelation& rel : stage->relations) {
    std::visit(
        Overloaded{[&](const SplitRelation& s) { DownSplit(s, rmap, analyzer, thread_bound); },
                   [&](const FuseRelation& f) { DownFuse(f, rmap, analyzer); },
                   [&](const RebaseRelation& b) {
                     if (rmap->count(b.parent)) {
                       Expr ext = rmap->at(b.parent).extent;
                       SetOnce(rmap, b.rebased, ir::Range(Zero(ext), ext));
                     }
                   },
                   [&](const SingletonRelation& s) { SetOnce(rmap, s.iter, ir::Range(0, 1)); },
                   [&](const TransformRelation& t) { DownTransform(t, rmap, analyzer); }},
        rel);
  }
  for (const IterVar& leaf : stage->leaf_iter_vars) {
    IterVar thread = stage->attr(leaf).bind_thread;
    if (!thread || !rmap->count(leaf)) continue;
    SetOnce(rmap, thread, thread->dom.defined() ? thread->dom : rmap->at(leaf));
  }
}

// ------------------------------------------------------------------ PassUpDomain
namespace {

struct UpContext {
  const RangeMap& rmap;
  IterVarSetMap& state;
  arith::Analyzer* analyzer;
  const PassUpOptions& options;

  arith::IntSet Get(const IterVar& iv) const {
    auto it = state.find(iv);
    if (it != state.end()) return it->second;
    auto r = rmap.find(iv);
    return r != rmap.end() ? arith::IntSet::FromRange(r->second) : arith::IntSet::Everything();
  }
  bool Matches(const arith::IntSet& s, const IterVar& iv) const {
    auto r = rmap.find(iv);
    if (r == rmap.end() || !s.is_bounded()) return false;
    Expr last = r->second.min + r->second.extent - One(r->second.extent);
    return analyzer->CanProveEqual(s.min(), r->second.min) &&
           analyzer->CanProveEqual(s.max(), last);
  }
  arith::IntSet Full(const IterVar& iv) const {
    auto r = rmap.find(iv);
    return r != rmap.end() ? arith::IntSet::FromRange(r->second) : arith::IntSet::Everything();
  }
};

// [lo, hi] clipped to iv's range when that is not provably unnecessary.
arith::IntSet ClipToRange(const arith::IntSet& s, const ir::Range& r, arith::Analyzer* a) {
  if (!s.is_bounded()) return s;
  Expr lo = s.min(), hi = s.max();
  Expr last = a->Simplify(r.min + r.extent - One(r.extent));
  if (!a->CanProve(ir::ge(lo, r.min))) lo = a->Simplify(ir::max(lo, r.min));
  if (!a->CanProve(ir::le(hi, last))) hi = a->Simplify(ir::min(hi, last));
  return arith::IntSet::Interval(lo, hi);
}

void UpSplit(const SplitRelation& s, UpContext& ctx) {
  arith::IntSet outer = ctx.Get(s.outer), inner = ctx.Get(s.inner);
  if (!ctx.rmap.count(s.parent) || !ctx.rmap.count(s.inner)) {
    ctx.state[s.parent] = ctx.Full(s.parent);
    return;
  }
  if (ctx.Matches(outer, s.outer) && ctx.Matches(inner, s.inner)) {
    ctx.state[s.parent] = ctx.Full(s.parent);  // case 1
    return;
  }
  // Case 2: evaluate outer * f + inner + min(parent), f = extent(inner).
  const ir::Range& parent = ctx.rmap.at(s.parent);
  Expr f = ctx.rmap.at(s.inner).extent;
  arith::IntSetMap dom{{s.outer->var, outer}, {s.inner->var, inner}};
  arith::IntSet set =
      arith::EvalSet(s.outer->var * f + s.inner->var + parent.min, dom, ctx.analyzer);
  if (ctx.options.clip_to_range) set = ClipToRange(set, parent, ctx.analyzer);
  ctx.state[s.parent] = set;
}

// True (and the in-row offsets) when [lo, hi] provably lies in one row of width e.
bool SameRow(const Expr& lo, const Expr& hi, const Expr& e, arith::Analyzer* a) {
  Expr qlo = a->Simplify(ir::floordiv(lo, e)), qhi = a->Simplify(ir::floordiv(hi, e));
  if (a->CanProveEqual(qlo, qhi)) return true;
  // lo = c*k + b with c a multiple of e, and hi - lo <= e - 1 - (b mod e).
  const int64_t* width = ir::as_const_int(e);
  if (!width || *width <= 0) return false;
  arith::ModularSet m = a->modular_set(lo);
  if (m.coeff % *width != 0) return false;
  int64_t offset = ((m.base % *width) + *width) % *width;
  return a->CanProve(ir::le(hi - lo, ir::make_const(lo.dtype(), *width - 1 - offset)));
}

// Case 3 of PassUpDomain on Fuse, Tessera's rule: the smallest rectangle covering the
// fused interval [lo, hi] of a row-major (outer, inner) grid of width e. One row: the
// exact columns. Several rows: every column (the rows are consecutive, so the first
// and last row together touch both ends).
void UpFuseRectangle(const FuseRelation& f, const arith::IntSet& fused, UpContext& ctx) {
  arith::Analyzer* a = ctx.analyzer;
  const ir::Range& ro = ctx.rmap.at(f.outer);
  const ir::Range& ri = ctx.rmap.at(f.inner);
  Expr e = ri.extent, lo = fused.min(), hi = fused.max();
  Expr qlo = a->Simplify(ir::floordiv(lo, e)), qhi = a->Simplify(ir::floordiv(hi, e));
  ctx.state[f.outer] =
      arith::IntSet::Interval(a->Simplify(qlo + ro.min), a->Simplify(qhi + ro.min));
  if (SameRow(lo, hi, e, a)) {
    ctx.state[f.outer] =
        arith::IntSet::Interval(a->Simplify(qlo + ro.min), a->Simplify(qlo + ro.min));
    ctx.state[f.inner] = arith::IntSet::Interval(a->Simplify(ir::floormod(lo, e) + ri.min),
                                                 a->Simplify(ir::floormod(hi, e) + ri.min));
    return;
  }
  if (a->CanProve(ir::gt(qhi, qlo))) {
    ctx.state[f.inner] = ctx.Full(f.inner);
    return;
  }
  // Unknown per iteration: choose the columns by whether this iteration spans one row.
  Expr one_row = ir::eq(qlo, qhi);
  Expr last = e - One(e);
  ctx.state[f.inner] = arith::IntSet::Interval(
      a->Simplify(ir::select(one_row, ir::floormod(lo, e), Zero(e)) + ri.min),
      a->Simplify(ir::select(one_row, ir::floormod(hi, e), last) + ri.min));
}

void UpFuse(const FuseRelation& f, UpContext& ctx) {
  arith::IntSet fused = ctx.Get(f.fused);
  bool known = ctx.rmap.count(f.outer) && ctx.rmap.count(f.inner) && ctx.rmap.count(f.fused);
  if (!known || ctx.Matches(fused, f.fused) || !fused.is_bounded()) {  // case 1
    ctx.state[f.outer] = ctx.Full(f.outer);
    ctx.state[f.inner] = ctx.Full(f.inner);
    return;
  }
  const ir::Range& ro = ctx.rmap.at(f.outer);
  const ir::Range& ri = ctx.rmap.at(f.inner);
  if (fused.is_single_point()) {  // case 2
    Expr p = fused.point_value();
    Expr o = ctx.analyzer->Simplify(ir::floordiv(p, ri.extent) + ro.min);
    Expr i = ctx.analyzer->Simplify(ir::floormod(p, ri.extent) + ri.min);
    ctx.state[f.outer] = arith::IntSet::SinglePoint(o);
    ctx.state[f.inner] = arith::IntSet::SinglePoint(i);
    return;
  }
  if (!ctx.options.exact_fuse) {  // case 3, TVM's fallback
    ctx.state[f.outer] = ctx.Full(f.outer);
    ctx.state[f.inner] = ctx.Full(f.inner);
    return;
  }
  UpFuseRectangle(f, fused, ctx);
}

// The originals from the transformed vars' sets through the inverse map (their whole
// ranges when every transformed var covers its range).
void UpTransform(const TransformRelation& t, UpContext& ctx) {
  bool full = true;
  arith::IntSetMap dom;
  for (size_t k = 0; k < t.transformed.size(); ++k) {
    arith::IntSet s = ctx.Get(t.transformed[k]);
    full = full && ctx.Matches(s, t.transformed[k]);
    dom[t.inverse_map->initial_indices[k]] = s;
  }
  for (size_t k = 0; k < t.original.size(); ++k) {
    const IterVar& iv = t.original[k];
    if (full || !ctx.rmap.count(iv)) {
      ctx.state[iv] = ctx.Full(iv);
      continue;
    }
    arith::IntSet s = arith::EvalSet(t.inverse_map->final_indices[k], dom, ctx.analyzer);
    if (!s.is_bounded())
      s = ctx.Full(iv);
    else if (ctx.options.clip_to_range)
      s = ClipToRange(s, ctx.rmap.at(iv), ctx.analyzer);
    ctx.state[iv] = s;
  }
}

void UpRebase(const RebaseRelation& b, UpContext& ctx) {
  arith::IntSet s = ctx.Get(b.rebased);
  if (!ctx.rmap.count(b.parent) || ctx.Matches(s, b.rebased) || !s.is_bounded()) {
    ctx.state[b.parent] = ctx.Full(b.parent);
    return;
  }
  Expr m = ctx.rmap.at(b.parent).min;
  ctx.state[b.parent] = arith::IntSet::Interval(ctx.analyzer->Simplify(s.min() + m),
                                                ctx.analyzer->Simplify(s.max() + m));
}

std::string Describe(const IterVarRelation& rel) {
  std::string names;
  for (const IterVar& iv : relation_children(rel)) names += " " + iv->var.name();
  return std::string(relation_name(rel)) + names;
}

}  // namespace

void PassUpDomain(const Stage& stage, const RangeMap& rmap, IterVarSetMap* state,
                  arith::Analyzer* analyzer, const PassUpOptions& options,
                  const PassUpObserver& observer) {
  UpContext ctx{rmap, *state, analyzer, options};
  for (auto it = stage->relations.rbegin(); it != stage->relations.rend(); ++it) {
    std::visit(Overloaded{[&](const SplitRelation& s) { UpSplit(s, ctx); },
                          [&](const FuseRelation& f) { UpFuse(f, ctx); },
                          [&](const RebaseRelation& b) { UpRebase(b, ctx); },
                          [&](const SingletonRelation&) {},
                          [&](const TransformRelation& t) { UpTransform(t, ctx); }},
               *it);
    if (observer) observer(Describe(*it), *state);
  }
}

// ------------------------------------------------------------------ PassUpIndex
void PassUpIndex(const Stage& stage, const RangeMap& rmap, IterVarValueMap* value_map) {
  auto& values = *value_map;
  auto min_of = [&](const IterVar& iv) {
    auto it = rmap.find(iv);
    return it == rmap.end() ? Expr() : it->second.min;
  };
  auto add_min = [&](Expr v, const IterVar& iv) {
    Expr m = min_of(iv);
    return m.defined() ? v + m : v;
  };
  for (auto it = stage->relations.rbegin(); it != stage->relations.rend(); ++it) {
    std::visit(
        Overloaded{[&](const SplitRelation& s) {
                     if (!values.count(s.outer) || !values.count(s.inner) || !rmap.count(s.inner))
                       return;
                     Expr f = rmap.at(s.inner).extent;
                     values[s.parent] = add_min(values[s.outer] * f + values[s.inner], s.parent);
                   },
                   [&](const FuseRelation& f) {
                     if (!values.count(f.fused) || !rmap.count(f.inner)) return;
                     Expr v = values[f.fused], e = rmap.at(f.inner).extent;
                     if (ir::is_one(e)) {
                       values[f.outer] = add_min(v, f.outer);
                       values[f.inner] = add_min(Zero(v), f.inner);
                     } else {
                       values[f.outer] = add_min(ir::floordiv(v, e), f.outer);
                       values[f.inner] = add_min(ir::floormod(v, e), f.inner);
                     }
                   },
                   [&](const RebaseRelation& b) {
                     if (values.count(b.rebased))
                       values[b.parent] = add_min(values[b.rebased], b.parent);
                   },
                   [&](const SingletonRelation&) {},
                   [&](const TransformRelation& t) {
                     ir::VarMap at;
                     for (size_t k = 0; k < t.transformed.size(); ++k) {
                       if (!values.count(t.transformed[k])) return;
                       at[t.inverse_map->initial_indices[k]] = values[t.transformed[k]];
                     }
                     for (size_t k = 0; k < t.original.size(); ++k)
                       values[t.original[k]] = ir::Substitute(t.inverse_map->final_indices[k], at);
                   }},
        *it);
  }
}

// ------------------------------------------------------------------ PassDownIndex
Status PassDownIndex(const Stage& stage, const RangeMap& rmap, IterVarValueMap* value_map) {
  auto& values = *value_map;
  // TVM's index rules assume loops from 0 (Rebase exists to make them so).
  auto zero_based = [&](const IterVar& iv) -> Status {
    auto it = rmap.find(iv);
    if (it == rmap.end()) return Error(iv->var.name() + " has no range");
    if (!ir::is_zero(it->second.min)) return Error(iv->var.name() + " does not start at 0");
    return Status::Ok();
  };
  for (const IterVarRelation& rel : stage->relations) {
    Status st = Status::Ok();
    std::visit(Overloaded{[&](const SplitRelation& s) {
                            if (!values.count(s.parent)) return;
                            if (st = zero_based(s.inner); !st) return;
                            Expr f = rmap.at(s.inner).extent, v = values[s.parent];
                            values[s.outer] = ir::floordiv(v, f);
                            values[s.inner] = ir::floormod(v, f);
                          },
                          [&](const FuseRelation& f) {
                            if (!values.count(f.outer) || !values.count(f.inner)) return;
                            if (st = zero_based(f.outer); !st) return;
                            if (st = zero_based(f.inner); !st) return;
                            values[f.fused] =
                                values[f.outer] * rmap.at(f.inner).extent + values[f.inner];
                          },
                          [&](const RebaseRelation& b) {
                            if (!values.count(b.parent)) return;
                            if (st = zero_based(b.parent); !st) return;
                            values[b.rebased] = values[b.parent];
                          },
                          [&](const SingletonRelation& s) {
                            values[s.iter] = ir::make_zero(s.iter->var.dtype());
                          },
                          [&](const TransformRelation&) {
                            st = Error("a transform_layout relation cannot be indexed downwards");
                          }},
               rel);
    if (!st) return st;
  }
  return Status::Ok();
}

// ------------------------------------------------------------------ MakeBoundCheck
namespace {

// Root vars whose value may exceed their range: those above a split whose factor does
// not (provably) divide the parent's extent.
std::unordered_map<IterVar, bool> MayOverflow(const Stage& stage, const RangeMap& rmap,
                                              arith::Analyzer* a) {
  std::unordered_map<IterVar, bool> flag;
  auto get = [&](const IterVar& iv) { return flag.count(iv) ? flag[iv] : false; };
  for (auto it = stage->relations.rbegin(); it != stage->relations.rend(); ++it) {
    std::visit(
        Overloaded{[&](const SplitRelation& s) {
                     // TVM's PassUpBoundCheck: the user vouches for the whole parent.
                     if (s.disable_predication) {
                       flag[s.parent] = false;
                       return;
                     }
                     bool exact = false;
                     if (rmap.count(s.parent) && rmap.count(s.outer) && rmap.count(s.inner)) {
                       Expr covered = rmap.at(s.outer).extent * rmap.at(s.inner).extent;
                       exact = a->CanProveEqual(covered, rmap.at(s.parent).extent);
                     }
                     flag[s.parent] = get(s.outer) || get(s.inner) || !exact;
                   },
                   [&](const FuseRelation& f) { flag[f.outer] = flag[f.inner] = get(f.fused); },
                   [&](const RebaseRelation& b) { flag[b.parent] = get(b.rebased); },
                   [&](const SingletonRelation&) {},
                   [&](const TransformRelation& t) {
                     for (const IterVar& iv : t.original) flag[iv] = true;
                   }},
        *it);
  }
  return flag;
}

// Conditions of a TransformRelation beyond `value < end`: an inverse value may also fall
// below its axis's range (offset maps pad at the front) and strided maps reach a
// physical point only when inverse_condition holds.
void TransformChecks(const Stage& stage, const RangeMap& rmap, const IterVarValueMap& value_map,
                     const arith::IntSetMap& leaf_sets, arith::Analyzer* analyzer,
                     std::vector<Expr>* preds) {
  for (const IterVarRelation& rel : stage->relations) {
    auto* t = std::get_if<TransformRelation>(&rel);
    if (!t) continue;
    for (const IterVar& iv : t->original) {
      if (!value_map.count(iv) || !rmap.count(iv)) continue;
      Expr value = value_map.at(iv), lo = rmap.at(iv).min;
      arith::IntSet s = arith::EvalSet(value, leaf_sets, analyzer);
      if (s.has_lower_bound() && analyzer->CanProve(ir::ge(s.min(), lo))) continue;
      preds->push_back(ir::ge(value, lo));
    }
    if (!t->inverse_condition.defined() || ir::is_one(t->inverse_condition)) continue;
    ir::VarMap at;
    bool known = true;
    for (size_t k = 0; k < t->transformed.size(); ++k) {
      known = known && value_map.count(t->transformed[k]);
      if (known) at[t->inverse_map->initial_indices[k]] = value_map.at(t->transformed[k]);
    }
    if (known) preds->push_back(ir::Substitute(t->inverse_condition, at));
  }
}

}  // namespace

std::vector<Expr> MakeBoundCheck(const Stage& stage, const RangeMap& rmap,
                                 const IterVarValueMap& value_map, arith::Analyzer* analyzer,
                                 const std::vector<IterVar>& skip) {
  std::unordered_map<IterVar, bool> flag = MayOverflow(stage, rmap, analyzer);
  arith::IntSetMap leaf_sets;
  for (const IterVar& leaf : stage->leaf_iter_vars)
    if (rmap.count(leaf)) leaf_sets[leaf->var] = arith::IntSet::FromRange(rmap.at(leaf));
  std::vector<Expr> preds;
  auto check = [&](const IterVar& iv) {
    if (!flag[iv] || std::find(skip.begin(), skip.end(), iv) != skip.end()) return;
    if (!value_map.count(iv) || !rmap.count(iv)) return;
    const ir::Range& r = rmap.at(iv);
    Expr value = value_map.at(iv);
    Expr end = analyzer->Simplify(r.min + r.extent);
    arith::IntSet s = arith::EvalSet(value, leaf_sets, analyzer);
    if (s.has_upper_bound() && analyzer->CanProve(ir::lt(s.max(), end))) return;
    preds.push_back(ir::lt(value, end));
  };
  // Roots first, then every intermediate var: a split of a split may run a middle var
  // past its extent while the root stays in range (k.outer.inner = 3 of extent 3 with
  // k = 6 < 7 computes k = 6 twice), so each var that may overflow gets its own check,
  // as TVM's MakeBoundCheck does over all_iter_vars.
  std::vector<IterVar> roots = stage->op->root_iter_vars();
  for (const IterVar& root : roots) check(root);
  for (const IterVar& iv : stage->all_iter_vars)
    if (std::find(roots.begin(), roots.end(), iv) == roots.end()) check(iv);
  TransformChecks(stage, rmap, value_map, leaf_sets, analyzer, &preds);
  return preds;
}

}  // namespace tessera::schedule
