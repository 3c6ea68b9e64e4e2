#include "arith/Pattern.h"

namespace tessera::arith::pattern {

using namespace ir;

Expr FoldBinary(ExprKind kind, const Expr& a, const Expr& b) {
  switch (kind) {
    case ExprKind::Add:
      return add(a, b);
    case ExprKind::Sub:
      return sub(a, b);
    case ExprKind::Mul:
      return mul(a, b);
    case ExprKind::Div:
      return truncdiv(a, b);
    case ExprKind::Mod:
      return truncmod(a, b);
    case ExprKind::FloorDiv:
      return floordiv(a, b);
    case ExprKind::FloorMod:
      return floormod(a, b);
    case ExprKind::Min:
      return ir::min(a, b);
    case ExprKind::Max:
      return ir::max(a, b);
    case ExprKind::EQ:
      return eq(a, b);
    case ExprKind::NE:
      return ne(a, b);
    case ExprKind::LT:
      return lt(a, b);
    case ExprKind::LE:
      return le(a, b);
    case ExprKind::GT:
      return gt(a, b);
    case ExprKind::GE:
      return ge(a, b);
    case ExprKind::And:
      return logical_and(a, b);
    case ExprKind::Or:
      return logical_or(a, b);
    default:
      return MakeBinary(kind, a, b);
  }
}

Expr RetypeResult(const Expr& result, DataType t) {
  if (result.dtype() == t) return result;
  if (auto* imm = result.as<IntImmNode>()) {
    if (t.is_bool()) return make_bool(imm->value != 0);
    return make_const(t, imm->value);
  }
  return result;
}

}  // namespace tessera::arith::pattern
