// tvm.tir.TensorIntrin in scripts (TensorIR's tensor intrinsics; te.decl_tensor_intrin's
// are te/TensorIntrinObjects.h and stay apart):
//   tir.TensorIntrin.register("dot4", dot4_desc, dot4_impl)   # two @T.prim_func
//   tir.TensorIntrin.get("dot4")            # ValueError when not registered
//   tir.TensorIntrin.get("x", allow_missing=True)   # None
//   sch.tensorize(ki, "dot4")
// Registrations go to the evaluation's own registry (the schedules it makes look names up
// there), so running a script twice does not register its intrinsics twice.
#pragma once

#include <memory>

#include "script/lang/Interpreter.h"
#include "tir/TensorIntrin.h"

namespace tessera::script {

// A registered intrinsic: .desc and .impl are its PrimFuncs.
struct TirTensorIntrinObject : Object {
  tir::TensorIntrin intrin;
  explicit TirTensorIntrinObject(tir::TensorIntrin i) : intrin(std::move(i)) {}
  std::string type_name() const override { return "TensorIntrin"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// tvm.tir.TensorIntrin (and tvm.tir.function.TensorIntrin): TensorIntrin(desc, impl),
// .register(name, desc, impl, override=False) and .get(name, allow_missing=False), into
// and from the registry of the evaluation that calls them (`intrins_of`).
using TensorIntrinsOf = std::function<tir::TensorIntrinRegistry&(Interpreter& interp)>;
void RegisterTirTensorIntrinBuiltins(Interpreter& interp, TensorIntrinsOf intrins_of);

}  // namespace tessera::script
