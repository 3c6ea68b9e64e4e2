// tvm.tir.reinterpret(dtype, value), tvm.tir.call_llvm_pure_intrin(dtype, name,
// num_signature, *args), tvm.tir.call_llvm_intrin(...) and
// tvm.target.codegen.llvm_lookup_intrinsic_id(name): the calls of ir/TargetCalls.h that
// TVM's x86 tensor intrinsics are written with (T.reinterpret, T.call_llvm_pure_intrin,
// T.llvm_lookup_intrinsic_id in TVMScript).
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

void RegisterTargetCallBuiltins(Interpreter& interp);

}  // namespace tessera::script
