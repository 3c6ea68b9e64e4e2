#include "runtime/cuda/EmulatorFibers.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>

#if defined(__SANITIZE_ADDRESS__)
#define TESSERA_FIBERS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TESSERA_FIBERS_ASAN 1
#endif
#endif
#ifdef TESSERA_FIBERS_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

#if defined(__x86_64__) && defined(__ELF__)
#define TESSERA_FIBERS_X86_64 1
#else
#include <ucontext.h>
#endif

namespace tessera::runtime {

namespace {

// AddressSanitizer keeps shadow state per stack: it must be told before a switch which
// stack comes next and after it which one was left (its fake stacks, the bounds it checks).
void AnnounceSwitch([[maybe_unused]] void** fake_stack, [[maybe_unused]] const void* bottom,
                    [[maybe_unused]] size_t bytes) {
#ifdef TESSERA_FIBERS_ASAN
  __sanitizer_start_switch_fiber(fake_stack, bottom, bytes);
#endif
}

void SwitchDone([[maybe_unused]] void* fake_stack, [[maybe_unused]] const void** left_bottom,
                [[maybe_unused]] size_t* left_bytes) {
#ifdef TESSERA_FIBERS_ASAN
  __sanitizer_finish_switch_fiber(fake_stack, left_bottom, left_bytes);
#endif
}

// Stacks are mapped once per process and kept for the next block or launch: a launch of
// 256-thread blocks maps 256 stacks per OS thread it uses, once.
class StackPool {
 public:
  static StackPool& Get() {
    static StackPool* pool = new StackPool();  // never destroyed: stacks may be in use at exit
    return *pool;
  }
  char* Acquire() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!free_.empty()) {
        char* s = free_.back();
        free_.pop_back();
        return s;
      }
    }
    const size_t guard = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    void* m = mmap(nullptr, Fibers::kStackBytes + guard, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    mprotect(m, guard, PROT_NONE);  // an overflow faults instead of writing into a neighbour
    return static_cast<char*>(m) + guard;
  }
  void Release(char* stack) {
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(stack);
  }

 private:
  std::mutex mutex_;
  std::vector<char*> free_;
};

}  // namespace

#ifdef TESSERA_FIBERS_X86_64

// tessera_fiber_switch(save, load): pushes the callee-saved registers and the MXCSR and
// x87 control words on the current stack, stores the stack pointer in *save, continues on
// the stack `load` (one saved the same way, or prepared by Prepare) by popping the same.
// tessera_fiber_begin: where a prepared stack returns to; calls r13(r12) on an aligned
// stack (Prepare puts the entry and its argument there). The entry never returns.
extern "C" void tessera_fiber_switch(void** save, void* load);
extern "C" void tessera_fiber_begin();
asm(R"(
  .text
  .p2align 4
  .globl tessera_fiber_switch
  .hidden tessera_fiber_switch
  .type tessera_fiber_switch, @function
tessera_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size tessera_fiber_switch, .-tessera_fiber_switch

  .p2align 4
  .globl tessera_fiber_begin
  .hidden tessera_fiber_begin
  .type tessera_fiber_begin, @function
tessera_fiber_begin:
  movq %r12, %rdi
  andq $-16, %rsp
  callq *%r13
  ud2
  .size tessera_fiber_begin, .-tessera_fiber_begin
)");

// A fiber's saved registers: a named type, since Fibers' own structs hold one.
struct FiberContext {
  void* sp = nullptr;
};

namespace {

// A stack that tessera_fiber_switch continues on as if it had saved it: control words,
// r15, r14, r13 = main, r12 = arg, rbx, rbp = 0 (the end of the frame chain), the return
// address tessera_fiber_begin.
void Prepare(FiberContext& c, char* stack, size_t bytes, void (*main)(void*), void* arg) {
  auto top = reinterpret_cast<uintptr_t>(stack + bytes) & ~uintptr_t{15};
  auto* sp = reinterpret_cast<uint64_t*>(top);
  *--sp = 0;  // keeps the entry's stack aligned as after a call
  *--sp = reinterpret_cast<uint64_t>(&tessera_fiber_begin);
  *--sp = 0;  // rbp
  *--sp = 0;  // rbx
  *--sp = reinterpret_cast<uint64_t>(arg);
  *--sp = reinterpret_cast<uint64_t>(main);
  *--sp = 0;  // r14
  *--sp = 0;  // r15
  uint32_t mxcsr = 0;
  uint16_t fpu = 0;
  asm volatile("stmxcsr %0" : "=m"(mxcsr));
  asm volatile("fnstcw %0" : "=m"(fpu));
  *--sp = uint64_t{mxcsr} | uint64_t{fpu} << 32;
  c.sp = sp;
}

void Switch(FiberContext& from, FiberContext& to) { tessera_fiber_switch(&from.sp, to.sp); }

}  // namespace

#else  // swapcontext

// A fiber's saved registers.
struct FiberContext {
  ucontext_t uc;
};

namespace {

// makecontext passes int arguments only: the pointer travels in two halves.
void Begin(unsigned high, unsigned low, unsigned main_high, unsigned main_low) {
  auto arg = reinterpret_cast<void*>(uintptr_t{high} << 32 | low);
  auto main = reinterpret_cast<void (*)(void*)>(uintptr_t{main_high} << 32 | main_low);
  main(arg);
}

void Prepare(FiberContext& c, char* stack, size_t bytes, void (*main)(void*), void* arg) {
  getcontext(&c.uc);
  c.uc.uc_stack.ss_sp = stack;
  c.uc.uc_stack.ss_size = bytes;
  c.uc.uc_link = nullptr;
  auto a = reinterpret_cast<uintptr_t>(arg);
  auto m = reinterpret_cast<uintptr_t>(main);
  makecontext(&c.uc, reinterpret_cast<void (*)()>(&Begin), 4, unsigned(uint64_t(a) >> 32),
              unsigned(a), unsigned(uint64_t(m) >> 32), unsigned(m));
}

void Switch(FiberContext& from, FiberContext& to) { swapcontext(&from.uc, &to.uc); }

}  // namespace

#endif

struct Fibers::Scheduler {
  FiberContext context;
  Fiber* running = nullptr;
  const void* stack_bottom = nullptr;  // the OS thread's stack (AddressSanitizer)
  size_t stack_bytes = 0;
  void* fake_stack = nullptr;
};

struct Fibers::Fiber {
  char* stack = nullptr;  // the lowest byte of kStackBytes
  FiberContext context;
  void (*entry)(void*) = nullptr;
  void* arg = nullptr;
  bool finished = true;
  void* fake_stack = nullptr;
  Scheduler* scheduler = nullptr;
};

namespace {

// The first function on a fiber's stack: runs the entry, then leaves the stack for good
// (a null fake-stack slot tells AddressSanitizer this stack's frames are gone).
[[noreturn]] void FiberMain(void* p) {
  auto* f = static_cast<Fibers::Fiber*>(p);
  Fibers::Scheduler* s = f->scheduler;
  SwitchDone(nullptr, &s->stack_bottom, &s->stack_bytes);
  f->entry(f->arg);
  f->finished = true;
  AnnounceSwitch(nullptr, s->stack_bottom, s->stack_bytes);
  Switch(f->context, s->context);
  std::abort();  // a finished fiber is never resumed
}

}  // namespace

Fibers::Fibers(int64_t count) : scheduler_(std::make_unique<Scheduler>()) {
  for (int64_t i = 0; i < count; ++i) {
    auto f = std::make_unique<Fiber>();
    f->stack = StackPool::Get().Acquire();
    f->scheduler = scheduler_.get();
    if (!f->stack) break;
    fibers_.push_back(std::move(f));
  }
}

Fibers::~Fibers() {
  for (const auto& f : fibers_) StackPool::Get().Release(f->stack);
}

int64_t Fibers::size() const { return static_cast<int64_t>(fibers_.size()); }

void Fibers::Start(int64_t i, void (*entry)(void*), void* arg) {
  Fiber& f = *fibers_[static_cast<size_t>(i)];
  f.entry = entry;
  f.arg = arg;
  f.finished = false;
  f.fake_stack = nullptr;
  Prepare(f.context, f.stack, kStackBytes, &FiberMain, &f);
}

void Fibers::Resume(int64_t i) {
  Fiber& f = *fibers_[static_cast<size_t>(i)];
  if (f.finished) return;
  scheduler_->running = &f;
  AnnounceSwitch(&scheduler_->fake_stack, f.stack, kStackBytes);
  Switch(scheduler_->context, f.context);
  SwitchDone(scheduler_->fake_stack, nullptr, nullptr);
  scheduler_->running = nullptr;
}

void Fibers::Suspend() {
  Scheduler& s = *scheduler_;
  Fiber& f = *s.running;
  AnnounceSwitch(&f.fake_stack, s.stack_bottom, s.stack_bytes);
  Switch(f.context, s.context);
  SwitchDone(f.fake_stack, &s.stack_bottom, &s.stack_bytes);
}

bool Fibers::finished(int64_t i) const { return fibers_[static_cast<size_t>(i)]->finished; }

}  // namespace tessera::runtime
