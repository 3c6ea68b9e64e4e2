// tvm.tir.vscale(): the multiple of 128 bits of an Arm SVE vector register, unknown
// until run time (TVM 0.19's `T.vscale()`, lowered by its LLVM backend to llvm.vscale).
// It is an int32 intrinsic call "vscale" here, so `4 * tvm.tir.vscale()` builds and
// prints as an expression; no Tessera target has scalable vectors, so code generation
// refuses a program that reads it (codegen/ExternCalls names vscale), and a split by a
// scalable factor is refused where it is written.
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

void RegisterScalableVectorBuiltins(Interpreter& interp);

// Whether `e` reads tvm.tir.vscale() (a split by `4 * vscale()` is refused with this).
bool ReadsVscale(const ir::Expr& e);

// The error for a schedule primitive given a scalable amount: Tessera's splits and tiles
// take constant factors (TVM 0.19 lowers such a split symbolically, for SVE targets).
Error ScalableAmountError(const std::string& what, const SourceLoc& loc);

}  // namespace tessera::script
