#include "transform/LoopPartition.h"

#include <unordered_map>
#include <unordered_set>

#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "transform/AnalyzerMutator.h"

namespace tessera::transform {

using namespace ir;

namespace {

using RangeMap = std::unordered_map<Var, Range, VarHash, VarEqual>;

// A likely() guard inside a loop body, with the ranges of the loops between the loop
// and the guard (over which the guard must hold).
struct Guard {
  const IfThenElseNode* node;
  Expr condition;  // without likely()
  RangeMap inner_loops;
};

// Finds the likely() guards of a loop body and the variables the body defines.
class GuardCollector : public IRVisitor {
 public:
  std::vector<Guard> guards;
  std::unordered_set<const ExprNode*> defined;  // let / allocate vars (not relaxable)

 protected:
  void VisitFor(const ForNode* n, const Stmt& s) override {
    loops_[n->loop_var] = Range(n->min, n->extent);
    IRVisitor::VisitFor(n, s);
    loops_.erase(n->loop_var);
  }
  void VisitLetStmt(const LetStmtNode* n, const Stmt& s) override {
    defined.insert(n->var.get());
    IRVisitor::VisitLetStmt(n, s);
  }
  void VisitLet(const LetNode* n, const Expr& e) override {
    defined.insert(n->var.get());
    IRVisitor::VisitLet(n, e);
  }
  void VisitAllocate(const AllocateNode* n, const Stmt& s) override {
    defined.insert(n->buffer_var.get());
    IRVisitor::VisitAllocate(n, s);
  }
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    if (auto* c = n->condition.as<CallNode>(); c && c->op == "likely" && c->args.size() == 1 &&
                                               c->args[0].dtype().is_scalar())
      guards.push_back({n, c->args[0], loops_});
    IRVisitor::VisitIfThenElse(n, s);
  }

 private:
  RangeMap loops_;
};

// Replaces the chosen guards by their then-branch.
class GuardRemover : public IRMutator {
 public:
  explicit GuardRemover(std::unordered_set<const IfThenElseNode*> guards) : guards_(std::move(guards)) {}

 protected:
  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    if (guards_.count(n)) return VisitStmt(n->then_case);
    return IRMutator::VisitIfThenElse(n, s);
  }

 private:
  std::unordered_set<const IfThenElseNode*> guards_;
};

class Partitioner : public AnalyzerMutator {
 public:
  using AnalyzerMutator::AnalyzerMutator;

 protected:
  Expr Rewrite(const Expr& e) override { return e; }

  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (n->for_kind == ForKind::ThreadBinding) return AnalyzerMutator::VisitFor(n, s);
    std::optional<Expr> split;
    std::unordered_set<const IfThenElseNode*> removable;
    FindSplit(n, &split, &removable);
    if (!split) return AnalyzerMutator::VisitFor(n, s);

    Expr end = n->min + n->extent;
    Expr bound = split->dtype() == n->min.dtype() ? *split : cast(n->min.dtype(), *split);
    Expr main_end = analyzer_.Simplify(min(max(bound, n->min), end));
    Expr main_extent = analyzer_.Simplify(main_end - n->min);
    Expr tail_extent = analyzer_.Simplify(end - main_end);
    if (analyzer_.CanProveLess(main_extent, 1)) return AnalyzerMutator::VisitFor(n, s);  // no main loop
    Stmt main_body = GuardRemover(removable).VisitStmt(n->body);
    Stmt main = VisitStmt(std::make_shared<const ForNode>(n->loop_var, n->min, main_extent, n->for_kind,
                                                          main_body, nullptr, n->annotations));
    if (analyzer_.CanProveLess(tail_extent, 1)) return main;  // the guard always holds
    Stmt tail = std::make_shared<const ForNode>(n->loop_var, main_end, tail_extent, n->for_kind,
                                                n->body, nullptr, n->annotations);
    return MakeSeq({main, tail});
  }

 private:
  // The exclusive upper end of loop values for which every guard in `removable` holds
  // (for all values of the inner loops), from the guards of n's body that allow it.
  void FindSplit(const ForNode* n, std::optional<Expr>* split,
                 std::unordered_set<const IfThenElseNode*>* removable) {
    GuardCollector c;
    c.VisitStmt(n->body);
    for (const Guard& g : c.guards) {
      if (!UsesVar(g.condition, n->loop_var)) continue;
      bool invariant = !UsesVar(g.condition, [&](const VarNode* v) { return c.defined.count(v) > 0; });
      if (!invariant) continue;
      std::optional<Expr> bound = GuardBound(g, n->loop_var);
      if (!bound) continue;
      *split = *split ? min(**split, *bound) : *bound;
      removable->insert(g.node);
    }
  }

  // For a guard that is a conjunction of `lhs < rhs` terms: the exclusive bound on v.
  std::optional<Expr> GuardBound(const Guard& g, const Var& v) {
    std::vector<Expr> terms;
    SplitConjunction(g.condition, &terms);
    std::optional<Expr> bound;
    for (auto& t : terms) {
      std::optional<Expr> b = TermBound(t, g.inner_loops, v);
      if (!b) return std::nullopt;
      bound = bound ? min(*bound, *b) : *b;
    }
    return bound;
  }

  static void SplitConjunction(const Expr& e, std::vector<Expr>* out) {
    if (auto* b = e.as<BinaryNode>(); b && b->kind == ExprKind::And) {
      SplitConjunction(b->a, out);
      SplitConjunction(b->b, out);
      return;
    }
    out->push_back(e);
  }

  // A term d < 0 (d = lhs - rhs) holds for all inner values iff max_inner(d) < 0; when
  // max_inner(d) = a*v + b with a constant a > 0 and b free of v, that is v < ceil(-b/a)
  // = floordiv(a - 1 - b, a).
  std::optional<Expr> TermBound(const Expr& term, const RangeMap& inner, const Var& v) {
    auto* cmp = term.as<BinaryNode>();
    if (!cmp || !cmp->a.dtype().is_int() || !cmp->a.dtype().is_scalar()) return std::nullopt;
    Expr d;
    switch (cmp->kind) {
      case ExprKind::LT: d = cmp->a - cmp->b; break;
      case ExprKind::LE: d = cmp->a - cmp->b - 1; break;
      case ExprKind::GT: d = cmp->b - cmp->a; break;
      case ExprKind::GE: d = cmp->b - cmp->a - 1; break;
      default: return std::nullopt;
    }
    arith::IntSetMap relax;
    for (auto& [var, range] : inner) relax[var] = arith::IntSet::FromRange(range);
    arith::IntSet set = arith::EvalSet(d, relax, &analyzer_);
    if (!set.has_upper_bound()) return std::nullopt;
    Expr dmax = analyzer_.Simplify(set.max());
    for (auto& [var, range] : inner)
      if (UsesVar(dmax, var)) return std::nullopt;
    Expr slope = analyzer_.Simplify(Substitute(dmax, VarMap{{v, v + make_const(v.dtype(), int64_t{1})}}) - dmax);
    const int64_t* a = as_const_int(slope);
    if (!a || *a <= 0) return std::nullopt;
    Expr b = analyzer_.Simplify(dmax - make_const(dmax.dtype(), *a) * v);
    if (UsesVar(b, v)) return std::nullopt;
    Expr a_e = make_const(b.dtype(), *a);
    return analyzer_.Simplify(floordiv(a_e - make_const(b.dtype(), int64_t{1}) - b, a_e));
  }
};

}  // namespace

Stmt LoopPartition(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  auto analyzer = ctx.MakeAnalyzer();
  return Partitioner(*analyzer).VisitStmt(s);
}

}  // namespace tessera::transform
