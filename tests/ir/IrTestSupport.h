// Helpers shared by the IR tests: a minimal tensor (DataProducer) and Qt metatypes,
// so that the IR tests need nothing from the te layer.
#pragma once

#include <QMetaType>
#include <memory>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "ir/Stmt.h"

namespace tessera::ir::test {

// What te::Tensor is to the IR: a name, a shape and an element type.
struct FakeTensor : DataProducerNode {
  std::string name;
  std::vector<Expr> shape;
  DataType dtype;
  FakeTensor(std::string n, std::vector<Expr> s, DataType t)
      : name(std::move(n)), shape(std::move(s)), dtype(t) {}
  std::string producer_name() const override { return name; }
  std::vector<Expr> producer_shape() const override { return shape; }
  DataType producer_dtype() const override { return dtype; }
};

inline DataProducer MakeTensor(std::string name, std::vector<Expr> shape,
                               DataType t = DataType::Int(32)) {
  return std::make_shared<const FakeTensor>(std::move(name), std::move(shape), t);
}

}  // namespace tessera::ir::test

Q_DECLARE_METATYPE(tessera::ir::Expr)
Q_DECLARE_METATYPE(tessera::ir::Stmt)
