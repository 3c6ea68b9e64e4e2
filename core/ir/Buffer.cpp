#include "ir/Buffer.h"

namespace tessera::ir {

Buffer MakeBuffer(std::string name, DataType dtype, std::vector<Expr> shape, std::string scope) {
  auto b = std::make_shared<BufferNode>();
  b->data = Var(name, DataType::Handle());
  b->name = std::move(name);
  b->dtype = dtype;
  b->shape = std::move(shape);
  b->scope = std::move(scope);
  return b;
}

Buffer WithShape(const Buffer& b, std::vector<Expr> shape) {
  auto copy = std::make_shared<BufferNode>(*b);
  copy->shape = std::move(shape);
  return copy;
}

}  // namespace tessera::ir
