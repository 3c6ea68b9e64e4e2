// split: one leaf IterVar becomes two, parent = outer * factor + inner (the document's
// split relation). The children get no `dom`; PassDownDomain gives them ranges.
#include <algorithm>

#include "ir/ExprOp.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

IterVar MakeChild(const IterVar& parent, const std::string& suffix) {
  ir::Var v(parent->var.name() + suffix, parent->var.dtype());
  return ir::MakeIterVar(ir::Range(), v, parent->iter_type);
}

Result<std::pair<IterVar, IterVar>> SplitImpl(Schedule& sch, const Stage& stage,
                                              const IterVar& parent, int64_t value, bool by_factor,
                                              bool disable_predication) {
  const char* what = "split";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s.error();
  if (Status s = detail::CheckLeaf(sch, stage, parent, what); !s) return s.error();
  if (Status s = detail::CheckUnannotated(stage, parent, what); !s) return s.error();
  if (value <= 0)
    return Error(std::string("split: ") + (by_factor ? "factor" : "nparts") +
                 " must be positive, got " + std::to_string(value));

  TraceEntry entry;
  entry.iter_vars.push_back(detail::MakeIterVarRef(sch, stage, parent));
  entry.ints[by_factor ? "factor" : "nparts"] = value;
  if (disable_predication) entry.ints["disable_predication"] = 1;

  IterVar outer = MakeChild(parent, ".outer");
  IterVar inner = MakeChild(parent, ".inner");
  Expr amount = ir::make_const(parent->var.dtype(), value);
  stage->relations.push_back(SplitRelation{parent, outer, inner, by_factor ? amount : Expr(),
                                           by_factor ? Expr() : amount, disable_predication});
  stage->all_iter_vars.push_back(outer);
  stage->all_iter_vars.push_back(inner);
  auto& leaves = stage->leaf_iter_vars;
  auto pos = leaves.erase(std::find(leaves.begin(), leaves.end(), parent));
  leaves.insert(pos, {outer, inner});

  TraceEntry& recorded = detail::Record(sch, what, stage);
  recorded.iter_vars = std::move(entry.iter_vars);
  recorded.ints = std::move(entry.ints);
  recorded.outputs = {outer->var.name(), inner->var.name()};
  return std::make_pair(outer, inner);
}

}  // namespace

Result<std::pair<IterVar, IterVar>> Split(Schedule& sch, Stage stage, IterVar parent,
                                          int64_t factor, bool disable_predication) {
  return SplitImpl(sch, stage, parent, factor, true, disable_predication);
}

Result<std::pair<IterVar, IterVar>> SplitByNParts(Schedule& sch, Stage stage, IterVar parent,
                                                  int64_t nparts, bool disable_predication) {
  return SplitImpl(sch, stage, parent, nparts, false, disable_predication);
}

}  // namespace tessera::schedule
