// TirMutator: the neighbours of a TensorIR candidate (MetaSchedule's mutator/*.cc): a
// candidate is a trace whose sampling instructions carry their decisions; a mutation
// changes one decision and leaves the rest of the trace as it is, so replaying the new
// trace (ApplyTrace honours decisions) gives a point next to the old one.
//
//   tile size    (mutate_tile_size.cc) one sample_perfect_tile decision: a divisor of one
//                factor moves to another factor, so the product stays the loop's extent;
//                the innermost factor stays within the instruction's max_innermost_factor
//   categorical  (mutate_unroll.cc) one sample_categorical decision: another candidate,
//                drawn by the instruction's probabilities among the others
//
// MutateTrace picks one of them with MetaSchedule's CPU weights (tile size 0.9 against
// unroll's 0.03, here normalised over the two: the parallel extent is not sampled and the
// compute location is not searched in this space).
#pragma once

#include <optional>
#include <random>

#include "tir/Trace.h"

namespace tessera::tune {

// `trace` with one sample_perfect_tile decision mutated; nullopt when no decision can move
// (every tile product 1, or every move breaks the innermost limit).
std::optional<tir::Trace> MutateTileSize(const tir::Trace& trace, std::mt19937_64& rng);
// `trace` with one sample_categorical decision (of more than one candidate) changed.
std::optional<tir::Trace> MutateCategorical(const tir::Trace& trace, std::mt19937_64& rng);
// One of the two, drawn by weight; the other when the drawn one finds nothing to change.
std::optional<tir::Trace> MutateTrace(const tir::Trace& trace, std::mt19937_64& rng);

// The decisions of `trace`'s sampling instructions in order, one value per tile factor or
// categorical index (what tells two replays of one sketch apart).
std::vector<int64_t> TraceDecisions(const tir::Trace& trace);

}  // namespace tessera::tune
