#include "te/Extern.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::te {

DataType ExternOpNode::output_dtype(int i) const {
  return output_placeholders.at(static_cast<size_t>(i))->dtype;
}

std::vector<Expr> ExternOpNode::output_shape(int i) const {
  return output_placeholders.at(static_cast<size_t>(i))->shape;
}

std::vector<Tensor> ExternOpNode::InputTensors() const {
  std::vector<Tensor> unique;
  for (const Tensor& t : inputs) {
    bool seen = false;
    for (const Tensor& u : unique) seen = seen || u.same_as(t);
    if (!seen) unique.push_back(t);
  }
  return unique;
}

Result<Operation> MakeExternOp(std::string name, std::string tag, std::vector<Tensor> inputs,
                               std::vector<ir::Buffer> input_placeholders,
                               std::vector<ir::Buffer> output_placeholders, ir::Stmt body) {
  if (inputs.size() != input_placeholders.size())
    return Error("te.extern: " + std::to_string(inputs.size()) + " inputs but " +
                 std::to_string(input_placeholders.size()) + " input buffers");
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Tensor& t = inputs[i];
    const ir::Buffer& b = input_placeholders[i];
    if (!t.defined() || !b) return Error("te.extern: input " + std::to_string(i) + " is undefined");
    if (b->dtype != t->dtype)
      return Error("te.extern: the buffer of input " + t.name() + " holds " + b->dtype.str() +
                   " but the tensor is " + t->dtype.str());
    if (b->shape.size() != t->shape.size())
      return Error("te.extern: the buffer of input " + t.name() + " has " +
                   std::to_string(b->shape.size()) + " dimensions but the tensor has " +
                   std::to_string(t->shape.size()));
  }
  if (output_placeholders.empty()) return Error("te.extern: the op has no output");
  // Lowering binds each buffer to its compact tensor by logical index, so a buffer
  // with strides or an element offset (decl_buffer's strides=, offset_factor=) would
  // be read differently by the lowered program and by the oracle: refused.
  for (const auto* list : {&input_placeholders, &output_placeholders})
    for (const ir::Buffer& b : *list)
      if (b && (!b->strides.empty() || b->elem_offset.defined()))
        return Error("te.extern: buffer " + b->name +
                     " has strides or an element offset; Tessera binds an extern's tensors to "
                     "compact buffers only");
  if (!body.defined()) return Error("te.extern: the body is undefined");
  auto op = std::make_shared<ExternOpNode>(std::move(name), std::move(tag));
  op->inputs = std::move(inputs);
  op->input_placeholders = std::move(input_placeholders);
  op->output_placeholders = std::move(output_placeholders);
  op->body = std::move(body);
  return Operation(op);
}

Operation ExternWithInputs(const ExternOpNode& op, std::vector<Tensor> inputs) {
  auto copy = std::make_shared<ExternOpNode>(op.name, op.tag);
  copy->inputs = std::move(inputs);
  copy->input_placeholders = op.input_placeholders;
  copy->output_placeholders = op.output_placeholders;
  copy->body = op.body;
  return copy;
}

namespace {

// Rewrites placeholder-buffer accesses into producer accesses (ExternBodyOnTensors).
class ExternPlaceholderBinder : public ir::IRMutator {
 public:
  void Bind(const ir::Buffer& b, const Tensor& t) { bound_.emplace_back(b, t); }

 protected:
  Expr VisitBufferLoad(const ir::BufferLoadNode* n, const Expr& e) override {
    Expr visited = IRMutator::VisitBufferLoad(n, e);
    auto* load = visited.as<ir::BufferLoadNode>();
    const Tensor* t = Find(load->buffer);
    if (!t) return visited;
    return ir::MakeProducerLoad(t->producer(), load->indices);
  }

  // A placeholder's data handle (a call_packed argument, access_ptr) is the address of
  // the bound tensor's first element (TVM binds the handle in buffer_bind_scope).
  Expr VisitVar(const ir::VarNode*, const Expr& e) override {
    for (const auto& [buffer, tensor] : bound_)
      if (buffer && buffer->data.same_as(e)) {
        std::vector<Expr> origin(tensor->shape.size(), ir::make_zero(ir::DataType::Int(32)));
        return ir::MakeCall(ir::DataType::Handle(), "tir.address_of",
                            {ir::MakeProducerLoad(tensor.producer(), origin)},
                            ir::CallKind::Intrinsic);
      }
    return e;
  }

  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override {
    ir::Stmt visited = IRMutator::VisitBufferStore(n, s);
    auto* store = visited.as<ir::BufferStoreNode>();
    const Tensor* t = Find(store->buffer);
    if (!t) return visited;
    return ir::MakeProducerStore(t->producer(), store->value, store->indices);
  }

 private:
  std::vector<std::pair<ir::Buffer, Tensor>> bound_;

  const Tensor* Find(const ir::Buffer& b) const {
    for (const auto& [buffer, tensor] : bound_)
      if (buffer == b || (buffer && b && buffer->data.same_as(b->data))) return &tensor;
    return nullptr;
  }
};

}  // namespace

ir::Stmt ExternBodyOnTensors(const Operation& self) {
  const auto* op = dynamic_cast<const ExternOpNode*>(self.get());
  if (!op) return ir::Stmt();
  ExternPlaceholderBinder binder;
  for (size_t i = 0; i < op->inputs.size(); ++i)
    binder.Bind(op->input_placeholders[i], op->inputs[i]);
  for (size_t k = 0; k < op->output_placeholders.size(); ++k)
    binder.Bind(op->output_placeholders[k], output_of(self, static_cast<int>(k)));
  return binder.VisitStmt(op->body);
}

}  // namespace tessera::te
