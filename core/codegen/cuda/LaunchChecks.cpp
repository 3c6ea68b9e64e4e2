#include "codegen/cuda/LaunchChecks.h"

#include "ir/ExprOp.h"

namespace tessera::codegen {

namespace {

const char* kAxis = "xyz";

std::string KiB(int64_t bytes) {
  int64_t whole = bytes / 1024;
  return bytes % 1024 == 0 ? std::to_string(whole) + " KiB" : std::to_string(bytes) + " bytes";
}

std::string BlockText(const std::array<int64_t, 3>& block) {
  std::string out;
  for (int d = 0; d < 3; ++d)
    if (block[d] != 1)
      out += std::string(out.empty() ? "" : " x ") + "threadIdx." + kAxis[d] + " " +
             std::to_string(block[d]);
  return out.empty() ? "1 thread" : out;
}

Status CheckBlock(const CudaKernel& k, const std::array<int64_t, 3>& block, const CudaOptions& o) {
  int64_t threads = 1;
  for (int d = 0; d < 3; ++d) {
    if (block[d] < 1)
      return Error("kernel " + k.name + " would launch " + std::to_string(block[d]) +
                   " threads along threadIdx." + kAxis[d]);
    if (block[d] > o.max_block_dim[d])
      return Error("kernel " + k.name + " binds " + std::to_string(block[d]) +
                   " threads to threadIdx." + kAxis[d] + "; the limit is " +
                   std::to_string(o.max_block_dim[d]) + " (split the loop by a smaller factor)");
    threads *= block[d];
  }
  if (threads > o.max_threads_per_block)
    return Error("kernel " + k.name + " needs " + std::to_string(threads) + " threads per block (" +
                 BlockText(block) + "); a block has at most " +
                 std::to_string(o.max_threads_per_block) +
                 " threads (split the loops bound to threadIdx by smaller factors)");
  return Status::Ok();
}

std::string SharedText(const CudaKernel& k) {
  std::string out;
  for (const SharedAllocation& a : k.shared)
    out += (out.empty() ? "" : ", ") + a.name + " " + KiB(a.bytes());
  return out;
}

}  // namespace

Status CheckKernel(CudaKernel* k, const CudaOptions& o) {
  std::array<int64_t, 3> block = {1, 1, 1};
  bool constant = true;
  for (int d = 0; d < 3; ++d) {
    const int64_t* c = ir::as_const_int(k->block[d]);
    constant = constant && c;
    if (c) block[d] = *c;
  }
  if (constant)
    if (Status s = CheckBlock(*k, block, o); !s) return s;
  int64_t bytes = k->shared_bytes();
  k->dynamic_shared = false;
  if (bytes <= o.max_static_shared_bytes) return Status::Ok();
  std::string what =
      "kernel " + k->name + " uses " + KiB(bytes) + " of shared memory (" + SharedText(*k) + ")";
  if (!o.opt_in_shared)
    return Error(what + "; the limit is " + KiB(o.max_static_shared_bytes) +
                 " of static shared memory per block (use smaller tiles, or opt in to up to " +
                 KiB(o.max_optin_shared_bytes) + " of dynamic shared memory)");
  if (bytes > o.max_optin_shared_bytes)
    return Error(what + "; this GPU allows at most " + KiB(o.max_optin_shared_bytes) +
                 " per block (use smaller tiles)");
  k->dynamic_shared = true;
  return Status::Ok();
}

Status CheckLaunch(const CudaKernel& k, const std::array<int64_t, 3>& grid,
                   const std::array<int64_t, 3>& block, const CudaOptions& o) {
  if (Status s = CheckBlock(k, block, o); !s) return s;
  for (int d = 0; d < 3; ++d) {
    if (grid[d] < 0 || grid[d] > o.max_grid_dim[d])
      return Error("kernel " + k.name + " would launch " + std::to_string(grid[d]) +
                   " blocks along blockIdx." + kAxis[d] + "; the limit is " +
                   std::to_string(o.max_grid_dim[d]));
  }
  return Status::Ok();
}

}  // namespace tessera::codegen
