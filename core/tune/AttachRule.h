// AttachRule: where a reduction that is not an output may be computed (the compute-location
// rule of MetaSchedule and Ansor, for the generated design space). A reduction that a later
// stage reads "over the same rows" — the consumer's leading loop variables index it
// directly, e.g. maxelem[i] read by B[i, j] or by expsum[i] — can be computed inside the
// consumer's outer loop, one block of rows at a time, instead of as a parallel pass of its
// own over memory: the rows it reads are then still in the L1 cache when the consumer
// reads them again (softmax_fast.py: both row reductions inside B's parallel row loop).
//
// Its knob "<stage>.attach": 0 keeps the reduction at the root (parallel over its rows),
// k >= 1 computes it at the outer loop of its k-th consumer (AttachConsumers' order:
// the element-wise output first, then reductions in program order). Readers reached
// only through inlined element-wise stages count as readers (layer-norm's centred input).
// A choice that leaves a reader outside the attach loop is refused by the schedule's
// attach check when the candidate is validated, never measured.
//
// As a schedule rule (ScheduleRule.h) it runs after the stages: it takes the root
// reductions (RootRule.h) that have a consumer to attach at, and applies in the root
// rule's place. Attached at the element-wise output, the output's other axes keep their
// outer factor 1 (each row block's reductions are computed once): Fits refuses other
// points, RepairAttach folds a sample's outer factors inwards.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Operation.h"
#include "tune/ScheduleRule.h"

namespace tessera::tune {

const ScheduleRule& AttachRule();

// Makes a sampled point fit the attach rules of `rules`: a reduction whose reader stays
// at the root goes to the root too, and the outer factors an attach point forbids are
// folded into the next level. The whole space at once: one stage's choice changes what
// another may choose.
void RepairAttach(const std::vector<StageRule>& rules, Decisions* d);

// The consumers `producer` (a compute op) may be attached to, among `candidates` (compute
// ops that have an outer loop to attach at, in the order choices are numbered): those
// reading it at their own leading axes, directly or through a stage in `inlined` (stages
// the space may compute_inline; such a stage must itself read `producer` at its leading
// axes and be read at the consumer's). A consumer other than `output` (the program's
// element-wise output, downstream of every stage) is offered only when it is the
// producer's one reader: the others would run outside its loop.
std::vector<std::string> AttachConsumers(const te::Operation& producer,
                                         const std::vector<te::Operation>& candidates,
                                         const std::set<std::string>& inlined,
                                         const std::string& output);

// Whether `op` reads `producer` and every load of it indexes it with `op`'s leading axes,
// in order (with `every_axis`: all of them, one per dimension — an element-wise read).
bool ReadsAtLeadingAxes(const te::ComputeOpNode& op, const std::string& producer,
                        bool every_axis = false);

// The names among `stages` that read `producer` directly or through a stage in `inlined`.
std::vector<std::string> ReadersOf(const te::Operation& producer,
                                   const std::vector<te::Operation>& stages,
                                   const std::set<std::string>& inlined);

// The loop of `consumer` a producer is computed at: its outermost data-parallel leaf loop
// (the fused parallel loop of an element-wise output, the row loop of a reduction).
Result<ir::IterVar> AttachLoop(const schedule::Stage& consumer);

}  // namespace tessera::tune
