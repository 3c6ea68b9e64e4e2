// cache_write: a stage "C.local" computes C's body (reduction included) in a storage
// scope; C becomes a copy out of it. As TVM's CacheWriteWithReLayout does, the cache
// stage takes C's current loop structure as its data layout: one axis per
// data-parallel leaf loop of C (i.outer.c, i.inner.c, j.c after a split of i), in leaf
// order, each over that loop's range, and C's reductions. C's body is rewritten over
// those axes (each root var becomes the value that its leaf loops give it, with TVM's
// bound check where a split does not divide); C itself becomes the plain copy
// C[i, j] = C.local[i // f, i % f, j] over its original axes, with its relations
// dropped. Before any split the layout is C's own and this is the classic cache_write.
//
// Like TVM: the cache stage is a fresh root stage; C keeps its attach point, its
// storage scope and the annotations of its original axes (those of the loops that
// disappeared have nothing left to apply to). Refused (TVM fails later or silently
// computes garbage): a leaf loop made from a reduction axis, loops changed by
// transform_layout, stages computed at C's loops (they would be read by C.local, which
// runs outside those loops), a thread binding or a store predicate on a loop that goes.
#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/MessagePassing.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

bool IsCacheWriteReduceAxis(const te::ComputeOpNode& c, const IterVar& iv) {
  return std::find(c.reduce_axis.begin(), c.reduce_axis.end(), iv) != c.reduce_axis.end();
}

Status CheckCacheWrite(const Schedule& sch, const Stage& stage, const std::string& scope) {
  const char* what = "cache_write";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (!is_storage_scope(scope))
    return Error("cache_write: unknown storage scope '" + scope +
                 "' (use global, shared, shared.dyn, local, warp, wmma.matrix_a, wmma.matrix_b or "
                 "wmma.accumulator)");
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c)
    return Error("cache_write: " + stage->name() +
                 " is not a compute operation (only a te.compute's output can be cached)");
  if (stage->op->num_outputs() != 1)
    return Error("cache_write: " + stage->name() + " has several outputs");
  if (stage->attach_type == AttachType::Inline)
    return Error("cache_write: " + stage->name() + " is inlined");
  if (stage->layout)
    return Error("cache_write: " + stage->name() +
                 "'s loops were changed by transform_layout; call cache_write first");
  for (const IterVarRelation& rel : stage->relations)
    if (std::holds_alternative<TransformRelation>(rel))
      return Error("cache_write: " + stage->name() +
                   "'s loops were changed by transform_layout; call cache_write first");
  // TVM: "Can only relayout with in data parallel dimensions".
  for (const IterVar& leaf : stage->leaf_iter_vars)
    if (!IsCacheWriteReduceAxis(*c, leaf) && leaf->iter_type != ir::IterVarType::DataPar)
      return Error("cache_write: " + stage->name() + "'s loop " + leaf->var.name() +
                   " comes from a reduction axis split or fused; the cache stage's layout can only "
                   "use data-parallel loops (split the reduction on the cache stage instead)");
  for (const Stage& other : sch.stages)
    if (other->attach_type == AttachType::Scope && other->attach_stage == stage)
      return Error("cache_write: " + other->name() + " is computed at " + stage->name() +
                   "'s loop " + other->attach_ivar->var.name() +
                   "; after cache_write it would be read by " + stage->name() +
                   "'s cache stage, outside those loops (call cache_write before compute_at)");
  const std::vector<IterVar>& roots = c->axis;
  // TVM keeps the binding of a removed loop and then fails in PassDownDomain (no range
  // for it), so an export of such a schedule would not lower there.
  for (const IterVar& leaf : stage->leaf_iter_vars) {
    IterVar thread = stage->attr(leaf).bind_thread;
    if (thread && std::find(roots.begin(), roots.end(), leaf) == roots.end())
      return Error("cache_write: " + stage->name() + "'s loop " + leaf->var.name() +
                   " is bound to " + thread->thread_tag +
                   " and cache_write removes it; bind after cache_write");
  }
  if (stage->store_predicate.defined()) {
    for (const IterVar& iv : stage->all_iter_vars) {
      if (std::find(roots.begin(), roots.end(), iv) != roots.end()) continue;
      if (ir::UsesVar(stage->store_predicate, iv->var))
        return Error("cache_write: " + stage->name() + "'s store predicate reads the loop " +
                     iv->var.name() + ", which cache_write removes; set it after cache_write");
    }
  }
  return Status::Ok();
}

// The predicate TVM's InjectPredicate adds to a relaid-out body: a reduction only
// accumulates where it holds, any other value is zero outside it.
Expr GuardCacheWriteBody(const std::vector<Expr>& predicates, const Expr& body) {
  if (predicates.empty()) return body;
  if (auto* r = body.as<ir::ReduceNode>()) {
    Expr cond = r->condition;
    for (const Expr& p : predicates) cond = cond.defined() ? ir::logical_and(cond, p) : p;
    return ir::MakeReduce(r->combiner, r->source, r->axis, cond, r->value_index);
  }
  Expr cond = predicates[0];
  for (size_t k = 1; k < predicates.size(); ++k) cond = ir::logical_and(cond, predicates[k]);
  // TVM writes a Select, whose branches are both evaluated: the body would read its
  // inputs past their ends in the tail. if_then_else reads them only where cond holds.
  return ir::MakeCall(body.dtype(), "if_then_else", {cond, body, ir::make_zero(body.dtype())});
}

// A reduce axis whose range reads C's axes (TVM's test_loop_dep_reduce:
// te.reduce_axis((0, i))) must read the cache stage's axes: one renamed axis per reduce
// axis (its variable kept), the same one in the Reduce of every output. The rest of the
// Reduce (source, condition, combine and identity) was renamed by the substitution.
std::vector<Expr> RenameCacheWriteReduceAxes(const std::vector<Expr>& body,
                                             const ir::VarMap& root_values,
                                             const ir::VarMap& leaf_to_axis) {
  auto* first = body.empty() ? nullptr : body[0].as<ir::ReduceNode>();
  if (!first) return body;
  auto rename = [&](const Expr& e) {
    return ir::Substitute(ir::Substitute(e, root_values), leaf_to_axis);
  };
  std::vector<IterVar> axes;
  bool changed = false;
  for (const IterVar& iv : first->axis) {
    ir::Range dom(rename(iv->dom.min), rename(iv->dom.extent));
    bool same = dom.min.same_as(iv->dom.min) && dom.extent.same_as(iv->dom.extent);
    axes.push_back(same ? iv : ir::MakeIterVar(dom, iv->var, iv->iter_type, iv->thread_tag));
    changed |= !same;
  }
  if (!changed) return body;
  std::vector<Expr> out;
  for (const Expr& b : body) {
    auto* r = b.as<ir::ReduceNode>();
    out.push_back(r ? ir::MakeReduce(r->combiner, r->source, axes, r->condition, r->value_index)
                    : b);
  }
  return out;
}

// The two operations cache_write builds, before anything in the schedule changes.
struct CacheWriteOps {
  te::Operation cache, copy;
};

Result<CacheWriteOps> BuildCacheWriteOps(const Stage& stage, const te::ComputeOpNode& c,
                                         const std::string& name) {
  // Ranges of every loop of C, from its axes down through its relations.
  RangeMap dom;
  arith::Analyzer analyzer;
  for (const IterVar& iv : c.axis) {
    dom[iv] = iv->dom;
    analyzer.Bind(iv->var, iv->dom);
  }
  PassDownDomain(stage, &dom, &analyzer);

  // One cache axis per data-parallel leaf loop; each root var's value in leaf loops.
  std::vector<IterVar> axes;
  IterVarValueMap value_of;
  ir::VarMap leaf_to_axis;
  for (const IterVar& leaf : stage->leaf_iter_vars) {
    if (IsCacheWriteReduceAxis(c, leaf)) continue;
    auto it = dom.find(leaf);
    if (it == dom.end())
      return Error("cache_write: the range of loop " + leaf->var.name() + " is unknown");
    ir::Var v(leaf->var.name() + ".c", leaf->var.dtype());
    axes.push_back(ir::MakeIterVar(it->second, v, ir::IterVarType::DataPar));
    // TVM tests the min (not the extent) for one here; reproduced so that layouts match.
    if (ir::is_one(it->second.min)) {
      value_of[leaf] = it->second.min;
    } else {
      value_of[leaf] = leaf->var;
      leaf_to_axis[leaf->var] = v;
    }
  }
  PassUpIndex(stage, dom, &value_of);
  std::vector<Expr> predicates = MakeBoundCheck(stage, dom, value_of, &analyzer, c.reduce_axis);
  ir::VarMap root_values;
  for (const IterVar& iv : c.axis)
    if (auto it = value_of.find(iv); it != value_of.end()) root_values[iv->var] = it->second;

  std::vector<Expr> body;
  for (const Expr& b : c.body) {
    Expr e = GuardCacheWriteBody(predicates, ir::Substitute(b, root_values));
    body.push_back(ir::Substitute(e, leaf_to_axis));
  }
  body = RenameCacheWriteReduceAxes(body, root_values, leaf_to_axis);
  Result<te::Operation> cache_op = te::MakeComputeOp(name, c.tag, axes, body);
  if (!cache_op) return cache_op.error();

  // C[i, j] = C.local[<C's leaf loops as functions of i, j>].
  IterVarValueMap down;
  for (const IterVar& iv : c.axis) down[iv] = iv->var;
  if (Status s = PassDownIndex(stage, dom, &down); !s)
    return Error("cache_write: " + s.error().message);
  std::vector<Expr> indices;
  for (const IterVar& leaf : stage->leaf_iter_vars) {
    if (IsCacheWriteReduceAxis(c, leaf)) continue;
    auto it = down.find(leaf);
    if (it == down.end()) return Error("cache_write: loop " + leaf->var.name() + " has no index");
    indices.push_back(analyzer.Simplify(it->second));
  }
  te::Tensor cache = te::output_of(*cache_op, 0);
  Result<te::Operation> copy_op = te::MakeComputeOp(c.name, c.tag, c.axis, {cache(indices)});
  if (!copy_op) return copy_op.error();
  return CacheWriteOps{*cache_op, *copy_op};
}

}  // namespace

Result<Stage> CacheWrite(Schedule& sch, Stage stage, const std::string& scope) {
  if (Status s = CheckCacheWrite(sch, stage, scope); !s) return s.error();
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  std::string name = detail::UniqueStageName(sch, stage->name() + "." + scope);
  Result<CacheWriteOps> ops = BuildCacheWriteOps(stage, *c, name);
  if (!ops) return ops.error();

  // Nothing has changed so far; from here on every step succeeds.
  auto cache_stage = std::make_shared<StageNode>();
  cache_stage->op = cache_stage->origin_op = ops->cache;
  cache_stage->all_iter_vars = cache_stage->leaf_iter_vars = ops->cache->root_iter_vars();
  cache_stage->scope = scope;
  sch.stages.insert(sch.stages.begin() + detail::StageIndex(sch, stage), cache_stage);

  te::Operation old_op = stage->op;
  stage->op = ops->copy;
  stage->all_iter_vars = stage->leaf_iter_vars = ops->copy->root_iter_vars();
  stage->relations.clear();
  // Annotations of loops that no longer exist go (TVM keeps them, unreachable).
  std::erase_if(stage->iter_var_attrs, [&](const auto& kv) {
    return std::find(stage->all_iter_vars.begin(), stage->all_iter_vars.end(), kv.first) ==
           stage->all_iter_vars.end();
  });
  detail::ReplaceDataFlow(sch, {{te::output_of(old_op, 0), te::output_of(ops->copy, 0)}});

  TraceEntry& recorded = detail::Record(sch, "cache_write", stage);
  recorded.strings["scope"] = scope;
  recorded.outputs = {name};
  return cache_stage;
}

}  // namespace tessera::schedule
