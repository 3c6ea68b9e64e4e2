// set_scope (TVM's primitive/block_annotate.cc): the buffer a block writes moves to another
// storage scope (global, shared, local, ...). Only a buffer the function allocates can
// move; a parameter's memory belongs to the caller.
#include <algorithm>

#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

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
  static const char* const kScopes[] = {"global", "shared", "shared.dyn", "local", "warp"};
  if (std::none_of(std::begin(kScopes), std::end(kScopes),
                   [&](const char* s) { return storage_scope == s; }) &&
      storage_scope.rfind("wmma.", 0) != 0) {
    return ScheduleError("ValueError", "Invalid storage scope \"" + storage_scope + "\"");
  }
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
  // TVM's WithScope names the new buffer and its data `<name>_<scope>` (B -> B_shared).
  auto moved = std::make_shared<ir::BufferNode>(*buffer);
  moved->scope = storage_scope;
  moved->name = buffer->name + "_" + storage_scope;
  moved->data = Var(buffer->data.name() + "_" + storage_scope, DataType::Handle());
  state->Replace(site,
                 MakeBlockRealize(site->iter_values, site->predicate,
                                  ReplaceBuffer(*site->block, buffer, moved, /*nested=*/true)));
  return Status::Ok();
}

}  // namespace tessera::tir
