#include "schedule/AttachLegality.h"

#include <algorithm>
#include <string>

#include "schedule/Graph.h"

namespace tessera::schedule {

namespace {

std::string LoopNames(const std::vector<IterVar>& loops) {
  std::string out;
  for (const IterVar& iv : loops) out += (out.empty() ? "" : ", ") + iv->var.name();
  return out;
}

Status CheckAttachLoopIsALoop(const Stage& s) {
  const Stage& at = s->attach_stage;
  if (at->is_leaf(s->attach_ivar)) return Status::Ok();
  return Error(s->name() + " is computed at loop " + s->attach_ivar->var.name() + " of " +
               at->name() + ", but a later split or fuse replaced that loop (the loops of " +
               at->name() + " are now " + LoopNames(at->leaf_iter_vars) +
               "); apply compute_at after the split, "
               "at one of those loops");
}

// True when `reader` runs inside `s`'s attach loop: it is the stage `s` is attached to,
// or that loop encloses it.
bool RunsInsideAttachLoop(const Stage& reader, const Stage& s, const AttachPath& paths) {
  if (reader == s->attach_stage) return true;
  auto it = paths.find(reader->op.get());
  if (it == paths.end()) return false;
  return std::find(it->second.begin(), it->second.end(), s->attach_ivar) != it->second.end();
}

}  // namespace

Status CheckAttachPoints(const Schedule& sch) {
  for (const Stage& s : sch.stages)
    if (s->attach_type == AttachType::Scope && s->attach_stage)
      if (Status st = CheckAttachLoopIsALoop(s); !st) return st;
  const AttachPath paths = CreateAttachPath(sch);
  for (const Stage& s : sch.stages) {
    if (s->attach_type != AttachType::Scope || !s->attach_stage) continue;
    for (const Stage& reader : ConsumerStages(sch, s)) {
      if (reader->attach_type == AttachType::InlinedAlready) continue;
      if (RunsInsideAttachLoop(reader, s, paths)) continue;
      return Error(s->name() + " is computed at loop " + s->attach_ivar->var.name() + " of " +
                   s->attach_stage->name() + ", but " + reader->name() +
                   " reads it outside that loop, where it does not exist; compute " +
                   reader->name() + " inside that loop as well (compute_at), or compute " +
                   s->name() + " at the root");
    }
  }
  return Status::Ok();
}

}  // namespace tessera::schedule
