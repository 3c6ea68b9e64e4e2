#include "runtime/cuda/Emulator.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <barrier>
#include <climits>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "codegen/cuda/CodeGenCUDA.h"
#include "runtime/ArgBinder.h"
#include "runtime/cuda/EmulatorWmma.h"

namespace tessera::runtime {

namespace {

const char* kEmulationPrelude = R"(// CUDA emulation prelude (runtime/cuda/Emulator.cpp).
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
// Warp shuffles go through the host (runtime/cuda/Emulator.cpp, Shuffle): kind 0 is
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

constexpr int64_t kWarp = 32;
constexpr int64_t kBlockSpan = int64_t{1} << 40;  // positions per block
constexpr unsigned char kGuardPattern = 0xA5;

int& Counter() {
  static int n = 0;
  return n;
}

std::string CType(ir::DataType t) {
  if (t.is_float()) return t.bits() == 64 ? "double" : t.bits() == 16 ? "half" : "float";
  if (t.is_bool()) return "bool";
  return std::string(t.is_uint() ? "uint" : "int") + std::to_string(t.bits()) + "_t";
}

// One `extern "C" void NAME_packed(const unsigned long long* a)` per kernel.
std::string Wrappers(const codegen::CudaProgram& program) {
  std::string out = "\n// Packed entry points (emulation only).\n";
  for (const codegen::CudaKernel& k : program.kernels) {
    std::string args;
    for (size_t i = 0; i < k.params.size(); ++i) {
      const auto& p = k.params[i];
      std::string type = p.is_buffer() ? CType(p.buffer->dtype) + "*" : CType(p.var.dtype());
      std::string slot = "a[" + std::to_string(i) + "]";
      // A float parameter's slot holds its bits (CudaHostProgram's PackFloat), not a number.
      bool bits = !p.is_buffer() && p.var.dtype().is_float();
      args += (i ? ", " : "") + (bits ? "*(const " + type + "*)&" + slot : "(" + type + ")" + slot);
    }
    out += "extern \"C\" void " + k.name + "_packed(const unsigned long long* a) { " + k.name +
           "(" + args + "); }\n";
  }
  return out;
}

std::string Quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

// The threads of one launch: the block barrier, the warps' shuffle exchanges and the
// order in which warps run between barriers.
struct EmulatedCudaModule::LaunchState {
  LaunchState(int64_t n, bool reversed)
      : threads(n), warps((n + kWarp - 1) / kWarp), reverse(reversed), block_barrier(n), position(n, 0) {
    for (int64_t w = 0; w < warps; ++w)
      exchanges.push_back(std::make_unique<Exchange>(std::min(kWarp, n - w * kWarp)));
  }
  struct Exchange {
    explicit Exchange(int64_t lanes) : barrier(lanes) {}
    std::barrier<> barrier;
    unsigned long long values[kWarp] = {};
    unsigned masks[kWarp] = {};
  };
  int64_t threads, warps;
  bool reverse;
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
  bool Forward(int64_t seq) const { return (seq % 2 == 0) != reverse; }
  // Warp `w`'s rank in block `seq`: warps run in rank order between barriers.
  int64_t Rank(int64_t w, int64_t seq) const { return Forward(seq) ? w : warps - 1 - w; }
  int64_t WarpAt(int64_t rank, int64_t seq) const { return Forward(seq) ? rank : warps - 1 - rank; }
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

namespace {

EmulatedCudaModule::LaunchState*& Current() {
  static EmulatedCudaModule::LaunchState* s = nullptr;
  return s;
}
int64_t& Tid() {
  thread_local int64_t t = 0;
  return t;
}
void BarrierHook() { Current()->Barrier(Tid()); }
unsigned long long ShuffleHook(int kind, unsigned mask, unsigned long long bits, int arg, int width) {
  return Current()->Shuffle(Tid(), kind, mask, bits, arg, width);
}

}  // namespace

unsigned long long EmulatedCudaModule::LaunchState::Shuffle(int64_t t, int kind, unsigned mask,
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

EmulatedCudaModule::~EmulatedCudaModule() {
  if (handle_) dlclose(handle_);
}

std::string EmulatedCudaModule::Compiler() {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  for (const char* name : {"c++", "g++", "clang++"}) {
    std::stringstream list(dirs);
    std::string dir;
    while (std::getline(list, dir, ':')) {
      if (dir.empty()) continue;
      std::string candidate = dir + "/" + name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate;
    }
  }
  return std::string();
}

Result<std::unique_ptr<EmulatedCudaModule>> EmulatedCudaModule::Build(
    const codegen::CudaProgram& program, const std::string& dir,
    const std::function<std::string(std::string)>& edit) {
  Result<std::string> source = codegen::CodeGenCUDA(program);
  if (!source) return source.error();
  std::string text = edit ? edit(*source) : *source;
  const std::string dynamic = "extern __shared__ __align__(16) unsigned char tsr_dynamic_shared[];";
  for (size_t at = text.find(dynamic); at != std::string::npos; at = text.find(dynamic))
    text.replace(at, dynamic.size(), "alignas(16) static unsigned char tsr_dynamic_shared[256 * 1024];");
  text = kEmulationPrelude + EmulateCudaHeaders(text) + Wrappers(program);
  std::string compiler = Compiler();
  if (compiler.empty()) return Error("the GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH");
  std::string base = dir + "/emulated" + std::to_string(::getpid()) + "_" + std::to_string(Counter()++);
  {
    std::ofstream file(base + ".cpp", std::ios::trunc);
    if (!file) return Error("cannot write " + base + ".cpp");
    file << text;
    if (!file) return Error("cannot write " + base + ".cpp");
  }
  std::string command = Quoted(compiler) +
                        " -std=c++20 -O1 -shared -fPIC -fno-strict-aliasing -Wno-unknown-pragmas -o " +
                        Quoted(base + ".so") + " " + Quoted(base + ".cpp") + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return Error("cannot start the C++ compiler " + compiler);
  std::string output;
  char chunk[4096];
  while (size_t n = std::fread(chunk, 1, sizeof chunk, pipe)) output.append(chunk, n);
  int status = pclose(pipe);
  if (status != 0) return Error("the C++ compiler failed on the emulated kernels:\n" + output);
  auto m = std::unique_ptr<EmulatedCudaModule>(new EmulatedCudaModule());
  m->program_ = &program;
  m->handle_ = dlopen((base + ".so").c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!m->handle_) return Error(std::string("dlopen: ") + dlerror());
  auto barrier = reinterpret_cast<void (*)(void (*)())>(dlsym(m->handle_, "tsr_emulator_barrier"));
  m->set_indices_ = reinterpret_cast<SetIndices>(dlsym(m->handle_, "tsr_emulator_indices"));
  using ShuffleFn = unsigned long long (*)(int, unsigned, unsigned long long, int, int);
  auto shuffle = reinterpret_cast<void (*)(ShuffleFn)>(dlsym(m->handle_, "tsr_emulator_shuffle"));
  if (!barrier || !m->set_indices_ || !shuffle) return Error("the emulation prelude is missing");
  barrier(&BarrierHook);
  shuffle(&ShuffleHook);
  for (const codegen::CudaKernel& k : program.kernels) {
    auto f = reinterpret_cast<Packed>(dlsym(m->handle_, (k.name + "_packed").c_str()));
    if (!f) return Error("no kernel " + k.name);
    m->kernels_.push_back(f);
  }
  return m;
}

Status EmulatedCudaModule::Call(const std::vector<NDArray>& buffers, const ScalarArgs& scalars,
                                const codegen::CudaOptions& options) {
  Result<BoundArguments> bound = BindArguments(program_->host, buffers, scalars);
  if (!bound) return bound.error();
  HostRun run;
  run.program = program_;
  run.options = &options;
  run.launcher = this;
  for (const auto& [var, value] : bound->scalars) {
    if (var.dtype().is_float()) run.float_values[var.get()] = value.as_float();
    else run.values[var] = value.as_int();
  }
  guarded_.clear();
  size_t b = 0;
  for (const auto& p : program_->host.params) {
    if (!p.is_buffer()) continue;
    const NDArray& array = buffers[b++];
    uint64_t address = reinterpret_cast<uint64_t>(array.data());
    if (guard_bytes > 0) {
      // The kernel sees a copy between two guard zones; it is copied back after the run.
      Guarded g;
      g.name = p.buffer ? p.buffer->name : p.var.name();
      g.bytes = static_cast<size_t>(array.bytes());
      g.element_bytes = std::max(1, array.dtype().bytes());
      g.memory = std::make_unique<unsigned char[]>(g.bytes + 2 * guard_bytes);
      std::memset(g.memory.get(), kGuardPattern, g.bytes + 2 * guard_bytes);
      std::memcpy(g.memory.get() + guard_bytes, array.data(), g.bytes);
      address = reinterpret_cast<uint64_t>(g.memory.get() + guard_bytes);
      guarded_.push_back(std::move(g));
    }
    run.buffers[p.var.get()] = address;
  }
  launches = 0;
  Status s = RunHostProgram(&run);
  launches = run.launches;
  size_t g = 0;
  b = 0;
  for (const auto& p : program_->host.params) {
    if (!p.is_buffer()) continue;
    const NDArray& array = buffers[b++];
    if (guard_bytes > 0) {
      std::memcpy(array.data(), guarded_[g].memory.get() + guard_bytes, guarded_[g].bytes);
      ++g;
    }
  }
  return s;
}

Result<uint64_t> EmulatedCudaModule::Temporary(const ir::Var&, size_t bytes) {
  temporaries_.push_back(std::make_unique<char[]>(std::max<size_t>(bytes, 1)));
  return reinterpret_cast<uint64_t>(temporaries_.back().get());
}

Status EmulatedCudaModule::CheckGuards(int kernel) const {
  for (const Guarded& g : guarded_) {
    const unsigned char* m = g.memory.get();
    auto report = [&](int64_t byte) {
      int64_t element = byte >= 0 ? byte / g.element_bytes : -((-byte + g.element_bytes - 1) / g.element_bytes);
      int64_t count = static_cast<int64_t>(g.bytes) / g.element_bytes;
      return Error("out-of-bounds write: kernel " + program_->kernels[static_cast<size_t>(kernel)].name +
                   " wrote element " + std::to_string(element) + " of buffer " + g.name +
                   ", which has elements [0, " + std::to_string(count) + ")");
    };
    for (size_t i = guard_bytes; i-- > 0;)  // nearest to the array first
      if (m[i] != kGuardPattern) return report(static_cast<int64_t>(i) - static_cast<int64_t>(guard_bytes));
    for (size_t i = 0; i < guard_bytes; ++i)
      if (m[guard_bytes + g.bytes + i] != kGuardPattern) return report(static_cast<int64_t>(g.bytes + i));
  }
  return Status::Ok();
}

std::vector<int64_t> EmulatedCudaModule::SampledBlocks(int64_t total, int64_t max_blocks) {
  std::vector<int64_t> out;
  if (total <= 0) return out;
  if (max_blocks <= 0 || total <= max_blocks) {
    for (int64_t b = 0; b < total; ++b) out.push_back(b);
    return out;
  }
  if (max_blocks == 1) return {0};
  // Evenly spaced from 0 to total - 1 (rounded down; the steps are > 1, so distinct).
  for (int64_t i = 0; i < max_blocks; ++i)
    out.push_back(static_cast<int64_t>((static_cast<__int128>(i) * (total - 1)) / (max_blocks - 1)));
  return out;
}

Status EmulatedCudaModule::Launch(int index, const std::array<int64_t, 3>& grid,
                                  const std::array<int64_t, 3>& block, std::vector<uint64_t>& args) {
  Packed kernel = kernels_[static_cast<size_t>(index)];
  int64_t threads = block[0] * block[1] * block[2];
  const std::vector<int64_t> blocks = SampledBlocks(grid[0] * grid[1] * grid[2], max_blocks);
  blocks_run += static_cast<int64_t>(blocks.size());
  blocks_in_grids += grid[0] * grid[1] * grid[2];
  bool reversed = reverse_warp_order && (reverse_only_kernel < 0 || reverse_only_kernel == index);
  LaunchState state(threads, reversed);
  Current() = &state;
  std::vector<std::thread> pool;
  for (int64_t t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      Tid() = t;
      unsigned tx = static_cast<unsigned>(t % block[0]);
      unsigned ty = static_cast<unsigned>(t / block[0] % block[1]);
      unsigned tz = static_cast<unsigned>(t / (block[0] * block[1]));
      for (int64_t seq : blocks) {  // linear block index: x fastest
        const int64_t bx = seq % grid[0], by = seq / grid[0] % grid[1], bz = seq / (grid[0] * grid[1]);
        set_indices_(static_cast<unsigned>(bx), static_cast<unsigned>(by), static_cast<unsigned>(bz), tx, ty, tz);
        state.StartBlock(t, seq);
        kernel(reinterpret_cast<const unsigned long long*>(args.data()));
        state.FinishBlock(t);
        state.block_barrier.arrive_and_wait();  // the next block reuses the shared arrays
      }
    });
  for (std::thread& t : pool) t.join();
  Current() = nullptr;
  if (!state.error.empty())
    return Error("emulated launch of kernel " + std::to_string(index) + ": " + state.error);
  return CheckGuards(index);
}

}  // namespace tessera::runtime
