#include "schedule/MakeLoopNest.h"

#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/CrossThreadReduction.h"
#include "schedule/StageStorage.h"
#include "schedule/Tensorize.h"
#include "te/Compute.h"

namespace tessera::schedule {

namespace {

using ir::Stmt;

ir::ForKind LoopKind(const IterVarAttr& attr) {
  switch (attr.annotation) {
    case ir::IterVarType::Vectorized:
      return ir::ForKind::Vectorized;
    case ir::IterVarType::Unrolled:
      return ir::ForKind::Unrolled;
    case ir::IterVarType::Parallelized:
      return ir::ForKind::Parallel;
    default:
      return ir::ForKind::Serial;
  }
}

Expr PlusMin(const Expr& v, const Expr& min) { return ir::is_zero(min) ? v : v + min; }

// The wraps of one leaf and its value inside them.
std::vector<NestWrap> LeafLevel(const Stage& stage, const IterVar& iv, const ir::Range& r,
                                bool keep_trivial, const std::string& suffix, Expr* value) {
  std::vector<NestWrap> level;
  IterVarAttr attr = stage->attr(iv);
  for (const auto& [key, v] : attr.pragmas) {
    Expr pv = v.defined() ? v : Expr(1);
    level.push_back(
        [iv, key = key, pv](Stmt b) { return ir::MakeAttr(iv, "pragma_" + key, pv, b); });
  }
  bool trivial = ir::is_one(r.extent) && !keep_trivial;
  if (trivial) {
    *value = r.min;
  } else if (attr.bind_thread && te::is_virtual_thread_tag(attr.bind_thread->thread_tag)) {
    // A virtual thread is a serial loop of the one real thread over the vthread's
    // variable: what TVM's InjectVirtualThread computes, without its interleaving.
    IterVar t = attr.bind_thread;
    *value = PlusMin(t->var, r.min);
    level.push_back([t, r](Stmt b) {
      return ir::MakeFor(t->var, ir::make_zero(r.extent.dtype()), r.extent, ir::ForKind::Serial, b);
    });
  } else if (attr.bind_thread) {
    IterVar t = attr.bind_thread;
    *value = PlusMin(t->var, r.min);
    level.push_back([t, r](Stmt b) {
      return ir::MakeFor(t->var, ir::make_zero(r.extent.dtype()), r.extent,
                         ir::ForKind::ThreadBinding, b, t);
    });
  } else {
    ir::Var var = suffix.empty() ? iv->var : ir::Var(iv->var.name() + suffix, iv->var.dtype());
    bool from_zero = ir::is_one(r.extent);  // a kept trivial loop runs over [0, 1)
    *value = from_zero ? PlusMin(var, r.min) : Expr(var);
    Expr lo = from_zero ? ir::make_zero(r.extent.dtype()) : r.min;
    ir::ForKind kind = LoopKind(attr);
    level.push_back([var, lo, r, kind](Stmt b) { return ir::MakeFor(var, lo, r.extent, kind, b); });
  }
  if (suffix.empty())
    level.push_back([iv](Stmt b) { return ir::MakeAttr(iv, "loop_scope", iv->var, b); });
  // Inside the loop, around its body, which InjectPrefetch reads for what to prefetch.
  if (suffix.empty() && !trivial && !attr.bind_thread)
    for (const auto& [tensor, offset] : attr.prefetches) {
      Expr ahead = ir::make_const(ir::DataType::Int(32), offset);
      level.push_back([p = tensor.producer(), ahead](Stmt b) {
        return ir::MakeAttr(p, "prefetch_scope", ahead, b);
      });
    }
  return level;
}

}  // namespace

LoopNest MakeLoopNest(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop,
                      size_t begin, const std::vector<IterVar>& skip, const std::string& suffix) {
  LoopNest nest;
  for (size_t i = begin; i < stage->leaf_iter_vars.size(); ++i) {
    const IterVar& iv = stage->leaf_iter_vars[i];
    if (std::find(skip.begin(), skip.end(), iv) != skip.end()) continue;
    Expr value;
    nest.levels.push_back(LeafLevel(stage, iv, rmap.at(iv), keep_trivial_loop, suffix, &value));
    nest.values[iv] = value;
  }
  return nest;
}

Stmt MergeNest(const std::vector<NestWrap>& wraps, Stmt body) {
  for (auto it = wraps.rbegin(); it != wraps.rend(); ++it) body = (*it)(body);
  return body;
}

Stmt MergeNest(const std::vector<std::vector<NestWrap>>& levels, Stmt body) {
  for (auto it = levels.rbegin(); it != levels.rend(); ++it) body = MergeNest(*it, body);
  return body;
}

namespace {

Stmt Guard(const std::vector<Expr>& preds, Stmt body, arith::Analyzer* a) {
  if (preds.empty()) return body;
  Expr cond = preds[0];
  for (size_t i = 1; i < preds.size(); ++i) cond = ir::logical_and(cond, preds[i]);
  cond = a->Simplify(cond);
  return ir::MakeIf(ir::MakeCall(ir::DataType::Bool(), "likely", {cond}), body);
}

ir::VarMap RootSubstitution(const te::ComputeOpNode* c, const IterVarValueMap& values) {
  ir::VarMap vmap;
  for (const IterVar& iv : c->root_iter_vars())
    if (values.count(iv)) vmap[iv->var] = values.at(iv);
  return vmap;
}

std::vector<Expr> StoreIndices(const te::ComputeOpNode* c, const ir::VarMap& vmap) {
  std::vector<Expr> idx;
  for (const IterVar& iv : c->axis) idx.push_back(vmap.at(iv->var));
  return idx;
}

Stmt MakeElementwise(const Stage& stage, const te::ComputeOpNode* c, const RangeMap& rmap,
                     bool keep_trivial, arith::Analyzer* a) {
  LoopNest nest = MakeLoopNest(stage, rmap, keep_trivial);
  PassUpIndex(stage, rmap, &nest.values);
  ir::VarMap vmap = RootSubstitution(c, nest.values);
  std::vector<Stmt> stores;
  for (int k = 0; k < c->num_outputs(); ++k)
    stores.push_back(ir::MakeProducerStore(te::output_of(stage->op, k).producer(),
                                           ir::Substitute(c->body[static_cast<size_t>(k)], vmap),
                                           StoreIndices(c, vmap)));
  Stmt body =
      Guard(WithStorePredicate(stage, MakeBoundCheck(stage, rmap, nest.values, a), nest.values),
            ir::MakeSeq(stores), a);
  return MergeNest(nest.levels, body);
}

// Position of the first leaf loop that iterates over a reduction (the common loops
// outside it are shared by init and update).
size_t FirstReduceLeaf(const Stage& stage) {
  const auto& leaves = stage->leaf_iter_vars;
  for (size_t i = 0; i < leaves.size(); ++i)
    if (leaves[i]->iter_type == ir::IterVarType::CommReduce) return i;
  return leaves.size();
}

// combine(C[idx], source) for every output of the reduction.
std::vector<Stmt> UpdateStores(const Stage& stage, const te::ComputeOpNode* c,
                               const ir::VarMap& vmap) {
  auto* first = c->body[0].as<ir::ReduceNode>();
  const ir::CommReducer& comb = first->combiner;
  std::vector<Expr> idx = StoreIndices(c, vmap);
  // A tuple reducer's results are computed from the accumulators before any of them is
  // stored (value 1 may read accumulator 0), so the old values are bound first.
  bool tuple = comb->lhs.size() > 1;
  // The combine may read the compute's axes too (TVM's test_loop_dep_reduce_cache_write):
  // they take their loop values, as in the source.
  ir::VarMap lr = vmap;
  std::vector<std::pair<ir::Var, Expr>> old_values;
  for (size_t k = 0; k < comb->lhs.size(); ++k) {
    Expr acc = te::output_of(stage->op, static_cast<int>(k))(idx);
    if (tuple) {
      ir::Var old(comb->lhs[k].name() + ".acc", acc.dtype());
      old_values.emplace_back(old, acc);
      acc = old;
    }
    lr[comb->lhs[k]] = acc;
    lr[comb->rhs[k]] = ir::Substitute(first->source[k], vmap);
  }
  std::vector<Stmt> stores;
  for (int k = 0; k < c->num_outputs(); ++k)
    stores.push_back(ir::MakeProducerStore(te::output_of(stage->op, k).producer(),
                                           ir::Substitute(comb->result[static_cast<size_t>(k)], lr),
                                           idx));
  Stmt update = ir::MakeSeq(stores);
  for (auto it = old_values.rbegin(); it != old_values.rend(); ++it)
    update = ir::MakeLetStmt(it->first, it->second, update);
  Expr cond = ir::Substitute(first->condition, vmap);
  if (!ir::is_one(cond)) update = ir::MakeIf(cond, update);
  return {update};
}

Stmt MakeReduction(const Stage& stage, const te::ComputeOpNode* c, const RangeMap& rmap,
                   bool keep_trivial, arith::Analyzer* a) {
  size_t begin = FirstReduceLeaf(stage);
  LoopNest main = MakeLoopNest(stage, rmap, keep_trivial);
  PassUpIndex(stage, rmap, &main.values);
  ir::VarMap vmap = RootSubstitution(c, main.values);
  Stmt update =
      Guard(WithStorePredicate(stage, MakeBoundCheck(stage, rmap, main.values, a), main.values),
            ir::MakeSeq(UpdateStores(stage, c, vmap)), a);

  // Init: fresh ".init" loops over the data-parallel leaves after the common loops.
  std::vector<IterVar> reduce_leaves;
  for (const IterVar& iv : stage->leaf_iter_vars)
    if (iv->iter_type == ir::IterVarType::CommReduce) reduce_leaves.push_back(iv);
  LoopNest init = MakeLoopNest(stage, rmap, keep_trivial, begin, reduce_leaves, ".init");
  for (size_t i = 0; i < begin; ++i)
    init.values[stage->leaf_iter_vars[i]] = main.values.at(stage->leaf_iter_vars[i]);
  for (const IterVar& iv : reduce_leaves) init.values[iv] = ir::make_zero(iv->var.dtype());
  PassUpIndex(stage, rmap, &init.values);
  ir::VarMap init_map = RootSubstitution(c, init.values);
  auto* first = c->body[0].as<ir::ReduceNode>();
  std::vector<Stmt> init_stores;
  for (int k = 0; k < c->num_outputs(); ++k)
    init_stores.push_back(ir::MakeProducerStore(
        te::output_of(stage->op, k).producer(),
        ir::Substitute(first->combiner->identity[static_cast<size_t>(k)], init_map),
        StoreIndices(c, init_map)));
  Stmt init_stmt = Guard(MakeBoundCheck(stage, rmap, init.values, a, c->reduce_axis),
                         ir::MakeSeq(init_stores), a);

  std::vector<std::vector<NestWrap>> common(main.levels.begin(),
                                            main.levels.begin() + static_cast<long>(begin));
  std::vector<std::vector<NestWrap>> inner(main.levels.begin() + static_cast<long>(begin),
                                           main.levels.end());
  return MergeNest(common,
                   ir::MakeSeq({MergeNest(init.levels, init_stmt), MergeNest(inner, update)}));
}

}  // namespace

Stmt MakeComputeStmt(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c) return Stmt();
  if (HasCrossThreadReduction(stage))
    return MakeCrossThreadReduction(stage, rmap, keep_trivial_loop);
  if (TensorizedLeaf(stage)) return MakeTensorize(stage, rmap, keep_trivial_loop);
  arith::Analyzer analyzer;
  return c->is_reduction() ? MakeReduction(stage, c, rmap, keep_trivial_loop, &analyzer)
                           : MakeElementwise(stage, c, rmap, keep_trivial_loop, &analyzer);
}

}  // namespace tessera::schedule
