// IntrinsicFeatures: whether the CPU a module is compiled for can run the target-specific
// LLVM intrinsics the module calls (T.call_llvm_pure_intrin). LLVM does not check this
// itself: selecting an AVX-512 VNNI intrinsic for an AVX2 CPU aborts the process, so the
// check runs before instruction selection, and a refusal names the intrinsic, the CPU
// and the features it lacks.
//
// LLVM keeps no table of which features an x86 intrinsic needs (clang's builtin
// definitions do); the rules here follow LLVM's naming (llvm.x86.<extension>.<op>) and,
// where one family spans several extensions (AVX-512, VNNI), ask for all of them. An
// x86 intrinsic outside the rules and one for another architecture are refused.
// (The rules, IntrinsicFeatureSets.cpp, need no LLVM: the TVM export reads them too.)
#pragma once

#include <string>
#include <vector>

#include "support/Result.h"

namespace llvm {
class MCSubtargetInfo;
class Module;
}  // namespace llvm

namespace tessera::codegen {

// The sets of LLVM subtarget features any one of which lets the CPU run the intrinsic
// `name` ("llvm.x86.avx512.vpdpbusd.512": {{"avx512vnni"}}); {{}} for a generic
// intrinsic (llvm.fma); an error for one of another architecture or an x86 one the rules
// do not know.
Result<std::vector<std::vector<std::string>>> IntrinsicFeatureSets(const std::string& name);

// Every intrinsic `module` declares, checked against the CPU `sti` describes (LLVM
// builds only).
Status CheckIntrinsicFeatures(const llvm::Module& module, const llvm::MCSubtargetInfo& sti);

}  // namespace tessera::codegen
