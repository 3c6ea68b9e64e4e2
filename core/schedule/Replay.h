// Applying primitives by name: the entry point for scripts, GUI intents and replay.
#pragma once

#include <vector>

#include "schedule/Schedule.h"

namespace tessera::schedule {

// Validates `entry` (stage, iter var and argument names) against `sch` and applies the
// primitive it names; on success sch.trace gains an equal entry. On failure the
// schedule is unchanged and the error names the problem.
Status ApplyPrimitive(Schedule& sch, const TraceEntry& entry);

// A fresh schedule of `outputs` with every entry of `trace` applied in order; the result
// has the same stage names, relations, attach points and an equal trace.
Result<Schedule> Replay(const Trace& trace, const std::vector<te::Tensor>& outputs);
Result<Schedule> Replay(const Trace& trace, const std::vector<te::Operation>& outputs);

}  // namespace tessera::schedule
