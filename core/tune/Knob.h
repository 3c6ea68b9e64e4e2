// Knob: one tunable decision of a design space, and Decisions, a point of the space (one
// value list per knob). Both space generators (SpaceGenerator.h) and every schedule rule
// (ScheduleRule.h) speak in these; the names of the generated space's knobs come from
// KnobNames.h.
//
// A knob a point does not carry is an error value naming the knob (KnobFactors,
// KnobChoice, KnobTable::Find), never an exception: a point of another space, or of an
// older version of this one, is refused with the name of what it lacks.
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "support/Result.h"

namespace tessera::tune {

// The multi-level tiling's levels (TileRule.h): every spatial axis split in 4 (S0..S3),
// every reduce axis in 2 (R0 R1). SampleKnob's priors recognise the levels by them.
constexpr int kTileLevels = 4;
constexpr int kReduceLevels = 2;

// One tunable decision of the space.
struct Knob {
  enum class Kind : uint8_t {
    Split,   // an axis of `extent` split into `parts` factors (outer first), product == extent
    Choice,  // one of `choices`
  };
  std::string name;  // "C.tile.i", "C.unroll", "pad.inline", ...
  Kind kind = Kind::Choice;
  int64_t extent = 1;
  int parts = 1;
  int64_t innermost_multiple =
      1;                      // Split: the innermost factor is a multiple of this (when possible)
  int64_t innermost_max = 0;  // Split: the innermost factor's upper bound (0: none)
  // Split: the innermost factor need not divide the extent; the outer factors then cover
  // ceil(extent / innermost) and the lowering peels the last, partial tile. For register
  // rows: 1024 rows admit a 6-row tile (12 of AVX2's 16 ymm) where divisors stop at 4.
  bool ragged_innermost = false;
  // Split, ragged: the innermost factor is a multiple of this — the vectorized axis's
  // columns stay whole vectors (1013 columns: tiles of 16, the last of 5 peeled).
  int64_t ragged_multiple = 1;
  std::vector<int64_t> choices;
};

Knob MakeSplitKnob(std::string name, int64_t extent, int parts);
Knob MakeChoiceKnob(std::string name, std::vector<int64_t> choices);

// A point of the space: knob name -> factors (Split) or {value} (Choice).
struct Decisions {
  std::map<std::string, std::vector<int64_t>> values;
  bool operator==(const Decisions&) const = default;
  bool operator<(const Decisions& other) const { return values < other.values; }
};

// The factors (or the one-value list) `d` gives knob `name`; an error naming it when `d`
// has none.
Result<std::vector<int64_t>> KnobFactors(const Decisions& d, const std::string& name);
// The value `d` gives Choice knob `name` (its first value); an error naming it when `d`
// has none.
Result<int64_t> KnobChoice(const Decisions& d, const std::string& name);
// The value `d` gives Choice knob `name`, `fallback` when `d` has none (a point of an
// older space, or of a space without that knob).
int64_t KnobChoiceOr(const Decisions& d, const std::string& name, int64_t fallback);

// The knobs of a space in the order they were added (the order sampling draws them in,
// and the order of the cost model's features), looked up by name.
class KnobTable {
 public:
  void Add(Knob k);
  const std::vector<Knob>& list() const { return knobs_; }
  bool empty() const { return knobs_.empty(); }
  size_t size() const { return knobs_.size(); }
  // The knob named `name`; an error naming it when the space has none.
  Result<const Knob*> Find(const std::string& name) const;
  // Whether `d` assigns exactly these knobs, each a value in its domain.
  bool Contains(const Decisions& d) const;
  // An error naming the first knob of the space `d` does not assign, or the first value
  // of `d` that is no knob of the space; ok otherwise.
  Status CheckNames(const Decisions& d) const;

 private:
  std::vector<Knob> knobs_;
  std::map<std::string, size_t> index_;
};

// One of `items` (not empty), uniformly.
template <typename T>
const T& PickOne(const std::vector<T>& items, std::mt19937_64& rng) {
  return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)];
}

// A random value of `k` within its domain (with the priors of SampleKnob's comment).
std::vector<int64_t> SampleKnob(const Knob& k, std::mt19937_64& rng);

// The divisors of n in increasing order.
std::vector<int64_t> Divisors(int64_t n);
// The largest divisor of n that is at most limit (1 when none is).
int64_t LargestDivisorAtMost(int64_t n, int64_t limit);

// `d` as "knob=value" lines, for logs and tests.
std::string DescribeDecisions(const Decisions& d);

}  // namespace tessera::tune
