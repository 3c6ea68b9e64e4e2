#include "transform/VectorizeLoops.h"

#include <unordered_map>
#include <vector>

#include "arith/Analyzer.h"
#include "ir/BitIntrinsics.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/MathIntrinsics.h"
#include "transform/AnalyzerMutator.h"

namespace tessera::transform {

using namespace ir;

namespace {

// True when the statement already computes on vectors (nested vectorization is not
// supported; the outer loop is scalarised).
bool HasVectorExpr(const Stmt& s) {
  struct Finder : IRVisitor {
    bool found = false;
    void Check(const Expr& e) {
      if (!e.defined() || found) return;
      PostOrderVisit(e, [&](const Expr& x) { found = found || x.dtype().lanes() > 1; });
    }
    void VisitBufferStore(const BufferStoreNode* n, const Stmt&) override {
      Check(n->value);
      for (auto& i : n->indices) Check(i);
    }
    void VisitEvaluate(const EvaluateNode* n, const Stmt&) override { Check(n->value); }
    void VisitLetStmt(const LetStmtNode* n, const Stmt& s) override {
      Check(n->value);
      IRVisitor::VisitLetStmt(n, s);
    }
    void VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
      Check(n->condition);
      IRVisitor::VisitIfThenElse(n, s);
    }
    void VisitFor(const ForNode* n, const Stmt& s) override {
      Check(n->min);
      Check(n->extent);
      IRVisitor::VisitFor(n, s);
    }
  } finder;
  finder.VisitStmt(s);
  return finder.found;
}

// True when the statement stores to a location that one of `loops` (variables of
// enclosing serial loops) does not move: an accumulator across that loop, which the
// backend keeps in registers from one iteration to the next.
bool AccumulatesAcross(const Stmt& s, const std::vector<Var>& loops) {
  struct Finder : IRVisitor {
    const std::vector<Var>* loops;
    bool found = false;
    void VisitBufferStore(const BufferStoreNode* n, const Stmt&) override {
      for (const Var& v : *loops) {
        bool moves = false;
        for (const Expr& i : n->indices) moves = moves || UsesVar(i, v);
        found = found || !moves;
      }
    }
  } finder;
  finder.loops = &loops;
  finder.VisitStmt(s);
  return finder.found;
}

// Widens the body of one vectorized loop; `failed` is set when it cannot.
class Widener : public IRMutator {
 public:
  // `masked_ifs`: an `if` whose condition depends on the variable becomes an `if` on a
  // vector of lanes (the backend masks the accesses inside it) instead of a failure.
  // `analyzer` simplifies an index the rules below leave per-lane.
  Widener(const Var& var, Expr ramp, int lanes, bool masked_ifs, arith::Analyzer& analyzer)
      : var_(var),
        ramp_(std::move(ramp)),
        lanes_(lanes),
        masked_ifs_(masked_ifs),
        analyzer_(analyzer) {}
  bool failed = false;

 protected:
  Expr Fail(const Expr& e) {
    failed = true;
    return e;
  }
  Stmt Fail(const Stmt& s) {
    failed = true;
    return s;
  }
  Expr Widen(const Expr& e) {
    if (e.dtype().lanes() == lanes_) return e;
    if (e.dtype().lanes() == 1) return MakeBroadcast(e, lanes_);
    return Fail(e);
  }
  static bool IsVector(const Expr& e) { return e.dtype().lanes() > 1; }

  // ---- expressions ----
  Expr VisitVar(const VarNode*, const Expr& e) override {
    if (e.same_as(var_)) return ramp_;
    if (auto it = lets_.find(e.get()); it != lets_.end()) return it->second;
    return e;
  }
  Expr VisitBinary(const BinaryNode* n, const Expr& e) override {
    Expr a = VisitExpr(n->a), b = VisitExpr(n->b);
    if (a.same_as(n->a) && b.same_as(n->b)) return e;
    if (!IsVector(a) && !IsVector(b)) return MakeBinary(n->kind, a, b);
    a = Widen(a);
    b = Widen(b);
    if (Expr ramp = CombineRamp(n->kind, a, b); ramp.defined()) return ramp;
    return MakeBinary(n->kind, a, b);
  }
  // Integer index arithmetic stays a ramp, so that a contiguous access is visible as
  // ramp(base, 1, N): x8(b) + ramp(c, s, 8) = ramp(b + c, s, 8), ramp(b, s, 8) * x8(k)
  // = ramp(b*k, s*k, 8), ... Undefined when no rule applies.
  static Expr CombineRamp(ExprKind kind, const Expr& a, const Expr& b) {
    if (!a.dtype().is_int()) return Expr();
    auto* ra = a.as<RampNode>();
    auto* rb = b.as<RampNode>();
    auto* ba = a.as<BroadcastNode>();
    auto* bb = b.as<BroadcastNode>();
    switch (kind) {
      case ExprKind::Add:
        if (ra && bb) return MakeRamp(add(ra->base, bb->value), ra->stride, ra->lanes);
        if (ba && rb) return MakeRamp(add(ba->value, rb->base), rb->stride, rb->lanes);
        if (ra && rb)
          return MakeRamp(add(ra->base, rb->base), add(ra->stride, rb->stride), ra->lanes);
        break;
      case ExprKind::Sub:
        if (ra && bb) return MakeRamp(sub(ra->base, bb->value), ra->stride, ra->lanes);
        if (ba && rb)
          return MakeRamp(sub(ba->value, rb->base), sub(make_zero(rb->stride.dtype()), rb->stride),
                          rb->lanes);
        if (ra && rb)
          return MakeRamp(sub(ra->base, rb->base), sub(ra->stride, rb->stride), ra->lanes);
        break;
      case ExprKind::Mul:
        if (ra && bb)
          return MakeRamp(mul(ra->base, bb->value), mul(ra->stride, bb->value), ra->lanes);
        if (ba && rb)
          return MakeRamp(mul(ba->value, rb->base), mul(ba->value, rb->stride), rb->lanes);
        break;
      case ExprKind::FloorDiv:
      case ExprKind::FloorMod:
        if (ra && bb) return DivModRamp(kind, ra, bb->value);
        break;
      default:
        break;
    }
    // x8(a) op x8(b) = x8(a op b): keeps broadcasts visible to the rules above.
    if (ba && bb) return MakeBroadcast(MakeBinary(kind, ba->value, bb->value), ba->lanes);
    return Expr();
  }
  // floordiv/floormod of ramp(b, s, N) by a constant c > 0 (TVM's packedB[n // bn, k,
  // n % bn] with n = ramp(no*32, 1, 32)): when every lane stays in one block of c — b is
  // known modulo c (modular set) and (b mod c) + s*(N - 1) < c — the quotient is
  // x(floordiv(b, c)) and the remainder ramp(floormod(b, c), s, N); when c divides s the
  // quotient is ramp(floordiv(b, c), s / c, N) and the remainder x(floormod(b, c)).
  // Otherwise undefined (a per-lane division, a gather later).
  static Expr DivModRamp(ExprKind kind, const RampNode* r, const Expr& divisor) {
    const int64_t* c = as_const_int(divisor);
    const int64_t* s = as_const_int(r->stride);
    if (!c || !s || *c <= 0) return Expr();
    const bool div = kind == ExprKind::FloorDiv;
    const Expr q = floordiv(r->base, divisor), m = floormod(r->base, divisor);
    if (*s % *c == 0) {
      if (div) return MakeRamp(q, make_const(r->stride.dtype(), *s / *c), r->lanes);
      return MakeBroadcast(m, r->lanes);
    }
    if (*s < 0) return Expr();
    arith::Analyzer analyzer;
    arith::ModularSet known = analyzer.modular_set(r->base);
    if (known.coeff % *c != 0) return Expr();
    const int64_t offset = ((known.base % *c) + *c) % *c;
    if (offset + *s * (r->lanes - 1) >= *c) return Expr();
    return div ? MakeBroadcast(q, r->lanes) : MakeRamp(m, r->stride, r->lanes);
  }
  Expr VisitNot(const NotNode* n, const Expr& e) override {
    Expr a = VisitExpr(n->a);
    return a.same_as(n->a) ? e : MakeNot(a);
  }
  Expr VisitSelect(const SelectNode* n, const Expr& e) override {
    Expr c = VisitExpr(n->condition), t = VisitExpr(n->true_value), f = VisitExpr(n->false_value);
    if (c.same_as(n->condition) && t.same_as(n->true_value) && f.same_as(n->false_value)) return e;
    if (!IsVector(t) && !IsVector(f) && !IsVector(c)) return MakeSelect(c, t, f);
    return MakeSelect(c, Widen(t), Widen(f));
  }
  Expr VisitCast(const CastNode* n, const Expr& e) override {
    Expr v = VisitExpr(n->value);
    if (v.same_as(n->value)) return e;
    return MakeCast(n->dtype.with_lanes(v.dtype().lanes()), v);
  }
  Expr VisitCall(const CallNode* n, const Expr& e) override {
    // An impure call would run once instead of once per iteration.
    if (n->call_kind != CallKind::PureIntrinsic) return Fail(e);
    std::vector<Expr> args;
    if (!MutateArray(n->args, &args)) return e;
    bool vector = false;
    for (auto& a : args) vector = vector || IsVector(a);
    if (!vector) return MakeCall(n->dtype, n->op, args, n->call_kind);
    bool elementwise = n->op == "likely" || n->op == "if_then_else" ||
                       ir::LookupMathOp(n->op).has_value() || ir::LookupBitOp(n->op).has_value();
    if (!elementwise) return Fail(e);  // an extern or unknown call: scalarise
    for (size_t i = 0; i < args.size(); ++i) {
      // if_then_else keeps a scalar condition (it selects whole vectors).
      if (n->op == "if_then_else" && i == 0) continue;
      args[i] = Widen(args[i]);
    }
    return MakeCall(n->dtype.with_lanes(lanes_), n->op, args, n->call_kind);
  }
  // A buffer index on lanes. One the rules above leave a per-lane vector may still be
  // contiguous as a whole: a fused (y, x) axis flattens to (b + p // W) * W + p % W,
  // which is b * W + p for every p, while per lane the division is only a ramp where the
  // lanes stay in one row. So such an index is simplified as a scalar and widened again.
  Expr WidenIndex(const Expr& index) {
    Expr v = VisitExpr(index);
    if (!IsVector(v) || v.as<RampNode>() || v.as<BroadcastNode>()) return v;
    Expr simplified = analyzer_.Simplify(index);
    if (simplified.same_as(index)) return v;
    const bool failed_before = failed;
    Expr w = VisitExpr(simplified);
    failed = failed_before;
    return w.as<RampNode>() ? w : v;
  }
  bool WidenIndices(const std::vector<Expr>& in, std::vector<Expr>* out) {
    bool changed = false;
    out->clear();
    for (const Expr& i : in) {
      out->push_back(WidenIndex(i));
      changed = changed || !out->back().same_as(i);
    }
    return changed;
  }
  Expr VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
    std::vector<Expr> indices;
    if (!WidenIndices(n->indices, &indices)) return e;
    bool vector = false;
    for (auto& i : indices) vector = vector || IsVector(i);
    if (vector)
      for (auto& i : indices) i = Widen(i);
    return MakeBufferLoad(n->buffer, indices);
  }
  Expr VisitLet(const LetNode* n, const Expr& e) override {
    Expr value = VisitExpr(n->value);
    if (!IsVector(value)) {
      Expr body = VisitExpr(n->body);
      if (value.same_as(n->value) && body.same_as(n->body)) return e;
      return MakeLet(Var::from(n->var), value, body);
    }
    Var v(Var::from(n->var).name(), value.dtype());
    lets_[n->var.get()] = v;
    Expr body = VisitExpr(n->body);
    lets_.erase(n->var.get());
    return MakeLet(v, value, body);
  }
  Expr VisitRamp(const RampNode*, const Expr& e) override { return Fail(e); }
  Expr VisitBroadcast(const BroadcastNode*, const Expr& e) override { return Fail(e); }
  Expr VisitProducerLoad(const ProducerLoadNode*, const Expr& e) override { return Fail(e); }
  Expr VisitReduce(const ReduceNode*, const Expr& e) override { return Fail(e); }

  // ---- statements ----
  Stmt VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    Expr value = VisitExpr(n->value);
    std::vector<Expr> indices;
    WidenIndices(n->indices, &indices);
    bool vector_index = false;
    for (auto& i : indices) vector_index = vector_index || IsVector(i);
    // Every lane would write the same location (an ordered dependence, or a store that
    // must happen once per iteration): not a vector store.
    if (!vector_index) return Fail(s);
    for (auto& i : indices) i = Widen(i);
    return MakeBufferStore(n->buffer, Widen(value), indices);
  }
  Stmt VisitLetStmt(const LetStmtNode* n, const Stmt& s) override {
    Expr value = VisitExpr(n->value);
    if (!IsVector(value)) {
      Stmt body = VisitStmt(n->body);
      if (value.same_as(n->value) && body.same_as(n->body)) return s;
      return MakeLetStmt(n->var, value, body);
    }
    Var v(n->var.name(), value.dtype());
    lets_[n->var.get()] = v;
    Stmt body = VisitStmt(n->body);
    lets_.erase(n->var.get());
    return MakeLetStmt(v, value, body);
  }
  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    Expr c = VisitExpr(n->condition);
    if (!IsVector(c)) return IRMutator::VisitIfThenElse(n, s);
    if (!masked_ifs_) return Fail(s);  // a per-lane branch
    // Each branch runs on the lanes that take it: its loads and stores are masked.
    if (auto* likely = n->condition.as<CallNode>(); likely && likely->op == "likely")
      c = VisitExpr(likely->args[0]);
    Stmt then_case = VisitStmt(n->then_case);
    Stmt else_case = n->else_case.defined() ? VisitStmt(n->else_case) : Stmt();
    return MakeIf(Widen(c), then_case, else_case);
  }
  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (UsesVar(n->min, var_) || UsesVar(n->extent, var_)) return Fail(s);
    return IRMutator::VisitFor(n, s);
  }
  Stmt VisitAssertStmt(const AssertStmtNode* n, const Stmt& s) override {
    if (IsVector(VisitExpr(n->condition))) return Fail(s);
    return IRMutator::VisitAssertStmt(n, s);
  }
  Stmt VisitAllocate(const AllocateNode*, const Stmt& s) override { return Fail(s); }
  Stmt VisitProducerStore(const ProducerStoreNode*, const Stmt& s) override { return Fail(s); }
  Stmt VisitProducerRealize(const ProducerRealizeNode*, const Stmt& s) override { return Fail(s); }

 private:
  Var var_;
  Expr ramp_;
  int lanes_;
  bool masked_ifs_;
  arith::Analyzer& analyzer_;
  std::unordered_map<const ExprNode*, Expr> lets_;
};

// Above this many lanes a guarded loop is not narrowed lane by lane (each lane costs a
// simplification).
constexpr int64_t kMaxNarrowedLanes = 256;

// Visits loops with the analyzer knowing the ranges of the enclosing loops (and the
// conditions of enclosing ifs), so that an extent or a guard that bound inference or loop
// partition left symbolic is decided where it is constant.
class LoopVectorizer : public AnalyzerMutator {
 public:
  // `register_lanes`: PassContext::vector_lanes.
  LoopVectorizer(arith::Analyzer& analyzer, bool masked, int64_t register_lanes)
      : AnalyzerMutator(analyzer), masked_(masked), register_lanes_(register_lanes) {}

 protected:
  Expr Rewrite(const Expr& e) override { return e; }

  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    const bool serial = n->for_kind == ForKind::Serial && !is_const_int(n->extent, 1);
    if (serial) serial_loops_.push_back(n->loop_var);
    Stmt r = AnalyzerMutator::VisitFor(n, s);  // inner loops first
    if (serial) serial_loops_.pop_back();
    if (n->for_kind != ForKind::Vectorized) return r;
    auto* f = r.as<ForNode>();
    Expr extent = f->extent;
    if (!as_const_int(extent) && extent.dtype().is_scalar()) {
      Expr simplified = analyzer_.Simplify(extent);
      if (as_const_int(simplified)) extent = simplified;
    }
    const int64_t* constant = as_const_int(extent);
    Stmt body = f->body;
    if (constant && *constant > 1) {
      int64_t lanes = NarrowToGuard(f, *constant, &body);
      if (lanes == 0) return MakeEvaluate(0);
      // A count that is no power of two runs as pieces of power-of-two lanes (53: 32,
      // 16, 4, 1; 48: 32, 16): once such a vector spans more than one register and
      // accumulates across an enclosing loop (GEMM's tile over k, which the back end
      // keeps in registers), LLVM's x86 back end carries it through the stack, lane by
      // lane (slower than the scalar loop); within one register, or stored where the
      // loop moves it, the whole, padded vector beats the pieces. Every count the loop's
      // own extent did not give (a tail, a decided extent) is cut; of its own extent,
      // for the LLVM target, one wider than the target's register that accumulates
      // across an enclosing serial loop (other targets keep it whole, as TVM prints it).
      // Measurements: bench/README.md, "The roofline's ceiling".
      const bool derived = lanes < *constant || !as_const_int(f->extent);
      const bool wide =
          masked_ && lanes > register_lanes_ && AccumulatesAcross(body, serial_loops_);
      if ((derived || wide) && (lanes & (lanes - 1)) != 0) {
        if (Stmt v = VectorizeInPieces(f, lanes, body); v.defined()) return v;
      } else if (Stmt v = Vectorize(f, lanes, body, Expr()); v.defined()) {
        return v;
      }
    } else if (constant && *constant == 1) {
      return Substitute(f->body, VarMap{{f->loop_var, f->min}});
    } else if (!constant && masked_ && f->min.dtype().is_scalar() && extent.dtype().is_scalar()) {
      // A symbolic extent with a constant bound: the bound's lanes, those past the
      // extent masked off.
      int64_t bound = analyzer_.const_int_bound(extent).max_value;
      if (bound > 1 && bound <= kMaxLanes)
        if (Stmt v = Vectorize(f, bound, body, extent); v.defined()) return v;
    }
    // Scalarise: the loop runs serially (see the header for when this happens).
    return std::make_shared<const ForNode>(f->loop_var, f->min, f->extent, ForKind::Serial, f->body,
                                           nullptr, f->annotations);
  }

 private:
  static constexpr int64_t kMaxLanes = 4096;

  // A loop whose whole body is `if (c) S`, c a conjunction whose terms on the variable
  // hold on the first m lanes only (a split's ragged tail): the loop becomes m lanes of S
  // (a plain narrower vector, which the backend keeps in registers across an enclosing
  // reduction loop, as it cannot keep masked accesses), under `if` of the other terms.
  // Returns the lanes to run (`extent` when the body is not of that form) and sets *body.
  int64_t NarrowToGuard(const ForNode* f, int64_t extent, Stmt* body) {
    auto* guard = f->body.as<IfThenElseNode>();
    if (!guard || guard->else_case.defined() || extent > kMaxNarrowedLanes ||
        !UsesVar(guard->condition, f->loop_var))
      return extent;
    std::vector<Expr> terms, lane_terms, other_terms;
    SplitConjunction(StripLikely(guard->condition), &terms);
    for (const Expr& t : terms) (UsesVar(t, f->loop_var) ? lane_terms : other_terms).push_back(t);
    Expr cond = lane_terms.front();
    for (size_t i = 1; i < lane_terms.size(); ++i) cond = logical_and(cond, lane_terms[i]);
    int64_t taken = 0;
    for (int64_t k = 0; k < extent; ++k) {
      Expr at = analyzer_.Simplify(
          Substitute(cond, VarMap{{f->loop_var, add(f->min, make_const(f->min.dtype(), k))}}));
      const int64_t* v = as_const_int(at);
      if (!v) return extent;
      if (*v && taken != k) return extent;  // not a prefix of the lanes
      if (*v) ++taken;
    }
    *body = guard->then_case;
    if (!other_terms.empty()) {
      Expr rest = other_terms.front();
      for (size_t i = 1; i < other_terms.size(); ++i) rest = logical_and(rest, other_terms[i]);
      *body = MakeIf(rest, *body);
    }
    return taken;
  }
  static void SplitConjunction(const Expr& e, std::vector<Expr>* out) {
    if (auto* b = e.as<BinaryNode>(); b && b->kind == ExprKind::And) {
      SplitConjunction(b->a, out);
      SplitConjunction(b->b, out);
      return;
    }
    out->push_back(e);
  }

  // The body on lanes [0, lanes) as consecutive pieces of decreasing powers of two.
  Stmt VectorizeInPieces(const ForNode* f, int64_t lanes, const Stmt& body) {
    std::vector<Stmt> pieces;
    int64_t offset = 0, width = 1;
    while (width * 2 <= lanes) width *= 2;
    for (; width >= 1; width /= 2) {
      if (lanes - offset < width) continue;
      ForNode piece(f->loop_var, add(f->min, make_const(f->min.dtype(), offset)),
                    make_const(f->extent.dtype(), width), ForKind::Vectorized, body, nullptr,
                    f->annotations);
      Stmt v = Vectorize(&piece, width, body, Expr());
      if (!v.defined()) return Stmt();
      pieces.push_back(v);
      offset += width;
    }
    return MakeSeq(pieces);
  }

  // The loop's body on `lanes` lanes; with `extent` defined, the lanes at or past it
  // are masked off. Undefined when the body cannot be widened.
  Stmt Vectorize(const ForNode* f, int64_t lanes, const Stmt& body, const Expr& extent) {
    if (lanes > kMaxLanes || HasVectorExpr(body)) return Stmt();
    if (lanes == 1) return Substitute(body, VarMap{{f->loop_var, f->min}});
    const int n = static_cast<int>(lanes);
    Expr ramp = MakeRamp(f->min, make_const(f->min.dtype(), int64_t{1}), n);
    Widener w(f->loop_var, ramp, n, masked_, analyzer_);
    Stmt widened = w.VisitStmt(body);
    if (w.failed) return Stmt();
    if (!extent.defined()) return widened;
    Expr end = MakeBroadcast(add(f->min, extent), n);
    return MakeIf(MakeBinary(ExprKind::LT, ramp, end), widened);
  }

  bool masked_;
  int64_t register_lanes_;
  // The variables of the serial loops around the statement in sight (unrolled ones
  // become straight code and carry nothing).
  std::vector<Var> serial_loops_;
};

}  // namespace

Stmt VectorizeLoops(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  // Masked lanes are the CPU backend's (LLVM's masked loads and stores).
  std::unique_ptr<arith::Analyzer> analyzer = ctx.MakeAnalyzer();
  return LoopVectorizer(*analyzer, ctx.target == "llvm", ctx.vector_lanes).VisitStmt(s);
}

}  // namespace tessera::transform
