// A small pattern language for the rewrite rules:
//
//   PVar x, y;  PConst c1, c2;
//   if (TryRewrite(e, (x + c1) + c2, x + (c1 + c2), &r)) ...
//
// PVar matches any expression (a second occurrence must be structurally equal to the
// first), PConst any integer immediate, an integer literal in a pattern only itself.
// Patterns are built with the usual operators plus pmin/pmax/pfloordiv/... and
// evaluated back into expressions with the folding helpers of ir/ExprOp.h, so constant
// parts of a result (c1 + c2) fold. Leaves are held by reference, composite patterns
// by value; a pattern lives for one full expression.
#pragma once

#include <cstdint>
#include <type_traits>

#include "arith/ExprOrder.h"
#include "ir/ExprOp.h"

namespace tessera::arith::pattern {

using ir::Expr;
using ir::ExprKind;

class PVar {
 public:
  PVar() = default;
  PVar(const PVar&) = delete;
  PVar& operator=(const PVar&) = delete;

  bool Match(const Expr& e) const {
    if (bound_) return ExprDeepEqual(value_, e);
    value_ = e;
    bound_ = true;
    return true;
  }
  void Reset() const { bound_ = false; }
  Expr Eval() const { return value_; }
  const Expr& value() const { return value_; }

 private:
  mutable Expr value_;
  mutable bool bound_ = false;
};

class PConst {
 public:
  PConst() = default;
  PConst(const PConst&) = delete;
  PConst& operator=(const PConst&) = delete;

  bool Match(const Expr& e) const {
    auto* imm = e.as<ir::IntImmNode>();
    if (!imm || !e.dtype().is_scalar()) return false;
    if (bound_) return imm->value == value_;
    value_ = imm->value;
    expr_ = e;
    bound_ = true;
    return true;
  }
  void Reset() const { bound_ = false; }
  Expr Eval() const { return expr_; }
  int64_t value() const { return value_; }

 private:
  mutable int64_t value_ = 0;
  mutable Expr expr_;
  mutable bool bound_ = false;
};

// An integer literal written in a rule; evaluates to an int32 immediate that the folding
// helpers retype to the other operand's type.
class PLit {
 public:
  PLit(int64_t v) : value_(v) {}  // NOLINT: implicit so that rules read `x + 0`
  bool Match(const Expr& e) const { return ir::is_const_int(e, value_); }
  void Reset() const {}
  Expr Eval() const { return ir::IntImm(ir::DataType::Int(32), value_); }

 private:
  int64_t value_;
};

template <typename T>
struct IsPattern : std::false_type {};
template <>
struct IsPattern<PVar> : std::true_type {};
template <>
struct IsPattern<PConst> : std::true_type {};
template <>
struct IsPattern<PLit> : std::true_type {};

// Leaves with match state are held by reference; everything else by value.
template <typename T>
struct Hold {
  using type = T;
};
template <>
struct Hold<PVar> {
  using type = const PVar&;
};
template <>
struct Hold<PConst> {
  using type = const PConst&;
};

template <typename T>
using AsPattern = std::conditional_t<std::is_integral_v<T>, PLit, T>;

// Builds `kind(a, b)`, folding constants (and retyping literals) like ir's helpers.
Expr FoldBinary(ExprKind kind, const Expr& a, const Expr& b);

template <ExprKind K, typename A, typename B>
class PBinary {
 public:
  PBinary(const A& a, const B& b) : a_(a), b_(b) {}
  bool Match(const Expr& e) const {
    auto* n = e.as<ir::BinaryNode>();
    return n && n->kind == K && a_.Match(n->a) && b_.Match(n->b);
  }
  void Reset() const {
    a_.Reset();
    b_.Reset();
  }
  Expr Eval() const { return FoldBinary(K, a_.Eval(), b_.Eval()); }

 private:
  typename Hold<A>::type a_;
  typename Hold<B>::type b_;
};
template <ExprKind K, typename A, typename B>
struct IsPattern<PBinary<K, A, B>> : std::true_type {};

template <typename A>
class PNot {
 public:
  explicit PNot(const A& a) : a_(a) {}
  bool Match(const Expr& e) const {
    auto* n = e.as<ir::NotNode>();
    return n && a_.Match(n->a);
  }
  void Reset() const { a_.Reset(); }
  Expr Eval() const { return ir::logical_not(a_.Eval()); }

 private:
  typename Hold<A>::type a_;
};
template <typename A>
struct IsPattern<PNot<A>> : std::true_type {};

template <typename C, typename T, typename F>
class PSelect {
 public:
  PSelect(const C& c, const T& t, const F& f) : c_(c), t_(t), f_(f) {}
  bool Match(const Expr& e) const {
    auto* n = e.as<ir::SelectNode>();
    return n && c_.Match(n->condition) && t_.Match(n->true_value) && f_.Match(n->false_value);
  }
  void Reset() const {
    c_.Reset();
    t_.Reset();
    f_.Reset();
  }
  Expr Eval() const { return ir::select(c_.Eval(), t_.Eval(), f_.Eval()); }

 private:
  typename Hold<C>::type c_;
  typename Hold<T>::type t_;
  typename Hold<F>::type f_;
};
template <typename C, typename T, typename F>
struct IsPattern<PSelect<C, T, F>> : std::true_type {};

template <typename T>
concept Pattern = IsPattern<std::remove_cvref_t<T>>::value;
template <typename T>
concept Operand = Pattern<T> || std::is_integral_v<std::remove_cvref_t<T>>;
template <typename A, typename B>
concept Operands = Operand<A> && Operand<B> &&(Pattern<A> || Pattern<B>);

template <ExprKind K, typename A, typename B>
auto MakePattern(const A& a, const B& b) {
  return PBinary<K, AsPattern<A>, AsPattern<B>>(a, b);
}

template <typename A, typename B>
requires Operands<A, B>
auto operator+(const A& a, const B& b) { return MakePattern<ExprKind::Add>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator-(const A& a, const B& b) { return MakePattern<ExprKind::Sub>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator*(const A& a, const B& b) { return MakePattern<ExprKind::Mul>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator<(const A& a, const B& b) { return MakePattern<ExprKind::LT>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator<=(const A& a, const B& b) { return MakePattern<ExprKind::LE>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator>(const A& a, const B& b) { return MakePattern<ExprKind::GT>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator>=(const A& a, const B& b) { return MakePattern<ExprKind::GE>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator&&(const A& a, const B& b) { return MakePattern<ExprKind::And>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto operator||(const A& a, const B& b) { return MakePattern<ExprKind::Or>(a, b); }
template <Pattern A>
auto operator!(const A& a) {
  return PNot<A>(a);
}

template <typename A, typename B>
requires Operands<A, B>
auto peq(const A& a, const B& b) { return MakePattern<ExprKind::EQ>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto pne(const A& a, const B& b) { return MakePattern<ExprKind::NE>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto pmin(const A& a, const B& b) { return MakePattern<ExprKind::Min>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto pmax(const A& a, const B& b) { return MakePattern<ExprKind::Max>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto pfloordiv(const A& a, const B& b) { return MakePattern<ExprKind::FloorDiv>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto pfloormod(const A& a, const B& b) { return MakePattern<ExprKind::FloorMod>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto ptruncdiv(const A& a, const B& b) { return MakePattern<ExprKind::Div>(a, b); }
template <typename A, typename B>
requires Operands<A, B>
auto ptruncmod(const A& a, const B& b) { return MakePattern<ExprKind::Mod>(a, b); }
template <Pattern C, Pattern T, Pattern F>
auto pselect(const C& c, const T& t, const F& f) {
  return PSelect<C, T, F>(c, t, f);
}

// Gives a rule's result the type of the expression it replaces (a literal result such
// as 0 is int32 until retyped).
Expr RetypeResult(const Expr& result, ir::DataType t);

// A rule's result: a pattern, or an integer literal (`x - x` -> 0).
template <typename R>
Expr EvalResult(const R& result) {
  if constexpr (std::is_integral_v<R>) {
    return PLit(result).Eval();
  } else {
    return result.Eval();
  }
}

// If `e` matches `pattern`, stores result.Eval() in *out and returns true.
template <typename P, typename R>
bool TryRewrite(const Expr& e, const P& pattern, const R& result, Expr* out) {
  pattern.Reset();
  if (!pattern.Match(e)) return false;
  *out = RetypeResult(EvalResult(result), e.dtype());
  return true;
}

// The same with a side condition checked after a successful match.
template <typename P, typename R, typename Cond>
bool TryRewrite(const Expr& e, const P& pattern, const R& result, Cond&& cond, Expr* out) {
  pattern.Reset();
  if (!pattern.Match(e) || !cond()) return false;
  *out = RetypeResult(EvalResult(result), e.dtype());
  return true;
}

}  // namespace tessera::arith::pattern
