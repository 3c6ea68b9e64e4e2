// Values of the script language. Python-level values (None, bool, int, float, str,
// tuple, list) are kept apart from IR expressions, so that `n = 4; n * 2` folds to the
// Python int 8 as in Python, while `i * 2` with a variable builds an ir::Expr as TVM's
// operators do. Everything else (modules, functions, lambdas, tensors, stages, ...) is
// an Object with a small protocol: attribute lookup, calls and subscripts.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::script {

class Interpreter;
class Value;
struct CallArgs;
enum class UnaryOp : uint8_t;
enum class BinaryOp : uint8_t;
enum class CompareOp : uint8_t;

// A script object other than a plain value. Each protocol function has a default that
// reports the Python error ("'Stage' object is not callable").
struct Object {
  virtual ~Object() = default;
  virtual std::string type_name() const = 0;
  // The expression this object stands for in arithmetic (an IterVar is its variable).
  virtual std::optional<ir::Expr> to_expr() const { return std::nullopt; }
  virtual Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                                const SourceLoc& loc) const;
  virtual Result<Value> Call(Interpreter& interp, const CallArgs& args) const;
  virtual Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                                  const std::vector<SourceLoc>& index_locs,
                                  const SourceLoc& loc) const;
  // object.name = value (an instance of a script's class); refused by default, done
  // nothing for a deferred value.
  virtual Status SetAttr(Interpreter& interp, const std::string& name, const Value& value,
                         const SourceLoc& loc) const;
  // object[index] = value (an ir_builder's buffer emits a store).
  virtual Status SetItem(Interpreter& interp, const Value& index, const Value& value,
                         const SourceLoc& loc) const;

  // Python's operator methods (__add__ and __radd__, __neg__, __lt__ ...): the result, or
  // nullopt where the object does not implement `op` with `other` (Python's
  // NotImplemented: the other operand is asked next, then the built-in rules apply).
  // `self_on_left` is false for the reflected form: `2 * t` asks t with 2 on the left.
  virtual std::optional<Result<Value>> BinaryOperator(Interpreter& interp, BinaryOp op,
                                                      const Value& self, const Value& other,
                                                      bool self_on_left,
                                                      const SourceLoc& loc) const;
  virtual std::optional<Result<Value>> UnaryOperator(Interpreter& interp, UnaryOp op,
                                                     const Value& self, const SourceLoc& loc) const;
  virtual std::optional<Result<Value>> CompareOperator(Interpreter& interp, CompareOp op,
                                                       const Value& self, const Value& other,
                                                       bool self_on_left,
                                                       const SourceLoc& loc) const;
  // str(x) and print(x) (Python's __str__); nullopt prints the object's repr.
  virtual std::optional<std::string> Str() const { return std::nullopt; }
  // len(x) (Python's __len__); nullopt: the object has no len().
  virtual std::optional<int64_t> Len() const { return std::nullopt; }
  // True for a value of code the interpreter keeps but does not run (a program's
  // runtime half): storing into it, deleting from it and decorating with it do nothing,
  // and a string formatted with it (`"%s" % x`) is its reflected `%`.
  virtual bool deferred() const { return false; }
};
using ObjectPtr = std::shared_ptr<const Object>;

class Value {
 public:
  enum class Kind : uint8_t { None, Bool, Int, Float, String, Expr, Tuple, List, Object };

  Value() = default;  // None
  static Value Bool(bool b);
  static Value Int(int64_t i);
  static Value Float(double f);
  static Value String(std::string s);
  static Value FromExpr(ir::Expr e);
  static Value Tuple(std::vector<Value> items);
  static Value List(std::vector<Value> items);
  static Value FromObject(ObjectPtr object);

  Kind kind() const { return kind_; }
  bool is_none() const { return kind_ == Kind::None; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_expr() const { return kind_ == Kind::Expr; }
  bool is_sequence() const { return kind_ == Kind::Tuple || kind_ == Kind::List; }
  bool is_object() const { return kind_ == Kind::Object; }
  // int or bool (Python's bool is an int)
  bool is_integer() const { return kind_ == Kind::Int || kind_ == Kind::Bool; }
  bool is_number() const { return is_integer() || kind_ == Kind::Float; }

  bool as_bool() const { return int_ != 0; }
  int64_t as_int() const { return int_; }
  double as_float() const { return kind_ == Kind::Float ? float_ : static_cast<double>(int_); }
  const std::string& as_string() const { return string_; }
  const ir::Expr& as_expr() const { return expr_; }
  const std::vector<Value>& items() const { return *items_; }
  // A list's items, shared by every Value holding the list (Python's aliasing:
  // `b = a; a.append(1)` changes b). Only the interpreter mutates them, only for lists.
  std::vector<Value>& list_items() const { return *items_; }
  const ObjectPtr& object() const { return object_; }
  template <typename T>
  const T* as() const {
    return dynamic_cast<const T*>(object_.get());
  }
  template <typename T>
  std::shared_ptr<const T> as_shared() const {
    return std::dynamic_pointer_cast<const T>(object_);
  }

  // Python's type name: "NoneType", "bool", "int", "float", "str", "tuple", "list",
  // "PrimExpr", or the object's.
  std::string type_name() const;
  // Python truthiness of a plain value (objects and expressions are true).
  bool truthy() const;

 private:
  Kind kind_ = Kind::None;
  int64_t int_ = 0;
  double float_ = 0.0;
  std::string string_;
  ir::Expr expr_;
  std::shared_ptr<std::vector<Value>> items_;
  ObjectPtr object_;
};

// TVM's conversion of a value used as an expression: int -> int32 immediate (int64
// when it does not fit), float -> float32, bool -> bool, PrimExpr as is, an object
// through to_expr(). nullopt for anything else (strings, tuples, None, ...).
std::optional<ir::Expr> ToExpr(const Value& v);

// How a value is shown in messages: 8, 0.5, "x", (1, 2), a PrimExpr's text is not
// needed there, so expressions show as "PrimExpr".
std::string repr(const Value& v);

// An object whose deferred() is true (Object::deferred).
bool IsDeferred(const Value& v);

// The arguments of a call, with the location of each for precise error messages.
struct CallArgs {
  SourceLoc loc;  // the called name
  std::vector<Value> positional;
  std::vector<SourceLoc> positional_locs;
  std::vector<std::pair<std::string, Value>> keywords;
  std::vector<SourceLoc> keyword_locs;
  size_t size() const { return positional.size() + keywords.size(); }
};

}  // namespace tessera::script
