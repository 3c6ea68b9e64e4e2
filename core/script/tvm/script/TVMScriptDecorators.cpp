// @T.prim_func and @I.ir_module: decorators that read the definition they decorate as
// TVMScript (TVMScriptParser.h) and give the values of TirPrimFuncValue.h.
#include <algorithm>

#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/script/TVMScriptParser.h"
#include "script/tvm/tir/TirPrimFuncValue.h"

namespace tessera::script {

namespace {

// T.prim_func, and what T.prim_func(private=True) / T.prim_func(s_tir=True) return.
struct PrimFuncDecorator : Object {
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  std::string type_name() const override { return "function"; }
  Result<Value> Call(Interpreter& interp, const CallArgs& call) const override;
};

// I.ir_module / tvm.script.ir_module.
struct IRModuleDecorator : Object {
  std::string type_name() const override { return "function"; }
  Result<Value> Call(Interpreter& interp, const CallArgs& call) const override;
};

Result<Value> PrimFuncDecorator::Call(Interpreter& interp, const CallArgs& call) const {
  std::vector<std::string> params = {"func", "private", "check_well_formed"};
  if (dialect == tir::TvmDialect::STir) params.push_back("s_tir");
  Args args(call, "prim_func", params, 0);
  if (!args.status()) return args.status().error();
  for (const char* flag : {"private", "check_well_formed", "s_tir"}) {
    if (!args.has(flag)) continue;
    // Tessera's PrimFunc has no privacy; the flags are read for their errors only.
    auto b = args.Bool(flag);
    if (!b) return b.error();
  }
  if (!args.has("func") || args.get("func").is_none()) {
    auto configured = std::make_shared<PrimFuncDecorator>();
    configured->dialect = dialect;
    return Value::FromObject(configured);
  }
  const auto* fn = args.get("func").as<FunctionObject>();
  if (!fn) return args.TypeError("func", "a def (@T.prim_func decorates a function)");
  auto f = ParsePrimFunc(*fn->def, interp, fn->enclosing);
  if (!f) return f.error();
  return MakeTensorIRFuncValue(std::move(*f), dialect);
}

Result<Value> IRModuleDecorator::Call(Interpreter& interp, const CallArgs& call) const {
  Args args(call, "ir_module", {"mod"}, 1);
  if (!args.status()) return args.status().error();
  const auto* cls = args.get("mod").as<ClassDefObject>();
  if (!cls) return args.TypeError("mod", "a class (@I.ir_module decorates a class)");
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  auto functions = ParseIRModule(*cls->def, interp, cls->enclosing, &dialect);
  if (!functions) return functions.error();
  return MakeTensorIRModuleValue(std::move(*functions), dialect);
}

}  // namespace

Result<std::vector<std::pair<std::string, tir::PrimFunc>>> ParseIRModule(
    const AstStmt& cls, Interpreter& interp, const std::shared_ptr<const Scope>& enclosing,
    tir::TvmDialect* dialect) {
  std::vector<std::pair<std::string, tir::PrimFunc>> functions;
  bool dialect_seen = false;
  for (const AstStmt& s : cls.body) {
    if (s.kind == StmtKind::Pass) continue;
    if (s.kind == StmtKind::Expr && s.value->kind == AstKind::String) continue;  // docstring
    if (s.kind != StmtKind::Def)
      return Error("an @I.ir_module class holds @T.prim_func functions only", s.loc);
    // The decorator evaluates to a PrimFuncDecorator: T.prim_func itself or what
    // T.prim_func(private=True) returns.
    Value decorator_value;
    if (s.decorators.size() == 1) {
      auto v = interp.Eval(*s.decorators[0], enclosing);
      if (!v) return v.error();
      decorator_value = std::move(v.value());
    }
    const auto* decorator = decorator_value.as<PrimFuncDecorator>();
    if (!decorator)
      return Error(
          "only @T.prim_func functions are supported in an @I.ir_module class "
          "(Relax functions are not)",
          s.loc);
    if (std::any_of(functions.begin(), functions.end(),
                    [&](const auto& f) { return f.first == s.name; }))
      return Error("function '" + s.name + "' is defined twice in the module", s.loc);
    auto f = ParsePrimFunc(s, interp, enclosing);
    if (!f) return f.error();
    if (!dialect_seen && dialect) *dialect = decorator->dialect;
    dialect_seen = true;
    functions.emplace_back(s.name, std::move(*f));
  }
  return functions;
}

void RegisterTVMScriptDecorators(Interpreter& interp) {
  auto tir_decorator = std::make_shared<PrimFuncDecorator>();
  interp.Register("tvm.script.tir.prim_func", Value::FromObject(tir_decorator));
  auto tirx_decorator = std::make_shared<PrimFuncDecorator>();
  tirx_decorator->dialect = tir::TvmDialect::STir;
  interp.Register("tvm.script.tirx.prim_func", Value::FromObject(tirx_decorator));
  interp.Register("tvm.script.ir.ir_module",
                  Value::FromObject(std::make_shared<IRModuleDecorator>()));
  interp.Alias("tvm.script.ir_module", "tvm.script.ir.ir_module");
}

}  // namespace tessera::script
