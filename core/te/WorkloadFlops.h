// WorkloadFlops: the useful work of a tensor-expression program, counted from its
// compute definitions (not from a scheduled, lowered program, which would count
// over-computation, padding and guards): profile's GFLOP/s. Per output element of each
// compute stage, every floating-point arithmetic operation (+ - * / % min max) and math
// call of the body counts one; a reduction counts its source's operations plus one
// combine per reduce step (a multiply-add reduction is 2 flops per step, the usual GEMM
// convention). Integer (index) arithmetic, comparisons, casts and loads count nothing;
// of a select / if_then_else the larger branch counts. A reduction's `where` condition
// is ignored (every step counts).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "te/Tensor.h"

namespace tessera::te {

// Floating-point operations to compute `outputs` (and every compute stage they read)
// once; shape variables by name in `vars`. A stage whose extent cannot be evaluated
// (an unknown variable) counts nothing.
double CountWorkloadFlops(const std::vector<Tensor>& outputs,
                          const std::map<std::string, int64_t>& vars);

// Bytes of the logical arrays of `args` (each read or written once): the GB/s basis.
double CountWorkloadBytes(const std::vector<Tensor>& args,
                          const std::map<std::string, int64_t>& vars);

// Floating-point operations of one evaluation of `e` (as above; a Reduce counts its
// sources and one combine).
double CountExprFlops(const ir::Expr& e);

}  // namespace tessera::te
