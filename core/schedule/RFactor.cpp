// rfactor: factor a reduction over one of its leaf reduce vars k. A new stage "B.rf"
// computes partial reductions with k turned into a data-parallel axis (inserted at
// factor_axis) and the other reduce leaves as its reduce axes; B then reduces B.rf over
// a new reduce axis "k.v". B keeps its data axes, so stages attached to them stay valid.
#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/MessagePassing.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

bool IsReduce(const IterVar& iv) { return iv->iter_type == ir::IterVarType::CommReduce; }

Status CheckRFactor(const Schedule& sch, const Stage& stage, const IterVar& k, int factor_axis) {
  const char* what = "rfactor";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c || !c->is_reduction()) return Error("rfactor: " + stage->name() + " is not a reduction");
  if (c->num_outputs() != 1) return Error("rfactor: " + stage->name() + " has several outputs");
  if (stage->attach_type == AttachType::Inline)
    return Error("rfactor: " + stage->name() + " is inlined");
  if (Status s = detail::CheckLeaf(sch, stage, k, what); !s) return s;
  if (!IsReduce(k)) return Error("rfactor: " + k->var.name() + " is not a reduction axis");
  if (factor_axis < 0 || factor_axis > static_cast<int>(c->axis.size()))
    return Error("rfactor: factor_axis must be in [0, " + std::to_string(c->axis.size()) + "]");
  // k becomes a data axis of B.rf, whose ranges cannot depend on one another.
  for (const IterVar& r : c->reduce_axis)
    for (const IterVar& a : c->axis)
      if (ir::UsesVar(r->dom.min, a->var) || ir::UsesVar(r->dom.extent, a->var))
        return Error("rfactor: the range of reduction axis " + r->var.name() + " reads " +
                     stage->name() + "'s axis " + a->var.name() +
                     "; rfactor needs reduction ranges that do not depend on the data axes");
  for (const IterVarRelation& rel : stage->relations) {
    for (const IterVar& iv : relation_parents(rel))
      if (!IsReduce(iv))
        return Error("rfactor: data axis " + iv->var.name() + " of " + stage->name() +
                     " was split or fused; apply rfactor first");
  }
  for (const Stage& other : sch.stages)
    if (other->attach_type == AttachType::Scope && other->attach_stage == stage &&
        IsReduce(other->attach_ivar))
      return Error("rfactor: " + other->name() + " is computed at reduction loop " +
                   other->attach_ivar->var.name() + " of " + stage->name());
  return Status::Ok();
}

struct RFactorParts {
  te::Operation rf_op;
  te::Operation new_op;
};

// B.rf: data axes = copies of B's axes with k's loop inserted at factor_axis.
Result<te::Operation> MakeRFactorOp(const Stage& stage, const IterVar& k, int factor_axis,
                                    const std::string& name) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  auto* reduce = c->body[0].as<ir::ReduceNode>();
  RangeMap rmap;
  for (const IterVar& iv : c->root_iter_vars()) rmap[iv] = iv->dom;
  arith::Analyzer analyzer;
  PassDownDomain(stage, &rmap, &analyzer);

  IterVarValueMap values;
  ir::VarMap vsub;
  std::vector<IterVar> axes, reduce_axes;
  for (const IterVar& iv : c->axis) {
    ir::Var v(iv->var.name(), iv->var.dtype());
    axes.push_back(ir::MakeIterVar(iv->dom, v, ir::IterVarType::DataPar));
    vsub[iv->var] = v;
  }
  for (const IterVar& leaf : stage->leaf_iter_vars) {
    if (!IsReduce(leaf)) continue;
    const ir::Range& r = rmap.at(leaf);
    ir::Var v(leaf->var.name(), leaf->var.dtype());
    ir::Range dom(ir::make_zero(r.extent.dtype()), r.extent);
    values[leaf] = ir::is_zero(r.min) ? Expr(v) : v + r.min;
    if (leaf == k)
      axes.insert(axes.begin() + factor_axis, ir::MakeIterVar(dom, v, ir::IterVarType::DataPar));
    else
      reduce_axes.push_back(ir::MakeIterVar(dom, v, ir::IterVarType::CommReduce));
  }
  PassUpIndex(stage, rmap, &values);
  for (const IterVar& root : c->reduce_axis) vsub[root->var] = values.at(root);
  Expr cond = ir::Substitute(reduce->condition, vsub);
  for (const Expr& p : MakeBoundCheck(stage, rmap, values, &analyzer))
    cond = ir::logical_and(cond, ir::Substitute(p, vsub));
  std::vector<Expr> source;
  for (const Expr& s : reduce->source) source.push_back(ir::Substitute(s, vsub));
  // The combine and identity may read B's axes: they read B.rf's copies.
  Expr body = ir::MakeReduce(ir::Substitute(reduce->combiner, vsub), source, reduce_axes, cond, 0);
  if (reduce_axes.empty()) body = source[0];  // k was the only reduce loop
  return te::MakeComputeOp(name, c->tag, axes, {body});
}

// B[i] = reduce(B.rf[k.v, i], axis=k.v) over B's original data axes.
Result<te::Operation> MakeReplacementOp(const Stage& stage, const IterVar& k, int factor_axis,
                                        const te::Operation& rf_op) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  auto* reduce = c->body[0].as<ir::ReduceNode>();
  auto* rf = dynamic_cast<const te::ComputeOpNode*>(rf_op.get());
  const IterVar& rf_axis = rf->axis[static_cast<size_t>(factor_axis)];
  IterVar rv = ir::MakeIterVar(rf_axis->dom, ir::Var(k->var.name() + ".v", k->var.dtype()),
                               ir::IterVarType::CommReduce);
  std::vector<Expr> indices;
  for (const IterVar& iv : c->axis) indices.push_back(iv->var);
  indices.insert(indices.begin() + factor_axis, rv->var);
  Expr load = te::output_of(rf_op, 0)(indices);
  Expr body = ir::MakeReduce(reduce->combiner, {load}, {rv}, Expr(), 0);
  return te::MakeComputeOp(c->name, c->tag, c->axis, {body});
}

}  // namespace

Result<Stage> RFactor(Schedule& sch, Stage stage, IterVar k, int factor_axis) {
  if (Status s = CheckRFactor(sch, stage, k, factor_axis); !s) return s.error();
  std::string name = detail::UniqueStageName(sch, stage->name() + ".rf");
  Result<te::Operation> rf_op = MakeRFactorOp(stage, k, factor_axis, name);
  if (!rf_op) return rf_op.error();
  Result<te::Operation> new_op = MakeReplacementOp(stage, k, factor_axis, *rf_op);
  if (!new_op) return new_op.error();
  IterVarRef ref = detail::MakeIterVarRef(sch, stage, k);

  auto rf_stage = std::make_shared<StageNode>();
  rf_stage->op = rf_stage->origin_op = *rf_op;
  rf_stage->all_iter_vars = rf_stage->leaf_iter_vars = (*rf_op)->root_iter_vars();
  sch.stages.insert(sch.stages.begin() + detail::StageIndex(sch, stage), rf_stage);

  te::Operation old_op = stage->op;
  stage->op = *new_op;
  stage->relations.clear();
  stage->all_iter_vars = stage->leaf_iter_vars = (*new_op)->root_iter_vars();
  for (auto it = stage->iter_var_attrs.begin(); it != stage->iter_var_attrs.end();)
    it = stage->owns(it->first) ? std::next(it) : stage->iter_var_attrs.erase(it);
  detail::ReplaceDataFlow(sch, {{te::output_of(old_op, 0), te::output_of(*new_op, 0)}});

  TraceEntry& recorded = detail::Record(sch, "rfactor", stage);
  recorded.iter_vars = {ref};
  recorded.ints["factor_axis"] = factor_axis;
  recorded.outputs = {name};
  return rf_stage;
}

}  // namespace tessera::schedule
