// cache_inplace (TVM's cache_read_write.cc): a block that reads and writes a buffer in
// place (an opaque call on it) works on a copy in another scope, filled right before it
// and written back right after it, in the innermost loop around it (TVM's
// CacheInplaceLocDetector). Both copy blocks are named "<buffer>_<scope>", as in TVM; the
// block's accesses, regions and uses of the buffer's data pointer switch to the copy.
#include <algorithm>

#include "ir/ExprOp.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/CacheStage.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/StagePipeline.h"

namespace tessera::tir {

namespace cache_inplace_detail {

using namespace cache_stage;

// The block's region of `buffer` with its bindings substituted, so that the copy placed
// beside it iterates what it touches.
Region BoundRegion(const BlockRealizeNode& r, const std::vector<BufferRegion>& regions,
                   const Buffer& buffer) {
  ir::VarMap bindings;
  for (size_t i = 0; i < r.block->iter_vars.size(); ++i)
    bindings[r.block->iter_vars[i]->var] = r.iter_values[i];
  for (const BufferRegion& region : regions) {
    if (region.buffer != buffer) continue;
    Region out;
    for (const Range& d : region.region)
      out.emplace_back(ir::Substitute(d.min, bindings), ir::Substitute(d.extent, bindings));
    return out;
  }
  return {};
}

// The copy over `region` between `src` and `dst`, the whole buffer's shape (TVM's
// MakeCacheStage with a full region).
Stmt CopyStage(const Buffer& src, const Buffer& dst, const Buffer& cached, const Region& region,
               const std::string& name) {
  StageInfo info;
  info.src = src;
  info.dst = dst;
  info.region = region;
  info.full_region = true;
  return MakeCacheStage(info, cached, name);
}

// `body` with the copy in, the block and the copy out in place of the block.
Stmt AroundBlock(const Stmt& body, const BlockRealizeNode* block, const Stmt& new_block,
                 const Stmt& in, const Stmt& out) {
  std::vector<Stmt> seq;
  const auto* s = As<SeqNode>(body);
  for (const Stmt& e : s ? s->seq : std::vector<Stmt>{body}) {
    if (e.get() == block) {
      seq.insert(seq.end(), {in, new_block, out});
    } else {
      seq.push_back(e);
    }
  }
  return MakeSeq(std::move(seq));
}

}  // namespace cache_inplace_detail

Result<std::vector<std::string>> CacheInplace(ScheduleState* state, const std::string& block_name,
                                              size_t index, const std::string& storage_scope) {
  using namespace cache_inplace_detail;
  auto target = Prepare(*state, block_name, index, storage_scope, /*read=*/true);
  if (!target.ok()) return target.error();
  const Target& t = *target;
  if (Status s = CheckRegionCover(*state, t.scope, t.buffer); !s.ok()) return s.error();
  const BlockNode& block = *t.realize->block;
  if (!AccessesBuffer(block.writes, t.buffer)) {
    return ScheduleError("NotReadWriteError", "The target block " + block.name +
                                                  " does not both read & write target buffer " +
                                                  t.buffer->name + ".");
  }
  Buffer cache = WithScope(t.buffer, storage_scope);
  const std::string name = t.buffer->name + "_" + storage_scope;
  Stmt in =
      CopyStage(t.buffer, cache, t.buffer, BoundRegion(*t.realize, block.reads, t.buffer), name);
  Stmt out =
      CopyStage(cache, t.buffer, t.buffer, BoundRegion(*t.realize, block.writes, t.buffer), name);

  // The block reads and writes the copy.
  StageInfo info;
  info.region = BoundRegion(*t.realize, block.reads, t.buffer);
  CacheAccessRewriter access(t.buffer, cache, info);
  access.rewrite_stores = true;
  ScopeRewriter rewriter(info, &access);
  rewriter.on_block = [&](const BlockRealizeNode& r) -> Stmt {
    auto b = std::make_shared<BlockNode>(*rewriter.VisitBlockBody(r));
    b->reads = access.Regions(b->reads);
    b->writes = access.Regions(b->writes);
    b->match_buffers = access.MatchBuffers(b->match_buffers);
    return MakeBlockRealize(r.iter_values, r.predicate, Block(b));
  };
  Stmt new_block = rewriter.on_block(*t.realize);

  // In the innermost loop around the block, or the scope's body.
  std::vector<const ForNode*> loops = state->LoopsAbove(t.realize);
  if (!loops.empty()) {
    const ForNode* loop = loops.back();
    state->Replace(loop, WithBody(*loop, AroundBlock(loop->body, t.realize, new_block, in, out)));
    auto moved = GetBlock(*state, block_name);
    if (!moved.ok()) return moved.error();
    const BlockRealizeNode* scope = state->ScopeOf(*moved);
    state->Replace(scope, MakeBlockRealize(scope->iter_values, scope->predicate,
                                           WithAlloc(scope->block, cache)));
  } else {
    auto scope_block = std::make_shared<BlockNode>(*t.scope->block);
    scope_block->body = AroundBlock(t.scope->block->body, t.realize, new_block, in, out);
    scope_block->alloc_buffers.push_back(cache);
    state->Replace(t.scope,
                   MakeBlockRealize(t.scope->iter_values, t.scope->predicate, Block(scope_block)));
  }
  return std::vector<std::string>{name, name};
}

}  // namespace tessera::tir
