// tvm.tir.tensor_intrin (tvm.s_tir.tensor_intrin) for scripts: `from tvm.tir.tensor_intrin.x86
// import VNNI_DOT_16x4_INTRIN` (or `import tvm.tir.tensor_intrin`) registers TVM's dot-product
// tensor intrinsics with the script's TensorIntrin table and gives their names and
// @T.prim_func descriptions and implementations: x86 (VNNI, AVX-512), dot_product_common
// (CUDA's DP4A, also arm_cpu's names), arm_cpu (NEON, sdot / udot), rocm (sdot4) and
// hexagon (vrmpy, vdmpy).
//
// They are written in TVMScript (tensor_intrin.py, embedded at build time) and run once
// per evaluation, when a script first names the module. The rest of TVM's package (the
// tensor-core and matrix intrinsics of cuda and rocm, arm_cpu's SME, metal) is not there:
// naming it is "cannot import name" / "no module named".
#pragma once

#include <string>
#include <vector>

#include "script/lang/Interpreter.h"

namespace tessera::script {

// The loaders of the lazy modules tvm.tir.tensor_intrin and (TVM 0.24+)
// tvm.s_tir.tensor_intrin, after tvm.tir and tvm.script; a script importing both
// registers the intrinsics once per spelling, the second with override.
Status LoadTensorIntrinModule(Interpreter& interp);
Status LoadSTirTensorIntrinModule(Interpreter& interp);

// The names of the intrinsics the module registers ("dot_16x4_vnni", ...): TVM's own, which
// an exported program gets by importing the package rather than by registering them.
const std::vector<std::string>& TvmTensorIntrinNames();

// tensor_intrin.py's text (embedded at build time).
const char* TensorIntrinPreludeSource();

}  // namespace tessera::script
