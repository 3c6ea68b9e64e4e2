// TirEvolutionarySearch: MetaSchedule's evolutionary search (search_strategy/
// evolutionary_search.cc) over a TensorIR design space (TirSpaceGenerator.h), guided by
// the XGBoost cost model the te tuner uses (tune/CostModel.h).
//
// Each round that proposes a batch:
//   1. the initial population: the best measured candidates (a fifth of it, at least one)
//      and fresh samples of the sketches (replays with new decisions) for the rest;
//   2. `generations` times: the model scores the population, and each member of the next
//      one is a parent drawn in proportion to its score, mutated (TirMutator.h: one tile
//      or unroll decision changed, the trace replayed) with probability mutate_prob or
//      kept as it is; every candidate scored that is not yet measured enters a heap of
//      the best predictions;
//   3. the batch, epsilon-greedy: the heap's best, and a share `eps_greedy` of fresh
//      samples picked at random (exploration).
// Until the model has kMinSamples measurements to learn from (and with use_model off:
// the "random" strategy, MetaSchedule's replay-trace search), a batch is fresh samples.
//
// A candidate is described for the model by the te tuner's program features
// (tune/Features.h's ProgramFeatures) of its lowered function — they read the loop nest
// that LowerTensorIR leaves as they read a lowered te schedule: stores, loop extents and
// kinds, vector lanes, loads — followed by its sketch (one-hot) and its decisions (log2 of
// 1 + each tile factor, each categorical index), padded to the longest sketch's. Every
// candidate is replayed and lowered once (its sketch and decisions key it); one that a
// primitive refuses or that does not lower is invalid, counted by reason, never proposed.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "support/Result.h"
#include "tir/Trace.h"
#include "transform/PrimFunc.h"
#include "tune/CostModel.h"
#include "tune/tir/TirSpaceGenerator.h"

namespace tessera::tune {

struct TirCandidate {
  size_t sketch = 0;
  tir::Trace trace;  // the sketch's instructions with this candidate's decisions
  std::vector<float> features;
  std::string source;  // "evolution" (the model's pick), "random" (a fresh sample)
};

struct TirSearchOptions {
  int population = 32;        // genetic population (TVM's population_size: 512)
  int generations = 4;        // genetic_num_iters
  double mutate_prob = 0.85;  // genetic_mutate_prob
  double init_measured_ratio = 0.2;
  double eps_greedy = 0.05;  // the share of each batch picked among fresh samples
  bool use_model = true;     // false: every batch is fresh samples (replay search)
  int max_fail_count = 10;   // draws a member of the next population may take
};

class TirEvolutionarySearch {
 public:
  TirEvolutionarySearch(const TirSpaceGenerator& space, TirSearchOptions options, uint64_t seed);

  // Up to `count` candidates, each valid and accepted by `is_new` (the caller's test that
  // it was not measured before; it is asked once per candidate it may get).
  std::vector<TirCandidate> Propose(int count,
                                    const std::function<bool(const TirCandidate&)>& is_new);
  // A measured candidate (GFLOP/s, 0 when it failed): the model's training data and a
  // parent of later populations.
  void Observe(const TirCandidate& candidate, double gflops);
  // Retrains the model on everything observed (it stays untrained below kMinSamples).
  Status Retrain();
  // A trace of this space with its decisions (a record's, read back from its script) as a
  // candidate: its sketch found by its instructions; an error when it is none of the
  // sketches or does not replay.
  Result<TirCandidate> Adopt(const tir::Trace& trace);

  bool guided() const { return options_.use_model && model_.trained() && !observed_.empty(); }
  int invalid() const { return invalid_; }
  const std::map<std::string, int>& invalid_reasons() const { return invalid_reasons_; }
  // Candidates replayed and lowered so far (the distinct points the search looked at).
  size_t evaluated() const { return memo_.size(); }

 private:
  struct Measured {
    TirCandidate candidate;
    double gflops = 0;
  };
  // The candidate of `sketch` with `trace`'s decisions (replayed and lowered once; null
  // when invalid).
  std::shared_ptr<const TirCandidate> Evaluate(size_t sketch, const tir::Trace& trace);
  // A fresh sample of a sketch drawn at random; null when it is invalid.
  std::shared_ptr<const TirCandidate> FreshSample();
  std::vector<double> Scores(const std::vector<std::shared_ptr<const TirCandidate>>& members);
  std::vector<TirCandidate> RandomBatch(int count,
                                        const std::function<bool(const TirCandidate&)>& is_new,
                                        const std::string& source);

  const TirSpaceGenerator& space_;
  TirSearchOptions options_;
  std::mt19937_64 rng_;
  CostModel model_;
  std::vector<Measured> observed_;
  std::vector<std::string> sketch_shapes_;  // each sketch's trace without its decisions
  size_t decision_slots_ = 0;
  std::map<std::string, std::shared_ptr<const TirCandidate>> memo_;  // null: invalid
  int invalid_ = 0;
  std::map<std::string, int> invalid_reasons_;
};

// The cost model's row for a lowered candidate of `sketch` (of `sketches`) whose trace is
// `trace`: ProgramFeatures, the sketch one-hot, the decisions padded to `decision_slots`.
std::vector<float> TirCandidateFeatures(const transform::PrimFunc& lowered, size_t sketch,
                                        size_t sketches, const tir::Trace& trace,
                                        size_t decision_slots);

}  // namespace tessera::tune
