// A PrimFunc's parameters as a caller passes them: the buffers of `params` and the scalar
// parameters interleaved by position, and the variables the buffers' shapes use. The
// printer, the TensorIR export and the CLI's scalar checks all walk them in this order.
#pragma once

#include <vector>

#include "tir/Stmt.h"

namespace tessera::tir {

// One parameter in argument order: either a buffer (with its index in PrimFunc::params)
// or a scalar parameter.
struct FunctionParam {
  const Buffer* buffer = nullptr;
  size_t buffer_index = 0;
  const ScalarParam* scalar = nullptr;
};

// The parameters in argument order. A scalar whose position lies past the buffers comes
// after them, as TVMScript lists it.
std::vector<FunctionParam> ParamsInOrder(const PrimFunc& f);

// The variables the shapes of f's buffer parameters use (`n` in `(n, n * 2)`), in order of
// first use, each once.
std::vector<Var> ShapeVariables(const PrimFunc& f);

}  // namespace tessera::tir
