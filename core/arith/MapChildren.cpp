#include "arith/MapChildren.h"

#include <vector>

#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

using Fn = std::function<Expr(const Expr&)>;

bool MapArray(const std::vector<Expr>& in, std::vector<Expr>* out, const Fn& f) {
  bool changed = false;
  out->reserve(in.size());
  for (const Expr& e : in) {
    out->push_back(f(e));
    changed |= !out->back().same_as(e);
  }
  return changed;
}

Expr MapBinary(const BinaryNode* n, const Expr& e, const Fn& f) {
  Expr a = f(n->a), b = f(n->b);
  if (a.same_as(n->a) && b.same_as(n->b)) return e;
  return MakeBinary(n->kind, a, b);
}

Expr MapSelect(const SelectNode* n, const Expr& e, const Fn& f) {
  Expr c = f(n->condition), t = f(n->true_value), fv = f(n->false_value);
  if (c.same_as(n->condition) && t.same_as(n->true_value) && fv.same_as(n->false_value)) return e;
  return MakeSelect(c, t, fv);
}

Expr MapLet(const LetNode* n, const Expr& e, const Fn& f) {
  Expr v = f(n->value), b = f(n->body);
  if (v.same_as(n->value) && b.same_as(n->body)) return e;
  return MakeLet(Var::from(n->var), v, b);
}

Expr MapReduce(const ReduceNode* n, const Expr& e, const Fn& f) {
  std::vector<Expr> src;
  bool changed = MapArray(n->source, &src, f);
  Expr cond = n->condition.defined() ? f(n->condition) : n->condition;
  changed |= !cond.same_as(n->condition);
  if (!changed) return e;
  return MakeReduce(n->combiner, std::move(src), n->axis, cond, n->value_index);
}

}  // namespace

Expr MapChildren(const Expr& e, const Fn& f) {
  if (!e.defined()) return e;
  if (auto* n = e.as<BinaryNode>()) return MapBinary(n, e, f);
  switch (e.kind()) {
    case ExprKind::Not: {
      auto* n = e.as<NotNode>();
      Expr a = f(n->a);
      return a.same_as(n->a) ? e : MakeNot(a);
    }
    case ExprKind::Select:
      return MapSelect(e.as<SelectNode>(), e, f);
    case ExprKind::Cast: {
      auto* n = e.as<CastNode>();
      Expr v = f(n->value);
      return v.same_as(n->value) ? e : MakeCast(n->dtype, v);
    }
    case ExprKind::Call: {
      auto* n = e.as<CallNode>();
      std::vector<Expr> args;
      if (!MapArray(n->args, &args, f)) return e;
      return MakeCall(n->dtype, n->op, std::move(args), n->call_kind);
    }
    case ExprKind::BufferLoad: {
      auto* n = e.as<BufferLoadNode>();
      std::vector<Expr> idx;
      if (!MapArray(n->indices, &idx, f)) return e;
      return MakeBufferLoad(n->buffer, std::move(idx));
    }
    case ExprKind::ProducerLoad: {
      auto* n = e.as<ProducerLoadNode>();
      std::vector<Expr> idx;
      if (!MapArray(n->indices, &idx, f)) return e;
      return MakeProducerLoad(n->producer, std::move(idx));
    }
    case ExprKind::Ramp: {
      auto* n = e.as<RampNode>();
      Expr b = f(n->base), s = f(n->stride);
      if (b.same_as(n->base) && s.same_as(n->stride)) return e;
      return MakeRamp(b, s, n->lanes);
    }
    case ExprKind::Broadcast: {
      auto* n = e.as<BroadcastNode>();
      Expr v = f(n->value);
      return v.same_as(n->value) ? e : MakeBroadcast(v, n->lanes);
    }
    case ExprKind::Let:
      return MapLet(e.as<LetNode>(), e, f);
    case ExprKind::Reduce:
      return MapReduce(e.as<ReduceNode>(), e, f);
    default:
      return e;
  }
}

namespace {

void CountNodes(const Expr& e, int* count, int budget) {
  if (!e.defined() || ++*count > budget) return;
  if (auto* n = e.as<BinaryNode>()) {
    CountNodes(n->a, count, budget);
    CountNodes(n->b, count, budget);
    return;
  }
  MapChildren(e, [&](const Expr& c) {
    CountNodes(c, count, budget);
    return c;
  });
}

}  // namespace

int TreeSize(const Expr& e, int budget) {
  int count = 0;
  CountNodes(e, &count, budget);
  return count;
}

}  // namespace tessera::arith
