// Constructors for expressions.
//  - `Make*` builds exactly the node asked for (no folding): what the simplifier and
//    the printer tests need.
//  - the lower-case helpers and the C++ operators fold two constants and unify the
//    types of an immediate with the other operand (as TVM's Python operators do);
//    they do no other simplification.
#pragma once

#include <string>
#include <vector>

#include "ir/Expr.h"
#include "ir/IterVar.h"

namespace tessera::ir {

Expr IntImm(DataType t, int64_t value);
Expr FloatImm(DataType t, double value);
Expr StringImm(std::string value);
Expr make_const(DataType t, int64_t value);  // int/uint/bool/float of any lanes
Expr make_const(DataType t, double value);
Expr make_zero(DataType t);
Expr make_bool(bool value);

Expr MakeBinary(ExprKind kind, Expr a, Expr b);  // raw; dtype from operands
Expr MakeNot(Expr a);
Expr MakeSelect(Expr cond, Expr t, Expr f);
Expr MakeCast(DataType t, Expr v);
Expr MakeCall(DataType t, std::string op, std::vector<Expr> args,
              CallKind kind = CallKind::PureIntrinsic);
Expr MakeBufferLoad(Buffer buffer, std::vector<Expr> indices);
Expr MakeProducerLoad(DataProducer producer, std::vector<Expr> indices);
Expr MakeRamp(Expr base, Expr stride, int lanes);
Expr MakeBroadcast(Expr value, int lanes);
Expr MakeLet(Var var, Expr value, Expr body);
Expr MakeReduce(CommReducer combiner, std::vector<Expr> source, std::vector<IterVar> axis,
                Expr condition, int value_index);

// Folding helpers.
Expr add(Expr a, Expr b);
Expr sub(Expr a, Expr b);
Expr mul(Expr a, Expr b);
Expr truncdiv(Expr a, Expr b);
Expr truncmod(Expr a, Expr b);
Expr floordiv(Expr a, Expr b);
Expr floormod(Expr a, Expr b);
Expr min(Expr a, Expr b);
Expr max(Expr a, Expr b);
Expr eq(Expr a, Expr b);
Expr ne(Expr a, Expr b);
Expr lt(Expr a, Expr b);
Expr le(Expr a, Expr b);
Expr gt(Expr a, Expr b);
Expr ge(Expr a, Expr b);
Expr logical_and(Expr a, Expr b);
Expr logical_or(Expr a, Expr b);
Expr logical_not(Expr a);
Expr select(Expr cond, Expr t, Expr f);
Expr cast(DataType t, Expr v);
// ceil(a / b) for non-negative a and positive b, as (a + b - 1) // b.
Expr ceildiv(Expr a, Expr b);

inline Expr operator+(Expr a, Expr b) { return add(std::move(a), std::move(b)); }
inline Expr operator-(Expr a, Expr b) { return sub(std::move(a), std::move(b)); }
// Unary operators are templates so that they never apply to a shared_ptr by conversion.
template <typename T, typename = std::enable_if_t<std::is_base_of_v<Expr, T>>>
Expr operator-(const T& a) {
  return sub(make_zero(a.dtype()), a);
}
inline Expr operator*(Expr a, Expr b) { return mul(std::move(a), std::move(b)); }
inline Expr operator<(Expr a, Expr b) { return lt(std::move(a), std::move(b)); }
inline Expr operator<=(Expr a, Expr b) { return le(std::move(a), std::move(b)); }
inline Expr operator>(Expr a, Expr b) { return gt(std::move(a), std::move(b)); }
inline Expr operator>=(Expr a, Expr b) { return ge(std::move(a), std::move(b)); }
inline Expr operator&&(Expr a, Expr b) { return logical_and(std::move(a), std::move(b)); }
inline Expr operator||(Expr a, Expr b) { return logical_or(std::move(a), std::move(b)); }
template <typename T, typename = std::enable_if_t<std::is_base_of_v<Expr, T>>>
Expr operator!(const T& a) {
  return logical_not(a);
}
// No operator/ or operator%: say truncdiv or floordiv.
// Note: == and != on Expr are not overloaded (they would be ambiguous with identity);
// use eq()/ne() to build comparisons and same_as() for identity.

// Constant queries.
const int64_t* as_const_int(const Expr& e);  // IntImm (or bool) value, else nullptr
// The pointer points into the node: a temporary Expr would leave it dangling once the
// statement ends (ASan found three such reads), so temporaries are refused at compile time.
const int64_t* as_const_int(Expr&& e) = delete;
bool is_const_int(const Expr& e, int64_t value);
bool is_zero(const Expr& e);
bool is_one(const Expr& e);
bool is_const(const Expr& e);  // IntImm or FloatImm (or a Broadcast of one)

// Reducers (te.sum, te.max, te.min) for element type t.
CommReducer SumReducer(DataType t);
CommReducer MaxReducer(DataType t);
CommReducer MinReducer(DataType t);
// The lowest / highest finite value of t (identity of max / min), as TVM defines them.
Expr min_value(DataType t);
Expr max_value(DataType t);

}  // namespace tessera::ir
