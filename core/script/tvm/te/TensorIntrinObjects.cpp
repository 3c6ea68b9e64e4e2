#include "script/tvm/te/TensorIntrinObjects.h"

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "schedule/Tensorize.h"
#include "script/lang/Args.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/tir/IRBuilderObject.h"
#include "te/Compute.h"

namespace tessera::script {

std::optional<std::string> StmtObject::Str() const {
  return stmt.defined() ? ir::to_string(stmt) : std::string();
}

namespace {

using ir::Expr;

Value BufferValue(const ir::Buffer& b) {
  return Value::FromObject(std::make_shared<BufferObject>(b));
}
Value StmtValue(const ir::Stmt& s) { return Value::FromObject(std::make_shared<StmtObject>(s)); }

Value ExprList(const std::vector<Expr>& exprs) {
  std::vector<Value> items;
  for (const Expr& e : exprs) items.push_back(Value::FromExpr(e));
  return Value::List(std::move(items));
}

// Indices given as one expression or a tuple / list of them.
Result<std::vector<Expr>> IndexList(const Value& v, const std::string& what, const SourceLoc& loc) {
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<Expr> indices;
  for (const Value& item : items) {
    auto e = item.is_string() ? std::nullopt : ToExpr(item);
    if (!e || !e->dtype().is_integer())
      return Error(what + ": an index must be an integer expression, not " + item.type_name(), loc);
    indices.push_back(*e);
  }
  return indices;
}

Status CheckRank(const ir::Buffer& b, size_t given, const std::string& what, const SourceLoc& loc) {
  if (given == b->shape.size()) return Status::Ok();
  return Error(what + ": buffer " + b->name + " has " + std::to_string(b->shape.size()) +
                   " dimensions but " + std::to_string(given) + " indices were given",
               loc);
}

// A value stored into (or passed as) an element of type `t`: Python numbers convert.
Result<Expr> ElementValue(const Value& v, ir::DataType t, const std::string& what,
                          const SourceLoc& loc) {
  if (v.is_number())
    return v.is_float() ? ir::make_const(t, v.as_float()) : ir::make_const(t, v.as_int());
  auto e = v.is_string() ? std::nullopt : ToExpr(v);
  if (!e) return Error(what + ": the value must be an expression, not " + v.type_name(), loc);
  if (e->dtype() != t)
    return Error(
        what + ": the value has dtype " + e->dtype().str() + " but the buffer holds " + t.str(),
        loc);
  return *e;
}

}  // namespace

Result<Value> BufferAccessPtr(const ir::Buffer& b, const CallArgs& call) {
  Args args(call, "access_ptr", {"access_mask", "ptr_type", "content_lanes", "offset", "extent"},
            1);
  if (!args.status()) return args.status().error();
  int64_t mask = 0;
  const Value& m = args.get("access_mask");
  if (m.is_string()) {
    for (char c : m.as_string()) {
      if (c == 'r')
        mask |= 1;
      else if (c == 'w')
        mask |= 2;
      else
        return args.ErrorAt("access_mask", "access_ptr(): unknown access mask '" + m.as_string() +
                                               "' (r, w or rw)");
    }
  } else {
    auto i = args.Int("access_mask");
    if (!i) return i.error();
    mask = *i;
  }
  Expr offset = 0;
  if (args.has("offset")) {
    auto o = args.Expr("offset");
    if (!o) return o.error();
    offset = *o;
  }
  Expr extent;
  if (args.has("extent") && !args.get("extent").is_none()) {
    auto e = args.Expr("extent");
    if (!e) return e.error();
    extent = *e;
  } else if (b->strides.size() == b->shape.size() && !b->shape.empty()) {
    extent = b->shape[0] * b->strides[0] - offset;  // TVM: the whole first dimension
  } else {
    extent = 1;
    for (const Expr& d : b->shape) extent = extent * d;
    extent = extent - offset;
  }
  Expr base = b->elem_offset.defined() ? b->elem_offset : Expr(0);
  Expr type = ir::MakeCall(b->dtype, "type_annotation", {}, ir::CallKind::PureIntrinsic);
  return Value::FromExpr(ir::MakeCall(
      ir::DataType::Handle(), "tvm_access_ptr",
      {type, b->data, base + offset, extent, ir::make_const(ir::DataType::Int(32), mask)},
      ir::CallKind::Intrinsic));
}

Result<std::vector<Expr>> IntrinsicArgs(const CallArgs& call, size_t first,
                                        const std::string& what) {
  std::vector<Expr> args;
  for (size_t i = first; i < call.positional.size(); ++i) {
    const Value& v = call.positional[i];
    if (v.is_string()) {
      args.push_back(ir::StringImm(v.as_string()));
      continue;
    }
    auto e = ToExpr(v);
    if (!e)
      return Error(what + "(): argument " + std::to_string(i - first + 1) +
                       " must be an expression, not " + v.type_name(),
                   call.positional_locs[i]);
    args.push_back(*e);
  }
  return args;
}

namespace {

// The element `begin` of a vload/vstore names in `b` (no predicate: Tessera has none).
Result<std::vector<Expr>> AccessIndices(const ir::Buffer& b, const Args& args,
                                        const std::string& what, const SourceLoc& loc) {
  if (args.has("predicate") && !args.get("predicate").is_none())
    return args.ErrorAt("predicate", what + ": a predicate is not supported in Tessera");
  auto indices = IndexList(args.get("begin"), what, args.loc("begin"));
  if (!indices) return indices.error();
  if (Status s = CheckRank(b, indices->size(), what, loc); !s) return s.error();
  return indices;
}

}  // namespace

Result<Value> BufferVLoad(const ir::Buffer& b, const CallArgs& call) {
  Args args(call, "vload", {"begin", "dtype", "predicate"}, 1);
  if (!args.status()) return args.status().error();
  auto indices = AccessIndices(b, args, "vload()", call.loc);
  if (!indices) return indices.error();
  // dtype: as TVM's Buffer::vload, a vector of the buffer's element type whose extra
  // lanes run along the last index.
  if (args.has("dtype") && !args.get("dtype").is_none()) {
    auto name = args.String("dtype");
    if (!name) return name.error();
    auto t = ir::DataType::parse(*name);
    if (!t) return args.ErrorAt("dtype", "vload(): unknown dtype \"" + *name + "\"");
    if (t->element_of() != b->dtype.element_of() || t->lanes() % b->dtype.lanes() != 0)
      return args.ErrorAt("dtype", "vload(): cannot load " + *name + " from buffer " + b->name +
                                       " of " + b->dtype.str());
    const int factor = t->lanes() / b->dtype.lanes();
    if (factor > 1 && !indices->empty()) {
      ir::Expr& last = indices->back();
      if (!last.dtype().is_scalar())
        return args.ErrorAt("begin", "vload(): the indices must be scalars");
      last = ir::MakeRamp(last, ir::make_const(last.dtype(), int64_t{1}), factor);
    }
  }
  return Value::FromExpr(ir::MakeBufferLoad(b, *indices));
}

namespace {

Result<Value> VStore(const ir::Buffer& b, const CallArgs& call) {
  Args args(call, "vstore", {"begin", "value", "predicate"}, 2);
  if (!args.status()) return args.status().error();
  auto indices = AccessIndices(b, args, "vstore()", call.loc);
  if (!indices) return indices.error();
  auto value = ElementValue(args.get("value"), b->dtype, "vstore()", args.loc("value"));
  if (!value) return value.error();
  return StmtValue(ir::MakeBufferStore(b, *value, *indices));
}

Result<Value> DeclBuffer(const CallArgs& call) {
  Args args(call, "decl_buffer",
            {"shape", "dtype", "name", "data", "strides", "elem_offset", "scope", "data_alignment",
             "offset_factor", "buffer_type", "axis_separators", "span"},
            1);
  if (!args.status()) return args.status().error();
  for (const char* unsupported : {"data", "buffer_type", "axis_separators"})
    if (args.has(unsupported) && !args.get(unsupported).is_none())
      return args.ErrorAt(unsupported, std::string("decl_buffer(): ") + unsupported +
                                           " is not supported in Tessera");
  auto shape = IndexList(args.get("shape"), "decl_buffer(): shape", args.loc("shape"));
  if (!shape) return shape.error();
  ir::DataType dtype = ir::DataType::Float(32);
  if (args.has("dtype")) {
    auto name = args.String("dtype");
    if (!name) return name.error();
    auto t = ir::DataType::parse(*name);
    if (!t) return args.ErrorAt("dtype", "unknown dtype \"" + *name + "\"");
    dtype = *t;
  }
  std::string name = "buffer";
  if (args.has("name")) {
    auto n = args.String("name");
    if (!n) return n.error();
    name = *n;
  }
  auto b = std::make_shared<ir::BufferNode>(*ir::MakeBuffer(name, dtype, *shape));
  if (args.has("scope") && !args.get("scope").is_none()) {
    auto scope = args.String("scope");
    if (!scope) return scope.error();
    if (!scope->empty()) b->scope = *scope;
  }
  if (args.has("strides") && !args.get("strides").is_none()) {
    auto strides = IndexList(args.get("strides"), "decl_buffer(): strides", args.loc("strides"));
    if (!strides) return strides.error();
    if (!strides->empty() && strides->size() != shape->size())
      return args.ErrorAt("strides", "decl_buffer(): " + std::to_string(strides->size()) +
                                         " strides for " + std::to_string(shape->size()) +
                                         " dimensions");
    b->strides = *strides;
  }
  int64_t offset_factor = 0;
  if (args.has("offset_factor")) {
    auto f = args.Int("offset_factor");
    if (!f) return f.error();
    offset_factor = *f;
  }
  if (args.has("elem_offset") && !args.get("elem_offset").is_none()) {
    auto e = args.Expr("elem_offset");
    if (!e) return e.error();
    b->elem_offset = *e;
  } else if (offset_factor != 0) {
    b->elem_offset = ir::Var(name + "_elem_offset");  // TVM: a free offset, bound where used
  }
  return BufferValue(b);
}

// call_extern(dtype, "func", args...) and call_intrin(dtype, "tir.op", args...): a call the
// lowered program keeps as written (TVM's tensor-core intrinsics are call_intrin).
Result<Value> CallOut(const CallArgs& call, const std::string& what, ir::CallKind kind) {
  if (Status s = NoKeywords(call, what); !s) return s.error();
  if (call.positional.size() < 2 || !call.positional[0].is_string() ||
      !call.positional[1].is_string())
    return Error(what + "(dtype, func_name, *args): dtype and func_name must be strings", call.loc);
  // "" is void, as TVM reads a dtype string (T.call_extern("f", x, dtype="")).
  const std::string& dtype_name = call.positional[0].as_string();
  auto dtype =
      dtype_name.empty() ? std::optional(ir::DataType::Void()) : ir::DataType::parse(dtype_name);
  if (!dtype)
    return Error(what + "(): unknown dtype \"" + call.positional[0].as_string() + "\"",
                 call.positional_locs[0]);
  auto args = IntrinsicArgs(call, 2, what);
  if (!args) return args.error();
  return Value::FromExpr(ir::MakeCall(*dtype, call.positional[1].as_string(), *args, kind));
}

// One part of intrin_func's result: a statement, an expression (evaluated) or None.
Result<ir::Stmt> PartOf(const Value& v, const std::string& what, const SourceLoc& loc) {
  if (v.is_none()) return ir::Stmt();
  if (auto* s = v.as<StmtObject>()) return s->stmt;
  auto e = v.is_string() ? std::nullopt : ToExpr(v);
  if (e) return ir::MakeEvaluate(*e);
  return Error("decl_tensor_intrin(): the intrinsic function's " + what +
                   " must be a statement (ib.get()) or an "
                   "expression, not " +
                   v.type_name(),
               loc);
}

Result<int64_t> OffsetFactor(const Args& args) {
  const Value& params = args.get("default_buffer_params");
  if (params.is_none()) return int64_t{0};
  auto* dict = params.as<DictObject>();
  if (!dict) return args.TypeError("default_buffer_params", "a dict");
  int64_t factor = 0;
  for (const auto& [key, value] : *dict->entries) {
    if (!key.is_string())
      return args.ErrorAt("default_buffer_params",
                          "decl_tensor_intrin(): its keys must be strings");
    if (key.as_string() == "offset_factor" && value.is_integer())
      factor = value.as_int();
    else if (key.as_string() != "data_alignment")
      return args.ErrorAt("default_buffer_params",
                          "decl_tensor_intrin(): default buffer parameter '" + key.as_string() +
                              "' is not supported in Tessera");
  }
  return factor;
}

Result<Value> DeclTensorIntrin(Interpreter& interp, const CallArgs& call) {
  Args args(call, "decl_tensor_intrin",
            {"op", "fcompute", "name", "binds", "scalar_params", "default_buffer_params"}, 2);
  if (!args.status()) return args.status().error();
  te::Operation op = AsOperation(args.get("op"));
  if (!op) return args.TypeError("op", "an operation (c.op)");
  if (args.has("scalar_params") && !args.get("scalar_params").is_none())
    return args.ErrorAt(
        "scalar_params",
        "decl_tensor_intrin(): scalar_params are not supported in Tessera (TVM binds them only "
        "when te.compute calls the intrinsic, a TensorComputeOp, which Tessera does not have; "
        "s[C].tensorize never binds them)");
  std::string name = "tensor_intrin";
  if (args.has("name")) {
    auto n = args.String("name");
    if (!n) return n.error();
    name = *n;
  }
  auto offset_factor = OffsetFactor(args);
  if (!offset_factor) return offset_factor.error();
  const DictObject* binds = nullptr;
  if (args.has("binds") && !args.get("binds").is_none()) {
    binds = args.get("binds").as<DictObject>();
    if (!binds) return args.TypeError("binds", "a dict {tensor: buffer}");
  }
  auto buffer_for = [&](const te::Tensor& t) -> Result<ir::Buffer> {
    if (binds)
      for (const auto& [key, value] : *binds->entries)
        if (AsTensor(key).same_as(t)) {
          if (auto* b = value.as<BufferObject>()) return b->buffer;
          return args.ErrorAt("binds", "decl_tensor_intrin(): binds[" + t.name() +
                                           "] must be a Buffer, not " + value.type_name());
        }
    return te::DefaultIntrinBuffer(t, *offset_factor);
  };
  std::vector<ir::Buffer> buffers;
  std::vector<Value> ins, outs;
  for (const te::Tensor& t : op->InputTensors()) {
    auto b = buffer_for(t);
    if (!b) return b.error();
    buffers.push_back(*b);
    ins.push_back(BufferValue(*b));
  }
  for (int k = 0; k < op->num_outputs(); ++k) {
    auto b = buffer_for(te::output_of(op, k));
    if (!b) return b.error();
    buffers.push_back(*b);
    outs.push_back(BufferValue(*b));
  }
  CallArgs inner;
  inner.loc = args.loc("fcompute");
  inner.positional = {Value::List(ins), Value::List(outs)};
  inner.positional_locs = {inner.loc, inner.loc};
  auto result = interp.CallValue(args.get("fcompute"), inner);
  if (!result) return result.error();
  std::vector<Value> parts = result->is_sequence() ? result->items() : std::vector<Value>{*result};
  if (parts.size() != 1 && parts.size() != 3)
    return Error(
        "decl_tensor_intrin(): the intrinsic function must return a body or (body, reduce_reset, "
        "reduce_update), not " +
            std::to_string(parts.size()) + " values",
        inner.loc);
  std::vector<ir::Stmt> stmts;
  const char* what[] = {"body", "reduce_reset", "reduce_update"};
  for (size_t i = 0; i < parts.size(); ++i) {
    auto s = PartOf(parts[i], what[i], inner.loc);
    if (!s) return s.error();
    stmts.push_back(*s);
  }
  stmts.resize(3);
  auto intrin = te::MakeTensorIntrin(name, op, buffers, stmts[0], stmts[1], stmts[2]);
  if (!intrin) return Error(intrin.error().message, call.loc);
  return Value::FromObject(std::make_shared<TensorIntrinObject>(*intrin));
}

}  // namespace

Result<Value> BufferObject::GetAttr(Interpreter&, const std::string& name,
                                    const SourceLoc& loc) const {
  ir::Buffer b = buffer;
  if (name == "name") return Value::String(b->name);
  if (name == "dtype") return Value::String(b->dtype.str());
  if (name == "shape") return ExprList(b->shape);
  if (name == "strides") return ExprList(b->strides);
  if (name == "elem_offset")
    return Value::FromExpr(b->elem_offset.defined() ? b->elem_offset : Expr(0));
  if (name == "data") return Value::FromExpr(b->data);
  if (name == "scope")
    return MakeFunction("scope", [b](Interpreter&, const CallArgs&) -> Result<Value> {
      return Value::String(b->scope);
    });
  if (name == "access_ptr")
    return MakeFunction(name,
                        [b](Interpreter&, const CallArgs& c) { return BufferAccessPtr(b, c); });
  if (name == "vload")
    return MakeFunction(name, [b](Interpreter&, const CallArgs& c) { return BufferVLoad(b, c); });
  if (name == "vstore")
    return MakeFunction(name, [b](Interpreter&, const CallArgs& c) { return VStore(b, c); });
  return Error("'Buffer' object has no attribute '" + name + "' in Tessera", loc);
}

Result<Value> BufferObject::Subscript(Interpreter&, const std::vector<Value>& indices,
                                      const std::vector<SourceLoc>&, const SourceLoc& loc) const {
  auto idx =
      IndexList(indices.size() == 1 ? indices[0] : Value::Tuple(indices), "Buffer[...]", loc);
  if (!idx) return idx.error();
  if (Status s = CheckRank(buffer, idx->size(), "Buffer[...]", loc); !s) return s.error();
  return Value::FromExpr(ir::MakeBufferLoad(buffer, *idx));
}

Result<Value> TensorIntrinObject::GetAttr(Interpreter& interp, const std::string& name,
                                          const SourceLoc& loc) const {
  if (name == "name") return Value::String(intrin->name);
  if (name == "op") return MakeOperationValue(intrin->op);
  if (name == "buffers") {
    std::vector<Value> items;
    for (const ir::Buffer& b : intrin->buffers) items.push_back(BufferValue(b));
    return Value::List(std::move(items));
  }
  return Object::GetAttr(interp, name, loc);
}

void RegisterTensorIntrinBuiltins(Interpreter& interp) {
  interp.RegisterFunction("tvm.tir.decl_buffer",
                          [](Interpreter&, const CallArgs& c) { return DeclBuffer(c); });
  interp.Alias("tvm.decl_buffer", "tvm.tir.decl_buffer");
  interp.RegisterFunction("tvm.tir.ir_builder.create",
                          [](Interpreter&, const CallArgs& c) -> Result<Value> {
                            if (c.size() != 0)
                              return Error("ir_builder.create() takes no arguments", c.loc);
                            return MakeIRBuilder();
                          });
  interp.RegisterFunction("tvm.tir.call_extern", [](Interpreter&, const CallArgs& c) {
    return CallOut(c, "call_extern", ir::CallKind::Extern);
  });
  interp.RegisterFunction("tvm.tir.call_intrin", [](Interpreter&, const CallArgs& c) {
    return CallOut(c, "call_intrin", ir::CallKind::Intrinsic);
  });
  interp.RegisterFunction("tvm.tir.call_pure_extern", [](Interpreter&, const CallArgs& c) {
    return CallOut(c, "call_pure_extern", ir::CallKind::PureExtern);
  });
  interp.Alias("tvm.call_extern", "tvm.tir.call_extern");
  interp.RegisterFunction("tvm.te.decl_tensor_intrin",
                          [](Interpreter& i, const CallArgs& c) { return DeclTensorIntrin(i, c); });
  interp.Alias("tvm.decl_tensor_intrin", "tvm.te.decl_tensor_intrin");
}

Result<Value> StageTensorize(Interpreter& interp, const StageObject& self, const CallArgs& call) {
  Args args(call, "tensorize", {"var", "tensor_intrin"}, 2);
  if (!args.status()) return args.status().error();
  ir::IterVar iv = AsIterVar(args.get("var"));
  if (!iv) return args.TypeError("var", "an IterVar (a loop of the stage)");
  auto* intrin = args.get("tensor_intrin").as<TensorIntrinObject>();
  if (!intrin) return args.TypeError("tensor_intrin", "a TensorIntrin (te.decl_tensor_intrin)");
  if (Status s = schedule::Tensorize(*self.sch, self.stage, iv, intrin->intrin); !s) {
    Error e = s.error();
    if (e.loc.line <= 0) e.loc = call.loc;
    return e;
  }
  // The module-level name holding the intrinsic, for the printer (a flat script's
  // tensorize line names it; its declaration is printed with the workload).
  for (const auto& [name, value] : interp.globals())
    if (auto* held = value.as<TensorIntrinObject>(); held && held->intrin == intrin->intrin) {
      self.sch->trace.entries.back().strings["intrin_var"] = name;
      break;
    }
  return Value();
}

}  // namespace tessera::script
