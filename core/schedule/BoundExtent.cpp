#include "schedule/BoundExtent.h"

#include <algorithm>
#include <cstdint>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"

namespace tessera::schedule {

namespace {

using ir::Expr;
using ir::ExprKind;
using Bound = std::optional<int64_t>;

// Hoisting doubles the expression at each min/max it passes; deeper nests are bounded
// as they are written.
constexpr int kMaxDepth = 8;

bool IsMinMax(const Expr& e) { return e->kind == ExprKind::Min || e->kind == ExprKind::Max; }

Bound Whole(const Expr& e, arith::Analyzer* a) {
  arith::ConstIntBound b = a->const_int_bound(a->Simplify(e));
  if (b.max_value == arith::ConstIntBound::kPosInf) return std::nullopt;
  return b.max_value;
}

Bound Max(Bound x, Bound y) { return x && y ? Bound(std::max(*x, *y)) : std::nullopt; }
Bound Min(Bound x, Bound y) {
  if (x && y) return std::min(*x, *y);
  return x ? x : y;
}

Expr Combine(ExprKind kind, const Expr& x, const Expr& y) {
  switch (kind) {
    case ExprKind::Add:
      return ir::add(x, y);
    case ExprKind::Sub:
      return ir::sub(x, y);
    case ExprKind::Min:
      return ir::min(x, y);
    default:
      return ir::max(x, y);
  }
}

// Additions and subtractions moved inside min and max, from the leaves up:
// ((min(a, b) - c) - d) + 1 becomes min(((a - c) - d) + 1, ((b - c) - d) + 1).
Expr Hoist(const Expr& e, int depth) {
  const auto* n = e.as<ir::BinaryNode>();
  if (!n || depth >= kMaxDepth) return e;
  if (IsMinMax(e)) return Combine(n->kind, Hoist(n->a, depth + 1), Hoist(n->b, depth + 1));
  if (n->kind != ExprKind::Add && n->kind != ExprKind::Sub) return e;
  Expr x = Hoist(n->a, depth + 1), y = Hoist(n->b, depth + 1);
  if (IsMinMax(x)) {
    const auto* m = x.as<ir::BinaryNode>();
    return Combine(m->kind, Hoist(Combine(n->kind, m->a, y), depth + 1),
                   Hoist(Combine(n->kind, m->b, y), depth + 1));
  }
  if (IsMinMax(y)) {
    const auto* m = y.as<ir::BinaryNode>();
    // c - min(a, b) = max(c - a, c - b), and c - max(a, b) = min(c - a, c - b).
    ExprKind outer = m->kind;
    if (n->kind == ExprKind::Sub) outer = outer == ExprKind::Min ? ExprKind::Max : ExprKind::Min;
    return Combine(outer, Hoist(Combine(n->kind, x, m->a), depth + 1),
                   Hoist(Combine(n->kind, x, m->b), depth + 1));
  }
  return Combine(n->kind, x, y);
}

// ub(min(a, b)) = min(ub(a), ub(b)), ub(max(a, b)) = max(ub(a), ub(b)), a select's the
// larger branch's; each node is also bounded as a whole, and the tighter bound is kept.
Bound Upper(const Expr& e, arith::Analyzer* a, int depth) {
  Bound whole = Whole(e, a);
  if (depth >= kMaxDepth) return whole;
  Bound parts;
  if (const auto* b = e.as<ir::BinaryNode>()) {
    if (b->kind == ExprKind::Min)
      parts = Min(Upper(b->a, a, depth + 1), Upper(b->b, a, depth + 1));
    else if (b->kind == ExprKind::Max)
      parts = Max(Upper(b->a, a, depth + 1), Upper(b->b, a, depth + 1));
  } else if (const auto* s = e.as<ir::SelectNode>()) {
    parts = Max(Upper(s->true_value, a, depth + 1), Upper(s->false_value, a, depth + 1));
  }
  return Min(whole, parts);
}

}  // namespace

std::optional<int64_t> ConstUpperBound(const ir::Expr& e, arith::Analyzer* analyzer) {
  if (!e.defined() || !e.dtype().is_int() || e.dtype().bits() > 64) return std::nullopt;
  Bound b = Upper(Hoist(e, 0), analyzer, 0);
  // The largest value of the type is no bound (an unconstrained shape variable m).
  const int64_t type_max =
      e.dtype().bits() == 64 ? INT64_MAX : (int64_t{1} << (e.dtype().bits() - 1)) - 1;
  if (b && *b >= type_max) return std::nullopt;
  return b;
}

ir::Expr AllocationExtent(const ir::Expr& extent, const std::string& scope,
                          arith::Analyzer* context) {
  if (scope.empty() || scope == "global" || ir::as_const_int(extent)) return extent;
  arith::Analyzer own;
  std::optional<int64_t> bound = ConstUpperBound(extent, context ? context : &own);
  // A bound that only comes from the type's range (a shape variable up to 2^31 - 1) is
  // no allocation size: such an extent stays symbolic.
  constexpr int64_t kLargestConstantExtent = int64_t{1} << 16;
  if (!bound || *bound < 0 || *bound > kLargestConstantExtent) return extent;
  return ir::IntImm(extent.dtype(), *bound);
}

}  // namespace tessera::schedule
