// fuse: adjacent leaf IterVars (outer to inner) become one, named "i.j.fused" as in TVM.
#include <algorithm>

#include "ir/ExprOp.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

IterVar FuseTwo(const Stage& stage, const IterVar& outer, const IterVar& inner) {
  ir::IterVarType type = std::max(outer->iter_type, inner->iter_type);
  ir::Var v(outer->var.name() + "." + inner->var.name() + ".fused", outer->var.dtype());
  IterVar fused = ir::MakeIterVar(ir::Range(), v, type);
  stage->relations.push_back(FuseRelation{outer, inner, fused});
  stage->all_iter_vars.push_back(fused);
  auto& leaves = stage->leaf_iter_vars;
  auto pos = std::find(leaves.begin(), leaves.end(), outer);
  pos = leaves.erase(pos, pos + 2);
  leaves.insert(pos, fused);
  return fused;
}

Status CheckFusible(const Schedule& sch, const Stage& stage, const std::vector<IterVar>& vars) {
  if (Status s = detail::CheckSchedulable(sch, stage, "fuse"); !s) return s;
  if (vars.size() < 2) return Error("fuse: needs at least two axes");
  for (const IterVar& iv : vars) {
    if (Status s = detail::CheckLeaf(sch, stage, iv, "fuse"); !s) return s;
    if (Status s = detail::CheckUnannotated(stage, iv, "fuse"); !s) return s;
  }
  // A loop over data-parallel and reduction iterations at once has no place for the
  // reduction's initialisation (it would run once, for the first element only).
  auto is_reduce = [](const IterVar& iv) { return iv->iter_type == ir::IterVarType::CommReduce; };
  for (size_t i = 1; i < vars.size(); ++i)
    if (is_reduce(vars[i - 1]) != is_reduce(vars[i]))
      return Error("fuse: " + vars[i - 1]->var.name() + " and " + vars[i]->var.name() +
                   " of stage " + stage->name() +
                   " mix data-parallel and reduction iterations (the reduction's "
                   "initialisation would have no loop of its own)");
  const auto& leaves = stage->leaf_iter_vars;
  for (size_t i = 1; i < vars.size(); ++i) {
    auto a = std::find(leaves.begin(), leaves.end(), vars[i - 1]);
    auto b = std::find(leaves.begin(), leaves.end(), vars[i]);
    if (b != a + 1)
      return Error("fuse: " + vars[i - 1]->var.name() + " and " + vars[i]->var.name() +
                   " are not adjacent loops (outer then inner) of stage " + stage->name());
  }
  return Status::Ok();
}

}  // namespace

Result<IterVar> Fuse(Schedule& sch, Stage stage, std::vector<IterVar> vars) {
  if (Status s = CheckFusible(sch, stage, vars); !s) return s.error();
  TraceEntry entry;
  for (const IterVar& iv : vars) entry.iter_vars.push_back(detail::MakeIterVarRef(sch, stage, iv));
  IterVar fused = vars[0];
  for (size_t i = 1; i < vars.size(); ++i) fused = FuseTwo(stage, fused, vars[i]);
  TraceEntry& recorded = detail::Record(sch, "fuse", stage);
  recorded.iter_vars = std::move(entry.iter_vars);
  recorded.outputs = {fused->var.name()};
  return fused;
}

}  // namespace tessera::schedule
