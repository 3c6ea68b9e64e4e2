// Expressions written in the script language's syntax, turned into ir::Expr: what
// `tessera-cli simplify EXPR --assume COND` takes (DESIGN.md, "The command line").
// Free names are int32 variables, created on first use; the same name always gives the
// same Var across every expression evaluated in one ExprEnvironment, so an assumption
// about `i` constrains the `i` of the expression. Names declared as size variables are
// ir::SizeVar (non-negative, as te.size_var). `tvm`, `te` and `tir` are predefined, with
// the expression and tensor built-ins of scripts (tvm.tir.truncdiv, te.max, te.exp, ...).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::script {

class Interpreter;

class ExprEnvironment {
 public:
  explicit ExprEnvironment(std::vector<std::string> size_var_names = {});
  ~ExprEnvironment();
  ExprEnvironment(const ExprEnvironment&) = delete;
  ExprEnvironment& operator=(const ExprEnvironment&) = delete;

  // Parses and evaluates `text`; errors are located in `file` (line 1, the column).
  Result<ir::Expr> Evaluate(std::string_view text, const std::string& file = "<expr>");

  // The variables created so far, in order of first use.
  const std::vector<ir::Var>& vars() const { return vars_; }
  // The variable named `name`, if one was created (undefined Var otherwise).
  ir::Var var(const std::string& name) const;

 private:
  std::vector<std::string> size_var_names_;
  std::vector<ir::Var> vars_;
  std::unique_ptr<Interpreter> interp_;
};

}  // namespace tessera::script
