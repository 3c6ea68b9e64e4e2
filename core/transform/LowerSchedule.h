// LowerSchedule: a schedule's loop program (ScheduleOps) lowered through the pipeline
// into a PrimFunc whose buffer parameters are `args` — the steps every caller that
// compiles a whole schedule takes (the CLI's run/profile, the differential tester).
// Arguments whose layout the schedule transformed are passed in their physical layout
// (RFC 0077, LayoutArguments.h).
#pragma once

#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Tensor.h"
#include "transform/Pipeline.h"

namespace tessera::transform {

// Errors: ScheduleOps or a pass failed (the message says which).
// `ctx`: the target and pass options (codegen::LoweringContext makes one for the CPU this
// process compiles for); the argument buffers are added here.
// `scalars`: the scalar parameters besides the shape variables (Pipeline.h); a script's
// are ScriptProgram::ScalarParameters().
Result<LoweredProgram> LowerSchedule(const schedule::Schedule& sch,
                                     const std::vector<te::Tensor>& args, PassContext ctx,
                                     const std::string& name = "main",
                                     const ScalarParams& scalars = {});

// The same with a default context for `target`. `partition_guards`: PassContext's.
Result<LoweredProgram> LowerSchedule(const schedule::Schedule& sch,
                                     const std::vector<te::Tensor>& args,
                                     const std::string& target = "llvm",
                                     const std::string& name = "main",
                                     const ScalarParams& scalars = {},
                                     bool partition_guards = true);

}  // namespace tessera::transform
