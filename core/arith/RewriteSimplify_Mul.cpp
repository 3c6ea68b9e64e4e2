// Rewrite rules for a * b (operands already simplified, not both constant).
#include "arith/AnalyzerImpl.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

Expr RewriteSimplifier::VisitMul(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, x * 0, 0, &r) || TryRewrite(e, 0 * x, 0, &r) || TryRewrite(e, x * 1, x, &r) ||
      TryRewrite(e, 1 * x, x, &r))
    return r;
  if (TryRewrite(e, c1 * x, x * c1, &r) || TryRewrite(e, (x * c1) * c2, x * (c1 * c2), &r) ||
      TryRewrite(e, (x + c1) * c2, x * c2 + c1 * c2, &r) ||
      TryRewrite(e, (x - c1) * c2, x * c2 - c1 * c2, &r) ||
      TryRewrite(e, (x * c1) * y, (x * y) * c1, &r) ||
      TryRewrite(e, x * (y * c1), (x * y) * c1, &r))
    return Revisit(r);
  // min(x, y)*max(x, y) is x*y (one factor is x, the other y).
  if (TryRewrite(e, pmin(x, y) * pmax(x, y), x * y, &r) ||
      TryRewrite(e, pmax(x, y) * pmin(x, y), x * y, &r) ||
      TryRewrite(e, pmin(x, y) * pmax(y, x), x * y, &r) ||
      TryRewrite(e, pmax(x, y) * pmin(y, x), x * y, &r))
    return Revisit(r);
  return e;
}

}  // namespace tessera::arith
