// compute_inline (TVM's primitive/compute_inline.cc): a block that computes
// B[v0, v1, ...] = f(v0, v1, ...) disappears, together with the loops that held only it,
// and every read B[e0, e1, ...] in its scope becomes f(e0, e1, ...). The store may also
// index B by a bijective affine map of the iterators (B[vj, vi], B[vi * 32 + vj],
// B[vi // 4, vi % 4]): f is then rewritten over the indices through the map's inverse.
// Only a complete, non-output block with a plain store body and no predicate can go:
// anything else would change what is computed.
#include <algorithm>
#include <optional>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/AffineBinding.h"
#include "tir/BlockAccessRegion.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace compute_inline_detail {

// What a load of the inlined buffer becomes: `value` with `index_vars` replaced by the
// load's indices.
struct InlinedValue {
  Buffer buffer;
  Expr value;
  std::vector<Var> index_vars;
};

// Replaces loads of the inlined buffer by the producer's value.
class LoadInliner : public ir::IRMutator {
 public:
  explicit LoadInliner(const InlinedValue& inlined) : inlined_(inlined) {}
  bool changed = false;

 protected:
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Expr visited = ir::IRMutator::VisitBufferLoad(n, e);
    const auto* load = visited.as<ir::BufferLoadNode>();
    if (load->buffer != inlined_.buffer) return visited;
    ir::VarMap vmap;
    for (size_t i = 0; i < inlined_.index_vars.size(); ++i)
      vmap[inlined_.index_vars[i]] = load->indices[i];
    changed = true;
    return ir::Substitute(inlined_.value, vmap);
  }

 private:
  const InlinedValue& inlined_;
};

class ScopeInliner {
 public:
  ScopeInliner(InlinedValue inlined, std::vector<Buffer> known)
      : inlined_(std::move(inlined)), known_(std::move(known)) {}

  Stmt Visit(const Stmt& s) {
    if (const auto* c = As<ComputeNode>(s)) {
      LoadInliner inliner(inlined_);
      ir::Stmt out = inliner.VisitStmt(c->stmt);
      return inliner.changed ? MakeCompute(out) : s;
    }
    if (const auto* seq = As<SeqNode>(s)) {
      std::vector<Stmt> out;
      for (const Stmt& e : seq->seq) out.push_back(Visit(e));
      return MakeSeq(std::move(out));
    }
    if (const auto* loop = As<ForNode>(s)) return WithBody(*loop, Visit(loop->body));
    const auto* realize = As<BlockRealizeNode>(s);
    auto block = std::make_shared<BlockNode>(*realize->block);
    block->body = Visit(block->body);
    if (block->init.defined()) {
      LoadInliner inliner(inlined_);
      block->init = inliner.VisitStmt(block->init);
    }
    if (block->init_nest) block->init_nest = Visit(block->init_nest);
    if (AccessesBuffer(block->reads, inlined_.buffer) ||
        AccessesBuffer(block->writes, inlined_.buffer)) {
      AccessRegions regions = GetBlockAccessRegion(*block, known_);
      block->reads = std::move(regions.reads);
      block->writes = std::move(regions.writes);
    }
    return MakeBlockRealize(realize->iter_values, realize->predicate, std::move(block));
  }

 private:
  InlinedValue inlined_;
  std::vector<Buffer> known_;
};

// The value loads of the block's buffer become (TVM's BodyPatternAllowInline): the store's
// value over the iterators when it indexes the buffer by them in order (an index 0 for an
// iterator of extent 1), else over placeholders ph_0, ph_1, ... through the inverse of a
// bijective affine store; nothing when the store is neither.
std::optional<InlinedValue> InlinableValue(const BlockNode& block,
                                           const ir::BufferStoreNode* store) {
  InlinedValue out{store->buffer, store->value, {}};
  bool trivial = store->indices.size() == block.iter_vars.size();
  for (size_t i = 0; trivial && i < block.iter_vars.size(); ++i) {
    const IterVar& iv = block.iter_vars[i];
    trivial =
        store->indices[i].same_as(iv->var) ||
        (ir::is_zero(store->indices[i]) && ir::is_zero(iv->dom.min) && ir::is_one(iv->dom.extent));
    if (trivial) out.index_vars.push_back(iv->var);
  }
  if (trivial) return out;
  std::vector<std::pair<Var, Range>> iters;
  for (const IterVar& iv : block.iter_vars) iters.emplace_back(iv->var, iv->dom);
  std::vector<Expr> placeholders;
  out.index_vars.clear();
  for (size_t i = 0; i < store->indices.size(); ++i) {
    out.index_vars.emplace_back("ph_" + std::to_string(i), store->indices[i].dtype());
    placeholders.push_back(out.index_vars.back());
  }
  std::optional<std::vector<Expr>> inverse =
      InverseBijectiveAffineMap(store->indices, iters, placeholders);
  if (!inverse) return std::nullopt;
  ir::VarMap vmap;
  for (size_t i = 0; i < iters.size(); ++i) vmap[iters[i].first] = (*inverse)[i];
  out.value = ir::Substitute(store->value, vmap);
  return out;
}

}  // namespace compute_inline_detail

Status ComputeInline(ScheduleState* state, const std::string& block_name) {
  using namespace compute_inline_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  const BlockRealizeNode* scope = state->ScopeOf(realize);
  if (!scope) return ScheduleError("ValueError", "The root block cannot be inlined");
  if (HasInit(block)) {
    return ScheduleError("HasInitBlock", "The block has init statement: " + block.name);
  }
  if (block.writes.size() != 1) {
    return ScheduleError("NotSingleReadWriteBuffer",
                         "The block is only allowed to write a single buffer region, but it "
                         "writes " +
                             std::to_string(block.writes.size()) + " region(s)");
  }
  const Buffer& buffer = block.writes[0].buffer;
  const PrimFunc& f = state->func();
  if (std::find(f.params.begin(), f.params.end(), buffer) != f.params.end()) {
    return ScheduleError("OutputBlockError", "The block " + block.name + " is an output block");
  }
  // A complete block: spatial iterators only, the only writer of its buffer in the scope,
  // and it does not read what it writes.
  int violated = 0;
  for (const IterVar& iv : block.iter_vars) {
    if (iv->iter_type != ir::IterVarType::DataPar) violated = violated ? violated : 1;
  }
  for (const BlockRealizeNode* other : state->ChildBlocks(scope)) {
    if (other != realize && AccessesBuffer(other->block->writes, buffer))
      violated = violated ? violated : 2;
  }
  if (AccessesBuffer(block.reads, buffer)) violated = violated ? violated : 3;
  if (violated) {
    return ScheduleError("IncompleteBlockError", "The block " + block.name +
                                                     " is not a complete block - it violates "
                                                     "condition #" +
                                                     std::to_string(violated));
  }
  const auto* compute = As<ComputeNode>(block.body);
  const auto* store = compute ? compute->stmt.as<ir::BufferStoreNode>() : nullptr;
  std::optional<InlinedValue> inlined;
  if (store && store->buffer == buffer) inlined = InlinableValue(block, store);
  if (!inlined) {
    return ScheduleError("BodyAnalysisError",
                         "The block " + block.name +
                             " cannot be inlined because its body pattern does not meet the "
                             "condition for inlining: it must be " +
                             buffer->name +
                             "[...] = f(v0, v1, ...) indexed by its iterators or a bijective "
                             "affine map of them");
  }
  if (!ir::is_one(realize->predicate)) {
    return ScheduleError("ProducerHasNonTrivialPredicateError",
                         "The producer block " + block.name + " has a non-trivial predicate");
  }
  // Drop the block (and its loops), then inline into the rest of the scope.
  ScheduleState next = *state;
  if (Status s = RemoveLeafBlock(&next, realize); !s.ok()) return s;
  const BlockRealizeNode* new_scope = next.FindBlocks(scope->block->name).at(0);
  std::vector<Buffer> known = state->AllBuffers();
  ScopeInliner inliner(std::move(*inlined), known);
  auto scope_block = std::make_shared<BlockNode>(*new_scope->block);
  scope_block->body = inliner.Visit(scope_block->body);
  auto& allocs = scope_block->alloc_buffers;
  allocs.erase(std::remove(allocs.begin(), allocs.end(), buffer), allocs.end());
  next.Replace(new_scope, MakeBlockRealize(new_scope->iter_values, new_scope->predicate,
                                           std::move(scope_block)));
  *state = std::move(next);
  return Status::Ok();
}

}  // namespace tessera::tir
