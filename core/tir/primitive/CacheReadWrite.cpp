// cache_read and cache_write (TVM's primitive/cache_read_write.cc): a copy of a buffer in
// another storage scope, made by a new copy block, with the readers (cache_read) or the
// writer (cache_write) switched to the copy. The copy stage covers the whole buffer (TVM's
// cache_full_region) with loops ax0, ax1, ... and iterators v0, v1, ...; it goes where TVM
// puts it at the scope's top level: first for an input buffer, right after the producer
// for an intermediate one, right after the writer for cache_write.
#include <algorithm>
#include <functional>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace cache_read_write_detail {

Buffer WithScope(const Buffer& b, const std::string& scope) {
  auto n = std::make_shared<ir::BufferNode>(*b);
  n->name = b->name + "_" + scope;
  n->data = Var(b->data.name() + "_" + scope, DataType::Handle());
  n->scope = scope;
  return n;
}

// for ax0, ax1, ...: with block(name): v0, v1, ... ; dst[v...] = src[v...]
Stmt MakeCacheStage(const Buffer& src, const Buffer& dst, const std::string& name) {
  const Buffer& shape_of = src;
  auto block = std::make_shared<BlockNode>();
  block->name = name;
  std::vector<Var> loops;
  std::vector<Expr> values, indices;
  Region point;
  for (size_t i = 0; i < shape_of->shape.size(); ++i) {
    const Expr& dim = shape_of->shape[i];
    Var ax("ax" + std::to_string(i), dim.dtype());
    Var v("v" + std::to_string(i), dim.dtype());
    block->iter_vars.push_back(
        ir::MakeIterVar(Range(ir::make_zero(dim.dtype()), dim), v, ir::IterVarType::DataPar));
    loops.push_back(ax);
    values.push_back(ax);
    indices.push_back(v);
    point.emplace_back(v, ir::make_const(v.dtype(), int64_t{1}));
  }
  block->reads = {{src, point}};
  block->writes = {{dst, point}};
  block->body = MakeCompute(ir::MakeBufferStore(dst, ir::MakeBufferLoad(src, indices), indices));
  Stmt s = MakeBlockRealize(std::move(values), ir::make_bool(true), std::move(block));
  for (size_t i = loops.size(); i-- > 0;) {
    s = MakeFor(loops[i], ir::make_zero(loops[i].dtype()), shape_of->shape[i], ForKind::Serial, s);
  }
  return s;
}

Status CheckStorageScope(const std::string& scope) {
  static const char* const kScopes[] = {"global", "shared", "shared.dyn", "local", "warp"};
  if (std::any_of(std::begin(kScopes), std::end(kScopes),
                  [&](const char* s) { return scope == s; }) ||
      scope.rfind("wmma.", 0) == 0) {
    return Status::Ok();
  }
  return ScheduleError("ValueError", "Invalid storage scope \"" + scope + "\"");
}

Error IndexError(size_t index, size_t n, const char* what) {
  return ScheduleError("BufferIndexOutOfRangeError", std::string("The input `") + what +
                                                         "_buffer_index` is out of range. It is "
                                                         "required to be in range [0, " +
                                                         std::to_string(n) + ") but got " +
                                                         std::to_string(index) + ".");
}

// The top-level statements of the scope's body, and the index of the one holding `node`.
std::vector<Stmt> TopLevel(const BlockRealizeNode* scope) {
  if (const auto* seq = As<SeqNode>(scope->block->body)) return seq->seq;
  return {scope->block->body};
}

size_t TopLevelIndexOf(const ScheduleState& state, const std::vector<Stmt>& top,
                       const StmtNode* node) {
  std::vector<const StmtNode*> path = state.PathTo(node);
  for (size_t i = 0; i < top.size(); ++i) {
    if (std::find(path.begin(), path.end(), top[i].get()) != path.end()) return i;
  }
  return top.size();
}

struct CacheTarget {
  const BlockRealizeNode* realize;  // the block named by the primitive
  Buffer buffer, cache;
  const BlockRealizeNode* scope;
  std::vector<Stmt> top;  // the scope's top-level statements
};

Result<CacheTarget> Prepare(const ScheduleState& state, const std::string& block_name, size_t index,
                            const std::string& storage_scope, bool read) {
  if (Status s = CheckStorageScope(storage_scope); !s.ok()) return s.error();
  auto found = GetBlock(state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const std::vector<BufferRegion>& regions = read ? realize->block->reads : realize->block->writes;
  if (index >= regions.size()) return IndexError(index, regions.size(), read ? "read" : "write");
  const BlockRealizeNode* scope = state.ScopeOf(realize);
  if (!scope) return ScheduleError("ValueError", "The root block has no scope to cache in");
  Buffer buffer = regions[index].buffer;
  size_t writers = 0;
  for (const BlockRealizeNode* b : state.ChildBlocks(scope)) {
    writers += std::any_of(b->block->writes.begin(), b->block->writes.end(),
                           [&](const BufferRegion& w) { return w.buffer == buffer; });
  }
  if (writers > 1) {
    return ScheduleError("NotSingleWriteBlock",
                         "The buffer " + buffer->name +
                             " is expected to be written by single block, but got " +
                             std::to_string(writers) + " blocks who write it.");
  }
  return CacheTarget{realize, buffer, WithScope(buffer, storage_scope), scope, TopLevel(scope)};
}

// The copy stage goes at the scope's top level, at `pos`: a reader of the buffer (other
// than `except`) in an earlier top-level statement, or in the one the stage follows,
// would read it before the copy.
Status CheckReadersAfter(
    const ScheduleState& state, const CacheTarget& t, size_t pos, const BlockRealizeNode* except,
    const Buffer& read,
    const std::function<bool(const BlockRealizeNode*)>& reads_copy = [](const BlockRealizeNode*) {
      return true;
    }) {
  for (const BlockRealizeNode* b : state.ChildBlocks(t.scope)) {
    if (b == except || !reads_copy(b)) continue;
    bool reads = std::any_of(b->block->reads.begin(), b->block->reads.end(),
                             [&](const BufferRegion& r) { return r.buffer == read; });
    if (reads && TopLevelIndexOf(state, t.top, b) < pos) {
      return ScheduleError("NotImplementedError",
                           "the copy stage of " + read->name +
                               " goes at the scope's top level, but block " + b->block->name +
                               " reads it in the same loop nest as its writer");
    }
  }
  return Status::Ok();
}

// The scope's new body, with the copy allocated by the scope root; returns the stage name.
std::string Finish(ScheduleState* state, const CacheTarget& t, std::vector<Stmt> body) {
  auto root = std::make_shared<BlockNode>(*t.scope->block);
  root->body = MakeSeq(std::move(body));
  root->alloc_buffers.push_back(t.cache);
  state->Replace(t.scope,
                 MakeBlockRealize(t.scope->iter_values, t.scope->predicate, std::move(root)));
  return t.cache->name;
}

}  // namespace cache_read_write_detail

Result<std::string> CacheRead(ScheduleState* state, const std::string& block_name, size_t index,
                              const std::string& storage_scope,
                              const std::vector<std::string>& consumers) {
  using namespace cache_read_write_detail;
  auto target = Prepare(*state, block_name, index, storage_scope, /*read=*/true);
  if (!target.ok()) return target.error();
  const CacheTarget& t = *target;
  // Which readers switch to the copy: the named consumers (each must read the buffer),
  // or all of them.
  std::vector<const BlockRealizeNode*> chosen;
  for (const std::string& name : consumers) {
    auto consumer = GetBlock(*state, name);
    if (!consumer.ok()) return consumer.error();
    const BlockNode& b = *(*consumer)->block;
    if (std::none_of(b.reads.begin(), b.reads.end(),
                     [&](const BufferRegion& r) { return r.buffer == t.buffer; })) {
      return ScheduleError("ValueError", "The consumer block " + name + " does not read " +
                                             t.buffer->name + ", so it cannot read its cache");
    }
    chosen.push_back(*consumer);
  }
  auto switches = [&](const BlockRealizeNode* r) {
    return chosen.empty() || std::find(chosen.begin(), chosen.end(), r) != chosen.end();
  };
  // The copy goes after the buffer's producer in the scope, or first.
  size_t pos = 0;
  for (const BlockRealizeNode* b : state->ChildBlocks(t.scope)) {
    for (const BufferRegion& w : b->block->writes) {
      if (w.buffer == t.buffer) pos = TopLevelIndexOf(*state, t.top, b) + 1;
    }
  }
  if (Status s = CheckReadersAfter(*state, t, pos, nullptr, t.buffer, switches); !s.ok())
    return s.error();
  // The chosen readers in the scope read the copy.
  std::function<Stmt(const BlockRealizeNode&)> to_copy = [&](const BlockRealizeNode& r) {
    bool reads =
        switches(&r) && std::any_of(r.block->reads.begin(), r.block->reads.end(),
                                    [&](const BufferRegion& br) { return br.buffer == t.buffer; });
    auto b = std::make_shared<BlockNode>(
        *(reads ? ReplaceBuffer(*r.block, t.buffer, t.cache, /*nested=*/false) : r.block));
    b->body = MapRealizes(b->body, to_copy);
    return MakeBlockRealize(r.iter_values, r.predicate, std::move(b));
  };
  std::vector<Stmt> body;
  for (const Stmt& s : t.top) body.push_back(MapRealizes(s, to_copy));
  body.insert(body.begin() + static_cast<long>(pos),
              MakeCacheStage(t.buffer, t.cache, t.cache->name));
  return Finish(state, t, std::move(body));
}

Result<std::string> CacheWrite(ScheduleState* state, const std::string& block_name, size_t index,
                               const std::string& storage_scope) {
  using namespace cache_read_write_detail;
  auto target = Prepare(*state, block_name, index, storage_scope, /*read=*/false);
  if (!target.ok()) return target.error();
  const CacheTarget& t = *target;
  // The writer writes the copy; the copy stage writes the buffer right after it.
  size_t pos = TopLevelIndexOf(*state, t.top, t.realize);
  if (Status s = CheckReadersAfter(*state, t, pos + 1, t.realize, t.buffer); !s.ok())
    return s.error();
  std::vector<Stmt> body = t.top;
  body[pos] = MapRealizes(body[pos], [&](const BlockRealizeNode& r) -> Stmt {
    Block b =
        &r == t.realize ? ReplaceBuffer(*r.block, t.buffer, t.cache, /*nested=*/false) : r.block;
    return MakeBlockRealize(r.iter_values, r.predicate, std::move(b));
  });
  body.insert(body.begin() + static_cast<long>(pos) + 1,
              MakeCacheStage(t.cache, t.buffer, t.cache->name));
  return Finish(state, t, std::move(body));
}

}  // namespace tessera::tir
