// set_scope and set_store_predicate (TVM's Stage.set_scope / set_store_predicate):
// where a stage's result is stored, and a condition under which its elements are
// written (the loops still run; the store is skipped where the predicate is false).
#include "schedule/StageStorage.h"

#include <set>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"
#include "te/Compute.h"

namespace tessera::schedule {

Status SetScope(Schedule& sch, Stage stage, const std::string& scope) {
  const std::string what = "set_scope";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (!is_storage_scope(scope))
    return Error(what + ": unknown storage scope '" + scope +
                 "' (use global, shared, shared.dyn, local, warp, wmma.matrix_a, wmma.matrix_b or "
                 "wmma.accumulator)");
  if (stage->is_output && scope != "global")
    return Error(what + ": " + stage->name() +
                 " is an output of the schedule; its result is the kernel's argument and stays "
                 "in global memory");
  stage->scope = scope == "global" ? "" : scope;
  TraceEntry& recorded = detail::Record(sch, what, stage);
  recorded.strings["scope"] = scope;
  return Status::Ok();
}

namespace {

// The thread IterVar bound to a leaf of `stage` with `tag`; null when none is.
IterVar BoundThread(const Stage& stage, const std::string& tag) {
  for (const auto& [iv, attr] : stage->iter_var_attrs)
    if (attr.bind_thread && attr.bind_thread->thread_tag == tag) return attr.bind_thread;
  return nullptr;
}

// The stage's IterVar whose variable is `v`; null when none.
IterVar StageIterVar(const Stage& stage, const ir::VarNode* v) {
  for (const IterVar& iv : stage->all_iter_vars)
    if (iv->var.get() == v) return iv;
  return nullptr;
}

}  // namespace

Status SetStorePredicate(Schedule& sch, Stage stage, Expr predicate) {
  const std::string what = "set_store_predicate";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (!predicate.defined() || !predicate.dtype().is_bool())
    return Error(what + ": the predicate must be a boolean condition (e.g. i < 10), not " +
                 (predicate.defined() ? predicate.dtype().str() : std::string("nothing")));
  // Free variables: the stage's iter vars, threads bound in the stage (by tag, so that
  // a replayed or re-parsed thread axis means the bound one) and shape variables.
  std::vector<IterVar> stage_vars;
  std::vector<std::string> thread_tags;
  std::vector<ir::Var> params;
  ir::VarMap to_bound;
  std::string problem;
  std::set<const ir::VarNode*> seen;
  ir::PostOrderVisit(predicate, [&](const Expr& e) {
    auto* v = e.as<ir::VarNode>();
    if (!v || !seen.insert(v).second || !problem.empty()) return;
    ir::Var var = ir::Var::from(e);
    if (IterVar iv = StageIterVar(stage, v)) {
      stage_vars.push_back(iv);
      params.push_back(var);
    } else if (te::is_thread_tag(v->name)) {
      IterVar t = BoundThread(stage, v->name);
      if (!t) {
        problem = v->name + " is not bound to a loop of " + stage->name() + " (bind it first)";
        return;
      }
      to_bound[var] = t->var;
      thread_tags.push_back(v->name);
    } else if (!v->is_size_var) {
      problem = "the predicate reads '" + v->name + "', which is neither an iter var of " +
                stage->name() + ", a thread bound in it, nor a shape variable";
    }
  });
  if (!problem.empty()) return Error(what + ": " + problem);
  Expr canonical = to_bound.empty() ? predicate : ir::Substitute(predicate, to_bound);
  std::vector<IterVarRef> refs;
  for (const IterVar& iv : stage_vars) refs.push_back(detail::MakeIterVarRef(sch, stage, iv));
  for (const std::string& tag : thread_tags) params.push_back(BoundThread(stage, tag)->var);
  stage->store_predicate = canonical;
  TraceEntry& recorded = detail::Record(sch, what, stage);
  recorded.iter_vars = refs;
  std::string tags;
  for (const std::string& t : thread_tags) tags += (tags.empty() ? "" : ",") + t;
  if (!tags.empty()) recorded.strings["threads"] = tags;
  recorded.lambdas["predicate"] = TraceLambda{params, {canonical}};
  return Status::Ok();
}

std::vector<Expr> WithStorePredicate(const Stage& stage, std::vector<Expr> conditions,
                                     const IterVarValueMap& values) {
  if (!stage->store_predicate.defined()) return conditions;
  ir::VarMap vmap;
  for (const auto& [iv, value] : values)
    if (value.defined()) vmap[iv->var] = value;
  conditions.push_back(ir::Substitute(stage->store_predicate, vmap));
  return conditions;
}

}  // namespace tessera::schedule
