#include "tir/primitive/StagePipeline.h"

#include <algorithm>
#include <map>
#include <optional>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"

namespace tessera::tir {

namespace stage_pipeline_detail {

using Loops = std::vector<std::pair<Var, Range>>;

// The loops between `high_exclusive` (a node on the path) and the block, outermost first.
Loops LoopsBelow(const ScheduleState& state, const BlockRealizeNode* block,
                 const StmtNode* high_exclusive) {
  std::vector<const StmtNode*> path = state.PathTo(block);
  auto it = std::find(path.begin(), path.end(), high_exclusive);
  Loops loops;
  for (it = it == path.end() ? path.begin() : it + 1; it != path.end(); ++it) {
    if (const auto* loop = As<ForNode>(*it))
      loops.emplace_back(loop->loop_var, Range(loop->min, loop->extent));
  }
  return loops;
}

std::vector<BufferRegion> Unbound(const BlockRealizeNode* r,
                                  const std::vector<BufferRegion>& regions) {
  ir::VarMap bindings;
  for (size_t i = 0; i < r->block->iter_vars.size(); ++i)
    bindings[r->block->iter_vars[i]->var] = r->iter_values[i];
  std::vector<BufferRegion> out = regions;
  for (BufferRegion& region : out)
    for (Range& range : region.region)
      range = Range(ir::Substitute(range.min, bindings), ir::Substitute(range.extent, bindings));
  return out;
}

arith::IntSetMap Domain(const Loops& loops) {
  arith::IntSetMap dom;
  for (const auto& [v, r] : loops) dom[v] = arith::IntSet::FromMinExtent(r.min, r.extent);
  return dom;
}

// TVM's EstimateRegionLowerBound: the region relaxed over `loops` when its indices are an
// affine map of them with constant extents (every point is then written); nothing else.
std::optional<std::vector<arith::IntSet>> LowerBound(const Region& region, const Loops& loops,
                                                     arith::Analyzer* analyzer) {
  std::vector<Expr> mins;
  for (const Range& r : region) {
    if (!ir::as_const_int(r.extent)) return std::nullopt;
    mins.push_back(r.min);
  }
  if (!IsAffineBinding(mins, loops)) return std::nullopt;
  arith::IntSetMap dom = Domain(loops);
  std::vector<arith::IntSet> out;
  for (const Range& r : region) out.push_back(arith::EvalSet(r, dom, analyzer));
  return out;
}

// Whether `produced` covers `consumed` within [0, extent) (TVM's ProducerCoversConsumer).
bool Covers(const arith::IntSet& produced, const arith::IntSet& consumed, const Expr& extent,
            arith::Analyzer* analyzer) {
  arith::IntSet buffer = arith::IntSet::FromMinExtent(ir::make_zero(extent.dtype()), extent);
  arith::IntSet p = arith::Intersect({produced, buffer}, analyzer);
  arith::IntSet c = arith::Intersect({consumed, buffer}, analyzer);
  if (!p.is_bounded() || !c.is_bounded()) return false;
  return analyzer->CanProve(p.min() <= c.min()) && analyzer->CanProve(c.max() <= p.max());
}

// The union of the producers' lower bounds in one dimension: one producer's, or adjacent
// constant intervals; nothing when the union is not known to be an interval.
std::optional<arith::IntSet> UnionLowerBound(std::vector<arith::IntSet> sets) {
  if (sets.size() == 1) return sets[0];
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (const arith::IntSet& s : sets) {
    const int64_t* lo = ir::as_const_int(s.min());
    const int64_t* hi = ir::as_const_int(s.max());
    if (!lo || !hi) return std::nullopt;
    spans.emplace_back(*lo, *hi);
  }
  std::sort(spans.begin(), spans.end());
  int64_t lo = spans[0].first, hi = spans[0].second;
  for (const auto& [a, b] : spans) {
    if (a > hi + 1) return std::nullopt;
    hi = std::max(hi, b);
  }
  DataType t = sets[0].min().dtype();
  return arith::IntSet::Interval(ir::make_const(t, lo), ir::make_const(t, hi));
}

}  // namespace stage_pipeline_detail

bool HasRegionCover(const ScheduleState& state, const BlockRealizeNode* scope,
                    const BlockRealizeNode* consumer) {
  using namespace stage_pipeline_detail;
  std::vector<const StmtNode*> consumer_path = state.PathTo(consumer);
  auto scope_at = std::find(consumer_path.begin(), consumer_path.end(), scope);
  if (scope_at == consumer_path.end()) return true;
  // The earlier blocks writing what the consumer reads, grouped by the lowest node they
  // share with the consumer.
  std::map<const StmtNode*, std::vector<const BlockRealizeNode*>> by_lca;
  for (const BlockRealizeNode* b : state.ChildBlocks(scope)) {
    if (b == consumer) break;
    bool writes_read =
        std::any_of(b->block->writes.begin(), b->block->writes.end(), [&](const BufferRegion& w) {
          return std::any_of(consumer->block->reads.begin(), consumer->block->reads.end(),
                             [&](const BufferRegion& r) { return r.buffer == w.buffer; });
        });
    if (!writes_read) continue;
    std::vector<const StmtNode*> path = state.PathTo(b);
    const StmtNode* lca = scope;
    for (auto it = scope_at; it != consumer_path.end(); ++it) {
      if (std::find(path.begin(), path.end(), *it) == path.end()) break;
      lca = *it;
    }
    by_lca[lca].push_back(b);
  }
  arith::Analyzer analyzer;
  for (const StmtNode* node : consumer_path)
    if (const auto* loop = As<ForNode>(node))
      analyzer.Bind(loop->loop_var, Range(loop->min, loop->extent));
  std::vector<BufferRegion> reads = Unbound(consumer, consumer->block->reads);
  for (const auto& [lca, producers] : by_lca) {
    arith::IntSetMap consumer_dom = Domain(LoopsBelow(state, consumer, lca));
    for (const BufferRegion& read : reads) {
      std::vector<std::vector<arith::IntSet>> produced;  // per producer, per dimension
      for (const BlockRealizeNode* p : producers) {
        for (const BufferRegion& w : Unbound(p, p->block->writes)) {
          if (w.buffer != read.buffer) continue;
          auto bound = LowerBound(w.region, LoopsBelow(state, p, lca), &analyzer);
          if (!bound) return false;
          produced.push_back(*bound);
        }
      }
      if (produced.empty()) continue;
      for (size_t d = 0; d < read.region.size(); ++d) {
        std::vector<arith::IntSet> dim;
        for (const auto& region : produced) dim.push_back(region[d]);
        std::optional<arith::IntSet> p = UnionLowerBound(dim);
        arith::IntSet c = arith::EvalSet(read.region[d], consumer_dom, &analyzer);
        if (!p || !Covers(*p, c, read.buffer->shape[d], &analyzer)) return false;
      }
    }
  }
  return true;
}

Status CheckRegionCover(const ScheduleState& state, const BlockRealizeNode* scope,
                        const Buffer& buffer) {
  for (const BlockRealizeNode* b : state.ChildBlocks(scope)) {
    bool reads = std::any_of(b->block->reads.begin(), b->block->reads.end(),
                             [&](const BufferRegion& r) { return r.buffer == buffer; });
    if (reads && !HasRegionCover(state, scope, b)) {
      return ScheduleError("NotRegionCoverError",
                           "The scope " + scope->block->name +
                               " 's region cover is not complete. The region cover property "
                               "require to hold for every of its child blocks (block " +
                               b->block->name +
                               " reads what the blocks before it do not "
                               "write)");
    }
  }
  return Status::Ok();
}

Status CheckStagePipeline(const ScheduleState& state, const BlockRealizeNode* scope) {
  if (!scope) return Status::Ok();  // the root block: the callers refuse it themselves
  std::vector<Buffer> read_before;
  for (const BlockRealizeNode* b : state.ChildBlocks(scope)) {
    std::string why;
    for (const BufferRegion& w : b->block->writes) {
      if (std::find(read_before.begin(), read_before.end(), w.buffer) != read_before.end())
        why = "block " + b->block->name + " writes " + w.buffer->name + " after a block read it";
    }
    if (why.empty() && !HasRegionCover(state, scope, b))
      why = "block " + b->block->name + " reads what the blocks before it do not write";
    if (!why.empty()) {
      return ScheduleError("NotStagePipelineError",
                           "The scope " + scope->block->name + " is not a stage pipeline (" + why +
                               "). A stage pipeline: the region cover property holds for every "
                               "of its child blocks; no write-after-read dependency or opaque "
                               "dependency");
    }
    for (const BufferRegion& r : b->block->reads) read_before.push_back(r.buffer);
  }
  return Status::Ok();
}

}  // namespace tessera::tir
