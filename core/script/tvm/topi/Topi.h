// tvm.topi for scripts: TVM's operator inventory (topi.sum, topi.add, topi.nn.conv2d_nchw,
// topi.nn.softmax, topi.nn.pool2d, ...) and the schedules TVM's tutorials call
// (topi.generic.schedule_*, topi.cuda.schedule_reduce / schedule_softmax /
// schedule_conv2d_nchw). Each operator builds real te stages with TVM's names, tags,
// axis names and shapes, so topi-style code that walks `op.input_tensors` and tests
// `op.tag` works on them.
//
// The operators are written in the script language itself (tvm/topi.py, embedded at build time),
// run once per evaluation inside a function so that their names never mix with the script's; a few
// native helpers (a compute whose axes are named ax0, ax1, ... as TVM's C++ topi names them, the
// current `with tvm.target...` target) are handed to it. An error inside an operator is reported at
// the script's call of it.
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

// Registers tvm.topi.* (after the te, tir and target built-ins it uses): the loader of
// the lazy module tvm.topi. Once it ran, a tensor in `+ - * /` is topi's broadcast
// operator (Interpreter::TensorOperator), as in TVM.
Status RegisterTopiBuiltins(Interpreter& interp);

// The topi prelude's source (tvm/topi.py, embedded at build time).
const char* TopiPreludeSource();

}  // namespace tessera::script
