// Interpreter: evaluates the script language's syntax tree with Python semantics.
// It knows nothing about tensors or schedules: those arrive as built-in functions
// registered by qualified name ("tvm.te.placeholder", "tvm.tir.truncdiv"), reachable
// through module objects (`tvm`, `te`, `tvm.tir`) that imports bind. Scripts therefore
// run no code but the built-ins Tessera registers (DESIGN.md: opening a script cannot
// run arbitrary code).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "script/Ast.h"
#include "script/Value.h"

namespace tessera::script {

// Names bound by a lambda's parameters, chained to the enclosing lambda's scope; a
// null parent means the interpreter's globals.
struct Scope {
  std::unordered_map<std::string, Value> names;
  std::shared_ptr<const Scope> parent;
};

using BuiltinFn = std::function<Result<Value>(Interpreter&, const CallArgs&)>;

// A built-in function or a method bound to its object ("Stage.split").
struct BuiltinFunction : Object {
  std::string name;
  BuiltinFn fn;
  BuiltinFunction(std::string n, BuiltinFn f) : name(std::move(n)), fn(std::move(f)) {}
  std::string type_name() const override { return "builtin_function"; }
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override {
    return fn(interp, args);
  }
};
Value MakeFunction(std::string name, BuiltinFn fn);

// A module: attribute lookup goes to the interpreter's registry ("tvm" + "." + name).
// Modules outside tvm (numpy, ...) import fine but cannot be used.
struct ModuleObject : Object {
  std::string path;
  bool supported = true;
  std::string type_name() const override { return "module"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// lambda params: body, closed over the scope it was created in.
struct LambdaObject : Object {
  AstPtr node;  // the Lambda node
  std::shared_ptr<const Scope> enclosing;
  std::string type_name() const override { return "function"; }
  size_t arity() const { return node->params.size(); }
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override;
};

class Interpreter {
 public:
  Interpreter();

  // ---- built-ins ----
  // Registers `value` under a qualified name; the enclosing modules are created.
  void Register(const std::string& qualified_name, Value value);
  void RegisterFunction(const std::string& qualified_name, BuiltinFn fn);
  // Makes `alias` resolve to what `target` resolves to ("tvm.placeholder" ->
  // "tvm.te.placeholder", the pre-0.7 spelling).
  void Alias(const std::string& alias, const std::string& target);
  const Value* Lookup(const std::string& qualified_name) const;

  // ---- names ----
  void SetGlobal(const std::string& name, Value value);
  const Value* GetGlobal(const std::string& name) const;
  const std::map<std::string, Value>& globals() const { return globals_; }
  // Consulted for names bound nowhere (the simplifier makes them variables); the
  // default reports "name 'x' is not defined".
  using NameFallback = std::function<std::optional<Value>(const std::string& name)>;
  void SetNameFallback(NameFallback fallback) { fallback_ = std::move(fallback); }

  // ---- evaluation ----
  Result<Value> Eval(const AstExpr& e, const std::shared_ptr<const Scope>& scope = nullptr);
  Status Exec(const AstStmt& s);
  Status Run(const AstModule& module);
  Result<Value> CallValue(const Value& callee, const CallArgs& args);

  // Calls of script functions (lambdas) nested deeper than this are an error, so a
  // lambda that calls itself cannot exhaust the stack.
  static constexpr int kMaxCallDepth = 64;
  int call_depth() const { return call_depth_; }

  // Called after each assignment with the bound name and value (the evaluator names
  // tensors and iter vars after the variables that hold them).
  using AssignHook = std::function<void(const std::string& name, const Value& value)>;
  void SetAssignHook(AssignHook hook) { assign_hook_ = std::move(hook); }

 private:
  std::map<std::string, Value> registry_;
  std::map<std::string, std::string> aliases_;
  std::map<std::string, Value> globals_;
  NameFallback fallback_;
  AssignHook assign_hook_;
  int call_depth_ = 0;
  friend struct LambdaObject;

  Result<Value> EvalName(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalAttribute(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalSubscript(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalCall(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalLogic(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<std::vector<Value>> EvalItems(const std::vector<AstPtr>& items,
                                       const std::shared_ptr<const Scope>& scope);
  Status ExecImport(const AstStmt& s);
  Status ExecAssign(const AstStmt& s);
};

}  // namespace tessera::script
