#include "codegen/cuda/CudaLowering.h"

#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/LaunchChecks.h"
#include "codegen/cuda/LowerThreadAllreduce.h"
#include "codegen/cuda/SplitHostDevice.h"
#include "ir/Printer.h"
#include "transform/ThreadLaunch.h"
#include "transform/ThreadStorageScope.h"
#include "transform/ThreadSync.h"

namespace tessera::codegen {

namespace {

using PassFn = ir::Stmt (*)(ir::Stmt, const transform::PassContext&);

struct CudaPass {
  const char* name;
  PassFn run;
};

// The GPU passes, in the order they run.
const std::vector<CudaPass>& CudaPasses() {
  static const std::vector<CudaPass> passes = {
      {"ThreadStorageScope", &transform::ThreadStorageScope},  // default scopes -> shared/local
      {"ThreadLaunch", &transform::ThreadLaunch},              // bound loops -> launch form
      {"ThreadSync", &transform::ThreadSync},                  // barriers for shared memory
      {"LowerThreadAllreduce", &LowerThreadAllreduce},         // cross-thread reductions
  };
  return passes;
}

}  // namespace

const std::vector<std::string>& CudaPassNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const CudaPass& p : CudaPasses()) v.push_back(p.name);
    return v;
  }();
  return names;
}

Result<CudaLowered> LowerForCUDA(const transform::LoweredProgram& lowered,
                                 const CudaOptions& options) {
  CudaLowered out;
  out.timeline = lowered.timeline;
  transform::PrimFunc func = lowered.func;
  if (!func.body.defined()) return Error("the lowered program has no body");
  transform::PassContext ctx;
  ctx.target = "cuda";
  for (const CudaPass& pass : CudaPasses()) {
    func.body = pass.run(func.body, ctx);
    if (!ctx.errors().empty())
      return Error(std::string(pass.name) + ": " + ctx.errors().front().message);
    out.timeline.push_back({pass.name, ir::to_string(func.body)});
  }
  Result<CudaProgram> program = SplitHostDevice(func);
  if (!program) return program.error();
  for (CudaKernel& k : program->kernels)
    if (Status s = CheckKernel(&k, options); !s) return s.error();
  out.program = std::move(program.value());
  return out;
}

Result<std::string> EmitCUDASource(const transform::LoweredProgram& lowered,
                                   const CudaOptions& options, LoopLines* lines) {
  Result<CudaLowered> cuda = LowerForCUDA(lowered, options);
  if (!cuda) return cuda.error();
  return CodeGenCUDA(cuda->program, lines);
}

}  // namespace tessera::codegen
