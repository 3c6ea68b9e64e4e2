// reorder_block_iter_var (TVM's primitive/reorder_block_iter_var.cc): a block's iterators
// in another order, each keeping its binding. Only the block's signature changes; what it
// computes, and the loops above it, stay as they were.
#include <algorithm>
#include <set>

#include "tir/ScheduleError.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

Status ReorderBlockIterVar(ScheduleState* state, const std::string& block_name,
                           const std::vector<int64_t>& new_order) {
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const size_t n = realize->block->iter_vars.size();
  const std::set<int64_t> distinct(new_order.begin(), new_order.end());
  const bool in_range = std::all_of(new_order.begin(), new_order.end(), [&](int64_t i) {
    return i >= 0 && i < static_cast<int64_t>(n);
  });
  if (new_order.size() != n || distinct.size() != n || !in_range) {
    std::string order = "[";
    for (size_t k = 0; k < new_order.size(); ++k)
      order += (k ? ", " : "") + std::to_string(new_order[k]);
    return ScheduleError("InvalidReorderIndex",
                         "The user provided block itervar index order " + order +
                             "] is not a valid permutation of [0, 1, ..., "
                             "num_block_iter_vars-1] in block " +
                             block_name + " (it has " + std::to_string(n) + " iterators).");
  }
  auto block = std::make_shared<BlockNode>(*realize->block);
  std::vector<Expr> values;
  block->iter_vars.clear();
  for (int64_t i : new_order) {
    block->iter_vars.push_back(realize->block->iter_vars[static_cast<size_t>(i)]);
    values.push_back(realize->iter_values[static_cast<size_t>(i)]);
  }
  state->Replace(realize, MakeBlockRealize(std::move(values), realize->predicate, block));
  return Status::Ok();
}

}  // namespace tessera::tir
