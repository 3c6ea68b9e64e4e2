#include "transform/LoopPartition.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "arith/ExprOrder.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "transform/AnalyzerMutator.h"

namespace tessera::transform {

using namespace ir;

namespace {

using RangeMap = std::unordered_map<Var, Range, VarHash, VarEqual>;
using TermList = std::vector<Expr>;
using VarSet = std::unordered_set<const ExprNode*>;  // compared by structure (arith::ExprDeepEqual)

bool Contains(const TermList& list, const Expr& e) {
  for (auto& t : list)
    if (arith::ExprDeepEqual(t, e)) return true;
  return false;
}

void SplitConjunction(const Expr& e, TermList* out) {
  if (auto* b = e.as<BinaryNode>(); b && b->kind == ExprKind::And) {
    SplitConjunction(b->a, out);
    SplitConjunction(b->b, out);
    return;
  }
  out->push_back(e);
}

Expr JoinConjunction(const TermList& terms) {
  Expr out;
  for (auto& t : terms) out = out.defined() ? logical_and(out, t) : t;
  return out;
}

const CallNode* AsLikely(const Expr& cond) {
  auto* c = cond.as<CallNode>();
  return c && c->op == "likely" && c->args.size() == 1 && c->args[0].dtype().is_scalar() ? c
                                                                                         : nullptr;
}

const CallNode* AsIfThenElse(const Expr& e) {
  auto* c = e.as<CallNode>();
  return c && c->op == "if_then_else" && c->args.size() == 3 && c->args[0].dtype().is_scalar()
             ? c
             : nullptr;
}

// An integer expression that can be evaluated anywhere: no loads, no calls, no division
// by anything but a non-zero constant (a hoisted test must not fault where the loop it
// came from would not have run).
bool IsPureIndex(const Expr& e) {
  bool pure = true;
  PostOrderVisit(e, [&](const Expr& x) {
    switch (x.kind()) {
      case ExprKind::BufferLoad:
      case ExprKind::ProducerLoad:
      case ExprKind::Call:
      case ExprKind::Let:
      case ExprKind::Reduce:
        pure = false;
        break;
      case ExprKind::Div:
      case ExprKind::Mod:
      case ExprKind::FloorDiv:
      case ExprKind::FloorMod: {
        const int64_t* d = as_const_int(x.as<BinaryNode>()->b);
        if (!d || *d == 0) pure = false;
        break;
      }
      default:
        break;
    }
  });
  return pure;
}

// The term as `d < 0`, or nothing when it is not an integer comparison.
std::optional<Expr> AsNegative(const Expr& term) {
  auto* cmp = term.as<BinaryNode>();
  if (!cmp || !cmp->a.dtype().is_int() || !cmp->a.dtype().is_scalar()) return std::nullopt;
  if (!IsPureIndex(cmp->a) || !IsPureIndex(cmp->b)) return std::nullopt;
  switch (cmp->kind) {
    case ExprKind::LT:
      return cmp->a - cmp->b;
    case ExprKind::LE:
      return cmp->a - cmp->b - 1;
    case ExprKind::GT:
      return cmp->b - cmp->a;
    case ExprKind::GE:
      return cmp->b - cmp->a - 1;
    default:
      return std::nullopt;
  }
}

// One occurrence of a term of a guard, with the loops between the loop being looked at
// and the term (over which it must hold).
struct TermSite {
  Expr term;
  RangeMap inner_loops;
  bool likely;  // from an if (likely(...)) guard; else from an if_then_else call
};

// The decidable terms of the guards in a loop body, and the variables the body defines.
class TermCollector : public IRVisitor {
 public:
  // `guards`: also the terms of if_then_else calls (else likely() guards only).
  TermCollector(const TermList& excluded, bool guards) : excluded_(excluded), guards_(guards) {}

  std::vector<TermSite> sites;
  VarSet defined;  // let / allocate vars (not relaxable)

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
    if (auto* c = AsLikely(n->condition)) Add(c->args[0], true);
    IRVisitor::VisitIfThenElse(n, s);
  }
  void VisitCall(const CallNode* n, const Expr& e) override {
    if (auto* c = AsIfThenElse(e); c && guards_) Add(c->args[0], false);
    IRVisitor::VisitCall(n, e);
  }

 private:
  void Add(const Expr& condition, bool likely) {
    TermList terms;
    SplitConjunction(condition, &terms);
    for (auto& t : terms)
      if (AsNegative(t) && !Contains(excluded_, t)) sites.push_back({t, loops_, likely});
  }

  const TermList& excluded_;
  bool guards_;
  RangeMap loops_;
};

// Replaces the given terms by true in the guards the collector reads; a guard left
// without terms goes (an `if` becomes its then-branch, an if_then_else its true value).
class TermRemover : public IRMutator {
 public:
  explicit TermRemover(const TermList& terms) : terms_(terms) {}

 protected:
  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    auto* c = AsLikely(n->condition);
    if (!c) return IRMutator::VisitIfThenElse(n, s);
    std::optional<Expr> rest = Remove(c->args[0]);
    if (!rest) return IRMutator::VisitIfThenElse(n, s);
    if (!rest->defined()) return VisitStmt(n->then_case);
    Stmt then_case = VisitStmt(n->then_case);
    Stmt else_case = n->else_case.defined() ? VisitStmt(n->else_case) : Stmt();
    return MakeIf(MakeCall(n->condition.dtype(), "likely", {*rest}), then_case, else_case);
  }
  Expr VisitCall(const CallNode* n, const Expr& e) override {
    auto* c = AsIfThenElse(e);
    if (!c) return IRMutator::VisitCall(n, e);
    std::optional<Expr> rest = Remove(c->args[0]);
    if (!rest) return IRMutator::VisitCall(n, e);
    if (!rest->defined()) return VisitExpr(c->args[1]);
    return MakeCall(n->dtype, n->op, {*rest, VisitExpr(c->args[1]), VisitExpr(c->args[2])});
  }

 private:
  // The condition without the removed terms (undefined when none is left); nothing when
  // no term was removed.
  std::optional<Expr> Remove(const Expr& condition) {
    TermList terms, kept;
    SplitConjunction(condition, &terms);
    for (auto& t : terms)
      if (!Contains(terms_, t)) kept.push_back(t);
    if (kept.size() == terms.size()) return std::nullopt;
    return JoinConjunction(kept);
  }

  const TermList& terms_;
};

// Whether `s` reads a buffer it stores to (an accumulation, `acc = acc + ...`).
bool ReadsItsOwnStores(const Stmt& s) {
  struct Buffers : IRVisitor {
    std::unordered_set<const ExprNode*> stored, loaded;
    void VisitBufferStore(const BufferStoreNode* n, const Stmt& st) override {
      stored.insert(n->buffer->data.get());
      IRVisitor::VisitBufferStore(n, st);
    }
    void VisitBufferLoad(const BufferLoadNode* n, const Expr& e) override {
      loaded.insert(n->buffer->data.get());
      IRVisitor::VisitBufferLoad(n, e);
    }
  } b;
  b.VisitStmt(s);
  return std::any_of(b.stored.begin(), b.stored.end(),
                     [&](const ExprNode* v) { return b.loaded.count(v) > 0; });
}

// Where a term holds for every value of the loops inside: v >= lower and v < upper.
struct Interval {
  std::optional<Expr> lower, upper;
};

class Partitioner : public AnalyzerMutator {
 public:
  Partitioner(arith::Analyzer& analyzer, bool partition_guards)
      : AnalyzerMutator(analyzer), partition_guards_(partition_guards) {}

 protected:
  Expr Rewrite(const Expr& e) override { return e; }

  Stmt VisitFor(const ForNode* n, const Stmt& s) override {
    if (n->for_kind == ForKind::ThreadBinding) return AnalyzerMutator::VisitFor(n, s);
    // A copy of this loop visited before (a head cut off above) may have left its variable
    // bound to that copy's range, or to its one value: the terms are decided over this
    // loop's own range.
    BindLoopRange(n->loop_var, n->min, n->extent);
    TermCollector c(excluded_, partition_guards_);
    c.VisitStmt(n->body);
    std::erase_if(c.sites, [&](const TermSite& site) {
      return UsesVar(site.term, [&](const VarNode* v) { return c.defined.count(v) > 0; });
    });
    std::optional<Stmt> split;
    if (splits_ < kMaxGuardSplits) split = Unswitch(n, s, c);
    if (!split) split = Partition(n, c);
    if (split) return *split;
    outer_loops_.insert(n->loop_var.get());
    if (n->for_kind == ForKind::Vectorized) lanes_.insert(n->loop_var.get());
    Stmt out = AnalyzerMutator::VisitFor(n, s);
    outer_loops_.erase(n->loop_var.get());
    lanes_.erase(n->loop_var.get());
    return out;
  }

 private:
  // `if (the terms hold for every inner value) { loop without them } else { loop }` for the
  // terms of if_then_else calls that do not involve the loop variable and are decided by
  // the enclosing loops alone.
  std::optional<Stmt> Unswitch(const ForNode* n, const Stmt& s, const TermCollector& body) {
    const std::vector<TermSite>& sites = body.sites;
    TermList terms, tests;
    for (const TermSite& site : sites) {
      if (site.likely || UsesVar(site.term, n->loop_var) || Contains(terms, site.term)) continue;
      TermList site_tests;
      bool decided = true;
      for (const TermSite& other : sites) {  // every occurrence of the term must be decided
        if (!arith::ExprDeepEqual(other.term, site.term)) continue;
        std::optional<Expr> test = HoldsForAllInner(other, n->loop_var, body.defined);
        if (!test) {
          decided = false;
          break;
        }
        if (!Contains(site_tests, *test)) site_tests.push_back(*test);
      }
      if (!decided) continue;
      terms.push_back(site.term);
      for (auto& t : site_tests)
        if (!Contains(tests, t)) tests.push_back(t);
    }
    if (terms.empty()) return std::nullopt;
    Expr test = JoinConjunction(tests);
    ++splits_;
    Stmt then_case;
    {
      auto scope = analyzer_.EnterConstraint(test);
      then_case = VisitStmt(TermRemover(terms).VisitStmt(s));
    }
    // The else branch runs where a window crosses the border (a convolution's first and
    // last rows): no further cuts there (its column guards stay, which keeps the code the
    // unswitch adds small for a small part of the iterations), one copy per hoisted test.
    const int splits = splits_;
    splits_ = kMaxGuardSplits;
    size_t excluded = excluded_.size();
    excluded_.insert(excluded_.end(), terms.begin(), terms.end());
    Stmt else_case = BorderCases(VisitStmt(s), tests);
    excluded_.resize(excluded);
    splits_ = splits - 1;
    return MakeIf(test, then_case, else_case);
  }

  // Where the unswitch's test fails, one copy of the loop per hoisted test, in turn: the
  // copy for test i runs where the tests before it hold and test i fails, which the
  // conditions say (`if (!t1) {copy} else if (!t2) {copy} ...`; the last needs no else:
  // some test fails here). Simplify then decides the hoisted terms in each copy — a
  // convolution's first row has its taps of the row above decided to the padding's 0,
  // which fold away with their multiply-adds, as the last row's of the row below — where
  // one copy for all border rows kept every tap, guarded. Up to kMaxBorderCases tests
  // (each a copy of the loop); one test needs none (the else branch says it fails).
  static constexpr size_t kMaxBorderCases = 4;
  static Stmt BorderCases(const Stmt& loop, const TermList& tests) {
    if (tests.size() < 2 || tests.size() > kMaxBorderCases) return loop;
    Stmt chain;
    for (size_t i = tests.size(); i-- > 0;) chain = MakeIf(logical_not(tests[i]), loop, chain);
    return chain;
  }

  // The test, on the enclosing loops' variables only, that the site's term holds for every
  // value of its inner loops (nothing when there is none, or it is decided already).
  std::optional<Expr> HoldsForAllInner(const TermSite& site, const Var& loop_var,
                                       const VarSet& defined) {
    std::optional<Expr> dmax = MaxOverInner(site, defined);
    if (!dmax || UsesVar(*dmax, loop_var) || UsesLanes(*dmax)) return std::nullopt;
    if (!UsesVar(*dmax, [&](const VarNode* v) { return outer_loops_.count(v) > 0; }))
      return std::nullopt;
    // (as 0 < -dmax: the simplifier writes `0 < y` and `y < 4` for -dmax = y, 4 - y)
    Expr zero = make_const(dmax->dtype(), int64_t{0});
    Expr test = analyzer_.Simplify(lt(zero, analyzer_.Simplify(zero - *dmax)));
    if (as_const_int(test)) return std::nullopt;  // always or never: nothing to hoist
    return test;
  }

  // max over the inner loops of the term's `d` (it holds iff d < 0), free of them.
  // `defined`: the variables the loop body defines.
  std::optional<Expr> MaxOverInner(const TermSite& site, const VarSet& defined) {
    std::optional<Expr> d = AsNegative(site.term);
    if (!d) return std::nullopt;
    arith::IntSetMap relax;
    for (auto& [var, range] : site.inner_loops) relax[var] = arith::IntSet::FromRange(range);
    arith::IntSet set = arith::EvalSet(*d, relax, &analyzer_);
    if (!set.has_upper_bound()) return std::nullopt;
    Expr dmax = analyzer_.Simplify(set.max());
    for (auto& [var, range] : site.inner_loops)
      if (UsesVar(dmax, var)) return std::nullopt;
    // (an inner loop's range may read a variable the body defines: not usable outside)
    if (UsesVar(dmax, [&](const VarNode* v) { return defined.count(v) > 0; })) return std::nullopt;
    return dmax;
  }

  // With max_inner(d) = a*v + b (a constant, b free of v): for a > 0 the term holds iff
  // v < ceil(-b/a) = floordiv(a - 1 - b, a); for a < 0 iff v > b/|a|, v >= floordiv(b, |a|) + 1.
  std::optional<Interval> TermInterval(const TermSite& site, const Var& v, const VarSet& defined) {
    std::optional<Expr> dmax = MaxOverInner(site, defined);
    if (!dmax) return std::nullopt;
    Expr slope = analyzer_.Simplify(
        Substitute(*dmax, VarMap{{v, v + make_const(v.dtype(), int64_t{1})}}) - *dmax);
    const int64_t* a = as_const_int(slope);
    if (!a || *a == 0) return std::nullopt;
    Expr b = analyzer_.Simplify(*dmax - make_const(dmax->dtype(), *a) * v);
    if (UsesVar(b, v) || UsesLanes(b)) return std::nullopt;
    Interval out;
    if (*a > 0) {
      Expr a_e = make_const(b.dtype(), *a);
      out.upper = analyzer_.Simplify(floordiv(a_e - make_const(b.dtype(), int64_t{1}) - b, a_e));
    } else {
      Expr a_e = make_const(b.dtype(), -*a);
      out.lower = analyzer_.Simplify(floordiv(b, a_e) + make_const(b.dtype(), int64_t{1}));
    }
    return out;
  }

  // Inside a vectorized loop, a test or loop bound on its variable would differ between
  // lanes: the vectorizer could no longer make one vector statement of the body.
  bool UsesLanes(const Expr& e) const {
    return !lanes_.empty() && UsesVar(e, [&](const VarNode* v) { return lanes_.count(v) > 0; });
  }

  Expr InLoopType(const ForNode* n, const Expr& e) {
    return e.dtype() == n->min.dtype() ? e : cast(n->min.dtype(), e);
  }

  // Head [begin, lower), middle [lower, upper) without the terms that hold there, tail
  // [upper, end), over the terms of n's body that bound n's variable.
  std::optional<Stmt> Partition(const ForNode* n, const TermCollector& body) {
    const std::vector<TermSite>& sites = body.sites;
    // if_then_else terms cut serial loops, and vectorized loops that write without reading
    // back (a copy; the padding's) where the cut is a constant lane: the middle stays one
    // vector, without the guard, and the few lanes outside it run as a serial loop (a
    // padding's first and last columns) instead of every lane masked. An accumulation's
    // vector keeps its lanes: shifted by the cut, it would read back the other taps'
    // stores of the same elements at another offset, which the CPU cannot forward.
    const bool vector_copy = n->for_kind == ForKind::Vectorized && !ReadsItsOwnStores(n->body);
    const bool cuttable = n->for_kind == ForKind::Serial || vector_copy;
    Expr begin = n->min, end = analyzer_.Simplify(n->min + n->extent);
    Expr lower = begin, upper = end;
    TermList accepted, rejected;
    bool guard_split = false;  // an if_then_else term is among the accepted ones
    for (const TermSite& site : sites) {
      if (!UsesVar(site.term, n->loop_var) || Contains(accepted, site.term) ||
          Contains(rejected, site.term))
        continue;
      bool likely = true;
      std::optional<Expr> lo, hi;
      bool decided = true;
      for (const TermSite& other : sites) {  // the interval where every occurrence holds
        if (!arith::ExprDeepEqual(other.term, site.term)) continue;
        likely = likely && other.likely;
        std::optional<Interval> in = TermInterval(other, n->loop_var, body.defined);
        if (!in) {
          decided = false;
          break;
        }
        if (in->lower) lo = lo ? max(*lo, InLoopType(n, *in->lower)) : InLoopType(n, *in->lower);
        if (in->upper) hi = hi ? min(*hi, InLoopType(n, *in->upper)) : InLoopType(n, *in->upper);
      }
      if (!decided || (!likely && (!cuttable || splits_ >= kMaxGuardSplits))) {
        rejected.push_back(site.term);
        continue;
      }
      Expr new_lower = lo ? analyzer_.Simplify(min(max(*lo, lower), end)) : lower;
      Expr new_upper = hi ? analyzer_.Simplify(min(max(*hi, new_lower), upper)) : upper;
      const bool constant_lanes = as_const_int(new_lower) && as_const_int(new_upper);
      if (analyzer_.CanProveLess(new_upper - new_lower, 1) ||  // no middle loop left
          (vector_copy && !likely && !constant_lanes)) {
        rejected.push_back(site.term);
        continue;
      }
      lower = new_lower;
      upper = analyzer_.Simplify(max(new_upper, lower));
      accepted.push_back(site.term);
      guard_split = guard_split || !likely;
    }
    if (accepted.empty()) return std::nullopt;

    if (guard_split) ++splits_;
    std::vector<Stmt> parts;
    size_t excluded = excluded_.size();
    excluded_.insert(excluded_.end(), accepted.begin(), accepted.end());
    const ForKind ends = vector_copy && guard_split ? ForKind::Serial : n->for_kind;
    if (!analyzer_.CanProveLess(lower - begin, 1))
      parts.push_back(Part(n, begin, lower, guard_split, ends));
    excluded_.resize(excluded);
    Stmt middle_body = TermRemover(accepted).VisitStmt(n->body);
    parts.push_back(VisitStmt(
        std::make_shared<const ForNode>(n->loop_var, lower, analyzer_.Simplify(upper - lower),
                                        n->for_kind, middle_body, nullptr, n->annotations)));
    excluded_.insert(excluded_.end(), accepted.begin(), accepted.end());
    if (!analyzer_.CanProveLess(end - upper, 1))
      parts.push_back(Part(n, upper, end, guard_split, ends));
    excluded_.resize(excluded);
    if (guard_split) --splits_;
    return parts.size() == 1 ? parts[0] : MakeSeq(parts);
  }

  // The loop over [from, to) that keeps the guards. After a cut for if_then_else terms
  // it is visited, and a single iteration has the variable substituted (the unrolled
  // loops inside then fold the guards on it); a head or tail of likely() guards alone
  // (a split's remainder) is left as it is.
  Stmt Part(const ForNode* n, const Expr& from, const Expr& to, bool visit, ForKind kind) {
    Expr extent = analyzer_.Simplify(to - from);
    if (!visit)
      return std::make_shared<const ForNode>(n->loop_var, from, extent, kind, n->body, nullptr,
                                             n->annotations);
    if (const int64_t* e = as_const_int(extent); e && *e == 1)
      return VisitStmt(Substitute(n->body, VarMap{{n->loop_var, from}}));
    return VisitStmt(std::make_shared<const ForNode>(n->loop_var, from, extent, kind, n->body,
                                                     nullptr, n->annotations));
  }

  bool partition_guards_;
  TermList excluded_;  // terms already split on above (kept in the head, tail, else branch)
  VarSet outer_loops_;
  VarSet lanes_;    // variables of the enclosing vectorized loops
  int splits_ = 0;  // nested cuts and unswitches for if_then_else terms
};

}  // namespace

Stmt LoopPartition(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  auto analyzer = ctx.MakeAnalyzer();
  return Partitioner(*analyzer, ctx.partition_guards).VisitStmt(s);
}

}  // namespace tessera::transform
