// CompiledFunction: a kernel compiled by a backend, callable with arrays. A call binds
// the arrays and scalars to the parameters (ArgBinder: shapes checked, shape variables
// taken from the arrays), runs the machine code through its packed entry point
// `int32_t f(const uint64_t* args)` and turns a non-zero return code into an Error
// carrying the kernel's message (a failed assert, a failed allocation).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "codegen/LLVMBackend.h"
#include "runtime/ArgBinder.h"
#include "runtime/IRInterpreter.h"
#include "runtime/NDArray.h"
#include "support/Result.h"
#include "transform/PrimFunc.h"

namespace tessera::runtime {

using PackedEntry = int32_t (*)(const uint64_t* args);

using CompileStats = codegen::CompileStats;

class CompiledFunction {
 public:
  CompiledFunction() = default;
  // `owner` keeps the machine code alive (the JIT session).
  CompiledFunction(transform::PrimFunc signature, PackedEntry entry, std::shared_ptr<void> owner);

  bool defined() const { return entry_ != nullptr; }
  const transform::PrimFunc& signature() const { return signature_; }

  Status Call(const std::vector<NDArray>& buffers, const ScalarArgs& scalars = {}) const;
  // With arguments bound once (profiling loops call many times).
  Status CallBound(const BoundArguments& args) const;

  CompileStats stats;
  std::string target;    // e.g. "x86_64-pc-linux-gnu (sapphirerapids)"
  std::string llvm_ir;   // optimized LLVM IR when kept
  std::string assembly;  // when requested

 private:
  transform::PrimFunc signature_;
  PackedEntry entry_ = nullptr;
  std::shared_ptr<void> owner_;
};

}  // namespace tessera::runtime
