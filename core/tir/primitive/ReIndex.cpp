// reindex (TVM's primitive/cache_read_write.cc, ReIndex): a buffer a leaf block accesses
// with one set of indices is staged through "<buffer>_reindex", indexed by the block's
// iterators that the indices use, with a copy block "<written buffer>_reindex" over the
// same iterators: before the block's loops for a read, after them for a write. The copy
// block has TVM's names: iterators v0, v1, ..., loops ax0, ax1, ...
#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/StructuralEqual.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/StagePipeline.h"

namespace tessera::tir {

namespace reindex_detail {

Error InvalidAccess(const Buffer& buffer, const std::string& block, const std::string& what) {
  return ScheduleError("InvalidBufferAccessError",
                       "The target buffer " + buffer->name +
                           " should be accessed in the leaf block " + block +
                           " via BufferLoad or BufferStore. The indices should be the same if "
                           "there are multiple accesses to the target buffer. " +
                           what);
}

// The indices every access of `buffer` in the block's body uses.
Result<std::vector<Expr>> AccessIndices(const BlockNode& block, const Buffer& buffer) {
  std::optional<std::vector<Expr>> indices;
  bool nested = false, differ = false, opaque = false;
  struct Finder : ir::IRVisitor {
    const Buffer* buffer;
    std::optional<std::vector<Expr>>* indices;
    bool* differ;
    bool* opaque;
    // Inside a branch of if_then_else / Select / IfThenElse: the copy stage would access
    // the buffer where the condition excludes it (a padded read out of bounds).
    int guarded = 0;
    bool conditional = false;
    void Use(const std::vector<Expr>& idx) {
      conditional = conditional || guarded > 0;
      if (!*indices) {
        *indices = idx;
        return;
      }
      bool same = (*indices)->size() == idx.size();
      for (size_t i = 0; same && i < idx.size(); ++i) {
        same = ir::StructuralEqual((**indices)[i], idx[i]);
      }
      *differ = *differ || !same;
    }
    void VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
      ir::IRVisitor::VisitBufferLoad(n, e);
      if (n->buffer == *buffer) Use(n->indices);
    }
    void VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
      ir::IRVisitor::VisitBufferStore(n, s);
      if (n->buffer == *buffer) Use(n->indices);
    }
    void VisitVar(const ir::VarNode* n, const Expr&) override {
      *opaque = *opaque || n == (*buffer)->data.get();
    }
    void VisitCall(const ir::CallNode* n, const Expr& e) override {
      if (n->op != "if_then_else" || n->args.size() != 3) return ir::IRVisitor::VisitCall(n, e);
      VisitExpr(n->args[0]);
      ++guarded;
      VisitExpr(n->args[1]);
      VisitExpr(n->args[2]);
      --guarded;
    }
    void VisitSelect(const ir::SelectNode* n, const Expr&) override {
      VisitExpr(n->condition);
      ++guarded;
      VisitExpr(n->true_value);
      VisitExpr(n->false_value);
      --guarded;
    }
    void VisitIfThenElse(const ir::IfThenElseNode* n, const ir::Stmt&) override {
      VisitExpr(n->condition);
      ++guarded;
      VisitStmt(n->then_case);
      if (n->else_case.defined()) VisitStmt(n->else_case);
      --guarded;
    }
  } finder;
  finder.buffer = &buffer;
  finder.indices = &indices;
  finder.differ = &differ;
  finder.opaque = &opaque;
  PreOrderVisit(block.body, [&](const StmtNode* n) {
    if (n->kind == StmtKind::BlockRealize) nested = true;
    if (const auto* c = As<ComputeNode>(n)) finder.VisitStmt(c->stmt);
    return !nested;
  });
  if (nested) {
    return ScheduleError("NotLeafBlockError",
                         "The target block " + block.name + " is not a leaf block.");
  }
  if (opaque) return InvalidAccess(buffer, block.name, "Opaque buffer accesses found.");
  if (differ) {
    return InvalidAccess(buffer, block.name, "Multiple buffer accesses have non-unique indices.");
  }
  if (!indices) return InvalidAccess(buffer, block.name, "No buffer accesses found.");
  if (finder.conditional) {
    return InvalidAccess(buffer, block.name,
                         "Buffer accesses under a condition cannot be staged unconditionally.");
  }
  return *indices;
}

// The block with every access of `from` replaced by `to[indices]`.
class AccessRewriter : public ir::IRMutator {
 public:
  AccessRewriter(Buffer from, Buffer to, std::vector<Expr> indices)
      : from_(std::move(from)), to_(std::move(to)), indices_(std::move(indices)) {}

 protected:
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Expr visited = ir::IRMutator::VisitBufferLoad(n, e);
    const auto* load = visited.as<ir::BufferLoadNode>();
    return load->buffer == from_ ? ir::MakeBufferLoad(to_, indices_) : visited;
  }
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    ir::Stmt visited = ir::IRMutator::VisitBufferStore(n, s);
    const auto* store = visited.as<ir::BufferStoreNode>();
    return store->buffer == from_ ? ir::MakeBufferStore(to_, store->value, indices_) : visited;
  }

 private:
  Buffer from_, to_;
  std::vector<Expr> indices_;
};

}  // namespace reindex_detail

Result<std::string> ReIndex(ScheduleState* state, const std::string& block_name, size_t index,
                            BufferIndexType type) {
  using namespace reindex_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  auto target = NthAccessBuffer(block, index, type);
  if (!target.ok()) return target.error();
  const Buffer buffer = *target;
  const BlockRealizeNode* scope = state->ScopeOf(realize);
  if (!scope) return ScheduleError("ValueError", "The root block has no scope to reindex in");
  if (Status st = CheckStagePipeline(*state, scope); !st.ok()) return st.error();
  auto original = AccessIndices(block, buffer);
  if (!original.ok()) return original.error();

  arith::Analyzer analyzer;
  for (const IterVar& iv : block.iter_vars) analyzer.Bind(iv->var, iv->dom);
  std::vector<Expr> indices;
  for (const Expr& e : *original) {
    Expr simplified = analyzer.Simplify(e);
    indices.push_back(ir::is_const(simplified) ? e : simplified);
  }
  // The iterators the indices use, in the block's order.
  std::vector<IterVar> covered;
  for (const IterVar& iv : block.iter_vars) {
    bool used = std::any_of(indices.begin(), indices.end(),
                            [&](const Expr& e) { return ir::UsesVar(e, iv->var); });
    if (used) covered.push_back(iv);
  }
  auto node = std::make_shared<ir::BufferNode>(*buffer);
  node->name = buffer->name + "_reindex";
  node->data = Var(buffer->data.name() + "_reindex", DataType::Handle());
  node->shape.clear();
  node->strides.clear();
  for (const IterVar& iv : covered) node->shape.push_back(ir::add(iv->dom.min, iv->dom.extent));
  Buffer reindexed = node;

  // The copy stage: one iterator and one loop per covered iterator.
  ir::VarMap to_stage;
  std::vector<IterVar> stage_iters;
  std::vector<Expr> reindex_indices, values;
  std::vector<Var> loops;
  for (const IterVar& iv : covered) {
    Var v("v" + std::to_string(stage_iters.size()), iv->var.dtype());
    stage_iters.push_back(ir::MakeIterVar(iv->dom, v, ir::IterVarType::DataPar));
    reindex_indices.push_back(v);
    to_stage[iv->var] = v;
    loops.emplace_back("ax" + std::to_string(loops.size()), iv->var.dtype());
    values.push_back(loops.back());
  }
  std::vector<Expr> target_indices;
  for (const Expr& e : indices) target_indices.push_back(ir::Substitute(e, to_stage));
  bool write = type == BufferIndexType::Write;
  const Buffer& src = write ? reindexed : buffer;
  const Buffer& dst = write ? buffer : reindexed;
  const std::vector<Expr>& src_idx = write ? reindex_indices : target_indices;
  const std::vector<Expr>& dst_idx = write ? target_indices : reindex_indices;
  auto point = [](const std::vector<Expr>& idx) {
    Region r;
    for (const Expr& e : idx) r.emplace_back(e, ir::make_const(e.dtype(), int64_t{1}));
    return r;
  };
  auto stage = std::make_shared<BlockNode>();
  stage->name = dst->name + "_reindex";
  stage->iter_vars = stage_iters;
  stage->reads = {{src, point(src_idx)}};
  stage->writes = {{dst, point(dst_idx)}};
  stage->body = MakeCompute(ir::MakeBufferStore(dst, ir::MakeBufferLoad(src, src_idx), dst_idx));
  if (!state->FindBlocks(stage->name).empty()) {
    return ScheduleError("ValueError", "A block named " + stage->name + " already exists");
  }
  Stmt stage_stmt = MakeBlockRealize(values, ir::make_bool(true), stage);
  for (size_t i = loops.size(); i-- > 0;) {
    stage_stmt = MakeFor(loops[i], stage_iters[i]->dom.min, stage_iters[i]->dom.extent,
                         ForKind::Serial, std::move(stage_stmt));
  }

  // The block accesses the staged buffer at its covered iterators.
  std::vector<Expr> block_indices;
  Region block_region;
  for (const IterVar& iv : covered) {
    block_indices.push_back(iv->var);
    block_region.emplace_back(iv->var, ir::make_const(iv->var.dtype(), int64_t{1}));
  }
  AccessRewriter rewriter(buffer, reindexed, block_indices);
  auto new_block = std::make_shared<BlockNode>(block);
  new_block->body =
      MapComputes(block.body, [&](const ir::Stmt& s) { return rewriter.VisitStmt(s); });
  if (block.init.defined()) new_block->init = rewriter.VisitStmt(block.init);
  for (auto* regions : {&new_block->reads, &new_block->writes}) {
    for (BufferRegion& r : *regions) {
      if (r.buffer == buffer) r = {reindexed, block_region};
    }
  }

  // The scope: the copy stage before (read) or after (write) the block's top-level
  // statement, the staged buffer allocated.
  std::vector<Stmt> top;
  if (const auto* seq = As<SeqNode>(scope->block->body)) {
    top = seq->seq;
  } else {
    top = {scope->block->body};
  }
  std::vector<const StmtNode*> path = state->PathTo(realize);
  size_t pos = 0;
  for (size_t i = 0; i < top.size(); ++i) {
    if (std::find(path.begin(), path.end(), top[i].get()) != path.end()) pos = i;
  }
  // The stage goes beside the whole top-level statement: another block in it writing the
  // buffer (a read's stage) or reading it (a write's stage) would be on the wrong side.
  for (const BlockRealizeNode* b : state->ChildBlocks(scope)) {
    std::vector<const StmtNode*> p = state->PathTo(b);
    if (b == realize || std::find(p.begin(), p.end(), top[pos].get()) == p.end()) continue;
    for (const BufferRegion& r : write ? b->block->reads : b->block->writes) {
      if (r.buffer != buffer) continue;
      return ScheduleError("NotImplementedError",
                           "reindex: block " + b->block->name + " accesses " + buffer->name +
                               " in the loop nest of block " + block.name +
                               ", and the copy stage goes outside that nest");
    }
  }
  state->Replace(realize, MakeBlockRealize(realize->iter_values, realize->predicate, new_block));
  const BlockRealizeNode* new_scope = state->ScopeOf(*GetBlock(*state, block_name));
  std::vector<Stmt> body;
  if (const auto* seq = As<SeqNode>(new_scope->block->body)) {
    body = seq->seq;
  } else {
    body = {new_scope->block->body};
  }
  body.insert(body.begin() + static_cast<long>(pos + (write ? 1 : 0)), stage_stmt);
  auto root = std::make_shared<BlockNode>(*new_scope->block);
  root->body = MakeSeq(std::move(body));
  root->alloc_buffers.push_back(reindexed);
  state->Replace(new_scope,
                 MakeBlockRealize(new_scope->iter_values, new_scope->predicate, std::move(root)));
  return stage->name;
}

}  // namespace tessera::tir
