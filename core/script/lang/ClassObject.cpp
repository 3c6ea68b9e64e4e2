#include "script/lang/ClassObject.h"

#include "script/lang/Ast.h"
#include "script/lang/Interpreter.h"

namespace tessera::script {

namespace {

// staticmethod(f) and classmethod(f): how a class attribute is bound when it is read.
struct MethodKindObject : Object {
  Value function;
  bool is_class_method = false;
  std::string type_name() const override {
    return is_class_method ? "classmethod" : "staticmethod";
  }
};

// `function` called with `self` first.
Value Bound(const Value& function, const Value& self, const std::string& name) {
  return MakeFunction(name, [function, self](Interpreter& interp, const CallArgs& args) {
    CallArgs with_self = args;
    with_self.positional.insert(with_self.positional.begin(), self);
    with_self.positional_locs.insert(with_self.positional_locs.begin(), args.loc);
    return interp.CallValue(function, with_self);
  });
}

// A class attribute read through an instance: a script function bound to the instance,
// a classmethod to the class, a staticmethod's function as it is, anything else as it is.
Value ReadThrough(const Value& attr, const Value& self, const Value& cls, const std::string& name) {
  if (const auto* kind = attr.as<MethodKindObject>())
    return kind->is_class_method ? Bound(kind->function, cls, name) : kind->function;
  if (attr.as<FunctionObject>() || attr.as<LambdaObject>()) return Bound(attr, self, name);
  return attr;
}

Result<Value> MethodKind(const CallArgs& args, bool is_class_method) {
  const char* name = is_class_method ? "classmethod" : "staticmethod";
  if (args.positional.size() != 1 || !args.keywords.empty())
    return Error(std::string(name) + "() takes one function", args.loc);
  auto kind = std::make_shared<MethodKindObject>();
  kind->function = args.positional[0];
  kind->is_class_method = is_class_method;
  return Value::FromObject(kind);
}

}  // namespace

const Value* ClassObject::Find(const std::string& attr) const {
  auto it = attributes->names.find(attr);
  if (it != attributes->names.end()) return &it->second;
  for (const auto& base : bases)
    if (const Value* v = base->Find(attr)) return v;
  return nullptr;
}

bool ClassObject::DerivesFrom(const ClassObject* other) const {
  if (this == other) return true;
  for (const auto& base : bases)
    if (base->DerivesFrom(other)) return true;
  return false;
}

Result<Value> ClassObject::GetAttr(Interpreter&, const std::string& attr,
                                   const SourceLoc& loc) const {
  if (attr == "__name__") return Value::String(name);
  const Value* v = Find(attr);
  if (!v) return Error("type object '" + name + "' has no attribute '" + attr + "'", loc);
  // Read from the class, a function stays unbound; a classmethod gets the class.
  if (const auto* kind = v->as<MethodKindObject>())
    return kind->is_class_method
               ? Bound(kind->function, Value::FromObject(shared_from_this()), attr)
               : kind->function;
  return *v;
}

Result<Value> ClassObject::Call(Interpreter& interp, const CallArgs& args) const {
  auto instance = std::make_shared<InstanceObject>();
  instance->cls = shared_from_this();
  interp.KeepScope(instance->attributes);
  Value self = Value::FromObject(instance);
  const Value* init = Find("__init__");
  if (!init) {
    if (args.size() != 0) return Error(name + "() takes no arguments", args.loc);
    return self;
  }
  auto result = interp.CallValue(
      ReadThrough(*init, self, Value::FromObject(shared_from_this()), "__init__"), args);
  if (!result) return result.error();
  if (!result->is_none())
    return Error("__init__() should return None, not '" + result->type_name() + "'", args.loc);
  return self;
}

Result<Value> InstanceObject::GetAttr(Interpreter&, const std::string& attr,
                                      const SourceLoc& loc) const {
  if (attr == "__class__") return Value::FromObject(cls);
  auto it = attributes->names.find(attr);
  if (it != attributes->names.end()) return it->second;
  const Value* v = cls->Find(attr);
  if (!v) return Error("'" + cls->name + "' object has no attribute '" + attr + "'", loc);
  return ReadThrough(*v, Value::FromObject(shared_from_this()), Value::FromObject(cls), attr);
}

Status AttributeNamespace::SetAttr(Interpreter&, const std::string& attr, const Value& value,
                                   const SourceLoc&) const {
  attributes->names[attr] = value;
  return Status::Ok();
}

Result<Value> Interpreter::BuildClass(const AstStmt& s, const std::shared_ptr<Scope>& locals) {
  auto cls = std::make_shared<ClassObject>();
  cls->name = s.name;
  for (const AstPtr& base : s.bases) {
    auto v = Eval(*base, locals);
    if (!v) return v.error();
    if (v->as<ClassObject>()) {
      cls->bases.push_back(std::static_pointer_cast<const ClassObject>(v->object()));
      continue;
    }
    // A base from the runtime half (tvm.testing.CompareBeforeAfter) only decides how
    // pytest runs the class's tests; the class itself is the script's.
    if (IsDeferred(*v)) continue;
    return Error("a class derives only from classes the script defines (or object), not '" +
                     v->type_name() + "'",
                 base->loc);
  }
  cls->attributes->parent = locals;
  cls->attributes->class_body = true;
  KeepScope(cls->attributes);
  auto flow = ExecBlock(s.body, cls->attributes);
  if (!flow) return flow.error();
  return Value::FromObject(cls);
}

void RegisterClassBuiltins(Interpreter& interp) {
  auto object = std::make_shared<ClassObject>();
  object->name = "object";
  interp.Register("object", Value::FromObject(object));
  interp.RegisterFunction(
      "staticmethod", [](Interpreter&, const CallArgs& args) { return MethodKind(args, false); });
  interp.RegisterFunction(
      "classmethod", [](Interpreter&, const CallArgs& args) { return MethodKind(args, true); });
}

}  // namespace tessera::script
