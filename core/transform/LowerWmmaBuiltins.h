// LowerWmmaBuiltins: on the CPU targets (llvm, c), TVM's tensor-core builtins
// (tir.tvm_fill_fragment, tvm_load_matrix_sync, tvm_mma_sync, tvm_store_matrix_sync)
// become plain loops over the fragment buffers, with the meaning ir/WmmaBuiltins.h
// specifies, so that a tensorized wmma program runs and can be checked on any machine.
// For CUDA the calls stay: the CUDA printer turns them into nvcuda::wmma calls.
// A builtin that breaks the rules (shape, layout, roles, types) is reported with its
// intrinsic on every target.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt LowerWmmaBuiltins(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
