// CudaHostProgram: executes the host part of a CudaProgram (codegen/cuda/CudaProgram.h)
// — host loops, lets, conditions, asserts, temporary device buffers — and launches each
// kernel it reaches with its grid and block evaluated for the current values, after
// checking them (codegen::CheckLaunch); a launch with an empty grid is skipped. What a
// launch and a temporary are is up to a KernelLauncher: the CUDA driver (CudaModule.cpp)
// or, in tests, a CPU emulation of the kernels — so this file needs no GPU.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "arith/Evaluate.h"
#include "codegen/cuda/CudaOptions.h"
#include "codegen/cuda/CudaProgram.h"
#include "support/Result.h"

namespace tessera::runtime {

class KernelLauncher {
 public:
  virtual ~KernelLauncher() = default;
  // The device address of temporary `var` of at least `bytes` bytes (a launcher may keep
  // it between runs of the host program).
  virtual Result<uint64_t> Temporary(const ir::Var& var, size_t bytes) = 0;
  // Launches kernels[index]; `args` holds one 8-byte word per kernel parameter (a device
  // address, an integer in the low bytes, a float32's or float64's bits). Asynchronous.
  virtual Status Launch(int index, const std::array<int64_t, 3>& grid,
                        const std::array<int64_t, 3>& block, std::vector<uint64_t>& args) = 0;
};

struct HostRun {
  const codegen::CudaProgram* program = nullptr;
  const codegen::CudaOptions* options = nullptr;
  KernelLauncher* launcher = nullptr;
  arith::VarValueMap values;  // scalar parameters (host loops and lets are added while running)
  // Float scalar parameters (alpha): kernels take them by value; host code never
  // computes with them (grids and loops are integer).
  std::unordered_map<const ir::ExprNode*, double> float_values;
  std::unordered_map<const ir::ExprNode*, uint64_t> buffers;  // data handle -> device address
  int launches = 0;
};

Status RunHostProgram(HostRun* run);

}  // namespace tessera::runtime
