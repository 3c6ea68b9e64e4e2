// The rewrite simplifier's traversal and shared helpers; the rules for each node kind
// live in RewriteSimplify_<Kind>.cpp.
#include "arith/AnalyzerImpl.h"
#include "arith/MapChildren.h"
#include "arith/Pattern.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {
// Re-simplifying a rule's result may fire further rules; this bounds the chain.
constexpr int kMaxRevisitDepth = 5;
}  // namespace

Expr RewriteSimplifier::Simplify(const Expr& e) { return Visit(e); }

Expr RewriteSimplifier::Visit(const Expr& e) {
  if (!e.defined() || depth_ >= kMaxAnalyzerDepth) return e;
  ++depth_;
  Expr r = Dispatch(e);
  --depth_;
  return r;
}

Expr RewriteSimplifier::Revisit(const Expr& e) {
  if (revisit_depth_ >= kMaxRevisitDepth) return e;
  ++revisit_depth_;
  Expr r = Visit(e);
  --revisit_depth_;
  return r;
}

bool RewriteSimplifier::IsIndex(const Expr& e) {
  return e.defined() && e.dtype().is_int() && e.dtype().is_scalar();
}

ConstIntBound RewriteSimplifier::Bound(const Expr& e) { return parent_->const_int_bound.Bound(e); }

bool RewriteSimplifier::ProveLessEqual(const Expr& a, const Expr& b) {
  LinearSum d = parent_->canonical.ToSum(MakeBinary(ExprKind::Sub, a, b));
  if (d.overflow) return false;
  if (d.is_const()) return d.base <= 0;
  if (Bound(SumToExpr(d)).max_value <= 0) return true;
  auto proven = parent_->DecideByFacts(LinearFact{d, false});
  return proven && *proven;
}

Expr RewriteSimplifier::ConstFromBound(const Expr& e) {
  if (!IsIndex(e)) return Expr();
  ConstIntBound b = Bound(e);
  if (b.min_value != b.max_value || b.min_value == ConstIntBound::kPosInf ||
      b.min_value == ConstIntBound::kNegInf)
    return Expr();
  return make_const(e.dtype(), b.min_value);
}

namespace {

// The value of a float constant, or of every lane of a broadcast one.
std::optional<double> UniformFloat(const Expr& e) {
  if (auto* f = e.as<FloatImmNode>()) return f->value;
  if (auto* b = e.as<BroadcastNode>())
    if (auto* f = b->value.as<FloatImmNode>()) return f->value;
  return std::nullopt;
}

}  // namespace

// TVM's constant folding of float operands (arith/const_fold.h): x*0 -> 0, x*1 -> x,
// x + 0 -> x, x - 0 -> x, also on broadcast lanes. The padding of a convolution after
// LoopPartition is why: if_then_else(outside, ..., 0f) decided to 0f leaves
// `acc = acc + x8(0f)*w`, a multiply-add per padded tap (2-4 % of a 3x3 layer's work)
// that LLVM must keep (0*w is NaN for an infinite w); folded, the store is acc = acc and
// RemoveNoOp drops it, as TVM's pipeline does. Undefined when no rule applies.
Expr RewriteSimplifier::FloatIdentity(ExprKind kind, const Expr& a, const Expr& b) {
  if (!a.dtype().is_float() || a.dtype() != b.dtype()) return Expr();
  const std::optional<double> fa = UniformFloat(a), fb = UniformFloat(b);
  switch (kind) {
    case ExprKind::Mul:
      if (fa && *fa == 0) return a;
      if (fb && *fb == 0) return b;
      if (fa && *fa == 1) return b;
      if (fb && *fb == 1) return a;
      return Expr();
    case ExprKind::Add:
      if (fa && *fa == 0) return b;
      if (fb && *fb == 0) return a;
      return Expr();
    case ExprKind::Sub:
      if (fb && *fb == 0) return a;
      return Expr();
    default:
      return Expr();
  }
}

Expr RewriteSimplifier::VisitOperands(const BinaryNode* n, const Expr& e, bool* folded) {
  Expr a = Visit(n->a), b = Visit(n->b);
  *folded = false;
  if (is_const(a) && is_const(b) && a.dtype().is_scalar()) {
    Expr f = pattern::FoldBinary(n->kind, a, b);
    if (is_const(f)) {
      *folded = true;
      return f;
    }
  }
  if (Expr identity = FloatIdentity(n->kind, a, b); identity.defined()) {
    *folded = true;
    return identity;
  }
  if (a.same_as(n->a) && b.same_as(n->b)) return e;
  return MakeBinary(n->kind, a, b);
}

Expr RewriteSimplifier::VisitVar(const Expr& e) {
  auto it = parent_->ctx.values.find(Var::from(e));
  if (it != parent_->ctx.values.end()) return it->second;
  if (Expr c = ConstFromBound(e); c.defined()) return c;
  return e;
}

Expr RewriteSimplifier::Dispatch(const Expr& e) {
  switch (e.kind()) {
    case ExprKind::IntImm:
    case ExprKind::FloatImm:
    case ExprKind::StringImm:
      return e;
    case ExprKind::Var:
      return VisitVar(e);
    case ExprKind::Not: {
      auto* n = e.as<NotNode>();
      Expr a = Visit(n->a);
      if (is_const(a)) return logical_not(a);
      Expr rebuilt = a.same_as(n->a) ? e : MakeNot(a);
      return VisitNot(rebuilt.as<NotNode>(), rebuilt);
    }
    case ExprKind::Select: {
      auto* n = e.as<SelectNode>();
      Expr c = Visit(n->condition);
      if (auto* v = AsUniformConstant(c)) return Visit(*v ? n->true_value : n->false_value);
      // Each branch is simplified knowing which way the condition went.
      size_t token = parent_->EnterScoped(c);
      Expr t = Visit(n->true_value);
      parent_->ExitScoped(token);
      token = parent_->EnterScoped(logical_not(c));
      Expr f = Visit(n->false_value);
      parent_->ExitScoped(token);
      Expr rebuilt =
          c.same_as(n->condition) && t.same_as(n->true_value) && f.same_as(n->false_value)
              ? e
              : MakeSelect(c, t, f);
      return VisitSelect(rebuilt.as<SelectNode>(), rebuilt);
    }
    case ExprKind::Cast: {
      auto* n = e.as<CastNode>();
      Expr v = Visit(n->value);
      Expr rebuilt = v.same_as(n->value) ? e : MakeCast(n->dtype, v);
      return VisitCast(rebuilt.as<CastNode>(), rebuilt);
    }
    case ExprKind::Call: {
      auto* n = e.as<CallNode>();
      if (n->op == "if_then_else" && n->args.size() == 3) return VisitIfThenElse(n, e);
      return MapChildren(e, [this](const Expr& c) { return Visit(c); });
    }
    case ExprKind::Ramp:
      return VisitRamp(e.as<RampNode>(), e);
    case ExprKind::Broadcast:
      return VisitBroadcast(e.as<BroadcastNode>(), e);
    default:
      break;
  }
  auto* n = e.as<BinaryNode>();
  if (!n) return MapChildren(e, [this](const Expr& c) { return Visit(c); });
  bool folded = false;
  Expr rebuilt = VisitOperands(n, e, &folded);
  if (folded) return rebuilt;
  auto* m = rebuilt.as<BinaryNode>();
  if (IsVectorArith(rebuilt)) return VisitVectorBinary(m, rebuilt);
  switch (m->kind) {
    case ExprKind::Add:
      return VisitAdd(m, rebuilt);
    case ExprKind::Sub:
      return VisitSub(m, rebuilt);
    case ExprKind::Mul:
      return VisitMul(m, rebuilt);
    case ExprKind::Div:
      return VisitDiv(m, rebuilt);
    case ExprKind::FloorDiv:
      return VisitFloorDiv(m, rebuilt);
    case ExprKind::Mod:
      return VisitMod(m, rebuilt);
    case ExprKind::FloorMod:
      return VisitFloorMod(m, rebuilt);
    case ExprKind::Min:
      return VisitMin(m, rebuilt);
    case ExprKind::Max:
      return VisitMax(m, rebuilt);
    case ExprKind::And:
      return VisitAnd(m, rebuilt);
    case ExprKind::Or:
      return VisitOr(m, rebuilt);
    default:
      return VisitCompare(m, rebuilt);
  }
}

}  // namespace tessera::arith
