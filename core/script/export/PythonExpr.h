// An IR expression written back in the script language, the way TVM's Python API would
// build it, so that evaluating the text gives the same expression: `(i // 4)` for
// floordiv, `tvm.tir.truncdiv(a, b)` for C division, `te.max(a, b)`,
// `tvm.tir.Select(c, a, b)`, `tvm.tir.all(a, b)`, `tvm.tir.Cast("float32", x)`,
// `tvm.tir.const(5, "int64")` for non-int32 integers, `A[i, j]` for a tensor element.
// Used by the script printer for the lambdas of transform_layout (index maps, pad
// values). Every compound node is parenthesised.
#pragma once

#include <functional>
#include <string>

#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::script {

struct PythonExprNames {
  std::string te = "te.";  // how the te module is reached ("te." or "tvm.te.")
  // The variable holding a tensor read by the expression (its name when not given).
  std::function<std::string(const ir::DataProducer&)> tensor;
};

// Errors for nodes a script cannot write (Ramp, Broadcast, Let, Reduce, BufferLoad, and
// calls to functions the script language does not have).
Result<std::string> ToPython(const ir::Expr& e, const PythonExprNames& names = {});

}  // namespace tessera::script
