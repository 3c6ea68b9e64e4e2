// How the CUDA printer (CodeGenCUDA.h) writes tensor-core code, as TVM's codegen_cuda
// does: a wmma fragment buffer (ir/WmmaBuiltins.h) becomes an array of
// nvcuda::wmma::fragment<use, m, n, k, type[, layout]> with one element per tile, and
// each builtin the matching nvcuda::wmma call on tile `index` — fill_fragment,
// load_matrix_sync (the layout is the fragment's own for matrix_a/b, mem_row_major /
// mem_col_major for an accumulator), mma_sync and store_matrix_sync. A fragment is only
// reachable through the builtins on the GPU: one that is read or written element by
// element, or never given a shape by a builtin, is refused.
#pragma once

#include <functional>
#include <string>

#include "codegen/cuda/CudaProgram.h"
#include "ir/Expr.h"
#include "ir/WmmaBuiltins.h"
#include "support/Result.h"

namespace tessera::codegen {

// The #include lines the program needs: <cuda_fp16.h> for float16 and <mma.h> for the
// wmma builtins (nothing otherwise, so NVRTC needs no include path for plain programs).
std::string CudaHeaders(const CudaProgram& program);

// `nvcuda::wmma::fragment<...> name[tiles];` for fragment `f`, or why it cannot be one.
Result<std::string> WmmaFragmentDeclaration(const ir::FragmentInfo& f, const std::string& name);

// The builtin call `n` as an nvcuda::wmma call; `print` prints an argument.
Result<std::string> WmmaCallText(const ir::CallNode* n, const ir::FragmentMap& fragments,
                                 const std::function<std::string(const ir::Expr&)>& print);

}  // namespace tessera::codegen
