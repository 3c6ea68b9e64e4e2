// Rewrite rules for casts: constants fold, a cast to the same type disappears, and a
// round trip through a type that holds every value of the operand is removed.
#include "arith/AnalyzerImpl.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

Expr RewriteSimplifier::VisitCast(const CastNode* n, const Expr& e) {
  if (n->value.dtype() == e.dtype()) return n->value;
  if (is_const(n->value) && e.dtype().is_scalar()) return cast(e.dtype(), n->value);
  auto* inner = n->value.as<CastNode>();
  if (!inner || inner->value.dtype() != e.dtype() || !e.dtype().is_integer()) return e;
  // cast(T, cast(U, x)) with x : T is x when U holds every value of x.
  ConstIntBound x = Bound(inner->value);
  ConstIntBound u = ConstIntBoundAnalyzer::TypeBound(n->value.dtype());
  if (n->value.dtype().is_integer() && x.min_value >= u.min_value && x.max_value <= u.max_value)
    return inner->value;
  return e;
}

}  // namespace tessera::arith
