#include "te/WorkloadFlops.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

#include "te/Operation.h"

namespace tessera::te {

namespace {

using ir::ExprKind;

bool IsArithmetic(ExprKind k) {
  switch (k) {
    case ExprKind::Add:
    case ExprKind::Sub:
    case ExprKind::Mul:
    case ExprKind::Div:
    case ExprKind::Mod:
    case ExprKind::FloorDiv:
    case ExprKind::FloorMod:
    case ExprKind::Min:
    case ExprKind::Max:
      return true;
    default:
      return false;
  }
}

// An integer expression over shape variables (extents); nullopt when it has another
// variable or a form this small evaluator does not know.
std::optional<int64_t> EvalExtent(const ir::Expr& e, const std::map<std::string, int64_t>& vars) {
  if (const auto* i = e.as<ir::IntImmNode>()) return i->value;
  if (const auto* v = e.as<ir::VarNode>()) {
    auto it = vars.find(v->name);
    return it == vars.end() ? std::nullopt : std::optional<int64_t>(it->second);
  }
  if (const auto* c = e.as<ir::CastNode>()) return EvalExtent(c->value, vars);
  const auto* b = e.as<ir::BinaryNode>();
  if (!b) return std::nullopt;
  auto x = EvalExtent(b->a, vars), y = EvalExtent(b->b, vars);
  if (!x || !y) return std::nullopt;
  switch (b->kind) {
    case ExprKind::Add:
      return *x + *y;
    case ExprKind::Sub:
      return *x - *y;
    case ExprKind::Mul:
      return *x * *y;
    case ExprKind::Min:
      return std::min(*x, *y);
    case ExprKind::Max:
      return std::max(*x, *y);
    case ExprKind::Div:
    case ExprKind::FloorDiv:
      if (*y == 0) return std::nullopt;
      return b->kind == ExprKind::Div || *x % *y == 0 || ((*x < 0) == (*y < 0)) ? *x / *y
                                                                                : *x / *y - 1;
    case ExprKind::Mod:
    case ExprKind::FloorMod: {
      if (*y == 0) return std::nullopt;
      int64_t r = *x % *y;
      return b->kind == ExprKind::FloorMod && r != 0 && ((r < 0) != (*y < 0)) ? r + *y : r;
    }
    default:
      return std::nullopt;
  }
}

std::optional<int64_t> Product(const std::vector<ir::Expr>& extents,
                               const std::map<std::string, int64_t>& vars) {
  int64_t n = 1;
  for (const ir::Expr& e : extents) {
    auto v = EvalExtent(e, vars);
    if (!v) return std::nullopt;
    n *= std::max<int64_t>(*v, 0);
  }
  return n;
}

}  // namespace

double CountExprFlops(const ir::Expr& e) {
  if (!e.defined()) return 0;
  if (const auto* b = e.as<ir::BinaryNode>()) {
    double own = IsArithmetic(b->kind) && b->a.dtype().is_float() ? 1 : 0;
    return own + CountExprFlops(b->a) + CountExprFlops(b->b);
  }
  if (const auto* s = e.as<ir::SelectNode>())
    return CountExprFlops(s->condition) +
           std::max(CountExprFlops(s->true_value), CountExprFlops(s->false_value));
  if (const auto* c = e.as<ir::CallNode>()) {
    if (c->op == "if_then_else" && c->args.size() == 3)
      return CountExprFlops(c->args[0]) +
             std::max(CountExprFlops(c->args[1]), CountExprFlops(c->args[2]));
    double n = c->dtype.is_float() && c->op != "likely" && c->op != "assume" ? 1 : 0;
    for (const ir::Expr& a : c->args) n += CountExprFlops(a);
    return n;
  }
  if (const auto* c = e.as<ir::CastNode>()) return CountExprFlops(c->value);
  if (const auto* n = e.as<ir::NotNode>()) return CountExprFlops(n->a);
  if (const auto* l = e.as<ir::LetNode>())
    return CountExprFlops(l->value) + CountExprFlops(l->body);
  if (const auto* r = e.as<ir::ReduceNode>()) {
    double n = 0;
    for (const ir::Expr& s : r->source) n += CountExprFlops(s);
    if (r->combiner)
      for (const ir::Expr& c : r->combiner->result) n += CountExprFlops(c);
    return n;
  }
  return 0;
}

double CountWorkloadFlops(const std::vector<Tensor>& outputs,
                          const std::map<std::string, int64_t>& vars) {
  std::set<const OperationNode*> seen;
  double total = 0;
  std::function<void(const Operation&)> visit = [&](const Operation& op) {
    if (!op || !seen.insert(op.get()).second) return;
    for (const Tensor& t : op->InputTensors()) visit(t.op());
    const auto* c = dynamic_cast<const ComputeOpNode*>(op.get());
    if (!c) return;
    auto elements = Product(c->output_shape(0), vars);
    std::vector<ir::Expr> reduce_extents;
    for (const IterVar& r : c->reduce_axis) reduce_extents.push_back(r->dom.extent);
    auto steps = Product(reduce_extents, vars);
    if (!elements || !steps) return;
    double per_element = 0;
    // A multi-output reduction shares one combine: count its body once.
    if (c->is_reduction())
      per_element = CountExprFlops(c->body[0]) * static_cast<double>(*steps);
    else
      for (const ir::Expr& b : c->body) per_element += CountExprFlops(b);
    total += per_element * static_cast<double>(*elements);
  };
  for (const Tensor& t : outputs)
    if (t.defined()) visit(t.op());
  return total;
}

double CountWorkloadBytes(const std::vector<Tensor>& args,
                          const std::map<std::string, int64_t>& vars) {
  double bytes = 0;
  for (const Tensor& t : args) {
    if (!t.defined()) continue;
    auto n = Product(t->shape, vars);
    if (n) bytes += static_cast<double>(*n) * t->dtype.bytes();
  }
  return bytes;
}

}  // namespace tessera::te
