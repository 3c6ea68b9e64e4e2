// Features of a candidate for the cost model (Ansor/MetaSchedule "per-store features",
// condensed): walking the lowered program, every buffer store is described by its loop
// nest — iterations, depth, the innermost loop's extent, the vector lanes of the value,
// the enclosing parallel extent and unrolled extent, the loads of its value (how many,
// how many are vectors, how many do not move with the innermost loop: reuse in
// registers), arithmetic per load (intensity) — and the store that runs most often (the
// main computation) gives the features, with totals over all stores. The decisions of the
// design space (log2 of every factor, every knob) are appended, so that two candidates
// with the same program shape but different tiles are told apart.
#pragma once

#include <vector>

#include "transform/PrimFunc.h"
#include "tune/DesignSpace.h"

namespace tessera::tune {

// The program features of a lowered function (fixed length: kProgramFeatureCount).
std::vector<float> ProgramFeatures(const transform::PrimFunc& func);
inline constexpr int kProgramFeatureCount = 14;

// ProgramFeatures followed by the flattened decisions (fixed length for one space).
std::vector<float> CandidateFeatures(const transform::PrimFunc& func, const DesignSpace& space,
                                     const Decisions& d);

}  // namespace tessera::tune
