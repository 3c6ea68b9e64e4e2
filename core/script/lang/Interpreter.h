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
#include <vector>

#include "script/lang/Ast.h"
#include "script/lang/Value.h"

namespace tessera::script {

// Names bound by a lambda's parameters, a function call's locals or a comprehension's
// loop variables, chained to the enclosing scope (closures see the enclosing function's
// names as they are when read, as in Python); a null parent means the interpreter's
// globals.
struct Scope {
  // Mutable: a nested function's `nonlocal` rebinds a name of the scope it closed over,
  // which closures hold as const because they otherwise only read it.
  mutable std::unordered_map<std::string, Value> names;
  std::shared_ptr<const Scope> parent;
  // A class body's namespace: the functions defined in it close over its parent, as
  // Python's methods do not see the class's names.
  bool class_body = false;
  // The function's `global x` (null: the module) and `nonlocal x` (the enclosing scope
  // that binds x) declarations: where its assignments to x go. An enclosing scope lives
  // as long as the scopes below it, which hold it through `parent`.
  std::unordered_map<std::string, const Scope*> declared;
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
// In the modules of the runtime part (numpy, tvm.nd, ...; RuntimeObjects.h) an attribute
// not registered is a runtime value.
struct ModuleObject : Object {
  std::string path;
  std::string type_name() const override { return "module"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// lambda params: body, closed over the scope it was created in.
struct LambdaObject : Object {
  AstPtr node;  // the Lambda node
  std::shared_ptr<const Scope> enclosing;
  std::string type_name() const override { return "function"; }
  // The positional parameters (without *args); variadic(): the lambda has *args.
  size_t arity() const;
  bool variadic() const;
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override;
};

// def name(params): body — called with Python's argument binding (positional, keyword,
// defaults evaluated once at the def), closed over the scope the def ran in.
struct FunctionObject : Object {
  std::shared_ptr<const AstStmt> def;
  std::vector<std::optional<Value>> defaults;  // per parameter
  std::shared_ptr<const Scope> enclosing;
  std::string type_name() const override { return "function"; }
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override;
};

// `@decorator class Name: ...`: the class's definition, unevaluated, handed to its
// decorators (TVMScript's @I.ir_module reads the functions in it). Scripts have no classes
// of their own: an object of this kind has no attributes and cannot be called.
struct ClassDefObject : Object {
  std::shared_ptr<const AstStmt> def;
  std::shared_ptr<const Scope> enclosing;
  std::string type_name() const override { return "type"; }
};

// range(start, stop, step): iterated lazily, so `range(10**9)` costs nothing until the
// step limit stops the loop over it.
struct RangeObject : Object {
  int64_t start = 0, stop = 0, step = 1;
  std::string type_name() const override { return "range"; }
  int64_t size() const;
  int64_t at(int64_t i) const { return start + i * step; }
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

// A dict: insertion-ordered entries with keys compared as Python does for the keys
// scripts use (numbers, strings, None, tuples of them, and objects by identity).
struct DictObject : Object {
  using Entries = std::vector<std::pair<Value, Value>>;
  // Shared with the dict's bound methods (d.items); mutated by d[k] = v.
  std::shared_ptr<Entries> entries = std::make_shared<Entries>();
  std::string type_name() const override { return "dict"; }
  static const Value* Find(const Interpreter& interp, const Entries& entries, const Value& key);
  const Value* Find(const Interpreter& interp, const Value& key) const {
    return Find(interp, *entries, key);
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

// What a prepared interpreter registered (built-ins, aliases, lazy modules, name hints,
// the embedding's foreign names and expression attributes), frozen so that many
// interpreters, on any thread, start from it without registering anything again. Its
// built-ins are shared: they keep no state of one evaluation (they reach it through
// Interpreter::context()), and the objects registered in it are immutable.
struct InterpreterPrelude {
  std::map<std::string, Value> registry;
  std::map<std::string, std::string> aliases;
  std::map<std::string, std::function<Status(Interpreter&)>> lazy_modules;
  std::map<std::string, std::string> name_hints;
  std::function<std::optional<Value>(const std::string&, bool)> foreign;
  std::function<std::optional<Value>(const ir::Expr&, const std::string&)> expr_attributes;
};

class Interpreter {
 public:
  Interpreter();
  // Starts where the interpreter `prelude` was frozen from stood; what this one
  // registers shadows the prelude's names and leaves the prelude as it is.
  explicit Interpreter(std::shared_ptr<const InterpreterPrelude> prelude);
  // Clears the locals of every function call still alive: a def inside a function (TVM's
  // intrin_func inside intrin_gemv) holds the call's locals, which hold the def, so the
  // cycle would otherwise outlive the interpreter (a leak per evaluation).
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // What this interpreter registered, with the prelude it started from (not its globals,
  // hooks, fallback or context: those belong to one evaluation).
  std::shared_ptr<const InterpreterPrelude> Freeze() const;

  // The embedding's state of the evaluation running in this interpreter, which built-ins
  // registered once for many interpreters (a prelude's) reach through the interpreter
  // they are called with. Null until set.
  void SetContext(void* context) { context_ = context; }
  void* context() const { return context_; }

  // ---- built-ins ----
  // Registers `value` under a qualified name; the enclosing modules are created.
  void Register(const std::string& qualified_name, Value value);
  void RegisterFunction(const std::string& qualified_name, BuiltinFn fn);
  // Makes `alias` resolve to what `target` resolves to ("tvm.placeholder" ->
  // "tvm.te.placeholder", the pre-0.7 spelling).
  void Alias(const std::string& alias, const std::string& target);
  const Value* Lookup(const std::string& qualified_name) const;
  // A module whose contents `load` registers on first use: an import naming it or
  // something in it, an attribute of it, a tensor operator (tvm.topi: TVM loads it with
  // tvm, Tessera when a script reaches it). What `load` evaluates does not count
  // against the script's step budget.
  using ModuleLoader = std::function<Status(Interpreter&)>;
  void RegisterLazyModule(const std::string& path, ModuleLoader load);
  // Lookup, after loading the lazy module `qualified_name` names or lies in; a loader's
  // error is reported at `loc`.
  Result<const Value*> Resolve(const std::string& qualified_name, const SourceLoc& loc);

  // Names the interpreter has no registration for that the embedding still gives a value
  // (a program's runtime half: numpy, timeit, tvm.nd, ... as deferred values):
  // `qualified_name` is a module an import names (`as_module`) or a name in a module.
  using ForeignFn =
      std::function<std::optional<Value>(const std::string& qualified_name, bool as_module)>;
  void SetForeignNames(ForeignFn fn) { foreign_ = std::move(fn); }
  std::optional<Value> Foreign(const std::string& qualified_name, bool as_module);

  // ---- names ----
  void SetGlobal(const std::string& name, Value value);
  const Value* GetGlobal(const std::string& name) const;
  const std::map<std::string, Value>& globals() const { return globals_; }
  // Consulted for names bound nowhere (the simplifier makes them variables); the
  // default reports "name 'x' is not defined".
  using NameFallback = std::function<std::optional<Value>(const std::string& name)>;
  void SetNameFallback(NameFallback fallback) { fallback_ = std::move(fallback); }
  // What "name 'te' is not defined" adds in parentheses ("did you forget ...?").
  void AddNameHint(const std::string& name, std::string hint) { name_hints_[name] = hint; }
  // Attributes of expressions beyond dtype, astype, name and value (a package's node
  // fields: `.a`, `.args`); nullopt when the expression has no such attribute.
  using ExprAttributeFn =
      std::function<std::optional<Value>(const ir::Expr& expr, const std::string& name)>;
  void SetExprAttributes(ExprAttributeFn fn) { expr_attributes_ = std::move(fn); }

  // ---- evaluation ----
  Result<Value> Eval(const AstExpr& e, const std::shared_ptr<const Scope>& scope = nullptr);
  Status Exec(const AstStmt& s);
  Status Run(const AstModule& module);
  Result<Value> CallValue(const Value& callee, const CallArgs& args);
  // A scope whose names the interpreter clears when it goes: a call's locals, a class's
  // or an instance's attributes, which closures and instances can make into cycles.
  void KeepScope(const std::shared_ptr<Scope>& scope);
  // `a op b` as Python evaluates it: a's operator method, b's reflected one, then the
  // built-in rules for numbers, strings, sequences and expressions (Operators.h).
  Result<Value> Binary(BinaryOp op, const Value& a, const Value& b, const SourceLoc& loc);

  // Calls of script functions (lambdas, defs) nested deeper than this are an error, so
  // a function that calls itself cannot exhaust the stack.
  static constexpr int kMaxCallDepth = 64;
  int call_depth() const { return call_depth_; }
  // Statements, calls and loop iterations one evaluation may run: beyond it the script
  // stops with a located error (a `while True:` loop cannot hang the application).
  static constexpr int64_t kMaxSteps = 200000;
  int64_t steps() const { return steps_; }
  // What built-in preludes ran before the script (tvm.topi's, Topi.h) does not count
  // against the script's limit.
  void ResetSteps() { steps_ = 0; }
  // Lists built by `*` or comprehensions are capped too.
  static constexpr size_t kMaxListSize = 1000000;

  // What `is`, `in`, `==` and dict keys compare for objects: objects that stand for the
  // same thing (two Tensor values of one tensor) give the same pointer. Default: the
  // object itself.
  using IdentityFn = std::function<const void*(const Value&)>;
  void SetIdentity(IdentityFn fn) { identity_ = std::move(fn); }
  const void* Identity(const Value& v) const;
  // Python's `==` on plain values (numbers, strings, None, tuples, lists, objects by
  // identity); nullopt when one side is an expression (TVM builds an EQ node then).
  std::optional<bool> PlainEqual(const Value& a, const Value& b) const;
  // Python's truth of a condition (`if`, `while`, `assert`, `x if c else y`); a symbolic
  // expression is an error as in TVM (it has no Python truth value).
  Result<bool> Truth(const Value& v, const SourceLoc& loc) const;
  // Calls `body` for each item of a range, tuple, list, dict (keys) or string; `body`
  // returns false to stop.
  Status ForEach(const Value& iterable, const SourceLoc& loc,
                 const std::function<Result<bool>(const Value&)>& body);

  // Called after each assignment with the bound name and value (the evaluator names
  // tensors and iter vars after the variables that hold them).
  using AssignHook = std::function<void(const std::string& name, const Value& value)>;
  void SetAssignHook(AssignHook hook) { assign_hook_ = std::move(hook); }
  // Called with each attribute read on an object (`B.op.axis`: object, "axis", result),
  // so the evaluator can remember where a value came from.
  using AttributeHook =
      std::function<void(const Value& object, const std::string& name, const Value& result)>;
  void SetAttributeHook(AttributeHook hook) { attribute_hook_ = std::move(hook); }
  // Called before each call of a built-in; an error refuses the call (the evaluator
  // refuses names that TVM resolves differently, e.g. axes of an op rfactor replaced).
  using CallHook = std::function<Status(const Value& callee, const CallArgs& args)>;
  void SetCallHook(CallHook hook) { call_hook_ = std::move(hook); }

 private:
  std::shared_ptr<const InterpreterPrelude> prelude_;  // never null
  std::map<std::string, Value> registry_;              // over the prelude's
  std::map<std::string, std::string> aliases_;         // over the prelude's
  std::map<std::string, ModuleLoader> lazy_modules_;   // path -> loader, until first use
  std::map<std::string, Value> globals_;
  NameFallback fallback_;
  ForeignFn foreign_;
  ExprAttributeFn expr_attributes_;
  std::map<std::string, std::string> name_hints_;
  AssignHook assign_hook_;
  AttributeHook attribute_hook_;
  CallHook call_hook_;
  IdentityFn identity_;
  void* context_ = nullptr;
  int call_depth_ = 0;
  int64_t steps_ = 0;
  std::vector<std::weak_ptr<Scope>> call_scopes_;  // KeepScope's, cleared by ~Interpreter
  std::vector<Value>* yielded_ = nullptr;          // what the running generator yielded so far
  Value return_value_;                             // set by `return`, read by FunctionObject::Call
  std::vector<Error> handling_;  // the exceptions whose `except` blocks are running (bare `raise`)
  friend struct LambdaObject;
  friend struct FunctionObject;

  // What a statement did to the enclosing block.
  enum class Flow : uint8_t { Normal, Break, Continue, Return };
  // `locals` is the function call's scope (null at module level: globals).
  Result<Flow> ExecIn(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  Result<Flow> ExecBlock(const std::vector<AstStmt>& body, const std::shared_ptr<Scope>& locals);
  Status Step(const SourceLoc& loc);
  Status Bind(const AstExpr& target, const Value& value, const std::shared_ptr<Scope>& locals);
  Status AssignItem(const Value& object, const Value& index, const Value& value,
                    const SourceLoc& loc);
  Result<std::pair<Value, Value>> EvalItemTarget(const AstExpr& target,
                                                 const std::shared_ptr<Scope>& locals);
  Status Unbind(const AstExpr& target, const std::shared_ptr<Scope>& locals);  // del
  Status DeleteItem(const Value& object, const Value& index, const SourceLoc& loc);
  Result<Value> EvalCompare(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  // One comparison of a chain; `right` receives its right operand (the next link's left).
  Result<Value> EvalCompareLink(const AstExpr& e, const std::shared_ptr<const Scope>& scope,
                                Value* right);
  Result<Value> CompareValues(CompareOp op, const Value& a, const Value& b,
                              const SourceLoc& op_loc);
  Result<Value> EvalComprehension(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalDict(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalSequenceBinary(const AstExpr& e, const Value& a, const Value& b, bool* handled);
  Result<Value> ListMethod(const Value& list, const std::string& name, const SourceLoc& loc);
  Result<Flow> ExecAugAssign(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  Result<Flow> ExecFor(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  Status ExecYield(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  Result<Flow> ExecWhile(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  Result<Flow> ExecWith(const AstStmt& s, const std::shared_ptr<Scope>& locals);  // Exceptions.cpp
  Result<Flow> ExecTry(const AstStmt& s, const std::shared_ptr<Scope>& locals);   // Exceptions.cpp
  Error ExecRaise(const AstStmt& s, const std::shared_ptr<Scope>& locals);        // Exceptions.cpp
  Status ExecDef(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  Status ExecClass(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  // The class `s` defines: its bases evaluated, its body run in its namespace
  // (ClassObject.cpp).
  Result<Value> BuildClass(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  // `s`'s decorators applied to `value`, innermost first.
  Result<Value> Decorate(const AstStmt& s, Value value, const std::shared_ptr<Scope>& locals);
  Status BindName(const AstStmt& s, const Value& value, const std::shared_ptr<Scope>& locals);
  // The scope an assignment to `name` in `locals` binds in: `locals`, or the enclosing
  // scope a `nonlocal` named; null for the module (at module level, or after `global`).
  static const Scope* BindingScope(const std::string& name, const std::shared_ptr<Scope>& locals);
  // global / nonlocal name, ...
  Status ExecDeclaration(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  void RegisterPythonBuiltins();

  Result<Value> EvalName(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalAttribute(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> AttributeOf(const Value& object, const AstExpr& e);
  Status SetAttributeOf(const Value& object, const AstExpr& target, const Value& value);
  Result<std::vector<Value>> EvalDisplayItems(const std::vector<AstPtr>& items,
                                              const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalSlice(const Value& v, const AstExpr& slice,
                          const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalSubscript(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalCall(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<Value> EvalLogic(const AstExpr& e, const std::shared_ptr<const Scope>& scope);
  Result<std::vector<Value>> EvalItems(const std::vector<AstPtr>& items,
                                       const std::shared_ptr<const Scope>& scope);
  Status ExecImport(const AstStmt& s, const std::shared_ptr<Scope>& locals);
  Status ExecAssign(const AstStmt& s, const std::shared_ptr<Scope>& locals);
};

}  // namespace tessera::script
