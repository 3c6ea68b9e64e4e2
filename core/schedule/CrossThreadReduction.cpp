#include "schedule/CrossThreadReduction.h"

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/MakeLoopNest.h"
#include "schedule/StageStorage.h"

namespace tessera::schedule {

namespace {

using ir::Stmt;

const te::ComputeOpNode* ComputeOf(const Stage& stage) {
  return dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
}

bool IsBoundReduce(const Stage& stage, const IterVar& iv) {
  return iv->iter_type == ir::IterVarType::CommReduce && stage->attr(iv).bind_thread;
}

// A raw single-element buffer in thread-local memory, and its allocation around `body`.
ir::Buffer LocalScalar(const std::string& name, ir::DataType t) {
  return ir::MakeBuffer(name, t, {ir::make_const(ir::DataType::Int(32), int64_t{1})}, "local");
}
Expr Load(const ir::Buffer& b) {
  return ir::MakeBufferLoad(b, {ir::make_zero(ir::DataType::Int(32))});
}
Stmt Store(const ir::Buffer& b, Expr v) {
  return ir::MakeBufferStore(b, std::move(v), {ir::make_zero(ir::DataType::Int(32))});
}
Stmt Allocate(const ir::Buffer& b, Stmt body) {
  return ir::MakeAllocate(b->data, b->dtype, {ir::make_const(ir::DataType::Int(32), int64_t{1})},
                          ir::make_bool(true), std::move(body), "local");
}

Expr Conjunction(const std::vector<Expr>& conds) {
  Expr all;
  for (const Expr& c : conds) all = all.defined() ? ir::logical_and(all, c) : c;
  return all;
}

// "sum", "max" or "min" when the reducer's combine is that operation of its two
// arguments (either order); "" otherwise. The all-reduce is chosen by what the reducer
// computes, not by its name: a comm_reducer named "sum" may combine as max(x + y, i)
// (TVM's test_loop_dep_reduce_cache_write).
std::string CrossThreadReducerKind(const ir::CommReducer& comb) {
  if (!comb || comb->result.size() != 1) return "";
  const auto* b = comb->result[0].as<ir::BinaryNode>();
  if (!b) return "";
  const void* x = comb->lhs[0].get();
  const void* y = comb->rhs[0].get();
  bool args = (b->a.get() == x && b->b.get() == y) || (b->a.get() == y && b->b.get() == x);
  if (!args) return "";
  switch (b->kind) {
    case ir::ExprKind::Add:
      return "sum";
    case ir::ExprKind::Max:
      return "max";
    case ir::ExprKind::Min:
      return "min";
    default:
      return "";
  }
}

Expr Combine(const ir::CommReducer& comb, const Expr& a, const Expr& b) {
  return ir::Substitute(comb->result[0], ir::VarMap{{comb->lhs[0], a}, {comb->rhs[0], b}});
}

}  // namespace

Status CheckCrossThreadBind(const Stage& stage, const IterVar& iv, const IterVar& thread) {
  std::string what = "bind: " + iv->var.name() + " is a reduction axis of " + stage->name();
  if (thread->thread_tag != "threadIdx.x")
    return Error(what + "; a cross-thread reduction binds it to threadIdx.x (not " +
                 thread->thread_tag + ")");
  const te::ComputeOpNode* c = ComputeOf(stage);
  auto* reduce = c && !c->body.empty() ? c->body[0].as<ir::ReduceNode>() : nullptr;
  if (!reduce || c->num_outputs() != 1)
    return Error(what + "; cross-thread reductions support single-output reductions only");
  if (CrossThreadReducerKind(reduce->combiner).empty())
    return Error(what + "; cross-thread reductions support sum, max and min (not " +
                 reduce->combiner->name + ", whose combine is " +
                 ir::to_string(reduce->combiner->result[0]) + ")");
  for (const IterVar& leaf : stage->leaf_iter_vars)
    if (leaf != iv && IsBoundReduce(stage, leaf))
      return Error(what + "; " + leaf->var.name() +
                   " is already bound to a thread (one reduction axis per cross-thread "
                   "reduction)");
  return Status::Ok();
}

bool HasCrossThreadReduction(const Stage& stage) {
  for (const IterVar& iv : stage->leaf_iter_vars)
    if (IsBoundReduce(stage, iv)) return true;
  return false;
}

Stmt MakeCrossThreadReduction(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop) {
  const te::ComputeOpNode* c = ComputeOf(stage);
  auto* reduce = c->body[0].as<ir::ReduceNode>();
  arith::Analyzer analyzer;

  LoopNest nest = MakeLoopNest(stage, rmap, keep_trivial_loop);
  PassUpIndex(stage, rmap, &nest.values);
  ir::VarMap vmap;
  for (const IterVar& iv : c->root_iter_vars())
    if (nest.values.count(iv)) vmap[iv->var] = nest.values.at(iv);
  // The identity may read the compute's axes (a Select on one): they take their values.
  const ir::CommReducer comb = ir::Substitute(reduce->combiner, vmap);

  // Loops: bound and data-parallel leaves outside, unbound reduce leaves inside.
  std::vector<std::vector<NestWrap>> outer, normal;
  std::vector<ir::Var> reduce_vars;  // the variables reduce leaves take inside the nest
  IterVar thread;
  Expr thread_extent;
  for (size_t i = 0; i < stage->leaf_iter_vars.size(); ++i) {
    const IterVar& iv = stage->leaf_iter_vars[i];
    bool is_reduce = iv->iter_type == ir::IterVarType::CommReduce;
    if (is_reduce) {
      ir::PostOrderVisit(nest.values.at(iv), [&](const Expr& e) {
        if (e.as<ir::VarNode>()) reduce_vars.push_back(ir::Var::from(e));
      });
    }
    if (IsBoundReduce(stage, iv)) {
      thread = stage->attr(iv).bind_thread;
      thread_extent = rmap.at(iv).extent;
    }
    (is_reduce && !stage->attr(iv).bind_thread ? normal : outer).push_back(nest.levels[i]);
  }
  auto uses_reduce_var = [&](const Expr& e) {
    return ir::UsesVar(e, [&](const ir::VarNode* v) {
      for (const ir::Var& r : reduce_vars)
        if (r.get() == v) return true;
      return false;
    });
  };

  // Conditions: all of them guard the contribution; those of data-parallel axes only
  // also guard the final store.
  std::vector<Expr> conds = MakeBoundCheck(stage, rmap, nest.values, &analyzer);
  Expr source = ir::Substitute(reduce->source[0], vmap);
  Expr condition = ir::Substitute(reduce->condition, vmap);
  if (!ir::is_one(condition)) conds.push_back(condition);
  std::vector<Expr> store_conds;
  for (const Expr& cond : conds)
    if (!uses_reduce_var(cond)) store_conds.push_back(cond);
  store_conds = WithStorePredicate(stage, store_conds, nest.values);

  ir::DataType t = source.dtype();
  Expr identity = comb->identity[0];
  ir::Buffer result = LocalScalar(stage->name() + ".red", t);
  ir::Buffer acc;
  Expr contribution;
  Stmt accumulate;
  if (normal.empty()) {
    Expr all = Conjunction(conds);
    contribution =
        all.defined() ? ir::MakeCall(t, "if_then_else", {all, source, identity}) : source;
  } else {
    acc = LocalScalar(stage->name() + ".acc", t);
    Stmt update = Store(acc, Combine(comb, Load(acc), source));
    if (Expr all = Conjunction(conds); all.defined())
      update = ir::MakeIf(ir::MakeCall(ir::DataType::Bool(), "likely", {analyzer.Simplify(all)}),
                          update);
    accumulate = ir::MakeSeq({Store(acc, identity), MergeNest(normal, update)});
    contribution = Load(acc);
  }
  // A bound loop of extent 1 is no loop (MakeLoopNest drops it): one thread, no exchange.
  bool one_thread = ir::is_one(thread_extent) && !keep_trivial_loop;
  Stmt allreduce =
      one_thread ? Store(result, contribution)
                 : Store(result, ir::MakeCall(
                                     t, kThreadAllreduce,
                                     {ir::StringImm(CrossThreadReducerKind(comb)), contribution,
                                      identity, ir::StringImm(thread->thread_tag), thread_extent}));
  // One thread of the group writes the result.
  if (!one_thread)
    store_conds.insert(store_conds.begin(),
                       ir::eq(thread->var, ir::make_zero(thread->var.dtype())));
  std::vector<Expr> idx;
  for (const IterVar& iv : c->axis) idx.push_back(vmap.at(iv->var));
  Stmt write = ir::MakeProducerStore(te::output_of(stage->op, 0).producer(), Load(result), idx);
  if (Expr cond = Conjunction(store_conds); cond.defined()) write = ir::MakeIf(cond, write);
  Stmt body = Allocate(result, ir::MakeSeq({accumulate, allreduce, write}));
  if (acc) body = Allocate(acc, body);
  return MergeNest(outer, body);
}

}  // namespace tessera::schedule
