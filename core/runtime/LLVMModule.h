// BuildLLVM: a lowered PrimFunc compiled by the LLVM backend (codegen/LLVMBackend.h) and
// linked against the runtime's C functions (RuntimeABI.h), callable at once.
#pragma once

#include "codegen/LLVMBackend.h"
#include "runtime/CompiledFunction.h"
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::runtime {

Result<CompiledFunction> BuildLLVM(const transform::PrimFunc& f,
                                   const codegen::LLVMOptions& options = {});

}  // namespace tessera::runtime
