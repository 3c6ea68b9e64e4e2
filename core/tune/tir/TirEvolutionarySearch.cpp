#include "tune/tir/TirEvolutionarySearch.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "codegen/LoweringContext.h"
#include "transform/LowerTensorIR.h"
#include "tune/Features.h"
#include "tune/tir/TirMutator.h"

namespace tessera::tune {

namespace {

// Fresh samples drawn per candidate wanted before a round gives up (a space with few points).
constexpr int kDrawsPerCandidate = 20;

tir::Trace WithoutDecisions(tir::Trace trace) {
  for (tir::Instruction& inst : trace.insts)
    if (tir::is_sampling(inst.kind)) {
      inst.has_decision = false;
      inst.decision.clear();
    }
  return trace;
}

// The instructions of `trace` as text, decisions left out: equal for replays of one sketch.
std::string Shape(const tir::Trace& trace) { return tir::TraceAsPython(WithoutDecisions(trace)); }

std::string Key(size_t sketch, const tir::Trace& trace) {
  std::string key = std::to_string(sketch) + ":";
  for (int64_t d : TraceDecisions(trace)) key += std::to_string(d) + ",";
  return key;
}

float Log2p(double v) { return static_cast<float>(std::log2(1.0 + std::max(v, 0.0))); }

}  // namespace

std::vector<float> TirCandidateFeatures(const transform::PrimFunc& lowered, size_t sketch,
                                        size_t sketches, const tir::Trace& trace,
                                        size_t decision_slots) {
  std::vector<float> out = ProgramFeatures(lowered);
  for (size_t s = 0; s < sketches; ++s) out.push_back(s == sketch ? 1.0f : 0.0f);
  std::vector<int64_t> decisions = TraceDecisions(trace);
  decisions.resize(decision_slots, 0);
  for (int64_t d : decisions) out.push_back(Log2p(static_cast<double>(d)));
  return out;
}

TirEvolutionarySearch::TirEvolutionarySearch(const TirSpaceGenerator& space,
                                             TirSearchOptions options, uint64_t seed)
    : space_(space), options_(options), rng_(seed) {
  for (const TirSketch& s : space_.sketches()) {
    sketch_shapes_.push_back(Shape(s.trace));
    decision_slots_ = std::max(decision_slots_, TraceDecisions(s.trace).size());
  }
}

std::shared_ptr<const TirCandidate> TirEvolutionarySearch::Evaluate(size_t sketch,
                                                                    const tir::Trace& trace) {
  const std::string key = Key(sketch, trace);
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  std::shared_ptr<const TirCandidate> made;
  auto replayed = space_.Replay(trace);
  Status valid = replayed.ok() ? Status::Ok() : Status(replayed.error());
  if (valid.ok()) {
    auto lowered = transform::LowerTensorIR(replayed->func(), codegen::LoweringContext("llvm"),
                                            replayed->func().name);
    if (lowered.ok()) {
      auto c = std::make_shared<TirCandidate>();
      c->sketch = sketch;
      c->trace = replayed->trace();
      c->features = TirCandidateFeatures(lowered->func, sketch, space_.sketches().size(), c->trace,
                                         decision_slots_);
      made = std::move(c);
    } else {
      valid = Error("LoweringError: " + lowered.error().message);
    }
  }
  if (!valid.ok()) {
    ++invalid_;
    ++invalid_reasons_[InvalidReason(valid.error())];
  }
  memo_[key] = made;
  return made;
}

std::shared_ptr<const TirCandidate> TirEvolutionarySearch::FreshSample() {
  const size_t sketches = space_.sketches().size();
  if (sketches == 0) return nullptr;
  const size_t sketch = static_cast<size_t>(rng_() % sketches);
  // A schedule seeded by this search draws the decisions; the replay then records them.
  auto sampled = space_.Sample(sketch, static_cast<int64_t>(rng_() & 0x3fffffff) + 1);
  if (!sampled.ok()) {
    ++invalid_;
    ++invalid_reasons_[InvalidReason(sampled.error())];
    return nullptr;
  }
  return Evaluate(sketch, sampled->trace());
}

std::vector<TirCandidate> TirEvolutionarySearch::RandomBatch(
    int count, const std::function<bool(const TirCandidate&)>& is_new, const std::string& source) {
  std::vector<TirCandidate> out;
  std::set<const TirCandidate*> taken;
  for (int draw = 0; draw < count * kDrawsPerCandidate && static_cast<int>(out.size()) < count;
       ++draw) {
    auto c = FreshSample();
    if (!c || !taken.insert(c.get()).second || !is_new(*c)) continue;
    out.push_back(*c);
    out.back().source = source;
  }
  return out;
}

std::vector<double> TirEvolutionarySearch::Scores(
    const std::vector<std::shared_ptr<const TirCandidate>>& members) {
  std::vector<std::vector<float>> rows;
  for (const auto& m : members) rows.push_back(m->features);
  auto predicted = model_.Predict(rows);
  if (!predicted.ok()) return std::vector<double>(members.size(), 0.0);
  return *predicted;
}

std::vector<TirCandidate> TirEvolutionarySearch::Propose(
    int count, const std::function<bool(const TirCandidate&)>& is_new) {
  if (count <= 0) return {};
  if (!guided()) return RandomBatch(count, is_new, options_.use_model ? "random" : "replay");

  // 1. The initial population: the best measured, then fresh samples.
  const int population = std::max(options_.population, count);
  std::vector<std::shared_ptr<const TirCandidate>> members;
  std::vector<const Measured*> best;
  for (const Measured& m : observed_)
    if (m.gflops > 0) best.push_back(&m);
  std::sort(best.begin(), best.end(),
            [](const Measured* a, const Measured* b) { return a->gflops > b->gflops; });
  const size_t from_measured = std::max<size_t>(
      1, static_cast<size_t>(std::lround(population * options_.init_measured_ratio)));
  for (size_t i = 0; i < best.size() && i < from_measured; ++i)
    members.push_back(std::make_shared<TirCandidate>(best[i]->candidate));
  std::vector<std::shared_ptr<const TirCandidate>> fresh;  // the exploration's pool too
  for (int draw = 0;
       static_cast<int>(members.size()) < population && draw < population * kDrawsPerCandidate / 4;
       ++draw)
    if (auto c = FreshSample()) {
      members.push_back(c);
      fresh.push_back(c);
    }
  if (members.empty()) return RandomBatch(count, is_new, "random");

  // 2. Generations: score, keep the best new ones, breed the next population.
  std::map<std::string, std::pair<double, std::shared_ptr<const TirCandidate>>> heap;
  std::map<std::string, bool> fresh_new;  // is_new asked once per candidate
  auto new_candidate = [&](const TirCandidate& c) {
    const std::string key = Key(c.sketch, c.trace);
    auto it = fresh_new.find(key);
    if (it == fresh_new.end()) it = fresh_new.emplace(key, is_new(c)).first;
    return it->second;
  };
  for (int generation = 0;; ++generation) {
    std::vector<double> scores = Scores(members);
    for (size_t i = 0; i < members.size(); ++i)
      if (new_candidate(*members[i]))
        heap.emplace(Key(members[i]->sketch, members[i]->trace),
                     std::make_pair(scores[i], members[i]));
    if (generation == options_.generations) break;
    std::vector<double> weights;
    for (double s : scores) weights.push_back(std::max(s, 0.0) + 1e-6);
    std::discrete_distribution<size_t> parent(weights.begin(), weights.end());
    std::uniform_real_distribution<double> coin(0, 1);
    std::vector<std::shared_ptr<const TirCandidate>> next;
    for (int i = 0; i < population; ++i) {
      std::shared_ptr<const TirCandidate> child;
      size_t p = 0;
      for (int fail = 0; fail <= options_.max_fail_count && !child; ++fail) {
        p = parent(rng_);
        if (coin(rng_) >= options_.mutate_prob) {
          child = members[p];  // kept as it is
          break;
        }
        if (auto mutated = MutateTrace(members[p]->trace, rng_))
          child = Evaluate(members[p]->sketch, *mutated);
      }
      next.push_back(child ? child : members[p]);
    }
    members = std::move(next);
  }

  // 3. Epsilon-greedy: the model's best, and fresh samples picked at random.
  std::vector<std::shared_ptr<const TirCandidate>> ranked;
  {
    std::vector<std::pair<double, std::shared_ptr<const TirCandidate>>> items;
    for (auto& [key, item] : heap) items.push_back(item);
    std::stable_sort(items.begin(), items.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (auto& [score, c] : items) ranked.push_back(c);
  }
  std::shuffle(fresh.begin(), fresh.end(), rng_);
  const int explore = static_cast<int>(count * options_.eps_greedy);
  std::vector<TirCandidate> out;
  std::set<std::string> taken;
  size_t next_best = 0, next_fresh = 0;
  auto take = [&](std::vector<std::shared_ptr<const TirCandidate>>& from, size_t& next,
                  const char* source) {
    while (next < from.size()) {
      const TirCandidate& c = *from[next++];
      if (!new_candidate(c) || !taken.insert(Key(c.sketch, c.trace)).second) continue;
      out.push_back(c);
      out.back().source = source;
      return true;
    }
    return false;
  };
  for (int i = 0; static_cast<int>(out.size()) < count && i < count; ++i) {
    const bool exploit = i < count - explore;
    if (exploit ? take(ranked, next_best, "evolution") || take(fresh, next_fresh, "random")
                : take(fresh, next_fresh, "random") || take(ranked, next_best, "evolution"))
      continue;
    break;
  }
  // A population that bred fewer new candidates than the batch wants: fresh samples.
  if (static_cast<int>(out.size()) < count) {
    auto more = RandomBatch(
        count - static_cast<int>(out.size()),
        [&](const TirCandidate& c) {
          return !taken.count(Key(c.sketch, c.trace)) && new_candidate(c);
        },
        "random");
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

void TirEvolutionarySearch::Observe(const TirCandidate& candidate, double gflops) {
  observed_.push_back({candidate, std::max(gflops, 0.0)});
}

Status TirEvolutionarySearch::Retrain() {
  if (!options_.use_model) return Status::Ok();
  std::vector<std::vector<float>> rows;
  std::vector<double> gflops;
  for (const Measured& m : observed_) {
    rows.push_back(m.candidate.features);
    gflops.push_back(m.gflops);
  }
  return model_.Update(rows, gflops);
}

Result<TirCandidate> TirEvolutionarySearch::Adopt(const tir::Trace& trace) {
  const std::string shape = Shape(trace);
  for (size_t s = 0; s < sketch_shapes_.size(); ++s) {
    if (sketch_shapes_[s] != shape) continue;
    auto c = Evaluate(s, trace);
    if (!c) return Error("the trace does not replay or lower on this design space");
    return *c;
  }
  return Error("the trace is none of the design space's sketches");
}

}  // namespace tessera::tune
