// Emulator: the CUDA kernels Tessera generates run on the CPU, so that GPU schedules can
// be checked for what they compute on machines without a GPU (`tessera-cli run
// --target cuda-emulator --check`, Run > Check on the GPU emulator, the CUDA tests).
// The CUDA C++ source is compiled by the host C++ compiler after a prelude that maps the
// CUDA built-ins to C++: thread and block indices are thread_local, __shared__ arrays
// are static thread_local (one copy per OS thread, shared by the CUDA threads of the
// block it runs), __syncthreads() and the warp shuffles (__shfl_down_sync, __shfl_sync)
// call the host. A block's CUDA threads are fibers on one OS thread (EmulatorBlock.h),
// which switches between them at those calls; the blocks of a launch are spread over
// one OS thread per usable CPU, each running whole blocks. The host program is the real
// one (CudaHostProgram.h) with host arrays standing in for device memory. It says
// nothing about speed.
//
// Made to catch the mistakes a GPU punishes, deterministically:
// - Between two barriers the warps of a block run one after another, warp 0 first in
//   even blocks and the last warp first in odd blocks (warps are groups of 32 threads in
//   linear thread order, as on the GPU); `reverse_warp_order` swaps the two. A missing
//   barrier therefore lets a warp read what another has not written yet (read after
//   write) or overwrite what another still has to read (write after read): wrong
//   results every run, and results that change when the order is reversed. Within a
//   warp the lanes run in lane order up to the warp's next shuffle.
// - A shuffle needs every thread of its warp; the lane mask must contain the calling
//   lane, only lanes the warp has, be the same on every lane and contain the lane read.
//   A violation makes the launch fail with a message saying which (a shuffle that some
//   lanes never reach, where a GPU would hang, too).
// - With `guard_bytes` > 0 every argument array lives between two guard zones filled
//   with a pattern; a kernel that writes outside its array fails the launch with the
//   kernel, the array and the element it wrote.
// Blocks of one launch run at the same time on different OS threads, as on the GPU (each
// OS thread a fixed share of them); a kernel whose blocks write the same element with
// different values (a bug on the GPU as well) can give different results from run to
// run. Everything within a block is deterministic, and a launch reports the error of the
// lowest failing block.
// Large grids: with `max_blocks` > 0 a launch of more blocks runs only that many of them,
// spread evenly over the grid in linear block order, the first and the last included
// (edge blocks are where bounds and tails go wrong). Blocks keep their own indices and
// their parity (warp order), so a sampled run is the full run restricted to those blocks.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "codegen/cuda/CudaOptions.h"
#include "codegen/cuda/CudaProgram.h"
#include "runtime/IRInterpreter.h"
#include "runtime/NDArray.h"
#include "runtime/cuda/CudaHostProgram.h"

namespace tessera::runtime {

class EmulatedCudaModule : public KernelLauncher {
 public:
  ~EmulatedCudaModule() override;

  // Compiles and loads the program's kernels (files in `dir`); an Error with the
  // compiler's output. `edit` may change the CUDA source first (tests that break the
  // generated code on purpose).
  static Result<std::unique_ptr<EmulatedCudaModule>> Build(
      const codegen::CudaProgram& program, const std::string& dir,
      const std::function<std::string(std::string)>& edit = {});

  // The host C++ compiler (c++, g++ or clang++ on PATH); empty when there is none.
  static std::string Compiler();

  // Binds the arrays like a call (they stand for device memory) and runs the host program.
  Status Call(const std::vector<NDArray>& buffers, const ScalarArgs& scalars,
              const codegen::CudaOptions& options = {});

  Result<uint64_t> Temporary(const ir::Var&, size_t bytes) override;
  Status Launch(int index, const std::array<int64_t, 3>& grid, const std::array<int64_t, 3>& block,
                std::vector<uint64_t>& args) override;

  bool reverse_warp_order = false;  // odd blocks' warp order in even blocks and back
  int reverse_only_kernel = -1;     // >= 0: reverse the order in that kernel only
  size_t guard_bytes = 0;           // guard zones around argument arrays (0 = none)
  int64_t max_blocks = 0;           // > 0: at most this many blocks per launch (see above)
  int launches = 0;
  int64_t blocks_run = 0, blocks_in_grids = 0;  // over every launch so far

  // The linear indices of the blocks a launch of `total` blocks runs with `max_blocks`.
  static std::vector<int64_t> SampledBlocks(int64_t total, int64_t max_blocks);

 private:
  EmulatedCudaModule() = default;
  Status CheckGuards(int kernel) const;

  struct Guarded {
    std::string name;
    std::unique_ptr<unsigned char[]> memory;  // guard, data, guard
    size_t bytes = 0;
    int element_bytes = 1;
  };

  const codegen::CudaProgram* program_ = nullptr;
  void* handle_ = nullptr;
  using Packed = void (*)(const unsigned long long*);
  using SetIndices = void (*)(unsigned, unsigned, unsigned, unsigned, unsigned, unsigned);
  SetIndices set_indices_ = nullptr;
  std::vector<Packed> kernels_;
  std::vector<std::unique_ptr<char[]>> temporaries_;
  std::vector<Guarded> guarded_;
};

}  // namespace tessera::runtime
