// PrimFunc: a lowered function — its parameters and its body. Buffer parameters are
// the N-D argument buffers (their shapes, with symbolic shape vars, are what a call is
// checked against); the body addresses them through flat buffers sharing their `data`
// handle. Scalar parameters are shape variables (int32/int64) or other scalars.
// What the pipeline produces and what the backends, the interpreter and the runtime
// take.
#pragma once

#include <string>
#include <vector>

#include "ir/Buffer.h"
#include "ir/Expr.h"
#include "ir/Stmt.h"
#include "support/Result.h"

namespace tessera::transform {

struct PrimFuncParam {
  ir::Var var;        // the scalar variable, or the buffer's data handle
  ir::Buffer buffer;  // null for a scalar parameter
  bool is_buffer() const { return buffer != nullptr; }
};

struct PrimFunc {
  std::string name;
  std::vector<PrimFuncParam> params;
  ir::Stmt body;

  std::vector<ir::Buffer> buffer_params() const;
  std::vector<ir::Var> scalar_params() const;
};

// A function over `buffers` (in that order) followed by one scalar parameter per
// variable that their shapes use (in order of first appearance) and then `extra_scalars`
// not already listed.
PrimFunc MakePrimFunc(std::string name, const std::vector<ir::Buffer>& buffers, ir::Stmt body,
                      const std::vector<ir::Var>& extra_scalars = {});

// A scalar variable a caller lists among a function's arguments, as TVM's
// tvm.lower(s, [A, b, B]) makes `b` a parameter: `position` is its index in that list,
// tensors counted.
struct ListedScalar {
  ir::Var var;
  size_t position = 0;
};

// The scalar parameters a caller asks for besides the argument buffers' shape variables.
struct ScalarParams {
  std::vector<ListedScalar> listed;
  // Variables that become trailing parameters when the body reads them unlisted (a
  // script that gives no argument list: the te.var scalars its computation reads). Any
  // other variable the body reads that is neither a parameter nor defined in it fails
  // lowering, named (TVM: "variable is not bound"; a loop variable leaking out of its
  // loop stays an error, never a parameter).
  std::vector<ir::Var> unlisted;
};

// The parameters in argument order — `buffers` with each listed scalar at its position
// — then the buffers' shape variables not listed (in order of first appearance).
PrimFunc MakePrimFunc(std::string name, const std::vector<ir::Buffer>& buffers,
                      const std::vector<ListedScalar>& listed, ir::Stmt body);

// The variables `f`'s body reads that are neither parameters nor defined in it (data
// handles excluded): those among `bindable` are appended to f's parameters; another is
// an error naming it, as TVM refuses an unbound variable.
Status BindUnlistedScalars(PrimFunc* f, const std::vector<ir::Var>& bindable);

// Variables the body uses but does not define (loop vars, lets and allocations define).
std::vector<ir::Var> UndefinedVars(const ir::Stmt& body);

// Checks that every variable the body uses is a parameter or defined inside it and that
// the name is a C identifier; the error names the first offender.
Status VerifyPrimFunc(const PrimFunc& f);

}  // namespace tessera::transform
