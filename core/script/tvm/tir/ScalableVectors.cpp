#include "script/tvm/tir/ScalableVectors.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::script {

void RegisterScalableVectorBuiltins(Interpreter& interp) {
  interp.RegisterFunction("tvm.tir.vscale", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    if (c.size() != 0) return Error("vscale() takes no arguments", c.loc);
    // Pure: TVM's tir.vscale has no side effects (one value for the whole run).
    return Value::FromExpr(
        ir::MakeCall(ir::DataType::Int(32), "vscale", {}, ir::CallKind::PureIntrinsic));
  });
  interp.Alias("tvm.tir.op.vscale", "tvm.tir.vscale");
}

bool ReadsVscale(const ir::Expr& e) {
  bool found = false;
  ir::PostOrderVisit(e, [&found](const ir::Expr& x) {
    if (auto* call = x.as<ir::CallNode>(); call && call->op == "vscale") found = true;
  });
  return found;
}

Error ScalableAmountError(const std::string& what, const SourceLoc& loc) {
  return Error(
      what +
          " cannot be a multiple of tvm.tir.vscale(): scalable vectors (Arm SVE) have no Tessera "
          "target, and Tessera splits by constant factors; split by a constant (e.g. factor=4)",
      loc);
}

}  // namespace tessera::script
