// Running lowered TensorIR programs in the tests: te workloads with their tensors (so the
// te oracle can check them), a PrimFunc lowered with LowerTensorIR and run by the IR
// interpreter or compiled with LLVM on random inputs, and the comparison with the
// oracle.
#pragma once

#include <string>
#include <vector>

#include "codegen/LLVMBackend.h"
#include "ir/ExprOp.h"
#include "reference/Reference.h"
#include "runtime/IRInterpreter.h"
#include "runtime/LLVMModule.h"
#include "te/Compute.h"
#include "tir/CreatePrimFunc.h"
#include "transform/LowerTensorIR.h"

namespace tessera::tir::testing {

// A te program: the function's arguments (placeholders first, then outputs).
struct TeProgram {
  std::vector<te::Tensor> args;
  PrimFunc func() const { return *CreatePrimFunc(args); }
};

// C[i, j] = sum_k A[i, k] * B[k, j] with shapes that divide nothing.
inline TeProgram GemmProgram(int m = 24, int n = 20, int k = 17) {
  auto A = *te::placeholder({m, k}, ir::DataType::Float(32), "A");
  auto B = *te::placeholder({k, n}, ir::DataType::Float(32), "B");
  auto r = te::reduce_axis(ir::Range(0, k), "k");
  auto C = *te::compute(
      {m, n},
      [&](const std::vector<ir::Var>& i) {
        return te::sum(A(i[0], r->var) * B(r->var, i[1]), {r});
      },
      "C");
  return {{A, B, C}};
}

// GEMM followed by a ReLU: D = max(A x B, 0); C is an intermediate buffer.
inline TeProgram GemmReluProgram(int m = 24, int n = 20, int k = 17) {
  TeProgram gemm = GemmProgram(m, n, k);
  te::Tensor C = gemm.args[2];
  auto D = *te::compute(
      {m, n},
      [&](const std::vector<ir::Var>& i) {
        return ir::max(C(i[0], i[1]), ir::make_const(ir::DataType::Float(32), 0.0));
      },
      "D");
  return {{gemm.args[0], gemm.args[1], D}};
}

// B = A * 2; C = B + 1 (B is an intermediate buffer).
inline TeProgram ChainProgram(int m = 30, int n = 20) {
  auto A = *te::placeholder({m, n}, ir::DataType::Float(32), "A");
  auto B = *te::compute(
      {m, n}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  auto C = *te::compute(
      {m, n}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
  return {{A, C}};
}

// A 3x3 convolution over an input padded by one on each side (A_pad, then Y).
inline TeProgram PaddedConvProgram() {
  auto A = *te::placeholder({1, 3, 10, 9}, ir::DataType::Float(32), "A");
  auto W = *te::placeholder({5, 3, 3, 3}, ir::DataType::Float(32), "W");
  auto pad = *te::compute({1, 3, 12, 11},
                          [&](const std::vector<ir::Var>& i) {
                            Expr inside = i[2] >= 1 && i[2] < 11 && i[3] >= 1 && i[3] < 10;
                            return te::if_then_else(inside, A(i[0], i[1], i[2] - 1, i[3] - 1),
                                                    ir::make_const(ir::DataType::Float(32), 0.0));
                          },
                          "A_pad", "", {"n", "c", "h", "w"});
  auto rc = te::reduce_axis(ir::Range(0, 3), "rc");
  auto ry = te::reduce_axis(ir::Range(0, 3), "ry");
  auto rx = te::reduce_axis(ir::Range(0, 3), "rx");
  auto Y = *te::compute({1, 5, 10, 9},
                        [&](const std::vector<ir::Var>& i) {
                          return te::sum(pad(i[0], rc->var, i[2] + ry->var, i[3] + rx->var) *
                                             W(i[1], rc->var, ry->var, rx->var),
                                         {rc, ry, rx});
                        },
                        "Y", "", {"n", "f", "y", "x"});
  return {{A, W, Y}};
}

// The arrays of a call of a function over `program`'s arguments: placeholders random
// (seeded by position), outputs filled with a value no program computes (an output
// that is not written, or a reduction that does not start from its init, shows).
inline Result<std::vector<runtime::NDArray>> MakeArrays(const TeProgram& program,
                                                        uint64_t seed = 7) {
  std::vector<runtime::NDArray> arrays;
  for (size_t i = 0; i < program.args.size(); ++i) {
    const te::Tensor& t = program.args[i];
    std::vector<int64_t> shape;
    for (const Expr& e : t->shape) {
      const int64_t* v = ir::as_const_int(e);
      if (!v) return Error("tensor " + t->name + " has a symbolic shape");
      shape.push_back(*v);
    }
    auto a = runtime::NDArray::Empty(shape, t->dtype);
    if (!a.ok()) return a.error();
    if (t->op->kind() == te::OpKind::Placeholder)
      a->FillRandom(seed + i);
    else
      a->Fill(-777.0);
    arrays.push_back(std::move(*a));
  }
  return arrays;
}

// The oracle's outputs for `arrays` (as MakeArrays made them), in argument order.
inline Result<std::vector<runtime::NDArray>> ReferenceOutputs(
    const TeProgram& program, const std::vector<runtime::NDArray>& arrays) {
  reference::TensorArrays inputs;
  std::vector<te::Tensor> outputs;
  for (size_t i = 0; i < program.args.size(); ++i) {
    const te::Tensor& t = program.args[i];
    if (t->op->kind() == te::OpKind::Placeholder)
      inputs[t.get()] = arrays[i];
    else
      outputs.push_back(t);
  }
  return reference::EvaluateReference(outputs, inputs, {});
}

enum class Backend { Interpreter, LLVM };

// Runs `lowered` on fresh arrays and compares every output with the oracle; the first
// problem is the error.
inline Status RunAndCompare(const TeProgram& program, const transform::LoweredProgram& lowered,
                            Backend backend) {
  auto arrays = MakeArrays(program);
  if (!arrays.ok()) return arrays.error();
  if (backend == Backend::Interpreter) {
    if (Status s = runtime::Interpret(lowered.func, *arrays); !s.ok()) return s.error();
  } else {
    auto f = runtime::BuildLLVM(lowered.func);
    if (!f.ok()) return f.error();
    if (Status s = f->Call(*arrays); !s.ok()) return s.error();
  }
  auto expected = ReferenceOutputs(program, *arrays);
  if (!expected.ok()) return expected.error();
  size_t out = 0;
  for (size_t i = 0; i < program.args.size(); ++i) {
    if (program.args[i]->op->kind() == te::OpKind::Placeholder) continue;
    // Loose enough for another summation order, far below one wrong term of random
    // products in [-1, 1).
    reference::CompareResult r =
        reference::Compare((*arrays)[i], (*expected)[out++], reference::Tolerance{1e-4, 1e-4});
    if (!r.ok()) {
      return Error(std::string(backend == Backend::LLVM ? "llvm" : "interpreter") + ": " +
                   program.args[i]->name + ": " + r.str());
    }
  }
  return Status::Ok();
}

// Lowers `f` and checks it on both backends (LLVM where available).
inline Status LowerRunAndCompare(const TeProgram& program, const PrimFunc& f) {
  auto lowered = transform::LowerTensorIR(f);
  if (!lowered.ok()) return lowered.error();
  if (Status s = RunAndCompare(program, *lowered, Backend::Interpreter); !s.ok()) return s;
  if (!codegen::LLVMAvailable()) return Status::Ok();
  return RunAndCompare(program, *lowered, Backend::LLVM);
}

}  // namespace tessera::tir::testing
