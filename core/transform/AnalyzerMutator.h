// AnalyzerMutator: the walk shared by the passes that rewrite expressions with an
// arith::Analyzer (Simplify, LowerFloorDivMod, LoopPartition). While descending it tells
// the analyzer what holds at each point — a loop variable ranges over its loop, a let
// variable over the constant bounds of its value, a thread index over its extent, the
// condition of an `if` (or its negation in the else branch) and of an assert holds in
// their bodies — and calls Rewrite() on each expression a statement holds directly.
#pragma once

#include "arith/Analyzer.h"
#include "ir/Functor.h"

namespace tessera::transform {

class AnalyzerMutator : public ir::IRMutator {
 public:
  explicit AnalyzerMutator(arith::Analyzer& analyzer) : analyzer_(analyzer) {}

 protected:
  // The rewrite a pass applies to one expression (under the current constraints).
  virtual ir::Expr Rewrite(const ir::Expr& e) = 0;

  // The condition an `if` or assert establishes (`likely(c)` establishes c).
  static ir::Expr StripLikely(const ir::Expr& cond);

  ir::Stmt VisitFor(const ir::ForNode* n, const ir::Stmt& s) override;
  ir::Stmt VisitLetStmt(const ir::LetStmtNode* n, const ir::Stmt& s) override;
  ir::Stmt VisitIfThenElse(const ir::IfThenElseNode* n, const ir::Stmt& s) override;
  ir::Stmt VisitAssertStmt(const ir::AssertStmtNode* n, const ir::Stmt& s) override;
  ir::Stmt VisitAttrStmt(const ir::AttrStmtNode* n, const ir::Stmt& s) override;
  ir::Stmt VisitBufferStore(const ir::BufferStoreNode* n, const ir::Stmt& s) override;
  ir::Stmt VisitEvaluate(const ir::EvaluateNode* n, const ir::Stmt& s) override;
  ir::Stmt VisitAllocate(const ir::AllocateNode* n, const ir::Stmt& s) override;

  // Binds a loop's `var` to [min, min + extent), over whatever an earlier loop with the
  // same variable left (loop partition's parts, unrolled copies).
  void BindLoopRange(const ir::Var& var, const ir::Expr& min, const ir::Expr& extent);

  // Visits `body` with `var` bound to [min, min + extent).
  ir::Stmt VisitInRange(const ir::Var& var, const ir::Expr& min, const ir::Expr& extent,
                        const ir::Stmt& body);

  arith::Analyzer& analyzer_;
};

}  // namespace tessera::transform
