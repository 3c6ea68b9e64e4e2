// Rewrite rules for a - b (operands already simplified, not both constant).
#include "arith/AnalyzerImpl.h"
#include "arith/Pattern.h"

namespace tessera::arith {

using namespace ir;
using namespace pattern;

Expr RewriteSimplifier::VisitSub(const BinaryNode* n, const Expr& e) {
  if (!IsIndex(e)) return e;
  PVar x, y, z, w, u;
  PConst c1, c2;
  Expr r;
  if (TryRewrite(e, x - 0, x, &r) || TryRewrite(e, x - x, 0, &r)) return r;
  // Constants.
  if (TryRewrite(e, (x + c1) - c2, x + (c1 - c2), &r) ||
      TryRewrite(e, (x - c1) - c2, x - (c1 + c2), &r) ||
      TryRewrite(e, c1 - (x + c2), (c1 - c2) - x, &r) ||
      TryRewrite(e, c1 - (c2 - x), x + (c1 - c2), &r) ||
      TryRewrite(e, (x + c1) - (y + c2), (x - y) + (c1 - c2), &r) ||
      TryRewrite(e, (x + c1) - y, (x - y) + c1, &r) ||
      TryRewrite(e, x - (y + c1), (x - y) - c1, &r))
    return Revisit(r);
  // Cancellation.
  if (TryRewrite(e, (x + y) - x, y, &r) || TryRewrite(e, (x + y) - y, x, &r) ||
      TryRewrite(e, x - (x + y), 0 - y, &r) || TryRewrite(e, y - (x + y), 0 - x, &r) ||
      TryRewrite(e, (x - y) - x, 0 - y, &r) || TryRewrite(e, x - (x - y), y, &r) ||
      TryRewrite(e, (x + y) - (x + z), y - z, &r) || TryRewrite(e, (x + y) - (z + x), y - z, &r) ||
      TryRewrite(e, (y + x) - (x + z), y - z, &r) || TryRewrite(e, (y + x) - (z + x), y - z, &r))
    return Revisit(r);
  // Like terms.
  if (TryRewrite(e, x * c1 - x, x * (c1 - 1), &r) || TryRewrite(e, x - x * c1, x * (1 - c1), &r) ||
      TryRewrite(e, x * c1 - x * c2, x * (c1 - c2), &r))
    return Revisit(r);
  // x - div(x, c)*c is the modulo of the same flavour.
  auto divisor_nonzero = [&] { return c1.value() != 0; };
  if (TryRewrite(e, x - pfloordiv(x, c1) * c1, pfloormod(x, c1), divisor_nonzero, &r) ||
      TryRewrite(e, x - ptruncdiv(x, c1) * c1, ptruncmod(x, c1), divisor_nonzero, &r))
    return r;
  if (TryRewrite(e, pselect(x, y, z) - pselect(x, w, u), pselect(x, y - w, z - u), &r))
    return Revisit(r);
  return e;
}

}  // namespace tessera::arith
