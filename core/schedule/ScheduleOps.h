// ScheduleOps: the schedule as a loop program. Every root stage becomes
//   // attr [compute(B)] realize_scope = ""
//   realize B(<InferBound region>) { produce B { <loops> } <the rest> }
// stages computed at a loop are injected at that loop's body (their realize inside
// it), inlined stages are already substituted (Normalize), and loops carry the kinds
// of their annotations (vectorized, unrolled, parallel, thread bindings). Layout
// transforms come last (LayoutLowering.h): transformed tensors are accessed in their
// physical layout, with padding writes and input assumptions.
#pragma once

#include "ir/Stmt.h"
#include "schedule/Bound.h"

namespace tessera::schedule {

struct ScheduleOpsOptions {
  // Keep loops of extent 1 (the document's listings use this).
  bool debug_keep_trivial_loop = false;
  InferBoundOptions bound;
};

// The loop program of a normalized schedule with the ranges InferBound computed.
Result<ir::Stmt> ScheduleOps(const Schedule& normalized, const RangeMap& rmap,
                             const ScheduleOpsOptions& options = {});

// Normalize + InferBound + ScheduleOps.
Result<ir::Stmt> Lower(const Schedule& sch, const ScheduleOpsOptions& options = {});

}  // namespace tessera::schedule
