// The tensor-expression built-ins of TVM's `te` module: placeholder, compute,
// reduce_axis, thread_axis, the reductions sum / max / min over axes, and the math
// intrinsics (exp, log, sqrt, tanh, sigmoid, abs, ...), with TVM's argument names and
// defaults. Errors point at the argument at fault (a lambda whose arity does not match
// the shape's rank is reported at the lambda).
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

// Also registers the expression built-ins (ExprBuiltins.h) that these extend.
void RegisterTeBuiltins(Interpreter& interp);

}  // namespace tessera::script
