// set_scope (TVM's primitive/block_annotate.cc): the buffer a block writes moves to another
// storage scope (global, shared, local, ...). Only a buffer the function allocates can
// move; a parameter's memory belongs to the caller.
#include <algorithm>

#include "tir/ScheduleError.h"
#include "tir/primitive/CacheStage.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace block_annotate_detail {

// TVM's WithScope: the buffer in `scope`, it and its data named `<name>_<scope>`.
Buffer WithScope(const Buffer& buffer, const std::string& scope) {
  auto moved = std::make_shared<ir::BufferNode>(*buffer);
  moved->scope = scope;
  moved->name = buffer->name + "_" + scope;
  moved->data = Var(buffer->data.name() + "_" + scope, DataType::Handle());
  return moved;
}

// TVM's StorageScopeMutator: a T.match_buffer view of the moved buffer takes its scope,
// in `block` and the blocks below it.
Block ScopeViews(const BlockNode& block, const Buffer& moved) {
  Block out = std::make_shared<BlockNode>(block);
  for (size_t k = 0; k < out->match_buffers.size(); ++k) {
    const MatchBufferRegion& m = out->match_buffers[k];
    if (m.source.buffer != moved || m.buffer->scope == moved->scope) continue;
    Buffer view = WithScope(m.buffer, moved->scope);
    auto next = std::make_shared<BlockNode>(*ReplaceBuffer(*out, m.buffer, view, true));
    next->match_buffers[k].buffer = view;
    out = next;
  }
  auto next = std::make_shared<BlockNode>(*out);
  next->body = MapRealizes(out->body, [&](const BlockRealizeNode& r) -> Stmt {
    return MakeBlockRealize(r.iter_values, r.predicate, ScopeViews(*r.block, moved));
  });
  return next;
}

}  // namespace block_annotate_detail

Status SetScope(ScheduleState* state, const std::string& block_name, size_t index,
                const std::string& storage_scope) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockNode& block = *(*found)->block;
  if (index >= block.writes.size()) {
    return ScheduleError("BufferIndexOutOfRangeError",
                         "The input `buffer_index` is out of range. It is required to be in range "
                         "[0, " +
                             std::to_string(block.writes.size()) + ") but got " +
                             std::to_string(index) + ".");
  }
  Buffer buffer = block.writes[index].buffer;
  if (buffer->scope == storage_scope) return Status::Ok();
  if (Status s = cache_stage::CheckStorageScope(storage_scope); !s.ok()) return s.error();
  // The block that allocates the buffer; everything below it sees the new one.
  const BlockRealizeNode* site = nullptr;
  PreOrderVisit(state->func().body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      const auto& allocs = r->block->alloc_buffers;
      if (std::find(allocs.begin(), allocs.end(), buffer) != allocs.end()) site = r;
    }
    return site == nullptr;
  });
  if (!site) {
    return ScheduleError("NonAllocatedBufferError",
                         "The input buffer " + buffer->name +
                             " is not allocated by a block. This means the buffer is either a "
                             "function parameter or defined in `match_buffer` of a block.");
  }
  Buffer moved = block_annotate_detail::WithScope(buffer, storage_scope);
  Block replaced = ReplaceBuffer(*site->block, buffer, moved, /*nested=*/true);
  state->Replace(site, MakeBlockRealize(site->iter_values, site->predicate,
                                        block_annotate_detail::ScopeViews(*replaced, moved)));
  return Status::Ok();
}

}  // namespace tessera::tir
