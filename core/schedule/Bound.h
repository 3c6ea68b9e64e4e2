// InferBound (shared/seeds/inferbound-pass.rst.txt): a Range for every IterVar of a
// schedule. Stages are visited in reverse topological order; for each one
// InferRootBound sets the ranges of its root vars from what its consumers request
// (Phase 1: IntSets of the consumer's leaves, single points along the attach path;
// Phase 2: PassUpDomain to the consumer's roots, relaxing the consumer's own attach
// path; Phase 3: the consumer's accesses give a request per tensor dimension;
// Phase 4: GatherBound takes the union per dimension), then PassDownDomain gives
// every other IterVar of the stage its range.
#pragma once

#include <string>
#include <vector>

#include "schedule/Graph.h"
#include "schedule/MessagePassing.h"
#include "schedule/Schedule.h"

namespace tessera::schedule {

struct InferBoundOptions {
  // Tessera's default removes the documented limitations; PassUpOptions{false, false}
  // reproduces the document's (TVM's) results exactly.
  PassUpOptions pass_up;
  static InferBoundOptions TVM() { return InferBoundOptions{PassUpOptions{false, false}}; }
};

// One row of a phase table: an IterVar (or tensor dimension) and its set or range.
struct PhaseRow {
  std::string name;  // "ci.cj.fused.inner", or "B[1]" for a tensor dimension
  std::string set;   // "[min, max]", closed (a Phase 4 Range is printed so too)
  std::string min, max_or_extent;
};

// The intermediate results of InferRootBound for one producer/consumer pair, as data
// for the bounds view (document, "Phase 1" ... "Phase 4").
struct PhaseTables {
  std::string producer, consumer;
  bool found = false;            // the pair was visited
  std::vector<PhaseRow> phase1;  // consumer leaves -> IntSet
  struct Step {
    std::string relation;        // "split ci.cj.fused.outer ci.cj.fused.inner"
    std::vector<PhaseRow> rows;  // every consumer IterVar with a set so far
  };
  std::vector<Step> phase2_steps;  // after PassUpDomain on each relation
  std::vector<PhaseRow> phase2;    // consumer roots -> IntSet (after relaxation)
  std::vector<PhaseRow> phase3;    // producer tensor dims -> this consumer's request
  std::vector<PhaseRow> phase4;    // producer roots -> Range (all consumers)
};

// The last value of `r`, min + extent - 1, simplified: ranges are shown as closed
// intervals [min, max] everywhere, as IntSets are.
ir::Expr RangeLast(const ir::Range& r);

// Leaf IterVar -> the thread IterVar it is bound to (s[X].bind).
using BindMap = std::unordered_map<IterVar, IterVar>;

// The storage scope InferBound computes a stage's region for: its scope when set,
// otherwise what the thread loops enclosing it imply, as GPU storage flattening places
// it (none: "global"; blockIdx loops only: "shared"; a threadIdx loop: "local").
std::string InferStorageScope(const Stage& stage, const AttachPath& paths, const BindMap& bind_map);

// Whether the region of a stage stored in `scope` is relaxed over a loop bound to
// `thread_tag` (the threads of that loop share the storage, so the region must cover all
// of them): storage rank (global 0, shared 1, warp 2, local 3) <= thread rank
// (blockIdx 0, threadIdx/vthread 1); warp memory is shared across threadIdx.x.
bool RelaxedForThread(const std::string& scope, const std::string& thread_tag);

// Ranges of every IterVar of `normalized` (see Normalize.h). When `tables` names a
// producer and a consumer, their phase tables are filled in.
Result<RangeMap> InferBound(const Schedule& normalized, const InferBoundOptions& options = {},
                            PhaseTables* tables = nullptr);

// Normalize + InferBound + the phase tables of producer/consumer.
Result<PhaseTables> ExplainInferRootBound(const Schedule& sch, const std::string& producer,
                                          const std::string& consumer,
                                          const InferBoundOptions& options = {});

}  // namespace tessera::schedule
