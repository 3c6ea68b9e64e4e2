#include "te/Operation.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::te {

const char* op_kind_name(OpKind kind) {
  switch (kind) {
    case OpKind::Placeholder:
      return "placeholder";
    case OpKind::Compute:
      return "compute";
    case OpKind::Scan:
      return "scan";
    case OpKind::Extern:
      return "extern";
  }
  return "?";
}

Tensor output_of(const Operation& op, int value_index) {
  std::lock_guard<std::mutex> lock(op->outputs_mutex_);
  auto index = static_cast<size_t>(value_index);
  if (op->outputs_.size() <= index) op->outputs_.resize(index + 1);
  if (auto alive = op->outputs_[index].lock()) return Tensor(alive);
  std::string name = op->name;
  if (op->num_outputs() > 1) name += ".v" + std::to_string(value_index);
  auto node = std::make_shared<const TensorNode>(
      op, value_index, name, op->output_shape(value_index), op->output_dtype(value_index));
  op->outputs_[index] = node;
  return Tensor(node);
}

Tensor Tensor::from(const ir::DataProducer& producer) {
  return Tensor(std::dynamic_pointer_cast<const TensorNode>(producer));
}

Expr Tensor::operator()(std::vector<Expr> indices) const {
  return ir::MakeProducerLoad(node_, std::move(indices));
}

DataType ComputeOpNode::output_dtype(int i) const {
  return body.at(static_cast<size_t>(i)).dtype();
}

std::vector<Expr> ComputeOpNode::output_shape(int) const {
  std::vector<Expr> shape;
  for (const IterVar& iv : axis) shape.push_back(iv->dom.extent);
  return shape;
}

std::vector<IterVar> ComputeOpNode::root_iter_vars() const {
  std::vector<IterVar> roots = axis;
  roots.insert(roots.end(), reduce_axis.begin(), reduce_axis.end());
  return roots;
}

std::vector<Tensor> ComputeOpNode::InputTensors() const { return TensorsReadBy(body); }

void ForEachTensorLoad(const std::vector<Expr>& exprs,
                       const std::function<void(const Tensor&, const std::vector<Expr>&)>& f) {
  for (const Expr& e : exprs)
    ir::PostOrderVisit(e, [&](const Expr& sub) {
      auto* load = sub.as<ir::ProducerLoadNode>();
      if (!load) return;
      if (Tensor t = Tensor::from(load->producer); t.defined()) f(t, load->indices);
    });
}

std::vector<Tensor> TensorsReadBy(const std::vector<Expr>& exprs) {
  std::vector<Tensor> result;
  ForEachTensorLoad(exprs, [&](const Tensor& t, const std::vector<Expr>&) {
    for (const Tensor& seen : result)
      if (seen.same_as(t)) return;
    result.push_back(t);
  });
  return result;
}

namespace {

// True when a Reduce appears anywhere below the root of `e`.
bool HasNestedReduce(const Expr& e) {
  bool nested = false;
  ir::PostOrderVisit(e, [&](const Expr& sub) {
    if (!sub.same_as(e) && sub.as<ir::ReduceNode>()) nested = true;
  });
  return nested;
}

}  // namespace

Result<Operation> MakeComputeOp(std::string name, std::string tag, std::vector<IterVar> axis,
                                std::vector<Expr> body) {
  if (body.empty()) return Error("compute '" + name + "' has no body");
  std::vector<IterVar> reduce_axis;
  const ir::ReduceNode* first = body[0].as<ir::ReduceNode>();
  for (const Expr& b : body) {
    if (!b.defined()) return Error("compute '" + name + "' has an undefined body");
    const ir::ReduceNode* r = b.as<ir::ReduceNode>();
    if ((r != nullptr) != (first != nullptr))
      return Error("compute '" + name + "': either every output or none must be a reduction");
    if (HasNestedReduce(b))
      return Error("compute '" + name +
                   "': a reduction (te.sum/te.max/te.min) must be the whole body, not part of "
                   "an expression");
    if (r && first && r->axis != first->axis)
      return Error("compute '" + name + "': all reductions must use the same reduce axes");
  }
  if (first) reduce_axis = first->axis;
  for (const IterVar& iv : axis) {
    if (!iv || !iv->dom.defined())
      return Error("compute '" + name + "' has an axis without a range");
  }
  return Operation(std::make_shared<const ComputeOpNode>(
      std::move(name), std::move(tag), std::move(axis), std::move(reduce_axis), std::move(body)));
}

Operation WithBody(const Operation& op, std::vector<Expr> body) {
  auto* c = dynamic_cast<const ComputeOpNode*>(op.get());
  if (!c) return op;
  return std::make_shared<const ComputeOpNode>(c->name, c->tag, c->axis, c->reduce_axis,
                                               std::move(body));
}

}  // namespace tessera::te
