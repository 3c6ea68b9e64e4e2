#include "analysis/IntervalEval.h"

#include <algorithm>

namespace tessera::analysis {

namespace {

using ir::BinaryNode;
using ir::ExprKind;

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int64_t FloorMod(int64_t a, int64_t b) { return a - FloorDiv(a, b) * b; }

std::optional<Interval> Binary(ExprKind kind, Interval a, Interval b) {
  switch (kind) {
    case ExprKind::Add:
      return Interval{a.lo + b.lo, a.hi + b.hi};
    case ExprKind::Sub:
      return Interval{a.lo - b.hi, a.hi - b.lo};
    case ExprKind::Mul: {
      int64_t p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
      return Interval{*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
    }
    case ExprKind::Min:
      return Interval{std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
    case ExprKind::Max:
      return Interval{std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
    case ExprKind::FloorDiv:
    case ExprKind::Div: {
      // Only by a positive constant; truncated division equals floor division for the
      // non-negative dividends that indices are.
      if (b.lo != b.hi || b.lo <= 0) return std::nullopt;
      if (kind == ExprKind::Div && a.lo < 0) return std::nullopt;
      return Interval{FloorDiv(a.lo, b.lo), FloorDiv(a.hi, b.lo)};
    }
    case ExprKind::FloorMod:
    case ExprKind::Mod: {
      if (b.lo != b.hi || b.lo <= 0) return std::nullopt;
      if (kind == ExprKind::Mod && a.lo < 0) return std::nullopt;
      int64_t c = b.lo;
      if (FloorDiv(a.lo, c) == FloorDiv(a.hi, c))
        return Interval{FloorMod(a.lo, c), FloorMod(a.hi, c)};
      return Interval{0, c - 1};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<Interval> EvalInterval(const ir::Expr& e, const VarValues& values) {
  if (!e.defined()) return std::nullopt;
  if (auto* imm = e.as<ir::IntImmNode>()) return Interval::Point(imm->value);
  if (auto* v = e.as<ir::VarNode>()) {
    if (auto it = values.vars.find(v); it != values.vars.end()) return it->second;
    if (values.shapes)
      if (auto it = values.shapes->find(v->name); it != values.shapes->end())
        return Interval::Point(it->second);
    return std::nullopt;
  }
  if (auto* b = e.as<BinaryNode>()) {
    if (ir::is_comparison(e.kind()) || e.kind() == ExprKind::And || e.kind() == ExprKind::Or)
      return std::nullopt;
    auto x = EvalInterval(b->a, values);
    if (!x) return std::nullopt;
    auto y = EvalInterval(b->b, values);
    if (!y) return std::nullopt;
    return Binary(e.kind(), *x, *y);
  }
  if (auto* c = e.as<ir::CastNode>()) {
    if (!c->dtype.is_integer()) return std::nullopt;
    return EvalInterval(c->value, values);
  }
  if (auto* s = e.as<ir::SelectNode>()) {
    auto t = EvalInterval(s->true_value, values);
    auto f = EvalInterval(s->false_value, values);
    if (!t || !f) return std::nullopt;
    return Interval{std::min(t->lo, f->lo), std::max(t->hi, f->hi)};
  }
  if (auto* r = e.as<ir::RampNode>()) {
    auto base = EvalInterval(r->base, values);
    auto stride = EvalInterval(r->stride, values);
    if (!base || !stride) return std::nullopt;
    auto span = Binary(ExprKind::Mul, *stride, Interval{0, r->lanes - 1});
    return Binary(ExprKind::Add, *base, *span);
  }
  if (auto* br = e.as<ir::BroadcastNode>()) return EvalInterval(br->value, values);
  if (auto* call = e.as<ir::CallNode>()) {
    // likely(x) and similar hints pass their argument through.
    if (call->op == "likely" && call->args.size() == 1) return EvalInterval(call->args[0], values);
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace tessera::analysis
