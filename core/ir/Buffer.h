// Buffer: a typed region of memory with a shape, strides, a storage scope and,
// optionally, a layout transform (the index map of transform_layout, RFC 0077).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/Expr.h"

namespace tessera::ir {

// A map from logical indices to physical indices: lambda i, j: [i // 4, j, i % 4].
struct IndexMapNode {
  std::vector<Var> initial_indices;
  std::vector<Expr> final_indices;
};
using IndexMap = std::shared_ptr<const IndexMapNode>;

struct BufferNode {
  std::string name;
  Var data;        // the handle variable holding the base pointer
  DataType dtype;  // element type
  std::vector<Expr> shape;
  std::vector<Expr> strides;  // empty = compact row-major
  Expr elem_offset;           // undefined = 0
  std::string scope = "global";
  std::vector<int> axis_separators;  // flattening groups (RFC 0077); empty = flatten all
  IndexMap layout;                   // logical -> physical map; null = identity
};

// A compact row-major global buffer with a fresh data handle named after it.
Buffer MakeBuffer(std::string name, DataType dtype, std::vector<Expr> shape,
                  std::string scope = "global");
// A copy of `b` with some fields replaced (buffers are immutable).
Buffer WithShape(const Buffer& b, std::vector<Expr> shape);

}  // namespace tessera::ir
