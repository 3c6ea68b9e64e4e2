// Helpers for the pass tests: a stand-in tensor (the IR only needs a DataProducer),
// buffers over an existing data handle, and running a PrimFunc on random inputs with
// the interpreter so that a pass can be checked against the unoptimised program.
#pragma once

#include <QtTest>
#include <memory>
#include <string>
#include <vector>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "ir/Stmt.h"
#include "reference/Compare.h"
#include "runtime/IRInterpreter.h"
#include "transform/PrimFunc.h"

namespace tessera::testing {

struct TestTensor : ir::DataProducerNode {
  std::string name;
  std::vector<ir::Expr> shape;
  ir::DataType dtype;
  TestTensor(std::string n, std::vector<ir::Expr> s, ir::DataType t)
      : name(std::move(n)), shape(std::move(s)), dtype(t) {}
  std::string producer_name() const override { return name; }
  std::vector<ir::Expr> producer_shape() const override { return shape; }
  ir::DataType producer_dtype() const override { return dtype; }
};

inline ir::DataProducer Tensor(std::string name, std::vector<ir::Expr> shape,
                               ir::DataType t = ir::DataType::Float(32)) {
  return std::make_shared<const TestTensor>(std::move(name), std::move(shape), t);
}

// A 1-D buffer of `extent` elements on an existing handle (what an Allocate declares).
inline ir::Buffer BufferOn(const ir::Var& data, ir::DataType t, ir::Expr extent) {
  auto b = std::make_shared<ir::BufferNode>();
  b->name = data.name();
  b->data = data;
  b->dtype = t;
  b->shape = {std::move(extent)};
  return b;
}

inline QString Text(const ir::Stmt& s) { return QString::fromStdString(ir::to_string(s)); }
inline QString Text(const ir::Expr& e) { return QString::fromStdString(ir::to_string(e)); }

// Runs `before` and `after` (same parameters) on identical random inputs with the
// interpreter and checks that every buffer ends up the same.
inline void ExpectSameResults(const transform::PrimFunc& before, const transform::PrimFunc& after,
                              const std::vector<std::vector<int64_t>>& shapes,
                              const runtime::ScalarArgs& scalars = {}) {
  std::vector<runtime::NDArray> a, b;
  auto buffers = before.buffer_params();
  QCOMPARE(buffers.size(), shapes.size());
  for (size_t i = 0; i < shapes.size(); ++i) {
    auto x = runtime::NDArray::Empty(shapes[i], buffers[i]->dtype);
    QVERIFY2(x.ok(), x.ok() ? "" : x.error().message.c_str());
    x->FillRandom(100 + i, -4, 4);
    a.push_back(*x);
    b.push_back(x->Clone());
  }
  tessera::Status s1 = runtime::Interpret(before, a, scalars);
  QVERIFY2(s1.ok(), s1.ok() ? "" : s1.error().message.c_str());
  tessera::Status s2 = runtime::Interpret(after, b, scalars);
  QVERIFY2(s2.ok(), s2.ok() ? "" : s2.error().message.c_str());
  for (size_t i = 0; i < a.size(); ++i) {
    auto r = reference::Compare(b[i], a[i]);
    QVERIFY2(r.ok(), (buffers[i]->name + ": " + r.str()).c_str());
  }
}

}  // namespace tessera::testing
