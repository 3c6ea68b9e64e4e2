// What TVM's unit tests ask of a schedule from Python: `bounds =
// tvm.te.schedule.InferBound(s)` and `bounds[A1.op.axis[0]].extent.value == 8`, with
// `isinstance(bounds, tvm.container.Map)`. A script written as TVM's
// test_te_schedule_bound_inference.py is written runs its asserts against Tessera's
// InferBound, in TVM's mode (InferBoundOptions::TVM: TVM's answers, not Tessera's
// tighter ones), on the schedule as it stands at that line.
#pragma once

#include "schedule/MessagePassing.h"
#include "script/lang/Value.h"

namespace tessera::script {

class Interpreter;

// The IterVar -> Range map (TVM's Map): bounds[iv] gives a range with .min / .extent.
struct BoundsObject : Object {
  schedule::RangeMap ranges;
  std::string type_name() const override { return "Map"; }
  Result<Value> Subscript(Interpreter& interp, const std::vector<Value>& indices,
                          const std::vector<SourceLoc>& index_locs,
                          const SourceLoc& loc) const override;
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// A Range of such a map (TVM's Range): .min and .extent are expressions.
struct BoundRangeObject : Object {
  ir::Range range;
  std::string type_name() const override { return "Range"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};
Value MakeRangeValue(const ir::Range& range);

// tvm.te.schedule.InferBound (and tvm.schedule.InferBound, its pre-0.7 name).
void RegisterBoundBuiltins(Interpreter& interp);

// isinstance(value, type or tuple of types): Python's types (int, float, str, bool,
// list, tuple, dict) and TVM's (tvm.container.Map, tvm.tir.IntImm, FloatImm, Var,
// PrimExpr, IterVar, te.Tensor, ...).
void RegisterTypeBuiltins(Interpreter& interp);

}  // namespace tessera::script
