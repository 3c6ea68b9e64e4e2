// parallel, vectorize, unroll and bind (TVM's primitive/for_kind.cc). A loop may run its
// iterations in parallel only when every block below it is a complete or reduction block
// of its scope (compact data flow) and each block iterator whose binding uses the loop is
// data parallel; a reduction iterator may only be bound to threadIdx (cross-thread
// reduction). unroll changes only the order of evaluation and is always legal.
#include <algorithm>

#include "ir/Functor.h"
#include "tir/AffineBinding.h"
#include "tir/ScheduleError.h"
#include "tir/primitive/PrimitiveUtil.h"
#include "tir/primitive/Primitives.h"

namespace tessera::tir {

namespace for_kind_detail {

bool IsThreadIdx(const std::string& tag) { return tag.rfind("threadIdx.", 0) == 0; }

bool IsValidThreadAxis(const std::string& tag) {
  static const char* const kTags[] = {"blockIdx.x",  "blockIdx.y",  "blockIdx.z", "threadIdx.x",
                                      "threadIdx.y", "threadIdx.z", "vthread",    "vthread.x",
                                      "vthread.y",   "vthread.z"};
  return std::any_of(std::begin(kTags), std::end(kTags), [&](const char* t) { return tag == t; });
}

Status ParallelizeComputation(ScheduleState* state, const Var& loop_var, ForKind kind,
                              const std::string& thread_axis) {
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* loop = *live;
  const char* op = kind == ForKind::Parallel     ? "parallel"
                   : kind == ForKind::Vectorized ? "vectorize"
                                                 : "bind";
  for (const BlockRealizeNode* r : state->ChildBlocks(loop)) {
    if (!IsCompleteOrAffineReductionBlock(*state, r)) {
      return ScheduleError("NotCompactDataFlowError",
                           "The subtree under loop " + loop_var.name() +
                               " does not have compact dataflow: block " + r->block->name +
                               " is neither a complete block nor a reduction block");
    }
  }
  std::string bad;
  PreOrderVisit(BodyOf(loop), [&](const StmtNode* n) {
    const auto* r = As<BlockRealizeNode>(n);
    if (!r || !bad.empty()) return bad.empty();
    for (size_t i = 0; i < r->block->iter_vars.size(); ++i) {
      if (!ir::UsesVar(r->iter_values[i], loop_var)) continue;
      ir::IterVarType t = r->block->iter_vars[i]->iter_type;
      bool cross_thread = t == ir::IterVarType::CommReduce && IsThreadIdx(thread_axis);
      if (t != ir::IterVarType::DataPar && !cross_thread) {
        bad = r->block->name + " (iterator " + r->block->iter_vars[i]->var.name() + ")";
      }
    }
    return true;
  });
  if (!bad.empty()) {
    return ScheduleError("WrongBlockIterTypeError",
                         std::string("The \"") + op +
                             "\" cannot be fulfilled with regard to block " + bad +
                             " because some block iter whose block binding contains the loop "
                             "var " +
                             loop_var.name() + " is not a data parallel block iter");
  }
  auto n = std::make_shared<ForNode>(*loop);
  n->for_kind = kind;
  n->thread_tag = thread_axis;
  state->Replace(loop, n);
  return Status::Ok();
}

}  // namespace for_kind_detail

Status Parallel(ScheduleState* state, const Var& loop) {
  return for_kind_detail::ParallelizeComputation(state, loop, ForKind::Parallel, "");
}

Status Vectorize(ScheduleState* state, const Var& loop) {
  return for_kind_detail::ParallelizeComputation(state, loop, ForKind::Vectorized, "");
}

Status Bind(ScheduleState* state, const Var& loop, const std::string& thread_axis) {
  if (!for_kind_detail::IsValidThreadAxis(thread_axis)) {
    return ScheduleError("ValueError", "Unknown thread axis \"" + thread_axis +
                                           "\"; expected blockIdx.x/y/z, threadIdx.x/y/z or "
                                           "vthread");
  }
  return for_kind_detail::ParallelizeComputation(state, loop, ForKind::ThreadBinding, thread_axis);
}

Status Unroll(ScheduleState* state, const Var& loop_var) {
  auto live = LiveLoop(*state, loop_var);
  if (!live.ok()) return live.error();
  const ForNode* loop = *live;
  auto n = std::make_shared<ForNode>(*loop);
  n->for_kind = ForKind::Unrolled;
  n->thread_tag.clear();
  state->Replace(loop, n);
  return Status::Ok();
}

}  // namespace tessera::tir
