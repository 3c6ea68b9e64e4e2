// EmulatorBlock: one thread block of an emulated launch, run on the calling OS thread —
// its CUDA threads are fibers (EmulatorFibers.h) that the block switches between where
// the kernel waits for others: __syncthreads() and the warp shuffles. Between two
// barriers the warps run one after another in the order Emulator.h documents (warp 0
// first in even blocks, the last warp first in odd blocks, or the other way round); the
// lanes of a warp run in lane order up to its next shuffle, which is then resolved for
// the whole warp with its mask checks. Everything is deterministic.
//
// Where the GPU would hang, the block reports and goes on: a shuffle that some lanes of
// the warp never reach (they wait at a barrier or have returned) is an error, and the
// lanes that did reach it read their own value. A thread that has returned no longer
// holds up a barrier.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/cuda/EmulatorFibers.h"

namespace tessera::runtime {

class EmulatedBlock {
 public:
  using Kernel = void (*)(const unsigned long long*);
  using SetIndices = void (*)(unsigned, unsigned, unsigned, unsigned, unsigned, unsigned);

  // Blocks of `dims` threads running `kernel` on `args`; `set_indices` sets the emulated
  // kernel's threadIdx and blockIdx (of this OS thread) before a CUDA thread runs.
  EmulatedBlock(const std::array<int64_t, 3>& dims, Kernel kernel, const unsigned long long* args,
                SetIndices set_indices);

  // Runs the block of linear index `seq` in a grid of `grid` blocks to its end.
  // `reverse` swaps the warp orders of even and odd blocks.
  void Run(int64_t seq, const std::array<int64_t, 3>& grid, bool reverse);

  // The first problem seen since the last call ("" when none): a shuffle-mask violation
  // or a shuffle not every lane reached (lane and warp named), or no stacks for the
  // threads.
  std::string TakeError();

  // What the emulated kernel's __syncthreads() and warp shuffles call (Emulator.cpp's
  // prelude): they act on the block this OS thread is running.
  static void BarrierHook();
  static unsigned long long ShuffleHook(int kind, unsigned mask, unsigned long long bits, int arg,
                                        int width);

 private:
  enum class At : unsigned char { kReady, kBarrier, kShuffle, kDone };
  struct ShuffleCall {
    int kind = 0;  // 0: __shfl_down_sync, 1: __shfl_sync
    unsigned mask = 0;
    unsigned long long bits = 0, result = 0;
    int arg = 0, width = 0;
  };

  static void ThreadMain(void* block);
  int64_t Lanes(int64_t warp) const;
  void RunWarp(int64_t warp);
  void Enter(int64_t t);
  void Exchange(int64_t warp);
  void Shuffle(int64_t warp, int64_t lane);
  void Fail(const std::string& message);

  std::array<int64_t, 3> dims_;
  int64_t threads_, warps_;
  Kernel kernel_;
  const unsigned long long* args_;
  SetIndices set_indices_;
  Fibers fibers_;
  std::vector<At> at_;  // per thread
  std::vector<ShuffleCall> calls_;
  std::array<unsigned, 3> block_index_{};
  int64_t current_ = -1;  // the thread running
  std::string error_;
};

}  // namespace tessera::runtime
