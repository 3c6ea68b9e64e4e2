// Extern calls cannot run here: a script's tvm.tir.call_extern names a function that
// Tessera would have to find in its own process (anything from `system` on), and
// opening a script must not run arbitrary code (DESIGN.md). The CPU backend therefore
// refuses a program with an extern call before compiling it; lower and export (C,
// LLVM IR) still show the call. A call inside a tensorized region (AttrStmt
// "tensor_intrin", schedule/Tensorize.h) is reported with its intrinsic and stage. TVM's
// builtins written with call_intrin ("tir.*") are refused the same way, except the
// tensor-core ones, which the pipeline has turned into loops on the CPU
// (transform/LowerWmmaBuiltins.h) before this check. A pragma import_llvm / import_c
// (code to link into the module) is refused too.
#pragma once

#include "ir/Stmt.h"
#include "support/Result.h"

namespace tessera::codegen {

// An error naming the first extern call of `body` (and its intrinsic), or Ok.
Status CheckNoExternCalls(const ir::Stmt& body);

}  // namespace tessera::codegen
