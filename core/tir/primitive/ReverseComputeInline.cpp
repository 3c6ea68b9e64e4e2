// reverse_compute_inline (TVM's primitive/compute_inline.cc, ReverseComputeInliner): a
// consumer D[...] = g(B[v0, v1, ...]) of a single complete producer B[p] = f disappears;
// the producer stores g(f) into D directly. Legal only when the consumer reads the
// produced buffer at its own iterators (each element once) and B is nobody's output.
// Where the consumer covers less than the producer wrote (a slice), the producer gets the
// consumer's domain as its predicate, so that it writes only what the consumer did.
#include <algorithm>
#include <optional>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/BlockAccessRegion.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace reverse_compute_inline_detail {

bool Writes(const BlockNode& b, const Buffer& buffer) {
  return std::any_of(b.writes.begin(), b.writes.end(),
                     [&](const BufferRegion& r) { return r.buffer == buffer; });
}

// The indices of every load of `buffer` in `e`; false when two loads differ.
bool SameLoadIndices(const Expr& e, const Buffer& buffer, std::vector<Expr>* indices) {
  bool same = true;
  ir::PostOrderVisit(e, [&](const Expr& x) {
    const auto* load = x.as<ir::BufferLoadNode>();
    if (!load || load->buffer != buffer) return;
    if (indices->empty()) {
      *indices = load->indices;
      return;
    }
    for (size_t i = 0; i < indices->size(); ++i) {
      same = same && load->indices.size() == indices->size() &&
             load->indices[i].same_as((*indices)[i]);
    }
  });
  return same && !indices->empty();
}

// TVM's consumer_iter_in_bound_ seen from the producer: each consumer iterator, as the
// producer index it reads, within the consumer's domain. Nothing when the producer does
// not reach the consumer's whole domain (TVM's CheckConsumerCovered), true when it
// writes no more than that domain; else the condition on the producer's loops.
std::optional<Expr> ConsumerDomainPredicate(const BlockNode& consumer,
                                            const BlockRealizeNode& producer,
                                            const ir::VarMap& to_producer) {
  arith::Analyzer analyzer;
  const BlockNode& p = *producer.block;
  for (const IterVar& iv : p.iter_vars) analyzer.Bind(iv->var, iv->dom);
  Expr in_bound = ir::make_bool(true);
  for (const IterVar& iv : consumer.iter_vars) {
    Expr index = to_producer.at(Var::from(iv->var));
    Expr end = ir::add(iv->dom.min, iv->dom.extent);
    arith::ConstIntBound reach = analyzer.const_int_bound(index);
    const int64_t* lo = ir::as_const_int(iv->dom.min);
    const int64_t* hi = ir::as_const_int(end);
    if ((lo && reach.min_value > *lo) || (hi && reach.max_value < *hi - 1)) return std::nullopt;
    in_bound =
        ir::logical_and(in_bound, ir::logical_and(ir::ge(index, iv->dom.min), ir::lt(index, end)));
  }
  in_bound = analyzer.Simplify(in_bound);
  if (ir::is_one(in_bound)) return in_bound;
  ir::VarMap to_loops;
  for (size_t i = 0; i < p.iter_vars.size(); ++i) {
    to_loops[Var::from(p.iter_vars[i]->var)] = producer.iter_values[i];
  }
  return analyzer.Simplify(ir::Substitute(in_bound, to_loops));
}

}  // namespace reverse_compute_inline_detail

Status ReverseComputeInline(ScheduleState* state, const std::string& block_name) {
  using namespace reverse_compute_inline_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* consumer = *found;
  const BlockNode& block = *consumer->block;
  const BlockRealizeNode* scope = state->ScopeOf(consumer);
  if (!scope) return ScheduleError("ValueError", "The root block cannot be inlined");
  if (HasInit(block)) {
    return ScheduleError("HasInitBlock", "The block has init statement: " + block.name);
  }
  // The one buffer the consumer reads that a block of the scope writes, and its producer.
  std::vector<const BlockRealizeNode*> blocks = state->ChildBlocks(scope);
  Buffer buffer;
  for (const BufferRegion& r : block.reads) {
    bool produced = std::any_of(blocks.begin(), blocks.end(), [&](const BlockRealizeNode* b) {
      return Writes(*b->block, r.buffer);
    });
    if (!produced || r.buffer == buffer) continue;
    if (buffer) {
      return ScheduleError("NotSingleReadWriteBuffer",
                           "The block is only allowed to read a single buffer region produced "
                           "in its scope, but " +
                               block.name + " reads several");
    }
    buffer = r.buffer;
  }
  if (!buffer) {
    return ScheduleError("NotSingleReadWriteBuffer",
                         "The block " + block.name + " reads no buffer produced in its scope");
  }
  if (!IsCompleteOrReductionBlock(block) ||
      std::any_of(block.iter_vars.begin(), block.iter_vars.end(),
                  [](const IterVar& iv) { return iv->iter_type != ir::IterVarType::DataPar; })) {
    return ScheduleError("IncompleteBlockError",
                         "The block " + block.name + " is not a complete block");
  }
  std::vector<const BlockRealizeNode*> producers;
  for (const BlockRealizeNode* b : blocks) {
    if (Writes(*b->block, buffer)) producers.push_back(b);
  }
  const BlockNode* producer = producers.size() == 1 ? producers[0]->block.get() : nullptr;
  bool producer_complete = producer && IsCompleteOrReductionBlock(*producer) && !HasInit(*producer);
  // The producer's stores move to the consumer's output: another reader of the buffer
  // would find it unwritten.
  for (const BlockRealizeNode* b : blocks) {
    if (b == consumer || b->block.get() == producer) continue;
    for (const BufferRegion& r : b->block->reads) producer_complete &= r.buffer != buffer;
  }
  if (!producer_complete) {
    return ScheduleError("NonSingleProducerError",
                         "The consumer block " + block.name +
                             " to be inlined is required to have only a single producer block, "
                             "and the producer block should be a complete block who has only a "
                             "single consumer");
  }
  const PrimFunc& f = state->func();
  if (std::find(f.params.begin(), f.params.end(), buffer) != f.params.end()) {
    return ScheduleError("OutputBlockError", "The block " + producer->name + " is an output block");
  }
  // Body patterns: the consumer reads buffer[v...] at distinct iterators of its own; the
  // producer stores buffer[...] = value.
  const auto* c_compute = As<ComputeNode>(block.body);
  const auto* c_store = c_compute ? c_compute->stmt.as<ir::BufferStoreNode>() : nullptr;
  const auto* p_compute = As<ComputeNode>(producer->body);
  const auto* p_store = p_compute ? p_compute->stmt.as<ir::BufferStoreNode>() : nullptr;
  std::vector<Expr> load_indices;
  bool pattern = c_store && p_store && p_store->buffer == buffer &&
                 SameLoadIndices(c_store->value, buffer, &load_indices) &&
                 load_indices.size() == p_store->indices.size() && ir::is_one(consumer->predicate);
  ir::VarMap to_producer;
  for (size_t i = 0; pattern && i < load_indices.size(); ++i) {
    Var v = Var::from(load_indices[i]);
    pattern = v.defined() && !to_producer.count(v) &&
              std::any_of(block.iter_vars.begin(), block.iter_vars.end(),
                          [&](const IterVar& iv) { return iv->var.same_as(v); });
    if (pattern) to_producer[v] = p_store->indices[i];
  }
  for (const IterVar& iv : block.iter_vars) pattern = pattern && to_producer.count(iv->var);
  if (!pattern) {
    return ScheduleError("BodyAnalysisError",
                         "The block " + block.name +
                             " cannot be inlined because its body pattern does not meet the "
                             "condition for inlining: it must read " +
                             buffer->name + " at its own iterators only, once per element");
  }
  const BlockRealizeNode* p_realize_now = producers[0];
  std::optional<Expr> predicate = ConsumerDomainPredicate(block, *p_realize_now, to_producer);
  if (!predicate) {
    return ScheduleError("BodyAnalysisError",
                         "The block " + block.name +
                             " cannot be inlined because its body pattern does not meet the "
                             "condition for inlining: its domain reaches past what " +
                             producer->name + " writes of " + buffer->name);
  }
  // The producer's new body: the consumer's store with the producer's value read in.
  Expr new_value = ir::Substitute(c_store->value, to_producer);
  struct LoadToValue : ir::IRMutator {
    Buffer buffer;
    Expr value;
    Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
      return n->buffer == buffer ? value : ir::IRMutator::VisitBufferLoad(n, e);
    }
  } replace;
  replace.buffer = buffer;
  replace.value = p_store->value;
  new_value = replace.VisitExpr(new_value);
  std::vector<Expr> new_indices;
  for (const Expr& idx : c_store->indices) new_indices.push_back(ir::Substitute(idx, to_producer));
  auto new_producer = std::make_shared<BlockNode>(*producer);
  new_producer->body = MakeCompute(ir::MakeBufferStore(c_store->buffer, new_value, new_indices));
  std::vector<Buffer> known = state->AllBuffers();
  AccessRegions regions = GetBlockAccessRegion(*new_producer, known);
  new_producer->reads = std::move(regions.reads);
  new_producer->writes = std::move(regions.writes);

  ScheduleState next = *state;
  if (Status s = RemoveLeafBlock(&next, consumer); !s.ok()) return s;
  const BlockRealizeNode* p_realize = next.FindBlocks(producer->name).at(0);
  // TVM replaces the producer's predicate by the consumer's domain where that is not true.
  Expr new_predicate = ir::is_one(*predicate) ? p_realize->predicate : *predicate;
  next.Replace(p_realize,
               MakeBlockRealize(p_realize->iter_values, new_predicate, std::move(new_producer)));
  const BlockRealizeNode* new_scope = next.FindBlocks(scope->block->name).at(0);
  auto scope_block = std::make_shared<BlockNode>(*new_scope->block);
  auto& allocs = scope_block->alloc_buffers;
  allocs.erase(std::remove(allocs.begin(), allocs.end(), buffer), allocs.end());
  next.Replace(new_scope, MakeBlockRealize(new_scope->iter_values, new_scope->predicate,
                                           std::move(scope_block)));
  *state = std::move(next);
  return Status::Ok();
}

}  // namespace tessera::tir
