// TirSpaceGenerator: the design space of a TensorIR function (MetaSchedule's
// PostOrderApply space generator). Every block, leaves in program order and the root last,
// is offered to each rule of TirScheduleRule.h; the schedules that come out are the
// space's sketches, each a trace with sampling instructions (sample_perfect_tile,
// sample_categorical) whose decisions are the space's coordinates.
//
// A candidate is a sketch's trace replayed on the function with new decisions (the trace
// with its decisions cleared, replayed by a schedule with another seed): MetaSchedule's
// "replay trace" search. A replay that a primitive refuses, or whose function does not
// lower, is an invalid candidate and says why (the error kind of the refusing primitive).
//
// The function is the document's as its own schedule left it: the rules work after the
// user's trace, and a candidate's trace is what comes after it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "support/Result.h"
#include "tir/Schedule.h"

namespace tessera::tune {

struct TirSketch {
  tir::Trace trace;                // the rules' instructions, with the decisions drawn then
  std::vector<std::string> rules;  // "multi-level-tiling on C", ... (what shaped it)
};

class TirSpaceGenerator {
 public:
  // The sketches of `func` (`func_name`: the name get_block is given, TVM's "main").
  // `seed` draws the sketches' own decisions.
  TirSpaceGenerator(tir::PrimFunc func, std::string func_name, int64_t seed = 1);

  const std::vector<TirSketch>& sketches() const { return sketches_; }
  const tir::PrimFunc& func() const { return func_; }

  // Sketch `sketch` replayed with the decisions a schedule seeded with `seed` draws.
  Result<tir::Schedule> Sample(size_t sketch, int64_t seed) const;
  // `trace` replayed as it is (its decisions honoured).
  Result<tir::Schedule> Replay(const tir::Trace& trace) const;
  // A candidate that replayed, lowered for the CPU (nothing that does not lower is measured).
  static Status Validate(const tir::Schedule& candidate);

 private:
  tir::PrimFunc func_;
  std::string func_name_;
  std::vector<TirSketch> sketches_;
};

// The reason an invalid candidate gives, for counting: the refusing instruction and its
// error kind ("Vectorize: ScheduleError"), "LoweringError", or "Error" when it has no kind.
std::string InvalidReason(const Error& e);

}  // namespace tessera::tune
