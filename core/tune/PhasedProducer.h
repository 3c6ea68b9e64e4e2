// PhasedProducer: a Tile stage that reads an element-wise producer (a strided depthwise
// convolution's padding, pad[n, c, s*y + ry, s*x + rx]) at a column stride s > 1 may have
// that producer computed inside its loops, one block of it at a time, and stored in s
// phases ([w % s, ..., w // s]: StridedPack.h), so that the register tile's vectors along
// the columns are unit-stride loads instead of wide loads and shuffles. The copy does the
// strided reads once per element, where the tile's reads do them once per window tap.
//
// Offered where every spatial axis of the stage moves the producer's region (each one
// indexes the load: a depthwise convolution or a pooling, not a convolution whose output
// channels the input does not depend on, which would recompute the block per channel):
// the producer is computed at the S1 loop of the last of the leading axes that index it
// directly (conv2d's n, c: one channel's padded plane, rows of the S0 block), at the root
// of its own loops otherwise unchanged. Knob <stage>.phases: 0 as before, 1 in phases
// (with the producer's inline knob 0; InlineRule leaves it serial at the root for this).
#pragma once

#include <string>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Operation.h"
#include "tune/Knob.h"
#include "tune/StridedPack.h"

namespace tessera::tune {

struct StageRule;

struct PhasedProducer {
  std::string producer;    // the element-wise stage read at a column stride ("": none)
  ColumnStride stride;     // how its loads index it along the innermost axis
  size_t attach_axis = 0;  // the spatial axis at whose S1 loop it is computed
  bool defined() const { return !producer.empty(); }
};

// The producer `op` (a reduction) may read in phases, as above; undefined when none.
PhasedProducer FindPhasedProducer(const te::ComputeOpNode& op);

// Whether `d` computes `rule`'s phased producer in phases: the knob is 1, the plain tile
// (not ChannelTile) is chosen, and `sch`'s producer is read by this stage alone.
bool PhasesOn(const schedule::Schedule& sch, const Decisions& d, const StageRule& rule);

// Stores the producer in phases and computes it at `at` (a loop of `consumer`, the stage
// that carries the rule's loops), its innermost loop vectorized when it has `lanes`.
Status ComputeInPhases(schedule::Schedule& sch, const StageRule& rule,
                       const schedule::Stage& consumer, const ir::IterVar& at, int lanes);

}  // namespace tessera::tune
