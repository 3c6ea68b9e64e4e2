// CudaHostProgram: executes the host part of a CudaProgram (codegen/cuda/CudaProgram.h)
// — host loops, lets, conditions, asserts, temporary device buffers — and launches each
// kernel it reaches with its grid and block evaluated for the current values, after
// checking them (codegen::CheckLaunch). Launches are asynchronous; the caller
// synchronises. A launch with an empty grid is skipped.
#pragma once

#include <unordered_map>
#include <vector>

#include "arith/Evaluate.h"
#include "codegen/cuda/CudaOptions.h"
#include "codegen/cuda/CudaProgram.h"
#include "runtime/cuda/CudaMemory.h"

namespace tessera::runtime {

struct HostRun {
  std::shared_ptr<CudaDriver> driver;
  const codegen::CudaProgram* program = nullptr;
  const std::vector<cu::Function>* functions = nullptr;  // one per kernel
  const codegen::CudaOptions* options = nullptr;
  arith::VarValueMap values;  // scalar parameters (host loops and lets are added while running)
  std::unordered_map<const ir::ExprNode*, cu::DevicePtr> buffers;  // data handle -> GPU memory
  // Temporary buffers, kept between runs of the same HostRun (profiling repeats).
  std::unordered_map<const ir::ExprNode*, DeviceBuffer> temporaries;
  int launches = 0;
};

Status RunHostProgram(HostRun* run);

}  // namespace tessera::runtime
