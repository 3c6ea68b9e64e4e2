// storage_align (TVM's primitive/block_annotate.cc): pads the stride of one dimension of
// a buffer a block writes so that `stride % factor == offset`, recorded as TVM records
// it: the block annotation "buffer_dim_align", a list of [buffer_index, axis, factor,
// offset] per aligned dimension, applied when the function is lowered.
#include <algorithm>

#include "ir/ExprOp.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

Status StorageAlign(ScheduleState* state, const std::string& block_name, size_t buffer_index,
                    int64_t axis, int64_t factor, int64_t offset) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  auto buffer = NthAccessBuffer(*realize->block, buffer_index, BufferIndexType::Write);
  if (!buffer.ok()) return buffer.error();
  if (factor <= 0) {
    return ScheduleError("StorageAlignInvalidFactorError",
                         "The input `factor` of storage_align is expected to be a positive "
                         "number. However, the input `factor` is " +
                             std::to_string(factor) + ", which is out of the expected range.");
  }
  auto ndim = static_cast<int64_t>((*buffer)->shape.size());
  if (axis < -ndim || axis >= ndim) {
    return ScheduleError("StorageAlignAxisOutOfRangeError",
                         "The buffer to set storage alignment of, " + (*buffer)->name + ", has " +
                             std::to_string(ndim) +
                             " dimension(s), so `axis` is required to be "
                             "in [" +
                             std::to_string(-ndim) + ", " + std::to_string(ndim) +
                             ") for storage_align. However, the input `axis` is " +
                             std::to_string(axis) + ", which is out of the expected range.");
  }
  if (axis < 0) axis += ndim;
  bool allocated = false;
  PreOrderVisit(state->func().body, [&](const StmtNode* n) {
    if (const auto* r = As<BlockRealizeNode>(n)) {
      const auto& allocs = r->block->alloc_buffers;
      allocated = allocated || std::find(allocs.begin(), allocs.end(), *buffer) != allocs.end();
    }
    return !allocated;
  });
  if (!allocated) {
    return ScheduleError("NonAllocatedBufferError",
                         "The input buffer " + (*buffer)->name +
                             " is not allocated by a block. This means the buffer is either a "
                             "function parameter or defined in `match_buffer` of a block.");
  }
  // The existing tuples, with the one for (buffer_index, axis) replaced or appended.
  std::vector<Expr> tuples;
  auto it = realize->block->annotations.find(kBufferDimAlign);
  if (it != realize->block->annotations.end()) tuples = AnnotationListItems(it->second);
  auto i32 = [](int64_t v) { return ir::make_const(DataType::Int(32), v); };
  Expr tuple = MakeAnnotationList(
      {i32(static_cast<int64_t>(buffer_index)), i32(axis), i32(factor), i32(offset)});
  bool replaced = false;
  for (Expr& t : tuples) {
    std::vector<Expr> items = AnnotationListItems(t);
    if (items.size() == 4 && ir::is_const_int(items[0], static_cast<int64_t>(buffer_index)) &&
        ir::is_const_int(items[1], axis)) {
      t = tuple;
      replaced = true;
    }
  }
  if (!replaced) tuples.push_back(tuple);
  auto block = std::make_shared<BlockNode>(*realize->block);
  block->annotations[kBufferDimAlign] = MakeAnnotationList(tuples);
  state->Replace(realize, MakeBlockRealize(realize->iter_values, realize->predicate, block));
  return Status::Ok();
}

}  // namespace tessera::tir
