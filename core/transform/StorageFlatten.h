// StorageFlatten: turns tensor accesses into memory accesses. A ProducerRealize becomes
// an Allocate of one flat (1-D) buffer covering the realized region, which may be a
// sub-rectangle of the tensor: element (i_0, ..., i_k) is stored at
// sum((i_d - min_d) * stride_d) with row-major strides over the region's extents.
// Tensors that are not realized are function arguments: their accesses go to the
// argument buffers of the PassContext, flattened row-major over the buffer's shape (or
// its explicit strides), and — when the buffer has axis_separators — flattened only
// within each group of axes, giving an N-D physical buffer (RFC 0077). After this pass
// no Producer* node remains, which is what every backend expects.
// A tensorized region (schedule/Tensorize.h) binds an intrinsic's buffer to a tensor's
// region with AttrStmt "buffer_bind_scope": the buffer's data becomes the tensor's, its
// element offset and stride variables the region's offset and the tensor's strides
// (declared constants must agree), and its accesses become accesses of the tensor.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt StorageFlatten(ir::Stmt s, const PassContext& ctx);

// The buffer that a flattened access to `b` uses: same data handle and element type,
// shape = the product of each group of axes (one group unless b has axis_separators).
ir::Buffer FlattenedBuffer(const ir::Buffer& b);
// The physical indices of logical access `indices` to `b` (one per group of axes).
std::vector<ir::Expr> FlattenIndices(const ir::Buffer& b, const std::vector<ir::Expr>& indices);

}  // namespace tessera::transform
