// FusedAxes: a Tile stage's two innermost spatial axes tiled as one (TileRule's knob
// <stage>.fuse). Where every tensor the stage reads with either axis holds them as its
// last two indices, bare, and its last dimension is the inner axis's whole extent B,
// [..., a, b] flattens to a * B + b: the fused axis p = a * B + b is read at unit stride
// across rows. A 1x1 convolution in NCHW is then the GEMM it is (output channels x the
// H * W pixels): its vectors run along the pixels without a ragged row end (28 columns
// hold 3.5 AVX2 vectors, 784 pixels 98) and store straight into the output.
//
// The fused tile accumulates in the output itself and reads its operands in place: a
// cache_write stage or a packed copy computed inside a fused tile is bounded by the
// rows' box (bound inference works on a and b), so those knobs stay 0 with it, as do
// the channel tile and the phases (TileRule's Fits).
#pragma once

#include <string>
#include <vector>

#include "te/Operation.h"
#include "tune/Knob.h"

namespace tessera::tune {

struct StageRule;

// The two axes, outer first, where `op` qualifies; empty otherwise.
std::vector<std::string> FindFusedAxes(const te::ComputeOpNode& op);
// The fused loop's name (schedule::Fuse names it "a.b.fused"), which its tile knob carries.
std::string FusedAxisName(const std::vector<std::string>& axes);
// Whether `d` tiles `rule`'s stage with its fused axes.
bool FusedOn(const Decisions& d, const StageRule& rule);
// `rule` as the fused tile sees it: the two axes one, in its axes, its loads' and its
// streamed operand's; no transposed operand, channel tile or phases.
StageRule FusedView(const StageRule& rule);

}  // namespace tessera::tune
