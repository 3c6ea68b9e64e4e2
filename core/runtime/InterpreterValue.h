// The values the IR interpreter computes with: a dtype and one entry per lane (integers,
// bools and handles as int64 bit patterns wrapped to the type's width, floats as doubles
// rounded to the type's precision after every operation, so float32 arithmetic matches
// compiled code bit for bit for + - * / and sqrt).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/DataType.h"
#include "ir/Expr.h"

namespace tessera::runtime {

struct Value {
  ir::DataType type;
  std::vector<int64_t> i;  // non-float lanes
  std::vector<double> f;   // float lanes

  int lanes() const { return type.lanes(); }
  bool is_float() const { return type.is_float(); }
  double as_double(int lane) const;
  int64_t as_int(int lane) const;
  bool as_bool(int lane) const { return as_int(lane) != 0; }

  static Value Int(ir::DataType t, int64_t v);   // broadcast to t's lanes
  static Value Float(ir::DataType t, double v);  // broadcast to t's lanes
  static Value Zero(ir::DataType t);
  // Element `lane` as a scalar Value of the element type.
  Value Lane(int lane) const;
  std::string str() const;
};

// Wraps an integer to the width and signedness of t (bool: 0/1).
int64_t WrapInt(ir::DataType t, int64_t v);
// Rounds a double to the precision of float type t (float16/float32/float64).
double RoundFloat(ir::DataType t, double v);

// Elementwise operations; a scalar operand is broadcast to the other's lanes.
// Returns nullopt with `*error` set on division by zero or an unsupported operation.
std::optional<Value> ApplyBinary(ir::ExprKind kind, const Value& a, const Value& b,
                                 std::string* error);
Value ApplyNot(const Value& a);
Value ApplyCast(ir::DataType t, const Value& v);
// Lane-wise choice (a scalar condition chooses for every lane).
Value ApplySelect(const Value& cond, const Value& t, const Value& f);

}  // namespace tessera::runtime
