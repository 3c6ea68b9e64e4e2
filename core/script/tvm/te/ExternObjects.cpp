#include "script/tvm/te/ExternObjects.h"

#include <map>
#include <memory>

#include "ir/ExprOp.h"
#include "script/lang/Args.h"
#include "script/lang/InterpreterState.h"
#include "script/tvm/runtime/RuntimeObjects.h"
#include "script/tvm/te/OperationAttrs.h"
#include "script/tvm/te/TeObjects.h"
#include "script/tvm/te/TensorIntrinObjects.h"
#include "script/tvm/te/TensorizeHooks.h"
#include "te/Extern.h"

namespace tessera::script {

namespace {

using ir::DataType;
using ir::Expr;

// The output shapes: one shape (a tuple of dimensions, or one dimension) or a list of
// shapes, as TVM's extern reads `shape`.
Result<std::vector<std::vector<Expr>>> ExternShapes(const Args& args) {
  const Value& v = args.get("shape");
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  bool several = !items.empty() && items[0].is_sequence();
  std::vector<Value> shapes = several ? items : std::vector<Value>{Value::List(items)};
  std::vector<std::vector<Expr>> out;
  for (const Value& shape : shapes) {
    if (!shape.is_sequence()) return args.TypeError("shape", "a shape or a list of shapes");
    std::vector<Expr> dims;
    for (const Value& d : shape.items()) {
      auto e = d.is_string() ? std::nullopt : ToExpr(d);
      if (!e || !e->dtype().is_integer())
        return args.ErrorAt(
            "shape", "extern(): a dimension of the shape must be an integer, not " + d.type_name());
      dims.push_back(*e);
    }
    out.push_back(std::move(dims));
  }
  return out;
}

// A Buffer or a list of them (in_buffers / out_buffers); nullopt when not given.
Result<std::optional<std::vector<ir::Buffer>>> BufferList(const Args& args,
                                                          const std::string& param) {
  if (!args.has(param) || args.get(param).is_none())
    return std::optional<std::vector<ir::Buffer>>();
  const Value& v = args.get(param);
  std::vector<Value> items = v.is_sequence() ? v.items() : std::vector<Value>{v};
  std::vector<ir::Buffer> out;
  for (const Value& item : items) {
    auto* b = item.as<BufferObject>();
    if (!b) return args.TypeError(param, "a Buffer or a list of Buffers (tvm.tir.decl_buffer)");
    out.push_back(b->buffer);
  }
  return std::optional<std::vector<ir::Buffer>>(std::move(out));
}

// The output dtypes: dtype= (a name or a list of names), else the inputs' one dtype.
Result<std::vector<DataType>> ExternDtypes(const Args& args, const std::vector<te::Tensor>& inputs,
                                           size_t outputs) {
  std::vector<DataType> out;
  if (args.has("dtype") && !args.get("dtype").is_none()) {
    const Value& v = args.get("dtype");
    std::vector<Value> names = v.is_sequence() ? v.items() : std::vector<Value>{v};
    for (const Value& n : names) {
      if (!n.is_string()) return args.TypeError("dtype", "a dtype name or a list of them");
      auto t = DataType::parse(n.as_string());
      if (!t) return args.ErrorAt("dtype", "unknown dtype \"" + n.as_string() + "\"");
      out.push_back(*t);
    }
    if (out.size() == 1 && outputs > 1) out.resize(outputs, out[0]);
    if (out.size() != outputs)
      return args.ErrorAt("dtype", "extern(): " + std::to_string(out.size()) + " dtypes for " +
                                       std::to_string(outputs) + " outputs");
    return out;
  }
  if (inputs.empty())
    return Error(
        "extern(): cannot infer the output type without inputs (please provide the dtype argument)",
        args.call().loc);
  for (const te::Tensor& t : inputs)
    if (t->dtype != inputs[0]->dtype)
      return args.ErrorAt("inputs",
                          "extern(): cannot infer the output type from inputs of different dtypes "
                          "(please provide the dtype argument)");
  return std::vector<DataType>(outputs, inputs[0]->dtype);
}

Value BufferValues(const std::vector<ir::Buffer>& buffers) {
  std::vector<Value> items;
  for (const ir::Buffer& b : buffers)
    items.push_back(Value::FromObject(std::make_shared<BufferObject>(b)));
  return Value::List(std::move(items));
}

// What fcompute returned as the op's body: a statement, or an expression evaluated.
Result<ir::Stmt> ExternBody(const Value& v, const SourceLoc& loc) {
  if (auto* st = v.as<StmtObject>()) return st->stmt;
  auto e = v.is_string() || v.is_none() ? std::nullopt : ToExpr(v);
  if (e) return ir::MakeEvaluate(*e);
  return Error(
      "extern(): fcompute should return a statement (ib.get()) or an expression (a call), but it "
      "returned " +
          (v.is_none() ? std::string("None") : v.type_name()),
      loc);
}

struct ExternRequest {
  std::vector<std::vector<Expr>> shapes;
  std::vector<te::Tensor> inputs;
  Value fcompute;
  std::string name = "extern";
  std::vector<DataType> dtypes;
  std::optional<std::vector<ir::Buffer>> in_buffers, out_buffers;
  std::string tag;
};

// Builds the op as TVM's extern does: buffers declared for inputs (named after their op)
// and outputs (named after the extern) unless given, then fcompute(ins, outs).
Result<Value> MakeExtern(Interpreter& interp, const ExternRequest& r, const SourceLoc& loc) {
  std::vector<ir::Buffer> ins, outs;
  if (r.in_buffers) {
    if (r.in_buffers->size() != r.inputs.size())
      return Error(
          "extern(): number of inputs and in_buffers mismatch: " + std::to_string(r.inputs.size()) +
              " vs " + std::to_string(r.in_buffers->size()),
          loc);
    ins = *r.in_buffers;
  } else {
    for (const te::Tensor& t : r.inputs)
      ins.push_back(ir::MakeBuffer(t.op()->name, t->dtype, t->shape));
  }
  if (r.out_buffers) {
    if (r.out_buffers->size() != r.shapes.size())
      return Error("extern(): number of outputs and out_buffers mismatch: " +
                       std::to_string(r.shapes.size()) + " vs " +
                       std::to_string(r.out_buffers->size()),
                   loc);
    outs = *r.out_buffers;
  } else {
    for (size_t k = 0; k < r.shapes.size(); ++k)
      outs.push_back(ir::MakeBuffer(r.name, r.dtypes[k], r.shapes[k]));
  }
  CallArgs call;
  call.loc = loc;
  call.positional = {BufferValues(ins), BufferValues(outs)};
  call.positional_locs = {loc, loc};
  auto result = interp.CallValue(r.fcompute, call);
  if (!result) return result.error();
  auto body = ExternBody(*result, loc);
  if (!body) return body.error();
  auto op = te::MakeExternOp(r.name, r.tag, r.inputs, ins, outs, *body);
  if (!op) return Error(op.error().message, loc);
  if ((*op)->num_outputs() == 1) return MakeTensorValue(te::output_of(*op, 0));
  std::vector<Value> tensors;
  for (int k = 0; k < (*op)->num_outputs(); ++k)
    tensors.push_back(MakeTensorValue(te::output_of(*op, k)));
  return Value::List(std::move(tensors));
}

Result<std::vector<te::Tensor>> ExternInputs(const Args& args) {
  const Value& v = args.get("inputs");
  if (!v.is_sequence()) return args.TypeError("inputs", "a list of tensors");
  std::vector<te::Tensor> out;
  for (const Value& item : v.items()) {
    te::Tensor t = AsTensor(item);
    if (!t.defined())
      return args.ErrorAt("inputs",
                          "extern(): expect inputs to be tensors, got " + item.type_name());
    out.push_back(t);
  }
  return out;
}

Result<Value> Extern(Interpreter& interp, const CallArgs& call,
                     std::map<std::string, int>& used_names) {
  Args args(
      call, "extern",
      {"shape", "inputs", "fcompute", "name", "dtype", "in_buffers", "out_buffers", "tag", "attrs"},
      3);
  if (!args.status()) return args.status().error();
  ExternRequest r;
  auto shapes = ExternShapes(args);
  if (!shapes) return shapes.error();
  r.shapes = *shapes;
  auto inputs = ExternInputs(args);
  if (!inputs) return inputs.error();
  r.inputs = *inputs;
  r.fcompute = args.get("fcompute");
  if (args.has("name")) {
    auto n = args.String("name");
    if (!n) return n.error();
    r.name = *n;
  } else if (int seen = used_names["extern"]++; seen > 0) {
    r.name = "extern_" + std::to_string(seen);  // stages are addressed by name
  }
  if (args.has("tag")) {
    auto t = args.String("tag");
    if (!t) return t.error();
    r.tag = *t;
  }
  auto in_buffers = BufferList(args, "in_buffers");
  if (!in_buffers) return in_buffers.error();
  r.in_buffers = *in_buffers;
  auto out_buffers = BufferList(args, "out_buffers");
  if (!out_buffers) return out_buffers.error();
  r.out_buffers = *out_buffers;
  if (r.out_buffers) {
    for (const ir::Buffer& b : *r.out_buffers) r.dtypes.push_back(b->dtype);
  } else {
    auto dtypes = ExternDtypes(args, r.inputs, r.shapes.size());
    if (!dtypes) return dtypes.error();
    r.dtypes = *dtypes;
  }
  auto out = MakeExtern(interp, r, call.loc);
  if (!out) return out.error();
  if (args.has("attrs") && !args.get("attrs").is_none())
    if (Status st =
            SetOperationAttrs(interp, AsTensor(out->is_sequence() ? out->items()[0] : *out).op(),
                              args.get("attrs"), args.loc("attrs"));
        !st)
      return st.error();
  return out;
}

// One argument of a packed call: a Buffer passes its data handle, a Python bool / number
// or string becomes a constant.
Result<Expr> PackedArgument(const Value& v, size_t i, const SourceLoc& loc) {
  if (auto* b = v.as<BufferObject>()) return Expr(b->buffer->data);
  if (v.is_string()) return ir::StringImm(v.as_string());
  if (v.is_bool()) return ir::make_bool(v.as_bool());
  auto e = ToExpr(v);
  if (!e)
    return Error("call_packed(): argument " + std::to_string(i) +
                     " must be an expression or a Buffer, not " + v.type_name(),
                 loc);
  return *e;
}

Result<Value> CallPacked(const CallArgs& call) {
  if (Status s = NoKeywords(call, "call_packed"); !s) return s.error();
  if (call.positional.empty() || !call.positional[0].is_string())
    return Error("call_packed(func_name, *args): the first argument must be the function's name",
                 call.loc);
  std::vector<Expr> args{ir::StringImm(call.positional[0].as_string())};
  for (size_t i = 1; i < call.positional.size(); ++i) {
    auto e = PackedArgument(call.positional[i], i, call.positional_locs[i]);
    if (!e) return e.error();
    args.push_back(*e);
  }
  return Value::FromExpr(
      ir::MakeCall(DataType::Int(32), "tir.tvm_call_packed", args, ir::CallKind::Intrinsic));
}

// tvm.contrib.cblas.matmul: python/tvm/contrib/cblas.py.
Result<Value> CblasMatmul(Interpreter& interp, const CallArgs& call) {
  Args args(call, "matmul", {"lhs", "rhs", "transa", "transb", "name", "dtype"}, 2);
  if (!args.status()) return args.status().error();
  te::Tensor lhs = AsTensor(args.get("lhs")), rhs = AsTensor(args.get("rhs"));
  if (!lhs.defined()) return args.TypeError("lhs", "a tensor");
  if (!rhs.defined()) return args.TypeError("rhs", "a tensor");
  if (lhs->shape.size() != 2 || rhs->shape.size() != 2)
    return Error("cblas.matmul(): lhs and rhs must be 2-d tensors", call.loc);
  bool transa = false, transb = false;
  for (auto [param, flag] : {std::pair{"transa", &transa}, std::pair{"transb", &transb}})
    if (args.has(param)) {
      auto b = args.Bool(param);
      if (!b) return b.error();
      *flag = *b;
    }
  ExternRequest r;
  r.shapes = {{transa ? lhs->shape[1] : lhs->shape[0], transb ? rhs->shape[0] : rhs->shape[1]}};
  r.inputs = {lhs, rhs};
  r.name = "C";
  if (args.has("name")) {
    auto n = args.String("name");
    if (!n) return n.error();
    r.name = *n;
  }
  auto dtypes = ExternDtypes(args, r.inputs, 1);
  if (!dtypes) return dtypes.error();
  r.dtypes = *dtypes;
  r.fcompute = MakeFunction("cblas_matmul_body",
                            [transa, transb](Interpreter&, const CallArgs& c) -> Result<Value> {
                              const auto& ins = c.positional[0].items();
                              const auto& outs = c.positional[1].items();
                              CallArgs packed;
                              packed.loc = c.loc;
                              packed.positional = {Value::String("tvm.contrib.cblas.matmul"),
                                                   ins[0],
                                                   ins[1],
                                                   outs[0],
                                                   Value::Bool(transa),
                                                   Value::Bool(transb)};
                              packed.positional_locs.assign(packed.positional.size(), c.loc);
                              return CallPacked(packed);
                            });
  return MakeExtern(interp, r, call.loc);
}

std::map<std::string, int>& ExternNamesOf(Interpreter& interp) {
  return InterpreterState<std::map<std::string, int>>(interp, "<extern names>");
}

}  // namespace

void RegisterExternBuiltins(Interpreter& interp) {
  interp.RegisterFunction("tvm.te.extern", [](Interpreter& in, const CallArgs& c) {
    return Extern(in, c, ExternNamesOf(in));
  });
  interp.Alias("tvm.extern", "tvm.te.extern");
  interp.RegisterFunction("tvm.tir.call_packed",
                          [](Interpreter&, const CallArgs& c) { return CallPacked(c); });
  interp.Alias("tvm.call_packed", "tvm.tir.call_packed");
  interp.RegisterFunction("tvm.contrib.cblas.matmul",
                          [](Interpreter& in, const CallArgs& c) { return CblasMatmul(in, c); });
  // TVM's packed-function registry is runtime state: `tvm.get_global_func(name,
  // allow_missing=True)` (extern_op.py's check for cblas) and `@tvm.register_func(name)`
  // are runtime values (a decorator from the runtime half leaves its function as it is).
  // The test hooks Tessera implements (TensorizeHooks.h) are real functions.
  RegisterTensorizeHooks(interp);
  for (const char* name : {"get_global_func", "register_func"})
    interp.RegisterFunction(
        std::string("tvm.") + name, [name](Interpreter& in, const CallArgs& c) -> Result<Value> {
          if (std::string(name) == "get_global_func" && !c.positional.empty() &&
              c.positional[0].is_string())
            if (const Value* hook = FindGlobalFunc(in, c.positional[0].as_string())) return *hook;
          return MakeRuntimeValue(std::string("tvm.") + name + "(...)");
        });
}

}  // namespace tessera::script
