// cache_write: a stage "C.local" computes C's body (reduction included) in a storage
// scope with fresh axes i.c, j.c; C becomes the copy C[i, j] = C.local[i, j]. As in
// TVM it must come before any split/fuse/reorder of C.
#include "ir/Functor.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

Status CheckCacheWrite(const Schedule& sch, const Stage& stage, const std::string& scope) {
  const char* what = "cache_write";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (!is_storage_scope(scope))
    return Error("cache_write: unknown storage scope '" + scope +
                 "' (use global, shared, shared.dyn, local, warp, wmma.matrix_a, wmma.matrix_b or wmma.accumulator)");
  if (stage->op->num_outputs() != 1)
    return Error("cache_write: " + stage->name() + " has several outputs");
  if (stage->attach_type == AttachType::Inline)
    return Error("cache_write: " + stage->name() + " is inlined");
  if (!stage->relations.empty() || !stage->iter_var_attrs.empty())
    return Error("cache_write: " + stage->name() +
                 " has already been split, fused or annotated; call cache_write first");
  return Status::Ok();
}

}  // namespace

Result<Stage> CacheWrite(Schedule& sch, Stage stage, const std::string& scope) {
  if (Status s = CheckCacheWrite(sch, stage, scope); !s) return s.error();
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  std::string name = detail::UniqueStageName(sch, stage->name() + "." + scope);

  std::vector<IterVar> axes;
  ir::VarMap vsub;
  for (const IterVar& iv : c->axis) {
    ir::Var v(iv->var.name() + ".c", iv->var.dtype());
    axes.push_back(ir::MakeIterVar(iv->dom, v, iv->iter_type));
    vsub[iv->var] = v;
  }
  std::vector<Expr> body;
  for (const Expr& b : c->body) body.push_back(ir::Substitute(b, vsub));
  Result<te::Operation> cache_op = te::MakeComputeOp(name, c->tag, axes, body);
  if (!cache_op) return cache_op.error();

  // C[i, j] = C.local[i, j] over C's own axes.
  te::Tensor cache = te::output_of(*cache_op, 0);
  std::vector<Expr> indices;
  for (const IterVar& iv : c->axis) indices.push_back(iv->var);
  te::Operation old_op = stage->op;
  Result<te::Operation> copy_op = te::MakeComputeOp(c->name, c->tag, c->axis, {cache(indices)});
  if (!copy_op) return copy_op.error();

  auto cache_stage = std::make_shared<StageNode>();
  cache_stage->op = cache_stage->origin_op = *cache_op;
  cache_stage->all_iter_vars = cache_stage->leaf_iter_vars = (*cache_op)->root_iter_vars();
  cache_stage->scope = scope;
  sch.stages.insert(sch.stages.begin() + detail::StageIndex(sch, stage), cache_stage);

  stage->op = *copy_op;
  stage->all_iter_vars = stage->leaf_iter_vars = (*copy_op)->root_iter_vars();
  detail::ReplaceDataFlow(sch, {{te::output_of(old_op, 0), te::output_of(*copy_op, 0)}});

  TraceEntry& recorded = detail::Record(sch, "cache_write", stage);
  recorded.strings["scope"] = scope;
  recorded.outputs = {name};
  return cache_stage;
}

}  // namespace tessera::schedule
