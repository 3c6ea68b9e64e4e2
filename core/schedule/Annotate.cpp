// Loop annotations: vectorize, unroll, parallel, bind (thread axes), pragma, prefetch
// and storage_align. They only set per-IterVar attributes; ScheduleOps turns them into
// loop kinds and attributes.
#include <algorithm>
#include <cstdint>
#include <limits>

#include "ir/ExprOp.h"
#include "schedule/CrossThreadReduction.h"
#include "schedule/PrimitiveUtil.h"
#include "schedule/Primitives.h"
#include "te/Compute.h"

namespace tessera::schedule {

namespace {

Status CheckAnnotatable(const Schedule& sch, const Stage& stage, const IterVar& iv,
                        const std::string& what, bool allow_reduce) {
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (Status s = detail::CheckLeaf(sch, stage, iv, what); !s) return s;
  if (what != "unroll")
    if (Status s = detail::CheckNotScanTime(stage, what); !s) return s;
  if (!allow_reduce && iv->iter_type == ir::IterVarType::CommReduce)
    return Error(what + ": " + iv->var.name() + " is a reduction axis of " + stage->name() +
                 "; it cannot be " + (what == "vectorize" ? "vectorized" : "parallelized"));
  if (IterVar t = stage->attr(iv).bind_thread)
    return Error(what + ": " + iv->var.name() + " is bound to " + t->thread_tag);
  if (what == "vectorize" && !stage->attr(iv).prefetches.empty())
    return Error("vectorize: " + iv->var.name() +
                 " prefetches at the top of each iteration; a vector loop has no iterations "
                 "to prefetch in");
  return Status::Ok();
}

Status Annotate(Schedule& sch, const Stage& stage, const IterVar& iv, const std::string& what,
                ir::IterVarType kind, bool allow_reduce) {
  if (Status s = CheckAnnotatable(sch, stage, iv, what, allow_reduce); !s) return s;
  IterVarRef ref = detail::MakeIterVarRef(sch, stage, iv);
  stage->iter_var_attrs[iv].annotation = kind;
  detail::Record(sch, what, stage).iter_vars = {ref};
  return Status::Ok();
}

}  // namespace

Status Vectorize(Schedule& sch, Stage stage, IterVar iv) {
  return Annotate(sch, stage, iv, "vectorize", ir::IterVarType::Vectorized, false);
}

Status Unroll(Schedule& sch, Stage stage, IterVar iv) {
  return Annotate(sch, stage, iv, "unroll", ir::IterVarType::Unrolled, true);
}

Status Parallel(Schedule& sch, Stage stage, IterVar iv) {
  return Annotate(sch, stage, iv, "parallel", ir::IterVarType::Parallelized, false);
}

namespace {

// The key of a thread axis in Schedule::thread_axes: its tag, or "vthread:NAME" for a
// virtual thread (a schedule may have several).
std::string ThreadAxisKey(const IterVar& thread) {
  if (!te::is_virtual_thread_tag(thread->thread_tag)) return thread->thread_tag;
  return thread->thread_tag + ":" + thread->var.name();
}

}  // namespace

Status Bind(Schedule& sch, Stage stage, IterVar iv, IterVar thread) {
  const std::string what = "bind";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (Status s = detail::CheckLeaf(sch, stage, iv, what); !s) return s;
  if (Status s = detail::CheckNotScanTime(stage, what); !s) return s;
  if (!thread || thread->iter_type != ir::IterVarType::ThreadIndex ||
      !te::is_thread_tag(thread->thread_tag))
    return Error("bind: the target is not a thread axis (use te.thread_axis(\"threadIdx.x\"))");
  if (iv->iter_type == ir::IterVarType::CommReduce)
    if (Status s = CheckCrossThreadBind(stage, iv, thread); !s) return s;
  IterVarAttr current = stage->attr(iv);
  if (current.bind_thread)
    return Error("bind: " + iv->var.name() + " is already bound to " +
                 current.bind_thread->thread_tag);
  if (current.annotation != ir::IterVarType::DataPar)
    return Error("bind: " + iv->var.name() + " is " + ir::iter_var_type_name(current.annotation) +
                 "; a bound loop cannot be");
  if (!current.prefetches.empty())
    return Error("bind: " + iv->var.name() + " prefetches; a loop bound to a thread cannot");
  // A stage binds each real thread once; virtual threads are told apart by their
  // IterVar (TVM's opt_conv_cuda binds two vthreads, vx and vy, in one stage).
  bool is_virtual = te::is_virtual_thread_tag(thread->thread_tag);
  for (const auto& [other, attr] : stage->iter_var_attrs)
    if (attr.bind_thread && attr.bind_thread->thread_tag == thread->thread_tag &&
        (!is_virtual || attr.bind_thread == thread))
      return Error("bind: " + (is_virtual ? thread->var.name() : thread->thread_tag) +
                   " is already bound to " + other->var.name() + " in stage " + stage->name());
  IterVarRef ref = detail::MakeIterVarRef(sch, stage, iv);
  std::string key = ThreadAxisKey(thread);
  if (!sch.thread_axes.count(key)) sch.thread_axes[key] = thread;
  stage->iter_var_attrs[iv].bind_thread = thread;
  TraceEntry& recorded = detail::Record(sch, what, stage);
  recorded.iter_vars = {ref};
  recorded.strings["thread"] = thread->thread_tag;
  if (is_virtual) recorded.strings["name"] = thread->var.name();
  return Status::Ok();
}

namespace {
// The pragma (key, value) on leaf iv, recorded with the value's field filled by `record`.
template <typename RecordValue>
Status AddPragmaAnnotation(Schedule& sch, Stage stage, IterVar iv, const std::string& key,
                           Expr value, RecordValue record) {
  if (Status s = detail::CheckSchedulable(sch, stage, "pragma"); !s) return s;
  if (Status s = detail::CheckLeaf(sch, stage, iv, "pragma"); !s) return s;
  if (key.empty()) return Error("pragma: the pragma key is empty");
  IterVarRef ref = detail::MakeIterVarRef(sch, stage, iv);
  stage->iter_var_attrs[iv].pragmas.emplace_back(key, value);
  TraceEntry& recorded = detail::Record(sch, "pragma", stage);
  recorded.iter_vars = {ref};
  recorded.strings["key"] = key;
  record(recorded);
  return Status::Ok();
}
}  // namespace

Status Pragma(Schedule& sch, Stage stage, IterVar iv, const std::string& key,
              std::optional<int64_t> value) {
  Expr v = value ? ir::make_const(ir::DataType::Int(32), *value) : Expr();
  return AddPragmaAnnotation(sch, std::move(stage), std::move(iv), key, v, [&](TraceEntry& e) {
    if (value) e.ints["value"] = *value;
  });
}

Status PragmaText(Schedule& sch, Stage stage, IterVar iv, const std::string& key,
                  const std::string& text) {
  return AddPragmaAnnotation(sch, std::move(stage), std::move(iv), key, ir::StringImm(text),
                             [&](TraceEntry& e) { e.strings["value"] = text; });
}

Status Prefetch(Schedule& sch, Stage stage, IterVar iv, const te::Tensor& tensor, int64_t offset) {
  const std::string what = "prefetch";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (Status s = detail::CheckLeaf(sch, stage, iv, what); !s) return s;
  if (!tensor.defined()) return Error("prefetch: no tensor to prefetch");
  std::vector<te::Tensor> inputs = stage->op->InputTensors();
  if (std::none_of(inputs.begin(), inputs.end(),
                   [&](const te::Tensor& t) { return t.same_as(tensor); }))
    return Error("prefetch: " + stage->name() + " does not read " + tensor->name +
                 "; prefetch one of the tensors it reads");
  Stage producer = sch.find(tensor);
  if (!producer)
    return Error("prefetch: " + tensor->name + " is not produced by a stage of this schedule");
  if (offset <= 0)
    return Error("prefetch: the offset must be a positive number of iterations ahead, got " +
                 std::to_string(offset));
  // The lowered loop nest carries the offset as a 32-bit constant.
  if (offset > std::numeric_limits<int32_t>::max())
    return Error("prefetch: the offset " + std::to_string(offset) + " is more than " +
                 std::to_string(std::numeric_limits<int32_t>::max()) + " iterations ahead");
  const IterVarAttr current = stage->attr(iv);
  if (current.annotation == ir::IterVarType::Vectorized)
    return Error("prefetch: " + iv->var.name() +
                 " is vectorized; prefetch at a loop outside the vector loop");
  if (current.bind_thread)
    return Error("prefetch: " + iv->var.name() + " is bound to " + current.bind_thread->thread_tag +
                 "; prefetch at a loop that runs serially");
  for (const auto& [other, ahead] : current.prefetches)
    if (other.same_as(tensor))
      return Error("prefetch: " + iv->var.name() + " already prefetches " + tensor->name + " (" +
                   std::to_string(ahead) + " iterations ahead)");
  IterVarRef ref = detail::MakeIterVarRef(sch, stage, iv);
  StageRef from = detail::MakeStageRef(sch, producer);
  stage->iter_var_attrs[iv].prefetches.emplace_back(tensor, offset);
  TraceEntry& recorded = detail::Record(sch, what, stage);
  recorded.iter_vars = {ref};
  recorded.stages = {from};
  recorded.ints["offset"] = offset;
  if (tensor->value_index != 0) recorded.ints["value_index"] = tensor->value_index;
  return Status::Ok();
}

Status StorageAlign(Schedule& sch, Stage stage, IterVar axis, int64_t factor, int64_t offset) {
  if (Status s = detail::CheckSchedulable(sch, stage, "storage_align"); !s) return s;
  if (Status s = detail::CheckOwned(sch, stage, axis, "storage_align"); !s) return s;
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c || std::find(c->axis.begin(), c->axis.end(), axis) == c->axis.end())
    return Error("storage_align: " + axis->var.name() + " is not a data axis (op.axis) of " +
                 stage->name());
  if (factor <= 0)
    return Error("storage_align: factor must be positive, got " + std::to_string(factor));
  if (offset < 0 || offset >= factor)
    return Error("storage_align: offset must be in [0, factor), got " + std::to_string(offset));
  // Both would decide the strides of the same allocation (TVM applies the alignment to
  // the logical dimensions, the layout replaces them): one or the other.
  if (stage->layout)
    return Error(
        "storage_align: " + stage->name() +
        " has a transform_layout; pad its physical layout there (pad_value) instead of aligning a "
        "logical dimension");
  IterVarRef ref = detail::MakeIterVarRef(sch, stage, axis);
  IterVarAttr& attr = stage->iter_var_attrs[axis];
  attr.align_factor = factor;
  attr.align_offset = offset;
  TraceEntry& recorded = detail::Record(sch, "storage_align", stage);
  recorded.iter_vars = {ref};
  recorded.ints = {{"factor", factor}, {"offset", offset}};
  return Status::Ok();
}

}  // namespace tessera::schedule
