// EpilogueRule: a reduction whose only reader is the program's element-wise output, read
// element for element — R[i, j] = f(D[i, j], ...), the bias + activation after a dense
// layer or a convolution — is tiled as though it were the output: the output's loops carry
// the reduction's tiling, and the reduction's register tile is computed inside them
// (Ansor's multi-level tiling with consumer fusion; topi's s[D].compute_at(s[R], ...)),
// so the epilogue reads each tile while it is still in registers or L1. Without it the
// reduction stays a root (or row-attached) stage that never gets a register tile, many
// times slower than the same reduction without its epilogue.
//
// In the schedule: cache_write(D, "local") makes the accumulator, the copy D is inlined
// into R, and R's loops are split, fused and parallelised as D's would be; D.local is
// computed at R's tile loop. Element-wise stages between D and R ("relays") are inlined
// first (their inline knob is fixed to 1).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Operation.h"

namespace tessera::tune {

struct StageRule;

struct Epilogue {
  std::string output;                    // the element-wise output stage
  std::vector<std::string> output_axes;  // its axes: position k <-> the reduction's axis k
  std::vector<std::string> relays;       // element-wise stages between them (inlined)
};

// The epilogue of `reduction` (a stage of `sch`) when `output` (the program's one output,
// element-wise) is its only reader, directly or through stages in `inlinable` that read it
// element for element and are read so, and has its shape; nullopt otherwise.
std::optional<Epilogue> FindEpilogue(const schedule::Schedule& sch, const te::Operation& reduction,
                                     const te::Operation& output,
                                     const std::set<std::string>& inlinable);

// The stages a Tile rule's accumulator splits into: `outer` carries the tiled loops (the
// rule's stage, or its epilogue's output), `local` accumulates (cache_write's stage).
//
// Where the accumulator is stored transposed to the output (ChannelTile.h,
// DepthwiseTile.h: the vectorized axis innermost), an epilogue computed in the output's
// loops runs on vectors gathered across it. Asked for (`epilogue_own_stage`, with an
// epilogue), the epilogue's arithmetic gets a stage of its own, `epilogue` — cache_write
// of its output, made before the output's loops change —, to be laid out as the
// accumulator (LayOutAsAccumulator) so that it reads the accumulator's vectors whole;
// `outer` is then the output, a copy of it. Otherwise `epilogue` is empty.
struct Accumulator {
  schedule::Stage outer;
  schedule::Stage local;
  schedule::Stage epilogue;
};
Result<Accumulator> MakeAccumulator(schedule::Schedule& sch, const StageRule& rule,
                                    bool epilogue_own_stage = false);
// `stage` (an Accumulator's epilogue) computed at `at` of `outer` after the accumulator,
// stored in `layout` (the accumulator's), its innermost loop vectorized by `lanes`.
Status LayOutAsAccumulator(schedule::Schedule& sch, const schedule::Stage& stage,
                           const schedule::Stage& outer, const ir::IterVar& at,
                           const ir::IndexMap& layout, int64_t lanes);

// The name of the outer stage's axis at the position of the rule's spatial axis `axis`.
std::string OuterAxisName(const StageRule& rule, const std::string& axis);

}  // namespace tessera::tune
