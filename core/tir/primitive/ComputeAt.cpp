// compute_at and reverse_compute_at (TVM's primitive/compute_at.cc). compute_at moves a
// producer block under a loop of its consumers, so that each iteration of the loop
// computes only the part of the buffer the consumers below it read: their read regions,
// relaxed over the loops between the target loop and them (RegionAnalysis.h), give each
// producer iterator its new range; the producer gets fresh loops ax0, ax1, ... over those
// ranges (none for a unit range unless preserve_unit_loops), before the first consumer
// under the loop. reverse_compute_at moves a consumer after the last of its producers
// under a loop, over what they write per iteration.
#include <algorithm>
#include <optional>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "tir/AffineBinding.h"
#include "tir/RegionAnalysis.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace compute_at_detail {

// c when `index` is `var // c` with a constant c > 0.
std::optional<int64_t> FloorDivFactor(const Expr& index, const Var& var) {
  const auto* div = index.as<ir::BinaryNode>();
  if (!div || index.kind() != ir::ExprKind::FloorDiv || !div->a.same_as(var)) return std::nullopt;
  const int64_t* c = ir::as_const_int(div->b);
  if (!c || *c <= 0) return std::nullopt;
  return *c;
}

int IterIndex(const BlockNode& block, const Expr& e) {
  for (size_t i = 0; i < block.iter_vars.size(); ++i)
    if (e.same_as(block.iter_vars[i]->var)) return static_cast<int>(i);
  return -1;
}

bool UsesIter(const BlockNode& block, const Expr& e) {
  return std::any_of(block.iter_vars.begin(), block.iter_vars.end(),
                     [&](const IterVar& iv) { return ir::UsesVar(e, iv->var); });
}

// The rows [lo, hi] (inclusive) an iterator must run over.
struct Rows {
  Expr lo, hi;
};

// TVM's SolveBlockVarDomain for one dimension where one execution of the block provides
// rows from `min` (one row when `point`) and the blocks under the loop need [lo, hi]:
// `v * c` (any extent) needs v in [lo // c, hi // c]; at a point, `v` needs [lo, hi],
// `f // c` needs f in [lo * c, hi * c + c - 1] (solved again when f is not an iterator)
// and `v % c` constrains nothing. *iter is the iterator solved (-1: none); false when the
// index is none of these.
bool SolveDimension(const BlockNode& block, const Expr& min, bool point, const Rows& need,
                    arith::Analyzer* analyzer, int* iter, Rows* out) {
  *iter = -1;
  const auto* bin = min.as<ir::BinaryNode>();
  if (bin && min.kind() == ir::ExprKind::Mul) {
    for (const auto& [v, c] : {std::pair(bin->a, bin->b), std::pair(bin->b, bin->a)}) {
      const int64_t* factor = ir::as_const_int(c);
      if (!factor || *factor <= 0 || IterIndex(block, v) < 0) continue;
      Expr f = ir::make_const(min.dtype(), *factor);
      *iter = IterIndex(block, v);
      *out = {analyzer->Simplify(ir::floordiv(need.lo, f)),
              analyzer->Simplify(ir::floordiv(need.hi, f))};
      return true;
    }
  }
  if (!point) return false;
  if (int i = IterIndex(block, min); i >= 0) {
    *iter = i;
    *out = need;
    return true;
  }
  if (!UsesIter(block, min)) return true;
  const int64_t* c = bin ? ir::as_const_int(bin->b) : nullptr;
  if (!c || *c < 1) return false;
  if (min.kind() == ir::ExprKind::FloorDiv) {
    Expr f = ir::make_const(min.dtype(), *c);
    Rows scaled{analyzer->Simplify(ir::mul(need.lo, f)),
                analyzer->Simplify(ir::add(ir::mul(need.hi, f),
                                           ir::sub(f, ir::make_const(f.dtype(), int64_t{1}))))};
    return SolveDimension(block, bin->a, true, scaled, analyzer, iter, out);
  }
  return min.kind() == ir::ExprKind::FloorMod && IterIndex(block, bin->a) >= 0;
}

// TVM's UpdateBlockVarDomainAffine: a region of single points that is a bijective affine
// map of the iterators (`B[vi * 32 + vj]`, `B[vi + 1]`) is inverted at the lowest and the
// highest needed point; each iterator runs between the two values it takes there.
bool SolveAffine(const BlockNode& block, const BufferRegion& link, const std::vector<Rows>& need,
                 arith::Analyzer* analyzer, std::vector<std::optional<Rows>>* rows) {
  // A constant offset (`vi + 1`) is taken off the index and off the rows needed; an index
  // counting down from a constant (`9 - vi`, TVM's scale -1) is solved for `9 - rows`.
  std::vector<Expr> indices, placeholders, offsets;
  std::vector<bool> reversed;
  for (size_t d = 0; d < link.region.size(); ++d) {
    if (!ir::is_one(link.region[d].extent)) return false;
    Expr index = link.region[d].min;
    Expr offset = ir::make_zero(index.dtype());
    bool down = false;
    const auto* bin = index.as<ir::BinaryNode>();
    if (bin && index.kind() == ir::ExprKind::Add && ir::as_const_int(bin->b)) {
      offset = bin->b;
      index = bin->a;
    } else if (bin && index.kind() == ir::ExprKind::Sub && ir::as_const_int(bin->a)) {
      offset = bin->a;
      index = bin->b;
      down = true;
    }
    indices.push_back(index);
    offsets.push_back(offset);
    reversed.push_back(down);
    placeholders.push_back(Var("ph_" + std::to_string(d), index.dtype()));
  }
  std::vector<std::pair<Var, Range>> iters;
  for (const IterVar& iv : block.iter_vars) iters.emplace_back(iv->var, iv->dom);
  std::optional<std::vector<Expr>> inverse =
      InverseBijectiveAffineMap(indices, iters, placeholders);
  if (!inverse) return false;
  auto at = [&](const Expr& e, bool high) {
    ir::VarMap vmap;
    for (size_t d = 0; d < placeholders.size(); ++d) {
      const Expr& row = high ? need[d].hi : need[d].lo;
      vmap[Var::from(placeholders[d])] =
          reversed[d] ? ir::sub(offsets[d], row) : ir::sub(row, offsets[d]);
    }
    return analyzer->Simplify(ir::Substitute(e, vmap));
  };
  for (size_t i = 0; i < inverse->size(); ++i) {
    Expr a = at((*inverse)[i], false), b = at((*inverse)[i], true);
    if (analyzer->CanProve(ir::le(a, b))) {
      (*rows)[i] = Rows{a, b};
    } else {
      (*rows)[i] = Rows{analyzer->Simplify(ir::min(a, b)), analyzer->Simplify(ir::max(a, b))};
    }
  }
  return true;
}

// TVM's simplifier never leaves `a >= b` or `a > b`: it writes them `b <= a`, `b < a`.
Expr AsTvmOrdering(const Expr& e) {
  const auto* n = e.as<ir::BinaryNode>();
  if (!n) return e;
  switch (e.kind()) {
    case ir::ExprKind::And:
      return ir::logical_and(AsTvmOrdering(n->a), AsTvmOrdering(n->b));
    case ir::ExprKind::GE:
      return ir::le(n->b, n->a);
    case ir::ExprKind::GT:
      return ir::lt(n->b, n->a);
    default:
      return e;
  }
}

bool Under(const ScheduleState& state, const StmtNode* node, const StmtNode* ancestor) {
  std::vector<const StmtNode*> path = state.PathTo(node);
  return std::find(path.begin(), path.end(), ancestor) != path.end();
}

// A solved range clipped to the iterator's domain where TVM clips it
// (BlockVarDomainInfo::Simplify): to the domain when the range covers it, and to their
// intersection when that has constant ends (a consumer reading `X[v - 85]` under
// `85 <= v` needs 2 rows of X, not 87 of them behind a predicate). Otherwise the range
// stays and the predicate keeps the block inside its domain.
Range WithinDomain(const Range& range, const Range& dom, arith::Analyzer* analyzer) {
  arith::IntSet needed = arith::IntSet::FromRange(range), whole = arith::IntSet::FromRange(dom);
  arith::IntSet both = arith::Intersect({needed, whole}, analyzer);
  if (both.is_empty()) return range;
  Expr lo = both.min(), hi = both.max();
  if (analyzer->CanProveEqual(lo, needed.min()) && analyzer->CanProveEqual(hi, needed.max()))
    return range;
  if (analyzer->CanProveEqual(lo, whole.min()) && analyzer->CanProveEqual(hi, whole.max()))
    return dom;
  auto c_lo = ir::as_const_int(lo), c_hi = ir::as_const_int(hi);
  if (c_lo && c_hi && *c_hi >= *c_lo)
    return Range(lo, ir::make_const(range.extent.dtype(), *c_hi - *c_lo + 1));
  return range;
}

// compute_at (reverse = false) or reverse_compute_at (reverse = true).
Status MoveUnderLoop(ScheduleState* state, const std::string& block_name, const Var& loop_var,
                     bool preserve_unit_loops, bool reverse, int64_t index) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* loop = *live;
  const BlockRealizeNode* scope = state->ScopeOf(realize);
  if (state->ScopeOf(loop) != scope || Under(*state, realize, loop)) {
    return ScheduleError("NotInSameScopeError",
                         "Expected the block " + block.name + " and loop " + loop_var.name() +
                             " to be under the same block scope, and loop not to be the ancestor "
                             "of block");
  }
  if (!IsCompleteOrAffineReductionBlock(*state, realize)) {
    return ScheduleError("NotCompleteOrReductionBlockError",
                         "The block " + block.name +
                             " is neither a complete block nor a reduction "
                             "block");
  }
  // The buffers linking the block to the blocks it depends on under the loop, and how
  // the block indexes them: every buffer it writes (compute_at) or the produced buffers
  // it reads. A block that writes a buffer its scope does not allocate is an output block
  // (TVM's IsOutputBlock), which compute_at cannot move.
  std::vector<BufferRegion> links;
  if (!reverse) {
    links = block.writes;
    const std::vector<Buffer>& allocated = scope->block->alloc_buffers;
    for (const BufferRegion& w : links) {
      if (std::find(allocated.begin(), allocated.end(), w.buffer) == allocated.end()) {
        return ScheduleError("OutputBlockError", "The block " + block.name + " is an output block");
      }
    }
  }
  // All the blocks it depends on must be under the loop (its consumers for compute_at, its
  // producers for reverse_compute_at).
  std::vector<const BlockRealizeNode*> deps, producers, consumers;
  for (const std::string& name : GetProducers(*state, realize))
    producers.push_back(state->FindBlocks(name).at(0));
  for (const std::string& name : GetConsumers(*state, realize))
    consumers.push_back(state->FindBlocks(name).at(0));
  std::string outside;
  for (const BlockRealizeNode* d : reverse ? producers : consumers) {
    const std::string& name = d->block->name;
    deps.push_back(d);
    if (!Under(*state, d, loop)) outside += (outside.empty() ? "" : ", ") + name;
    if (reverse) {
      for (const BufferRegion& r : block.reads) {
        for (const BufferRegion& w : d->block->writes) {
          if (r.buffer == w.buffer) links.push_back(r);
        }
      }
    }
  }
  const char* relation = reverse ? "producer" : "consumer";
  if (!outside.empty() || deps.empty()) {
    return ScheduleError("NotAllRequiredBlocksAreVisitedError",
                         std::string("The primitive requires all the ") + relation +
                             "(s) of the given block to be present under the target loop. "
                             "However, these are not: " +
                             (outside.empty() ? std::string("(the block has none)") : outside));
  }
  std::vector<Stmt> children;
  if (const auto* seq = As<SeqNode>(loop->body)) {
    children = seq->seq;
  } else {
    children = {loop->body};
  }
  // The block may go anywhere after the last child holding a producer and up to the first
  // child holding a consumer (TVM's ProducerConsumerSplit): index -1 is the last of those
  // places, -2 the first, else the place itself.
  auto holds = [&](size_t i, const std::vector<const BlockRealizeNode*>& blocks) {
    return std::any_of(blocks.begin(), blocks.end(), [&](const BlockRealizeNode* d) {
      return d == children[i].get() || Under(*state, d, children[i].get());
    });
  };
  int64_t last_producer = -1, first_consumer = static_cast<int64_t>(children.size());
  for (size_t i = 0; i < children.size(); ++i) {
    if (holds(i, producers)) last_producer = static_cast<int64_t>(i);
    if (holds(i, consumers) && first_consumer == static_cast<int64_t>(children.size()))
      first_consumer = static_cast<int64_t>(i);
  }
  if (last_producer >= first_consumer) {
    return ScheduleError("InsertionPointNotFoundError",
                         "Cannot find the insertion point that satisfies the producer-consumer "
                         "constraint. In 0-based indexing, the last producer appears in subtree " +
                             std::to_string(last_producer) +
                             ", and the first consumer appears in subtree " +
                             std::to_string(first_consumer));
  }
  size_t position = 0;
  if (index == -1) {
    position = static_cast<size_t>(first_consumer);
  } else if (index == -2) {
    position = static_cast<size_t>(last_producer + 1);
  } else if (index > last_producer && index <= first_consumer) {
    position = static_cast<size_t>(index);
  } else {
    return ScheduleError("TVMError", "Valid index:(-1, -2, [" + std::to_string(last_producer + 1) +
                                         ", " + std::to_string(first_consumer) +
                                         "]), current index=" + std::to_string(index));
  }
  // The region the blocks under the loop read (write) per iteration, then the range of
  // each iterator of the block that indexes it.
  // The loops down to the target loop are bound first, so that a region's bounds
  // simplify with their ranges (a unit loop's variable is its minimum, as TVM binds it).
  arith::Analyzer analyzer;
  // The parameters' shapes are not negative (TVM's AddShapeVarBounds): what proves that a
  // block under a loop over `n * 32` split by `n` stays inside its domain.
  for (const Buffer& param : state->func().params)
    for (const Expr& dim : param->shape)
      if (!ir::as_const_int(dim)) analyzer.AddAssumption(ir::ge(dim, ir::make_zero(dim.dtype())));
  for (const StmtNode* n : state->PathTo(loop)) {
    if (const auto* outer = As<ForNode>(n))
      analyzer.Bind(outer->loop_var, Range(outer->min, outer->extent));
  }
  // Each iterator's range: the union over the linked buffers of what each needs (TVM's
  // CalculateBlockVarDomain); an iterator no buffer constrains runs over its domain.
  std::vector<std::optional<Range>> solved(block.iter_vars.size());
  auto unite = [&](size_t i, const Range& r) {
    std::optional<Range>& have = solved[i];
    if (!have || (analyzer.CanProveEqual(have->min, r.min) &&
                  analyzer.CanProveEqual(have->extent, r.extent))) {
      if (!have) have = r;
      return;
    }
    Expr one = ir::make_const(r.min.dtype(), int64_t{1});
    Expr lo = analyzer.Simplify(ir::min(have->min, r.min));
    Expr hi = analyzer.Simplify(ir::max(ir::sub(ir::add(have->min, have->extent), one),
                                        ir::sub(ir::add(r.min, r.extent), one)));
    have = Range(lo, analyzer.Simplify(ir::add(ir::sub(hi, lo), one)));
  };
  for (const BufferRegion& link : links) {
    std::vector<arith::IntSet> needed =
        reverse ? AnalyzeProvidedRegion(*state, loop, link.buffer).required
                : AnalyzeRequiredRegion(*state, loop, link.buffer,
                                        /*relax_storage_scope=*/true)
                      .required;
    if (needed.size() != link.region.size()) continue;
    // The rows each dimension needs, within the buffer where the need is unbounded.
    std::vector<Rows> need;
    for (size_t d = 0; d < link.region.size(); ++d) {
      Range dim(ir::make_zero(link.buffer->shape[d].dtype()), link.buffer->shape[d]);
      Range cover = needed[d].CoverRange(dim);
      need.push_back(
          {analyzer.Simplify(cover.min),
           analyzer.Simplify(ir::sub(ir::add(cover.min, cover.extent),
                                     ir::make_const(cover.extent.dtype(), int64_t{1})))});
    }
    // Dimension by dimension (TVM's UpdateBlockVarDomainDimwise), else the whole region as
    // a bijective affine map. A plain iterator and `v // c` keep the forms they always had.
    std::vector<std::optional<Rows>> rows(block.iter_vars.size());
    std::vector<std::optional<Range>> plain(block.iter_vars.size());
    bool dimwise = true;
    for (size_t d = 0; d < link.region.size() && dimwise; ++d) {
      const Range& provided = link.region[d];
      bool point = ir::is_one(provided.extent);
      int i = point ? IterIndex(block, provided.min) : -1;
      if (i >= 0) {
        Range cover = needed[d].CoverRange(block.iter_vars[i]->dom);
        plain[i] = Range(analyzer.Simplify(cover.min), analyzer.Simplify(cover.extent));
        continue;
      }
      if (!UsesIter(block, provided.min) && !UsesIter(block, provided.extent)) continue;
      for (size_t k = 0; point && k < block.iter_vars.size(); ++k) {
        std::optional<int64_t> c = FloorDivFactor(provided.min, block.iter_vars[k]->var);
        if (!c) continue;
        i = static_cast<int>(k);
        Range dim(ir::make_zero(provided.min.dtype()), link.buffer->shape[d]);
        Range cover = needed[d].CoverRange(dim);
        Expr factor = ir::make_const(provided.min.dtype(), *c);
        plain[i] = Range(analyzer.Simplify(ir::mul(cover.min, factor)),
                         analyzer.Simplify(ir::mul(cover.extent, factor)));
      }
      if (i >= 0) continue;
      Rows solved;
      dimwise = !UsesIter(block, provided.extent) &&
                SolveDimension(block, provided.min, point, need[d], &analyzer, &i, &solved);
      if (dimwise && i >= 0) {
        std::optional<Rows>& r = rows[i];
        r = !r ? solved
               : Rows{analyzer.Simplify(ir::min(r->lo, solved.lo)),
                      analyzer.Simplify(ir::max(r->hi, solved.hi))};
      }
    }
    if (!dimwise) {
      std::fill(plain.begin(), plain.end(), std::nullopt);
      std::fill(rows.begin(), rows.end(), std::nullopt);
      if (!SolveAffine(block, link, need, &analyzer, &rows)) {
        std::string region;
        for (const Range& r : link.region) {
          region += (region.empty() ? "" : ", ") + ir::to_string(r.min) +
                    (ir::is_one(r.extent) ? "" : " (extent " + ir::to_string(r.extent) + ")");
        }
        return ScheduleError("ValueError",
                             "BufferRegion pattern match failed: " + link.buffer->name +
                                 " is indexed by " + region + " in block " + block.name);
      }
    }
    for (size_t i = 0; i < block.iter_vars.size(); ++i) {
      if (plain[i]) {
        unite(i, *plain[i]);
      } else if (rows[i]) {
        unite(i, Range(rows[i]->lo, analyzer.Simplify(
                                        ir::add(ir::sub(rows[i]->hi, rows[i]->lo),
                                                ir::make_const(rows[i]->lo.dtype(), int64_t{1})))));
      }
    }
  }
  std::vector<Range> ranges;
  for (size_t i = 0; i < block.iter_vars.size(); ++i)
    ranges.push_back(solved[i] ? WithinDomain(*solved[i], block.iter_vars[i]->dom, &analyzer)
                               : block.iter_vars[i]->dom);
  // The new loops and bindings; where the region reaches past an iterator's domain (a
  // consumer loop split with a remainder) a predicate keeps the block inside it.
  std::vector<Var> loops;
  std::vector<Expr> extents, values;
  Expr predicate = ir::make_bool(true);
  for (size_t i = 0; i < ranges.size(); ++i) {
    const Range& r = ranges[i];
    if (!preserve_unit_loops && ir::is_one(r.extent)) {
      values.push_back(r.min);
    } else {
      Var ax("ax" + std::to_string(loops.size()), r.extent.dtype());
      analyzer.Bind(ax, Range(ir::make_zero(ax.dtype()), r.extent));
      loops.push_back(ax);
      extents.push_back(r.extent);
      values.push_back(ir::is_zero(r.min) ? Expr(ax) : ir::add(r.min, ax));
    }
    const Range& dom = block.iter_vars[i]->dom;
    Expr lower = ir::ge(values.back(), dom.min);
    Expr upper = ir::lt(values.back(), ir::add(dom.min, dom.extent));
    for (const Expr& bound : {lower, upper}) {
      if (analyzer.CanProveWithSymbolicBound(bound)) continue;
      predicate = ir::is_one(predicate) ? bound : ir::logical_and(predicate, bound);
    }
  }
  // Simplified whole, as TVM does (`i_0 * 8 - 1 + ax0 >= 0` reads `1 <= i_0 * 8 + ax0`).
  if (!ir::is_one(predicate)) predicate = AsTvmOrdering(analyzer.Simplify(predicate));
  Stmt nest = MakeBlockRealize(std::move(values), predicate, realize->block);
  for (size_t i = loops.size(); i-- > 0;) {
    nest = MakeFor(loops[i], ir::make_zero(loops[i].dtype()), extents[i], ForKind::Serial, nest);
  }
  ScheduleState next = *state;
  if (Status s = RemoveLeafBlock(&next, realize); !s.ok()) return s;
  children.insert(children.begin() + static_cast<long>(position), nest);
  const ForNode* moved_loop = next.FindLoop(loop_var);
  next.Replace(moved_loop, WithBody(*moved_loop, MakeSeq(std::move(children))));
  *state = std::move(next);
  return Status::Ok();
}

}  // namespace compute_at_detail

Status ComputeAt(ScheduleState* state, const std::string& block, const Var& loop,
                 bool preserve_unit_loops, int64_t index) {
  return compute_at_detail::MoveUnderLoop(state, block, loop, preserve_unit_loops, false, index);
}

Status ReverseComputeAt(ScheduleState* state, const std::string& block, const Var& loop,
                        bool preserve_unit_loops, int64_t index) {
  return compute_at_detail::MoveUnderLoop(state, block, loop, preserve_unit_loops, true, index);
}

}  // namespace tessera::tir
