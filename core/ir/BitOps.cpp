#include "ir/BitOps.h"

#include <algorithm>

namespace tessera::ir {

namespace {

using ir::DataType;
using ir::Expr;

bool BitOpIsImm(const Expr& e) { return e.as<ir::IntImmNode>() != nullptr; }

Expr BitOpRetype(const Expr& e, DataType t) {
  if (auto* i = e.as<ir::IntImmNode>())
    return ir::make_const(t, ir::EvalBitOp(ir::BitOp::Or, t.element_of(), i->value, 0));
  return e.dtype() == t ? e : ir::MakeCast(t, e);
}

// The common type of `&`, `|`, `^` (TVM's BinaryOpMatchTypes for integers).
DataType BitOpCommonType(DataType a, DataType b) {
  if (a.bits() != b.bits()) return a.bits() > b.bits() ? a : b;
  return a.is_uint() ? a : b;
}

}  // namespace

BitOpBuild MakeBitOp(ir::BitOp op, Expr a, Expr b) {
  const ir::BitOpInfo& info = ir::GetBitOpInfo(op);
  bool unary = info.arity == 1;
  for (const Expr* e : {&a, &b}) {
    if (unary && e == &b) break;
    if (!e->defined()) return {Expr(), std::string(info.name) + ": missing operand"};
    if (!BitOpTakes(op, e->dtype()))
      return {Expr(), std::string("operator '") + info.c_op + "' (" + info.name +
                          ") requires integer operands, got " + e->dtype().str()};
  }
  if (unary) {
    if (auto* i = a.as<ir::IntImmNode>())
      return {ir::IntImm(a.dtype(), ir::EvalBitOp(op, a.dtype(), i->value)), ""};
    return {ir::MakeCall(a.dtype(), info.name, {a}), ""};
  }
  int lanes = std::max(a.dtype().lanes(), b.dtype().lanes());
  if ((a.dtype().lanes() != 1 && a.dtype().lanes() != lanes) ||
      (b.dtype().lanes() != 1 && b.dtype().lanes() != lanes))
    return {Expr(), std::string(info.name) + ": operands have different lane counts"};
  bool shift = op == ir::BitOp::ShiftLeft || op == ir::BitOp::ShiftRight;
  DataType t;
  // An immediate takes the other side's type (TVM's `1 << x` on an int64 x is int64).
  if (BitOpIsImm(a) && !BitOpIsImm(b))
    t = b.dtype().element_of();
  else if (shift || BitOpIsImm(b))
    t = a.dtype().element_of();
  else
    t = BitOpCommonType(a.dtype().element_of(), b.dtype().element_of());
  if (shift) {
    // A negative constant count is undefined behaviour in every backend: refuse it here.
    if (auto* c = b.as<ir::IntImmNode>(); c && (c->value < 0 || c->value >= t.bits()))
      return {Expr(), std::string("shift count ") + std::to_string(c->value) +
                          " is out of range for " + t.str() + " (0 to " +
                          std::to_string(t.bits() - 1) + ")"};
  }
  a = BitOpRetype(a, t.with_lanes(a.dtype().lanes()));
  b = BitOpRetype(b, t.with_lanes(b.dtype().lanes()));
  auto* ia = a.as<ir::IntImmNode>();
  auto* ib = b.as<ir::IntImmNode>();
  if (ia && ib) return {ir::IntImm(t, ir::EvalBitOp(op, t, ia->value, ib->value)), ""};
  if (lanes > 1) {
    if (a.dtype().lanes() == 1) a = ir::MakeBroadcast(a, lanes);
    if (b.dtype().lanes() == 1) b = ir::MakeBroadcast(b, lanes);
  }
  return {ir::MakeCall(t.with_lanes(lanes), info.name, {a, b}), ""};
}

}  // namespace tessera::ir
