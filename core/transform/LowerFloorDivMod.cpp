#include "transform/LowerFloorDivMod.h"

#include "transform/AnalyzerMutator.h"

namespace tessera::transform {

using namespace ir;

namespace {

class FloorDivModLowering : public AnalyzerMutator {
 public:
  using AnalyzerMutator::AnalyzerMutator;

 protected:
  Expr Rewrite(const Expr& e) override {
    if (!e.defined()) return e;
    Expr r = analyzer_.LowerFloorDivMod(e);
    return r.defined() ? r : e;
  }
};

}  // namespace

Stmt LowerFloorDivMod(Stmt s, const PassContext& ctx) {
  if (!s.defined()) return s;
  auto analyzer = ctx.MakeAnalyzer();
  return FloorDivModLowering(*analyzer).VisitStmt(s);
}

}  // namespace tessera::transform
