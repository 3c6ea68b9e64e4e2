#include "runtime/LLVMModule.h"

#include "runtime/RuntimeABI.h"

namespace tessera::runtime {

Result<CompiledFunction> BuildLLVM(const transform::PrimFunc& f,
                                   const codegen::LLVMOptions& options) {
  auto jit = codegen::JitCompile(f, RuntimeSymbols(), options);
  if (!jit.ok()) return jit.error();
  CompiledFunction fn(f, reinterpret_cast<PackedEntry>(jit->entry), jit->owner);
  fn.stats = jit->stats;
  fn.target = std::move(jit->target);
  fn.llvm_ir = std::move(jit->llvm_ir);
  fn.assembly = std::move(jit->assembly);
  return fn;
}

}  // namespace tessera::runtime
