// The helpers the cache primitives share (CacheStage.h), as TVM's cache_read_write.cc
// has them.
#include "tir/primitive/CacheStage.h"

#include <algorithm>

#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir::cache_stage {

Buffer WithScope(const Buffer& b, const std::string& scope) {
  auto n = std::make_shared<ir::BufferNode>(*b);
  n->name = b->name + "_" + scope;
  n->data = Var(b->data.name() + "_" + scope, DataType::Handle());
  n->scope = scope;
  return n;
}

Status CheckStorageScope(const std::string& scope) {
  static const char* const kScopes[] = {"global", "shared", "shared.dyn", "local", "warp"};
  if (std::any_of(std::begin(kScopes), std::end(kScopes),
                  [&](const char* s) { return scope == s; }) ||
      scope.rfind("wmma.", 0) == 0) {
    return Status::Ok();
  }
  return ScheduleError("InvalidStorageScopeError", "Invalid storage scope \"" + scope + "\"");
}

Error IndexError(size_t index, size_t n, const char* what) {
  return ScheduleError("BufferIndexOutOfRangeError", std::string("The input `") + what +
                                                         "_buffer_index` is out of range. It is "
                                                         "required to be in range [0, " +
                                                         std::to_string(n) + ") but got " +
                                                         std::to_string(index) + ".");
}

Stmt MakeCacheStage(const StageInfo& info, const Buffer& cached, const std::string& name) {
  auto block = std::make_shared<BlockNode>();
  block->name = name;
  std::vector<Var> loops;
  std::vector<Expr> values, src_indices, dst_indices;
  Region src_region, dst_region;
  const bool read = cached == info.src;
  for (size_t i = 0; i < info.region.size(); ++i) {
    const Range& axis = info.region[i];
    DataType t = axis.extent.dtype();
    Var ax("ax" + std::to_string(i), t);
    Var v("v" + std::to_string(i), t);
    loops.push_back(ax);
    Expr one = ir::make_const(t, int64_t{1});
    if (info.full_region) {
      const Expr& dim = cached->shape[i];
      values.push_back(ir::is_zero(axis.min) ? Expr(ax) : axis.min + ax);
      block->iter_vars.push_back(
          ir::MakeIterVar(Range(ir::make_zero(dim.dtype()), dim), v, ir::IterVarType::DataPar));
      src_indices.push_back(v);
      dst_indices.push_back(v);
      src_region.emplace_back(v, one);
      dst_region.emplace_back(v, one);
    } else {
      values.push_back(ax);
      block->iter_vars.push_back(
          ir::MakeIterVar(Range(ir::make_zero(t), axis.extent), v, ir::IterVarType::DataPar));
      Expr shifted = ir::is_zero(axis.min) ? Expr(v) : axis.min + v;
      (read ? src_indices : dst_indices).push_back(shifted);
      (read ? src_region : dst_region).emplace_back(shifted, one);
      (read ? dst_indices : src_indices).push_back(v);
      (read ? dst_region : src_region).emplace_back(v, one);
    }
  }
  block->reads = {{info.src, src_region}};
  block->writes = {{info.dst, dst_region}};
  block->body = MakeCompute(
      ir::MakeBufferStore(info.dst, ir::MakeBufferLoad(info.src, src_indices), dst_indices));
  Stmt s = MakeBlockRealize(std::move(values), ir::make_bool(true), std::move(block));
  for (size_t i = loops.size(); i-- > 0;) {
    s = MakeFor(loops[i], ir::make_zero(loops[i].dtype()), info.region[i].extent, ForKind::Serial,
                s);
  }
  return s;
}

namespace cache_stage_detail {

// TVM's CacheLocDetector: the statement list and position where the copy goes.
class CacheLocDetector {
 public:
  CacheLocDetector(const BlockRealizeNode* scope, const BlockRealizeNode* writer,
                   std::vector<const BlockRealizeNode*> related)
      : scope_(scope), writer_(writer), related_(std::move(related)) {}

  void Visit(const StmtNode* s) {
    if (const auto* seq = As<SeqNode>(s)) {
      bool previous = visited_block_;
      visited_block_ = false;
      for (size_t i = 0; i < seq->seq.size() && pos_ < 0; ++i) {
        Visit(seq->seq[i].get());
        if (visited_block_ && visited_related_ && pos_ < 0) {
          pos_ = static_cast<long>(i);
          break;
        }
        if (visited_related_) break;
      }
      visited_block_ = visited_block_ || previous;
    } else if (const auto* loop = As<ForNode>(s)) {
      Visit(loop->body.get());
      if (visited_block_ && visited_related_ && !loc_ && pos_ >= 0) loc_ = loop;
    } else if (const auto* r = As<BlockRealizeNode>(s)) {
      if (r == scope_) {
        Visit(r->block->body.get());
        if (visited_related_ && !loc_) {
          loc_ = r;
          if (!visited_block_ && pos_ < 0) pos_ = 0;
        }
      } else if (r == writer_) {
        visited_block_ = true;
      } else if (std::find(related_.begin(), related_.end(), r) != related_.end()) {
        visited_related_ = true;
      }
    }
  }
  const StmtNode* loc() const { return loc_; }
  long pos() const { return pos_; }

 private:
  const BlockRealizeNode* scope_;
  const BlockRealizeNode* writer_;
  std::vector<const BlockRealizeNode*> related_;
  bool visited_block_ = false, visited_related_ = false;
  const StmtNode* loc_ = nullptr;
  long pos_ = -1;
};

size_t TopLevelSize(const BlockRealizeNode* scope) {
  const auto* seq = As<SeqNode>(scope->block->body);
  return seq ? seq->seq.size() : 1;
}

}  // namespace cache_stage_detail

Status DetectLocation(const BlockRealizeNode* scope, const BlockRealizeNode* writer,
                      const std::vector<const BlockRealizeNode*>& related, StageInfo* info) {
  using namespace cache_stage_detail;
  if (related.empty()) {
    info->loc = scope;
    info->pos = TopLevelSize(scope);
    return Status::Ok();
  }
  CacheLocDetector detector(scope, writer, related);
  detector.Visit(scope);
  if (!detector.loc() || detector.pos() < 0) {
    return ScheduleError("ValueError", "no place for the copy stage of " + writer->block->name +
                                           "'s buffer: its readers come before it");
  }
  info->loc = detector.loc();
  info->pos = static_cast<size_t>(detector.pos());
  return Status::Ok();
}

Region RelaxWriterRegion(const ScheduleState& state, const BlockRealizeNode* writer,
                         const Buffer& buffer, const StmtNode* loc) {
  ir::VarMap bindings;
  for (size_t i = 0; i < writer->block->iter_vars.size(); ++i)
    bindings[writer->block->iter_vars[i]->var] = writer->iter_values[i];
  arith::IntSetMap dom;
  std::vector<const StmtNode*> path = state.PathTo(writer);
  auto it = std::find(path.begin(), path.end(), loc);
  for (it = it == path.end() ? path.begin() : it + 1; it != path.end(); ++it) {
    if (const auto* loop = As<ForNode>(*it))
      dom[loop->loop_var] = arith::IntSet::FromMinExtent(loop->min, loop->extent);
  }
  arith::Analyzer analyzer;
  Region out;
  for (const BufferRegion& w : writer->block->writes) {
    if (w.buffer != buffer) continue;
    for (size_t d = 0; d < w.region.size(); ++d) {
      Range sub(ir::Substitute(w.region[d].min, bindings),
                ir::Substitute(w.region[d].extent, bindings));
      arith::IntSet set = arith::EvalSet(sub, dom, &analyzer);
      const Expr& dim = buffer->shape[d];
      Range r = set.CoverRange(Range(ir::make_zero(dim.dtype()), dim));
      // The writer's `T.where` keeps its accesses in the buffer (TVM bounds the region
      // with the predicate); a constant region is clipped to the buffer's shape.
      const int64_t* lo = ir::as_const_int(r.min);
      const int64_t* n = ir::as_const_int(r.extent);
      const int64_t* size = ir::as_const_int(dim);
      if (lo && n && size && (*lo < 0 || *lo + *n > *size)) {
        int64_t begin = std::max<int64_t>(*lo, 0), end = std::min(*lo + *n, *size);
        r = Range(ir::make_const(r.min.dtype(), begin),
                  ir::make_const(r.extent.dtype(), std::max<int64_t>(end - begin, 0)));
      }
      out.push_back(r);
    }
    break;
  }
  return out;
}

Region CacheAccessRewriter::ShiftRegion(const Region& region) {
  Region out;
  if (info_.reindex_indices) {
    for (const Expr& index : *info_.reindex_indices)
      out.emplace_back(index, ir::make_const(index.dtype(), int64_t{1}));
    return out;
  }
  if (info_.full_region) return region;
  for (size_t i = 0; i < region.size(); ++i)
    out.emplace_back(analyzer_.Simplify(region[i].min - info_.region[i].min), region[i].extent);
  return out;
}

std::vector<BufferRegion> CacheAccessRewriter::Regions(std::vector<BufferRegion> regions) {
  for (BufferRegion& r : regions) {
    if (r.buffer != from_) continue;
    r.buffer = to_;
    r.region = ShiftRegion(r.region);
  }
  return regions;
}

std::vector<MatchBufferRegion> CacheAccessRewriter::MatchBuffers(
    std::vector<MatchBufferRegion> matches) {
  for (MatchBufferRegion& m : matches) {
    if (m.source.buffer != from_) continue;
    m.source.buffer = to_;
    m.source.region = ShiftRegion(m.source.region);
  }
  return matches;
}

std::vector<Expr> CacheAccessRewriter::Indices(const std::vector<Expr>& indices) {
  if (info_.reindex_indices) return *info_.reindex_indices;
  if (info_.full_region) return indices;
  std::vector<Expr> out;
  for (size_t i = 0; i < indices.size(); ++i)
    out.push_back(analyzer_.Simplify(indices[i] - info_.region[i].min));
  return out;
}

Expr CacheAccessRewriter::VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) {
  Expr visited = ir::IRMutator::VisitBufferLoad(n, e);
  const auto* load = visited.as<ir::BufferLoadNode>();
  if (!rewrite_loads || load->buffer != from_) return visited;
  return ir::MakeBufferLoad(to_, Indices(load->indices));
}

ir::Stmt CacheAccessRewriter::VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) {
  ir::Stmt visited = ir::IRMutator::VisitBufferStore(n, s);
  const auto* store = visited.as<ir::BufferStoreNode>();
  if (!rewrite_stores || store->buffer != from_) return visited;
  return ir::MakeBufferStore(to_, store->value, Indices(store->indices));
}

Expr CacheAccessRewriter::VisitVar(const ir::VarNode* n, const Expr& e) {
  if (e.same_as(from_->data)) return to_->data;
  return ir::IRMutator::VisitVar(n, e);
}

Stmt InsertStage(const Stmt& body, size_t pos, const Stmt& stage) {
  if (const auto* seq = As<SeqNode>(body)) {
    std::vector<Stmt> v = seq->seq;
    v.insert(v.begin() + static_cast<long>(std::min(pos, v.size())), stage);
    return MakeSeq(std::move(v));
  }
  return pos == 0 ? MakeSeq({stage, body}) : MakeSeq({body, stage});
}

Stmt ScopeRewriter::Visit(const Stmt& s) {
  if (const auto* c = As<ComputeNode>(s)) return MakeCompute(access_->VisitStmt(c->stmt));
  if (const auto* seq = As<SeqNode>(s)) {
    std::vector<Stmt> v;
    for (const Stmt& e : seq->seq) v.push_back(Visit(e));
    return MakeSeq(std::move(v));
  }
  if (const auto* loop = As<ForNode>(s)) {
    Stmt body = Visit(loop->body);
    if (loop == info_.loc) body = InsertStage(body, info_.pos, info_.stage);
    return WithBody(*loop, body);
  }
  return on_block(*As<BlockRealizeNode>(s));
}

Block ScopeRewriter::VisitBlockBody(const BlockRealizeNode& r) {
  auto b = std::make_shared<BlockNode>(*r.block);
  b->body = Visit(r.block->body);
  if (b->init.defined()) b->init = access_->VisitStmt(b->init);
  // The blocks of an init nest are rewritten as the body's are (TVM's init is one Stmt).
  if (b->init_nest) b->init_nest = Visit(b->init_nest);
  if (&r == info_.loc) b->body = InsertStage(b->body, info_.pos, info_.stage);
  return b;
}

Result<std::set<const BlockRealizeNode*>> ConsumerSet(const ScheduleState& state,
                                                      const std::vector<std::string>& names) {
  std::set<const BlockRealizeNode*> out;
  for (const std::string& name : names) {
    auto consumer = GetBlock(state, name);
    if (!consumer.ok()) return consumer.error();
    out.insert(*consumer);
    for (const BlockRealizeNode* child : state.ChildBlocks(*consumer)) out.insert(child);
  }
  return out;
}

Result<const BlockRealizeNode*> OnlyWriter(const ScheduleState& state,
                                           const BlockRealizeNode* scope, const Buffer& buffer) {
  std::vector<const BlockRealizeNode*> writers;
  for (const BlockRealizeNode* b : state.ChildBlocks(scope))
    if (AccessesBuffer(b->block->writes, buffer)) writers.push_back(b);
  if (writers.size() > 1) {
    return ScheduleError("NotSingleWriteBlock",
                         "The buffer " + buffer->name +
                             " is expected to be written by single block, but got " +
                             std::to_string(writers.size()) + " blocks who write it.");
  }
  return writers.empty() ? nullptr : writers[0];
}

std::vector<const BlockRealizeNode*> ReadersAfter(const ScheduleState& state,
                                                  const BlockRealizeNode* scope,
                                                  const BlockRealizeNode* writer,
                                                  const Buffer& buffer) {
  std::vector<const BlockRealizeNode*> out;
  bool after = false;
  for (const BlockRealizeNode* b : state.ChildBlocks(scope)) {
    if (b == writer) {
      after = true;
    } else if (after && AccessesBuffer(b->block->reads, buffer)) {
      out.push_back(b);
    }
  }
  return out;
}

Result<Target> Prepare(const ScheduleState& state, const std::string& block_name, size_t index,
                       const std::string& storage_scope, bool read) {
  if (Status s = CheckStorageScope(storage_scope); !s.ok()) return s.error();
  auto found = GetBlock(state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const std::vector<BufferRegion>& regions = read ? realize->block->reads : realize->block->writes;
  if (index >= regions.size()) return IndexError(index, regions.size(), read ? "read" : "write");
  const BlockRealizeNode* scope = state.ScopeOf(realize);
  if (!scope) return ScheduleError("ValueError", "The root block has no scope to cache in");
  return Target{realize, scope, regions[index].buffer};
}

Block WithAlloc(const Block& b, const Buffer& alloc) {
  auto n = std::make_shared<BlockNode>(*b);
  n->alloc_buffers.push_back(alloc);
  return n;
}

Stmt RewriteReadScope(const StageInfo& info, const BlockRealizeNode* scope) {
  CacheAccessRewriter access(info.src, info.dst, info);
  ScopeRewriter rewriter(info, &access);
  rewriter.on_block = [&](const BlockRealizeNode& r) -> Stmt {
    // The buffer's writer keeps writing (and reading) the buffer itself.
    if (&r != scope && AccessesBuffer(r.block->writes, info.src)) {
      return MakeBlockRealize(r.iter_values, r.predicate, r.block);
    }
    bool consumes = info.consumers.empty() || info.consumers.count(&r) > 0;
    bool outer = access.rewrite_loads;
    access.rewrite_loads = consumes;
    Block b = rewriter.VisitBlockBody(r);
    access.rewrite_loads = outer;
    if (&r == scope) {
      b = WithAlloc(b, info.dst);
    } else if (consumes) {
      auto n = std::make_shared<BlockNode>(*b);
      n->reads = access.Regions(n->reads);
      n->match_buffers = access.MatchBuffers(n->match_buffers);
      b = n;
    }
    return MakeBlockRealize(r.iter_values, r.predicate, std::move(b));
  };
  return rewriter.on_block(*scope);
}

Stmt RewriteWriteScope(const StageInfo& info, const BlockRealizeNode* scope,
                       const BlockRealizeNode* writer) {
  CacheAccessRewriter access(info.dst, info.src, info);
  access.rewrite_stores = true;
  ScopeRewriter rewriter(info, &access);
  bool under_writer = false;
  auto update_signature = [&](const Block& b) {
    auto n = std::make_shared<BlockNode>(*b);
    n->reads = access.Regions(n->reads);
    n->writes = access.Regions(n->writes);
    n->match_buffers = access.MatchBuffers(n->match_buffers);
    return Block(n);
  };
  rewriter.on_block = [&](const BlockRealizeNode& r) -> Stmt {
    // The chosen consumers read the copy.
    if (info.consumers.count(&r)) {
      Block b = update_signature(rewriter.VisitBlockBody(r));
      return MakeBlockRealize(r.iter_values, r.predicate, std::move(b));
    }
    if (&r != writer && &r != scope && !under_writer) {
      return MakeBlockRealize(r.iter_values, r.predicate, r.block);
    }
    bool outer = under_writer;
    under_writer = under_writer || &r == writer;
    Block b = rewriter.VisitBlockBody(r);
    under_writer = outer;
    b = &r == scope ? WithAlloc(b, info.src) : update_signature(b);
    return MakeBlockRealize(r.iter_values, r.predicate, std::move(b));
  };
  return rewriter.on_block(*scope);
}

}  // namespace tessera::tir::cache_stage
