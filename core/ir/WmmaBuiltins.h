// WmmaBuiltins: what TVM's four tensor-core builtins mean, as one specification that
// the CPU lowering, the CUDA printer and the emulator all follow (TVM v0.19:
// src/target/source/codegen_cuda.cc, src/tir/transforms/tensorcore_infer_fragment.cc).
//
// A tensor-core program keeps its operands in wmma *fragments*: an allocation whose
// storage scope is wmma.matrix_a, wmma.matrix_b or wmma.accumulator, holding one or
// more tiles. With the fragment shape (m, n, k) a matrix_a tile is m x k, a matrix_b tile
// k x n and an accumulator tile m x n. Tile `index` of fragment buffer F is the elements
// F[index * rows * cols + r * cols + c] (r < rows, c < cols): row-major, whatever layout
// the memory it was loaded from has — the layout only says how memory is read. (On the
// GPU the tile is spread over the warp's registers; only the builtins can reach it.)
//
//   tir.tvm_fill_fragment(F, m, n, k, index, value)            every element = value
//   tir.tvm_load_matrix_sync(F, m, n, k, index, ptr, stride, layout)
//       element (r, c) = ptr[r * stride + c] ("row_major") or ptr[c * stride + r]
//       ("col_major"), converted to F's type
//   tir.tvm_store_matrix_sync(F, m, n, k, index, ptr, stride, layout)
//       the reverse, from an accumulator
//   tir.tvm_mma_sync(D, di, A, ai, B, bi, C, ci)
//       D[di](i, j) = C[ci](i, j) + sum over kk < k, in order, of A[ai](i, kk) * B[bi](kk, j),
//       products and sums in the accumulator's type (fp16 in, fp32 accumulate)
//
// `ptr` is a buffer's access_ptr (tvm_access_ptr); m, n, k and the layout are constants.
// Shapes: 16x16x16, 32x8x16 and 8x32x16 (TVM's for fp16 and int8); operands float16
// (accumulator float32 or float16) or int8/uint8 (accumulator int32).
// As TVM's InferFragment does, every fragment has one shape, every matrix_a / matrix_b
// fragment one layout (from the loads), mma_sync's operands have the roles it needs and
// agree on the shape; errors name the intrinsic the call came from.
#pragma once

#include <map>
#include <span>
#include <string>

#include "ir/Stmt.h"
#include "support/Result.h"

namespace tessera::ir {

enum class WmmaBuiltin { FillFragment, LoadMatrixSync, StoreMatrixSync, MmaSync };
enum class FragmentRole { MatrixA, MatrixB, Accumulator };

// The builtin named by a call's op ("tir.tvm_mma_sync", ...); false for anything else.
bool IsWmmaBuiltin(const std::string& op, WmmaBuiltin* which = nullptr);

// One builtin: its op ("tir.tvm_mma_sync"), its arity and its arguments' names.
struct WmmaBuiltinSpec {
  const char* op;
  WmmaBuiltin which;
  size_t arity;
  const char* signature;
};
std::span<const WmmaBuiltinSpec> WmmaBuiltinSpecs();

struct WmmaShape {
  int64_t m = 0, n = 0, k = 0;
  bool operator==(const WmmaShape&) const = default;
  std::string str() const;  // "16, 16, 16" (as TVM's fragment_shape attribute)
};

// One fragment buffer of a program, as InferFragments found it.
struct FragmentInfo {
  std::string name;
  FragmentRole role = FragmentRole::Accumulator;
  ir::DataType dtype;
  int64_t elements = 0;         // the allocation's size
  WmmaShape shape;              // from the builtins that use it
  std::string layout;           // "row_major" / "col_major" for matrix_a / matrix_b
  bool element_access = false;  // read or written element by element (CPU only)
  int64_t rows() const;         // of one tile
  int64_t cols() const;
  int64_t tiles() const { return elements / (rows() * cols()); }
};
using FragmentMap = std::map<const ir::ExprNode*, FragmentInfo>;  // by the buffer's data var

// The fragments of `body` (its wmma.* allocations) with the shape and layout the builtins
// give them; an error for a builtin that breaks the rules above.
Result<FragmentMap> InferFragments(const ir::Stmt& body);

// The CPU meaning of the builtins: each call replaced by loops over the fragment
// buffers and the memory (after StorageFlatten). Errors as InferFragments.
Result<ir::Stmt> LowerWmmaBuiltinsToLoops(const ir::Stmt& body);

}  // namespace tessera::ir
