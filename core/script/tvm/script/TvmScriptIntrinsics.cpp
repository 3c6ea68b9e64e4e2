// TVM's builtins that a TVMScript body calls by name: the tensor-core ones
// (T.tvm_fill_fragment, T.tvm_load_matrix_sync, T.tvm_store_matrix_sync, T.tvm_mma_sync,
// whose meaning ir/WmmaBuiltins.h specifies), T.tvm_access_ptr and T.type_annotation.
// Each makes the call the te side's call_intrin and Buffer.access_ptr make, so that the
// lowering, the CUDA printer and the emulator read them alike.
#include "script/tvm/script/TvmScriptIntrinsics.h"

#include "ir/ExprOp.h"
#include "ir/WmmaBuiltins.h"
#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/te/TensorIntrinObjects.h"

namespace tessera::script {

namespace {

// The call's dtype= keyword (TVM's builtins take one; "handle" when absent), or an error
// at it.
Result<ir::DataType> CallDtype(const CallArgs& call, const std::string& name,
                               ir::DataType fallback) {
  for (size_t i = 0; i < call.keywords.size(); ++i) {
    const auto& [key, value] = call.keywords[i];
    if (key != "dtype")
      return Error("T." + name + "() got an unexpected keyword argument '" + key + "'",
                   call.keyword_locs[i]);
    if (!value.is_string())
      return Error("T." + name + "(): dtype must be a str", call.keyword_locs[i]);
    auto t = ir::DataType::parse(value.as_string());
    if (!t)
      return Error("T." + name + "(): unknown dtype \"" + value.as_string() + "\"",
                   call.keyword_locs[i]);
    return *t;
  }
  return fallback;
}

// T.<name>(args..., dtype="handle") with `arity` arguments: the call of `op`.
Result<Value> Builtin(const CallArgs& call, const std::string& name, const std::string& op,
                      size_t arity, const std::string& signature) {
  auto dtype = CallDtype(call, name, ir::DataType::Handle());
  if (!dtype) return dtype.error();
  if (call.positional.size() != arity)
    return Error("T." + name + signature + " takes " + std::to_string(arity) + " arguments, got " +
                     std::to_string(call.positional.size()),
                 call.loc);
  auto args = IntrinsicArgs(call, 0, "T." + name);
  if (!args) return args.error();
  return Value::FromExpr(ir::MakeCall(*dtype, op, *args, ir::CallKind::Intrinsic));
}

// T.type_annotation(dtype): a value of no meaning whose type says what a pointer points at.
Result<Value> TypeAnnotation(const CallArgs& call) {
  Args args(call, "T.type_annotation", {"dtype"}, 1);
  if (!args.status()) return args.status().error();
  auto name = args.String("dtype");
  if (!name) return name.error();
  auto t = ir::DataType::parse(*name);
  if (!t) return args.ErrorAt("dtype", "unknown dtype \"" + *name + "\"");
  return Value::FromExpr(ir::MakeCall(*t, "type_annotation", {}, ir::CallKind::PureIntrinsic));
}

}  // namespace

void RegisterTvmScriptIntrinsics(Interpreter& interp, const std::string& path) {
  for (const ir::WmmaBuiltinSpec& spec : ir::WmmaBuiltinSpecs()) {
    std::string op = spec.op;
    std::string name = op.substr(op.find('.') + 1);  // "tir.tvm_mma_sync": tvm_mma_sync
    std::string signature = spec.signature;
    size_t arity = spec.arity;
    interp.RegisterFunction(path + "." + name, [=](Interpreter&, const CallArgs& c) {
      return Builtin(c, name, op, arity, signature);
    });
  }
  interp.RegisterFunction(path + ".tvm_access_ptr", [](Interpreter&, const CallArgs& c) {
    return Builtin(c, "tvm_access_ptr", "tvm_access_ptr", 5,
                   "(type_annotation, data, offset, extent, rw_mask)");
  });
  interp.RegisterFunction(path + ".type_annotation",
                          [](Interpreter&, const CallArgs& c) { return TypeAnnotation(c); });
}

}  // namespace tessera::script
