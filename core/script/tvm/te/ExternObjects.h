// te.extern in scripts (TVM's python/tvm/te/operation.py extern) and what its bodies call:
//   te.extern(shape | [shapes], inputs, fcompute, name="extern", dtype=None,
//             in_buffers=None, out_buffers=None, tag="", attrs=None)
//       fcompute(ins, outs) gets one Buffer per input and output and returns the body:
//       a statement (tvm.tir.ir_builder's ib.get()) or an expression (a call, evaluated).
//       One output: the tensor; several: a list of tensors.
//   tvm.tir.call_packed("func", args...)   a packed-function call (a Buffer argument
//       passes its data); kept in the program, refused by `run` (runtime code).
//   tvm.contrib.cblas.matmul(lhs, rhs, transa=False, transb=False, name=...)
//       TVM's BLAS matmul: an extern op C whose body call_packs
//       "tvm.contrib.cblas.matmul" (lower and export show it; `run` refuses it).
//   tvm.get_global_func(...), @tvm.register_func(...)   runtime values (RuntimeObjects.h).
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

void RegisterExternBuiltins(Interpreter& interp);

}  // namespace tessera::script
