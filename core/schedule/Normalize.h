// Normalize: the schedule InferBound and ScheduleOps work on (TVM's
// Schedule::normalize). A copy of the schedule in which every compute_inline stage has
// been substituted into its readers (InjectInline) and marked InlinedAlready. The copy
// shares IterVars with the original, so ranges computed on it apply to both.
#pragma once

#include "schedule/Schedule.h"

namespace tessera::schedule {

Schedule Normalize(const Schedule& sch);

// Substitutes every compute_inline stage of `sch` into its readers, in place.
void InjectInline(Schedule& sch);

}  // namespace tessera::schedule
