// The CPU backend when Tessera is built without LLVM: every entry point says so.
#include "codegen/LLVMBackend.h"

namespace tessera::codegen {

namespace {
Error Disabled() {
  return Error("the LLVM CPU backend is not available (built with TESSERA_LLVM=OFF)");
}
}  // namespace

bool LLVMAvailable() { return false; }
Result<JitFunction> JitCompile(const transform::PrimFunc&, const JitSymbols&, const LLVMOptions&) {
  return Disabled();
}
Result<std::string> EmitLLVMIR(const transform::PrimFunc&, const LLVMOptions&, bool, LoopLines*) {
  return Disabled();
}
Result<std::string> EmitAssembly(const transform::PrimFunc&, const LLVMOptions&, LoopLines*) {
  return Disabled();
}
std::string LLVMTargetDescription() { return "LLVM not available"; }
std::string LLVMIntrinsicBaseName(const std::string& name) { return name; }

}  // namespace tessera::codegen
