#include "script/Assumptions.h"

#include <map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/IterVar.h"

namespace tessera::script {

namespace {

using ir::Expr;
using ir::ExprKind;

struct VarBounds {
  ir::Var var;
  Expr begin;  // inclusive lower bound
  Expr end;    // exclusive upper bound
  Expr value;  // v == value
};

// Records what one comparison says about a variable on either side of it.
void Collect(const ir::BinaryNode* cmp, ExprKind kind, std::map<const void*, VarBounds>& bounds) {
  auto record = [&](const Expr& v, ExprKind k, const Expr& other) {
    auto* var = v.as<ir::VarNode>();
    if (!var || ir::UsesVar(other, [&](const ir::VarNode* u) { return u == var; })) return;
    VarBounds& b = bounds[var];
    b.var = ir::Var::from(v);
    switch (k) {
      case ExprKind::GE:
        b.begin = other;
        break;  // v >= other
      case ExprKind::GT:
        b.begin = ir::add(other, 1);
        break;  // v > other
      case ExprKind::LT:
        b.end = other;
        break;  // v < other
      case ExprKind::LE:
        b.end = ir::add(other, 1);
        break;  // v <= other
      case ExprKind::EQ:
        b.value = other;
        break;
      default:
        break;
    }
  };
  auto mirror = [](ExprKind k) {
    switch (k) {
      case ExprKind::LT:
        return ExprKind::GT;
      case ExprKind::LE:
        return ExprKind::GE;
      case ExprKind::GT:
        return ExprKind::LT;
      case ExprKind::GE:
        return ExprKind::LE;
      default:
        return k;
    }
  };
  record(cmp->a, kind, cmp->b);
  record(cmp->b, mirror(kind), cmp->a);
}

}  // namespace

std::vector<Expr> SplitConjunction(const Expr& cond) {
  std::vector<Expr> out;
  std::vector<Expr> stack{cond};
  while (!stack.empty()) {
    Expr e = stack.back();
    stack.pop_back();
    if (e.kind() == ExprKind::And) {
      auto* n = e.as<ir::BinaryNode>();
      stack.push_back(n->b);
      stack.push_back(n->a);
    } else {
      out.push_back(e);
    }
  }
  return out;
}

void AddAssumptions(arith::Analyzer& analyzer, const std::vector<Expr>& conditions) {
  std::map<const void*, VarBounds> bounds;
  std::vector<Expr> conjuncts;
  for (const Expr& c : conditions)
    for (const Expr& part : SplitConjunction(c)) {
      conjuncts.push_back(part);
      if (ir::is_comparison(part.kind())) Collect(part.as<ir::BinaryNode>(), part.kind(), bounds);
    }
  for (auto& [node, b] : bounds) {
    if (b.value.defined()) {
      analyzer.Bind(b.var, b.value);
    } else if (b.begin.defined() && b.end.defined()) {
      analyzer.Bind(b.var, ir::Range::FromBeginEnd(b.begin, b.end));
    }
  }
  for (const Expr& part : conjuncts) analyzer.AddAssumption(part);
}

}  // namespace tessera::script
