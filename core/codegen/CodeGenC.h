// CodeGenC: prints a lowered, flattened PrimFunc as a self-contained C11 translation
// unit (`tessera-cli export --format c`): helper functions for floor division and
// min/max, the kernel `int32_t NAME(float* restrict A, ..., int32_t n)` returning 0 or
// -1 (message from `const char* NAME_last_error(void)`), and a packed entry
// `int32_t NAME_packed(const uint64_t* args)` with the same calling convention as the
// LLVM backend. Vector statements become loops over lanes (`for (tsr_lane ...)`, which
// C compilers vectorise); parallel loops carry `#pragma omp parallel for` when their
// body cannot return early. Integer arithmetic wraps as in the IR when compiled with
// -fwrapv; _Float16 and statement expressions (for Let expressions) need GCC or Clang.
#pragma once

#include <string>

#include "codegen/LoopLines.h"
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::codegen {

// With `lines`, also which lines print which loop of f.body (LoopLines.h).
Result<std::string> CodeGenC(const transform::PrimFunc& f, LoopLines* lines = nullptr);

}  // namespace tessera::codegen
