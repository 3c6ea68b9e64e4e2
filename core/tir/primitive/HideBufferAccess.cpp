// unsafe_hide_buffer_access (TVM's primitive/hide_buffer_access.cc): read or write regions
// taken out of a block's signature, its body unchanged, so that the analyses no longer see
// them (an index buffer of a gather that would stop tensorize's pattern match). Unsafe by
// design, as in TVM: nothing checks that the hidden accesses do not matter.
#include <set>

#include "tir/ScheduleError.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

Status UnsafeHideBufferAccess(ScheduleState* state, const std::string& block_name,
                              const std::string& buf_type, const std::vector<int64_t>& indices) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  if (buf_type != "read" && buf_type != "write")
    return ScheduleError("BufTypeError",
                         "The buffer type for hide_buffer_access schedule should either be "
                         "'read' or 'write', got " +
                             buf_type + " instead.");
  const std::vector<BufferRegion>& regions = buf_type == "read" ? block.reads : block.writes;
  std::set<int64_t> hidden;
  for (int64_t i : indices) {
    if (i < 0 || i >= static_cast<int64_t>(regions.size()))
      return ScheduleError("InvalidIndexError",
                           "The buffer index array for hide_buffer_access schedule should be a "
                           "list of integers between 0 and " +
                               std::to_string(static_cast<int64_t>(regions.size()) - 1) + ", got " +
                               std::to_string(i) + " instead (block " + block.name + " has " +
                               std::to_string(regions.size()) + " " + buf_type + " region(s)).");
    hidden.insert(i);
  }
  auto n = std::make_shared<BlockNode>(block);
  std::vector<BufferRegion>& kept = buf_type == "read" ? n->reads : n->writes;
  kept.clear();
  for (size_t i = 0; i < regions.size(); ++i)
    if (!hidden.count(static_cast<int64_t>(i))) kept.push_back(regions[i]);
  state->Replace(realize, MakeBlockRealize(realize->iter_values, realize->predicate, std::move(n)));
  return Status::Ok();
}

}  // namespace tessera::tir
