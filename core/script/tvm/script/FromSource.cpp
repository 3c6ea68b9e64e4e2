#include "script/tvm/script/FromSource.h"

#include <string>
#include <utility>

#include "script/lang/Args.h"
#include "script/lang/ChildInterpreter.h"
#include "script/lang/Interpreter.h"
#include "script/lang/Parser.h"

namespace tessera::script {

namespace {

constexpr const char* kSourceName = "<tvm.script.from_source>";

Result<Value> FromSource(Interpreter& interp, const CallArgs& c) {
  Args args(c, "from_source", {"input_func", "extra_vars", "check_well_formed"}, 1);
  if (!args.status()) return args.status().error();
  auto text = args.String("input_func");
  if (!text) return text.error();
  auto module = ParseModule(*text, kSourceName);
  if (!module)
    return Error(
        "tvm.script.from_source(): the TVMScript does not parse: " + module.error().format(),
        args.loc("input_func"));
  // The definitions the text makes, in order; the last one is the result.
  std::string defined;
  for (const AstStmt& s : module->body)
    if ((s.kind == StmtKind::Def || s.kind == StmtKind::Class) && !s.decorators.empty())
      defined = s.name;
  if (defined.empty())
    return Error(
        "tvm.script.from_source(): the text defines no @T.prim_func function or "
        "@I.ir_module class",
        args.loc("input_func"));
  std::unique_ptr<Interpreter> child = ChildInterpreter(
      interp, {{"T", "tvm.script.tir"}, {"I", "tvm.script.ir"}, {"tir", "tvm.tir"}, {"tvm", "tvm"}},
      c.loc);
  Interpreter& reader = *child;
  if (args.has("extra_vars") && !args.get("extra_vars").is_none()) {
    const auto* vars = args.get("extra_vars").as<DictObject>();
    if (!vars) return args.TypeError("extra_vars", "a dict of names to values");
    for (const auto& [key, value] : *vars->entries) {
      if (!key.is_string()) return args.TypeError("extra_vars", "a dict whose keys are names");
      reader.SetGlobal(key.as_string(), value);
    }
  }
  if (Status st = reader.Run(*module); !st)
    return Error("tvm.script.from_source(): " + st.error().format(), c.loc);
  const Value* result = reader.GetGlobal(defined);
  if (!result) return Error("tvm.script.from_source(): '" + defined + "' was not defined", c.loc);
  return *result;
}

}  // namespace

void RegisterFromSource(Interpreter& interp) {
  interp.RegisterFunction("tvm.script.from_source", FromSource);
  interp.Alias("tvm.script.parse", "tvm.script.from_source");
}

}  // namespace tessera::script
