// annotate_buffer_access (TVM's primitive/annotate_buffer_access.cc): the region a block
// declares it reads or writes of one buffer, given by the user where the inferred one is
// too wide (a resize's data-dependent index reads the whole input). The block keeps the
// region and says so in its explicit_read_region / explicit_write_region annotation, so
// compute_at and the region analysis work from it. Nothing checks that the body stays
// inside it: an annotation too narrow is the user's to avoid, as in TVM.
#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace annotate_buffer_access_detail {

// The annotation's list of buffer indices with `index` added (kept once, in order).
Expr WithIndex(const std::map<std::string, Expr>& annotations, const std::string& key,
               int64_t index) {
  std::vector<Expr> items;
  if (auto it = annotations.find(key); it != annotations.end()) {
    if (const auto* call = it->second.as<ir::CallNode>(); call && call->op == kAnnotationList)
      items = call->args;
    else
      items.push_back(it->second);
  }
  const bool present = std::any_of(items.begin(), items.end(), [&](const Expr& e) {
    const int64_t* c = ir::as_const_int(e);
    return c && *c == index;
  });
  if (!present) items.push_back(ir::make_const(DataType::Int(32), index));
  return MakeAnnotationList(std::move(items));
}

}  // namespace annotate_buffer_access_detail

Status AnnotateBufferAccess(ScheduleState* state, const std::string& block_name,
                            size_t buffer_index, BufferIndexType type, const IndexMap& ranges) {
  using namespace annotate_buffer_access_detail;
  auto found = GetBlock(*state, block_name);
  if (!found.ok()) return found.error();
  const BlockRealizeNode* realize = *found;
  const BlockNode& block = *realize->block;
  const bool write = type == BufferIndexType::Write;
  const std::vector<BufferRegion>& regions = write ? block.writes : block.reads;
  if (buffer_index >= regions.size())
    return ScheduleError("BufferIndexOutOfRangeError",
                         "Index " + std::to_string(buffer_index) + " out of bounds for block " +
                             block_name + "'s " + (write ? "writes" : "reads") + " (it has " +
                             std::to_string(regions.size()) + ")");
  const Buffer& buffer = regions[buffer_index].buffer;
  if (!ranges || ranges->initial_indices.size() != block.iter_vars.size())
    return ScheduleError("ValueError",
                         "Number of iter_vars (" + std::to_string(block.iter_vars.size()) +
                             ") of block " + block_name +
                             " must match the parameters of gen_new_ranges (" +
                             std::to_string(ranges ? ranges->initial_indices.size() : 0) + ")");
  if (ranges->final_indices.size() != 2 * buffer->shape.size())
    return ScheduleError("ValueError", "gen_new_ranges gives " +
                                           std::to_string(ranges->final_indices.size() / 2) +
                                           " range(s) for " + buffer->name + ", which has " +
                                           std::to_string(buffer->shape.size()) + " dimension(s)");
  ir::VarMap vmap;
  for (size_t i = 0; i < block.iter_vars.size(); ++i)
    vmap[ranges->initial_indices[i]] = block.iter_vars[i]->var;
  arith::Analyzer analyzer;
  Region region;
  for (size_t i = 0; i < ranges->final_indices.size(); i += 2) {
    Expr begin = ir::Substitute(ranges->final_indices[i], vmap);
    Expr end = ir::Substitute(ranges->final_indices[i + 1], vmap);
    region.push_back(Range::FromMinExtent(begin, analyzer.Simplify(ir::sub(end, begin))));
  }
  auto annotated = std::make_shared<BlockNode>(block);
  (write ? annotated->writes : annotated->reads)[buffer_index] = BufferRegion{buffer, region};
  const std::string key = write ? "explicit_write_region" : "explicit_read_region";
  annotated->annotations[key] = WithIndex(block.annotations, key, int64_t(buffer_index));
  state->Replace(realize, MakeBlockRealize(realize->iter_values, realize->predicate, annotated));
  return Status::Ok();
}

}  // namespace tessera::tir
