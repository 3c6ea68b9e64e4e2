// CudaLowering: from the target-independent pipeline's output to a CudaProgram. Runs
// the GPU passes (transform::ThreadStorageScope, ThreadLaunch, ThreadSync and
// LowerThreadAllreduce — each added
// to the pass timeline, so the GUI and `lower --target cuda` show them), splits host
// and device code (SplitHostDevice) and checks every kernel's launch configuration
// against `options` (LaunchChecks). EmitCUDASource is the whole way to CUDA C++ source.
#pragma once

#include <string>
#include <vector>

#include "codegen/LoopLines.h"
#include "codegen/cuda/CudaOptions.h"
#include "codegen/cuda/CudaProgram.h"
#include "support/Result.h"
#include "transform/Pipeline.h"

namespace tessera::codegen {

struct CudaLowered {
  CudaProgram program;
  std::vector<transform::PassRecord> timeline;  // the pipeline's, then the GPU passes
};

// The names of the GPU passes, in the order they run after the pipeline.
const std::vector<std::string>& CudaPassNames();

Result<CudaLowered> LowerForCUDA(const transform::LoweredProgram& lowered,
                                 const CudaOptions& options = {});

// LowerForCUDA + CodeGenCUDA: the CUDA C++ source of the program's kernels.
// With `lines`, which lines print which kernel loop (CodeGenCUDA).
Result<std::string> EmitCUDASource(const transform::LoweredProgram& lowered,
                                   const CudaOptions& options = {}, LoopLines* lines = nullptr);

}  // namespace tessera::codegen
