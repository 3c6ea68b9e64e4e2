// ShiftedTaps: a Tile stage whose vectors read a window at a column stride of 2 to 4 along
// a tensor's last dimension (a strided depthwise convolution's pad[.., 2x + rx] in NCHW, a
// strided pooling) may have its taps built from one another by a lane move instead of
// each from its own pair of loads (codegen/StridedSpans.h, `pragma(x, "shifted_taps")`):
// fewer loads, none across a cache line for tap 0, but a lane move and a blend more. Which
// is faster depends on the core (its load ports against its shuffle ports), so it is a
// knob the search measures: <stage>.taps, 0 each tap loaded, 1 shifted.
#pragma once

#include "te/Operation.h"

namespace tessera::tune {

// Whether `op` reads some tensor along its last dimension at a column stride s in [2, 4]
// (the innermost output axis times s) with two taps of its window s apart, the second
// being the first moved one lane.
bool ReadsShiftableTaps(const te::ComputeOpNode& op);

}  // namespace tessera::tune
