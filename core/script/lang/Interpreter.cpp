#include "script/lang/Interpreter.h"

#include <algorithm>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "script/lang/ClassObject.h"
#include "script/lang/Exceptions.h"
#include "script/lang/ExprSize.h"
#include "script/lang/Operators.h"
#include "script/lang/PercentFormat.h"
#include "script/lang/SetObject.h"
#include "script/lang/StringMethods.h"

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
  auto found = interp.Resolve(path + "." + name, loc);
  if (!found) return found.error();
  if (const Value* v = *found) return *v;
  if (auto foreign = interp.Foreign(path + "." + name, false)) return *foreign;
  return Error("module '" + path + "' has no attribute '" + name + "' in Tessera", loc);
}

namespace {

// Python's argument binding for a lambda or def: positional arguments fill the
// positional parameters, the rest go to *args (a tuple) or are an error; keywords fill
// positional and keyword-only parameters by name, the rest go to **kwargs (a dict) or
// are an error; then defaults; a parameter still unbound is an error. Returns each
// parameter's name and value, in order.
Result<std::vector<std::pair<std::string, Value>>> BindArguments(
    const std::string& fname, const std::vector<AstParam>& params,
    const std::vector<std::optional<Value>>* defaults, const CallArgs& args, const SourceLoc& loc) {
  size_t positional = 0;
  const AstParam* varargs = nullptr;
  const AstParam* kwargs = nullptr;
  for (const AstParam& p : params) {
    if (p.kind == ParamKind::Positional) ++positional;
    if (p.kind == ParamKind::VarArgs) varargs = &p;
    if (p.kind == ParamKind::KwArgs) kwargs = &p;
  }
  if (args.positional.size() > positional && !varargs)
    return Error(fname + "() takes " + std::to_string(positional) + " positional argument" +
                     (positional == 1 ? "" : "s") + " but " +
                     std::to_string(args.positional.size()) +
                     (args.positional.size() == 1 ? " was" : " were") + " given",
                 loc);
  std::vector<std::optional<Value>> bound(params.size());
  std::vector<Value> rest;
  for (size_t i = 0, next = 0; i < args.positional.size(); ++i) {
    while (next < params.size() && params[next].kind != ParamKind::Positional) ++next;
    if (next < params.size() && i < positional) {
      bound[next++] = args.positional[i];
    } else {
      rest.push_back(args.positional[i]);
    }
  }
  auto extra = std::make_shared<DictObject>();
  for (size_t k = 0; k < args.keywords.size(); ++k) {
    const std::string& name = args.keywords[k].first;
    auto it = std::find_if(params.begin(), params.end(), [&](const AstParam& p) {
      return p.name == name &&
             (p.kind == ParamKind::Positional || p.kind == ParamKind::KeywordOnly);
    });
    if (it == params.end()) {
      if (!kwargs)
        return Error(fname + "() got an unexpected keyword argument '" + name + "'",
                     args.keyword_locs[k]);
      extra->entries->emplace_back(Value::String(name), args.keywords[k].second);
      continue;
    }
    size_t i = static_cast<size_t>(it - params.begin());
    if (bound[i])
      return Error(fname + "() got multiple values for argument '" + name + "'",
                   args.keyword_locs[k]);
    bound[i] = args.keywords[k].second;
  }
  std::vector<std::pair<std::string, Value>> out;
  for (size_t i = 0; i < params.size(); ++i) {
    const AstParam& p = params[i];
    if (p.kind == ParamKind::VarArgs) {
      out.emplace_back(p.name, Value::Tuple(rest));
      continue;
    }
    if (p.kind == ParamKind::KwArgs) {
      out.emplace_back(p.name, Value::FromObject(extra));
      continue;
    }
    if (p.name.empty()) continue;  // the bare `*`
    if (!bound[i] && defaults) bound[i] = (*defaults)[i];
    if (!bound[i])
      return Error(fname + "() missing required " +
                       (p.kind == ParamKind::KeywordOnly ? "keyword-only " : "") + "argument '" +
                       p.name + "'",
                   loc);
    out.emplace_back(p.name, *bound[i]);
  }
  return out;
}

}  // namespace

bool LambdaObject::variadic() const {
  return std::any_of(node->params.begin(), node->params.end(),
                     [](const AstParam& p) { return p.kind == ParamKind::VarArgs; });
}

size_t LambdaObject::arity() const {
  return static_cast<size_t>(
      std::count_if(node->params.begin(), node->params.end(),
                    [](const AstParam& p) { return p.kind == ParamKind::Positional; }));
}

Result<Value> LambdaObject::Call(Interpreter& interp, const CallArgs& args) const {
  if (!variadic() && args.keywords.empty() && args.positional.size() != arity())
    return Error("lambda takes " + std::to_string(arity()) + " argument" +
                     (arity() == 1 ? "" : "s") + " (" + std::to_string(args.positional.size()) +
                     " given)",
                 node->loc);
  auto bound = BindArguments("<lambda>", node->params, nullptr, args, node->loc);
  if (!bound) return bound.error();
  if (interp.call_depth_ >= Interpreter::kMaxCallDepth)
    return Error("lambda calls nested deeper than " + std::to_string(Interpreter::kMaxCallDepth) +
                     " levels (a lambda calling itself?)",
                 args.loc);
  if (auto st = interp.Step(args.loc); !st) return st.error();
  auto scope = std::make_shared<Scope>();
  scope->parent = enclosing;
  for (auto& [name, value] : *bound) scope->names[name] = std::move(value);
  ++interp.call_depth_;
  auto result = interp.Eval(*node->object, scope);
  --interp.call_depth_;
  if (result)
    if (auto st = CheckSize(*result, args.loc); !st) return st.error();
  return result;
}

namespace {

// Whether a def's body yields (not counting the defs and classes inside it).
bool IsGenerator(const std::vector<AstStmt>& body) {
  for (const AstStmt& s : body) {
    if (s.kind == StmtKind::Yield) return true;
    if (s.kind == StmtKind::Def || s.kind == StmtKind::Class) continue;
    if (IsGenerator(s.body) || IsGenerator(s.orelse) || IsGenerator(s.handlers) ||
        IsGenerator(s.finalbody))
      return true;
  }
  return false;
}

}  // namespace

Result<Value> FunctionObject::Call(Interpreter& interp, const CallArgs& args) const {
  auto bound = BindArguments(def->name, def->params, &defaults, args, args.loc);
  if (!bound) return bound.error();
  if (interp.call_depth_ >= Interpreter::kMaxCallDepth)
    return Error("function calls nested deeper than " + std::to_string(Interpreter::kMaxCallDepth) +
                     " levels (a function calling itself without end?)",
                 args.loc);
  if (auto st = interp.Step(args.loc); !st) return st.error();
  auto locals = std::make_shared<Scope>();
  locals->parent = enclosing;
  interp.KeepScope(locals);
  for (auto& [name, value] : *bound) locals->names[name] = std::move(value);
  // A generator runs to its end here, collecting what it yields: the call gives that list
  // (scripts iterate generators once, in order; nothing runs between two items).
  const bool generator = IsGenerator(def->body);
  std::vector<Value> yielded;
  std::vector<Value>* outer = interp.yielded_;
  interp.yielded_ = generator ? &yielded : nullptr;
  ++interp.call_depth_;
  auto flow = interp.ExecBlock(def->body, locals);
  --interp.call_depth_;
  interp.yielded_ = outer;
  if (!flow) return flow.error();
  Value result;
  if (*flow == Interpreter::Flow::Return) result = std::move(interp.return_value_);
  interp.return_value_ = Value();
  if (generator) result = Value::List(std::move(yielded));
  if (auto st = CheckSize(result, args.loc); !st) return st.error();
  return result;
}

int64_t RangeObject::size() const {
  if (step > 0) return stop > start ? (stop - start + step - 1) / step : 0;
  return start > stop ? (start - stop - step - 1) / (-step) : 0;
}

Result<Value> RangeObject::Subscript(Interpreter&, const std::vector<Value>& indices,
                                     const std::vector<SourceLoc>& index_locs,
                                     const SourceLoc& loc) const {
  if (indices.size() != 1 || !indices[0].is_integer())
    return Error("range indices must be integers", index_locs.empty() ? loc : index_locs[0]);
  int64_t n = size(), i = indices[0].as_int();
  if (i < -n || i >= n) return Error("range index out of range", index_locs[0]);
  return Value::Int(at(i < 0 ? i + n : i));
}

const Value* DictObject::Find(const Interpreter& interp, const Entries& entries, const Value& key) {
  for (const auto& [k, v] : entries)
    if (interp.PlainEqual(k, key).value_or(false)) return &v;
  return nullptr;
}

Result<Value> DictObject::GetAttr(Interpreter& interp, const std::string& name,
                                  const SourceLoc& loc) const {
  std::shared_ptr<Entries> data = entries;
  if (name == "keys" || name == "values" || name == "items")
    return MakeFunction(name, [data, name](Interpreter&, const CallArgs& a) -> Result<Value> {
      if (a.size() != 0) return Error(name + "() takes no arguments", a.loc);
      std::vector<Value> out;
      for (const auto& [k, v] : *data)
        out.push_back(name == "keys" ? k : name == "values" ? v : Value::Tuple({k, v}));
      return Value::List(std::move(out));
    });
  if (name == "get")
    return MakeFunction("get", [data](Interpreter& in, const CallArgs& a) -> Result<Value> {
      if (a.positional.size() < 1 || a.positional.size() > 2 || !a.keywords.empty())
        return Error("get() takes a key and an optional default", a.loc);
      if (const Value* v = Find(in, *data, a.positional[0])) return *v;
      return a.positional.size() == 2 ? a.positional[1] : Value();
    });
  return Object::GetAttr(interp, name, loc);
}

Result<Value> DictObject::Subscript(Interpreter& interp, const std::vector<Value>& indices,
                                    const std::vector<SourceLoc>& index_locs,
                                    const SourceLoc& loc) const {
  Value key = indices.size() == 1 ? indices[0] : Value::Tuple(indices);
  if (const Value* v = Find(interp, key)) return *v;
  return Error("KeyError: " + repr(key), index_locs.empty() ? loc : index_locs[0]);
}

namespace {
const std::shared_ptr<const InterpreterPrelude>& EmptyPrelude() {
  static const auto empty = std::make_shared<const InterpreterPrelude>();
  return empty;
}
}  // namespace

Interpreter::Interpreter() : prelude_(EmptyPrelude()) { RegisterPythonBuiltins(); }

Interpreter::Interpreter(std::shared_ptr<const InterpreterPrelude> prelude)
    : prelude_(std::move(prelude)),
      lazy_modules_(prelude_->lazy_modules),
      foreign_(prelude_->foreign),
      expr_attributes_(prelude_->expr_attributes),
      name_hints_(prelude_->name_hints) {}

std::shared_ptr<const InterpreterPrelude> Interpreter::Freeze() const {
  auto frozen = std::make_shared<InterpreterPrelude>(*prelude_);
  for (const auto& [name, value] : registry_) frozen->registry[name] = value;
  for (const auto& [alias, target] : aliases_) frozen->aliases[alias] = target;
  frozen->lazy_modules = lazy_modules_;
  frozen->name_hints = name_hints_;
  frozen->foreign = foreign_;
  frozen->expr_attributes = expr_attributes_;
  return frozen;
}

void Interpreter::KeepScope(const std::shared_ptr<Scope>& scope) {
  if (call_scopes_.size() >= 4096)
    std::erase_if(call_scopes_, [](const std::weak_ptr<Scope>& s) { return s.expired(); });
  call_scopes_.push_back(scope);
}

Interpreter::~Interpreter() {
  for (const std::weak_ptr<Scope>& s : call_scopes_)
    if (auto scope = s.lock()) scope->names.clear();
}

namespace {

// The items of an iterable as a vector (range and dict included), for the built-ins
// that consume one whole.
Result<std::vector<Value>> Items(Interpreter& interp, const Value& v, const SourceLoc& loc) {
  if (auto* r = v.as<RangeObject>();
      r && r->size() > static_cast<int64_t>(Interpreter::kMaxListSize))
    return Error("range of " + std::to_string(r->size()) + " items is too large for a list", loc);
  std::vector<Value> items;
  auto st = interp.ForEach(v, loc, [&](const Value& item) -> Result<bool> {
    items.push_back(item);
    return true;
  });
  if (!st) return st.error();
  return items;
}

Status OnlyPositional(const CallArgs& a, const std::string& name, size_t min, size_t max) {
  if (!a.keywords.empty())
    return Error(name + "() got an unexpected keyword argument '" + a.keywords[0].first + "'",
                 a.keyword_locs[0]);
  if (a.positional.size() < min || a.positional.size() > max)
    return Error(name + "() takes " +
                     (min == max ? std::to_string(min)
                                 : std::to_string(min) + " to " + std::to_string(max)) +
                     " argument" + (max == 1 ? "" : "s") + " (" +
                     std::to_string(a.positional.size()) + " given)",
                 a.loc);
  return Status::Ok();
}

}  // namespace

void Interpreter::RegisterPythonBuiltins() {
  RegisterClassBuiltins(*this);
  RegisterSetBuiltin(*this);
  RegisterExceptionClasses(*this);
  RegisterFunction("print", [](Interpreter&, const CallArgs&) -> Result<Value> {
    return Value();  // scripts have no output; print(...) is accepted and ignored
  });
  RegisterFunction("len", [](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (a.positional.size() != 1 || !a.keywords.empty())
      return Error("len() takes exactly one argument", a.loc);
    const Value& v = a.positional[0];
    if (v.is_sequence()) return Value::Int(static_cast<int64_t>(v.items().size()));
    if (v.is_string()) return Value::Int(static_cast<int64_t>(v.as_string().size()));
    if (auto* r = v.as<RangeObject>()) return Value::Int(r->size());
    if (auto* d = v.as<DictObject>()) return Value::Int(static_cast<int64_t>(d->entries->size()));
    if (v.is_object())
      if (auto n = v.object()->Len()) return Value::Int(*n);
    return Error("object of type '" + v.type_name() + "' has no len()", a.positional_locs[0]);
  });
  RegisterFunction("range", [](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (auto st = OnlyPositional(a, "range", 1, 3); !st) return st.error();
    for (size_t i = 0; i < a.positional.size(); ++i)
      if (!a.positional[i].is_integer())
        return Error("range() arguments must be integers, not " + a.positional[i].type_name(),
                     a.positional_locs[i]);
    auto r = std::make_shared<RangeObject>();
    if (a.positional.size() == 1) {
      r->stop = a.positional[0].as_int();
    } else {
      r->start = a.positional[0].as_int();
      r->stop = a.positional[1].as_int();
      if (a.positional.size() == 3) r->step = a.positional[2].as_int();
    }
    if (r->step == 0) return Error("range() step must not be zero", a.positional_locs[2]);
    return Value::FromObject(r);
  });
  RegisterFunction("zip", [](Interpreter& in, const CallArgs& a) -> Result<Value> {
    if (auto st = OnlyPositional(a, "zip", 0, 16); !st) return st.error();
    std::vector<std::vector<Value>> lists;
    size_t n = SIZE_MAX;
    for (size_t i = 0; i < a.positional.size(); ++i) {
      auto items = Items(in, a.positional[i], a.positional_locs[i]);
      if (!items) return items.error();
      n = std::min(n, items->size());
      lists.push_back(std::move(items.value()));
    }
    std::vector<Value> out;
    for (size_t k = 0; !lists.empty() && k < n; ++k) {
      std::vector<Value> row;
      for (const auto& l : lists) row.push_back(l[k]);
      out.push_back(Value::Tuple(std::move(row)));
    }
    return Value::List(std::move(out));
  });
  RegisterFunction("enumerate", [](Interpreter& in, const CallArgs& a) -> Result<Value> {
    if (!a.keywords.empty() && a.keywords[0].first != "start")
      return Error("enumerate() got an unexpected keyword argument '" + a.keywords[0].first + "'",
                   a.keyword_locs[0]);
    if (a.positional.empty() || a.positional.size() > 2)
      return Error("enumerate() takes an iterable and an optional start", a.loc);
    int64_t start = 0;
    const Value* s = a.positional.size() == 2
                         ? &a.positional[1]
                         : (a.keywords.empty() ? nullptr : &a.keywords[0].second);
    if (s) {
      if (!s->is_integer()) return Error("enumerate() start must be an integer", a.loc);
      start = s->as_int();
    }
    auto items = Items(in, a.positional[0], a.positional_locs[0]);
    if (!items) return items.error();
    std::vector<Value> out;
    for (size_t k = 0; k < items->size(); ++k)
      out.push_back(Value::Tuple({Value::Int(start + static_cast<int64_t>(k)), (*items)[k]}));
    return Value::List(std::move(out));
  });
  for (const char* name : {"list", "tuple", "reversed", "sorted"}) {
    std::string n = name;
    RegisterFunction(n, [n](Interpreter& in, const CallArgs& a) -> Result<Value> {
      if (auto st = OnlyPositional(a, n, n == "list" || n == "tuple" ? 0 : 1, 1); !st)
        return st.error();
      std::vector<Value> items;
      if (!a.positional.empty()) {
        auto got = Items(in, a.positional[0], a.positional_locs[0]);
        if (!got) return got.error();
        items = std::move(got.value());
      }
      if (n == "reversed") std::reverse(items.begin(), items.end());
      if (n == "sorted") {
        for (const Value& v : items)
          if (!v.is_number() && !v.is_string())
            return Error("sorted() sorts numbers or strings, not " + v.type_name(),
                         a.positional_locs[0]);
        std::stable_sort(items.begin(), items.end(), [](const Value& x, const Value& y) {
          if (x.is_string() && y.is_string()) return x.as_string() < y.as_string();
          if (x.is_number() && y.is_number()) return x.as_float() < y.as_float();
          return x.is_number();  // numbers before strings (Python would refuse the mix)
        });
      }
      return n == "tuple" ? Value::Tuple(std::move(items)) : Value::List(std::move(items));
    });
  }
  RegisterFunction("dict", [](Interpreter& in, const CallArgs& a) -> Result<Value> {
    if (auto st =
            OnlyPositional(CallArgs{a.loc, a.positional, a.positional_locs, {}, {}}, "dict", 0, 1);
        !st)
      return st.error();
    auto d = std::make_shared<DictObject>();
    if (!a.positional.empty()) {
      auto items = Items(in, a.positional[0], a.positional_locs[0]);
      if (!items) return items.error();
      for (const Value& kv : *items) {
        if (!kv.is_sequence() || kv.items().size() != 2)
          return Error("dict() needs (key, value) pairs", a.positional_locs[0]);
        if (Value* old = const_cast<Value*>(d->Find(in, kv.items()[0])))
          *old = kv.items()[1];
        else
          d->entries->emplace_back(kv.items()[0], kv.items()[1]);
      }
    }
    for (const auto& [k, v] : a.keywords) d->entries->emplace_back(Value::String(k), v);
    return Value::FromObject(d);
  });
  for (const char* name : {"min", "max", "sum"}) {
    std::string n = name;
    RegisterFunction(n, [n](Interpreter& in, const CallArgs& a) -> Result<Value> {
      if (auto st = OnlyPositional(a, n, 1, 64); !st) return st.error();
      std::vector<Value> items = a.positional;
      if (items.size() == 1) {
        auto got = Items(in, items[0], a.positional_locs[0]);
        if (!got) return got.error();
        items = std::move(got.value());
      }
      for (const Value& v : items)
        if (!v.is_number())
          return Error(n + "() of Python numbers only (got " + v.type_name() +
                           "); for expressions use te." + (n == "sum" ? "sum" : n),
                       a.loc);
      if (n == "sum") {
        Value total = Value::Int(0);
        for (const Value& v : items) {
          auto t = ApplyBinary(BinaryOp::Add, total, v, a.loc);
          if (!t) return t;
          total = *t;
        }
        return total;
      }
      if (items.empty()) return Error(n + "() of an empty sequence", a.loc);
      Value best = items[0];
      for (const Value& v : items)
        if (n == "min" ? v.as_float() < best.as_float() : v.as_float() > best.as_float()) best = v;
      return best;
    });
  }
  RegisterFunction("abs", [](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (auto st = OnlyPositional(a, "abs", 1, 1); !st) return st.error();
    const Value& v = a.positional[0];
    if (v.is_integer()) {
      if (v.as_int() == INT64_MIN) return Error("integer overflow in abs()", a.loc);
      return Value::Int(v.as_int() < 0 ? -v.as_int() : v.as_int());
    }
    if (v.is_float()) return Value::Float(v.as_float() < 0 ? -v.as_float() : v.as_float());
    return Error("abs() of Python numbers only (for expressions use te.abs)", a.positional_locs[0]);
  });
  RegisterFunction("int", [](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (auto st = OnlyPositional(a, "int", 1, 1); !st) return st.error();
    const Value& v = a.positional[0];
    if (v.is_integer()) return Value::Int(v.as_int());
    if (v.is_float()) {
      double f = v.as_float();
      if (!(f > -9.2e18 && f < 9.2e18))
        return Error("cannot convert float to int", a.positional_locs[0]);
      return Value::Int(static_cast<int64_t>(f));
    }
    if (auto e = ToExpr(v); e && !v.is_string())
      if (auto* imm = e->as<ir::IntImmNode>()) return Value::Int(imm->value);
    return Error("int() of a Python number or a constant expression, not " + v.type_name(),
                 a.positional_locs[0]);
  });
  RegisterFunction("float", [](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (auto st = OnlyPositional(a, "float", 1, 1); !st) return st.error();
    const Value& v = a.positional[0];
    if (v.is_number()) return Value::Float(v.as_float());
    return Error("float() of a Python number, not " + v.type_name(), a.positional_locs[0]);
  });
  // any(iterable) / all(iterable): Python's truth of each item, stopping at the first
  // that decides (generator expressions arrive as lists).
  for (const char* name : {"any", "all"}) {
    const bool is_any = std::string(name) == "any";
    RegisterFunction(name, [name, is_any](Interpreter& in, const CallArgs& a) -> Result<Value> {
      if (auto st = OnlyPositional(a, name, 1, 1); !st) return st.error();
      bool result = !is_any;
      auto st =
          in.ForEach(a.positional[0], a.positional_locs[0], [&](const Value& item) -> Result<bool> {
            auto t = in.Truth(item, a.positional_locs[0]);
            if (!t) return t.error();
            if (*t == is_any) {
              result = is_any;
              return false;  // decided
            }
            return true;
          });
      if (!st) return st.error();
      return Value::Bool(result);
    });
  }
  RegisterFunction("bool", [](Interpreter& in, const CallArgs& a) -> Result<Value> {
    if (auto st = OnlyPositional(a, "bool", 1, 1); !st) return st.error();
    auto t = in.Truth(a.positional[0], a.positional_locs[0]);
    if (!t) return t.error();
    return Value::Bool(*t);
  });
  RegisterFunction("str", [](Interpreter&, const CallArgs& a) -> Result<Value> {
    if (auto st = OnlyPositional(a, "str", 1, 1); !st) return st.error();
    const Value& v = a.positional[0];
    if (v.is_object())
      if (auto text = v.object()->Str()) return Value::String(*text);
    if (v.is_expr()) return Value::String(ir::to_string(v.as_expr()));
    return Value::String(v.is_string() ? v.as_string() : repr(v));
  });
}

const void* Interpreter::Identity(const Value& v) const {
  if (!v.is_object()) return nullptr;
  if (identity_)
    if (const void* id = identity_(v)) return id;
  return v.object().get();
}

std::optional<bool> Interpreter::PlainEqual(const Value& a, const Value& b) const {
  if (a.is_number() && b.is_number())
    return a.is_integer() && b.is_integer() ? a.as_int() == b.as_int()
                                            : a.as_float() == b.as_float();
  if (a.is_string() && b.is_string()) return a.as_string() == b.as_string();
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  if (a.is_sequence() && b.is_sequence()) {
    if (a.kind() != b.kind() || a.items().size() != b.items().size()) return false;
    for (size_t i = 0; i < a.items().size(); ++i) {
      auto eq = PlainEqual(a.items()[i], b.items()[i]);
      if (!eq) return std::nullopt;
      if (!*eq) return false;
    }
    return true;
  }
  if (auto* sa = a.as<SetObject>(), *sb = b.as<SetObject>(); sa && sb)
    return SetObject::Equal(*this, *sa, *sb);
  if (a.is_object() && b.is_object()) return Identity(a) == Identity(b);
  if (a.is_expr() || b.is_expr()) {
    if (a.is_expr() && b.is_expr() && a.as_expr().get() == b.as_expr().get()) return true;
    // A constant expression against a number: TVM's IntImm == 1 folds to a constant whose
    // truth is the comparison (`[sch.get(f) for f in factors] == [1, 1]`).
    auto x = ToExpr(a), y = ToExpr(b);
    auto number = [](const ir::Expr& e) -> std::optional<double> {
      if (auto* i = e.as<ir::IntImmNode>()) return static_cast<double>(i->value);
      if (auto* f = e.as<ir::FloatImmNode>()) return f->value;
      return std::nullopt;
    };
    if (x && y) {
      auto* i = x->as<ir::IntImmNode>();
      auto* j = y->as<ir::IntImmNode>();
      if (i && j) return i->value == j->value;
      auto u = number(*x), v = number(*y);
      if (u && v) return *u == *v;
    }
    return std::nullopt;
  }
  return false;
}

Result<bool> Interpreter::Truth(const Value& v, const SourceLoc& loc) const {
  if (v.is_expr() || (v.is_object() && ToExpr(v))) {
    auto e = ToExpr(v);
    if (auto* imm = e->as<ir::IntImmNode>()) return imm->value != 0;
    // `a == b` / `a != b` of expressions is TVM's EqualOp / NotEqualOp, whose truth is
    // whether the two are the same expression (`assert bounds[xo].extent == m`).
    if (e->kind() == ir::ExprKind::EQ || e->kind() == ir::ExprKind::NE) {
      auto* cmp = e->as<ir::BinaryNode>();
      bool same = ir::StructuralEqual(cmp->a, cmp->b);
      return e->kind() == ir::ExprKind::EQ ? same : !same;
    }
    return Error(
        "the condition is a symbolic expression, which has no Python truth value (as "
        "in TVM); inside te.compute use te.if_then_else",
        loc);
  }
  if (auto* d = v.as<DictObject>()) return !d->entries->empty();
  if (auto* r = v.as<RangeObject>()) return r->size() > 0;
  return v.truthy();
}

Status Interpreter::ForEach(const Value& iterable, const SourceLoc& loc,
                            const std::function<Result<bool>(const Value&)>& body) {
  auto run = [&](const Value& item) -> Result<bool> { return body(item); };
  if (auto* r = iterable.as<RangeObject>()) {
    for (int64_t i = 0, n = r->size(); i < n; ++i) {
      auto go = run(Value::Int(r->at(i)));
      if (!go) return go.error();
      if (!*go) break;
    }
    return Status::Ok();
  }
  std::vector<Value> items;
  if (iterable.is_sequence()) {
    items = iterable.items();  // a copy: the body may append to the list
  } else if (auto* d = iterable.as<DictObject>()) {
    for (const auto& entry : *d->entries) items.push_back(entry.first);
  } else if (iterable.is_string()) {
    for (char c : iterable.as_string()) items.push_back(Value::String(std::string(1, c)));
  } else {
    return Error("'" + iterable.type_name() + "' object is not iterable", loc);
  }
  for (const Value& item : items) {
    auto go = run(item);
    if (!go) return go.error();
    if (!*go) break;
  }
  return Status::Ok();
}

Status Interpreter::Step(const SourceLoc& loc) {
  if (++steps_ <= kMaxSteps) return Status::Ok();
  return Error("the script ran more than " + std::to_string(kMaxSteps) +
                   " steps (statements, calls and loop iterations) and was stopped; is a loop "
                   "endless?",
               loc);
}

void Interpreter::Register(const std::string& qualified_name, Value value) {
  // Create the enclosing modules ("tvm", "tvm.tir" for "tvm.tir.truncdiv").
  for (size_t dot = qualified_name.find('.'); dot != std::string::npos;
       dot = qualified_name.find('.', dot + 1)) {
    std::string parent = qualified_name.substr(0, dot);
    if (registry_.count(parent) || prelude_->registry.count(parent)) continue;
    auto module = std::make_shared<ModuleObject>();
    module->path = parent;
    registry_[parent] = Value::FromObject(module);
  }
  registry_[qualified_name] = std::move(value);
}

void Interpreter::RegisterFunction(const std::string& qualified_name, BuiltinFn fn) {
  size_t dot = qualified_name.rfind('.');
  std::string short_name =
      dot == std::string::npos ? qualified_name : qualified_name.substr(dot + 1);
  Register(qualified_name, MakeFunction(short_name, std::move(fn)));
}

void Interpreter::Alias(const std::string& alias, const std::string& target) {
  aliases_[alias] = target;
  Register(alias, Value());  // creates the parent modules; Lookup follows the alias
}

const Value* Interpreter::Lookup(const std::string& qualified_name) const {
  std::string name = qualified_name;
  for (int hops = 0; hops < 8; ++hops) {
    if (auto alias = aliases_.find(name); alias != aliases_.end()) {
      name = alias->second;
    } else if (auto base = prelude_->aliases.find(name); base != prelude_->aliases.end()) {
      name = base->second;
    } else {
      break;
    }
  }
  if (auto it = registry_.find(name); it != registry_.end()) return &it->second;
  auto it = prelude_->registry.find(name);
  return it == prelude_->registry.end() ? nullptr : &it->second;
}

void Interpreter::RegisterLazyModule(const std::string& path, ModuleLoader load) {
  lazy_modules_[path] = std::move(load);
}

Result<const Value*> Interpreter::Resolve(const std::string& qualified_name, const SourceLoc& loc) {
  for (auto it = lazy_modules_.begin(); it != lazy_modules_.end(); ++it) {
    const std::string& path = it->first;
    bool inside = qualified_name == path || qualified_name.rfind(path + ".", 0) == 0;
    if (!inside) continue;
    ModuleLoader load = std::move(it->second);
    lazy_modules_.erase(it);  // loaded once, even when loading fails
    int64_t steps = steps_;
    Status loaded = load(*this);
    steps_ = steps;
    if (!loaded) {
      Error e = loaded.error();
      if (e.loc.line <= 0) e.loc = loc;
      return e;
    }
    break;
  }
  return Lookup(qualified_name);
}

void Interpreter::SetGlobal(const std::string& name, Value value) {
  globals_[name] = std::move(value);
}

const Value* Interpreter::GetGlobal(const std::string& name) const {
  auto it = globals_.find(name);
  return it == globals_.end() ? nullptr : &it->second;
}

// ------------------------------------------------------------------ expressions

Result<Value> Interpreter::Eval(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  switch (e.kind) {
    case AstKind::Name:
      return EvalName(e, scope);
    case AstKind::Int:
      return Value::Int(e.int_value);
    case AstKind::Float:
      return Value::Float(e.float_value);
    case AstKind::String:
      return Value::String(e.text);
    case AstKind::Bool:
      return Value::Bool(e.bool_value);
    case AstKind::None:
      return Value();
    case AstKind::Tuple:
    case AstKind::List: {
      auto items = EvalDisplayItems(e.items, scope);
      if (!items) return items.error();
      return e.kind == AstKind::Tuple ? Value::Tuple(std::move(items.value()))
                                      : Value::List(std::move(items.value()));
    }
    case AstKind::Attribute:
      return EvalAttribute(e, scope);
    case AstKind::Subscript:
      return EvalSubscript(e, scope);
    case AstKind::Call:
      return EvalCall(e, scope);
    case AstKind::Lambda: {
      auto lambda = std::make_shared<LambdaObject>();
      lambda->node = e.shared_from_this();  // keeps the body alive with the value
      lambda->enclosing = scope;
      return Value::FromObject(lambda);
    }
    case AstKind::Unary: {
      auto operand = Eval(*e.object, scope);
      if (!operand) return operand;
      if (operand->is_object())
        if (auto r = operand->object()->UnaryOperator(*this, e.unary_op, *operand, e.loc))
          return *r;
      return ApplyUnary(e.unary_op, *operand, e.loc);
    }
    case AstKind::Binary: {
      auto a = Eval(*e.left, scope);
      if (!a) return a;
      auto b = Eval(*e.right, scope);
      if (!b) return b;
      bool handled = false;
      auto seq = EvalSequenceBinary(e, *a, *b, &handled);
      if (handled) return seq;
      if (e.binary_op == BinaryOp::Mod && a->is_string()) {  // "%s: %f" % (name, t)
        std::vector<Value> items = {*b};
        if (b->kind() == Value::Kind::Tuple) items = b->items();
        for (const Value& item : items)
          if (IsDeferred(item))
            if (auto r =
                    item.object()->BinaryOperator(*this, BinaryOp::Mod, item, *a, false, e.op_loc))
              return *r;
        return PercentFormat(*this, a->as_string(), *b, e.op_loc);
      }
      return Binary(e.binary_op, *a, *b, e.op_loc);
    }
    case AstKind::Compare:
      return EvalCompare(e, scope);
    case AstKind::And:
    case AstKind::Or:
    case AstKind::Not:
      return EvalLogic(e, scope);
    case AstKind::IfExp: {
      auto cond = Eval(*e.object, scope);
      if (!cond) return cond;
      auto truth = Truth(*cond, e.object->loc);
      if (!truth) return truth.error();
      return Eval(*truth ? *e.left : *e.right, scope);
    }
    case AstKind::Dict:
      return EvalDict(e, scope);
    case AstKind::Set: {
      auto items = EvalDisplayItems(e.items, scope);
      if (!items) return items.error();
      return MakeSet(*this, *items, e.loc);
    }
    case AstKind::ListComp:
    case AstKind::DictComp:
    case AstKind::SetComp:
      return EvalComprehension(e, scope);
    case AstKind::Starred:
      return Error("can't use starred expression here", e.loc);
    case AstKind::Slice:
      return Error("a slice is only allowed as an index", e.loc);
  }
  return Error("unsupported expression", e.loc);
}

// The items of a tuple or list display, with `*iterable` items spliced in.
Result<std::vector<Value>> Interpreter::EvalDisplayItems(
    const std::vector<AstPtr>& items, const std::shared_ptr<const Scope>& scope) {
  std::vector<Value> values;
  for (const AstPtr& item : items) {
    const bool starred = item->kind == AstKind::Starred;
    auto v = Eval(starred ? *item->object : *item, scope);
    if (!v) return v.error();
    if (!starred) {
      values.push_back(std::move(v.value()));
      continue;
    }
    if (auto st = ForEach(*v, item->object->loc,
                          [&](const Value& x) -> Result<bool> {
                            values.push_back(x);
                            return true;
                          });
        !st)
      return st.error();
  }
  return values;
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

Result<Value> Interpreter::Binary(BinaryOp op, const Value& a, const Value& b,
                                  const SourceLoc& loc) {
  if (a.is_object())
    if (auto r = a.object()->BinaryOperator(*this, op, a, b, true, loc)) return *r;
  if (b.is_object())
    if (auto r = b.object()->BinaryOperator(*this, op, b, a, false, loc)) return *r;
  return ApplyBinary(op, a, b, loc);
}

// sequence * int, as in Python (ApplyBinary concatenates strings and sequences).
Result<Value> Interpreter::EvalSequenceBinary(const AstExpr& e, const Value& a, const Value& b,
                                              bool* handled) {
  *handled = false;
  if (e.binary_op == BinaryOp::Mul && (a.is_sequence() || b.is_sequence()) &&
      (a.is_integer() || b.is_integer())) {
    *handled = true;
    const Value& seq = a.is_sequence() ? a : b;
    int64_t n = std::max<int64_t>(0, (a.is_sequence() ? b : a).as_int());
    if (n > 0 && seq.items().size() > kMaxListSize / static_cast<size_t>(n))
      return Error("sequence repetition larger than " + std::to_string(kMaxListSize) + " items",
                   e.op_loc);
    std::vector<Value> items;
    for (int64_t k = 0; k < n; ++k)
      items.insert(items.end(), seq.items().begin(), seq.items().end());
    return seq.kind() == Value::Kind::List ? Value::List(std::move(items))
                                           : Value::Tuple(std::move(items));
  }
  return Value();
}

Result<Value> Interpreter::EvalCompare(const AstExpr& e,
                                       const std::shared_ptr<const Scope>& scope) {
  Value right;
  return EvalCompareLink(e, scope, &right);
}

// a < b < c as Python's (a < b) and (b < c), b evaluated once: on plain values a false
// link ends the chain (its value is the result); on expressions (te bodies) the links
// are combined with And, as `and` combines them (TVM's hybrid script makes a chain
// tvm.tir.all of its links).
Result<Value> Interpreter::EvalCompareLink(const AstExpr& e,
                                           const std::shared_ptr<const Scope>& scope,
                                           Value* right) {
  Result<Value> prefix = Value();
  Value a;
  if (e.chained) {
    prefix = EvalCompareLink(*e.left, scope, &a);
    if (!prefix) return prefix;
    bool symbolic = prefix->is_expr() || (prefix->is_object() && ToExpr(*prefix));
    if (!symbolic) {
      auto truth = Truth(*prefix, e.left->op_loc);
      if (!truth) return truth.error();
      if (!*truth) return prefix;
    }
  } else {
    auto left = Eval(*e.left, scope);
    if (!left) return left;
    a = std::move(left.value());
  }
  auto b = Eval(*e.right, scope);
  if (!b) return b;
  *right = *b;
  auto result = CompareValues(e.compare_op, a, *b, e.op_loc);
  if (!result || !e.chained) return result;
  bool symbolic = prefix->is_expr() || (prefix->is_object() && ToExpr(*prefix));
  if (!symbolic) return result;
  return CombineLogical(true, *prefix, *result, e.op_loc);
}

Result<Value> Interpreter::CompareValues(CompareOp op, const Value& a_value, const Value& b_value,
                                         const SourceLoc& op_loc) {
  const Value* a = &a_value;
  const Value* b = &b_value;
  switch (op) {
    case CompareOp::Is:
    case CompareOp::IsNot: {
      bool same;
      if (a->is_object() || b->is_object())
        same = Identity(*a) == Identity(*b);
      else if (a->is_none() || b->is_none())
        same = a->is_none() && b->is_none();
      else if (a->is_bool() && b->is_bool())
        same = a->as_bool() == b->as_bool();
      else
        same = PlainEqual(*a, *b).value_or(false) && a->kind() == b->kind();
      return Value::Bool(same == (op == CompareOp::Is));
    }
    case CompareOp::In:
    case CompareOp::NotIn: {
      bool found = false;
      if (a->is_string() && b->is_string()) {
        found = b->as_string().find(a->as_string()) != std::string::npos;
      } else if (auto* r = b->as<RangeObject>()) {
        if (a->is_integer()) {
          int64_t x = a->as_int();
          bool inside =
              r->step > 0 ? (x >= r->start && x < r->stop) : (x <= r->start && x > r->stop);
          found = inside && (x - r->start) % r->step == 0;
        }
      } else if (auto* d = b->as<DictObject>()) {
        found = d->Find(*this, *a) != nullptr;
      } else if (b->is_sequence()) {
        for (const Value& item : b->items())
          if (PlainEqual(*a, item).value_or(false)) {
            found = true;
            break;
          }
      } else {
        return Error("argument of type '" + b->type_name() + "' is not a container", op_loc);
      }
      return Value::Bool(found == (op == CompareOp::In));
    }
    case CompareOp::EQ:
    case CompareOp::NE:
      // Objects (tensors, stages, ...) compare by identity; sequences item by item.
      if ((a->is_object() && b->is_object() && !ToExpr(*a) && !ToExpr(*b)) ||
          (a->is_sequence() && b->is_sequence())) {
        bool eq = PlainEqual(*a, *b).value_or(false);
        return Value::Bool(eq == (op == CompareOp::EQ));
      }
      break;
    default:
      break;
  }
  if (a->is_object())
    if (auto r = a->object()->CompareOperator(*this, op, *a, *b, true, op_loc)) return *r;
  if (b->is_object())
    if (auto r = b->object()->CompareOperator(*this, op, *b, *a, false, op_loc)) return *r;
  return ApplyCompare(op, *a, *b, op_loc);
}

Result<Value> Interpreter::EvalDict(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  auto d = std::make_shared<DictObject>();
  for (size_t i = 0; i < e.items.size(); ++i) {
    auto k = Eval(*e.items[i], scope);
    if (!k) return k;
    auto v = Eval(*e.values[i], scope);
    if (!v) return v;
    if (Value* old = const_cast<Value*>(d->Find(*this, *k)))
      *old = std::move(v.value());
    else
      d->entries->emplace_back(std::move(k.value()), std::move(v.value()));
  }
  return Value::FromObject(d);
}

// [elt for t in it if c ...], {k: v for ...} and {elt for ...}: the loop variables live in a scope
// of their own (Python 3), chained to the enclosing one.
Result<Value> Interpreter::EvalComprehension(const AstExpr& e,
                                             const std::shared_ptr<const Scope>& scope) {
  auto inner = std::make_shared<Scope>();
  inner->parent = scope;
  std::vector<Value> list;
  auto dict = std::make_shared<DictObject>();
  std::function<Status(size_t)> clause = [&](size_t g) -> Status {
    if (g == e.generators.size()) {
      if (e.kind == AstKind::ListComp || e.kind == AstKind::SetComp) {
        auto v = Eval(*e.object, inner);
        if (!v) return v.error();
        if (list.size() >= kMaxListSize)
          return Error("comprehension larger than " + std::to_string(kMaxListSize) + " items",
                       e.loc);
        list.push_back(std::move(v.value()));
        return Status::Ok();
      }
      auto k = Eval(*e.left, inner);
      if (!k) return k.error();
      auto v = Eval(*e.right, inner);
      if (!v) return v.error();
      if (Value* old = const_cast<Value*>(dict->Find(*this, *k)))
        *old = std::move(v.value());
      else
        dict->entries->emplace_back(std::move(k.value()), std::move(v.value()));
      return Status::Ok();
    }
    const AstComprehension& gen = e.generators[g];
    // The first iterable is evaluated in the enclosing scope, the others in the inner one.
    auto iter = Eval(*gen.iter, g == 0 ? scope : std::shared_ptr<const Scope>(inner));
    if (!iter) return iter.error();
    return ForEach(*iter, gen.iter->loc, [&](const Value& item) -> Result<bool> {
      if (auto st = Step(gen.target->loc); !st) return st.error();
      if (auto st = Bind(*gen.target, item, inner); !st) return st.error();
      for (const AstPtr& c : gen.conditions) {
        auto cv = Eval(*c, inner);
        if (!cv) return cv.error();
        auto t = Truth(*cv, c->loc);
        if (!t) return t.error();
        if (!*t) return true;
      }
      if (auto st = clause(g + 1); !st) return st.error();
      return true;
    });
  };
  if (auto st = clause(0); !st) return st.error();
  if (e.kind == AstKind::ListComp) return Value::List(std::move(list));
  if (e.kind == AstKind::SetComp) return MakeSet(*this, list, e.loc);
  return Value::FromObject(dict);
}

Result<Value> Interpreter::EvalName(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  for (const Scope* s = scope.get(); s; s = s->parent.get()) {
    auto it = s->names.find(e.text);
    if (it != s->names.end()) return it->second;
    auto declared = s->declared.find(e.text);
    if (declared != s->declared.end() && !declared->second) break;  // `global`: the module's
  }
  if (const Value* v = GetGlobal(e.text)) return *v;
  // Built-in functions (print, len) need no import; modules (tvm) do.
  if (const Value* v = Lookup(e.text); v && !v->as<ModuleObject>()) return *v;
  if (fallback_) {
    if (auto v = fallback_(e.text)) return *v;
  }
  auto hint = name_hints_.find(e.text);
  return Error("name '" + e.text + "' is not defined" +
                   (hint == name_hints_.end() ? "" : " (" + hint->second + ")"),
               e.loc);
}

Result<Value> Interpreter::EvalAttribute(const AstExpr& e,
                                         const std::shared_ptr<const Scope>& scope) {
  auto object = Eval(*e.object, scope);
  if (!object) return object;
  return AttributeOf(*object, e);
}

// `v.name` of the attribute expression e, its object already evaluated to v.
Result<Value> Interpreter::AttributeOf(const Value& v, const AstExpr& e) {
  if (v.is_object()) {
    auto result = v.object()->GetAttr(*this, e.text, e.text_loc);
    if (result && attribute_hook_) attribute_hook_(v, e.text, *result);
    return result;
  }
  if (v.kind() == Value::Kind::List) return ListMethod(v, e.text, e.text_loc);
  if (v.is_string()) return StringMethod(v.as_string(), e.text, e.text_loc);
  if (v.is_expr()) {
    ir::Expr expr = v.as_expr();
    if (e.text == "dtype") return Value::String(expr.dtype().str());
    if (e.text == "astype")
      return MakeFunction("astype", [expr](Interpreter&, const CallArgs& a) -> Result<Value> {
        if (a.positional.size() != 1 || !a.positional[0].is_string())
          return Error("astype() takes one dtype string, e.g. astype(\"float32\")", a.loc);
        auto t = ir::DataType::parse(a.positional[0].as_string());
        if (!t)
          return Error("unknown dtype \"" + a.positional[0].as_string() + "\"",
                       a.positional_locs[0]);
        return Value::FromExpr(expr.dtype() == *t ? expr : ir::cast(*t, expr));
      });
    if (auto* var = expr.as<ir::VarNode>(); var && e.text == "name")
      return Value::String(var->name);
    if (auto* imm = expr.as<ir::IntImmNode>(); imm && e.text == "value")
      return Value::Int(imm->value);
    if (auto* imm = expr.as<ir::FloatImmNode>(); imm && e.text == "value")
      return Value::Float(imm->value);
    if (expr_attributes_)
      if (auto attr = expr_attributes_(expr, e.text)) return *attr;
  }
  return Error("'" + v.type_name() + "' object has no attribute '" + e.text + "'", e.text_loc);
}

// list.append(x), list.extend(xs), list.index(x): what schedule code in the wild does
// with lists. The list is shared, so every name bound to it sees the change.
Result<Value> Interpreter::ListMethod(const Value& list, const std::string& name,
                                      const SourceLoc& loc) {
  if (name == "append" || name == "extend")
    return MakeFunction(name, [list, name](Interpreter& in, const CallArgs& a) -> Result<Value> {
      if (auto st = OnlyPositional(a, name, 1, 1); !st) return st.error();
      std::vector<Value> added{a.positional[0]};
      if (name == "extend") {
        auto items = Items(in, a.positional[0], a.positional_locs[0]);
        if (!items) return items.error();
        added = std::move(items.value());
      }
      std::vector<Value>& items = list.list_items();
      if (items.size() + added.size() > kMaxListSize)
        return Error("list larger than " + std::to_string(kMaxListSize) + " items", a.loc);
      items.insert(items.end(), added.begin(), added.end());
      return Value();
    });
  if (name == "index")
    return MakeFunction(name, [list](Interpreter& in, const CallArgs& a) -> Result<Value> {
      if (auto st = OnlyPositional(a, "index", 1, 1); !st) return st.error();
      const auto& items = list.items();
      for (size_t i = 0; i < items.size(); ++i)
        if (in.PlainEqual(items[i], a.positional[0]).value_or(false))
          return Value::Int(static_cast<int64_t>(i));
      return Error(repr(a.positional[0]) + " is not in list", a.positional_locs[0]);
    });
  return Error("'list' object has no attribute '" + name + "'", loc);
}

Result<Value> Interpreter::EvalSubscript(const AstExpr& e,
                                         const std::shared_ptr<const Scope>& scope) {
  auto object = Eval(*e.object, scope);
  if (!object) return object;
  // numpy's a[i, :, :] on a runtime array: runtime code, whatever the indices are.
  if (IsDeferred(*object)) return object->object()->Subscript(*this, {}, {}, e.op_loc);
  for (const AstPtr& item : e.items)
    if (item->kind == AstKind::Slice) {
      if (e.items.size() != 1) return Error("a slice must be the only index", item->loc);
      return EvalSlice(*object, *item, scope);
    }
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
  if (v.is_string()) {  // "abc"[i]: a one-character string
    if (indices->size() != 1 || !indices->front().is_integer())
      return Error("string indices must be integers", locs.front());
    int64_t n = static_cast<int64_t>(v.as_string().size()), i = indices->front().as_int();
    if (i < -n || i >= n) return Error("string index out of range", locs.front());
    return Value::String(std::string(1, v.as_string()[static_cast<size_t>(i < 0 ? i + n : i)]));
  }
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

// xs[start:stop:step] of a tuple, list (a new list) or string, with Python's rules for
// left-out, negative and out-of-range bounds.
Result<Value> Interpreter::EvalSlice(const Value& v, const AstExpr& slice,
                                     const std::shared_ptr<const Scope>& scope) {
  if (!v.is_sequence() && !v.is_string())
    return Error("slices apply to tuples, lists and strings, not " + v.type_name(), slice.loc);
  std::optional<int64_t> parts[3];
  const AstPtr* nodes[3] = {&slice.left, &slice.right, &slice.object};
  for (int k = 0; k < 3; ++k) {
    if (!*nodes[k]) continue;
    auto part = Eval(**nodes[k], scope);
    if (!part) return part;
    if (part->is_none()) continue;
    if (!part->is_integer())
      return Error("slice indices must be integers or None", (*nodes[k])->loc);
    parts[k] = part->as_int();
  }
  const int64_t n = v.is_string() ? static_cast<int64_t>(v.as_string().size())
                                  : static_cast<int64_t>(v.items().size());
  const int64_t step = parts[2].value_or(1);
  if (step == 0) return Error("slice step cannot be zero", slice.object->loc);
  auto clamp = [&](std::optional<int64_t> bound, int64_t fallback) {
    if (!bound) return fallback;
    int64_t b = *bound < 0 ? *bound + n : *bound;
    return step > 0 ? std::clamp<int64_t>(b, 0, n) : std::clamp<int64_t>(b, -1, n - 1);
  };
  const int64_t start = clamp(parts[0], step > 0 ? 0 : n - 1);
  const int64_t stop = clamp(parts[1], step > 0 ? n : -1);
  std::vector<Value> items;
  std::string text;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) {
    if (auto st = Step(slice.loc); !st) return st.error();
    if (v.is_string())
      text += v.as_string()[static_cast<size_t>(i)];
    else
      items.push_back(v.items()[static_cast<size_t>(i)]);
  }
  if (v.is_string()) return Value::String(std::move(text));
  return v.kind() == Value::Kind::Tuple ? Value::Tuple(std::move(items))
                                        : Value::List(std::move(items));
}

Result<Value> Interpreter::EvalCall(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  auto callee = Eval(*e.object, scope);
  if (!callee) return callee;
  CallArgs args;
  args.loc = e.loc;
  for (const AstPtr& item : e.items) {
    const bool starred = item->kind == AstKind::Starred;
    auto v = Eval(starred ? *item->object : *item, scope);
    if (!v) return v;
    if (!starred) {
      args.positional.push_back(std::move(v.value()));
      args.positional_locs.push_back(item->loc);
      continue;
    }
    // f(*items): each item of the sequence is one positional argument
    if (auto st = ForEach(*v, item->object->loc,
                          [&](const Value& x) -> Result<bool> {
                            args.positional.push_back(x);
                            args.positional_locs.push_back(item->loc);
                            return true;
                          });
        !st)
      return st.error();
  }
  for (const AstKeyword& k : e.keywords) {
    auto v = Eval(*k.value, scope);
    if (!v) return v;
    if (!k.name.empty()) {
      args.keywords.emplace_back(k.name, std::move(v.value()));
      args.keyword_locs.push_back(k.loc);
      continue;
    }
    // f(**mapping): each string key of the dict is one keyword argument
    auto* dict = v->as<DictObject>();
    if (!dict)
      return Error("argument after ** must be a dict, not " + v->type_name(), k.value->loc);
    for (const auto& [key, value] : *dict->entries) {
      if (!key.is_string()) return Error("keywords must be strings", k.value->loc);
      for (const auto& [name, unused] : args.keywords)
        if (name == key.as_string())
          return Error("got multiple values for keyword argument '" + name + "'", k.value->loc);
      args.keywords.emplace_back(key.as_string(), value);
      args.keyword_locs.push_back(k.value->loc);
    }
  }
  return CallValue(*callee, args);
}

Result<Value> Interpreter::CallValue(const Value& callee, const CallArgs& args) {
  if (call_hook_ && callee.as<BuiltinFunction>())
    if (auto st = call_hook_(callee, args); !st) return st.error();
  if (callee.is_object()) return callee.object()->Call(*this, args);
  return Error("'" + callee.type_name() + "' object is not callable", args.loc);
}

Result<Value> Interpreter::EvalLogic(const AstExpr& e, const std::shared_ptr<const Scope>& scope) {
  if (e.kind == AstKind::Not) {
    auto operand = Eval(*e.object, scope);
    if (!operand) return operand;
    // Truth, not truthy(): an empty dict, set or range is false, as in Python.
    if (!operand->is_expr() && !(operand->is_object() && ToExpr(*operand))) {
      auto truth = Truth(*operand, e.loc);
      if (!truth) return truth.error();
      return Value::Bool(!*truth);
    }
    return ApplyNot(*operand, e.loc);
  }
  bool is_and = e.kind == AstKind::And;
  auto a = Eval(*e.left, scope);
  if (!a) return a;
  bool symbolic = a->is_expr() || (a->is_object() && ToExpr(*a));
  // Python short-circuits on plain values; on an expression both sides are combined.
  if (!symbolic) {
    auto truth = Truth(*a, e.loc);
    if (!truth) return truth.error();
    if (is_and ? !*truth : *truth) return a;
  }
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
  auto flow = ExecIn(s, nullptr);
  if (!flow) return flow.error();
  return Status::Ok();  // the parser refuses break / continue / return outside their blocks
}

Result<Interpreter::Flow> Interpreter::ExecBlock(const std::vector<AstStmt>& body,
                                                 const std::shared_ptr<Scope>& locals) {
  for (const AstStmt& s : body) {
    auto flow = ExecIn(s, locals);
    if (!flow || *flow != Flow::Normal) return flow;
  }
  return Flow::Normal;
}

Result<Interpreter::Flow> Interpreter::ExecIn(const AstStmt& s,
                                              const std::shared_ptr<Scope>& locals) {
  if (auto st = Step(s.loc); !st) return st.error();
  std::shared_ptr<const Scope> scope = locals;
  switch (s.kind) {
    case StmtKind::Import:
      if (auto st = ExecImport(s, locals); !st) return st.error();
      return Flow::Normal;
    case StmtKind::Assign:
      if (auto st = ExecAssign(s, locals); !st) return st.error();
      return Flow::Normal;
    case StmtKind::Expr: {
      auto v = Eval(*s.value, scope);  // evaluated for its errors and effects; the value is dropped
      if (!v) return v.error();
      return Flow::Normal;
    }
    case StmtKind::AugAssign:
      return ExecAugAssign(s, locals);
    case StmtKind::If: {
      auto cond = Eval(*s.value, scope);
      if (!cond) return cond.error();
      auto truth = Truth(*cond, s.value->loc);
      if (!truth) return truth.error();
      return ExecBlock(*truth ? s.body : s.orelse, locals);
    }
    case StmtKind::For:
      return ExecFor(s, locals);
    case StmtKind::While:
      return ExecWhile(s, locals);
    case StmtKind::With:
      return ExecWith(s, locals);
    case StmtKind::Try:
      return ExecTry(s, locals);
    case StmtKind::Except:
      return Flow::Normal;  // run by its Try only
    case StmtKind::Raise:
      return ExecRaise(s, locals);
    case StmtKind::Del:
      if (auto st = Unbind(*s.target_exprs[0], locals); !st) return st.error();
      return Flow::Normal;
    case StmtKind::Global:
    case StmtKind::Nonlocal:
      if (auto st = ExecDeclaration(s, locals); !st) return st.error();
      return Flow::Normal;
    case StmtKind::Yield:
      if (auto st = ExecYield(s, locals); !st) return st.error();
      return Flow::Normal;
    case StmtKind::Def:
      if (auto st = ExecDef(s, locals); !st) return st.error();
      return Flow::Normal;
    case StmtKind::Class:
      if (auto st = ExecClass(s, locals); !st) return st.error();
      return Flow::Normal;
    case StmtKind::Return: {
      return_value_ = Value();
      if (s.value) {
        auto v = Eval(*s.value, scope);
        if (!v) return v.error();
        return_value_ = std::move(v.value());
      }
      return Flow::Return;
    }
    case StmtKind::Break:
      return Flow::Break;
    case StmtKind::Continue:
      return Flow::Continue;
    case StmtKind::Pass:
      return Flow::Normal;
    case StmtKind::Assert: {
      auto test = Eval(*s.value, scope);
      if (!test) return test.error();
      auto truth = Truth(*test, s.value->loc);
      if (!truth) return truth.error();
      if (*truth) return Flow::Normal;
      std::string message = to_source(*s.value);
      if (s.message) {
        auto m = Eval(*s.message, scope);
        if (!m) return m.error();
        message = m->is_string() ? m->as_string() : repr(*m);
      }
      return Error("assertion failed: " + message, s.loc);
    }
  }
  return Flow::Normal;
}

Result<Interpreter::Flow> Interpreter::ExecFor(const AstStmt& s,
                                               const std::shared_ptr<Scope>& locals) {
  auto iterable = Eval(*s.value, locals);
  if (!iterable) return iterable.error();
  Flow result = Flow::Normal;
  auto st = ForEach(*iterable, s.value->loc, [&](const Value& item) -> Result<bool> {
    if (auto bound = Bind(*s.target_exprs[0], item, locals); !bound) return bound.error();
    auto flow = ExecBlock(s.body, locals);
    if (!flow) return flow.error();
    if (*flow == Flow::Break) return false;
    if (*flow == Flow::Return) {
      result = Flow::Return;
      return false;
    }
    return true;
  });
  if (!st) return st.error();
  return result;
}

Result<Interpreter::Flow> Interpreter::ExecWhile(const AstStmt& s,
                                                 const std::shared_ptr<Scope>& locals) {
  while (true) {  // the body's statements count the steps (a block is never empty)
    auto cond = Eval(*s.value, locals);
    if (!cond) return cond.error();
    auto truth = Truth(*cond, s.value->loc);
    if (!truth) return truth.error();
    if (!*truth) return Flow::Normal;
    auto flow = ExecBlock(s.body, locals);
    if (!flow) return flow.error();
    if (*flow == Flow::Break) return Flow::Normal;
    if (*flow == Flow::Return) return Flow::Return;
  }
}

// yield: the value joins what the running generator gives (FunctionObject::Call).
Status Interpreter::ExecYield(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  if (!yielded_) return Error("'yield' outside a generator function", s.loc);
  Value v;
  if (s.value) {
    auto e = Eval(*s.value, locals);
    if (!e) return e.error();
    v = std::move(e.value());
  }
  if (!s.unpack) {
    if (auto st = CheckSize(v, s.loc); !st) return st;
    yielded_->push_back(std::move(v));
    return Status::Ok();
  }
  auto st = ForEach(v, s.value->loc, [&](const Value& item) -> Result<bool> {
    yielded_->push_back(item);
    return true;
  });
  if (!st) return st.error();
  return Status::Ok();
}

Status Interpreter::ExecDef(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  auto fn = std::make_shared<FunctionObject>();
  fn->def = std::make_shared<const AstStmt>(s);
  fn->enclosing = locals;
  if (locals && locals->class_body) fn->enclosing = locals->parent;
  for (const AstParam& p : s.params) {
    if (!p.default_value) {
      fn->defaults.emplace_back(std::nullopt);
      continue;
    }
    auto v = Eval(*p.default_value, locals);
    if (!v) return v.error();
    fn->defaults.emplace_back(std::move(v.value()));
  }
  auto function = Decorate(s, Value::FromObject(fn), locals);
  if (!function) return function.error();
  return BindName(s, *function, locals);
}

const Scope* Interpreter::BindingScope(const std::string& name,
                                       const std::shared_ptr<Scope>& locals) {
  if (!locals) return nullptr;
  auto declared = locals->declared.find(name);
  return declared == locals->declared.end() ? locals.get() : declared->second;
}

Status Interpreter::ExecDeclaration(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  const bool global = s.kind == StmtKind::Global;
  const std::string keyword = global ? "global" : "nonlocal";
  for (const AstParam& name : s.targets) {
    if (!locals) {
      if (global) continue;  // the module's names already
      return Error("nonlocal declaration not allowed at module level", name.loc);
    }
    if (locals->names.count(name.name))
      return Error("name '" + name.name + "' is assigned to before " + keyword + " declaration",
                   name.loc);
    const Scope* target = nullptr;
    if (!global) {
      for (const Scope* up = locals->parent.get(); up && !target; up = up->parent.get())
        if (up->names.count(name.name)) target = up;
      if (!target)
        return Error("no binding for nonlocal '" + name.name +
                         "' found (nonlocal names a variable of an enclosing function)",
                     name.loc);
    }
    auto [it, inserted] = locals->declared.emplace(name.name, target);
    if (!inserted && it->second != target)
      return Error("name '" + name.name + "' is declared both global and nonlocal", name.loc);
  }
  return Status::Ok();
}

Status Interpreter::ExecClass(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  auto cls = std::make_shared<ClassDefObject>();
  cls->def = std::make_shared<const AstStmt>(s);
  cls->enclosing = locals;
  // A decorator that reads the definition (TVMScript's @I.ir_module) makes the value;
  // otherwise the class is the script's own.
  auto decorated = Decorate(s, Value::FromObject(cls), locals);
  if (!decorated) return decorated.error();
  if (decorated->as<ClassDefObject>()) {
    auto built = BuildClass(s, locals);
    if (!built) return built.error();
    return BindName(s, *built, locals);
  }
  return BindName(s, *decorated, locals);
}

Result<Value> Interpreter::Decorate(const AstStmt& s, Value function,
                                    const std::shared_ptr<Scope>& locals) {
  // Decorators apply innermost first, as in Python. One from the runtime half
  // (@tvm.testing.requires_gpu, @pytest.mark.parametrize(...)) leaves the function as it
  // is: those only decide whether a test runs under pytest.
  for (auto d = s.decorators.rbegin(); d != s.decorators.rend(); ++d) {
    auto decorator = Eval(**d, locals);
    if (!decorator) return decorator.error();
    if (IsDeferred(*decorator)) continue;
    CallArgs call;
    call.loc = (*d)->loc;
    call.positional.push_back(function);
    call.positional_locs.push_back(s.loc);
    auto decorated = CallValue(*decorator, call);
    if (!decorated) return decorated.error();
    function = std::move(decorated.value());
  }
  return function;
}

Status Interpreter::BindName(const AstStmt& s, const Value& value,
                             const std::shared_ptr<Scope>& locals) {
  AstExpr name;
  name.kind = AstKind::Name;
  name.text = s.name;
  name.loc = s.loc;
  return Bind(name, value, locals);
}

Status Interpreter::Bind(const AstExpr& target, const Value& value,
                         const std::shared_ptr<Scope>& locals) {
  switch (target.kind) {
    case AstKind::Name:
      if (const Scope* scope = BindingScope(target.text, locals)) {
        scope->names[target.text] = value;
      } else {
        SetGlobal(target.text, value);
        if (assign_hook_) assign_hook_(target.text, value);
      }
      return Status::Ok();
    case AstKind::Tuple:
    case AstKind::List: {
      std::vector<Value> items;
      if (value.is_sequence()) {
        items = value.items();
      } else if (value.as<RangeObject>() || value.as<DictObject>()) {
        auto got = Items(*this, value, target.loc);
        if (!got) return got.error();
        items = std::move(got.value());
      } else {
        return Error("cannot unpack a non-sequence '" + value.type_name() + "'", target.loc);
      }
      const size_t n = target.items.size();
      size_t starred = n;
      for (size_t i = 0; i < n; ++i)
        if (target.items[i]->kind == AstKind::Starred) starred = i;
      if (starred == n) {
        if (items.size() != n)
          return Error("cannot unpack " + std::to_string(items.size()) + " values into " +
                           std::to_string(n) + " names",
                       target.items.front()->loc);
        for (size_t i = 0; i < n; ++i)
          if (auto st = Bind(*target.items[i], items[i], locals); !st) return st;
        return Status::Ok();
      }
      // The starred target takes, as a list, what the targets before and after it leave.
      if (items.size() < n - 1)
        return Error("not enough values to unpack (expected at least " + std::to_string(n - 1) +
                         ", got " + std::to_string(items.size()) + ")",
                     target.items.front()->loc);
      const size_t rest = items.size() - (n - 1);
      for (size_t i = 0; i < starred; ++i)
        if (auto st = Bind(*target.items[i], items[i], locals); !st) return st;
      std::vector<Value> taken(items.begin() + static_cast<std::ptrdiff_t>(starred),
                               items.begin() + static_cast<std::ptrdiff_t>(starred + rest));
      if (auto st = Bind(*target.items[starred]->object, Value::List(std::move(taken)), locals);
          !st)
        return st;
      for (size_t i = starred + 1; i < n; ++i)
        if (auto st = Bind(*target.items[i], items[i - 1 + rest], locals); !st) return st;
      return Status::Ok();
    }
    case AstKind::Subscript: {
      auto item = EvalItemTarget(target, locals);
      if (!item) return item.error();
      return AssignItem(item->first, item->second, value, target.items.front()->loc);
    }
    case AstKind::Attribute: {
      auto object = Eval(*target.object, locals);
      if (!object) return object.error();
      return SetAttributeOf(*object, target, value);
    }
    default:
      break;
  }
  return Error("cannot assign to " + to_source(target), target.loc);
}

// `object.name = value` for the attribute target, its object already evaluated.
Status Interpreter::SetAttributeOf(const Value& object, const AstExpr& target, const Value& value) {
  if (!object.is_object())
    return Error("cannot set attribute '" + target.text + "' of a '" + object.type_name() +
                     "' (scripts set the attributes of their own classes' instances only)",
                 target.text_loc);
  return object.object()->SetAttr(*this, target.text, value, target.text_loc);
}

// The object and the index (one value, or a tuple of several) of `object[i, ...]` as an
// assignment or del target.
Result<std::pair<Value, Value>> Interpreter::EvalItemTarget(const AstExpr& target,
                                                            const std::shared_ptr<Scope>& locals) {
  auto object = Eval(*target.object, locals);
  if (!object) return object.error();
  // c_np[b, :, :] = ... on a runtime array: the store is runtime code (the value absorbs it).
  if (IsDeferred(*object)) return std::make_pair(std::move(object.value()), Value());
  auto indices = EvalItems(target.items, locals);
  if (!indices) return indices.error();
  Value index = indices->size() == 1 ? indices->front() : Value::Tuple(*indices);
  return std::make_pair(std::move(object.value()), std::move(index));
}

Status Interpreter::AssignItem(const Value& object, const Value& index, const Value& value,
                               const SourceLoc& loc) {
  if (object.kind() == Value::Kind::List) {
    std::vector<Value>& items = object.list_items();
    int64_t n = static_cast<int64_t>(items.size());
    if (!index.is_integer()) return Error("list indices must be integers", loc);
    int64_t i = index.as_int();
    if (i < -n || i >= n) return Error("list assignment index out of range", loc);
    items[static_cast<size_t>(i < 0 ? i + n : i)] = value;
    return Status::Ok();
  }
  if (auto* d = object.as<DictObject>()) {
    if (Value* old = const_cast<Value*>(d->Find(*this, index)))
      *old = value;
    else
      d->entries->emplace_back(index, value);
    return Status::Ok();
  }
  if (object.is_object()) return object.object()->SetItem(*this, index, value, loc);
  return Error("'" + object.type_name() + "' object does not support item assignment", loc);
}

// del target: a name leaves the innermost scope (a later read is a NameError, as in
// Python); a list item or dict entry is removed; a tuple of targets, left to right.
Status Interpreter::Unbind(const AstExpr& target, const std::shared_ptr<Scope>& locals) {
  switch (target.kind) {
    case AstKind::Name: {
      const Scope* scope = BindingScope(target.text, locals);
      bool erased = scope ? scope->names.erase(target.text) > 0 : globals_.erase(target.text) > 0;
      if (!erased) return Error("name '" + target.text + "' is not defined", target.loc);
      return Status::Ok();
    }
    case AstKind::Tuple:
    case AstKind::List:
      for (const AstPtr& item : target.items)
        if (auto st = Unbind(*item, locals); !st) return st;
      return Status::Ok();
    case AstKind::Subscript: {
      auto item = EvalItemTarget(target, locals);
      if (!item) return item.error();
      return DeleteItem(item->first, item->second, target.items.front()->loc);
    }
    default:
      break;
  }
  return Error("cannot delete " + to_source(target), target.loc);
}

Status Interpreter::DeleteItem(const Value& object, const Value& index, const SourceLoc& loc) {
  if (object.kind() == Value::Kind::List) {
    std::vector<Value>& items = object.list_items();
    int64_t n = static_cast<int64_t>(items.size());
    if (!index.is_integer()) return Error("list indices must be integers", loc);
    int64_t i = index.as_int();
    if (i < -n || i >= n) return Error("list assignment index out of range", loc);
    items.erase(items.begin() + (i < 0 ? i + n : i));
    return Status::Ok();
  }
  if (auto* d = object.as<DictObject>()) {
    const Value* found = d->Find(*this, index);
    if (!found) return Error("KeyError: " + repr(index), loc);
    auto& entries = *d->entries;
    for (auto it = entries.begin(); it != entries.end(); ++it)
      if (&it->second == found) {
        entries.erase(it);
        break;
      }
    return Status::Ok();
  }
  if (IsDeferred(object)) return Status::Ok();  // del a[i] of a runtime array
  return Error("'" + object.type_name() + "' object does not support item deletion", loc);
}

// x op= v: the name / item / attribute is read, combined and stored back, the object of
// an item or attribute evaluated once. A list extended by `+=` is changed in place, as in
// Python.
Result<Interpreter::Flow> Interpreter::ExecAugAssign(const AstStmt& s,
                                                     const std::shared_ptr<Scope>& locals) {
  const AstExpr& target = *s.target_exprs[0];
  Value object, index;
  Result<Value> current = Value();
  if (target.kind == AstKind::Subscript) {
    auto o = Eval(*target.object, locals);
    if (!o) return o.error();
    auto indices = EvalItems(target.items, locals);
    if (!indices) return indices.error();
    object = *o;
    index = indices->size() == 1 ? indices->front() : Value::Tuple(*indices);
    std::vector<SourceLoc> locs;
    for (const AstPtr& item : target.items) locs.push_back(item->loc);
    if (object.is_object())
      current = object.object()->Subscript(*this, *indices, locs, target.op_loc);
    else
      current = Eval(target, locals);
  } else if (target.kind == AstKind::Attribute) {
    auto o = Eval(*target.object, locals);
    if (!o) return o.error();
    object = *o;
    current = AttributeOf(object, target);
  } else {
    current = Eval(target, locals);
  }
  if (!current) return current.error();
  auto rhs = Eval(*s.value, locals);
  if (!rhs) return rhs.error();
  if (current->kind() == Value::Kind::List && s.aug_op == BinaryOp::Add) {
    auto items = Items(*this, *rhs, s.value->loc);
    if (!items) return items.error();
    auto& list = current->list_items();
    list.insert(list.end(), items->begin(), items->end());
    return Flow::Normal;
  }
  AstExpr op;
  op.kind = AstKind::Binary;
  op.binary_op = s.aug_op;
  op.op_loc = s.loc;
  bool handled = false;
  auto combined = EvalSequenceBinary(op, *current, *rhs, &handled);
  if (!handled) combined = Binary(s.aug_op, *current, *rhs, s.loc);
  if (!combined) return combined.error();
  if (auto st = CheckSize(*combined, s.loc); !st) return st.error();
  if (target.kind == AstKind::Subscript) {
    if (auto st = AssignItem(object, index, *combined, target.items.front()->loc); !st)
      return st.error();
  } else if (target.kind == AstKind::Attribute) {
    if (auto st = SetAttributeOf(object, target, *combined); !st) return st.error();
  } else if (auto st = Bind(target, *combined, locals); !st) {
    return st.error();
  }
  return Flow::Normal;
}

Status Interpreter::ExecImport(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  // Inside a function the imported names are its locals (TVM's tensorize tutorial imports
  // tvm.contrib's clang in the function that builds the extern code).
  auto bind = [&](const std::string& name, Value value) {
    if (const Scope* scope = BindingScope(name, locals))
      scope->names[name] = std::move(value);
    else
      SetGlobal(name, std::move(value));
  };
  for (const AstImportName& item : s.imports) {
    std::string full = s.from_module.empty() ? item.name : s.from_module + "." + item.name;
    if (auto loaded = Resolve(full, item.loc); !loaded) return loaded.error();
    if (s.from_module.empty()) {
      // import a.b.c binds `a` (or the alias to a.b.c)
      std::string bound =
          item.alias.empty() ? item.name.substr(0, item.name.find('.')) : item.alias;
      std::string path = item.alias.empty() ? bound : item.name;
      const Value* module = Lookup(item.name);
      if (!module || !module->as<ModuleObject>()) {
        auto foreign = Foreign(item.name, true);
        if (!foreign) return Error("no module named '" + item.name + "' in Tessera", item.loc);
        Register(item.name, std::move(*foreign));
      }
      bind(bound, *Lookup(path));
      continue;
    }
    std::string bound = item.alias.empty() ? item.name : item.alias;
    if (const Value* v = Lookup(full)) {
      bind(bound, *v);
    } else if (auto foreign = Foreign(full, false)) {
      bind(bound, std::move(*foreign));
    } else {
      return Error("cannot import name '" + item.name + "' from '" + s.from_module + "'", item.loc);
    }
  }
  return Status::Ok();
}

std::optional<Value> Interpreter::Foreign(const std::string& qualified_name, bool as_module) {
  if (!foreign_) return std::nullopt;
  return foreign_(qualified_name, as_module);
}

Status Interpreter::ExecAssign(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  auto value = Eval(*s.value, locals);
  if (!value) return value.error();
  if (auto st = CheckSize(*value, s.value->loc); !st) return st;
  // a = b = v binds every target to the same value, left to right.
  for (const AstPtr& target : s.target_exprs)
    if (auto st = Bind(*target, *value, locals); !st) return st;
  return Status::Ok();
}

}  // namespace tessera::script
