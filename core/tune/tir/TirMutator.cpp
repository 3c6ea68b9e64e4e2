#include "tune/tir/TirMutator.h"

#include <algorithm>

namespace tessera::tune {

namespace {

constexpr double kTileSizeWeight = 0.9, kCategoricalWeight = 0.03;
// Draws before a mutator gives up on a trace whose decisions hardly move.
constexpr int kAttempts = 64;

int64_t Uniform(std::mt19937_64& rng, int64_t low, int64_t high_exclusive) {
  return std::uniform_int_distribution<int64_t>(low, high_exclusive - 1)(rng);
}

std::vector<int64_t> Divisors(int64_t n) {
  std::vector<int64_t> out;
  for (int64_t i = 1; i * i <= n; ++i)
    if (n % i == 0) {
      out.push_back(i);
      if (i * i != n) out.push_back(n / i);
    }
  std::sort(out.begin(), out.end());
  return out;
}

// The tiles of `inst` with one divisor moved from one factor to another, as
// mutate_tile_size.cc moves it; nullopt when no move keeps the innermost limit.
std::optional<std::vector<int64_t>> MoveFactor(const tir::Instruction& inst,
                                               std::vector<int64_t> tiles, std::mt19937_64& rng) {
  const int64_t n = static_cast<int64_t>(tiles.size());
  const int64_t limit = inst.ints.size() > 1 ? inst.ints[1] : 0;  // <= 0: no limit
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const int64_t x = Uniform(rng, 0, n);
    if (tiles[x] <= 1) continue;
    int64_t y = Uniform(rng, 0, n - 1);
    if (y >= x) ++y;
    const std::vector<int64_t> divisors = Divisors(tiles[x]);  // 1 first, tiles[x] last
    int64_t top = static_cast<int64_t>(divisors.size()) - 1;
    if (y == n - 1 && limit > 0) {
      while (top >= 1 && divisors[top] * tiles[y] > limit) --top;
      if (top == 0) {
        if (n <= 2) return std::nullopt;
        continue;
      }
    }
    const int64_t divide = divisors[Uniform(rng, 1, top + 1)];
    tiles[x] /= divide;
    tiles[y] *= divide;
    return tiles;
  }
  return std::nullopt;
}

}  // namespace

std::optional<tir::Trace> MutateTileSize(const tir::Trace& trace, std::mt19937_64& rng) {
  std::vector<size_t> movable;
  for (size_t i = 0; i < trace.insts.size(); ++i) {
    const tir::Instruction& inst = trace.insts[i];
    if (inst.kind != tir::InstKind::SamplePerfectTile || !inst.has_decision ||
        inst.decision.size() < 2)
      continue;
    int64_t product = 1;
    for (int64_t t : inst.decision) product *= t;
    if (product >= 2) movable.push_back(i);
  }
  for (int attempt = 0; attempt < kAttempts && !movable.empty(); ++attempt) {
    const size_t at =
        movable[static_cast<size_t>(Uniform(rng, 0, static_cast<int64_t>(movable.size())))];
    auto tiles = MoveFactor(trace.insts[at], trace.insts[at].decision, rng);
    if (!tiles) continue;
    tir::Trace out = trace;
    out.insts[at].decision = std::move(*tiles);
    return out;
  }
  return std::nullopt;
}

std::optional<tir::Trace> MutateCategorical(const tir::Trace& trace, std::mt19937_64& rng) {
  std::vector<size_t> choices;
  for (size_t i = 0; i < trace.insts.size(); ++i) {
    const tir::Instruction& inst = trace.insts[i];
    if (inst.kind == tir::InstKind::SampleCategorical && inst.has_decision &&
        inst.decision.size() == 1 && inst.ints.size() > 1 && inst.probs.size() == inst.ints.size())
      choices.push_back(i);
  }
  if (choices.empty()) return std::nullopt;
  const size_t at =
      choices[static_cast<size_t>(Uniform(rng, 0, static_cast<int64_t>(choices.size())))];
  const tir::Instruction& inst = trace.insts[at];
  const int64_t current = inst.decision[0];
  // The others, drawn by their probabilities (uniformly where those are all zero).
  std::vector<double> weights;
  std::vector<int64_t> index;
  for (size_t c = 0; c < inst.probs.size(); ++c)
    if (static_cast<int64_t>(c) != current) {
      weights.push_back(std::max(inst.probs[c], 0.0));
      index.push_back(static_cast<int64_t>(c));
    }
  if (std::all_of(weights.begin(), weights.end(), [](double w) { return w == 0; }))
    std::fill(weights.begin(), weights.end(), 1.0);
  std::discrete_distribution<size_t> pick(weights.begin(), weights.end());
  tir::Trace out = trace;
  out.insts[at].decision = {index[pick(rng)]};
  return out;
}

std::optional<tir::Trace> MutateTrace(const tir::Trace& trace, std::mt19937_64& rng) {
  const bool tile_first = std::uniform_real_distribution<double>(
                              0, kTileSizeWeight + kCategoricalWeight)(rng) < kTileSizeWeight;
  auto first = tile_first ? MutateTileSize(trace, rng) : MutateCategorical(trace, rng);
  if (first) return first;
  return tile_first ? MutateCategorical(trace, rng) : MutateTileSize(trace, rng);
}

std::vector<int64_t> TraceDecisions(const tir::Trace& trace) {
  std::vector<int64_t> out;
  for (const tir::Instruction& inst : trace.insts)
    if (tir::is_sampling(inst.kind) && inst.has_decision)
      out.insert(out.end(), inst.decision.begin(), inst.decision.end());
  return out;
}

}  // namespace tessera::tune
