// Rewrite rules for select(c, t, f) (the condition is already simplified and not
// constant; each branch was simplified under its side of the condition).
#include "arith/AnalyzerImpl.h"
#include "arith/ExprOrder.h"
#include "arith/Pattern.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

Expr RewriteSimplifier::VisitSelect(const SelectNode* n, const Expr& e) {
  PVar c, x, y;
  Expr r;
  if (TryRewrite(e, pselect(c, x, x), x, &r)) return r;
  if (TryRewrite(e, pselect(!c, x, y), pselect(c, y, x), &r)) return Revisit(r);
  if (e.dtype().is_bool()) {
    if (TryRewrite(e, pselect(c, PLit(1), PLit(0)), c, &r) ||
        TryRewrite(e, pselect(c, PLit(0), PLit(1)), !c, &r))
      return Revisit(r);
  }
  return e;
}

// if_then_else(c, t, f): as select, each branch is simplified knowing which way c went;
// a decided condition picks its branch, equal branches need no condition, and a nested
// if_then_else with the same else-value joins the conditions (TVM's rules):
//   if_then_else(x < 5, if_then_else(1 < x, 1, 0), 0) -> if_then_else(x < 5 && 1 < x, 1, 0).
Expr RewriteSimplifier::VisitIfThenElse(const CallNode* n, const Expr& e) {
  Expr c = Visit(n->args[0]);
  if (auto* v = AsUniformConstant(c)) return Visit(*v ? n->args[1] : n->args[2]);
  size_t token = parent_->EnterScoped(c);
  Expr t = Visit(n->args[1]);
  parent_->ExitScoped(token);
  token = parent_->EnterScoped(logical_not(c));
  Expr f = Visit(n->args[2]);
  parent_->ExitScoped(token);
  if (ExprDeepEqual(t, f)) return t;
  if (auto* inner = t.as<CallNode>(); inner && inner->op == "if_then_else" &&
                                      inner->args.size() == 3 && ExprDeepEqual(inner->args[2], f))
    return Revisit(MakeCall(e.dtype(), "if_then_else",
                            {logical_and(c, inner->args[0]), inner->args[1], f}, n->call_kind));
  if (c.same_as(n->args[0]) && t.same_as(n->args[1]) && f.same_as(n->args[2])) return e;
  return MakeCall(e.dtype(), "if_then_else", {c, t, f}, n->call_kind);
}

}  // namespace tessera::arith
