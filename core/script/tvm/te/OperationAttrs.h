// Operation.attrs (TVM's ComputeOp / ScanOp attrs): the dict te.compute(..., attrs={...})
// and te.scan(..., attrs=...) attach to the operation they create. Lowering never reads
// them, so they are kept by the script layer — in a table held by the interpreter,
// keyed by the operation — and read back through `op.attrs` (`in`, [], len, keys()).
#pragma once

#include "script/lang/Interpreter.h"
#include "te/Operation.h"

namespace tessera::script {

// Checks `attrs` (None or a dict with string keys; values as TVM keeps them: numbers,
// strings, expressions, lists of them) and records a copy for `op`. `param_loc` locates
// the error.
Status SetOperationAttrs(Interpreter& interp, const te::Operation& op, const Value& attrs,
                         const SourceLoc& param_loc);
// The attrs of `op`: a dict (empty when none were given).
Value OperationAttrs(const Interpreter& interp, const te::Operation& op);

}  // namespace tessera::script
