// Workloads for the TensorIR tests: the tensor-expression programs of TVM's
// tests/python/te/test_te_create_primfunc.py style (GEMM, an elementwise chain, a padded
// convolution), turned into PrimFuncs with CreatePrimFunc.
#pragma once

#include <QtTest>

#include "ir/ExprOp.h"
#include "te/Compute.h"
#include "tir/CreatePrimFunc.h"
#include "tir/Schedule.h"
#include "tir/ScheduleError.h"
#include "tir/ScriptPrinter.h"

namespace tessera::tir::testing {

inline QString Q(const std::string& s) { return QString::fromStdString(s); }

// The first lines every printed 0.20 function starts with, up to its parameters.
inline std::string Header(const std::string& params) {
  return "# from tvm.script import tir as T\n\n@T.prim_func\ndef main(" + params + "):\n";
}

inline std::string Buf(const std::string& name, const std::string& shape) {
  return name + ": T.Buffer(" + shape + ", \"float32\")";
}

// C[i, j] = sum_k A[i, k] * B[k, j], 128 x 128 x 128.
inline PrimFunc Gemm(int n = 128) {
  auto A = *te::placeholder({n, n}, ir::DataType::Float(32), "A");
  auto B = *te::placeholder({n, n}, ir::DataType::Float(32), "B");
  auto k = te::reduce_axis(ir::Range(0, n), "k");
  auto C = *te::compute(
      {n, n},
      [&](const std::vector<ir::Var>& i) {
        return te::sum(A(i[0], k->var) * B(k->var, i[1]), {k});
      },
      "C");
  return *CreatePrimFunc({A, B, C});
}

// B = A * 2; C = B + 1 (B is an intermediate buffer).
inline PrimFunc ElementwiseChain() {
  auto A = *te::placeholder({128, 128}, ir::DataType::Float(32), "A");
  auto B = *te::compute(
      {128, 128}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  auto C = *te::compute(
      {128, 128}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
  return *CreatePrimFunc({A, C});
}

// A 3x3 convolution with stride 1 over an input padded by one on each side.
inline PrimFunc PaddedConv() {
  auto A = *te::placeholder({1, 4, 14, 14}, ir::DataType::Float(32), "A");
  auto W = *te::placeholder({8, 4, 3, 3}, ir::DataType::Float(32), "W");
  auto pad =
      *te::compute({1, 4, 16, 16},
                   [&](const std::vector<ir::Var>& i) {
                     Expr inside = i[2] >= 1 && i[2] < 15 && i[3] >= 1 && i[3] < 15;
                     return te::if_then_else(inside, A(i[0], i[1], i[2] - 1, i[3] - 1), Expr(0.0));
                   },
                   "A_pad", "", {"n", "c", "h", "w"});
  auto rc = te::reduce_axis(ir::Range(0, 4), "rc");
  auto ry = te::reduce_axis(ir::Range(0, 3), "ry");
  auto rx = te::reduce_axis(ir::Range(0, 3), "rx");
  auto Y = *te::compute({1, 8, 14, 14},
                        [&](const std::vector<ir::Var>& i) {
                          return te::sum(pad(i[0], rc->var, i[2] + ry->var, i[3] + rx->var) *
                                             W(i[1], rc->var, ry->var, rx->var),
                                         {rc, ry, rx});
                        },
                        "Y", "", {"n", "f", "y", "x"});
  return *CreatePrimFunc({A, W, Y});
}

}  // namespace tessera::tir::testing
