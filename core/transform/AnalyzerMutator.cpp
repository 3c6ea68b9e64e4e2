#include "transform/AnalyzerMutator.h"

#include "ir/ExprOp.h"

namespace tessera::transform {

using namespace ir;

Expr AnalyzerMutator::StripLikely(const Expr& cond) {
  if (auto* c = cond.as<CallNode>(); c && c->op == "likely" && c->args.size() == 1)
    return c->args[0];
  return cond;
}

void AnalyzerMutator::BindLoopRange(const Var& var, const Expr& min, const Expr& extent) {
  // The same variable may head several loops (loop partition's main and tail, unrolled
  // copies), so each loop overrides the binding of the previous one.
  if (min.dtype().is_scalar() && extent.dtype().is_scalar())
    analyzer_.Bind(var, Range(min, extent), /*allow_override=*/true);
}

Stmt AnalyzerMutator::VisitInRange(const Var& var, const Expr& min, const Expr& extent,
                                   const Stmt& body) {
  BindLoopRange(var, min, extent);
  return VisitStmt(body);
}

Stmt AnalyzerMutator::VisitFor(const ForNode* n, const Stmt& s) {
  Expr min = Rewrite(n->min), extent = Rewrite(n->extent);
  Stmt body = VisitInRange(n->loop_var, min, extent, n->body);
  if (min.same_as(n->min) && extent.same_as(n->extent) && body.same_as(n->body)) return s;
  return std::make_shared<const ForNode>(n->loop_var, min, extent, n->for_kind, body,
                                         n->thread_binding, n->annotations);
}

Stmt AnalyzerMutator::VisitLetStmt(const LetStmtNode* n, const Stmt& s) {
  Expr value = Rewrite(n->value);
  if (value.dtype().is_int() && value.dtype().is_scalar()) {
    arith::ConstIntBound b = analyzer_.const_int_bound(value);
    if (b.min_value != arith::ConstIntBound::kNegInf &&
        b.max_value != arith::ConstIntBound::kPosInf && b.max_value >= b.min_value &&
        b.max_value - b.min_value < (int64_t{1} << 62)) {
      DataType t = n->var.dtype();
      analyzer_.Bind(
          n->var, Range(make_const(t, b.min_value), make_const(t, b.max_value - b.min_value + 1)),
          true);
    }
  }
  Stmt body = VisitStmt(n->body);
  if (value.same_as(n->value) && body.same_as(n->body)) return s;
  return MakeLetStmt(n->var, value, body);
}

Stmt AnalyzerMutator::VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) {
  Expr cond = Rewrite(n->condition);
  Expr fact = StripLikely(cond);
  bool scalar = fact.dtype().is_scalar();
  Stmt then_case, else_case;
  {
    std::optional<arith::Analyzer::ConstraintScope> scope;
    if (scalar) scope.emplace(analyzer_.EnterConstraint(fact));
    then_case = VisitStmt(n->then_case);
  }
  if (n->else_case.defined()) {
    std::optional<arith::Analyzer::ConstraintScope> scope;
    if (scalar) scope.emplace(analyzer_.EnterConstraint(logical_not(fact)));
    else_case = VisitStmt(n->else_case);
  }
  if (cond.same_as(n->condition) && then_case.same_as(n->then_case) &&
      else_case.same_as(n->else_case))
    return s;
  return MakeIf(cond, then_case, else_case);
}

Stmt AnalyzerMutator::VisitAssertStmt(const AssertStmtNode* n, const Stmt& s) {
  Expr cond = Rewrite(n->condition);
  Stmt body;
  {
    std::optional<arith::Analyzer::ConstraintScope> scope;
    if (cond.dtype().is_scalar()) scope.emplace(analyzer_.EnterConstraint(cond));
    body = VisitStmt(n->body);
  }
  if (cond.same_as(n->condition) && body.same_as(n->body)) return s;
  return std::make_shared<const AssertStmtNode>(cond, n->message, body);
}

Stmt AnalyzerMutator::VisitAttrStmt(const AttrStmtNode* n, const Stmt& s) {
  Expr value = n->value.defined() ? Rewrite(n->value) : n->value;
  if (n->key == "thread_extent") {
    if (auto* iv = std::get_if<IterVar>(&n->node); iv && *iv && value.defined())
      analyzer_.Bind((*iv)->var, Range(make_zero(value.dtype()), value), true);
  }
  Stmt body = VisitStmt(n->body);
  if (value.same_as(n->value) && body.same_as(n->body)) return s;
  return MakeAttr(n->node, n->key, value, body);
}

Stmt AnalyzerMutator::VisitBufferStore(const BufferStoreNode* n, const Stmt& s) {
  Expr value = Rewrite(n->value);
  bool changed = !value.same_as(n->value);
  std::vector<Expr> indices;
  for (auto& i : n->indices) {
    indices.push_back(Rewrite(i));
    changed = changed || !indices.back().same_as(i);
  }
  return changed ? MakeBufferStore(n->buffer, value, indices) : s;
}

Stmt AnalyzerMutator::VisitEvaluate(const EvaluateNode* n, const Stmt& s) {
  Expr value = Rewrite(n->value);
  return value.same_as(n->value) ? s : MakeEvaluate(value);
}

Stmt AnalyzerMutator::VisitAllocate(const AllocateNode* n, const Stmt& s) {
  bool changed = false;
  std::vector<Expr> extents;
  for (auto& e : n->extents) {
    extents.push_back(Rewrite(e));
    changed = changed || !extents.back().same_as(e);
  }
  Expr cond = Rewrite(n->condition);
  Stmt body = VisitStmt(n->body);
  if (!changed && cond.same_as(n->condition) && body.same_as(n->body)) return s;
  return MakeAllocate(n->buffer_var, n->dtype, extents, cond, body, n->scope);
}

}  // namespace tessera::transform
