// FusedAxes: a Tile stage's two innermost spatial axes tiled as one (TileRule's knob
// <stage>.fuse). Where every tensor the stage reads with either axis holds them as its
// last two indices, bare, and its last dimension is the inner axis's whole extent B,
// [..., a, b] flattens to a * B + b: the fused axis p = a * B + b is read at unit stride
// across rows. A 1x1 convolution in NCHW is then the GEMM it is (output channels x the
// H * W pixels): its vectors run along the pixels without a ragged row end (28 columns
// hold 3.5 AVX2 vectors, 784 pixels 98) and store straight into the output.
//
// A tensor read at strides instead, [..., sa * a + ca, sb * b + cb] with each offset below
// its stride (a strided 1x1 convolution's data[n, c, 2y, 2x]), is copied once before the
// stage with those dimensions in phases (StridedPack.h): the one phase read holds
// [..., a, b], and where its last dimension is B the copy flattens as above. The copy
// reads the input once per call, where a tile reading it in place re-reads its rows for
// every block of output channels.
//
// The fused tile accumulates in the output itself and reads its operands in place: a
// cache_write stage or a packed copy computed inside a fused tile is bounded by the
// rows' box (bound inference works on a and b), so those knobs stay 0 with it, as do
// the channel tile and the phases (TileRule's Fits).
#pragma once

#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Operation.h"
#include "tune/Knob.h"
#include "tune/StridedPack.h"

namespace tessera::tune {

struct StageRule;

// A tensor the fused tile reads through a copy in phases: its strided dimensions of the two.
struct FusedCopy {
  std::string tensor;
  std::vector<PhasedDim> dims;
  bool operator==(const FusedCopy&) const = default;
};

struct FusedPlane {
  std::vector<std::string> axes;  // the two, outer first; empty where `op` does not qualify
  std::vector<FusedCopy> copies;  // the tensors read at strides, one copy each
};

// The plane of `op`: its two axes and the copies, where it qualifies.
FusedPlane FindFusedPlane(const te::ComputeOpNode& op);
// The fused loop's name (schedule::Fuse names it "a.b.fused"), which its tile knob carries.
std::string FusedAxisName(const std::vector<std::string>& axes);
// Whether `d` tiles `rule`'s stage with its fused axes.
bool FusedOn(const Decisions& d, const StageRule& rule);
// `rule` as the fused tile sees it: the two axes one, in its axes, its loads' and its
// streamed operand's; no transposed operand, channel tile or phases.
StageRule FusedView(const StageRule& rule);
// Makes `copies` for `stage`, which reads their tensors from now on: each at the root, in
// its phases, its last axis vectorized and its outer axes parallel.
Status MakeFusedCopies(schedule::Schedule& sch, const schedule::Stage& stage,
                       const std::vector<FusedCopy>& copies);

}  // namespace tessera::tune
