#include "transform/Simplify.h"

#include "ir/ExprOp.h"
#include "transform/AnalyzerMutator.h"

namespace tessera::transform {

using namespace ir;

namespace {

class StmtSimplifier : public AnalyzerMutator {
 public:
  using AnalyzerMutator::AnalyzerMutator;

 protected:
  Expr Rewrite(const Expr& e) override {
    if (!e.defined()) return e;
    Expr r = analyzer_.Simplify(e);
    // Keep the original node when nothing changed (unchanged subtrees stay shared).
    return r.defined() && r.dtype() == e.dtype() ? r : e;
  }

  Stmt VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    Expr cond = StripLikely(Rewrite(n->condition));
    if (auto* v = as_const_int(cond)) {
      if (*v) return VisitStmt(n->then_case);
      return n->else_case.defined() ? VisitStmt(n->else_case) : MakeEvaluate(0);
    }
    return AnalyzerMutator::VisitIfThenElse(n, s);
  }

  Stmt VisitAssertStmt(const AssertStmtNode* n, const Stmt& s) override {
    if (is_one(Rewrite(n->condition))) return VisitStmt(n->body);
    return AnalyzerMutator::VisitAssertStmt(n, s);
  }
};

}  // namespace

Stmt Simplify(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  auto analyzer = ctx.MakeAnalyzer();
  return StmtSimplifier(*analyzer).VisitStmt(s);
}

}  // namespace tessera::transform
