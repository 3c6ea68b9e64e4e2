// Classes a script defines (`class Shape:`, `class TestSplit(Base):`): the class body's
// names as class attributes, base classes searched depth first, instances with their own
// attributes, functions read through an instance bound to it (`self`), __init__ run on
// construction, staticmethod and classmethod. Enough for the helper and test classes real
// programs hold; no metaclasses, properties, super() or operator methods (a class whose
// body defines one says so when it is used).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "script/lang/Interpreter.h"

namespace tessera::script {

// A class or an instance: an object whose attributes are names a script sets.
struct AttributeNamespace : Object {
  std::shared_ptr<Scope> attributes = std::make_shared<Scope>();

  Status SetAttr(Interpreter& interp, const std::string& attr, const Value& value,
                 const SourceLoc& loc) const override;
};

struct ClassObject : AttributeNamespace, std::enable_shared_from_this<ClassObject> {
  std::string name;
  std::vector<std::shared_ptr<const ClassObject>> bases;
  // The class attributes are the names of `attributes`, the class body's namespace.

  std::string type_name() const override { return "type"; }
  std::optional<std::string> Str() const override { return "<class '" + name + "'>"; }
  // `attr` of this class or of the first base, depth first, that has it; null if none.
  const Value* Find(const std::string& attr) const;
  // Whether this class is `other` or derives from it.
  bool DerivesFrom(const ClassObject* other) const;

  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
  // A new instance, with __init__ run on it.
  Result<Value> Call(Interpreter& interp, const CallArgs& args) const override;
};

struct InstanceObject : AttributeNamespace, std::enable_shared_from_this<InstanceObject> {
  std::shared_ptr<const ClassObject> cls;

  std::string type_name() const override { return cls->name; }
  std::optional<std::string> Str() const override { return "<" + cls->name + " object>"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
};

// `object`, `staticmethod` and `classmethod`.
void RegisterClassBuiltins(Interpreter& interp);

}  // namespace tessera::script
