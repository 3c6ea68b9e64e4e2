// TilePrefetch: the Tile rule's knob <stage>.prefetch. The operand a register tile streams
// through its vectors (B of C = A x B, a 1x1 convolution's input in NCHW) is read one
// reduction step after the other at the step's stride: a matrix row, a channel's plane.
// Past a page (4 KB) every step is a new page, where the cores' stream prefetchers lose
// the track, so the first pass of each block over the operand waits on L3 or memory. The
// knob prefetches it (schedule::Prefetch) k iterations ahead in the innermost outer
// reduction loop that runs more than once; 0: no prefetch. Whether the hint pays depends
// on the core and the cache sizes, so the search measures it.
#pragma once

#include <cstdint>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "tune/Knob.h"

namespace tessera::tune {

struct StageRule;

// The knob's choices: iterations ahead, 0 for none.
std::vector<int64_t> PrefetchChoices();

// Whether `d`'s prefetch choice suits `rule`'s plain or fused tile with reduction splits
// `reduce` ([outer, inner] per reduction axis): 0 always; otherwise a streamed operand
// that is not packed (a packed copy is already in cache) and an outer reduction loop that
// runs more than once; never with the channel tile (which has no such loop).
bool PrefetchFits(const StageRule& rule, const Decisions& d,
                  const std::vector<std::vector<int64_t>>& reduce);

// Applies `d`'s prefetch to `stage`, the stage that accumulates, whose outer reduction
// loops are `r0` (split by `reduce`): of the tensor it reads for the streamed operand (the
// operand itself or the copy made of it), in the innermost of those loops that runs more
// than once.
Status ApplyPrefetch(schedule::Schedule& sch, const schedule::Stage& stage, const StageRule& rule,
                     const Decisions& d, const std::vector<ir::IterVar>& r0,
                     const std::vector<std::vector<int64_t>>& reduce);

}  // namespace tessera::tune
