// merge (TVM's Merge in primitive/loop_transformation.cc): loop nests of equal extents
// under one scope become one nest whose body runs each nest's body in turn. TVM checks
// the shape of the nests, not what their blocks read and write: like TVM, a merge that
// runs a consumer's iteration before its producer's is the user's to avoid.
#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace loop_merge_detail {

// `s` (the body of the loops' lowest common ancestor) with `target` replaced by `merged`
// and each loop of `removed` left out; blocks are not entered (the loops are in the
// scope's own tree).
Stmt Rebuild(const Stmt& s, const StmtNode* target, const Stmt& merged,
             const std::vector<const StmtNode*>& removed) {
  if (s.get() == target) return merged;
  if (std::count(removed.begin(), removed.end(), s.get())) return nullptr;
  if (const auto* seq = As<SeqNode>(s)) {
    std::vector<Stmt> kept;
    for (const Stmt& c : seq->seq)
      if (Stmt r = Rebuild(c, target, merged, removed)) kept.push_back(std::move(r));
    return kept.empty() ? nullptr : MakeSeq(std::move(kept));
  }
  if (const auto* loop = As<ForNode>(s)) {
    Stmt body = Rebuild(loop->body, target, merged, removed);
    if (!body) return nullptr;
    return body == loop->body ? s : WithBody(*loop, std::move(body));
  }
  return s;
}

}  // namespace loop_merge_detail

Result<Var> Merge(ScheduleState* state, const std::vector<Var>& loop_vars) {
  using namespace loop_merge_detail;
  if (loop_vars.size() < 2)
    return ScheduleError("ValueError", "'merge' requires at least 2 loop(s)");
  std::vector<const ForNode*> targets;
  std::vector<std::vector<const StmtNode*>> paths;
  for (const Var& v : loop_vars) {
    auto live = LiveLoop(*state, v);
    if (!live.ok()) return live.error();
    if (std::count(targets.begin(), targets.end(), *live))
      return ScheduleError("ValueError", "the loop " + v.name() + " is given twice to merge");
    targets.push_back(*live);
    paths.push_back(SrefPath(*state, *live));
  }
  // The lowest common ancestor of the loops in the sref tree.
  size_t common = paths[0].size();
  for (const auto& path : paths) {
    size_t k = 0;
    while (k < common && k < path.size() && path[k] == paths[0][k]) ++k;
    common = k;
  }
  const StmtNode* lca = paths[0][common - 1];

  // Each nest: the loops from the given one up to the ancestor, innermost first.
  std::vector<std::vector<const ForNode*>> nests;
  for (size_t i = 0; i < targets.size(); ++i) {
    std::vector<const ForNode*> nest;
    bool crosses_block = false;
    for (size_t k = paths[i].size(); k-- > common;) {
      const auto* loop = As<ForNode>(paths[i][k]);
      if (!loop) {
        crosses_block = true;
        continue;
      }
      if (Status s = CheckNoAnnotation(loop); !s.ok()) return s.error();
      if (Status s = CheckStartsWithZero(loop); !s.ok()) return s.error();
      nest.push_back(loop);
    }
    for (size_t k = nest.size(); k-- > 1;) {
      if (As<ForNode>(nest[k]->body) != nest[k - 1]) {
        return ScheduleError(
            "NotOnlyChildError",
            "The loops can't be merged because the inner loop " + nest[k - 1]->loop_var.name() +
                " is not the only child of outer loop " + nest[k]->loop_var.name());
      }
    }
    if (crosses_block)
      return ScheduleError("ScheduleError",
                           "Expected the loops to be under the same block scope, but a block "
                           "lies between the loop " +
                               loop_vars[i].name() + " and the loops it is merged with");
    if (nest.empty())
      return ScheduleError("ScheduleError",
                           "Merge loop's nesting depth must be same, but not: the loop " +
                               loop_vars[i].name() +
                               " encloses the loops it is merged with (merge takes loops of "
                               "separate nests)");
    if (i > 0 && nest.size() != nests[0].size())
      return ScheduleError(
          "ScheduleError",
          "Merge loop's nesting depth must be same, but not: " + loop_vars[0].name() + " is " +
              std::to_string(nests[0].size()) + " loop(s) below the loops' common ancestor, " +
              loop_vars[i].name() + " " + std::to_string(nest.size()));
    if (i > 0) {
      arith::Analyzer analyzer;
      for (size_t j = 0; j < nest.size(); ++j) {
        if (!analyzer.CanProveEqual(nest[j]->extent, nests[0][j]->extent))
          return ScheduleError("ScheduleError",
                               "Merge loop's `extent` must be same, but not: the loop " +
                                   nests[0][j]->loop_var.name() + " runs " +
                                   ExprToTVMScript(nests[0][j]->extent) + " times, the loop " +
                                   nest[j]->loop_var.name() + " " +
                                   ExprToTVMScript(nest[j]->extent));
      }
    }
    nests.push_back(std::move(nest));
  }

  // The merged nest takes the first nest's loop names with "_m", serial, from 0.
  std::vector<Var> merged_vars;
  for (const ForNode* loop : nests[0])
    merged_vars.emplace_back(loop->loop_var.name() + "_m", loop->loop_var.dtype());
  std::vector<Stmt> bodies;
  for (const auto& nest : nests) {
    ir::VarMap vmap;
    for (size_t j = 0; j < nest.size(); ++j) vmap[nest[j]->loop_var] = merged_vars[j];
    bodies.push_back(SubstituteTir(nest.front()->body, vmap));
  }
  Stmt merged = MakeSeq(std::move(bodies));
  for (size_t j = 0; j < merged_vars.size(); ++j)
    merged = MakeFor(merged_vars[j], ir::make_zero(merged_vars[j].dtype()), nests[0][j]->extent,
                     ForKind::Serial, merged);

  // As TVM does, the merged nest stands where the last nest stood.
  std::vector<const StmtNode*> removed;
  for (size_t i = 0; i + 1 < nests.size(); ++i) removed.push_back(nests[i].back());
  const Stmt body = Rebuild(BodyOf(lca), nests.back().back(), merged, removed);
  if (const auto* loop = As<ForNode>(lca)) {
    state->Replace(lca, WithBody(*loop, body));
  } else {
    state->Replace(lca, WithBody(*As<BlockRealizeNode>(lca), body));
  }
  return merged_vars.front();
}

}  // namespace tessera::tir
