#include "script/tvm/te/TeObjects.h"

#include "ir/ExprOp.h"
#include "script/lang/Args.h"
#include "script/tvm/te/BoundObjects.h"
#include "script/tvm/te/OperationAttrs.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "te/Extern.h"
#include "te/Scan.h"

namespace tessera::script {

Value MakeTensorValue(const te::Tensor& t) {
  return Value::FromObject(std::make_shared<TensorObject>(t));
}
Value MakeIterVarValue(const ir::IterVar& iv) {
  return Value::FromObject(std::make_shared<IterVarObject>(iv));
}
Value MakeOperationValue(const te::Operation& op) {
  return Value::FromObject(std::make_shared<OperationObject>(op));
}

te::Operation AsOperation(const Value& v) {
  if (auto* op = v.as<OperationObject>()) return op->op;
  if (auto* t = v.as<TensorObject>()) return t->tensor.op();
  return nullptr;
}

te::Tensor AsTensor(const Value& v) {
  if (auto* t = v.as<TensorObject>()) return t->tensor;
  return te::Tensor();
}

ir::IterVar AsIterVar(const Value& v) {
  if (auto* iv = v.as<IterVarObject>()) return iv->iter_var;
  return nullptr;
}

namespace {

// A shape dimension as a script value: a Python int when constant, else an expression.
Value DimensionValue(const ir::Expr& e) {
  if (const int64_t* c = ir::as_const_int(e)) return Value::Int(*c);
  return Value::FromExpr(e);
}

// Converts subscript values to integer index expressions.
Result<std::vector<ir::Expr>> IndexExprs(const te::Tensor& t, const std::vector<Value>& indices,
                                         const std::vector<SourceLoc>& locs) {
  std::vector<ir::Expr> out;
  for (size_t i = 0; i < indices.size(); ++i) {
    auto e = ToExpr(indices[i]);
    if (!e || indices[i].is_string() || indices[i].is_float() || !e->dtype().is_integer())
      return Error("index " + std::to_string(i) + " of tensor '" + t.name() +
                       "' must be an integer expression, not " +
                       (e && !indices[i].is_string() ? e->dtype().str() : indices[i].type_name()),
                   locs[i]);
    out.push_back(*e);
  }
  return out;
}

Result<Value> Load(const te::Tensor& t, std::vector<ir::Expr> indices, const SourceLoc& loc) {
  if (indices.size() > t.ndim())
    return Error("tensor '" + t.name() + "' has " + std::to_string(t.ndim()) + " dimension" +
                     (t.ndim() == 1 ? "" : "s") + " but " + std::to_string(indices.size()) +
                     " indices were given",
                 loc);
  if (indices.size() < t.ndim()) {
    auto slice = std::make_shared<TensorSliceObject>();
    slice->tensor = t;
    slice->indices = std::move(indices);
    return Value::FromObject(slice);
  }
  return Value::FromExpr(t(std::move(indices)));
}

Value IterVarList(const std::vector<ir::IterVar>& ivs) {
  std::vector<Value> items;
  for (const ir::IterVar& iv : ivs) items.push_back(MakeIterVarValue(iv));
  return Value::List(std::move(items));
}

}  // namespace

std::optional<Result<Value>> TensorObject::BinaryOperator(Interpreter& interp, BinaryOp op,
                                                          const Value& self, const Value& other,
                                                          bool self_on_left,
                                                          const SourceLoc& loc) const {
  const char* name = op == BinaryOp::Add   ? "add"
                     : op == BinaryOp::Sub ? "subtract"
                     : op == BinaryOp::Mul ? "multiply"
                     : op == BinaryOp::Div ? "divide"
                                           : nullptr;
  if (!name) return std::nullopt;
  auto topi = interp.Resolve(std::string("tvm.topi.") + name, loc);
  if (!topi) return Result<Value>(topi.error());
  if (!*topi) return std::nullopt;
  CallArgs call;
  call.loc = loc;
  call.positional =
      self_on_left ? std::vector<Value>{self, other} : std::vector<Value>{other, self};
  call.positional_locs = {loc, loc};
  return interp.CallValue(**topi, call);
}

Result<Value> TensorObject::GetAttr(Interpreter& interp, const std::string& name,
                                    const SourceLoc& loc) const {
  if (name == "op") return MakeOperationValue(tensor.op());
  if (name == "name") return Value::String(tensor.name());
  if (name == "dtype") return Value::String(tensor->dtype.str());
  if (name == "ndim") return Value::Int(static_cast<int64_t>(tensor.ndim()));
  if (name == "value_index") return Value::Int(tensor->value_index);
  if (name == "__hash__") {  // equal for the same output of the same operation (TVM's hash)
    const int64_t hash = static_cast<int64_t>(te::TensorHash()(tensor) & 0x7fffffffffffffffULL);
    return MakeFunction("__hash__", [hash](Interpreter&, const CallArgs& call) -> Result<Value> {
      if (!call.positional.empty() || !call.keywords.empty())
        return Error("__hash__() takes no arguments", call.loc);
      return Value::Int(hash);
    });
  }
  if (name == "shape") {
    std::vector<Value> dims;
    for (const ir::Expr& d : tensor->shape) dims.push_back(DimensionValue(d));
    return Value::Tuple(std::move(dims));
  }
  return Object::GetAttr(interp, name, loc);
}

Result<Value> TensorObject::Subscript(Interpreter&, const std::vector<Value>& indices,
                                      const std::vector<SourceLoc>& index_locs,
                                      const SourceLoc& loc) const {
  auto exprs = IndexExprs(tensor, indices, index_locs);
  if (!exprs) return exprs.error();
  return Load(tensor, std::move(exprs.value()), loc);
}

Result<Value> TensorObject::Call(Interpreter&, const CallArgs& call) const {
  if (!call.keywords.empty())
    return Error("a tensor takes no keyword arguments", call.keyword_locs.front());
  const size_t rank = tensor.ndim();
  if (call.positional.size() != rank)
    return Error("tensor '" + tensor.name() + "' needs " + std::to_string(rank) + " ind" +
                     (rank == 1 ? "ex" : "ices") + " but " +
                     std::to_string(call.positional.size()) +
                     (call.positional.size() == 1 ? " was" : " were") + " given",
                 call.loc);
  auto exprs = IndexExprs(tensor, call.positional, call.positional_locs);
  if (!exprs) return exprs.error();
  return Load(tensor, std::move(exprs.value()), call.loc);
}

Result<Value> TensorSliceObject::Subscript(Interpreter&, const std::vector<Value>& more,
                                           const std::vector<SourceLoc>& index_locs,
                                           const SourceLoc& loc) const {
  auto exprs = IndexExprs(tensor, more, index_locs);
  if (!exprs) return exprs.error();
  std::vector<ir::Expr> all = indices;
  all.insert(all.end(), exprs->begin(), exprs->end());
  return Load(tensor, std::move(all), loc);
}

Result<Value> OperationObject::GetAttr(Interpreter& interp, const std::string& name,
                                       const SourceLoc& loc) const {
  if (name == "name") return Value::String(op->name);
  if (name == "tag") return Value::String(op->tag);
  if (name == "attrs") return OperationAttrs(interp, op);
  if (name == "num_outputs") return Value::Int(op->num_outputs());
  if (name == "input_tensors") {
    std::vector<Value> inputs;
    for (const te::Tensor& t : op->InputTensors()) inputs.push_back(MakeTensorValue(t));
    return Value::List(std::move(inputs));
  }
  if (name == "output") {
    te::Operation self = op;
    return MakeFunction("output", [self](Interpreter&, const CallArgs& call) -> Result<Value> {
      Args args(call, "output", {"index"}, 1);
      if (!args.status()) return args.status().error();
      auto i = args.Int("index");
      if (!i) return i.error();
      if (*i < 0 || *i >= self->num_outputs())
        return args.ErrorAt("index", "operation '" + self->name + "' has " +
                                         std::to_string(self->num_outputs()) + " output(s)");
      return MakeTensorValue(te::output_of(self, static_cast<int>(*i)));
    });
  }
  if (auto* scan = dynamic_cast<const te::ScanOpNode*>(op.get())) {
    if (name == "scan_axis") return MakeIterVarValue(scan->scan_axis);
    auto list = [](const std::vector<te::Tensor>& tensors) {
      std::vector<Value> values;
      for (const te::Tensor& t : tensors) values.push_back(MakeTensorValue(t));
      return Value::List(std::move(values));
    };
    if (name == "init") return list(scan->init);
    if (name == "update") return list(scan->update);
    if (name == "state_placeholder") return list(scan->state_placeholder);
    if (name == "spatial_axis_") {
      std::vector<Value> axes;
      for (const ir::IterVar& iv : scan->spatial_axis) axes.push_back(MakeIterVarValue(iv));
      return Value::List(std::move(axes));
    }
  }
  if (auto* ext = dynamic_cast<const te::ExternOpNode*>(op.get())) {  // TVM's ExternOp fields
    auto buffers = [](const std::vector<ir::Buffer>& list) {
      std::vector<Value> values;
      for (const ir::Buffer& b : list)
        values.push_back(Value::FromObject(std::make_shared<BufferObject>(b)));
      return Value::List(std::move(values));
    };
    if (name == "inputs") {
      std::vector<Value> tensors;
      for (const te::Tensor& t : ext->inputs) tensors.push_back(MakeTensorValue(t));
      return Value::List(std::move(tensors));
    }
    if (name == "input_placeholders") return buffers(ext->input_placeholders);
    if (name == "output_placeholders") return buffers(ext->output_placeholders);
    if (name == "body") return Value::FromObject(std::make_shared<StmtObject>(ext->body));
  }
  if (name == "body") {  // a compute's expressions, one per output (TVM's ComputeOp.body)
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute)
      return Error(std::string(te::op_kind_name(op->kind())) + " '" + op->name + "' has no body",
                   loc);
    std::vector<Value> exprs;
    for (const ir::Expr& e : compute->body) exprs.push_back(Value::FromExpr(e));
    return Value::List(std::move(exprs));
  }
  if (name == "axis" || name == "reduce_axis") {
    auto* compute = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!compute)
      return Error(std::string(te::op_kind_name(op->kind())) + " '" + op->name + "' has no " +
                       name + " (only compute operations have axes)",
                   loc);
    return IterVarList(name == "axis" ? compute->axis : compute->reduce_axis);
  }
  return Object::GetAttr(interp, name, loc);
}

Result<Value> IterVarObject::GetAttr(Interpreter& interp, const std::string& name,
                                     const SourceLoc& loc) const {
  if (name == "var") return Value::FromExpr(iter_var->var);
  if (name == "thread_tag") return Value::String(iter_var->thread_tag);
  // TVM's Range (.min, .extent), as x86's reduce schedule reads ivar.dom.extent.
  if (name == "dom" && iter_var->dom.defined()) return MakeRangeValue(iter_var->dom);
  return Object::GetAttr(interp, name, loc);
}

}  // namespace tessera::script
