// LowerFloorDivMod (bound-info RFC): floordiv/floormod become truncdiv/truncmod, which
// map to C's `/` and `%`, wherever both agree, i.e. when the dividend is provably
// non-negative and the divisor provably non-negative.
//
// Choice (as the RFC intends): a divisor known only to be >= 0 -- a size var such as
// the `n` of `floormod(i, n)` -- is accepted. At 0 the division is undefined in both
// forms, so the lowering cannot change a defined result. Everything else is kept.
#include "arith/Analyzer.h"
#include "arith/AnalyzerImpl.h"
#include "arith/MapChildren.h"
#include "ir/ExprOp.h"

namespace tessera::arith {

using namespace ir;

namespace {

class FloorDivModLowerer {
 public:
  explicit FloorDivModLowerer(Analyzer* analyzer) : an_(analyzer) {}

  Expr Lower(const Expr& e) {
    if (!e.defined() || depth_ >= kMaxAnalyzerDepth) return e;
    ++depth_;
    Expr r = MapChildren(e, [this](const Expr& c) { return Lower(c); });
    auto* n = r.as<BinaryNode>();
    if (n && (n->kind == ExprKind::FloorDiv || n->kind == ExprKind::FloorMod) &&
        n->a.dtype().is_integer() && NonNegative(n->a) && NonNegative(n->b)) {
      r = MakeBinary(n->kind == ExprKind::FloorDiv ? ExprKind::Div : ExprKind::Mod, n->a, n->b);
    }
    --depth_;
    return r;
  }

 private:
  Analyzer* an_;
  int depth_ = 0;

  bool NonNegative(const Expr& e) { return an_->CanProveGreaterEqual(e, 0); }
};

}  // namespace

Expr Analyzer::LowerFloorDivMod(const Expr& e) {
  FloorDivModLowerer lowerer(this);
  return lowerer.Lower(e);
}

}  // namespace tessera::arith
