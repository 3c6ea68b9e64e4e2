// How backends address buffer elements: the one element index of an access (row-major
// over the buffer's shape, or its strides, plus its element offset — N-D physical
// buffers from axis_separators are linearised on the CPU), and the recognition of a
// contiguous vector index (ramp(b, 1, N), or x(b) + ramp(c, 1, N) as vectorisation may
// write it). Shared by the LLVM and C backends.
#pragma once

#include <vector>

#include "ir/Buffer.h"
#include "ir/Expr.h"

namespace tessera::codegen {

// The int64 element index of `indices` into `buffer` (vector when an index is).
ir::Expr LinearIndex(const ir::Buffer& buffer, const std::vector<ir::Expr>& indices);

// The first element of a contiguous (stride 1) vector index, or undefined.
ir::Expr ContiguousBase(const ir::Expr& index);

// The first element of a vector index with a constant stride (ramp(b, s, N), or
// x(b) + ramp(c, s, N)) and that stride, or undefined.
ir::Expr StridedBase(const ir::Expr& index, int64_t* stride);

}  // namespace tessera::codegen
