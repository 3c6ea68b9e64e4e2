// The sampling instructions (TVM's primitive/sampling.cc): perfect tile sizes of a loop,
// one of several candidates, and a compute location of a block. Each draws from the
// schedule's LinearCongruentialEngine exactly as TVM does (same calls, same order), or
// takes the decision it is given, and returns the decision it used, which the trace
// records so that replaying it reproduces the program.
#include <algorithm>
#include <cmath>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace sampling_detail {

// A uniform integer in [lo, hi).
int32_t SampleInt(RandState* state, int32_t lo, int32_t hi) {
  if (lo + 1 == hi) return lo;
  LinearCongruentialEngine rng(state);
  std::uniform_int_distribution<int32_t> dist(lo, hi - 1);
  return dist(rng);
}

// k distinct integers of [0, n), in the order drawn.
std::vector<int32_t> SampleWithoutReplacement(RandState* state, int32_t n, int32_t k) {
  if (k == 1) return {SampleInt(state, 0, n)};
  if (k == 2) {
    int32_t a = SampleInt(state, 0, n);
    int32_t b = SampleInt(state, 0, n - 1);
    if (b >= a) ++b;
    return {a, b};
  }
  std::vector<int32_t> order(n);
  for (int32_t i = 0; i < n; ++i) order[i] = i;
  for (int32_t i = 0; i < k; ++i) {
    int32_t j = SampleInt(state, i, n);
    if (i != j) std::swap(order[i], order[j]);
  }
  return {order.begin(), order.begin() + k};
}

// The prime factorisation of n as (prime, power) pairs, smallest prime first.
std::vector<std::pair<int64_t, int32_t>> Factorize(int64_t n) {
  std::vector<std::pair<int64_t, int32_t>> out;
  for (int64_t p = 2; p * p <= n; ++p) {
    int32_t e = 0;
    for (; n % p == 0; n /= p) ++e;
    if (e) out.emplace_back(p, e);
  }
  if (n > 1) out.emplace_back(n, 1);
  return out;
}

int64_t Pow(int64_t base, int32_t e) {
  int64_t r = 1;
  while (e-- > 0) r *= base;
  return r;
}

// Uniformly random tile sizes whose product is `extent` (TVM's SamplePerfectTile: the
// power of each prime is spread over the tiles).
std::vector<int64_t> PerfectTile(RandState* state, int32_t extent, int32_t n) {
  if (n == 1) return {extent};
  if (extent == 1) return std::vector<int64_t>(n, 1);
  std::vector<std::pair<int64_t, int32_t>> factors = Factorize(extent);
  if (n == 2) {
    int64_t r0 = 1, r1 = 1;
    for (const auto& [p, e] : factors) {
      // TVM draws a side for a prime beyond its table (>= 65536) and a split of the
      // power for the others.
      if (p >= 65536) {
        (SampleInt(state, 0, 2) ? r1 : r0) *= p;
        continue;
      }
      int32_t x1 = SampleInt(state, 0, e + 1);
      r0 *= Pow(p, x1);
      r1 *= Pow(p, e - x1);
    }
    return {r0, r1};
  }
  std::vector<int64_t> result(n, 1);
  for (const auto& [p, e] : factors) {
    if (p >= 65536 || e == 1) {
      result[SampleInt(state, 0, n)] *= p;
      continue;
    }
    // x_1 + ... + x_n = e, x_i >= 0: n - 1 bars among e + n - 1 places.
    std::vector<int32_t> bars = SampleWithoutReplacement(state, e + n - 1, n - 1);
    std::sort(bars.begin(), bars.end());
    bars.push_back(e + n - 1);
    for (int32_t i = 0, last = -1; i < n; ++i) {
      result[i] *= Pow(p, bars[i] - last - 1);
      last = bars[i];
    }
  }
  return result;
}

// Whether the block's loop iterates over spatial or reduction block iterators only
// (TVM's GetLoopIterType).
ir::IterVarType LoopIterType(const ForNode* loop) {
  int spatial = 0, reduce = 0, other = 0;
  PreOrderVisit(loop->body, [&](const StmtNode* n) {
    const auto* realize = As<BlockRealizeNode>(n);
    if (!realize) return true;
    for (size_t i = 0; i < realize->iter_values.size(); ++i) {
      if (!ir::UsesVar(realize->iter_values[i], loop->loop_var)) continue;
      ir::IterVarType t = realize->block->iter_vars[i]->iter_type;
      (t == ir::IterVarType::DataPar      ? spatial
       : t == ir::IterVarType::CommReduce ? reduce
                                          : other)++;
    }
    return false;
  });
  if (other || (spatial && reduce)) return ir::IterVarType::Opaque;
  if (reduce) return ir::IterVarType::CommReduce;
  return ir::IterVarType::DataPar;
}

// The innermost node above every consumer: the parent of a single consumer, else the
// deepest node on all their paths.
const StmtNode* ConsumersAncestor(const ScheduleState& state,
                                  const std::vector<const BlockRealizeNode*>& consumers) {
  std::vector<const StmtNode*> common = state.PathTo(consumers[0]);
  common.pop_back();
  for (size_t c = 1; c < consumers.size(); ++c) {
    std::vector<const StmtNode*> path = state.PathTo(consumers[c]);
    size_t k = 0;
    while (k < common.size() && k < path.size() && common[k] == path[k]) ++k;
    common.resize(k);
  }
  return common.empty() ? nullptr : common.back();
}

}  // namespace sampling_detail

Result<std::vector<int64_t>> SamplePerfectTile(RandState* state, const ScheduleState& sched,
                                               const Var& loop_var, int n, int max_innermost_factor,
                                               const std::vector<int64_t>* decision) {
  using namespace sampling_detail;
  auto live = LiveLoop(sched, loop_var);
  if (!live.ok()) return live.error();
  if (n < 1) {
    return ScheduleError("ValueError", "Cannot tile a loop to 0 or negative splits");
  }
  if (max_innermost_factor != -1 && n < 2) {
    return ScheduleError("ValueError", "Cannot tile a loop into " + std::to_string(n) + " splits");
  }
  const int64_t* extent = ir::as_const_int((*live)->extent);
  if (!extent) {  // TVM's answer for a symbolic extent: [-1, 1, ..., 1]
    std::vector<int64_t> result(n, 1);
    result[0] = -1;
    return result;
  }
  if (*extent < 1 || *extent > INT32_MAX) {
    return ScheduleError("ValueError", "Cannot tile a loop with 0 or negative extent");
  }
  if (decision) {
    if (static_cast<int>(decision->size()) != n) {
      return ScheduleError("ValueError", "The decision has " + std::to_string(decision->size()) +
                                             " tiles but n is " + std::to_string(n));
    }
    // An outer tile that no longer divides falls back to the trivial tiling, as in TVM.
    std::vector<int64_t> result = *decision;
    int64_t len = *extent;
    for (int i = n - 1; i > 0; --i) {
      if (result[i] <= 0 || len % result[i] != 0) result[i] = len;
      len /= result[i];
    }
    result[0] = len;
    return result;
  }
  int32_t ext = static_cast<int32_t>(*extent);
  if (max_innermost_factor == -1) return PerfectTile(state, ext, n);
  if (max_innermost_factor < 1) {
    return ScheduleError("ValueError", "max_innermost_factor must be positive or -1, got " +
                                           std::to_string(max_innermost_factor));
  }
  while (true) {
    std::vector<int64_t> result = PerfectTile(state, ext, n);
    if (result.back() <= max_innermost_factor) return result;
  }
}

Result<std::vector<int64_t>> SamplePartitionedTile(RandState* state, const ScheduleState& sched,
                                                   const Var& loop_var, int n, int partition_pos,
                                                   int innerpart_factor,
                                                   const std::vector<int64_t>* decision) {
  using namespace sampling_detail;
  auto live = LiveLoop(sched, loop_var);
  if (!live.ok()) return live.error();
  if (n < 2)
    return ScheduleError("ValueError", "Cannot tile a loop into " + std::to_string(n) + " splits");
  if (partition_pos < 0 || partition_pos >= n)
    return ScheduleError("ValueError", "partition_pos must be in [0, " + std::to_string(n) +
                                           "), got " + std::to_string(partition_pos));
  if (innerpart_factor < 1)
    return ScheduleError(
        "ValueError", "innerpart_factor must be positive, got " + std::to_string(innerpart_factor));
  // The product of the tiles from partition_pos on.
  auto inner = [&](const std::vector<int64_t>& tiles) {
    int64_t prod = 1;
    for (int i = partition_pos; i < static_cast<int>(tiles.size()); ++i) prod *= tiles[i];
    return prod;
  };
  const int64_t* extent = ir::as_const_int((*live)->extent);
  if (!extent || *extent % innerpart_factor != 0) {  // TVM's answer: [-1, 1, ..., 1]
    std::vector<int64_t> result(n, 1);
    result[0] = -1;
    return result;
  }
  if (*extent < 1 || *extent > INT32_MAX)
    return ScheduleError("ValueError", "Cannot tile a loop with 0 or negative extent");
  if (decision) {
    if (decision->size() < 2)
      return ScheduleError("ValueError", "The decision needs at least two tiles");
    std::vector<int64_t> result = *decision;
    if (inner(result) % innerpart_factor != 0) {
      // No longer a multiple: the whole factor inside, the rest outside, as in TVM.
      result.assign(n, 1);
      result[0] = *extent / innerpart_factor;
      result[partition_pos] = innerpart_factor;
      return result;
    }
    int64_t len = *extent;
    for (size_t i = result.size() - 1; i > 0; --i) {
      if (result[i] <= 0 || len % result[i] != 0) result[i] = len;
      len /= result[i];
    }
    result[0] = len;
    return result;
  }
  const int32_t ext = static_cast<int32_t>(*extent);
  if (partition_pos == 0 && innerpart_factor == 1) return PerfectTile(state, ext, n);
  while (true) {
    std::vector<int64_t> result = PerfectTile(state, ext, n);
    if (inner(result) % innerpart_factor == 0) return result;
  }
}

Result<int64_t> SampleCategorical(RandState* state, const std::vector<int64_t>& candidates,
                                  const std::vector<double>& probs, const int64_t* decision) {
  if (candidates.size() != probs.size()) {
    return ScheduleError("ValueError",
                         "number of candidates does not match number of probabilities.");
  }
  int64_t n = static_cast<int64_t>(candidates.size());
  if (decision) {
    if (*decision < 0 || *decision >= n) {
      return ScheduleError("ValueError", "Wrong decision value, where n = " + std::to_string(n) +
                                             ", but decision is: " + std::to_string(*decision));
    }
    return *decision;
  }
  double total = 0;
  for (double p : probs) {
    if (!(p >= 0) || std::isinf(p)) {
      return ScheduleError("ValueError", "probabilities must be finite and non-negative");
    }
    total += p;
  }
  if (n == 0 || total <= 0) {
    return ScheduleError("ValueError", "there is nothing to sample from (no candidate has weight)");
  }
  LinearCongruentialEngine rng(state);
  std::discrete_distribution<int32_t> dist(probs.begin(), probs.end());
  return dist(rng);
}

ComputeLocations CollectComputeLocations(const ScheduleState& state, const std::string& block) {
  using namespace sampling_detail;
  ComputeLocations out;
  auto found = GetBlock(state, block);
  if (!found.ok()) return out;
  ScheduleState trial = state;
  if (ComputeInline(&trial, block).ok()) out.indices.push_back(-2), out.loops.emplace_back();
  out.indices.push_back(-1), out.loops.emplace_back();
  std::vector<const BlockRealizeNode*> consumers;
  const BlockRealizeNode* scope = state.ScopeOf(*found);
  for (const std::string& name : GetConsumers(state, *found)) {
    for (const BlockRealizeNode* r : state.FindBlocks(name)) {
      if (state.ScopeOf(r) == scope) consumers.push_back(r);
    }
  }
  if (consumers.empty()) return out;
  const auto* boundary = As<ForNode>(ConsumersAncestor(state, consumers));
  if (!boundary) return out;
  std::vector<const ForNode*> loops = state.LoopsAbove(consumers[0]);
  size_t lca = std::find(loops.begin(), loops.end(), boundary) - loops.begin();
  if (lca == loops.size()) return out;
  std::vector<ir::IterVarType> types;
  int last_datapar = -1;
  for (size_t i = 0; i <= lca; ++i) {
    types.push_back(LoopIterType(loops[i]));
    if (types.back() == ir::IterVarType::DataPar) last_datapar = static_cast<int>(i);
  }
  bool visited_reduce = false;
  for (size_t i = 0; i <= lca; ++i) {
    if (ir::is_const_int(loops[i]->extent, 1)) continue;
    if (types[i] == ir::IterVarType::DataPar) {
      if (visited_reduce) break;
    } else {
      visited_reduce = true;
      if (static_cast<int>(i) > last_datapar) break;
    }
    ScheduleState at = state;
    if (ComputeAt(&at, block, loops[i]->loop_var, true).ok()) {
      out.indices.push_back(static_cast<int64_t>(i));
      out.loops.push_back(loops[i]->loop_var);
    }
  }
  return out;
}

Result<int64_t> SampleComputeLocation(RandState* state, const ScheduleState& sched,
                                      const std::string& block, const int64_t* decision,
                                      Var* loop) {
  using namespace sampling_detail;
  auto found = GetBlock(sched, block);
  if (!found.ok()) return found.error();
  ComputeLocations locs = CollectComputeLocations(sched, block);
  size_t pick = 0;
  if (decision) {
    // Keep the decision where it is still a candidate, else the candidate before it.
    auto it = std::lower_bound(locs.indices.begin(), locs.indices.end(), *decision);
    if (it != locs.indices.end() && *it == *decision) {
      pick = it - locs.indices.begin();
    } else if (it != locs.indices.begin()) {
      pick = it - locs.indices.begin() - 1;
    } else {
      *loop = Var();
      return int64_t{-1};
    }
  } else {
    pick = SampleInt(state, 0, static_cast<int32_t>(locs.indices.size()));
  }
  *loop = locs.loops[pick];
  return locs.indices[pick];
}

}  // namespace tessera::tir
