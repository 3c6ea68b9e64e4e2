// The expression built-ins of TVM's Python API that need only the IR:
// tvm.tir.{truncdiv, truncmod, floordiv, floormod, indexdiv, indexmod, div, ceildiv,
// Select, if_then_else, all, any, Not, And, Or, const, IntImm, FloatImm, Cast, Var,
// SizeVar, min_value, max_value, min, max}, te.{var, size_var, const}, with the aliases
// TVM's modules re-export (te.floordiv, te.if_then_else, te.max, tvm.const, ...).
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

void RegisterExprBuiltins(Interpreter& interp);

// te.max(a, b, ...) / te.min(a, b, ...) without an axis: the max / min of the values
// (TVM's reducers reduce directly when the second argument is not an axis).
Result<Value> DirectMinMax(bool is_max, const CallArgs& call);

// Names TVM exports from tvm.tir and re-exports as te.X and (pre-0.7 API) tvm.X.
void AliasTirName(Interpreter& interp, const std::string& name);

}  // namespace tessera::script
