#include "runtime/cuda/EmulatorBlock.h"

#include <algorithm>
#include <cstdio>

namespace tessera::runtime {

namespace {

constexpr int64_t kWarp = 32;

// The block this OS thread is running (the hooks have no other way to find it).
thread_local EmulatedBlock* t_running = nullptr;

const char* ShuffleName(int kind) { return kind == 0 ? "__shfl_down_sync" : "__shfl_sync"; }

std::string Hex(unsigned mask) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%08x", mask);
  return hex;
}

}  // namespace

EmulatedBlock::EmulatedBlock(const std::array<int64_t, 3>& dims, Kernel kernel,
                             const unsigned long long* args, SetIndices set_indices)
    : dims_(dims),
      threads_(dims[0] * dims[1] * dims[2]),
      warps_((threads_ + kWarp - 1) / kWarp),
      kernel_(kernel),
      args_(args),
      set_indices_(set_indices),
      fibers_(threads_),
      at_(static_cast<size_t>(threads_), At::kDone),
      calls_(static_cast<size_t>(threads_)) {}

void EmulatedBlock::Run(int64_t seq, const std::array<int64_t, 3>& grid, bool reverse) {
  if (fibers_.size() < threads_) {
    Fail("cannot map stacks for the " + std::to_string(threads_) + " threads of a block");
    return;
  }
  block_index_ = {static_cast<unsigned>(seq % grid[0]),
                  static_cast<unsigned>(seq / grid[0] % grid[1]),
                  static_cast<unsigned>(seq / (grid[0] * grid[1]))};
  for (int64_t t = 0; t < threads_; ++t) {
    fibers_.Start(t, &ThreadMain, this);
    at_[static_cast<size_t>(t)] = At::kReady;
  }
  EmulatedBlock* outer = t_running;
  t_running = this;
  const bool forward = (seq % 2 == 0) != reverse;
  // One barrier interval per round: every warp in turn runs to the next barrier or its end.
  for (bool waiting = true; waiting;) {
    for (int64_t rank = 0; rank < warps_; ++rank) RunWarp(forward ? rank : warps_ - 1 - rank);
    waiting = false;
    for (At& at : at_)
      if (at == At::kBarrier) {
        at = At::kReady;
        waiting = true;
      }
  }
  t_running = outer;
}

std::string EmulatedBlock::TakeError() {
  std::string e;
  e.swap(error_);
  return e;
}

void EmulatedBlock::ThreadMain(void* block) {
  auto* b = static_cast<EmulatedBlock*>(block);
  b->kernel_(b->args_);
}

int64_t EmulatedBlock::Lanes(int64_t warp) const {
  return std::min(kWarp, threads_ - warp * kWarp);
}

// The warp's lanes run in lane order until each waits at a barrier or has returned; a
// shuffle they all reached is resolved and they go on.
void EmulatedBlock::RunWarp(int64_t warp) {
  const int64_t first = warp * kWarp, lanes = Lanes(warp);
  for (;;) {
    bool shuffle = false;
    for (int64_t t = first; t < first + lanes; ++t) {
      if (at_[static_cast<size_t>(t)] == At::kReady) Enter(t);
      shuffle |= at_[static_cast<size_t>(t)] == At::kShuffle;
    }
    if (!shuffle) return;
    Exchange(warp);
  }
}

void EmulatedBlock::Enter(int64_t t) {
  current_ = t;
  set_indices_(block_index_[0], block_index_[1], block_index_[2],
               static_cast<unsigned>(t % dims_[0]), static_cast<unsigned>(t / dims_[0] % dims_[1]),
               static_cast<unsigned>(t / (dims_[0] * dims_[1])));
  fibers_.Resume(t);
  if (fibers_.finished(t)) at_[static_cast<size_t>(t)] = At::kDone;
}

void EmulatedBlock::Exchange(int64_t warp) {
  const int64_t first = warp * kWarp, lanes = Lanes(warp);
  int64_t caller = first;
  while (at_[static_cast<size_t>(caller)] != At::kShuffle) ++caller;
  for (int64_t t = first; t < first + lanes; ++t) {
    At at = at_[static_cast<size_t>(t)];
    if (at == At::kShuffle) continue;
    Fail(std::string(ShuffleName(calls_[static_cast<size_t>(caller)].kind)) + " in warp " +
         std::to_string(warp) + ": lane " + std::to_string(t - first) +
         (at == At::kDone ? " has returned" : " waits at __syncthreads()") +
         " instead (a warp shuffle needs every lane of its warp)");
    break;
  }
  for (int64_t lane = 0; lane < lanes; ++lane)
    if (at_[static_cast<size_t>(first + lane)] == At::kShuffle) Shuffle(warp, lane);
  for (int64_t t = first; t < first + lanes; ++t)
    if (at_[static_cast<size_t>(t)] == At::kShuffle) at_[static_cast<size_t>(t)] = At::kReady;
}

// Lane `lane`'s result, and what is wrong with its call: the mask must contain the lane,
// name only lanes the warp has and be the same on every lane it names, and the lane read
// must be in it.
void EmulatedBlock::Shuffle(int64_t warp, int64_t lane) {
  const int64_t first = warp * kWarp, lanes = Lanes(warp);
  ShuffleCall& c = calls_[static_cast<size_t>(first + lane)];
  auto where = [&] {
    return std::string(ShuffleName(c.kind)) + " in lane " + std::to_string(lane) + " of warp " +
           std::to_string(warp);
  };
  const unsigned existing = lanes == kWarp ? 0xffffffffu : (1u << lanes) - 1u;
  int64_t source = lane;
  if (!((c.mask >> lane) & 1u)) {
    Fail(where() + ": the mask " + Hex(c.mask) + " leaves out the calling lane");
  } else if (c.mask & ~existing) {
    Fail(where() + ": the mask " + Hex(c.mask) + " names lanes the warp does not have (it has " +
         std::to_string(lanes) + " threads)");
  } else if (c.width < 1 || c.width > kWarp || (c.width & (c.width - 1)) != 0) {
    Fail(where() + ": the width " + std::to_string(c.width) + " is not a power of two up to 32");
  } else {
    for (int64_t l = 0; l < lanes; ++l) {
      const ShuffleCall& other = calls_[static_cast<size_t>(first + l)];
      if (((c.mask >> l) & 1u) && at_[static_cast<size_t>(first + l)] == At::kShuffle &&
          other.mask != c.mask) {
        Fail(where() + ": lane " + std::to_string(l) + " passed another mask");
        break;
      }
    }
    const int64_t base = lane / c.width * c.width;
    source = c.kind == 0 ? (lane - base + c.arg < c.width ? lane + c.arg : lane)
                         : base + c.arg % c.width;
    if (source < 0 || !((c.mask >> source) & 1u))
      Fail(where() + ": it reads lane " + std::to_string(source) + ", which the mask " +
           Hex(c.mask) + " leaves out");
  }
  const bool there =
      source >= 0 && source < lanes && at_[static_cast<size_t>(first + source)] == At::kShuffle;
  c.result = there ? calls_[static_cast<size_t>(first + source)].bits : c.bits;
}

void EmulatedBlock::Fail(const std::string& message) {
  if (error_.empty()) error_ = message;
}

void EmulatedBlock::BarrierHook() {
  EmulatedBlock& b = *t_running;
  b.at_[static_cast<size_t>(b.current_)] = At::kBarrier;
  b.fibers_.Suspend();
}

unsigned long long EmulatedBlock::ShuffleHook(int kind, unsigned mask, unsigned long long bits,
                                              int arg, int width) {
  EmulatedBlock& b = *t_running;
  const auto t = static_cast<size_t>(b.current_);
  b.calls_[t] = ShuffleCall{kind, mask, bits, 0, arg, width};
  b.at_[t] = At::kShuffle;
  b.fibers_.Suspend();
  return b.calls_[t].result;
}

}  // namespace tessera::runtime
