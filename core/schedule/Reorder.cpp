// reorder and tile: permute leaf loops. reorder puts the given leaf vars into the
// positions they occupy, in the given order (TVM semantics); others stay in place.
#include <algorithm>
#include <set>

#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"

namespace tessera::schedule {

namespace {

Status CheckReorder(const Schedule& sch, const Stage& stage, const std::vector<IterVar>& order) {
  if (Status s = detail::CheckSchedulable(sch, stage, "reorder"); !s) return s;
  std::set<const ir::IterVarNode*> seen;
  for (const IterVar& iv : order) {
    if (Status s = detail::CheckLeaf(sch, stage, iv, "reorder"); !s) return s;
    if (!seen.insert(iv.get()).second)
      return Error("reorder: " + iv->var.name() + " appears twice");
  }
  return Status::Ok();
}

void ApplyReorder(const Stage& stage, const std::vector<IterVar>& order) {
  auto& leaves = stage->leaf_iter_vars;
  std::vector<size_t> positions;
  for (const IterVar& iv : order)
    positions.push_back(
        static_cast<size_t>(std::find(leaves.begin(), leaves.end(), iv) - leaves.begin()));
  std::sort(positions.begin(), positions.end());
  for (size_t i = 0; i < order.size(); ++i) leaves[positions[i]] = order[i];
}

}  // namespace

Status Reorder(Schedule& sch, Stage stage, std::vector<IterVar> order) {
  if (Status s = CheckReorder(sch, stage, order); !s) return s;
  TraceEntry entry;
  for (const IterVar& iv : order) entry.iter_vars.push_back(detail::MakeIterVarRef(sch, stage, iv));
  ApplyReorder(stage, order);
  detail::Record(sch, "reorder", stage).iter_vars = std::move(entry.iter_vars);
  return Status::Ok();
}

Result<std::array<IterVar, 4>> Tile(Schedule& sch, Stage stage, IterVar x, IterVar y,
                                    int64_t x_factor, int64_t y_factor) {
  // Check everything first so that a failure leaves the schedule unchanged.
  if (Status s = detail::CheckSchedulable(sch, stage, "tile"); !s) return s.error();
  for (const IterVar& iv : {x, y}) {
    if (Status s = detail::CheckLeaf(sch, stage, iv, "tile"); !s) return s.error();
    if (Status s = detail::CheckUnannotated(stage, iv, "tile"); !s) return s.error();
  }
  if (x == y) return Error("tile: x and y are the same axis");
  if (x_factor <= 0 || y_factor <= 0)
    return Error("tile: factors must be positive, got " + std::to_string(x_factor) + " and " +
                 std::to_string(y_factor));
  TraceEntry entry;
  entry.iter_vars = {detail::MakeIterVarRef(sch, stage, x), detail::MakeIterVarRef(sch, stage, y)};
  size_t mark = sch.trace.entries.size();
  auto xs = Split(sch, stage, x, x_factor);
  auto ys = Split(sch, stage, y, y_factor);
  std::array<IterVar, 4> result = {xs->first, ys->first, xs->second, ys->second};
  ApplyReorder(stage, {result.begin(), result.end()});
  // One "tile" entry replaces the two split entries.
  sch.trace.entries.resize(mark);
  TraceEntry& recorded = detail::Record(sch, "tile", stage);
  recorded.iter_vars = std::move(entry.iter_vars);
  recorded.ints = {{"x_factor", x_factor}, {"y_factor", y_factor}};
  for (const IterVar& iv : result) recorded.outputs.push_back(iv->var.name());
  return result;
}

}  // namespace tessera::schedule
