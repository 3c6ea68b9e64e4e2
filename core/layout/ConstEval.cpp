#include "layout/ConstEval.h"

#include <algorithm>

namespace tessera::layout {

using namespace ir;

namespace {

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::optional<int64_t> eval(const Expr& e, const ConstEnv& env, int depth) {
  if (!e.defined() || depth > 2000) return std::nullopt;
  if (auto* i = e.as<IntImmNode>()) return i->value;
  if (auto* v = e.as<VarNode>()) {
    auto it = env.find(v);
    if (it == env.end()) return std::nullopt;
    return it->second;
  }
  if (auto* n = e.as<NotNode>()) {
    auto a = eval(n->a, env, depth + 1);
    if (!a) return std::nullopt;
    return *a == 0 ? 1 : 0;
  }
  if (auto* s = e.as<SelectNode>()) {
    auto c = eval(s->condition, env, depth + 1);
    if (!c) return std::nullopt;
    return eval(*c ? s->true_value : s->false_value, env, depth + 1);
  }
  if (auto* c = e.as<CastNode>()) {
    if (!c->dtype.is_integer() && !c->dtype.is_bool()) return std::nullopt;
    return eval(c->value, env, depth + 1);
  }
  if (auto* l = e.as<LetNode>()) {
    auto v = eval(l->value, env, depth + 1);
    if (!v) return std::nullopt;
    ConstEnv inner = env;
    inner[static_cast<const VarNode*>(l->var.get())] = *v;
    return eval(l->body, inner, depth + 1);
  }
  auto* b = e.as<BinaryNode>();
  if (!b) return std::nullopt;
  auto x = eval(b->a, env, depth + 1);
  if (!x) return std::nullopt;
  // Short-circuit logic, as the generated code would.
  if (b->kind == ExprKind::And && *x == 0) return 0;
  if (b->kind == ExprKind::Or && *x != 0) return 1;
  auto y = eval(b->b, env, depth + 1);
  if (!y) return std::nullopt;
  switch (b->kind) {
    case ExprKind::Add:
      return *x + *y;
    case ExprKind::Sub:
      return *x - *y;
    case ExprKind::Mul:
      return *x * *y;
    case ExprKind::Div:
      if (*y == 0) return std::nullopt;
      return *x / *y;
    case ExprKind::Mod:
      if (*y == 0) return std::nullopt;
      return *x % *y;
    case ExprKind::FloorDiv:
      if (*y == 0) return std::nullopt;
      return floor_div(*x, *y);
    case ExprKind::FloorMod:
      if (*y == 0) return std::nullopt;
      return *x - floor_div(*x, *y) * *y;
    case ExprKind::Min:
      return std::min(*x, *y);
    case ExprKind::Max:
      return std::max(*x, *y);
    case ExprKind::EQ:
      return *x == *y;
    case ExprKind::NE:
      return *x != *y;
    case ExprKind::LT:
      return *x < *y;
    case ExprKind::LE:
      return *x <= *y;
    case ExprKind::GT:
      return *x > *y;
    case ExprKind::GE:
      return *x >= *y;
    case ExprKind::And:
      return *x != 0 && *y != 0;
    case ExprKind::Or:
      return *x != 0 || *y != 0;
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<int64_t> EvalConstInt(const Expr& e, const ConstEnv& env) { return eval(e, env, 0); }

}  // namespace tessera::layout
