// Python operators on script values. Two Python numbers compute in Python (ints are
// exact 64-bit: overflow is an error, `//` and `%` round down); as soon as one side is
// an expression the result is an ir::Expr built as TVM's operator overloads build it
// (`//` floordiv, `%` floormod, `/` only for floats: TVM refuses `/` on integer
// expressions because it is ambiguous). Errors point at the operator.
#pragma once

#include "script/lang/Ast.h"
#include "script/lang/Value.h"

namespace tessera::script {

Result<Value> ApplyUnary(UnaryOp op, const Value& operand, const SourceLoc& loc);
Result<Value> ApplyBinary(BinaryOp op, const Value& a, const Value& b, const SourceLoc& loc);
Result<Value> ApplyCompare(CompareOp op, const Value& a, const Value& b, const SourceLoc& loc);

// `not v`: Python's for plain values; a logical Not for a boolean expression (a
// Tessera extension: TVM refuses Python's `not` on expressions).
Result<Value> ApplyNot(const Value& operand, const SourceLoc& loc);
// `a and b` / `a or b` when `a` is an expression: the logical And / Or of both (the
// interpreter handles Python values with short-circuiting itself).
Result<Value> CombineLogical(bool is_and, const Value& a, const Value& b, const SourceLoc& loc);

// The operand as a boolean expression, or an error naming `what` ("'and'").
Result<ir::Expr> ToBoolExpr(const Value& v, const std::string& what, const SourceLoc& loc);

}  // namespace tessera::script
