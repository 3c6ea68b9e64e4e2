#include "te/TensorIntrin.h"

#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "te/Compute.h"

namespace tessera::te {

namespace {

// A buffer fits a tensor when dtype and rank agree and no pair of constant extents
// differs (symbolic extents are checked where the intrinsic is used).
Status CheckBuffer(const std::string& intrin, const ir::Buffer& b, const Tensor& t) {
  if (!b) return Error("decl_tensor_intrin '" + intrin + "': no buffer for tensor " + t.name());
  if (b->dtype != t->dtype)
    return Error("decl_tensor_intrin '" + intrin + "': buffer " + b->name + " has dtype " +
                 b->dtype.str() + " but tensor " + t.name() + " is " + t->dtype.str());
  if (b->shape.size() != t->shape.size())
    return Error("decl_tensor_intrin '" + intrin + "': buffer " + b->name + " has " +
                 std::to_string(b->shape.size()) + " dimensions but tensor " + t.name() + " has " +
                 std::to_string(t->shape.size()));
  for (size_t d = 0; d < b->shape.size(); ++d) {
    const int64_t* be = ir::as_const_int(b->shape[d]);
    const int64_t* te = ir::as_const_int(t->shape[d]);
    if (be && te && *be != *te)
      return Error("decl_tensor_intrin '" + intrin + "': buffer " + b->name + " has extent " +
                   std::to_string(*be) + " in dimension " + std::to_string(d) + " but tensor " +
                   t.name() + " has " + std::to_string(*te));
  }
  if (!b->strides.empty() && b->strides.size() != b->shape.size())
    return Error("decl_tensor_intrin '" + intrin + "': buffer " + b->name + " has " +
                 std::to_string(b->strides.size()) + " strides for " +
                 std::to_string(b->shape.size()) + " dimensions");
  return Status::Ok();
}

class ExternCollector : public ir::IRVisitor {
 public:
  std::vector<std::string> names;

 protected:
  void VisitCall(const ir::CallNode* n, const Expr& e) override {
    if (ir::IsExternCall(*n) && std::find(names.begin(), names.end(), n->op) == names.end())
      names.push_back(n->op);
    IRVisitor::VisitCall(n, e);
  }
};

}  // namespace

Result<TensorIntrin> MakeTensorIntrin(std::string name, const Operation& op,
                                      std::vector<ir::Buffer> buffers, ir::Stmt body,
                                      ir::Stmt reduce_init, ir::Stmt reduce_update) {
  auto* c = dynamic_cast<const ComputeOpNode*>(op.get());
  if (!c)
    return Error("decl_tensor_intrin '" + name + "': the operation must be a te.compute, not a " +
                 (op ? op_kind_name(op->kind()) : "null operation"));
  std::vector<Tensor> inputs = op->InputTensors();
  for (const Tensor& t : inputs)
    if (t.op()->kind() != OpKind::Placeholder)
      return Error("decl_tensor_intrin '" + name + "': input " + t.name() + " of " + op->name +
                   " must be a te.placeholder (TVM does not support composed intrinsics)");
  size_t expected = inputs.size() + static_cast<size_t>(op->num_outputs());
  if (buffers.size() != expected)
    return Error("decl_tensor_intrin '" + name + "': " + std::to_string(buffers.size()) +
                 " buffers for " + std::to_string(expected) + " tensors");
  for (size_t i = 0; i < buffers.size(); ++i) {
    Tensor t = i < inputs.size() ? inputs[i] : output_of(op, static_cast<int>(i - inputs.size()));
    if (Status s = CheckBuffer(name, buffers[i], t); !s) return s.error();
  }
  if (!body.defined() && !reduce_update.defined())
    return Error("decl_tensor_intrin '" + name + "': the intrinsic function returned no body");
  if (!body.defined() && !c->is_reduction())
    return Error("decl_tensor_intrin '" + name + "': " + op->name +
                 " is not a reduction, so the intrinsic needs a body (not only reset/update)");
  auto node = std::make_shared<TensorIntrinNode>();
  node->name = std::move(name);
  node->op = op;
  node->inputs = std::move(inputs);
  node->buffers = std::move(buffers);
  node->body = std::move(body);
  node->reduce_init = std::move(reduce_init);
  node->reduce_update = std::move(reduce_update);
  return TensorIntrin(node);
}

ir::Buffer DefaultIntrinBuffer(const Tensor& t, int64_t offset_factor) {
  auto b = std::make_shared<ir::BufferNode>(*ir::MakeBuffer(t.name(), t->dtype, t->shape));
  if (offset_factor != 0) b->elem_offset = ir::Var(t.name() + "_elem_offset");
  return b;
}

std::vector<std::string> ExternCallsIn(const ir::Stmt& s) {
  ExternCollector collector;
  if (s.defined()) collector.VisitStmt(s);
  return collector.names;
}

}  // namespace tessera::te
