// reindex_cache_read and reindex_cache_write (TVM's cache_read_write.cc): a cache_read /
// cache_write whose copy is indexed by an index map of the block's iterators instead of
// the buffer's indices. The block must access the buffer at a single point, and the
// iterators that index the buffer must be exactly those the map uses; the copy block
// keeps those iterators (and the loops their bindings use below the copy's place), so
// transform_block_layout can reshape it later. The scope must be a stage pipeline.
#include <algorithm>

#include "ir/ExprOp.h"
#include "tir/IndexMap.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"
#include "tir/primitive/CacheStage.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"
#include "tir/primitive/StagePipeline.h"

namespace tessera::tir {

namespace reindex_cache_detail {

using namespace cache_stage;

std::string ExprList(const std::vector<Expr>& exprs) {
  std::string s = "[";
  for (size_t i = 0; i < exprs.size(); ++i) s += (i ? ", " : "") + ExprToTVMScript(exprs[i]);
  return s + "]";
}

const char* PrimitiveName(bool read) { return read ? "reindex_cache_read" : "reindex_cache_write"; }

// TVM's CheckSinglePoint.
Status CheckSinglePoint(const BlockNode& block, const BufferRegion& region, bool read) {
  for (const Range& r : region.region) {
    if (!ir::is_one(r.extent)) {
      return ScheduleError("NotSinglePointAccess",
                           "The buffer region " + region.buffer->name +
                               RegionText(region.region, /*points_bare=*/true) +
                               " accessed inside block " + block.name +
                               " is not a single point, which violates the " + "prerequisite of " +
                               PrimitiveName(read) + " primitive.");
    }
  }
  return Status::Ok();
}

// What TVM's CollectReindexCacheStageInfoAndCreateBuffer gathers.
struct ReindexStage {
  std::vector<Expr> indices;  // the index map of the block's iterators
  std::vector<IterVar> iters;
  std::vector<Expr> values;
  std::vector<const ForNode*> loops;
  Buffer cache;
};

Result<ReindexStage> Collect(const ScheduleState& state, const BlockRealizeNode* realize,
                             const BufferRegion& region, const IndexMap& index_map,
                             const std::string& storage_scope, const StmtNode* loc, bool read) {
  const BlockNode& block = *realize->block;
  if (index_map->initial_indices.size() != block.iter_vars.size()) {
    return ScheduleError("ValueError", std::string(PrimitiveName(read)) + ": the index map takes " +
                                           std::to_string(index_map->initial_indices.size()) +
                                           " indices, but block " + block.name + " has " +
                                           std::to_string(block.iter_vars.size()) + " iterators");
  }
  std::vector<Expr> iters, extents;
  for (const IterVar& iv : block.iter_vars) {
    iters.push_back(iv->var);
    extents.push_back(iv->dom.extent);
  }
  arith::Analyzer analyzer;
  ReindexStage out;
  out.indices = MapIndices(index_map, iters, &analyzer);
  auto shape = MapShape(index_map, extents);
  if (!shape.ok()) return shape.error();
  std::vector<Expr> old_indices;
  for (const Range& r : region.region) old_indices.push_back(r.min);
  auto uses = [](const std::vector<Expr>& exprs, const Var& v) {
    return std::any_of(exprs.begin(), exprs.end(),
                       [&](const Expr& e) { return ir::UsesVar(e, v); });
  };
  std::vector<Expr> used_values;
  for (size_t i = 0; i < block.iter_vars.size(); ++i) {
    const Var& v = block.iter_vars[i]->var;
    bool in_new = uses(out.indices, v), in_old = uses(old_indices, v);
    if (in_new != in_old) {
      return ScheduleError("ReindexCacheReadWriteNotMatchError",
                           std::string("Error when applying ") + PrimitiveName(read) +
                               " on block " + block.name + ", the block itervar " + v.name() +
                               " appears in " + ExprList(in_old ? old_indices : out.indices) +
                               ", but not in " + ExprList(in_old ? out.indices : old_indices) +
                               ".");
    }
    if (!in_new) continue;
    out.iters.push_back(block.iter_vars[i]);
    out.values.push_back(realize->iter_values[i]);
  }
  // The loops between the copy's place and the block that the kept bindings use.
  std::vector<const StmtNode*> path = state.PathTo(realize);
  auto it = std::find(path.begin(), path.end(), loc);
  for (it = it == path.end() ? path.begin() : it + 1; it != path.end(); ++it) {
    const auto* loop = As<ForNode>(*it);
    if (loop && uses(out.values, loop->loop_var)) out.loops.push_back(loop);
  }
  auto cache = std::make_shared<ir::BufferNode>(*WithScope(region.buffer, storage_scope));
  cache->shape = *shape;
  out.cache = cache;
  return out;
}

// TVM's MakeReindexCacheStage: copies of the loops and iterators, the buffer's indices
// on one side and the map's on the other.
Stmt MakeStage(const ReindexStage& r, const BufferRegion& region, const std::string& name,
               bool read) {
  ir::VarMap vmap;
  std::vector<Var> loop_vars;
  for (const ForNode* loop : r.loops) {
    Var v(loop->loop_var.name(), loop->loop_var.dtype());
    vmap[loop->loop_var] = v;
    loop_vars.push_back(v);
  }
  auto block = std::make_shared<BlockNode>();
  block->name = name;
  std::vector<Expr> values;
  for (size_t i = 0; i < r.iters.size(); ++i) {
    const IterVar& iv = r.iters[i];
    Var v(iv->var.name(), iv->var.dtype());
    values.push_back(ir::Substitute(r.values[i], vmap));
    vmap[iv->var] = v;
    block->iter_vars.push_back(ir::MakeIterVar(iv->dom, v, ir::IterVarType::DataPar));
  }
  std::vector<Expr> old_idx, new_idx;
  Region old_region, new_region;
  for (const Range& d : region.region) {
    old_idx.push_back(ir::Substitute(d.min, vmap));
    old_region.emplace_back(old_idx.back(), ir::make_const(old_idx.back().dtype(), int64_t{1}));
  }
  for (const Expr& e : r.indices) {
    new_idx.push_back(ir::Substitute(e, vmap));
    new_region.emplace_back(new_idx.back(), ir::make_const(new_idx.back().dtype(), int64_t{1}));
  }
  const Buffer& src = read ? region.buffer : r.cache;
  const Buffer& dst = read ? r.cache : region.buffer;
  block->reads = {{src, read ? old_region : new_region}};
  block->writes = {{dst, read ? new_region : old_region}};
  block->body = MakeCompute(ir::MakeBufferStore(
      dst, ir::MakeBufferLoad(src, read ? old_idx : new_idx), read ? new_idx : old_idx));
  Stmt s = MakeBlockRealize(std::move(values), ir::make_bool(true), std::move(block));
  for (size_t i = loop_vars.size(); i-- > 0;)
    s = MakeFor(loop_vars[i], r.loops[i]->min, r.loops[i]->extent, ForKind::Serial, s);
  return s;
}

struct Prepared {
  Target target;
  BufferRegion region;
};

Result<Prepared> PrepareReindex(const ScheduleState& state, const std::string& block_name,
                                size_t index, const std::string& storage_scope, bool read) {
  auto target = Prepare(state, block_name, index, storage_scope, read);
  if (!target.ok()) return target.error();
  if (Status s = CheckStagePipeline(state, target->scope); !s.ok()) return s.error();
  const auto& regions = read ? target->realize->block->reads : target->realize->block->writes;
  auto region = std::find_if(regions.begin(), regions.end(),
                             [&](const BufferRegion& r) { return r.buffer == target->buffer; });
  return Prepared{*target, *region};
}

}  // namespace reindex_cache_detail

Result<std::string> ReindexCacheRead(ScheduleState* state, const std::string& block_name,
                                     size_t index, const std::string& storage_scope,
                                     const IndexMap& index_map) {
  using namespace reindex_cache_detail;
  auto prepared = PrepareReindex(*state, block_name, index, storage_scope, /*read=*/true);
  if (!prepared.ok()) return prepared.error();
  const Target& t = prepared->target;
  const BufferRegion& region = prepared->region;
  StageInfo info;
  info.consumers = {t.realize};
  auto writer = OnlyWriter(*state, t.scope, t.buffer);
  if (!writer.ok()) return writer.error();
  if (*writer) {
    if (Status s = DetectLocation(t.scope, *writer, {t.realize}, &info); !s.ok()) return s.error();
  } else {
    info.loc = t.scope;
    info.pos = 0;
  }
  if (Status s = CheckSinglePoint(*t.realize->block, region, true); !s.ok()) return s.error();
  auto stage = Collect(*state, t.realize, region, index_map, storage_scope, info.loc, true);
  if (!stage.ok()) return stage.error();
  info.src = t.buffer;
  info.dst = stage->cache;
  info.reindex_indices = stage->indices;
  info.stage = MakeStage(*stage, region, t.buffer->name + "_" + storage_scope, true);

  state->Replace(t.scope, RewriteReadScope(info, t.scope));
  return info.dst->name;
}

Result<std::string> ReindexCacheWrite(ScheduleState* state, const std::string& block_name,
                                      size_t index, const std::string& storage_scope,
                                      const IndexMap& index_map) {
  using namespace reindex_cache_detail;
  auto prepared = PrepareReindex(*state, block_name, index, storage_scope, /*read=*/false);
  if (!prepared.ok()) return prepared.error();
  const Target& t = prepared->target;
  const BufferRegion& region = prepared->region;
  auto writer = OnlyWriter(*state, t.scope, t.buffer);
  if (!writer.ok()) return writer.error();
  StageInfo info;
  std::vector<const BlockRealizeNode*> related = ReadersAfter(*state, t.scope, t.realize, t.buffer);
  if (Status s = DetectLocation(t.scope, t.realize, related, &info); !s.ok()) return s.error();
  auto stage = Collect(*state, t.realize, region, index_map, storage_scope, info.loc, false);
  if (!stage.ok()) return stage.error();
  if (Status s = CheckSinglePoint(*t.realize->block, region, false); !s.ok()) return s.error();
  info.src = stage->cache;
  info.dst = t.buffer;
  info.reindex_indices = stage->indices;
  info.stage = MakeStage(*stage, region, t.buffer->name + "_" + storage_scope, false);

  state->Replace(t.scope, RewriteWriteScope(info, t.scope, t.realize));
  return info.src->name;
}

}  // namespace tessera::tir
