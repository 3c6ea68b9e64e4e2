#include "transform/LowerWmmaBuiltins.h"

#include "ir/WmmaBuiltins.h"

namespace tessera::transform {

ir::Stmt LowerWmmaBuiltins(ir::Stmt s, const PassContext& ctx) {
  if (ctx.target == "cuda") {
    // The CUDA printer needs the calls; still report a broken one here, at lowering.
    if (auto fragments = ir::InferFragments(s); !fragments)
      ctx.ReportError(fragments.error().message);
    return s;
  }
  Result<ir::Stmt> lowered = ir::LowerWmmaBuiltinsToLoops(s);
  if (!lowered) {
    ctx.ReportError(lowered.error().message);
    return s;
  }
  return *lowered;
}

}  // namespace tessera::transform
