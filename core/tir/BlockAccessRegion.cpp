#include "tir/BlockAccessRegion.h"

#include <algorithm>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::tir {

namespace access_region_detail {

using arith::IntSet;

struct Access {
  Buffer buffer;
  std::vector<IntSet> region;
};

class Detector : public ir::IRVisitor {
 public:
  explicit Detector(const std::vector<Buffer>& known) : known_(known) {}

  // The block's T.match_buffer views: an access of one is an access of its source.
  void Match(const std::vector<MatchBufferRegion>& views) { views_ = &views; }

  void VisitTir(const Stmt& s) {
    if (const auto* c = As<ComputeNode>(s)) {
      VisitStmt(c->stmt);
    } else if (const auto* seq = As<SeqNode>(s)) {
      for (const Stmt& e : seq->seq) VisitTir(e);
    } else if (const auto* loop = As<ForNode>(s)) {
      dom_[loop->loop_var] = IntSet::FromMinExtent(loop->min, loop->extent);
      VisitTir(loop->body);
      dom_.erase(loop->loop_var);
    } else if (const auto* realize = As<BlockRealizeNode>(s)) {
      VisitChildBlock(*realize);
    }
  }

  std::vector<Access> reads, writes;

 protected:
  void VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Update(&reads, n->buffer, n->indices);
    ir::IRVisitor::VisitBufferLoad(n, e);
  }
  void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    Update(&writes, n->buffer, n->indices);
    ir::IRVisitor::VisitBufferStore(n, s);
  }
  void VisitFor(const ir::ForNode* n, const ir::Stmt& s) override {
    dom_[n->loop_var] = IntSet::FromMinExtent(n->min, n->extent);
    ir::IRVisitor::VisitFor(n, s);
    dom_.erase(n->loop_var);
  }

 private:
  bool Known(const Buffer& b) const {
    return std::find(known_.begin(), known_.end(), b) != known_.end();
  }

  // An index over no relaxed loop is one point, kept as written (TVM's interval evaluator
  // adds single points without simplifying them, so `A[vj + vi * 4]` stays in that order
  // unless another access of the buffer makes a union); one through a call such as floor
  // is everything there, as anywhere; a vector index (A[0:8], a T.Ramp) the lanes it
  // covers, as TVM's evaluator relaxes a ramp.
  void Update(std::vector<Access>* list, const Buffer& buffer, const std::vector<Expr>& indices) {
    std::vector<IntSet> region;
    for (const Expr& index : indices) {
      bool relaxed = ir::UsesVar(index, [&](const ir::VarNode* v) {
        return std::any_of(dom_.begin(), dom_.end(),
                           [&](const auto& entry) { return entry.first.get() == v; });
      });
      region.push_back(relaxed || index.dtype().lanes() > 1 ||
                               arith::HasNodeWithoutIntervalRule(index)
                           ? arith::EvalSet(index, dom_, &analyzer_)
                           : IntSet::SinglePoint(index));
    }
    if (const MatchBufferRegion* view = ViewOf(buffer)) {
      Merge(list, view->source.buffer, InSource(*view, std::move(region)));
      return;
    }
    Merge(list, buffer, std::move(region));
  }

  const MatchBufferRegion* ViewOf(const Buffer& buffer) const {
    if (!views_) return nullptr;
    for (const MatchBufferRegion& v : *views_)
      if (v.buffer == buffer) return &v;
    return nullptr;
  }

  // TVM's ConvertMatchedRegion: the view's trailing dimensions are the source's, offset
  // by the source region's start; the source's leading dimensions count whole.
  std::vector<IntSet> InSource(const MatchBufferRegion& view, std::vector<IntSet> region) {
    const Region& source = view.source.region;
    const size_t lead = source.size() > region.size() ? source.size() - region.size() : 0;
    std::vector<IntSet> sets;
    for (size_t d = 0; d < source.size(); ++d) {
      if (d < lead || d - lead >= region.size()) {
        sets.push_back(arith::EvalSet(source[d], dom_, &analyzer_));
        continue;
      }
      const IntSet& in_view = region[d - lead];
      const Expr& start = source[d].min;
      if (in_view.is_single_point())
        sets.push_back(IntSet::SinglePoint(analyzer_.Simplify(start + in_view.min())));
      else if (in_view.is_bounded())
        sets.push_back(IntSet::Interval(analyzer_.Simplify(start + in_view.min()),
                                        analyzer_.Simplify(start + in_view.max())));
      else
        sets.push_back(arith::EvalSet(source[d], dom_, &analyzer_));
    }
    return sets;
  }

  void Merge(std::vector<Access>* list, const Buffer& buffer, std::vector<IntSet> region) {
    if (!Known(buffer)) return;
    for (Access& a : *list) {
      if (a.buffer != buffer) continue;
      for (size_t d = 0; d < region.size() && d < a.region.size(); ++d) {
        a.region[d] = arith::Union({a.region[d], region[d]}, &analyzer_);
      }
      return;
    }
    list->push_back({buffer, std::move(region)});
  }

  void VisitChildBlock(const BlockRealizeNode& realize) {
    ir::VarMap vmap;
    const BlockNode& block = *realize.block;
    for (size_t i = 0; i < block.iter_vars.size() && i < realize.iter_values.size(); ++i) {
      vmap[block.iter_vars[i]->var] = realize.iter_values[i];
    }
    auto relax = [&](const std::vector<BufferRegion>& regions, std::vector<Access>* list) {
      for (const BufferRegion& r : regions) {
        std::vector<IntSet> sets;
        for (const Range& range : r.region) {
          Range sub(ir::Substitute(range.min, vmap), ir::Substitute(range.extent, vmap));
          sets.push_back(arith::EvalSet(sub, dom_, &analyzer_));
        }
        Merge(list, r.buffer, std::move(sets));
      }
    };
    relax(block.reads, &reads);
    relax(block.writes, &writes);
  }

  const std::vector<Buffer>& known_;
  const std::vector<MatchBufferRegion>* views_ = nullptr;
  arith::IntSetMap dom_;
  arith::Analyzer analyzer_;
};

std::vector<BufferRegion> Collect(const std::vector<Access>& accesses,
                                  const std::vector<const ir::BufferNode*>& excluded) {
  std::vector<BufferRegion> out;
  arith::Analyzer analyzer;
  for (const Access& a : accesses) {
    if (std::find(excluded.begin(), excluded.end(), a.buffer.get()) != excluded.end()) continue;
    BufferRegion r{a.buffer, {}};
    for (size_t d = 0; d < a.region.size(); ++d) {
      const IntSet& set = a.region[d];
      Expr dim = d < a.buffer->shape.size() ? a.buffer->shape[d] : Expr(1);
      if (set.is_single_point() ||
          (set.is_bounded() && analyzer.CanProveEqual(set.min(), set.max()))) {
        r.region.emplace_back(set.min(), ir::make_const(set.min().dtype(), int64_t{1}));
      } else {
        Range cover = set.CoverRange(Range(ir::make_zero(dim.dtype()), dim));
        r.region.emplace_back(analyzer.Simplify(cover.min), analyzer.Simplify(cover.extent));
      }
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace access_region_detail

AccessRegions GetBlockAccessRegion(const BlockNode& block, const std::vector<Buffer>& known) {
  using namespace access_region_detail;
  std::vector<Buffer> visible = known;
  visible.insert(visible.end(), block.alloc_buffers.begin(), block.alloc_buffers.end());
  Detector detector(visible);
  detector.Match(block.match_buffers);
  if (block.init.defined()) detector.VisitStmt(block.init);
  if (block.init_nest) detector.VisitTir(block.init_nest);
  detector.VisitTir(block.body);
  // Buffers allocated by the block itself are not part of its signature.
  std::vector<const ir::BufferNode*> local;
  for (const Buffer& b : block.alloc_buffers) local.push_back(b.get());
  AccessRegions result;
  result.writes = Collect(detector.writes, local);
  std::vector<const ir::BufferNode*> excluded = local;
  if (HasInit(block)) {
    for (const BufferRegion& w : result.writes) excluded.push_back(w.buffer.get());
  }
  result.reads = Collect(detector.reads, excluded);
  return result;
}

}  // namespace tessera::tir
