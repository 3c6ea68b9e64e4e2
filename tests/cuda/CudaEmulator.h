// A CPU emulation of the CUDA kernels Tessera generates, so that the GPU passes and the
// generated code can be checked for what they compute on machines without a GPU. The
// CUDA C++ source is compiled by the host C++ compiler after a prelude that maps CUDA
// built-ins to C++: thread and block indices are thread_local, __shared__ arrays are
// static (one copy, shared by the threads of the block that runs), __syncthreads() is a
// std::barrier. A launch runs its blocks one after another, each with one std::thread
// per CUDA thread, so missing or misplaced barriers show up as wrong results; the host
// program is the real one (runtime/cuda/CudaHostProgram.h) with host arrays standing in
// for device memory. It says nothing about speed.
#pragma once

#include <dlfcn.h>

#include <QtTest>
#include <barrier>
#include <memory>
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
  static Result<std::unique_ptr<EmulatedModule>> Build(const codegen::CudaProgram& program,
                                                       const QString& dir) {
    Result<std::string> source = codegen::CodeGenCUDA(program);
    if (!source) return source.error();
    std::string text = *source;
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
    if (!barrier || !m->set_indices_) return Error("the emulation prelude is missing");
    barrier(&Wait);
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
    std::barrier<> barrier(threads);
    current_barrier() = &barrier;
    std::vector<std::thread> pool;
    for (int64_t t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        unsigned tx = static_cast<unsigned>(t % block[0]);
        unsigned ty = static_cast<unsigned>(t / block[0] % block[1]);
        unsigned tz = static_cast<unsigned>(t / (block[0] * block[1]));
        for (int64_t bz = 0; bz < grid[2]; ++bz)
          for (int64_t by = 0; by < grid[1]; ++by)
            for (int64_t bx = 0; bx < grid[0]; ++bx) {
              set_indices_(static_cast<unsigned>(bx), static_cast<unsigned>(by),
                           static_cast<unsigned>(bz), tx, ty, tz);
              kernel(reinterpret_cast<const unsigned long long*>(args.data()));
              barrier.arrive_and_wait();  // the next block reuses the static shared arrays
            }
      });
    for (std::thread& t : pool) t.join();
    current_barrier() = nullptr;
    return Status::Ok();
  }

  int launches = 0;

 private:
  EmulatedModule() = default;

  static int& counter() {
    static int n = 0;
    return n;
  }
  static std::barrier<>*& current_barrier() {
    static std::barrier<>* b = nullptr;
    return b;
  }
  static void Wait() { current_barrier()->arrive_and_wait(); }

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

}  // namespace tessera::testing
