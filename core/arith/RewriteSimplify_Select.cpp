// Rewrite rules for select(c, t, f) (the condition is already simplified and not
// constant; each branch was simplified under its side of the condition).
#include "arith/AnalyzerImpl.h"
#include "arith/Pattern.h"

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

}  // namespace tessera::arith
