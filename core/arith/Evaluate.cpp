#include "arith/Evaluate.h"

#include <algorithm>
#include <optional>
#include <string>

#include "arith/IntMath.h"
#include "ir/BitIntrinsics.h"

namespace tessera::arith {

using namespace ir;

namespace {

// Wraps v to the width of t (two's complement), bool to 0/1.
int64_t Wrap(DataType t, int64_t v) {
  if (t.is_bool()) return v != 0;
  int bits = t.bits();
  if (bits >= 64) return v;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (t.is_int() && (u >> (bits - 1)) != 0) u |= ~mask;
  return static_cast<int64_t>(u);
}

class Evaluator {
 public:
  explicit Evaluator(VarValueMap values) : values_(std::move(values)) {}

  Result<int64_t> Eval(const Expr& e) {
    if (!e.defined()) return Error("cannot evaluate an undefined expression");
    if (depth_ >= kMaxEvaluateDepth) return Error("expression nested too deeply to evaluate");
    ++depth_;
    Result<int64_t> r = EvalNode(e);
    --depth_;
    if (r.ok() && (e.dtype().is_integer() || e.dtype().is_bool())) return Wrap(e.dtype(), *r);
    return r;
  }

 private:
  VarValueMap values_;
  int depth_ = 0;

  Result<int64_t> EvalNode(const Expr& e) {
    if (auto* imm = e.as<IntImmNode>()) return imm->value;
    if (auto* v = e.as<VarNode>()) {
      auto it = values_.find(Var::from(e));
      if (it == values_.end()) return Error("no value for variable '" + v->name + "'");
      return it->second;
    }
    if (auto* b = e.as<BinaryNode>()) return EvalBinary(b);
    if (auto* n = e.as<NotNode>()) {
      auto a = Eval(n->a);
      if (!a.ok()) return a;
      return int64_t{*a == 0};
    }
    if (auto* s = e.as<SelectNode>()) {
      auto c = Eval(s->condition);
      if (!c.ok()) return c;
      return Eval(*c ? s->true_value : s->false_value);
    }
    if (auto* c = e.as<CastNode>()) {
      auto integral = [](DataType t) { return t.is_integer() || t.is_bool(); };
      if (!integral(c->value.dtype()) || !integral(c->dtype))
        return Error("cannot evaluate a cast from " + c->value.dtype().str() + " to " +
                     c->dtype.str());
      return Eval(c->value);
    }
    if (auto* l = e.as<LetNode>()) return EvalLet(l);
    // if_then_else evaluates only the branch its condition picks, like select here.
    if (auto* c = e.as<CallNode>(); c && c->op == "if_then_else" && c->args.size() == 3) {
      auto cond = Eval(c->args[0]);
      if (!cond.ok()) return cond;
      return Eval(*cond ? c->args[1] : c->args[2]);
    }
    if (auto* c = e.as<CallNode>()) {
      auto bit = ir::LookupBitOp(c->op);
      if (bit && static_cast<int>(c->args.size()) == bit->arity && c->dtype.is_integer()) {
        auto a = Eval(c->args[0]);
        if (!a.ok()) return a;
        int64_t y = 0;
        if (bit->arity == 2) {
          auto b = Eval(c->args[1]);
          if (!b.ok()) return b;
          y = *b;
        }
        return ir::EvalBitOp(bit->op, c->dtype.element_of(), *a, y);
      }
    }
    return Error(std::string("cannot evaluate a ") + kind_name(e.kind()) + " node");
  }

  Result<int64_t> EvalLet(const LetNode* l) {
    auto v = Eval(l->value);
    if (!v.ok()) return v;
    Var var = Var::from(l->var);
    auto saved =
        values_.find(var) != values_.end() ? std::optional<int64_t>(values_[var]) : std::nullopt;
    values_[var] = *v;
    auto r = Eval(l->body);
    if (saved)
      values_[var] = *saved;
    else
      values_.erase(var);
    return r;
  }

  Result<int64_t> EvalBinary(const BinaryNode* n) {
    if (!n->a.dtype().is_integer() && !n->a.dtype().is_bool())
      return Error("cannot evaluate " + n->a.dtype().str() + " arithmetic");
    auto ra = Eval(n->a);
    if (!ra.ok()) return ra;
    // && and || short-circuit, as in C.
    if (n->kind == ExprKind::And && *ra == 0) return int64_t{0};
    if (n->kind == ExprKind::Or && *ra != 0) return int64_t{1};
    auto rb = Eval(n->b);
    if (!rb.ok()) return rb;
    return Apply(n->kind, *ra, *rb);
  }

  static Result<int64_t> Apply(ExprKind kind, int64_t a, int64_t b) {
    auto u = [](int64_t v) { return static_cast<uint64_t>(v); };
    switch (kind) {
      case ExprKind::Add:
        return static_cast<int64_t>(u(a) + u(b));
      case ExprKind::Sub:
        return static_cast<int64_t>(u(a) - u(b));
      case ExprKind::Mul:
        return static_cast<int64_t>(u(a) * u(b));
      case ExprKind::Min:
        return std::min(a, b);
      case ExprKind::Max:
        return std::max(a, b);
      case ExprKind::EQ:
        return int64_t{a == b};
      case ExprKind::NE:
        return int64_t{a != b};
      case ExprKind::LT:
        return int64_t{a < b};
      case ExprKind::LE:
        return int64_t{a <= b};
      case ExprKind::GT:
        return int64_t{a > b};
      case ExprKind::GE:
        return int64_t{a >= b};
      case ExprKind::And:
        return int64_t{a != 0 && b != 0};
      case ExprKind::Or:
        return int64_t{a != 0 || b != 0};
      default:
        break;
    }
    if (b == 0) return Error("division by zero");
    if (b == -1) {  // avoids INT64_MIN / -1
      if (kind == ExprKind::Div || kind == ExprKind::FloorDiv)
        return static_cast<int64_t>(0 - u(a));
      return int64_t{0};
    }
    switch (kind) {
      case ExprKind::Div:
        return a / b;
      case ExprKind::Mod:
        return a % b;
      case ExprKind::FloorDiv:
        return FloorDivInt(a, b);
      case ExprKind::FloorMod:
        return FloorModInt(a, b);
      default:
        return Error("unsupported operator");
    }
  }
};

}  // namespace

Result<int64_t> EvaluateConstant(const Expr& e, const VarValueMap& values) {
  Evaluator ev(values);
  return ev.Eval(e);
}

}  // namespace tessera::arith
