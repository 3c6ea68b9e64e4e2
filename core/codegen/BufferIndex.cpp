#include "codegen/BufferIndex.h"

#include "ir/ExprOp.h"

namespace tessera::codegen {

using namespace ir;

namespace {
Expr AsInt64(const Expr& e) { return cast(DataType::Int(64, e.dtype().lanes()), e); }
}  // namespace

Expr LinearIndex(const Buffer& buffer, const std::vector<Expr>& indices) {
  Expr index;
  if (buffer->strides.size() == indices.size() && !buffer->strides.empty()) {
    index = make_const(DataType::Int(64), int64_t{0});
    for (size_t d = 0; d < indices.size(); ++d)
      index = add(index, mul(AsInt64(indices[d]), AsInt64(buffer->strides[d])));
  } else if (indices.size() == 1) {
    index = AsInt64(indices[0]);
  } else {
    index = AsInt64(indices[0]);
    for (size_t d = 1; d < indices.size() && d < buffer->shape.size(); ++d)
      index = add(mul(index, AsInt64(buffer->shape[d])), AsInt64(indices[d]));
  }
  if (buffer->elem_offset.defined() && !is_zero(buffer->elem_offset))
    index = add(index, AsInt64(buffer->elem_offset));
  return index;
}

Expr StridedBase(const Expr& index, int64_t* stride) {
  if (auto* r = index.as<RampNode>()) {
    const int64_t* s = as_const_int(r->stride);
    if (!s) return Expr();
    *stride = *s;
    return r->base;
  }
  auto* sum = index.as<BinaryNode>();
  if (!sum || sum->kind != ExprKind::Add) return Expr();
  if (auto* ba = sum->a.as<BroadcastNode>()) {
    Expr base = StridedBase(sum->b, stride);
    return base.defined() ? add(ba->value, base) : Expr();
  }
  if (auto* bb = sum->b.as<BroadcastNode>()) {
    Expr base = StridedBase(sum->a, stride);
    return base.defined() ? add(base, bb->value) : Expr();
  }
  return Expr();
}

Expr ContiguousBase(const Expr& index) {
  int64_t stride = 0;
  Expr base = StridedBase(index, &stride);
  return base.defined() && stride == 1 ? base : Expr();
}

}  // namespace tessera::codegen
