// Script values holding TensorIR: a tir::PrimFunc (what `te.create_prim_func([A, B, C])`
// and `@T.prim_func` make) and an IRModule of them by name (`tvm.IRModule({"main": f})`,
// `sch.mod`). Both print as TVMScript in the dialect they carry (`f.script()`,
// `mod.script()`, `mod.show()`), and `mod["main"]` gives the function back.
//
// This is the interface the TVMScript parser and the schedule objects share; keep it
// small: make values with MakeTensorIRFuncValue / MakeTensorIRModuleValue, read them with
// AsTensorIRFunc / AsTensorIRModule (which also accept the other kind where TVM does).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "script/lang/Interpreter.h"
#include "te/Tensor.h"
#include "tir/ScriptPrinter.h"
#include "tir/Stmt.h"
#include "tir/StructuralEqual.h"

namespace tessera::script {

// A TensorIR PrimFunc. type_name "PrimFunc" as in TVM. Attributes: script(), show(),
// with_attr(key, value) ("global_symbol" renames, "tir.noalias" / "tirx.noalias" sets
// noalias), params (the buffer names), attrs.
struct TensorIRFunc : Object {
  tir::PrimFunc func;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  // The tensors te.create_prim_func made it of (the run commands' reference); empty else.
  std::vector<te::Tensor> te_args;
  std::string type_name() const override { return "PrimFunc"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  std::optional<std::string> Str() const override;  // the TVMScript
};

// An IRModule of TensorIR functions in insertion order. Attributes: script(), show(),
// functions (a dict name -> PrimFunc), get_global_vars(); mod["name"] is the function,
// an unknown name a KeyError naming the ones there are.
struct TensorIRModule : Object {
  std::vector<std::pair<std::string, tir::PrimFunc>> functions;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  std::map<std::string, std::vector<te::Tensor>> te_args;  // by function, as TensorIRFunc's
  std::string type_name() const override { return "IRModule"; }
  std::optional<std::string> Str() const override { return Script(); }
  // The function value of mod[name], with its te_args. It keeps its own name (TVM's
  // global_symbol: tir.Schedule(f).mod["main"] is still called what f was).
  Value FunctionValue(const std::string& name, tir::PrimFunc f) const;
  // The function named `name`; nullptr when absent.
  const tir::PrimFunc* Find(const std::string& name) const;
  // The whole module as TVM prints it (`# from tvm.script import ir as I` ...).
  std::string Script() const;
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

Value MakeTensorIRFuncValue(tir::PrimFunc func, tir::TvmDialect dialect = tir::TvmDialect::Tir,
                            std::vector<te::Tensor> te_args = {});
Value MakeTensorIRModuleValue(std::vector<std::pair<std::string, tir::PrimFunc>> functions,
                              tir::TvmDialect dialect = tir::TvmDialect::Tir);

// The PrimFunc a value holds; nullptr when it is not a TensorIR PrimFunc.
const TensorIRFunc* AsTensorIRFunc(const Value& v);
// The IRModule a value holds; nullptr when it is not a TensorIR IRModule.
const TensorIRModule* AsTensorIRModule(const Value& v);

// Where two TensorIR values (PrimFuncs, or IRModules compared function by function)
// first differ (tir/StructuralEqual.h); nullopt when equal, or when either value is
// neither (`*handled` false then).
std::optional<std::string> TensorIRDifference(const Value& a, const Value& b, bool* handled,
                                              tir::FunctionComparison how = {});

// tvm.IRModule({"main": f}) / tvm.IRModule.from_expr(f) (tvm.ir.IRModule too) and
// te.create_prim_func([A, B, C]) (tir/CreatePrimFunc.h).
void RegisterTirFunctionBuiltins(Interpreter& interp);

}  // namespace tessera::script
