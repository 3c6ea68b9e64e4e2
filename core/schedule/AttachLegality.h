// AttachLegality: checks, before InferBound and ScheduleOps, that every compute_at
// still makes sense for the whole schedule — facts that no single primitive can check
// when it is applied, because later primitives change them:
//  - the attach loop is still a loop of its stage (split/fuse after compute_at replace
//    it by new loops);
//  - every stage that reads the attached stage runs inside the attach loop (the
//    attached stage is realized only there; a reader outside it — another consumer left
//    at the root, a cache_read stage made afterwards — would read a buffer that does not
//    exist).
// The messages name the stages and loops involved and what to do instead, where
// lowering would otherwise fail deep inside StorageFlatten.
#pragma once

#include "schedule/Schedule.h"
#include "support/Result.h"

namespace tessera::schedule {

// `sch` is a normalized schedule (Normalize.h).
Status CheckAttachPoints(const Schedule& sch);

}  // namespace tessera::schedule
