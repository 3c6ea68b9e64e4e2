// CudaProgram: a lowered function split into host code and CUDA kernels
// (SplitHostDevice.h). The host function keeps the original parameters; where a kernel
// ran, its body holds a launch statement (IsKernelLaunch) naming the kernel by index.
// Each kernel lists its parameters (buffers first, then scalars, all of them variables
// of the host function or of host loops and lets), its launch extents as host
// expressions and its device body (the code inside the launch loops, see
// transform/ThreadLaunch.h).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "ir/Stmt.h"
#include "transform/PrimFunc.h"

namespace tessera::codegen {

// A shared-memory allocation of a kernel: its name, element type and elements.
struct SharedAllocation {
  std::string name;
  ir::DataType dtype;
  int64_t elements = 0;
  int64_t bytes() const;
};

struct CudaKernel {
  std::string name;  // "main_kernel0"
  std::vector<transform::PrimFuncParam> params;
  std::vector<bool> read_only;                // per parameter: a buffer the kernel never writes
  ir::Stmt body;                              // device code inside the launch loops
  std::map<std::string, ir::Var> index_vars;  // "threadIdx.x" -> the launch variable
  std::array<ir::Expr, 3> grid, block;        // launch extents (x, y, z); 1 when unused
  std::vector<SharedAllocation> shared;       // in order of appearance
  bool dynamic_shared = false;                // shared memory carved from the dynamic pool

  int64_t shared_bytes() const;
  // The number of threads per block when it is a constant.
  std::optional<int64_t> threads_per_block() const;
};

struct CudaProgram {
  transform::PrimFunc host;
  std::vector<CudaKernel> kernels;
};

// The host statement that launches kernels[index], and its inverse.
ir::Stmt MakeKernelLaunch(int index);
std::optional<int> IsKernelLaunch(const ir::Stmt& s);

}  // namespace tessera::codegen
