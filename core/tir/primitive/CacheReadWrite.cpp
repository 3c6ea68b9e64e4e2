// cache_read and cache_write (TVM's primitive/cache_read_write.cc): a copy of a buffer in
// another storage scope, made by a new copy block, with the readers (cache_read) or the
// writer (cache_write) switched to the copy.
//
// The copy goes where TVM's CacheLocDetector puts it: in the innermost statement list that
// holds both the buffer's writer and one of the related blocks (the readers that switch
// to the copy for cache_read, the readers that keep the buffer for cache_write), right
// before that related block. It copies the writer's region relaxed over the loops
// between that place and the writer. Under a loop the copy is a whole buffer of which
// each iteration fills its part; at the scope's top level the copy is compact (the
// region's extents, indices shifted by its minimum).
#include "ir/ExprOp.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/CacheStage.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/StagePipeline.h"

namespace tessera::tir {

namespace cache_read_write_detail {

using namespace cache_stage;

// The cache buffer: the whole shape under a loop, the region's extents at the top level.
Buffer CacheBuffer(const Buffer& buffer, const std::string& scope, const StageInfo& info) {
  Buffer cache = WithScope(buffer, scope);
  if (info.full_region) return cache;
  auto n = std::make_shared<ir::BufferNode>(*cache);
  n->shape.clear();
  for (const Range& r : info.region) n->shape.push_back(r.extent);
  return n;
}

}  // namespace cache_read_write_detail

Result<std::string> CacheRead(ScheduleState* state, const std::string& block_name, size_t index,
                              const std::string& storage_scope,
                              const std::vector<std::string>& consumers) {
  using namespace cache_read_write_detail;
  auto target = Prepare(*state, block_name, index, storage_scope, /*read=*/true);
  if (!target.ok()) return target.error();
  const Target& t = *target;
  if (Status s = CheckRegionCover(*state, t.scope, t.buffer); !s.ok()) return s.error();
  StageInfo info;
  info.src = t.buffer;
  auto chosen = ConsumerSet(*state, consumers);
  if (!chosen.ok()) return chosen.error();
  info.consumers = *chosen;
  auto writer = OnlyWriter(*state, t.scope, t.buffer);
  if (!writer.ok()) return writer.error();
  if (*writer) {
    std::vector<const BlockRealizeNode*> related =
        consumers.empty()
            ? ReadersAfter(*state, t.scope, *writer, t.buffer)
            : std::vector<const BlockRealizeNode*>(info.consumers.begin(), info.consumers.end());
    if (Status s = DetectLocation(t.scope, *writer, related, &info); !s.ok()) return s.error();
    info.region = RelaxWriterRegion(*state, *writer, t.buffer, info.loc);
  } else {
    // An input of the scope: the copy goes first and covers what the scope reads of it.
    info.loc = t.scope;
    info.pos = 0;
    for (const BufferRegion& r : t.scope->block->reads)
      if (r.buffer == t.buffer) info.region = r.region;
    if (info.region.empty())
      for (const Expr& dim : t.buffer->shape)
        info.region.emplace_back(ir::make_zero(dim.dtype()), dim);
  }
  info.full_region = info.loc != t.scope;
  info.dst = CacheBuffer(t.buffer, storage_scope, info);
  info.stage = MakeCacheStage(info, t.buffer, t.buffer->name + "_" + storage_scope);

  CacheAccessRewriter access(t.buffer, info.dst, info);
  ScopeRewriter rewriter(info, &access);
  rewriter.on_block = [&](const BlockRealizeNode& r) -> Stmt {
    // The buffer's writer keeps writing (and reading) the buffer itself.
    if (&r != t.scope && Accesses(r.block->writes, t.buffer)) {
      return MakeBlockRealize(r.iter_values, r.predicate, r.block);
    }
    bool consumes = info.consumers.empty() || info.consumers.count(&r) > 0;
    bool outer = access.rewrite_loads;
    access.rewrite_loads = consumes;
    Block b = rewriter.VisitBlockBody(r);
    access.rewrite_loads = outer;
    if (&r == t.scope) {
      b = WithAlloc(b, info.dst);
    } else if (consumes) {
      auto n = std::make_shared<BlockNode>(*b);
      n->reads = access.Regions(n->reads);
      n->match_buffers = access.MatchBuffers(n->match_buffers);
      b = n;
    }
    return MakeBlockRealize(r.iter_values, r.predicate, std::move(b));
  };
  state->Replace(t.scope, rewriter.on_block(*t.scope));
  return info.dst->name;
}

Result<std::string> CacheWrite(ScheduleState* state, const std::string& block_name, size_t index,
                               const std::string& storage_scope,
                               const std::vector<std::string>& consumers) {
  using namespace cache_read_write_detail;
  auto target = Prepare(*state, block_name, index, storage_scope, /*read=*/false);
  if (!target.ok()) return target.error();
  const Target& t = *target;
  auto writer = OnlyWriter(*state, t.scope, t.buffer);
  if (!writer.ok()) return writer.error();
  StageInfo info;
  info.dst = t.buffer;
  auto chosen = ConsumerSet(*state, consumers);
  if (!chosen.ok()) return chosen.error();
  info.consumers = *chosen;
  // The readers that keep reading the buffer decide where the write-back goes.
  std::vector<const BlockRealizeNode*> related;
  for (const BlockRealizeNode* b : ReadersAfter(*state, t.scope, t.realize, t.buffer))
    if (!info.consumers.count(b)) related.push_back(b);
  if (Status s = DetectLocation(t.scope, t.realize, related, &info); !s.ok()) return s.error();
  info.region = RelaxWriterRegion(*state, t.realize, t.buffer, info.loc);
  info.full_region = info.loc != t.scope;
  info.src = CacheBuffer(t.buffer, storage_scope, info);
  info.stage = MakeCacheStage(info, t.buffer, t.buffer->name + "_" + storage_scope);

  CacheAccessRewriter access(t.buffer, info.src, info);
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
    if (&r != t.realize && &r != t.scope && !under_writer) {
      return MakeBlockRealize(r.iter_values, r.predicate, r.block);
    }
    bool outer = under_writer;
    under_writer = under_writer || &r == t.realize;
    Block b = rewriter.VisitBlockBody(r);
    under_writer = outer;
    b = &r == t.scope ? WithAlloc(b, info.src) : update_signature(b);
    return MakeBlockRealize(r.iter_values, r.predicate, std::move(b));
  };
  state->Replace(t.scope, rewriter.on_block(*t.scope));
  return info.src->name;
}

}  // namespace tessera::tir
