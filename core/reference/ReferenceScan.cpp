#include "reference/ReferenceScan.h"

#include <cstring>

#include "ir/ExprOp.h"

namespace tessera::reference {

using namespace runtime;

namespace {

bool Contains(const std::vector<te::Operation>& ops, const te::Operation& op) {
  for (const te::Operation& o : ops)
    if (o == op) return true;
  return false;
}

bool IsState(const te::ScanOpNode& scan, const te::Operation& op) {
  for (const te::Tensor& t : scan.state_placeholder)
    if (t.op() == op) return true;
  return false;
}

// Bytes of one time step of an array whose first dimension is time.
size_t RowBytes(const NDArray& a) {
  size_t n = static_cast<size_t>(a.dtype().bytes());
  for (size_t d = 1; d < a.shape().size(); ++d) n *= static_cast<size_t>(a.shape()[d]);
  return n;
}

void CopyRows(const NDArray& from, int64_t from_row, const NDArray& to, int64_t to_row,
              int64_t rows) {
  size_t row = RowBytes(to);
  std::memcpy(static_cast<char*>(to.data()) + row * static_cast<size_t>(to_row),
              static_cast<const char*>(from.data()) + row * static_cast<size_t>(from_row),
              row * static_cast<size_t>(rows));
}

// `op` restricted to time t: its first axis runs over [t, t + 1) only.
std::shared_ptr<const te::ComputeOpNode> AtTime(const te::ComputeOpNode& op, int64_t t) {
  std::vector<ir::IterVar> axis = op.axis;
  const ir::IterVar& time = axis[0];
  axis[0] = ir::MakeIterVar(ir::Range(ir::make_const(time->var.dtype(), t),
                                      ir::make_const(time->var.dtype(), int64_t{1})),
                            time->var, time->iter_type, time->thread_tag);
  return std::make_shared<const te::ComputeOpNode>(op.name, op.tag, std::move(axis), op.reduce_axis,
                                                   op.body);
}

}  // namespace

std::vector<te::Operation> ScanDependencies(const te::ScanOpNode& scan) {
  std::vector<te::Operation> group = te::ScanUpdateGroup(scan);
  std::vector<te::Operation> deps;
  auto add = [&](const te::Operation& op) {
    if (!Contains(deps, op) && !Contains(group, op) && !IsState(scan, op)) deps.push_back(op);
  };
  for (const te::Tensor& t : scan.init) add(t.op());
  for (const te::Operation& op : group)
    for (const te::Tensor& t : op->InputTensors()) add(t.op());
  return deps;
}

Result<std::vector<NDArray>> EvaluateScanStage(const te::ScanOpNode& scan, TensorTable& table,
                                               const ScalarArgs& constants,
                                               const ReferenceOptions& options) {
  auto time_extent = EvalScalar(scan.state_placeholder[0]->shape[0], constants, scan.name);
  if (!time_extent) return time_extent.error();
  auto init_extent = EvalScalar(scan.init_extent(), constants, scan.name);
  if (!init_extent) return init_extent.error();
  if (*init_extent < 0 || *init_extent > *time_extent)
    return Error("scan " + scan.name + ": the init covers " + std::to_string(*init_extent) +
                 " times of " + std::to_string(*time_extent));
  std::vector<NDArray> states;
  for (size_t i = 0; i < scan.state_placeholder.size(); ++i) {
    std::vector<int64_t> shape;
    for (const ir::Expr& e : scan.state_placeholder[i]->shape) {
      auto v = EvalScalar(e, constants, scan.name);
      if (!v) return v.error();
      shape.push_back(*v);
    }
    auto a = NDArray::Empty(shape, scan.output_dtype(static_cast<int>(i)));
    if (!a) return Error("scan " + scan.name + ": " + a.error().message);
    const ReadableTensor* init = table.Find(scan.init[i]);
    if (!init)
      return Error("scan " + scan.name + ": its init " + scan.init[i].name() +
                   " was not evaluated");
    if (RowBytes(init->array) != RowBytes(*a) || init->array.shape()[0] != *init_extent)
      return Error("scan " + scan.name + ": init " + scan.init[i].name() +
                   " does not match the state's shape");
    CopyRows(init->array, 0, *a, 0, *init_extent);
    table.Add(scan.state_placeholder[i], *a);
    states.push_back(*a);
  }
  // The group's arrays cover every time; time t of each is computed at step t.
  std::vector<te::Operation> group = te::ScanUpdateGroup(scan);
  std::vector<std::pair<te::Operation, const te::ComputeOpNode*>> computes;
  for (const te::Operation& op : group) {
    auto* c = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!c || c->axis.empty())
      return Error("scan " + scan.name +
                   ": the oracle evaluates update stages that are computes "
                   "with a time axis; " +
                   op->name + " is not");
    auto extent = EvalScalar(c->axis[0]->dom.extent, constants, op->name);
    if (!extent) return extent.error();
    if (*extent != *time_extent || !ir::is_zero(c->axis[0]->dom.min))
      return Error("scan " + scan.name + ": update stage " + op->name + "'s first dimension (" +
                   std::to_string(*extent) + ") is not the scan's time (" +
                   std::to_string(*time_extent) +
                   "); the oracle evaluates one time step at a time");
    for (int v = 0; v < op->num_outputs(); ++v) {
      std::vector<int64_t> shape{*time_extent};
      for (size_t d = 1; d < c->axis.size(); ++d) {
        auto e = EvalScalar(c->axis[d]->dom.extent, constants, op->name);
        if (!e) return e.error();
        shape.push_back(*e);
      }
      auto a = NDArray::Empty(shape, op->output_dtype(v));
      if (!a) return Error("scan " + scan.name + ": " + a.error().message);
      table.Add(te::output_of(op, v), *a);
    }
    computes.emplace_back(op, c);
  }
  for (int64_t t = *init_extent; t < *time_extent; ++t) {
    for (const auto& [op, c] : computes) {
      auto rows = EvaluateComputeStage(*AtTime(*c, t), table, constants, options);
      if (!rows)
        return Error("scan " + scan.name + " at time " + std::to_string(t) + ": " +
                     rows.error().message);
      for (size_t v = 0; v < rows->size(); ++v)
        CopyRows((*rows)[v], 0, table.Find(te::output_of(op, static_cast<int>(v)))->array, t, 1);
    }
    for (size_t i = 0; i < states.size(); ++i)
      CopyRows(table.Find(scan.update[i])->array, t, states[i], t, 1);
  }
  return states;
}

}  // namespace tessera::reference
