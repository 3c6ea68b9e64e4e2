// EmulatorFibers: execution contexts with stacks of their own that take turns on one OS
// thread — how the emulator runs the CUDA threads of a block (EmulatorBlock.h). A fiber
// runs until it suspends itself (at a barrier or a warp shuffle of the emulated kernel)
// or returns; the OS thread then resumes another. A block of 256 threads costs 256 stack
// switches per barrier, where one OS thread per CUDA thread cost 256 thread wake-ups
// through the kernel's futexes.
//
// A switch saves the callee-saved registers and the floating-point control words and
// moves the stack pointer: on x86-64 a dozen instructions of our own, where swapcontext
// would also make a system call per switch to save the signal mask. Other architectures
// use swapcontext. Stacks (kStackBytes each, a guard page below) are mapped once per
// process and reused by later blocks and launches. Under AddressSanitizer every switch is
// announced to it (__sanitizer_start_switch_fiber), so that it knows which stack is live.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace tessera::runtime {

class Fibers {
 public:
  // A CUDA thread may use up to 512 KiB of local memory; its fiber's stack is that size.
  static constexpr size_t kStackBytes = 512 * 1024;

  // `count` fibers, not started; fewer (size()) when no more stacks could be mapped.
  explicit Fibers(int64_t count);
  ~Fibers();
  Fibers(const Fibers&) = delete;
  Fibers& operator=(const Fibers&) = delete;

  int64_t size() const;
  // Fiber `i` starts over: its next Resume calls entry(arg) at the top of its stack.
  void Start(int64_t i, void (*entry)(void*), void* arg);
  // From the OS thread's own stack: runs fiber `i` until it suspends or returns.
  void Resume(int64_t i);
  // From a running fiber: back to the Resume that ran it.
  void Suspend();
  // Fiber `i` returned from its entry (or was never started).
  bool finished(int64_t i) const;

  struct Fiber;
  struct Scheduler;

 private:
  std::vector<std::unique_ptr<Fiber>> fibers_;
  std::unique_ptr<Scheduler> scheduler_;
};

}  // namespace tessera::runtime
