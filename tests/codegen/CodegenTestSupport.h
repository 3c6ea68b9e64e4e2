// Helpers for backend tests: random inputs, and running a compiled function and the
// interpreter on identical copies of them.
#pragma once

#include <QtTest>
#include <functional>
#include <vector>

#include "ir/ExprOp.h"
#include "ir/Stmt.h"
#include "reference/Compare.h"
#include "runtime/IRInterpreter.h"
#include "transform/PrimFunc.h"

namespace tessera::testing {

inline ir::Expr F32(double v) { return ir::FloatImm(ir::DataType::Float(32), v); }

// A 1-D buffer on an existing handle (what an Allocate declares).
inline ir::Buffer LocalBuffer(const ir::Var& data, ir::DataType t, ir::Expr extent) {
  auto b = std::make_shared<ir::BufferNode>();
  b->name = data.name();
  b->data = data;
  b->dtype = t;
  b->shape = {std::move(extent)};
  return b;
}

inline std::vector<runtime::NDArray> RandomArrays(const transform::PrimFunc& f,
                                                  const std::vector<std::vector<int64_t>>& shapes,
                                                  uint64_t seed, double low = -4, double high = 4) {
  std::vector<runtime::NDArray> arrays;
  auto buffers = f.buffer_params();
  for (size_t i = 0; i < shapes.size() && i < buffers.size(); ++i) {
    auto a = runtime::NDArray::Empty(shapes[i], buffers[i]->dtype.element_of()).value();
    a.FillRandom(seed + i, low, high);
    arrays.push_back(a);
  }
  return arrays;
}

inline std::vector<runtime::NDArray> Clones(const std::vector<runtime::NDArray>& arrays) {
  std::vector<runtime::NDArray> out;
  for (auto& a : arrays) out.push_back(a.Clone());
  return out;
}

// Runs `call` (the compiled function) and the interpreter on the same random inputs
// and compares every buffer afterwards.
inline void ExpectMatchesInterpreter(
    const transform::PrimFunc& f,
    const std::function<Status(const std::vector<runtime::NDArray>&)>& call,
    const std::vector<std::vector<int64_t>>& shapes, const runtime::ScalarArgs& scalars = {},
    double low = -4, double high = 4) {
  auto compiled = RandomArrays(f, shapes, 7, low, high);
  auto reference = Clones(compiled);
  Status ran = call(compiled);
  QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().message.c_str());
  Status interpreted = runtime::Interpret(f, reference, scalars);
  QVERIFY2(interpreted.ok(), interpreted.ok() ? "" : interpreted.error().message.c_str());
  auto buffers = f.buffer_params();
  for (size_t i = 0; i < compiled.size(); ++i) {
    auto r = reference::Compare(compiled[i], reference[i]);
    QVERIFY2(r.ok(), (buffers[i]->name + ": " + r.str()).c_str());
  }
}

}  // namespace tessera::testing
