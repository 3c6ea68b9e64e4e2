#include "script/tvm/topi/Topi.h"

#include <optional>

#include "ir/ExprOp.h"
#include "ir/StructuralEqual.h"
#include "script/lang/Args.h"
#include "script/lang/Parser.h"
#include "script/tvm/runtime/RuntimeObjects.h"
#include "script/tvm/te/TeObjects.h"
#include "te/Compute.h"

namespace tessera::script {

namespace {

// Where the prelude's own statements are located: an error there is reported at the
// script's call of the operator instead (the script's author cannot see the prelude).
constexpr const char* kTopiPreludeFile = "<tvm.topi>";

// TVM's C++ topi builds its computes with an Array<Var> function: the axes are named
// ax0, ax1, ... and the function gets them as one list. compute(shape, f, name, tag).
Result<Value> TopiNativeCompute(Interpreter& interp, const CallArgs& call) {
  Args args(call, "compute", {"shape", "fcompute", "name", "tag"}, 4);
  if (!args.status()) return args.status().error();
  const Value& shape_value = args.get("shape");
  if (!shape_value.is_sequence()) return args.TypeError("shape", "a tuple of dimensions");
  std::vector<ir::Expr> shape;
  std::vector<std::string> axis_names;
  for (const Value& d : shape_value.items()) {
    auto e = ToExpr(d);
    if (!e || d.is_string() || !e->dtype().is_integer())
      return args.ErrorAt("shape", "a dimension must be an integer, not " + d.type_name());
    shape.push_back(*e);
    axis_names.push_back("ax" + std::to_string(axis_names.size()));
  }
  auto name = args.String("name");
  if (!name) return name.error();
  auto tag = args.String("tag");
  if (!tag) return tag.error();
  const Value fcompute = args.get("fcompute");
  std::optional<Error> body_error;
  auto body = [&](const std::vector<ir::Var>& vars) -> std::vector<ir::Expr> {
    std::vector<Value> indices;
    for (const ir::Var& v : vars) indices.push_back(Value::FromExpr(v));
    CallArgs inner;
    inner.loc = call.loc;
    inner.positional.push_back(Value::List(std::move(indices)));
    inner.positional_locs.push_back(call.loc);
    auto result = interp.CallValue(fcompute, inner);
    std::optional<ir::Expr> e = result ? ToExpr(*result) : std::nullopt;
    if (!result)
      body_error = result.error();
    else if (!e || result->is_string())
      body_error = Error("a topi compute must return an expression", call.loc);
    if (body_error) return {ir::make_zero(ir::DataType::Int(32))};
    return {*e};
  };
  auto tensors = te::compute_multi(shape, body, *name, *tag, axis_names);
  if (body_error) return *body_error;
  if (!tensors) return Error(tensors.error().message, call.loc);
  return MakeTensorValue(tensors->front());
}

// The innermost `with tvm.target.Target(...)` target, or None (RuntimeObjects.h).
Result<Value> TopiNativeCurrentTarget(Interpreter& interp, const CallArgs&) {
  return CurrentTarget(interp);
}

Result<Value> TopiNativeIsPlaceholder(Interpreter&, const CallArgs& call) {
  te::Operation op = call.positional.empty() ? te::Operation() : AsOperation(call.positional[0]);
  if (!op) return Error("is_placeholder() takes an operation", call.loc);
  return Value::Bool(dynamic_cast<const te::PlaceholderOpNode*>(op.get()) != nullptr);
}

// Whether two shape dimensions are the same (TVM's topi::detail::EqualCheck): equal
// constants, or the same symbolic expression.
Result<Value> TopiNativeSameDim(Interpreter&, const CallArgs& call) {
  if (call.positional.size() != 2) return Error("same_dim() takes two dimensions", call.loc);
  auto a = ToExpr(call.positional[0]);
  auto b = ToExpr(call.positional[1]);
  if (!a || !b) return Error("same_dim() takes two dimensions", call.loc);
  const int64_t* ca = ir::as_const_int(*a);
  const int64_t* cb = ir::as_const_int(*b);
  if (ca && cb) return Value::Bool(*ca == *cb);
  return Value::Bool(ir::StructuralEqual(*a, *b));
}

Value MakeTopiNativeHelpers() {
  auto dict = std::make_shared<DictObject>();
  auto add = [&](const char* name, BuiltinFn fn) {
    dict->entries->emplace_back(Value::String(name), MakeFunction(name, std::move(fn)));
  };
  add("compute", TopiNativeCompute);
  add("current_target", TopiNativeCurrentTarget);
  add("is_placeholder", TopiNativeIsPlaceholder);
  add("same_dim", TopiNativeSameDim);
  return Value::FromObject(dict);
}

// The prelude, parsed once: its one statement is `def __tessera_topi__(native):`.
const std::shared_ptr<const AstModule>& ParsedTopiPrelude() {
  static const std::shared_ptr<const AstModule> parsed = [] {
    auto module = ParseModule(TopiPreludeSource(), kTopiPreludeFile);
    return module ? std::make_shared<const AstModule>(std::move(module.value())) : nullptr;
  }();
  return parsed;
}

// A prelude function as tvm.topi.<name>: errors inside the prelude are reported at the
// script's call.
Value WrapTopiFunction(const std::string& name, Value fn, std::shared_ptr<const AstModule> keep) {
  return MakeFunction(name, [fn, keep](Interpreter& interp, const CallArgs& call) -> Result<Value> {
    auto result = interp.CallValue(fn, call);
    if (result) return result;
    Error e = result.error();
    if (e.loc.file == kTopiPreludeFile || e.loc.line <= 0) e.loc = call.loc;
    return e;
  });
}

}  // namespace

Status RegisterTopiBuiltins(Interpreter& interp) {
  const std::shared_ptr<const AstModule>& module = ParsedTopiPrelude();
  if (!module || module->body.size() != 1 || module->body[0].kind != StmtKind::Def)
    return Error("internal error: the tvm.topi prelude does not parse");
  // Run as a function (not at module level) so that its names stay out of the script's
  // globals; its builtins (len, range, ...) are bound before any script code runs.
  auto wrapper = std::make_shared<FunctionObject>();
  wrapper->def = std::make_shared<const AstStmt>(module->body[0]);
  CallArgs call;
  call.positional.push_back(MakeTopiNativeHelpers());
  call.positional_locs.emplace_back();
  auto table = interp.CallValue(Value::FromObject(wrapper), call);
  if (!table) return table.error();
  auto* dict = table->as<DictObject>();
  if (!dict) return Error("internal error: the tvm.topi prelude returned no table");
  for (const auto& [key, fn] : *dict->entries) {
    const std::string& path = key.as_string();
    std::string short_name = path.substr(path.rfind('.') + 1);
    if (fn.is_object())
      interp.Register("tvm.topi." + path, WrapTopiFunction(short_name, fn, module));
    else
      interp.Register("tvm.topi." + path, fn);  // constants (topi.tag.BROADCAST)
  }
  return Status::Ok();
}

}  // namespace tessera::script
