#include "script/lang/Value.h"

#include <charconv>
#include <limits>

#include "ir/ExprOp.h"

namespace tessera::script {

Result<Value> Object::GetAttr(Interpreter&, const std::string& name, const SourceLoc& loc) const {
  return Error("'" + type_name() + "' object has no attribute '" + name + "'", loc);
}

Status Object::SetAttr(Interpreter&, const std::string& name, const Value&,
                       const SourceLoc& loc) const {
  if (deferred()) return Status::Ok();
  return Error("cannot set attribute '" + name + "' of a '" + type_name() +
                   "' object (scripts set the attributes of their own classes' instances only)",
               loc);
}

Result<Value> Object::Call(Interpreter&, const CallArgs& args) const {
  return Error("'" + type_name() + "' object is not callable", args.loc);
}

Result<Value> Object::Subscript(Interpreter&, const std::vector<Value>&,
                                const std::vector<SourceLoc>&, const SourceLoc& loc) const {
  return Error("'" + type_name() + "' object is not subscriptable", loc);
}

Status Object::SetItem(Interpreter&, const Value&, const Value&, const SourceLoc& loc) const {
  return Error("'" + type_name() + "' object does not support item assignment", loc);
}

std::optional<Result<Value>> Object::BinaryOperator(Interpreter&, BinaryOp, const Value&,
                                                    const Value&, bool, const SourceLoc&) const {
  return std::nullopt;
}

std::optional<Result<Value>> Object::UnaryOperator(Interpreter&, UnaryOp, const Value&,
                                                   const SourceLoc&) const {
  return std::nullopt;
}

std::optional<Result<Value>> Object::CompareOperator(Interpreter&, CompareOp, const Value&,
                                                     const Value&, bool, const SourceLoc&) const {
  return std::nullopt;
}

bool IsDeferred(const Value& v) { return v.is_object() && v.object()->deferred(); }

Value Value::Bool(bool b) {
  Value v;
  v.kind_ = Kind::Bool;
  v.int_ = b ? 1 : 0;
  return v;
}

Value Value::Int(int64_t i) {
  Value v;
  v.kind_ = Kind::Int;
  v.int_ = i;
  return v;
}

Value Value::Float(double f) {
  Value v;
  v.kind_ = Kind::Float;
  v.float_ = f;
  return v;
}

Value Value::String(std::string s) {
  Value v;
  v.kind_ = Kind::String;
  v.string_ = std::move(s);
  return v;
}

Value Value::FromExpr(ir::Expr e) {
  Value v;
  v.kind_ = Kind::Expr;
  v.expr_ = std::move(e);
  return v;
}

Value Value::Tuple(std::vector<Value> items) {
  Value v;
  v.kind_ = Kind::Tuple;
  v.items_ = std::make_shared<std::vector<Value>>(std::move(items));
  return v;
}

Value Value::List(std::vector<Value> items) {
  Value v = Tuple(std::move(items));
  v.kind_ = Kind::List;
  return v;
}

Value Value::FromObject(ObjectPtr object) {
  Value v;
  v.kind_ = Kind::Object;
  v.object_ = std::move(object);
  return v;
}

std::string Value::type_name() const {
  switch (kind_) {
    case Kind::None:
      return "NoneType";
    case Kind::Bool:
      return "bool";
    case Kind::Int:
      return "int";
    case Kind::Float:
      return "float";
    case Kind::String:
      return "str";
    case Kind::Expr:
      return "PrimExpr";
    case Kind::Tuple:
      return "tuple";
    case Kind::List:
      return "list";
    case Kind::Object:
      return object_->type_name();
  }
  return "?";
}

bool Value::truthy() const {
  switch (kind_) {
    case Kind::None:
      return false;
    case Kind::Bool:
    case Kind::Int:
      return int_ != 0;
    case Kind::Float:
      return float_ != 0.0;
    case Kind::String:
      return !string_.empty();
    case Kind::Tuple:
    case Kind::List:
      return !items_->empty();
    default:
      return true;
  }
}

std::optional<ir::Expr> ToExpr(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Bool:
      return ir::make_bool(v.as_bool());
    case Value::Kind::Int: {
      int64_t i = v.as_int();
      bool fits32 =
          i >= std::numeric_limits<int32_t>::min() && i <= std::numeric_limits<int32_t>::max();
      return ir::IntImm(fits32 ? ir::DataType::Int(32) : ir::DataType::Int(64), i);
    }
    case Value::Kind::Float:
      return ir::FloatImm(ir::DataType::Float(32), v.as_float());
    case Value::Kind::Expr:
      return v.as_expr();
    case Value::Kind::Object:
      return v.object()->to_expr();
    default:
      return std::nullopt;
  }
}

std::string repr(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::None:
      return "None";
    case Value::Kind::Bool:
      return v.as_bool() ? "True" : "False";
    case Value::Kind::Int:
      return std::to_string(v.as_int());
    case Value::Kind::Float: {
      char buf[64];
      auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v.as_float());
      return std::string(buf, ec == std::errc() ? end : buf);
    }
    case Value::Kind::String:
      return "\"" + v.as_string() + "\"";
    case Value::Kind::Tuple:
    case Value::Kind::List: {
      bool tuple = v.kind() == Value::Kind::Tuple;
      std::string out = tuple ? "(" : "[";
      for (size_t i = 0; i < v.items().size(); ++i) out += (i ? ", " : "") + repr(v.items()[i]);
      if (tuple && v.items().size() == 1) out += ",";
      return out + (tuple ? ")" : "]");
    }
    default:
      return v.type_name();
  }
}

}  // namespace tessera::script
