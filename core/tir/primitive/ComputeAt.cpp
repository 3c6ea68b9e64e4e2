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

bool Under(const ScheduleState& state, const StmtNode* node, const StmtNode* ancestor) {
  std::vector<const StmtNode*> path = state.PathTo(node);
  return std::find(path.begin(), path.end(), ancestor) != path.end();
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
  // the block indexes them: what it writes (compute_at) or the produced buffers it reads.
  std::vector<BufferRegion> links;
  if (!reverse) {
    if (block.writes.size() != 1) {
      return ScheduleError("NotSingleReadWriteBuffer",
                           "compute_at supports blocks that write a single buffer region; " +
                               block.name + " writes " + std::to_string(block.writes.size()));
    }
    links = block.writes;
    const PrimFunc& f = state->func();
    if (std::find(f.params.begin(), f.params.end(), links[0].buffer) != f.params.end()) {
      return ScheduleError("OutputBlockError", "The block " + block.name + " is an output block");
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
  // The iterators are solved from the link's indices, each a plain iterator or free of
  // them (TVM's SolveBlockVarDomain fails on y + ry as well).
  for (const BufferRegion& link : reverse ? links : std::vector<BufferRegion>{}) {
    for (const Range& r : link.region) {
      bool plain = r.min.as<ir::VarNode>() && ir::is_one(r.extent);
      bool free =
          std::none_of(block.iter_vars.begin(), block.iter_vars.end(), [&](const IterVar& iv) {
            return ir::UsesVar(r.min, iv->var) || ir::UsesVar(r.extent, iv->var);
          });
      if (!plain && !free) {
        return ScheduleError(
            "ValueError", "BufferRegion pattern match failed: " + link.buffer->name +
                              " is indexed by " + ir::to_string(r.min) + " in block " + block.name);
      }
    }
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
  for (const StmtNode* n : state->PathTo(loop)) {
    if (const auto* outer = As<ForNode>(n))
      analyzer.Bind(outer->loop_var, Range(outer->min, outer->extent));
  }
  std::vector<Range> ranges;
  for (const IterVar& iv : block.iter_vars) ranges.push_back(iv->dom);
  for (const BufferRegion& link : links) {
    std::vector<arith::IntSet> needed =
        reverse ? AnalyzeProvidedRegion(*state, loop, link.buffer).required
                : AnalyzeRequiredRegion(*state, loop, link.buffer,
                                        /*relax_storage_scope=*/true)
                      .required;
    for (size_t i = 0; i < block.iter_vars.size(); ++i) {
      const IterVar& iv = block.iter_vars[i];
      for (size_t d = 0; d < link.region.size() && d < needed.size(); ++d) {
        if (!ir::is_one(link.region[d].extent)) continue;
        if (link.region[d].min.same_as(iv->var)) {
          Range cover = needed[d].CoverRange(iv->dom);
          ranges[i] = Range(analyzer.Simplify(cover.min), analyzer.Simplify(cover.extent));
        } else if (std::optional<int64_t> c = FloorDivFactor(link.region[d].min, iv->var)) {
          // A tiled layout (transform_layout's `v // c`): the rows the dimension needs,
          // times c, as TVM's SolveBlockVarDomain; `v % c` constrains nothing.
          Range dim(ir::make_zero(iv->dom.extent.dtype()), link.buffer->shape[d]);
          Range cover = needed[d].CoverRange(dim);
          Expr factor = ir::make_const(iv->dom.extent.dtype(), *c);
          ranges[i] = Range(analyzer.Simplify(ir::mul(cover.min, factor)),
                            analyzer.Simplify(ir::mul(cover.extent, factor)));
        }
      }
    }
  }
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
      if (analyzer.CanProve(bound)) continue;
      predicate = ir::is_one(predicate) ? bound : ir::logical_and(predicate, bound);
    }
  }
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
