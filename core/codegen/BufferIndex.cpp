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

Expr ContiguousBase(const Expr& index) {
  if (auto* r = index.as<RampNode>()) return is_one(r->stride) ? r->base : Expr();
  auto* sum = index.as<BinaryNode>();
  if (!sum || sum->kind != ExprKind::Add) return Expr();
  if (auto* ba = sum->a.as<BroadcastNode>()) {
    Expr base = ContiguousBase(sum->b);
    return base.defined() ? add(ba->value, base) : Expr();
  }
  if (auto* bb = sum->b.as<BroadcastNode>()) {
    Expr base = ContiguousBase(sum->a);
    return base.defined() ? add(base, bb->value) : Expr();
  }
  return Expr();
}

}  // namespace tessera::codegen
