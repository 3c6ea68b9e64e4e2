// ScriptPrinter: a schedule's Trace printed back as TVM script lines, and a whole
// program (the workload's source text + create_schedule + one line per trace entry) as
// a script that evaluates to the same schedule. Names come from the script when it gave
// them (ScriptNames); others are derived from the IterVar / stage names ("i.outer" ->
// i_outer) and made unique, so every printed name is bound exactly once. Printing is a
// fixed point: print(parse(print(parse(x)))) == print(parse(x)).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "schedule/Trace.h"
#include "script/Evaluator.h"
#include "script/export/PythonExpr.h"

namespace tessera::script {

// Tessera's scripts may use extensions of TVM's API (transform_layout's pad_value and
// axis_separators); for TVM they print as the closest TVM call plus a comment.
enum class ScriptDialect : uint8_t { Tessera, TVM };

// A valid Python identifier from a TVM name: "i.outer" -> "i_outer".
std::string PythonIdentifier(const std::string& name);

// A trace lambda (transform_layout's index map or pad value) as Python: `lambda i, j:
// [...]` with the parameters renamed to identifiers, or the constant itself. `as_list`:
// the body is a list even with one element (index maps).
Result<std::string> PrintTraceLambda(const schedule::TraceLambda& l, bool as_list,
                                     const PythonExprNames& names = {});

// The schedule statements of `trace`, one per entry, e.g.
//   io, ii = s[B].split(B.op.axis[0], factor=8)
//   s[B].vectorize(ii)
// `te_prefix` is how the te module is reached ("te." or "tvm.te.").
std::vector<std::string> PrintTraceLines(const schedule::Trace& trace, const ScriptNames& names,
                                         const std::string& te_prefix = "te.",
                                         ScriptDialect dialect = ScriptDialect::Tessera);

// One argument of the lowered function as the script names it (`A`, `T.op.output(1)`,
// a scalar variable `b`): a tensor, or else the scalar `var`.
struct ScriptArgument {
  std::string text;
  te::Tensor tensor;
  ir::Var var;
};

// tvm.lower's argument list in order: the tensors of ScriptProgram::Arguments() with the
// listed scalar variables at their places, then the unlisted scalars a compute reads.
std::vector<ScriptArgument> ScriptArguments(const ScriptProgram& program);

// The whole script of `program` with its schedule's current trace.
std::string PrintScript(const ScriptProgram& program,
                        ScriptDialect dialect = ScriptDialect::Tessera);

}  // namespace tessera::script
