#include "script/ExprEval.h"

#include <algorithm>

#include "script/lang/Interpreter.h"
#include "script/lang/Parser.h"
#include "script/tvm/te/TeBuiltins.h"

namespace tessera::script {

ExprEnvironment::ExprEnvironment(std::vector<std::string> size_var_names)
    : size_var_names_(std::move(size_var_names)), interp_(std::make_unique<Interpreter>()) {
  RegisterTeBuiltins(*interp_);  // tvm.tir.*, te.max, te.exp, ...
  interp_->SetGlobal("tvm", *interp_->Lookup("tvm"));
  interp_->SetGlobal("te", *interp_->Lookup("tvm.te"));
  interp_->SetGlobal("tir", *interp_->Lookup("tvm.tir"));
  interp_->SetNameFallback([this](const std::string& name) -> std::optional<Value> {
    bool is_size =
        std::find(size_var_names_.begin(), size_var_names_.end(), name) != size_var_names_.end();
    ir::Var v = is_size ? ir::SizeVar(name) : ir::Var(name);
    vars_.push_back(v);
    interp_->SetGlobal(name, Value::FromExpr(v));  // the same name gives the same Var
    return Value::FromExpr(v);
  });
}

ExprEnvironment::~ExprEnvironment() = default;

Result<ir::Expr> ExprEnvironment::Evaluate(std::string_view text, const std::string& file) {
  auto ast = ParseExpression(text, file);
  if (!ast) return ast.error();
  auto value = interp_->Eval(*ast.value());
  if (!value) return value.error();
  if (value->is_string() || !ToExpr(*value))
    return Error("expected an expression, got " + value->type_name(), ast.value()->loc);
  return *ToExpr(*value);
}

ir::Var ExprEnvironment::var(const std::string& name) const {
  for (const ir::Var& v : vars_)
    if (v.name() == name) return v;
  return ir::Var::from(ir::Expr());
}

}  // namespace tessera::script
