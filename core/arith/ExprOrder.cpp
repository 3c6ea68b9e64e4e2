#include "arith/ExprOrder.h"

#include <string>
#include <vector>

namespace tessera::arith {

using namespace ir;

namespace {

template <typename T>
int Cmp3(const T& a, const T& b) {
  if (a < b) return -1;
  if (b < a) return 1;
  return 0;
}

int CompareType(DataType a, DataType b) {
  if (int c = Cmp3(static_cast<int>(a.code()), static_cast<int>(b.code()))) return c;
  if (int c = Cmp3(a.bits(), b.bits())) return c;
  return Cmp3(a.lanes(), b.lanes());
}

int Compare(const Expr& a, const Expr& b, int depth);

int CompareArrays(const std::vector<Expr>& a, const std::vector<Expr>& b, int depth) {
  if (int c = Cmp3(a.size(), b.size())) return c;
  for (size_t i = 0; i < a.size(); ++i) {
    if (int c = Compare(a[i], b[i], depth)) return c;
  }
  return 0;
}

// Compares the fields of two nodes of the same kind and type.
int CompareFields(const Expr& a, const Expr& b, int depth) {
  switch (a.kind()) {
    case ExprKind::IntImm:
      return Cmp3(a.as<IntImmNode>()->value, b.as<IntImmNode>()->value);
    case ExprKind::FloatImm:
      return Cmp3(a.as<FloatImmNode>()->value, b.as<FloatImmNode>()->value);
    case ExprKind::StringImm:
      return Cmp3(a.as<StringImmNode>()->value, b.as<StringImmNode>()->value);
    case ExprKind::Var: {
      if (int c = Cmp3(a.as<VarNode>()->name, b.as<VarNode>()->name)) return c;
      return Cmp3(a.get(), b.get());
    }
    case ExprKind::Not:
      return Compare(a.as<NotNode>()->a, b.as<NotNode>()->a, depth);
    case ExprKind::Select: {
      auto *x = a.as<SelectNode>(), *y = b.as<SelectNode>();
      if (int c = Compare(x->condition, y->condition, depth)) return c;
      if (int c = Compare(x->true_value, y->true_value, depth)) return c;
      return Compare(x->false_value, y->false_value, depth);
    }
    case ExprKind::Cast:
      return Compare(a.as<CastNode>()->value, b.as<CastNode>()->value, depth);
    case ExprKind::Call: {
      auto *x = a.as<CallNode>(), *y = b.as<CallNode>();
      if (int c = Cmp3(x->op, y->op)) return c;
      return CompareArrays(x->args, y->args, depth);
    }
    case ExprKind::BufferLoad: {
      auto *x = a.as<BufferLoadNode>(), *y = b.as<BufferLoadNode>();
      if (int c = Cmp3(x->buffer.get(), y->buffer.get())) return c;
      return CompareArrays(x->indices, y->indices, depth);
    }
    case ExprKind::ProducerLoad: {
      auto *x = a.as<ProducerLoadNode>(), *y = b.as<ProducerLoadNode>();
      if (int c = Cmp3(x->producer.get(), y->producer.get())) return c;
      return CompareArrays(x->indices, y->indices, depth);
    }
    case ExprKind::Ramp: {
      auto *x = a.as<RampNode>(), *y = b.as<RampNode>();
      if (int c = Compare(x->base, y->base, depth)) return c;
      if (int c = Compare(x->stride, y->stride, depth)) return c;
      return Cmp3(x->lanes, y->lanes);
    }
    case ExprKind::Broadcast: {
      auto *x = a.as<BroadcastNode>(), *y = b.as<BroadcastNode>();
      if (int c = Compare(x->value, y->value, depth)) return c;
      return Cmp3(x->lanes, y->lanes);
    }
    case ExprKind::Let: {
      auto *x = a.as<LetNode>(), *y = b.as<LetNode>();
      if (int c = Compare(x->var, y->var, depth)) return c;
      if (int c = Compare(x->value, y->value, depth)) return c;
      return Compare(x->body, y->body, depth);
    }
    case ExprKind::Reduce: {
      auto *x = a.as<ReduceNode>(), *y = b.as<ReduceNode>();
      if (int c = Cmp3(x->combiner.get(), y->combiner.get())) return c;
      if (int c = Cmp3(x->value_index, y->value_index)) return c;
      if (int c = Cmp3(x->axis.size(), y->axis.size())) return c;
      for (size_t i = 0; i < x->axis.size(); ++i) {
        if (int c = Cmp3(x->axis[i].get(), y->axis[i].get())) return c;
      }
      if (int c = CompareArrays(x->source, y->source, depth)) return c;
      return Compare(x->condition, y->condition, depth);
    }
    default: {
      auto *x = a.as<BinaryNode>(), *y = b.as<BinaryNode>();
      if (int c = Compare(x->a, y->a, depth)) return c;
      return Compare(x->b, y->b, depth);
    }
  }
}

int Compare(const Expr& a, const Expr& b, int depth) {
  if (a.same_as(b)) return 0;
  if (!a.defined() || !b.defined()) return a.defined() ? 1 : -1;
  if (int c = Cmp3(static_cast<int>(a.kind()), static_cast<int>(b.kind()))) return c;
  if (int c = CompareType(a.dtype(), b.dtype())) return c;
  if (depth > kMaxCompareDepth) return Cmp3(a.get(), b.get());
  return CompareFields(a, b, depth + 1);
}

}  // namespace

int CompareExpr(const Expr& a, const Expr& b) { return Compare(a, b, 0); }
bool ExprDeepEqual(const Expr& a, const Expr& b) { return Compare(a, b, 0) == 0; }

}  // namespace tessera::arith
