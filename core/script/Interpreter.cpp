#include "script/Interpreter.h"

#include "ir/ExprOp.h"
#include "script/ExprSize.h"
#include "script/Operators.h"

namespace tessera::script {

namespace {

// Rejects expressions whose tree has grown beyond kMaxExprTreeSize (see ExprSize.h).
Status CheckSize(const Value& v, const SourceLoc& loc) {
  if (v.is_sequence()) {
    for (const Value& item : v.items())
      if (auto st = CheckSize(item, loc); !st) return st;
    return Status::Ok();
  }
  if (v.is_expr() && ExprTreeSize(v.as_expr()) > kMaxExprTreeSize)
    return Error("expression too large (more than " + std::to_string(kMaxExprTreeSize) +
                     " nodes when expanded)",
                 loc);
  return Status::Ok();
}

}  // namespace

Value MakeFunction(std::string name, BuiltinFn fn) {
  return Value::FromObject(std::make_shared<BuiltinFunction>(std::move(name), std::move(fn)));
}

Result<Value> ModuleObject::GetAttr(Interpreter& interp, const std::string& name,
                                    const SourceLoc& loc) const {
  if (!supported)
    return Error("module '" + path + "' is not available in Tessera scripts (only tvm is)", loc);
  if (const Value* v = interp.Lookup(path + "." + name)) return *v;
  return Error("module '" + path + "' has no attribute '" + name + "' in Tessera", loc);
}

Result<Value> LambdaObject::Call(Interpreter& interp, const CallArgs& args) const {
  if (!args.keywords.empty())
    return Error("lambda does not take keyword arguments", args.keyword_locs.front());
  if (args.positional.size() != arity())
    return Error("lambda takes " + std::to_string(arity()) + " argument" +
                     (arity() == 1 ? "" : "s") + " (" + std::to_string(args.positional.size()) +
                     " given)",
                 node->loc);
  if (interp.call_depth_ >= Interpreter::kMaxCallDepth)
    return Error("lambda calls nested deeper than " + std::to_string(Interpreter::kMaxCallDepth) +
                     " levels (a lambda calling itself?)",
                 args.loc);
  auto scope = std::make_shared<Scope>();
  scope->parent = enclosing;
  for (size_t i = 0; i < arity(); ++i) scope->names[node->params[i].name] = args.positional[i];
  ++interp.call_depth_;
  auto result = interp.Eval(*node->object, scope);
  --interp.call_depth_;
  if (result)
    if (auto st = CheckSize(*result, args.loc); !st) return st.error();
  return result;
}

Interpreter::Interpreter() {
  RegisterFunction("print", [](Interpreter&, const CallArgs&) -> Result<Value> {
    return Value();  // scripts have no output; print(...) is accepted and ignored
  });
  RegisterFunction("len", [](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (a.positional.size() != 1 || !a.keywords.empty())
      return Error("len() takes exactly one argument", a.loc);
    if (a.positional[0].is_sequence())
      return Value::Int(static_cast<int64_t>(a.positional[0].items().size()));
    if (a.positional[0].is_string())
      return Value::Int(static_cast<int64_t>(a.positional[0].as_string().size()));
    return Error("object of type '" + a.positional[0].type_name() + "' has no len()",
                 a.positional_locs[0]);
  });
}

void Interpreter::Register(const std::string& qualified_name, Value value) {
  // Create the enclosing modules ("tvm", "tvm.tir" for "tvm.tir.truncdiv").
  for (size_t dot = qualified_name.find('.'); dot != std::string::npos;
       dot = qualified_name.find('.', dot + 1)) {
    std::string parent = qualified_name.substr(0, dot);
    if (registry_.count(parent)) continue;
    auto module = std::make_shared<ModuleObject>();
    module->path = parent;
    registry_[parent] = Value::FromObject(module);
  }
  registry_[qualified_name] = std::move(value);
}

void Interpreter::RegisterFunction(const std::string& qualified_name, BuiltinFn fn) {
  size_t dot = qualified_name.rfind('.');
  std::string short_name = dot == std::string::npos ? qualified_name : qualified_name.substr(dot + 1);
  Register(qualified_name, MakeFunction(short_name, std::move(fn)));
}

void Interpreter::Alias(const std::string& alias, const std::string& target) {
  aliases_[alias] = target;
  Register(alias, Value());  // creates the parent modules; Lookup follows the alias
}

const Value* Interpreter::Lookup(const std::string& qualified_name) const {
  std::string name = qualified_name;
  for (int hops = 0; hops < 8; ++hops) {
    auto alias = aliases_.find(name);
    if (alias == aliases_.end()) break;
    name = alias->second;
  }
  auto it = registry_.find(name);
  return it == registry_.end() ? nullptr : &it->second;
}

void Interpreter::SetGlobal(const std::string& name, Value value) { globals_[name] = std::move(value); }

const Value* Interpreter::GetGlobal(const std::string& name) const {
  auto it = globals_.find(name);
  return it == globals_.end() ? nullptr : &it->second;
}

// ------------------------------------------------------------------ expressions

Result<Value> Interpreter::Eval(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  switch (e.kind) {
    case AstKind::Name: return EvalName(e, scope);
    case AstKind::Int: return Value::Int(e.int_value);
    case AstKind::Float: return Value::Float(e.float_value);
    case AstKind::String: return Value::String(e.text);
    case AstKind::Bool: return Value::Bool(e.bool_value);
    case AstKind::None: return Value();
    case AstKind::Tuple:
    case AstKind::List: {
      auto items = EvalItems(e.items, scope);
      if (!items) return items.error();
      return e.kind == AstKind::Tuple ? Value::Tuple(std::move(items.value()))
                                      : Value::List(std::move(items.value()));
    }
    case AstKind::Attribute: return EvalAttribute(e, scope);
    case AstKind::Subscript: return EvalSubscript(e, scope);
    case AstKind::Call: return EvalCall(e, scope);
    case AstKind::Lambda: {
      auto lambda = std::make_shared<LambdaObject>();
      lambda->node = e.shared_from_this();  // keeps the body alive with the value
      lambda->enclosing = scope;
      return Value::FromObject(lambda);
    }
    case AstKind::Unary: {
      auto operand = Eval(*e.object, scope);
      if (!operand) return operand;
      return ApplyUnary(e.unary_op, *operand, e.loc);
    }
    case AstKind::Binary: {
      auto a = Eval(*e.left, scope);
      if (!a) return a;
      auto b = Eval(*e.right, scope);
      if (!b) return b;
      return ApplyBinary(e.binary_op, *a, *b, e.op_loc);
    }
    case AstKind::Compare: {
      auto a = Eval(*e.left, scope);
      if (!a) return a;
      auto b = Eval(*e.right, scope);
      if (!b) return b;
      return ApplyCompare(e.compare_op, *a, *b, e.op_loc);
    }
    case AstKind::And:
    case AstKind::Or:
    case AstKind::Not: return EvalLogic(e, scope);
  }
  return Error("unsupported expression", e.loc);
}

Result<std::vector<Value>> Interpreter::EvalItems(const std::vector<AstPtr>& items,
                                                  const std::shared_ptr<const Scope>& scope) {
  std::vector<Value> values;
  values.reserve(items.size());
  for (const AstPtr& item : items) {
    auto v = Eval(*item, scope);
    if (!v) return v.error();
    values.push_back(std::move(v.value()));
  }
  return values;
}

Result<Value> Interpreter::EvalName(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  for (const Scope* s = scope.get(); s; s = s->parent.get()) {
    auto it = s->names.find(e.text);
    if (it != s->names.end()) return it->second;
  }
  if (const Value* v = GetGlobal(e.text)) return *v;
  // Built-in functions (print, len) need no import; modules (tvm) do.
  if (const Value* v = Lookup(e.text); v && !v->as<ModuleObject>()) return *v;
  if (fallback_) {
    if (auto v = fallback_(e.text)) return *v;
  }
  std::string hint;
  if (e.text == "te") hint = " (did you forget 'from tvm import te'?)";
  if (e.text == "tvm") hint = " (did you forget 'import tvm'?)";
  return Error("name '" + e.text + "' is not defined" + hint, e.loc);
}

Result<Value> Interpreter::EvalAttribute(const AstExpr& e,
                                         const std::shared_ptr<const Scope>& scope) {
  auto object = Eval(*e.object, scope);
  if (!object) return object;
  const Value& v = object.value();
  if (v.is_object()) return v.object()->GetAttr(*this, e.text, e.text_loc);
  if (v.is_expr()) {
    ir::Expr expr = v.as_expr();
    if (e.text == "dtype") return Value::String(expr.dtype().str());
    if (e.text == "astype")
      return MakeFunction("astype", [expr](Interpreter&, const CallArgs& a) -> Result<Value> {
        if (a.positional.size() != 1 || !a.positional[0].is_string())
          return Error("astype() takes one dtype string, e.g. astype(\"float32\")", a.loc);
        auto t = ir::DataType::parse(a.positional[0].as_string());
        if (!t) return Error("unknown dtype \"" + a.positional[0].as_string() + "\"",
                             a.positional_locs[0]);
        return Value::FromExpr(expr.dtype() == *t ? expr : ir::cast(*t, expr));
      });
    if (auto* var = expr.as<ir::VarNode>(); var && e.text == "name") return Value::String(var->name);
  }
  return Error("'" + v.type_name() + "' object has no attribute '" + e.text + "'", e.text_loc);
}

Result<Value> Interpreter::EvalSubscript(const AstExpr& e,
                                         const std::shared_ptr<const Scope>& scope) {
  auto object = Eval(*e.object, scope);
  if (!object) return object;
  auto indices = EvalItems(e.items, scope);
  if (!indices) return indices.error();
  std::vector<SourceLoc> locs;
  for (const AstPtr& item : e.items) locs.push_back(item->loc);
  // A[(i, j)] means A[i, j], as in Python.
  if (indices->size() == 1 && indices->front().kind() == Value::Kind::Tuple) {
    std::vector<Value> flat = indices->front().items();
    locs.assign(flat.size(), locs.front());
    indices = std::move(flat);
  }
  const Value& v = object.value();
  if (v.is_object()) return v.object()->Subscript(*this, *indices, locs, e.op_loc);
  if (v.is_sequence()) {
    if (indices->size() != 1 || !indices->front().is_integer())
      return Error(v.type_name() + " indices must be integers", locs.front());
    int64_t n = static_cast<int64_t>(v.items().size());
    int64_t i = indices->front().as_int();
    if (i < -n || i >= n)
      return Error(v.type_name() + " index " + std::to_string(i) + " out of range (size " +
                       std::to_string(n) + ")",
                   locs.front());
    return v.items()[static_cast<size_t>(i < 0 ? i + n : i)];
  }
  return Error("'" + v.type_name() + "' object is not subscriptable", e.op_loc);
}

Result<Value> Interpreter::EvalCall(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  auto callee = Eval(*e.object, scope);
  if (!callee) return callee;
  CallArgs args;
  args.loc = e.loc;
  for (const AstPtr& item : e.items) {
    auto v = Eval(*item, scope);
    if (!v) return v;
    args.positional.push_back(std::move(v.value()));
    args.positional_locs.push_back(item->loc);
  }
  for (const AstKeyword& k : e.keywords) {
    auto v = Eval(*k.value, scope);
    if (!v) return v;
    args.keywords.emplace_back(k.name, std::move(v.value()));
    args.keyword_locs.push_back(k.loc);
  }
  return CallValue(*callee, args);
}

Result<Value> Interpreter::CallValue(const Value& callee, const CallArgs& args) {
  if (callee.is_object()) return callee.object()->Call(*this, args);
  return Error("'" + callee.type_name() + "' object is not callable", args.loc);
}

Result<Value> Interpreter::EvalLogic(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  if (e.kind == AstKind::Not) {
    auto operand = Eval(*e.object, scope);
    if (!operand) return operand;
    return ApplyNot(*operand, e.loc);
  }
  bool is_and = e.kind == AstKind::And;
  auto a = Eval(*e.left, scope);
  if (!a) return a;
  bool symbolic = a->is_expr() || (a->is_object() && ToExpr(*a));
  // Python short-circuits on plain values; on an expression both sides are combined.
  if (!symbolic && (is_and ? !a->truthy() : a->truthy())) return a;
  auto b = Eval(*e.right, scope);
  if (!b || !symbolic) return b;
  return CombineLogical(is_and, *a, *b, e.op_loc);
}

// ------------------------------------------------------------------ statements

Status Interpreter::Run(const AstModule& module) {
  for (const AstStmt& s : module.body)
    if (auto st = Exec(s); !st) return st;
  return Status::Ok();
}

Status Interpreter::Exec(const AstStmt& s) {
  switch (s.kind) {
    case StmtKind::Import: return ExecImport(s);
    case StmtKind::Assign: return ExecAssign(s);
    case StmtKind::Expr: {
      auto v = Eval(*s.value);  // evaluated for its errors and effects; the value is dropped
      if (!v) return v.error();
      return Status::Ok();
    }
  }
  return Status::Ok();
}

Status Interpreter::ExecImport(const AstStmt& s) {
  auto unsupported_module = [](const std::string& path) {
    auto m = std::make_shared<ModuleObject>();
    m->path = path;
    m->supported = false;
    return Value::FromObject(m);
  };
  auto is_tvm = [](const std::string& path) { return path == "tvm" || path.rfind("tvm.", 0) == 0; };
  for (const AstImportName& item : s.imports) {
    if (s.from_module.empty()) {
      // import a.b.c binds `a` (or the alias to a.b.c)
      std::string bound = item.alias.empty() ? item.name.substr(0, item.name.find('.')) : item.alias;
      std::string path = item.alias.empty() ? bound : item.name;
      if (!is_tvm(item.name)) {
        SetGlobal(bound, unsupported_module(path));
        continue;
      }
      const Value* module = Lookup(path);
      if (!module || !module->as<ModuleObject>())
        return Error("no module named '" + item.name + "' in Tessera", item.loc);
      SetGlobal(bound, *module);
      continue;
    }
    std::string bound = item.alias.empty() ? item.name : item.alias;
    if (!is_tvm(s.from_module)) {
      SetGlobal(bound, unsupported_module(s.from_module + "." + item.name));
      continue;
    }
    const Value* v = Lookup(s.from_module + "." + item.name);
    if (!v)
      return Error("cannot import name '" + item.name + "' from '" + s.from_module + "'",
                   item.loc);
    SetGlobal(bound, *v);
  }
  return Status::Ok();
}

Status Interpreter::ExecAssign(const AstStmt& s) {
  auto value = Eval(*s.value);
  if (!value) return value.error();
  if (auto st = CheckSize(*value, s.value->loc); !st) return st;
  if (!s.unpack) {
    SetGlobal(s.targets[0].name, value.value());
    if (assign_hook_) assign_hook_(s.targets[0].name, value.value());
    return Status::Ok();
  }
  if (!value->is_sequence())
    return Error("cannot unpack a non-sequence '" + value->type_name() + "'", s.value->loc);
  const auto& items = value->items();
  if (items.size() != s.targets.size())
    return Error("cannot unpack " + std::to_string(items.size()) + " values into " +
                     std::to_string(s.targets.size()) + " names",
                 s.targets.front().loc);
  for (size_t i = 0; i < items.size(); ++i) {
    SetGlobal(s.targets[i].name, items[i]);
    if (assign_hook_) assign_hook_(s.targets[i].name, items[i]);
  }
  return Status::Ok();
}

}  // namespace tessera::script
