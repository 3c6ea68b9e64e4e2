// set_scope and unsafe_set_dtype (TVM's primitive/block_annotate.cc): the buffer a block
// writes moves to another storage scope (global, shared, local, ...) or takes another
// element type. Only a buffer the function allocates can change; a parameter's memory
// belongs to the caller.
#include <algorithm>
#include <functional>

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

// TVM's WithDType: the buffer holding `dtype`, under its own name.
Buffer WithDType(const Buffer& buffer, DataType dtype) {
  auto retyped = std::make_shared<ir::BufferNode>(*buffer);
  retyped->dtype = dtype;
  retyped->data = Var(buffer->data.name(), DataType::Handle());
  return retyped;
}

// A T.match_buffer view of the changed buffer changes with it (`like` gives the view
// changed, or the view itself when it already is), in `block` and the blocks below it:
// TVM's StorageScopeMutator and DTypeMutator. With `cast` the view's loads and stores are
// cast as the buffer's are.
Block UpdateViews(const BlockNode& block, const Buffer& changed,
                  const std::function<Buffer(const Buffer&)>& like, bool cast) {
  Block out = std::make_shared<BlockNode>(block);
  for (size_t k = 0; k < out->match_buffers.size(); ++k) {
    const MatchBufferRegion& m = out->match_buffers[k];
    if (m.source.buffer != changed) continue;
    Buffer view = like(m.buffer);
    if (view == m.buffer) continue;
    auto next = std::make_shared<BlockNode>(*ReplaceBuffer(*out, m.buffer, view, true, cast));
    next->match_buffers[k].buffer = view;
    out = next;
  }
  auto next = std::make_shared<BlockNode>(*out);
  next->body = MapRealizes(out->body, [&](const BlockRealizeNode& r) -> Stmt {
    return MakeBlockRealize(r.iter_values, r.predicate, UpdateViews(*r.block, changed, like, cast));
  });
  return next;
}

// The block that allocates `buffer`; NonAllocatedBufferError when none does.
Result<const BlockRealizeNode*> AllocationSite(const ScheduleState& state, const Buffer& buffer) {
  const BlockRealizeNode* site = nullptr;
  PreOrderVisit(state.func().body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      const auto& allocs = r->block->alloc_buffers;
      if (std::find(allocs.begin(), allocs.end(), buffer) != allocs.end()) site = r;
    }
    return site == nullptr;
  });
  if (site) return site;
  return ScheduleError("NonAllocatedBufferError",
                       "The input buffer " + buffer->name +
                           " is not allocated by a block. This means the buffer is either a "
                           "function parameter or defined in `match_buffer` of a block.");
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
  auto site = block_annotate_detail::AllocationSite(*state, buffer);
  if (!site.ok()) return site.error();
  Buffer moved = block_annotate_detail::WithScope(buffer, storage_scope);
  Block replaced = ReplaceBuffer(*(*site)->block, buffer, moved, /*nested=*/true);
  auto in_scope = [&](const Buffer& view) {
    return view->scope == storage_scope ? view
                                        : block_annotate_detail::WithScope(view, storage_scope);
  };
  state->Replace(*site,
                 MakeBlockRealize((*site)->iter_values, (*site)->predicate,
                                  block_annotate_detail::UpdateViews(*replaced, moved, in_scope,
                                                                     /*cast=*/false)));
  return Status::Ok();
}

Status UnsafeSetDType(ScheduleState* state, const std::string& block_name, size_t index,
                      const std::string& dtype) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  auto buffer = NthAccessBuffer(*(*found)->block, index, BufferIndexType::Write);
  if (!buffer.ok()) return buffer.error();
  const std::optional<DataType> type = DataType::parse(dtype);
  if (!type || type->lanes() != 1 || type->is_handle()) {
    return ScheduleError("ValueError", "unsafe_set_dtype: '" + dtype +
                                           "' is not a scalar data type (e.g. \"float16\", "
                                           "\"int8\")");
  }
  if ((*buffer)->dtype == *type) return Status::Ok();
  auto site = block_annotate_detail::AllocationSite(*state, *buffer);
  if (!site.ok()) return site.error();
  Buffer retyped = block_annotate_detail::WithDType(*buffer, *type);
  Block replaced = ReplaceBuffer(*(*site)->block, *buffer, retyped, /*nested=*/true, /*cast=*/true);
  auto of_type = [&](const Buffer& view) {
    return view->dtype == *type ? view : block_annotate_detail::WithDType(view, *type);
  };
  state->Replace(*site, MakeBlockRealize((*site)->iter_values, (*site)->predicate,
                                         block_annotate_detail::UpdateViews(
                                             *replaced, retyped, of_type, /*cast=*/true)));
  return Status::Ok();
}

}  // namespace tessera::tir
