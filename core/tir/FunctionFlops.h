// FunctionFlops: the useful work of a TensorIR function, the GFLOP/s basis of a TensorIR
// document's Profile and roofline points. Counted on the unscheduled function (the one
// te.create_prim_func or the TVMScript made), whose loops are the blocks' iteration
// domains, so that a schedule's padding, guards and recomputation never count: every
// execution of a block body counts the floating-point operations of its stores as
// te::CountExprFlops counts them (a multiply-add reduction step is 2). A block's init
// and predicates count nothing. On a function made by te.create_prim_func this equals
// te::CountWorkloadFlops of its te definition.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "tir/Stmt.h"

namespace tessera::tir {

// Floating-point operations of one call of `f`; shape variables by name in `vars`. A
// loop whose extent cannot be evaluated (an unknown variable) counts nothing.
double CountFunctionFlops(const PrimFunc& f, const std::map<std::string, int64_t>& vars);

}  // namespace tessera::tir
