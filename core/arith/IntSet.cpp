#include "arith/IntSet.h"

#include <functional>
#include <memory>
#include <optional>

#include "arith/Analyzer.h"
#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/MapChildren.h"
#include "ir/BitIntrinsics.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"

namespace tessera::arith {

using namespace ir;

// ---------------------------------------------------------------- infinities
const Expr& pos_inf() {
  static const Expr v = Var("pos_inf", DataType::Int(64));
  return v;
}
const Expr& neg_inf() {
  static const Expr v = Var("neg_inf", DataType::Int(64));
  return v;
}
bool is_pos_inf(const Expr& e) { return e.same_as(pos_inf()); }
bool is_neg_inf(const Expr& e) { return e.same_as(neg_inf()); }

namespace {
bool IsInf(const Expr& e) { return is_pos_inf(e) || is_neg_inf(e); }
}  // namespace

// ---------------------------------------------------------------- IntSet
IntSet IntSet::Interval(Expr min, Expr max) {
  IntSet s;
  s.min_ = std::move(min);
  s.max_ = std::move(max);
  return s;
}
IntSet IntSet::SinglePoint(Expr point) { return Interval(point, point); }
IntSet IntSet::FromMinExtent(Expr min, Expr extent) {
  if (is_one(extent)) return SinglePoint(min);
  return Interval(min, sub(add(min, extent), make_const(extent.dtype(), int64_t{1})));
}
IntSet IntSet::FromRange(const Range& r) { return FromMinExtent(r.min, r.extent); }
IntSet IntSet::Everything() { return Interval(neg_inf(), pos_inf()); }
IntSet IntSet::Nothing() { return IntSet(); }

bool IntSet::is_empty() const {
  if (is_pos_inf(min_) || is_neg_inf(max_)) return true;
  const int64_t* lo = as_const_int(min_);
  const int64_t* hi = as_const_int(max_);
  return lo && hi && *lo > *hi;
}
bool IntSet::is_everything() const { return is_neg_inf(min_) && is_pos_inf(max_); }
bool IntSet::is_single_point() const {
  if (IsInf(min_) || IsInf(max_)) return false;
  return min_.same_as(max_) || CompareExpr(min_, max_) == 0;
}

Range IntSet::CoverRange(const Range& max_range) const {
  Analyzer analyzer;
  Expr lo = has_lower_bound() ? min_ : max_range.min;
  if (is_single_point()) return Range(lo, make_const(lo.dtype(), int64_t{1}));
  Expr hi = has_upper_bound() ? max_
                              : sub(add(max_range.min, max_range.extent),
                                    make_const(max_range.extent.dtype(), int64_t{1}));
  return Range(lo, analyzer.Simplify(add(sub(hi, lo), make_const(hi.dtype(), int64_t{1}))));
}

std::string IntSet::str() const {
  if (is_pos_inf(min_) && is_neg_inf(max_)) return "{}";
  auto end = [](const Expr& e) {
    if (is_pos_inf(e)) return std::string("+inf");
    if (is_neg_inf(e)) return std::string("-inf");
    return to_string(e);
  };
  return "[" + end(min_) + ", " + end(max_) + "]";
}

// ---------------------------------------------------------------- EvalSet
namespace {

// As TVM's IntervalSetEvaluator: a call (a math or bit builtin, if_then_else), a float
// immediate, a tensor read or a reduction has no interval rule, even at a point, so an
// index that computes through one covers the whole buffer. (A load is ruled on apart.)
bool LacksIntervalRule(const Expr& e) {
  switch (e.kind()) {
    case ExprKind::Call:
    case ExprKind::FloatImm:
    case ExprKind::StringImm:
    case ExprKind::ProducerLoad:
    case ExprKind::Reduce:
      return true;
    default:
      return false;
  }
}

// Interval arithmetic over IntSets with symbolic ends. Ends are simplified with the
// analyzer as they are built, and infinities are handled before any expression is made,
// so pos_inf/neg_inf never end up inside an expression.
class IntSetEvaluator {
 public:
  IntSetEvaluator(IntSetMap dom, Analyzer* analyzer, bool bound_bit_ops = false)
      : dom_(std::move(dom)), an_(analyzer), bound_bit_ops_(bound_bit_ops) {}

  IntSet Eval(const Expr& e) {
    if (!e.defined()) return IntSet::Everything();
    if (depth_ >= kMaxAnalyzerDepth) return IntSet::Everything();
    ++depth_;
    IntSet r = EvalNode(e);
    --depth_;
    return r;
  }

 private:
  IntSetMap dom_;
  Analyzer* an_;
  bool bound_bit_ops_;
  int depth_ = 0;
  size_t var_depth_ = 0;

  Expr S(const Expr& e) { return IsInf(e) ? e : an_->Simplify(e); }
  bool NamesMappedVar(const Expr& e) const {
    bool found = false;
    ir::PostOrderVisit(e, [&](const Expr& x) {
      if (x.as<VarNode>() && dom_.count(Var::from(x))) found = true;
    });
    return found;
  }
  IntSet Make(const Expr& lo, const Expr& hi) { return IntSet::Interval(S(lo), S(hi)); }
  bool ProveGE0(const Expr& e) { return !IsInf(e) && an_->CanProveGreaterEqual(e, 0); }
  bool ProveLE0(const Expr& e) { return !IsInf(e) && an_->CanProve(le(e, make_zero(e.dtype()))); }

  // a + b of two lower ends (-inf wins) or two upper ends (+inf wins).
  static Expr AddEnd(const Expr& a, const Expr& b, bool lower) {
    const Expr& first = lower ? neg_inf() : pos_inf();
    const Expr& second = lower ? pos_inf() : neg_inf();
    if (a.same_as(first) || b.same_as(first)) return first;
    if (a.same_as(second) || b.same_as(second)) return second;
    return add(a, b);
  }
  static Expr Negate(const Expr& e) {
    if (is_pos_inf(e)) return neg_inf();
    if (is_neg_inf(e)) return pos_inf();
    return sub(make_zero(e.dtype()), e);
  }
  // e * p for an end and a point p whose sign is known (positive: keep infinities).
  static Expr ScaleEnd(const Expr& e, const Expr& p, bool p_negative) {
    if (IsInf(e)) return p_negative ? Negate(e) : e;
    return mul(e, p);
  }
  static Expr DivEnd(ExprKind kind, const Expr& e, const Expr& p, bool p_negative) {
    if (IsInf(e)) return p_negative ? Negate(e) : e;
    return MakeBinary(kind, e, p);
  }
  static Expr MinMaxEnd(ExprKind kind, const Expr& a, const Expr& b) {
    bool is_min = kind == ExprKind::Min;
    // The infinity that absorbs (min with -inf) or vanishes (min with +inf).
    const Expr& absorbing = is_min ? neg_inf() : pos_inf();
    if (a.same_as(absorbing) || b.same_as(absorbing)) return absorbing;
    if (IsInf(a)) return b;
    if (IsInf(b)) return a;
    return is_min ? ir::min(a, b) : ir::max(a, b);
  }

  IntSet EvalNode(const Expr& e) {
    if (e.as<IntImmNode>()) return IntSet::SinglePoint(e);
    if (e.as<VarNode>()) return EvalVar(e);
    if (auto* n = e.as<BinaryNode>()) {
      if (n->kind == ExprKind::Add || n->kind == ExprKind::Sub || n->kind == ExprKind::Mul ||
          n->kind == ExprKind::Div || n->kind == ExprKind::FloorDiv || n->kind == ExprKind::Mod ||
          n->kind == ExprKind::FloorMod || n->kind == ExprKind::Min || n->kind == ExprKind::Max)
        return EvalArith(n, e);
    }
    if (auto* s = e.as<SelectNode>()) return EvalSelect(s, e);
    if (auto* l = e.as<LetNode>()) return EvalLet(l);
    if (auto* r = e.as<RampNode>()) return EvalRamp(r, e);
    if (auto* b = e.as<BroadcastNode>()) return Eval(b->value);
    if (auto* c = e.as<CastNode>()) return EvalCast(c);
    if (auto* l = e.as<BufferLoadNode>()) return EvalBufferLoad(l, e);
    if (auto* c = e.as<CallNode>(); c && bound_bit_ops_) return EvalBitCall(c, e);
    if (LacksIntervalRule(e)) return IntSet::Everything();
    return EvalPointwise(e);
  }

  // TE InferBound's rules for the bit builtins (EvalSetBoundingBitOps): `x >> c` (a
  // constant count) is floordiv by 2^c, `x << c` is x * 2^c, `x & c` for a constant c >= 0
  // lies in [0, c]; exact on points. Any other call has no rule.
  IntSet EvalBitCall(const CallNode* n, const Expr& e) {
    auto bit = ir::LookupBitOp(n->op);
    if (!bit || bit->arity != 2 || n->args.size() != 2 || !e.dtype().is_integer() ||
        e.dtype().lanes() != 1)
      return IntSet::Everything();
    IntSet a = Eval(n->args[0]), b = Eval(n->args[1]);
    if (a.is_empty() || b.is_empty()) return IntSet::Nothing();
    if (a.is_single_point() && b.is_single_point())
      return IntSet::SinglePoint(
          S(MakeCall(e.dtype(), n->op, {a.point_value(), b.point_value()}, n->call_kind)));
    auto constant = [](const IntSet& set) -> std::optional<int64_t> {
      if (!set.is_single_point()) return std::nullopt;
      Expr p = set.point_value();
      if (const int64_t* v = as_const_int(p)) return *v;
      return std::nullopt;
    };
    std::optional<int64_t> c = constant(b);
    bool count_ok = c && *c >= 0 && *c < e.dtype().bits() && *c < 62;
    if (count_ok && bit->op == ir::BitOp::ShiftRight)
      return EvalDiv(ExprKind::FloorDiv, a,
                     IntSet::SinglePoint(make_const(e.dtype(), int64_t{1} << *c)));
    if (count_ok && bit->op == ir::BitOp::ShiftLeft)
      return EvalMul(a, IntSet::SinglePoint(make_const(e.dtype(), int64_t{1} << *c)));
    if (bit->op == ir::BitOp::And) {
      for (const IntSet* side : {&a, &b}) {
        std::optional<int64_t> mask = constant(*side);
        if (mask && *mask >= 0) return IntSet::Interval(make_zero(e.dtype()), side->point_value());
      }
    }
    return IntSet::Everything();
  }

  // TVM's rule for a cast: a point stays a point, an interval casts its ends.
  IntSet EvalCast(const CastNode* n) {
    IntSet value = Eval(n->value);
    if (value.is_empty()) return value;
    if (value.is_single_point())
      return IntSet::SinglePoint(S(ir::cast(n->dtype, value.point_value())));
    Expr lo = value.has_lower_bound() ? S(ir::cast(n->dtype, value.min())) : neg_inf();
    Expr hi = value.has_upper_bound() ? S(ir::cast(n->dtype, value.max())) : pos_inf();
    return IntSet::Interval(lo, hi);
  }

  // An integer load whose indices name no relaxed variable is the load itself; any other
  // load knows nothing of the buffer's data.
  IntSet EvalBufferLoad(const BufferLoadNode* n, const Expr& e) {
    if (!e.dtype().is_integer()) return IntSet::Everything();
    for (const Expr& index : n->indices)
      if (NamesMappedVar(index)) return IntSet::Everything();
    return IntSet::SinglePoint(e);
  }

  // A variable's set may itself name variables of the map: a loop attached inside another
  // stage has a range in terms of that stage's loops ([fused*2, fused*2 + 1]); when both
  // are relaxed the result must not mention `fused`. Its ends are evaluated again, as
  // TVM's IntervalSetEvaluator does, at most as deep as the map has variables (a
  // variable whose set names itself stands for itself there).
  IntSet EvalVar(const Expr& e) {
    auto it = dom_.find(Var::from(e));
    if (it == dom_.end()) return IntSet::SinglePoint(e);
    const IntSet& set = it->second;
    if (set.is_empty()) return set;
    // Deeper than the map has variables: a cycle (x in [x, x + 1]); x stands for itself.
    if (var_depth_ >= dom_.size()) return IntSet::SinglePoint(e);
    auto names_mapped_var = [this](const Expr& end) { return !IsInf(end) && NamesMappedVar(end); };
    if (!names_mapped_var(set.min()) && !names_mapped_var(set.max())) return set;
    ++var_depth_;
    Expr lo = IsInf(set.min()) ? set.min() : Eval(set.min()).min();
    Expr hi = IsInf(set.max()) ? set.max() : Eval(set.max()).max();
    --var_depth_;
    return IntSet::Interval(lo, hi);
  }

  IntSet EvalArith(const BinaryNode* n, const Expr& e) {
    IntSet a = Eval(n->a), b = Eval(n->b);
    if (a.is_empty() || b.is_empty()) return IntSet::Nothing();
    if (a.is_single_point() && b.is_single_point()) {
      return IntSet::SinglePoint(S(MakeBinary(n->kind, a.point_value(), b.point_value())));
    }
    switch (n->kind) {
      case ExprKind::Add:
        return Make(AddEnd(a.min(), b.min(), true), AddEnd(a.max(), b.max(), false));
      case ExprKind::Sub:
        return Make(AddEnd(a.min(), Negate(b.max()), true),
                    AddEnd(a.max(), Negate(b.min()), false));
      case ExprKind::Mul:
        return EvalMul(a, b);
      case ExprKind::Div:
      case ExprKind::FloorDiv:
        return EvalDiv(n->kind, a, b);
      case ExprKind::Mod:
      case ExprKind::FloorMod:
        return EvalMod(n->kind, a, b);
      default:
        return Make(MinMaxEnd(n->kind, a.min(), b.min()), MinMaxEnd(n->kind, a.max(), b.max()));
    }
  }

  IntSet EvalMul(IntSet a, IntSet b) {
    if (a.is_single_point()) std::swap(a, b);
    if (b.is_single_point()) {
      const Expr& p = b.point_value();
      if (is_zero(p)) return IntSet::SinglePoint(p);
      if (ProveGE0(p)) return Make(ScaleEnd(a.min(), p, false), ScaleEnd(a.max(), p, false));
      if (ProveLE0(p)) return Make(ScaleEnd(a.max(), p, true), ScaleEnd(a.min(), p, true));
      return IntSet::Everything();
    }
    const int64_t *a0 = as_const_int(a.min()), *a1 = as_const_int(a.max());
    const int64_t *b0 = as_const_int(b.min()), *b1 = as_const_int(b.max());
    if (a0 && a1 && b0 && b1) {
      int64_t c[] = {*a0 * *b0, *a0 * *b1, *a1 * *b0, *a1 * *b1};
      DataType t = a.min().dtype();
      return IntSet::Interval(make_const(t, *std::min_element(c, c + 4)),
                              make_const(t, *std::max_element(c, c + 4)));
    }
    // Two non-negative intervals: the product is monotone in both.
    if (ProveGE0(a.min()) && ProveGE0(b.min()) && !IsInf(a.max()) && !IsInf(b.max()))
      return Make(mul(a.min(), b.min()), mul(a.max(), b.max()));
    return IntSet::Everything();
  }

  // Division by a point p is monotone in the dividend when p > 0 (decreasing when p < 0).
  // A non-negative symbolic divisor (a size var) counts as positive: division by zero is
  // undefined anyway (bound-info RFC).
  IntSet EvalDiv(ExprKind kind, const IntSet& a, const IntSet& b) {
    if (!b.is_single_point()) return IntSet::Everything();
    const Expr& p = b.point_value();
    if (is_zero(p)) return IntSet::Everything();
    if (ProveGE0(p)) return Make(DivEnd(kind, a.min(), p, false), DivEnd(kind, a.max(), p, false));
    if (ProveLE0(p)) return Make(DivEnd(kind, a.max(), p, true), DivEnd(kind, a.min(), p, true));
    return IntSet::Everything();
  }

  IntSet EvalMod(ExprKind kind, const IntSet& a, const IntSet& b) {
    Expr limit;  // the largest divisor
    if (b.is_single_point() && ProveGE0(b.point_value()) && !is_zero(b.point_value())) {
      limit = b.point_value();
    } else if (!IsInf(b.max()) && ProveGE0(b.min()) && !is_zero(b.min())) {
      limit = b.max();
    } else {
      return IntSet::Everything();
    }
    Expr one = make_const(limit.dtype(), int64_t{1});
    bool nonneg = ProveGE0(a.min());
    if (kind == ExprKind::FloorMod || nonneg) {
      // At most one point ([x, min(x, c)]: a point clipped to a range, empty past it):
      // the modulo of that point covers it.
      if (b.is_single_point() && !IsInf(a.min()) && !IsInf(a.max()) &&
          an_->CanProve(le(a.max(), a.min()))) {
        Expr m = MakeBinary(kind, a.min(), limit);
        return Make(m, m);
      }
      // All of `a` in one block [k*p, k*p + p): the modulo is a shifted copy of `a`.
      if (b.is_single_point() && !IsInf(a.min()) && !IsInf(a.max()) &&
          an_->CanProveEqual(floordiv(a.min(), limit), floordiv(a.max(), limit))) {
        return Make(MakeBinary(kind, a.min(), limit), MakeBinary(kind, a.max(), limit));
      }
      return Make(make_zero(limit.dtype()), sub(limit, one));
    }
    return Make(sub(one, limit), sub(limit, one));
  }

  IntSet EvalSelect(const SelectNode* s, const Expr& e) {
    if (an_->CanProve(s->condition)) return Eval(s->true_value);
    if (an_->CanProve(logical_not(s->condition))) return Eval(s->false_value);
    IntSet t = Eval(s->true_value), f = Eval(s->false_value);
    if (t.is_single_point() && f.is_single_point()) {
      IntSet c = Eval(s->condition);
      if (c.is_single_point())
        return IntSet::SinglePoint(
            S(MakeSelect(c.point_value(), t.point_value(), f.point_value())));
    }
    return Union({t, f}, an_);
  }

  IntSet EvalLet(const LetNode* l) {
    Var v = Var::from(l->var);
    IntSet value = Eval(l->value);
    auto saved = dom_.find(v) != dom_.end() ? std::optional<IntSet>(dom_[v]) : std::nullopt;
    dom_[v] = value;
    IntSet body = Eval(l->body);
    if (saved)
      dom_[v] = *saved;
    else
      dom_.erase(v);
    return body;
  }

  IntSet EvalRamp(const RampNode* r, const Expr& e) {
    IntSet base = Eval(r->base);
    const int64_t* stride = as_const_int(r->stride);
    if (!stride) return EvalPointwise(e);
    int64_t span = *stride * (r->lanes - 1);
    Expr lo = make_const(r->base.dtype(), std::min<int64_t>(0, span));
    Expr hi = make_const(r->base.dtype(), std::max<int64_t>(0, span));
    return Make(AddEnd(base.min(), lo, true), AddEnd(base.max(), hi, false));
  }

  // Nodes without interval rules: exact when every child is a single point (the node
  // with the points substituted); otherwise [0, 1] for booleans and everything else.
  IntSet EvalPointwise(const Expr& e) {
    bool all_points = true;
    Expr rebuilt = MapChildren(e, [&](const Expr& c) {
      IntSet s = Eval(c);
      if (!s.is_single_point()) {
        all_points = false;
        return c;
      }
      return s.point_value();
    });
    if (all_points) return IntSet::SinglePoint(rebuilt.same_as(e) ? e : S(rebuilt));
    if (e.dtype().is_bool()) return IntSet::Interval(make_bool(false), make_bool(true));
    return IntSet::Everything();
  }
};

// Runs f with `analyzer`, or with a fresh one when none is given.
template <typename F>
auto WithAnalyzer(Analyzer* analyzer, F&& f) {
  if (analyzer) return f(analyzer);
  Analyzer local;
  return f(&local);
}

}  // namespace

bool HasNodeWithoutIntervalRule(const Expr& e) {
  bool found = false;
  ir::PostOrderVisit(e, [&](const Expr& x) {
    if (LacksIntervalRule(x) || (x.kind() == ExprKind::BufferLoad && !x.dtype().is_integer()))
      found = true;
  });
  return found;
}

IntSet EvalSet(const Expr& e, const IntSetMap& dom_map, Analyzer* analyzer) {
  return WithAnalyzer(analyzer, [&](Analyzer* an) {
    IntSetEvaluator ev(dom_map, an);
    return ev.Eval(e);
  });
}

IntSet EvalSetBoundingBitOps(const Expr& e, const IntSetMap& dom_map, Analyzer* analyzer) {
  return WithAnalyzer(analyzer, [&](Analyzer* an) {
    IntSetEvaluator ev(dom_map, an, /*bound_bit_ops=*/true);
    return ev.Eval(e);
  });
}

IntSet EvalSet(const Range& r, const IntSetMap& dom_map, Analyzer* analyzer) {
  if (!r.defined()) return IntSet::Everything();
  return WithAnalyzer(analyzer, [&](Analyzer* an) {
    IntSetEvaluator ev(dom_map, an);
    IntSet lo = ev.Eval(r.min);
    // Simplified first, as TVM does: a region [min(j, 19 - j), max(j, 19 - j) + 1) ends at
    // max(j, 19 - j), tighter than its terms bounded one by one.
    Expr last = an->Simplify(sub(add(r.min, r.extent), make_const(r.extent.dtype(), int64_t{1})));
    IntSet hi = ev.Eval(last);
    if (lo.is_empty() || hi.is_empty()) return IntSet::Nothing();
    return IntSet::Interval(lo.min(), hi.max());
  });
}

IntSet EvalSet(const Expr& e, const std::unordered_map<Var, Range, VarHash, VarEqual>& dom_map,
               Analyzer* analyzer) {
  IntSetMap sets;
  for (const auto& [v, r] : dom_map) sets[v] = IntSet::FromRange(r);
  return EvalSet(e, sets, analyzer);
}

// ---------------------------------------------------------------- union / intersection
namespace {

// The smaller (want_min) or larger of two finite ends: the provable one when the
// analyzer can order them, else min(a, b) / max(a, b) simplified.
Expr PickEnd(const Expr& a, const Expr& b, bool want_min, Analyzer* an) {
  if (CompareExpr(a, b) == 0) return a;
  if (an->CanProve(le(a, b))) return want_min ? a : b;
  if (an->CanProve(le(b, a))) return want_min ? b : a;
  return an->Simplify(want_min ? ir::min(a, b) : ir::max(a, b));
}

}  // namespace

IntSet Union(const std::vector<IntSet>& sets, Analyzer* analyzer) {
  return WithAnalyzer(analyzer, [&](Analyzer* an) {
    Expr lo, hi;
    for (const IntSet& s : sets) {
      if (s.is_empty()) continue;
      if (!lo.defined()) {
        lo = s.min();
        hi = s.max();
        continue;
      }
      lo = is_neg_inf(lo) || is_neg_inf(s.min()) ? neg_inf() : PickEnd(lo, s.min(), true, an);
      hi = is_pos_inf(hi) || is_pos_inf(s.max()) ? pos_inf() : PickEnd(hi, s.max(), false, an);
    }
    return lo.defined() ? IntSet::Interval(lo, hi) : IntSet::Nothing();
  });
}

IntSet Intersect(const std::vector<IntSet>& sets, Analyzer* analyzer) {
  return WithAnalyzer(analyzer, [&](Analyzer* an) {
    Expr lo = neg_inf(), hi = pos_inf();
    for (const IntSet& s : sets) {
      if (s.is_empty()) return IntSet::Nothing();
      if (!is_neg_inf(s.min())) lo = is_neg_inf(lo) ? s.min() : PickEnd(lo, s.min(), false, an);
      if (!is_pos_inf(s.max())) hi = is_pos_inf(hi) ? s.max() : PickEnd(hi, s.max(), true, an);
    }
    IntSet r = IntSet::Interval(lo, hi);
    if (!IsInf(lo) && !IsInf(hi) && an->CanProve(lt(hi, lo))) return IntSet::Nothing();
    return r;
  });
}

}  // namespace tessera::arith
