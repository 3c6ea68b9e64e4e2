// The CPU backend: a lowered PrimFunc -> LLVM IR (CodeGenLLVM) -> the O3 pipeline for
// the host CPU with all its features (AVX-512 where present) -> machine code in an ORC
// LLJIT session (JitCompile; runtime/LLVMModule.h makes it a callable
// runtime::CompiledFunction with the runtime's symbols). The same path produces the
// textual LLVM IR and assembly for `tessera-cli export --format llvm|asm`.
//
// Built without LLVM (-DTESSERA_LLVM=OFF) every function returns an Error saying so and
// LLVMAvailable() is false (the CLI exits with code 4).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "codegen/LoopLines.h"
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::codegen {

struct LLVMOptions {
  int opt_level = 3;     // 0..3
  std::string cpu;       // empty: the host CPU (llvm::sys::getHostCPUName)
  std::string features;  // empty with an empty cpu: the host's features
  // Allow fusing a*b + c into an FMA (one rounding instead of two). Off by default so that
  // results match the interpreter (and `run --check`) bit for bit on + - * /.
  bool fp_contract = false;
  bool keep_llvm_ir = true;  // CompiledFunction::llvm_ir gets the optimized IR
  bool keep_assembly = false;
};

// Where the compile time went (milliseconds).
struct CompileStats {
  double codegen_ms = 0.0;   // IR -> LLVM IR
  double optimize_ms = 0.0;  // the O3 pipeline
  double jit_ms = 0.0;       // machine code generation and linking
  double total_ms() const { return codegen_ms + optimize_ms + jit_ms; }
};

// Machine code of one function: its packed entry point `int32_t f(const uint64_t* args)`
// and the JIT session that keeps the code alive.
struct JitFunction {
  void* entry = nullptr;
  std::shared_ptr<void> owner;
  CompileStats stats;
  std::string target;    // e.g. "x86_64-pc-linux-gnu (sapphirerapids)"
  std::string llvm_ir;   // optimized LLVM IR when kept
  std::string assembly;  // when requested
};

// The C functions generated code calls, by name (the runtime's ABI, given by the caller).
using JitSymbols = std::vector<std::pair<const char*, void*>>;

bool LLVMAvailable();

// Compiles and links f, resolving `symbols` and the process's libraries (libm).
Result<JitFunction> JitCompile(const transform::PrimFunc& f, const JitSymbols& symbols,
                               const LLVMOptions& options = {});

// The LLVM IR of f (after the O3 pipeline unless `optimized` is false). With `lines`,
// the instructions carry loop debug locations (`!dbg`) and `lines` says which lines
// belong to which loop of f.body (LoopLines.h).
Result<std::string> EmitLLVMIR(const transform::PrimFunc& f, const LLVMOptions& options = {},
                               bool optimized = true, LoopLines* lines = nullptr);
// The host assembly of f. With `lines`: verbose (block names, loop-header comments),
// with `.loc` directives naming each instruction's loop, and the line map.
Result<std::string> EmitAssembly(const transform::PrimFunc& f, const LLVMOptions& options = {},
                                 LoopLines* lines = nullptr);

// "x86_64-pc-linux-gnu, cpu sapphirerapids" (or why LLVM is not available).
std::string LLVMTargetDescription();

// The name TVM prints for the LLVM intrinsic `name`: LLVM's name of the intrinsic it denotes,
// without an overloaded intrinsic's type suffix ("llvm.aarch64.neon.smull.v8i16" ->
// "llvm.aarch64.neon.smull"; T.llvm_lookup_intrinsic_id keeps LLVM's id, the types pick
// the variant when it is compiled). `name` itself when this LLVM has no such intrinsic or
// LLVM is not built in.
std::string LLVMIntrinsicBaseName(const std::string& name);

}  // namespace tessera::codegen
