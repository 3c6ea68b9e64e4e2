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

  state->Replace(t.scope, RewriteReadScope(info, t.scope));
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

  state->Replace(t.scope, RewriteWriteScope(info, t.scope, t.realize));
  return info.src->name;
}

}  // namespace tessera::tir
