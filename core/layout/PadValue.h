// What the padding of a transformed buffer holds (RFC 0077, shared/seeds/rfc0077-digest.md
// §1.2): nothing that may be accessed (None, the default), a constant, a function of the
// physical indices, or an unspecified value (Undef, TVM's `tir.undef`). A function may
// use only constants, its parameters, shape variables and the transformed buffer itself
// (indexed with physical indices), never another buffer (§1.2, "Restriction").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::layout {

struct PadValue {
  enum class Kind : uint8_t {
    None,      // padding exists but must never be read or written
    Constant,  // pad_value=0.0
    Function,  // pad_value=lambda io, ii: ...
    Undef,     // pad_value=undef: the padding holds unspecified values
  };
  Kind kind = Kind::None;
  std::vector<ir::Var> params;  // Function: one per physical dimension
  ir::Expr value;               // Constant / Function: the value (over params)

  static PadValue Constant(ir::Expr value);
  static PadValue Function(std::vector<ir::Var> params, ir::Expr body);
  static PadValue Undef();

  // Constant or Function: the padding holds a known value that the producer writes.
  bool has_value() const { return kind == Kind::Constant || kind == Kind::Function; }
  // The value stored at physical index `indices`, cast to `dtype` (has_value() only).
  ir::Expr At(const std::vector<ir::Expr>& indices, ir::DataType dtype) const;
  // "none", "undef", "0.0", "lambda io, ii: ..." (the value through ir::to_string).
  std::string str() const;
  // Structurally equal, parameters matched by position.
  bool operator==(const PadValue& other) const;
};

// Whether `pad` may be used for a buffer named `self` of element type `dtype` with
// `physical_rank` physical dimensions: a Function takes one parameter per physical
// dimension, every value converts to dtype (no string or handle), and it reads no buffer
// but `self` (with physical_rank indices). The error says what is wrong.
Status CheckPadValue(const PadValue& pad, ir::DataType dtype, size_t physical_rank,
                     const std::string& self);

// The loads of `self` in the pad value (a function reading the transformed buffer).
std::vector<ir::Expr> SelfLoads(const PadValue& pad, const std::string& self);

}  // namespace tessera::layout
