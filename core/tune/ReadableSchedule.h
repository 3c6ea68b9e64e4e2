// ReadableSchedule: a generated schedule as a person would have written it. The design
// space tiles every axis into a fixed number of levels and fuses a fixed set of them, so a
// candidate carries splits by 1 or by a loop's whole extent, and names such as
// n.outer.outer.outer.c.outer.outer.outer.fused for what is one loop. DropUnitLoops
// rebuilds the schedule without what only adds loops of extent 1: the same lowered loop
// nest once those are removed (RemoveTrivialLoops does so anyway), with shorter names.
// ShortLoopNames gives its loops the script names MetaSchedule prints (`y_0, y_1`, fused
// ones `c_0_y_0_fused`).
#pragma once

#include <map>
#include <string>
#include <utility>

#include "schedule/Schedule.h"
#include "support/Result.h"

namespace tessera::tune {

// `sch` rebuilt from a fresh schedule of its outputs, its trace with:
//  - a split by factor 1 (nparts = extent) or by the whole extent (nparts 1) left out: the
//    loop of extent 1 it makes is gone and its other part is the split loop itself;
//  - fuse, reorder, vectorize, unroll and parallel without the loops of extent 1 (fuse
//    also without loops of extent 1 at either end of its list; one loop left: no fuse,
//    unless a stage is computed at the fused loop, whose bounds come through the fuse);
//  - anything else unchanged. A loop of extent 1 that compute_at, pragma, bind, rfactor,
//    storage_align, tensorize or a store predicate names is kept (its split stays), and so
//    are the splits of reductions and of the axes of a stage computed at another's loop
//    (they decide where the accumulator starts and where a loop starts).
// Errors: the trace uses what this does not rewrite (create_group; a stage made by
// cache_write or rfactor from loops that changed) — callers then keep `sch` as it is.
Result<schedule::Schedule> DropUnitLoops(const schedule::Schedule& sch);

// Script names for the loops `sch`'s trace makes (keys {entry, output}, as
// script::ScriptNames::entry_outputs): the loops split from an axis `y` are y_0, y_1, ...
// outermost first (parts that are split again keep their derived names), a fused loop is
// its parts' names joined with "_fused".
std::map<std::pair<int, int>, std::string> ShortLoopNames(const schedule::Schedule& sch);

}  // namespace tessera::tune
