#include "runtime/cuda/Emulator.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>

#include "codegen/cuda/CodeGenCUDA.h"
#include "runtime/ArgBinder.h"
#include "runtime/CpuCount.h"
#include "runtime/cuda/EmulatorBlock.h"
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
#define __shared__ static thread_local
#define __syncthreads() tsr_barrier()
#define __trap() __builtin_trap()
#define __align__(n) __attribute__((aligned(n)))
// CUDA's vector types, for the wide copies (codegen/cuda/CodeGenCUDAWide.h). No alignment
// of their own: an emulated wide access must not fault where the GPU's would not.
struct float2 { float x, y; };
struct float4 { float x, y, z, w; };
struct int2 { int x, y; };
struct int4 { int x, y, z, w; };
struct uint2 { unsigned x, y; };
struct uint4 { unsigned x, y, z, w; };
)";

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
    text.replace(at, dynamic.size(),
                 "alignas(16) static thread_local unsigned char tsr_dynamic_shared[256 * 1024];");
  text = kEmulationPrelude + EmulateCudaHeaders(text) + Wrappers(program);
  std::string compiler = Compiler();
  if (compiler.empty())
    return Error("the GPU emulator needs a C++ compiler (c++, g++ or clang++) on PATH");
  std::string base =
      dir + "/emulated" + std::to_string(::getpid()) + "_" + std::to_string(Counter()++);
  {
    std::ofstream file(base + ".cpp", std::ios::trunc);
    if (!file) return Error("cannot write " + base + ".cpp");
    file << text;
    if (!file) return Error("cannot write " + base + ".cpp");
  }
  std::string command =
      Quoted(compiler) +
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
  barrier(&EmulatedBlock::BarrierHook);
  shuffle(&EmulatedBlock::ShuffleHook);
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
    if (var.dtype().is_float())
      run.float_values[var.get()] = value.as_float();
    else
      run.values[var] = value.as_int();
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
      int64_t element =
          byte >= 0 ? byte / g.element_bytes : -((-byte + g.element_bytes - 1) / g.element_bytes);
      int64_t count = static_cast<int64_t>(g.bytes) / g.element_bytes;
      return Error("out-of-bounds write: kernel " +
                   program_->kernels[static_cast<size_t>(kernel)].name + " wrote element " +
                   std::to_string(element) + " of buffer " + g.name + ", which has elements [0, " +
                   std::to_string(count) + ")");
    };
    for (size_t i = guard_bytes; i-- > 0;)  // nearest to the array first
      if (m[i] != kGuardPattern)
        return report(static_cast<int64_t>(i) - static_cast<int64_t>(guard_bytes));
    for (size_t i = 0; i < guard_bytes; ++i)
      if (m[guard_bytes + g.bytes + i] != kGuardPattern)
        return report(static_cast<int64_t>(g.bytes + i));
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
    out.push_back(
        static_cast<int64_t>((static_cast<__int128>(i) * (total - 1)) / (max_blocks - 1)));
  return out;
}

Status EmulatedCudaModule::Launch(int index, const std::array<int64_t, 3>& grid,
                                  const std::array<int64_t, 3>& block,
                                  std::vector<uint64_t>& args) {
  const EmulatedBlock::Kernel kernel = kernels_[static_cast<size_t>(index)];
  const std::vector<int64_t> blocks = SampledBlocks(grid[0] * grid[1] * grid[2], max_blocks);
  blocks_run += static_cast<int64_t>(blocks.size());
  blocks_in_grids += grid[0] * grid[1] * grid[2];
  const bool reversed =
      reverse_warp_order && (reverse_only_kernel < 0 || reverse_only_kernel == index);
  const auto* packed = reinterpret_cast<const unsigned long long*>(args.data());
  // OS thread w runs blocks w, w + n, w + 2n, ... of the n threads: a fixed assignment,
  // so that what a block finds in shared memory from the one before (a kernel that reads
  // before it writes) is the same every run. The error of the lowest failing block is
  // reported.
  struct Failure {
    size_t block = SIZE_MAX;
    std::string message;
  };
  static const int cpus = UsableCpus();
  const size_t threads =
      std::max<size_t>(std::min<size_t>(static_cast<size_t>(cpus), blocks.size()), 1);
  std::vector<Failure> failures(threads);
  auto work = [&](size_t w) {
    EmulatedBlock runner(block, kernel, packed, set_indices_);
    for (size_t i = w; i < blocks.size(); i += threads) {
      runner.Run(blocks[i], grid, reversed);
      std::string error = runner.TakeError();
      if (!error.empty() && i < failures[w].block) failures[w] = Failure{i, std::move(error)};
    }
  };
  std::vector<std::thread> pool;
  size_t started = 1;
  for (; started < threads; ++started) {
    try {
      pool.emplace_back(work, started);
    } catch (const std::system_error&) {
      break;  // no more OS threads: this one runs their blocks too
    }
  }
  for (size_t w = started; w < threads; ++w) work(w);
  work(0);
  for (std::thread& t : pool) t.join();
  const Failure* first = &failures[0];
  for (const Failure& f : failures)
    if (f.block < first->block) first = &f;
  if (!first->message.empty())
    return Error("emulated launch of kernel " + std::to_string(index) + ": " + first->message);
  return CheckGuards(index);
}

}  // namespace tessera::runtime
