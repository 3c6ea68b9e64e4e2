// A CPU emulation of the CUDA kernels Tessera generates, so that the GPU passes and the
// generated code can be checked for what they compute on machines without a GPU. The
// CUDA C++ source is compiled by the host C++ compiler after a prelude that maps CUDA
// built-ins to C++: thread and block indices are thread_local, __shared__ arrays are
// static (one copy, shared by the threads of the block that runs), __syncthreads() is a
// barrier and the warp shuffles (__shfl_down_sync, __shfl_sync) exchange values through
// the host. A launch runs its blocks one after another, each with one std::thread per
// CUDA thread; the host program is the real one (runtime/cuda/CudaHostProgram.h) with
// host arrays standing in for device memory. It says nothing about speed.
//
// Made to catch the mistakes a GPU punishes, deterministically:
// - Between two barriers the warps of a block run one after another, warp 0 first in
//   even blocks and the last warp first in odd blocks (warps are groups of 32 threads in
//   linear thread order, as on the GPU). A missing barrier therefore lets a warp read
//   what another has not written yet (read after write, even blocks) or overwrite what
//   another still has to read (write after read, odd blocks): wrong results, every run.
// - A shuffle needs every thread of its warp; the lane mask must contain the calling
//   lane, only lanes the warp has, be the same on every lane and contain the lane read.
//   A violation makes the launch fail with a message saying which.
#pragma once

#include <dlfcn.h>

#include <QtTest>
#include <barrier>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "codegen/cuda/CodeGenCUDA.h"
#include "runtime/ArgBinder.h"
#include "runtime/Interpreter.h"
#include "runtime/cuda/CudaHostProgram.h"

namespace tessera::testing {

inline const char* kEmulationPrelude = R"(// CUDA emulation prelude (tests only).
extern "C" {
float expf(float); float exp2f(float); float logf(float); float log2f(float); float log10f(float);
float sqrtf(float); float tanhf(float); float fabsf(float); float floorf(float); float ceilf(float);
float roundf(float); float truncf(float); float sinf(float); float cosf(float); float tanf(float);
float erff(float); float powf(float, float); float fmodf(float, float);
float fminf(float, float); float fmaxf(float, float);
double exp(double); double exp2(double); double log(double); double log2(double); double log10(double);
double sqrt(double); double tanh(double); double fabs(double); double floor(double); double ceil(double);
double round(double); double trunc(double); double sin(double); double cos(double); double tan(double);
double erf(double); double pow(double, double); double fmod(double, double);
double fmin(double, double); double fmax(double, double);
}
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float __int_as_float(int i) { float f; __builtin_memcpy(&f, &i, 4); return f; }
inline double __longlong_as_double(long long i) { double d; __builtin_memcpy(&d, &i, 8); return d; }
struct tsr_dim3 { unsigned x, y, z; };
thread_local tsr_dim3 threadIdx, blockIdx;
static void (*tsr_barrier)() = nullptr;
extern "C" void tsr_emulator_barrier(void (*b)()) { tsr_barrier = b; }
extern "C" void tsr_emulator_indices(unsigned bx, unsigned by, unsigned bz, unsigned tx, unsigned ty, unsigned tz) {
  blockIdx = {bx, by, bz};
  threadIdx = {tx, ty, tz};
}
// Warp shuffles go through the host (tests/cuda/CudaEmulator.h, Shuffle): kind 0 is
// __shfl_down_sync, 1 is __shfl_sync; values travel as their bits.
static unsigned long long (*tsr_shuffle)(int, unsigned, unsigned long long, int, int) = nullptr;
extern "C" void tsr_emulator_shuffle(unsigned long long (*s)(int, unsigned, unsigned long long, int, int)) {
  tsr_shuffle = s;
}
template <typename T> T tsr_shfl(int kind, unsigned mask, T v, int arg, int width) {
  unsigned long long bits = 0;
  __builtin_memcpy(&bits, &v, sizeof(T));
  bits = tsr_shuffle(kind, mask, bits, arg, width);
  T r;
  __builtin_memcpy(&r, &bits, sizeof(T));
  return r;
}
template <typename T> T __shfl_down_sync(unsigned mask, T v, int delta, int width = 32) {
  return tsr_shfl(0, mask, v, delta, width);
}
template <typename T> T __shfl_sync(unsigned mask, T v, int lane, int width = 32) {
  return tsr_shfl(1, mask, v, lane, width);
}
#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(n)
#define __restrict__ __restrict
#define __shared__ static
#define __syncthreads() tsr_barrier()
#define __trap() __builtin_trap()
)";

class EmulatedModule : public runtime::KernelLauncher {
 public:
  using Packed = void (*)(const unsigned long long*);
  using SetIndices = void (*)(unsigned, unsigned, unsigned, unsigned, unsigned, unsigned);

  ~EmulatedModule() override {
    if (handle_) dlclose(handle_);
  }

  // Compiles and loads the program's kernels; an Error with the compiler's output.
  // `edit` may change the CUDA source first (tests that break generated code on purpose).
  static Result<std::unique_ptr<EmulatedModule>> Build(
      const codegen::CudaProgram& program, const QString& dir,
      const std::function<std::string(std::string)>& edit = {}) {
    Result<std::string> source = codegen::CodeGenCUDA(program);
    if (!source) return source.error();
    std::string text = edit ? edit(*source) : *source;
    const std::string dynamic =
        "extern __shared__ __align__(16) unsigned char tsr_dynamic_shared[];";
    for (size_t at = text.find(dynamic); at != std::string::npos; at = text.find(dynamic))
      text.replace(at, dynamic.size(),
                   "alignas(16) static unsigned char tsr_dynamic_shared[256 * 1024];");
    text = kEmulationPrelude + text + Wrappers(program);
    QString base = dir + QString("/emulated%1").arg(counter()++);
    QFile file(base + ".cpp");
    if (!file.open(QIODevice::WriteOnly)) return Error("cannot write " + base.toStdString());
    file.write(text.data(), static_cast<qint64>(text.size()));
    file.close();
    QProcess cxx;
    cxx.start(Compiler(), {"-std=c++20", "-O1", "-shared", "-fPIC", "-fno-strict-aliasing",
                           "-Wno-unknown-pragmas", "-o", base + ".so", base + ".cpp"});
    if (!cxx.waitForFinished(120000) || cxx.exitCode() != 0)
      return Error("the C++ compiler failed on the emulated kernels:\n" +
                   cxx.readAllStandardError().toStdString());
    auto m = std::unique_ptr<EmulatedModule>(new EmulatedModule());
    m->program_ = &program;
    m->handle_ = dlopen(qPrintable(base + ".so"), RTLD_NOW | RTLD_LOCAL);
    if (!m->handle_) return Error(std::string("dlopen: ") + dlerror());
    auto barrier =
        reinterpret_cast<void (*)(void (*)())>(dlsym(m->handle_, "tsr_emulator_barrier"));
    m->set_indices_ = reinterpret_cast<SetIndices>(dlsym(m->handle_, "tsr_emulator_indices"));
    auto shuffle =
        reinterpret_cast<void (*)(ShuffleHook)>(dlsym(m->handle_, "tsr_emulator_shuffle"));
    if (!barrier || !m->set_indices_ || !shuffle) return Error("the emulation prelude is missing");
    barrier(&Barrier);
    shuffle(&Shuffle);
    for (const codegen::CudaKernel& k : program.kernels) {
      auto f = reinterpret_cast<Packed>(dlsym(m->handle_, (k.name + "_packed").c_str()));
      if (!f) return Error("no kernel " + k.name);
      m->kernels_.push_back(f);
    }
    return m;
  }

  static QString Compiler() {
    for (const char* name : {"c++", "g++", "clang++"}) {
      QString path = QStandardPaths::findExecutable(name);
      if (!path.isEmpty()) return path;
    }
    return QString();
  }

  // Binds the arrays like a call (they stand for device memory) and runs the host program.
  Status Call(const std::vector<runtime::NDArray>& buffers, const runtime::ScalarArgs& scalars,
              const codegen::CudaOptions& options = {}) {
    Result<runtime::BoundArguments> bound =
        runtime::BindArguments(program_->host, buffers, scalars);
    if (!bound) return bound.error();
    runtime::HostRun run;
    run.program = program_;
    run.options = &options;
    run.launcher = this;
    for (const auto& [var, value] : bound->scalars) run.values[var] = value;
    size_t b = 0;
    for (const auto& p : program_->host.params)
      if (p.is_buffer()) run.buffers[p.var.get()] = reinterpret_cast<uint64_t>(buffers[b++].data());
    launches = 0;
    Status s = runtime::RunHostProgram(&run);
    launches = run.launches;
    return s;
  }

  Result<uint64_t> Temporary(const ir::Var&, size_t bytes) override {
    temporaries_.push_back(std::make_unique<char[]>(std::max<size_t>(bytes, 1)));
    return reinterpret_cast<uint64_t>(temporaries_.back().get());
  }

  Status Launch(int index, const std::array<int64_t, 3>& grid, const std::array<int64_t, 3>& block,
                std::vector<uint64_t>& args) override {
    Packed kernel = kernels_[static_cast<size_t>(index)];
    int64_t threads = block[0] * block[1] * block[2];
    LaunchState state(threads);
    current() = &state;
    std::vector<std::thread> pool;
    for (int64_t t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        tid() = t;
        unsigned tx = static_cast<unsigned>(t % block[0]);
        unsigned ty = static_cast<unsigned>(t / block[0] % block[1]);
        unsigned tz = static_cast<unsigned>(t / (block[0] * block[1]));
        int64_t seq = 0;
        for (int64_t bz = 0; bz < grid[2]; ++bz)
          for (int64_t by = 0; by < grid[1]; ++by)
            for (int64_t bx = 0; bx < grid[0]; ++bx, ++seq) {
              set_indices_(static_cast<unsigned>(bx), static_cast<unsigned>(by),
                           static_cast<unsigned>(bz), tx, ty, tz);
              state.StartBlock(t, seq);
              kernel(reinterpret_cast<const unsigned long long*>(args.data()));
              state.FinishBlock(t);
              state.block_barrier.arrive_and_wait();  // the next block reuses the shared arrays
            }
      });
    for (std::thread& t : pool) t.join();
    current() = nullptr;
    if (!state.error.empty())
      return Error("emulated launch of kernel " + std::to_string(index) + ": " + state.error);
    return Status::Ok();
  }

  int launches = 0;

 private:
  using ShuffleHook = unsigned long long (*)(int, unsigned, unsigned long long, int, int);
  static constexpr int64_t kWarp = 32;
  static constexpr int64_t kBlockSpan = int64_t{1} << 40;  // positions per block

  EmulatedModule() = default;

  // The threads of one launch: the block barrier, the warps' shuffle exchanges and the
  // order in which warps run between barriers.
  struct LaunchState {
    explicit LaunchState(int64_t n)
        : threads(n), warps((n + kWarp - 1) / kWarp), block_barrier(n), position(n, 0) {
      for (int64_t w = 0; w < warps; ++w) {
        exchanges.push_back(std::make_unique<Exchange>(std::min(kWarp, n - w * kWarp)));
      }
    }
    struct Exchange {
      explicit Exchange(int64_t lanes) : barrier(lanes) {}
      std::barrier<> barrier;
      unsigned long long values[kWarp] = {};
      unsigned masks[kWarp] = {};
    };
    int64_t threads, warps;
    std::barrier<> block_barrier;
    std::vector<std::unique_ptr<Exchange>> exchanges;
    // Per thread: block * kBlockSpan + barriers passed; kBlockSpan - 1 past that when done.
    std::vector<int64_t> position;
    std::mutex mutex;
    std::condition_variable moved;
    std::string error;

    int64_t Lanes(int64_t warp) const { return std::min(kWarp, threads - warp * kWarp); }
    void Fail(const std::string& message) {
      std::lock_guard<std::mutex> lock(mutex);
      if (error.empty()) error = message;
    }
    // Warp `w`'s rank in block `seq`: warps run in rank order between barriers.
    int64_t Rank(int64_t w, int64_t seq) const { return seq % 2 == 0 ? w : warps - 1 - w; }
    int64_t WarpAt(int64_t rank, int64_t seq) const {
      return seq % 2 == 0 ? rank : warps - 1 - rank;
    }
    int64_t MinPosition(int64_t w) {
      int64_t m = INT64_MAX;
      for (int64_t t = w * kWarp; t < w * kWarp + Lanes(w); ++t) m = std::min(m, position[t]);
      return m;
    }
    void Move(int64_t t, int64_t to) {
      std::lock_guard<std::mutex> lock(mutex);
      position[t] = to;
      moved.notify_all();
    }
    // Waits until the warp before this thread's (in rank order) has reached the barrier
    // after the one this thread just passed (or finished the block).
    void WaitTurn(int64_t t, int64_t seq) {
      int64_t rank = Rank(t / kWarp, seq);
      if (rank == 0) return;
      int64_t before = WarpAt(rank - 1, seq);
      std::unique_lock<std::mutex> lock(mutex);
      int64_t target = position[t] + 1;
      moved.wait(lock, [&] { return MinPosition(before) >= target; });
    }
    void StartBlock(int64_t t, int64_t seq) {
      Move(t, seq * kBlockSpan);
      WaitTurn(t, seq);
    }
    void FinishBlock(int64_t t) { Move(t, position[t] / kBlockSpan * kBlockSpan + kBlockSpan - 1); }
    void Barrier(int64_t t) {
      int64_t seq = position[t] / kBlockSpan;
      Move(t, position[t] + 1);
      block_barrier.arrive_and_wait();
      WaitTurn(t, seq);
    }
    unsigned long long Shuffle(int64_t t, int kind, unsigned mask, unsigned long long bits, int arg,
                               int width);
  };

  static LaunchState*& current() {
    static LaunchState* s = nullptr;
    return s;
  }
  static int64_t& tid() {
    thread_local int64_t t = 0;
    return t;
  }
  static void Barrier() { current()->Barrier(tid()); }
  static unsigned long long Shuffle(int kind, unsigned mask, unsigned long long bits, int arg,
                                    int width) {
    return current()->Shuffle(tid(), kind, mask, bits, arg, width);
  }

  static int& counter() {
    static int n = 0;
    return n;
  }

  static std::string CType(ir::DataType t) {
    if (t.is_float()) return t.bits() == 64 ? "double" : "float";
    if (t.is_bool()) return "bool";
    return std::string(t.is_uint() ? "uint" : "int") + std::to_string(t.bits()) + "_t";
  }

  // One `extern "C" void NAME_packed(const unsigned long long* a)` per kernel.
  static std::string Wrappers(const codegen::CudaProgram& program) {
    std::string out = "\n// Packed entry points (emulation only).\n";
    for (const codegen::CudaKernel& k : program.kernels) {
      std::string args;
      for (size_t i = 0; i < k.params.size(); ++i) {
        const auto& p = k.params[i];
        std::string type = p.is_buffer() ? CType(p.buffer->dtype) + "*" : CType(p.var.dtype());
        args += (i ? ", " : "") + std::string("(") + type + ")a[" + std::to_string(i) + "]";
      }
      out += "extern \"C\" void " + k.name + "_packed(const unsigned long long* a) { " + k.name +
             "(" + args + "); }\n";
    }
    return out;
  }

  const codegen::CudaProgram* program_ = nullptr;
  void* handle_ = nullptr;
  SetIndices set_indices_ = nullptr;
  std::vector<Packed> kernels_;
  std::vector<std::unique_ptr<char[]>> temporaries_;
};

inline unsigned long long EmulatedModule::LaunchState::Shuffle(int64_t t, int kind, unsigned mask,
                                                               unsigned long long bits, int arg,
                                                               int width) {
  int64_t warp = t / kWarp, lane = t % kWarp, lanes = Lanes(warp);
  Exchange& x = *exchanges[static_cast<size_t>(warp)];
  x.values[lane] = bits;
  x.masks[lane] = mask;
  x.barrier.arrive_and_wait();
  const char* name = kind == 0 ? "__shfl_down_sync" : "__shfl_sync";
  std::string where =
      std::string(name) + " in lane " + std::to_string(lane) + " of warp " + std::to_string(warp);
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%08x", mask);
  unsigned existing = lanes == kWarp ? 0xffffffffu : (1u << lanes) - 1u;
  int64_t source = lane;
  if (!((mask >> lane) & 1u)) {
    Fail(where + ": the mask " + hex + " leaves out the calling lane");
  } else if (mask & ~existing) {
    Fail(where + ": the mask " + hex + " names lanes the warp does not have (it has " +
         std::to_string(lanes) + " threads)");
  } else if (width < 1 || width > kWarp || (width & (width - 1)) != 0) {
    Fail(where + ": the width " + std::to_string(width) + " is not a power of two up to 32");
  } else {
    for (int64_t l = 0; l < lanes; ++l)
      if (((mask >> l) & 1u) && x.masks[l] != mask) {
        Fail(where + ": lane " + std::to_string(l) + " passed another mask");
        break;
      }
    int64_t base = lane / width * width;
    source = kind == 0 ? (lane - base + arg < width ? lane + arg : lane) : base + arg % width;
    if (!((mask >> source) & 1u))
      Fail(where + ": it reads lane " + std::to_string(source) + ", which the mask " + hex +
           " leaves out");
  }
  unsigned long long result = source < lanes ? x.values[source] : bits;
  x.barrier.arrive_and_wait();  // nobody overwrites a value before everyone has read
  return result;
}

}  // namespace tessera::testing
