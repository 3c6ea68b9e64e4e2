#include "script/TvmScriptModule.h"

#include <cmath>
#include <limits>

#include "ir/ExprOp.h"
#include "script/Args.h"
#include "script/Interpreter.h"

namespace tessera::script {

namespace {

constexpr const char* kTvmScriptPath = "tvm.script.tir";

// tvm.script.tir as a module: the typed-constant functions are registered under it;
// any other attribute is TVMScript proper, refused with a sentence that says what is
// there instead of Python's "has no attribute".
struct TvmScriptTirModule : ModuleObject {
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override {
    if (const Value* v = interp.Lookup(path + "." + name)) return *v;
    return Error("T." + name +
                     ": TVMScript (T.prim_func, T.Buffer, T.block, ...) is not "
                     "supported; Tessera reads tensor-expression programs (tvm.te), and of "
                     "tvm.script.tir only the typed constants (T.int32(16), T.float32(0.5), "
                     "T.bool(True), ...)",
                 loc);
  }
};

// "inf", "-inf" and "nan", as TVM's ir_builder converts them with float().
std::optional<double> SpecialFloat(const std::string& s) {
  if (s == "inf") return std::numeric_limits<double>::infinity();
  if (s == "-inf") return -std::numeric_limits<double>::infinity();
  if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
  return std::nullopt;
}

// T.<dtype>(expr=None, *, is_size_var=False): tvm::cast(dtype, expr), or a new variable.
Result<Value> TypedConstant(const CallArgs& call, const std::string& name, ir::DataType t) {
  Args args(call, name, {"expr", "is_size_var"}, 0);
  if (!args.status()) return args.status().error();
  bool size_var = false;
  if (args.has("is_size_var")) {
    auto b = args.Bool("is_size_var");
    if (!b) return b.error();
    size_var = *b;
  }
  if (!args.has("expr") || args.get("expr").is_none())
    return Value::FromExpr(size_var ? ir::SizeVar("", t) : ir::Var("", t));
  const Value& v = args.get("expr");
  ir::Expr e;
  if (v.is_string()) {
    std::optional<double> f = SpecialFloat(v.as_string());
    if (!f)
      return args.ErrorAt("expr", "could not convert string to float: '" + v.as_string() + "'");
    e = ir::FloatImm(ir::DataType::Float(64), *f);
  } else if (std::optional<ir::Expr> x = ToExpr(v)) {
    e = *x;
  } else {
    return args.TypeError("expr", "a number or an expression");
  }
  return Value::FromExpr(ir::cast(t, e));
}

}  // namespace

void RegisterTvmScriptModule(Interpreter& interp) {
  auto module = std::make_shared<TvmScriptTirModule>();
  module->path = kTvmScriptPath;
  interp.Register(kTvmScriptPath, Value::FromObject(module));
  std::vector<std::pair<std::string, ir::DataType>> types = {{"bool", ir::DataType::Bool()}};
  for (int bits : {8, 16, 32, 64}) {
    types.emplace_back("int" + std::to_string(bits), ir::DataType::Int(bits));
    types.emplace_back("uint" + std::to_string(bits), ir::DataType::UInt(bits));
  }
  for (int bits : {16, 32, 64})
    types.emplace_back("float" + std::to_string(bits), ir::DataType::Float(bits));
  for (const auto& [name, t] : types)
    interp.RegisterFunction(
        std::string(kTvmScriptPath) + "." + name,
        [name, t](Interpreter&, const CallArgs& c) { return TypedConstant(c, name, t); });
}

}  // namespace tessera::script
