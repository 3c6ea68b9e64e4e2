// IRModule and PrimFunc script objects, and the built-ins that make and transform them
// (TVM's driver API as its tests use it):
//   mod = tvm.lower(s, [A, B], name="main")        the program after the lowering pipeline
//   mod = schedule_to_module(s, [A, B], "main")   ScheduleOps' program, before any pass
//   mod["main"].body, mod["main"].params, mod.functions, str(mod)
//   mod = tvm.tir.transform.Simplify()(mod)       one pass of core/transform/Pipeline.cpp
//   tvm.tir.stmt_functor.post_order_visit(stmt, f)
//   stmt = tvm.te.schedule.ScheduleOps(s, tvm.te.schedule.InferBound(s))
// Where Tessera departs from TVM (LANGUAGE.md): its ScheduleOps program keeps TVM's
// ProducerRealize / ProducerStore (TVM's schedule_to_module turns them into
// BufferRealize / BufferStore), and tvm.lower runs Tessera's pipeline, LoopPartition
// included.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schedule/Schedule.h"
#include "script/lang/Interpreter.h"
#include "script/tvm/driver/LowerArgs.h"
#include "te/Tensor.h"
#include "transform/PassContext.h"
#include "transform/PrimFunc.h"

namespace tessera::script {

struct TirPrimFuncObject : Object {
  transform::PrimFunc func;
  transform::PassContext ctx;  // binds the argument tensors to func's buffers (StorageFlatten)
  std::string type_name() const override { return "PrimFunc"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  // "# PrimFunc main(A, B, n)" and the body's program text.
  std::string Text() const;
  std::optional<std::string> Str() const override { return Text(); }
};
using TirPrimFuncPtr = std::shared_ptr<const TirPrimFuncObject>;

struct TirModuleObject : Object {
  struct Function {
    std::string name;
    TirPrimFuncPtr func;
  };
  // A module from tvm.lower runs the pipeline on ScheduleOps' program when it is first
  // read, so that a script that only prints it (as exported ones do) costs no lowering.
  struct PendingPipeline {
    ir::Stmt input;
    std::vector<ir::DataProducer> args;
    transform::PassContext ctx;
    std::string name;
    transform::ScalarParams scalars;
  };
  mutable std::optional<PendingPipeline> pending;
  // Why a module from tvm.lower has no function: ScheduleOps or a pass failed. It is
  // reported where the module is read, so that a script that only prints it (a saved
  // schedule whose lowering fails) still loads; the line is tvm.lower's.
  mutable std::optional<std::string> failure;
  int failure_line = 0;
  mutable std::vector<Function> functions;

  std::string type_name() const override { return "IRModule"; }
  // The functions, lowering first when pending. Errors: the pipeline failed.
  Result<const std::vector<Function>*> Functions() const;
  Result<std::string> Text() const;
  std::optional<std::string> Str() const override {
    auto text = Text();
    return text ? *text : "# " + text.error().message + "\n";
  }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
  // mod["main"]; a name the module lacks is a KeyError naming the ones it has.
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
};

// tvm.lower's module of `sch` with parameters `args` (tensors and scalar variables in
// the order given; the placeholders the outputs read and the outputs, and every variable
// the computation reads, when it has no tensor): ScheduleOps runs now (on the schedule as
// it is at the call), the passes when the module is first read; a failure of either
// (an unlisted variable too) is reported then. `run_pipeline` false keeps ScheduleOps'
// program (schedule_to_module), whose failure is an error at `loc`.
Result<Value> ScheduleModuleValue(const std::shared_ptr<schedule::Schedule>& sch,
                                  const LowerArgList& args, const std::string& name,
                                  bool run_pipeline, const SourceLoc& loc);

// schedule_to_module (tvm.driver.build_module, tvm.driver), tvm.tir.transform.<pass>,
// tvm.tir.stmt_functor.post_order_visit, tvm.te.schedule.ScheduleOps, and the tvm.tir
// class names (TirObjects.h).
void RegisterTirModuleBuiltins(Interpreter& interp);

}  // namespace tessera::script
