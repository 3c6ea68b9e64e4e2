// What the cache primitives share (TVM's cache_read_write.cc helpers): the copy stage's
// place (CacheLocDetector), its loops and block, and the rewrite of the scope that inserts
// it and switches accesses of the cached buffer to the copy. CacheReadWrite.cpp,
// ReindexCache.cpp and CacheInplace.cpp build on it; nothing outside primitive/ should.
#pragma once

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arith/Analyzer.h"
#include "ir/Functor.h"
#include "support/Result.h"
#include "tir/ScheduleState.h"

namespace tessera::tir::cache_stage {

// `b` in another scope: named "<name>_<scope>", with its own data variable.
Buffer WithScope(const Buffer& b, const std::string& scope);
// TVM's CheckStorageScope: global, shared(.dyn), local, warp and wmma.*.
Status CheckStorageScope(const std::string& scope);
// BufferIndexOutOfRangeError for the index-th read ("read") or written buffer.
Error IndexError(size_t index, size_t n, const char* what);

// What TVM's CacheStageInfo holds: the copy reads `src` and writes `dst`; it is inserted
// at `pos` in the body of `loc` (a loop, or the scope's realize).
struct StageInfo {
  Buffer src, dst;
  Region region;  // of the cached buffer
  bool full_region = true;
  const StmtNode* loc = nullptr;
  size_t pos = 0;
  std::set<const BlockRealizeNode*> consumers;
  Stmt stage;
  // reindex_cache_read/write: accesses of the copy use these indices (the index map of
  // the block's iterators) instead of the cached buffer's.
  std::optional<std::vector<Expr>> reindex_indices;
};

// The copy stage over `region` of `cached` (src for cache_read, dst for cache_write):
// loops ax0, ax1, ... over the region's extents, iterators v0, v1, ...
Stmt MakeCacheStage(const StageInfo& info, const Buffer& cached, const std::string& name);

// Places the copy (TVM's CacheLocDetector): in the innermost statement list holding the
// writer and one of `related`, right before the related block; at the end of the scope's
// body when nothing is related.
Status DetectLocation(const BlockRealizeNode* scope, const BlockRealizeNode* writer,
                      const std::vector<const BlockRealizeNode*>& related, StageInfo* info);

// TVM's RelaxBufferRegion: the writer's region of `buffer` in its bindings, relaxed over
// the loops between `loc` and the writer, covered by the buffer's shape where unbounded.
Region RelaxWriterRegion(const ScheduleState& state, const BlockRealizeNode* writer,
                         const Buffer& buffer, const StmtNode* loc);

// TVM's InsertCacheStage: `stage` at `pos` of `body` (a sequence or one statement).
Stmt InsertStage(const Stmt& body, size_t pos, const Stmt& stage);

// Accesses of `from` become accesses of `to`: indices shifted by the region's minimum
// when the copy is compact, replaced by the reindex indices for the reindex primitives;
// uses of `from`'s data variable (an opaque call's argument) become `to`'s.
class CacheAccessRewriter : public ir::IRMutator {
 public:
  CacheAccessRewriter(Buffer from, Buffer to, const StageInfo& info)
      : from_(std::move(from)), to_(std::move(to)), info_(info) {}

  Region ShiftRegion(const Region& region);
  std::vector<BufferRegion> Regions(std::vector<BufferRegion> regions);
  std::vector<MatchBufferRegion> MatchBuffers(std::vector<MatchBufferRegion> matches);
  bool rewrite_loads = true, rewrite_stores = false;

 protected:
  std::vector<Expr> Indices(const std::vector<Expr>& indices);
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override;
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override;
  Expr VisitVar(const ir::VarNode* n, const Expr& e) override;

 private:
  Buffer from_, to_;
  const StageInfo& info_;
  arith::Analyzer analyzer_;
};

// Rebuilds the scope: `on_block(realize)` decides each block; loops and sequences are
// rebuilt around them and the copy is inserted at its place.
class ScopeRewriter {
 public:
  using BlockFn = std::function<Stmt(const BlockRealizeNode&)>;
  ScopeRewriter(const StageInfo& info, CacheAccessRewriter* access)
      : info_(info), access_(access) {}

  Stmt Visit(const Stmt& s);
  // The block with its body and init (an init nest's blocks through on_block) visited.
  Block VisitBlockBody(const BlockRealizeNode& r);
  BlockFn on_block;

 private:
  const StageInfo& info_;
  CacheAccessRewriter* access_;
};

// The consumers named by the user and the blocks directly under them.
Result<std::set<const BlockRealizeNode*>> ConsumerSet(const ScheduleState& state,
                                                      const std::vector<std::string>& names);
// The only block of the scope writing `buffer` (nullptr when none); NotSingleWriteBlock
// when there are several.
Result<const BlockRealizeNode*> OnlyWriter(const ScheduleState& state,
                                           const BlockRealizeNode* scope, const Buffer& buffer);
// The blocks of the scope after `writer` that read `buffer` (TVM's RAW dependencies).
std::vector<const BlockRealizeNode*> ReadersAfter(const ScheduleState& state,
                                                  const BlockRealizeNode* scope,
                                                  const BlockRealizeNode* writer,
                                                  const Buffer& buffer);

// The block a cache primitive works on, its scope and its index-th read (write) buffer.
struct Target {
  const BlockRealizeNode* realize;
  const BlockRealizeNode* scope;
  Buffer buffer;
};
Result<Target> Prepare(const ScheduleState& state, const std::string& block_name, size_t index,
                       const std::string& storage_scope, bool read);

Block WithAlloc(const Block& b, const Buffer& alloc);

// The scope after a cache_read / reindex_cache_read, with the copy stage inserted and
// allocated: the consumers (every reader when `info.consumers` is empty) read `info.dst`
// instead of `info.src`; the buffer's writer keeps the buffer.
Stmt RewriteReadScope(const StageInfo& info, const BlockRealizeNode* scope);
// The scope after a cache_write / reindex_cache_write: `writer` (and what it holds) and
// the chosen `info.consumers` access `info.src` instead of `info.dst`, and the copy
// stage writes it back.
Stmt RewriteWriteScope(const StageInfo& info, const BlockRealizeNode* scope,
                       const BlockRealizeNode* writer);

}  // namespace tessera::tir::cache_stage
