#include "te/Scan.h"

#include <functional>
#include <unordered_map>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"

namespace tessera::te {

DataType ScanOpNode::output_dtype(int i) const { return update.at(static_cast<size_t>(i))->dtype; }

std::vector<Expr> ScanOpNode::output_shape(int i) const {
  return state_placeholder.at(static_cast<size_t>(i))->shape;
}

std::vector<IterVar> ScanOpNode::root_iter_vars() const {
  std::vector<IterVar> roots{scan_axis};
  roots.insert(roots.end(), spatial_axis.begin(), spatial_axis.end());
  return roots;
}

std::vector<Tensor> ScanOpNode::InputTensors() const {
  std::vector<Tensor> out = init;
  out.insert(out.end(), update.begin(), update.end());
  return out;
}

std::vector<IterVar> ScanOpNode::spatial_axes_of(size_t state) const {
  size_t begin = 0;
  for (size_t i = 0; i < state; ++i) begin += state_placeholder[i].ndim() - 1;
  size_t count = state_placeholder.at(state).ndim() - 1;
  return {spatial_axis.begin() + static_cast<long>(begin),
          spatial_axis.begin() + static_cast<long>(begin + count)};
}

namespace {

bool ProvablyEqual(const Expr& a, const Expr& b) {
  arith::Analyzer analyzer;
  return analyzer.CanProve(ir::eq(a, b));
}

std::string Dim(const Tensor& t, size_t k) {
  return t.name() + ".shape[" + std::to_string(k) + "] = " + ir::to_string(t->shape[k]);
}

// One state's init, update and placeholder agree with each other (and with state 0's
// time extents).
Status CheckState(size_t i, const Tensor& init, const Tensor& update, const Tensor& state,
                  const Tensor& init0, const Tensor& update0) {
  std::string what = "te.scan: state " + std::to_string(i) + " (" + state.name() + ")";
  if (state.op()->kind() != OpKind::Placeholder)
    return Error(what + " must be a te.placeholder, not the " + op_kind_name(state.op()->kind()) +
                 " '" + state.op()->name + "'");
  if (state.ndim() == 0) return Error(what + " needs a time dimension (it is a scalar)");
  for (const Tensor* t : {&init, &update})
    if (t->ndim() != state.ndim())
      return Error(what + ": " + t->name() + " has " + std::to_string(t->ndim()) +
                   " dimensions, the state has " + std::to_string(state.ndim()));
  for (const Tensor* t : {&init, &update})
    if ((*t)->dtype != state->dtype)
      return Error(what + ": " + t->name() + " is " + (*t)->dtype.str() + ", the state is " +
                   state->dtype.str());
  for (size_t k = 1; k < state.ndim(); ++k)
    for (const Tensor* t : {&init, &update})
      if (!ProvablyEqual((*t)->shape[k], state->shape[k]))
        return Error(what + ": " + Dim(*t, k) + " differs from " + Dim(state, k));
  if (!ProvablyEqual(init->shape[0], init0->shape[0]))
    return Error(what + ": " + Dim(init, 0) + " differs from " + Dim(init0, 0) +
                 " (every init covers the same times)");
  if (!ProvablyEqual(update->shape[0], update0->shape[0]))
    return Error(what + ": " + Dim(update, 0) + " differs from " + Dim(update0, 0) +
                 " (every update covers the same times)");
  if (!ProvablyEqual(update->shape[0], state->shape[0]))
    return Error(what + ": " + Dim(update, 0) + " differs from " + Dim(state, 0) +
                 " (the update covers every time of the state)");
  return Status::Ok();
}

// Whether `op` reads (directly or through other operations) one of `targets`.
bool Reads(const Operation& op, const std::vector<Tensor>& targets) {
  std::unordered_map<const OperationNode*, bool> memo;
  std::function<bool(const Operation&)> visit = [&](const Operation& o) -> bool {
    if (auto it = memo.find(o.get()); it != memo.end()) return it->second;
    memo[o.get()] = false;
    bool hit = false;
    for (const Tensor& t : o->InputTensors()) {
      for (const Tensor& target : targets) hit |= t.same_as(target);
      hit = hit || visit(t.op());
    }
    memo[o.get()] = hit;
    return hit;
  };
  return visit(op);
}

}  // namespace

Result<Operation> MakeScanOp(std::string name, std::string tag, std::vector<Tensor> init,
                             std::vector<Tensor> update, std::vector<Tensor> state_placeholder,
                             std::vector<Tensor> inputs) {
  if (init.empty())
    return Error("te.scan: no states (init, update and state_placeholder are empty)");
  if (init.size() != update.size() || init.size() != state_placeholder.size())
    return Error("te.scan: init, update and state_placeholder must have the same length (" +
                 std::to_string(init.size()) + ", " + std::to_string(update.size()) + ", " +
                 std::to_string(state_placeholder.size()) + " given)");
  for (const auto* list : {&init, &update, &state_placeholder, &inputs})
    for (const Tensor& t : *list)
      if (!t.defined()) return Error("te.scan: an undefined tensor");
  for (size_t i = 0; i < init.size(); ++i)
    if (Status s = CheckState(i, init[i], update[i], state_placeholder[i], init[0], update[0]); !s)
      return s.error();
  for (size_t i = 0; i < init.size(); ++i)
    if (Reads(init[i].op(), state_placeholder))
      return Error("te.scan: init " + init[i].name() +
                   " reads a state placeholder; the initial times cannot depend on the scan");
  for (size_t i = 0; i < update.size(); ++i)
    if (!Reads(update[i].op(), state_placeholder))
      return Error("te.scan: update " + update[i].name() + " reads no state placeholder (" +
                   state_placeholder[0].name() + "...); it is not a recurrence");
  const Expr& t0 = init[0]->shape[0];
  const Expr& t1 = update[0]->shape[0];
  if (const int64_t* a = ir::as_const_int(t0), *b = ir::as_const_int(t1); a && b && *a > *b)
    return Error("te.scan: the init covers " + std::to_string(*a) + " times, more than the " +
                 std::to_string(*b) + " of the state");
  auto op = std::make_shared<ScanOpNode>(name, tag);
  op->scan_axis = ir::MakeIterVar(ir::Range(t0, t1 - t0), Var(name + ".idx", t0.dtype()),
                                  ir::IterVarType::Ordered);
  for (size_t i = 0; i < update.size(); ++i)
    for (size_t k = 1; k < update[i].ndim(); ++k) {
      const Expr& extent = update[i]->shape[k];
      Var v(name + ".out" + std::to_string(i) + ".i" + std::to_string(k), extent.dtype());
      op->spatial_axis.push_back(ir::MakeIterVar(ir::Range(ir::make_zero(extent.dtype()), extent),
                                                 v, ir::IterVarType::Opaque));
    }
  op->init = std::move(init);
  op->update = std::move(update);
  op->state_placeholder = std::move(state_placeholder);
  op->inputs = std::move(inputs);
  return Operation(op);
}

Operation ScanWithInputs(const ScanOpNode& scan, std::vector<Tensor> init,
                         std::vector<Tensor> update) {
  auto op = std::make_shared<ScanOpNode>(scan.name, scan.tag);
  op->scan_axis = scan.scan_axis;
  op->spatial_axis = scan.spatial_axis;
  op->state_placeholder = scan.state_placeholder;
  op->inputs = scan.inputs;
  op->init = std::move(init);
  op->update = std::move(update);
  return op;
}

Result<std::vector<Tensor>> scan(std::vector<Tensor> init, std::vector<Tensor> update,
                                 std::vector<Tensor> state_placeholder, std::vector<Tensor> inputs,
                                 std::string name, std::string tag) {
  auto op = MakeScanOp(std::move(name), std::move(tag), std::move(init), std::move(update),
                       std::move(state_placeholder), std::move(inputs));
  if (!op) return op.error();
  std::vector<Tensor> out;
  for (int i = 0; i < (*op)->num_outputs(); ++i) out.push_back(output_of(*op, i));
  return out;
}

std::vector<Operation> ScanUpdateGroup(const ScanOpNode& scan) {
  std::vector<Tensor> boundary = scan.state_placeholder;
  boundary.insert(boundary.end(), scan.inputs.begin(), scan.inputs.end());
  auto is_boundary = [&](const Operation& op) {
    for (const Tensor& t : boundary)
      if (t.op() == op) return true;
    return false;
  };
  std::unordered_map<const OperationNode*, bool> reach;
  std::vector<Operation> group;
  std::function<bool(const Operation&)> visit = [&](const Operation& op) -> bool {
    if (is_boundary(op)) return true;
    if (auto it = reach.find(op.get()); it != reach.end()) return it->second;
    reach[op.get()] = false;
    bool r = false;
    for (const Tensor& t : op->InputTensors()) r = visit(t.op()) || r;
    reach[op.get()] = r;
    if (r) group.push_back(op);
    return r;
  };
  for (const Tensor& u : scan.update) visit(u.op());
  return group;
}

}  // namespace tessera::te
