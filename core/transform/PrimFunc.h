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

// Variables the body uses but does not define (loop vars, lets and allocations define).
std::vector<ir::Var> UndefinedVars(const ir::Stmt& body);

// Checks that every variable the body uses is a parameter or defined inside it and that
// the name is a C identifier; the error names the first offender.
Status VerifyPrimFunc(const PrimFunc& f);

}  // namespace tessera::transform
