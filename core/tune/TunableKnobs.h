// TunableKnobs: "Make tunable". A concrete choice of the
// document's schedule — a split's factor, a loop's unroll/vectorize annotation, a stage's
// loop order — becomes a knob: the trace entry it came from and the values a tuning
// session tries in its place (AutoTVM's define_split / define_knob / define_reorder, kept
// with the document's tuning session rather than in the script). A point of the knobs'
// space is the document's trace with each knob's entry set to one of its values, replayed
// on the workload (every primitive's legality check runs) and lowered; what is illegal is
// never measured.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "script/Evaluator.h"
#include "support/Result.h"

namespace tessera::tune {

struct TunableKnob {
  enum class Kind { SplitFactor, Annotation, LoopOrder };
  Kind kind = Kind::SplitFactor;
  std::string stage;
  std::string var;     // the loop the user chose it on
  std::string parent;  // SplitFactor: the var the split splits
  int entry = -1;      // the trace entry it varies; -1: none yet (appended when not "none")
  std::string key;     // SplitFactor: "factor" or "nparts"
  std::vector<std::string> values;  // "8"; "none" / "unroll" / "vectorize"; "i.outer,k,i.inner"
  std::string current;              // the document's value (one of `values`)

  // "C: split i.inner factor ∈ {4, 8, 16, 32} (now 8)".
  std::string Describe() const;
  // The same trace entry and kind (one knob per choice).
  bool SameChoice(const TunableKnob& other) const;
};

const char* KnobKindName(TunableKnob::Kind kind);  // "split", "annotation", "order"

// The knob of `kind` that loop `var` of `stage` offers in `sch`: the split that made
// `var` (or split it), `var`'s annotation, the stage's loop order. An error says why
// there is none (e.g. "i is not made by a split").
Result<TunableKnob> OfferKnob(const schedule::Schedule& sch, const std::string& stage,
                              const std::string& var, TunableKnob::Kind kind);

// The schedule of `program`'s workload with knob i at values[choice[i]].
Result<schedule::Schedule> ApplyKnobs(const script::ScriptProgram& program,
                                      const std::vector<TunableKnob>& knobs,
                                      const std::vector<size_t>& choice);

// How many points the knobs' space has (capped at 1e9).
int64_t KnobSpaceSize(const std::vector<TunableKnob>& knobs);

// Up to `limit` points of the space as complete candidate scripts, each replayed and
// lowered for the CPU: the whole grid when it has at most `limit` points, otherwise
// distinct random points. `*invalid` counts the points refused by the checks.
std::vector<std::string> KnobCandidates(const script::ScriptProgram& program,
                                        const std::vector<TunableKnob>& knobs, int limit,
                                        uint64_t seed, int* invalid = nullptr);

}  // namespace tessera::tune
