#include "runtime/cuda/CudaModule.h"

#include <algorithm>
#include <chrono>
#include <unordered_map>
#include <unordered_set>

#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/NVRTC.h"
#include "runtime/ArgBinder.h"
#include "runtime/cuda/CudaHostProgram.h"
#include "runtime/cuda/CudaMemory.h"

namespace tessera::runtime {

struct CudaModule::Loaded {
  std::shared_ptr<CudaDriver> driver;
  codegen::CudaProgram program;
  codegen::CudaOptions options;
  std::vector<transform::PassRecord> timeline;
  std::string source, ptx, arch;
  double compile_ms = 0.0;
  cu::Module module = nullptr;
  std::vector<cu::Function> functions;

  ~Loaded() {
    if (module && driver->MakeCurrent().ok()) driver->api().cuModuleUnload(module);
  }
};

namespace {

codegen::CudaOptions WithDevice(codegen::CudaOptions o, const CudaDeviceInfo& d) {
  o.arch = d.arch();
  o.max_threads_per_block = d.max_threads_per_block;
  o.max_static_shared_bytes = std::min<int64_t>(o.max_static_shared_bytes, d.max_shared_per_block);
  o.max_optin_shared_bytes = d.max_shared_per_block_optin;
  return o;
}

// The newest architecture NVRTC supports that the device can run (PTX is forward
// compatible), or 0.
int PtxArchFor(int device_arch) {
  int best = 0;
  for (int a : codegen::NVRTCSupportedArchs())
    if (a <= device_arch) best = std::max(best, a);
  return best;
}

Status LoadImage(CudaModule::Loaded* l, const std::string& image, const std::string& what) {
  if (l->module) {
    l->driver->api().cuModuleUnload(l->module);
    l->module = nullptr;
  }
  return l->driver->Check(
      l->driver->api().cuModuleLoadDataEx(&l->module, image.c_str(), 0, nullptr, nullptr),
      "loading the " + what + " for " + l->arch);
}

// CUBIN for the device; PTX (JIT-compiled by the driver) when that fails.
Status CompileAndLoad(CudaModule::Loaded* l) {
  std::string device_arch = l->options.arch;
  Result<std::string> cubin = codegen::CompileToCUBIN(l->source, device_arch);
  l->arch = device_arch;
  Status first = cubin ? LoadImage(l, *cubin, "CUBIN") : Status(cubin.error());
  if (first.ok()) return first;
  int ptx_arch = PtxArchFor(codegen::ArchNumber(device_arch));
  if (ptx_arch == 0) return first;
  l->arch = "sm_" + std::to_string(ptx_arch);
  Result<std::string> ptx = codegen::CompileToPTX(l->source, l->arch);
  if (!ptx) return ptx.error();
  l->ptx = *ptx;
  Status second = LoadImage(l, l->ptx, "PTX");
  if (second.ok()) return second;
  return Error(first.error().message + "; then " + second.error().message);
}

Status GetFunctions(CudaModule::Loaded* l) {
  const CudaDriverApi& api = l->driver->api();
  for (const codegen::CudaKernel& k : l->program.kernels) {
    cu::Function f = nullptr;
    if (Status s = l->driver->Check(
            api.cuModuleGetFunction(&f, l->module, codegen::KernelSymbol(k).c_str()),
            "finding kernel " + k.name);
        !s)
      return s;
    if (k.dynamic_shared)
      if (Status s = l->driver->Check(api.cuFuncSetAttribute(f, cu::kFuncAttrMaxDynamicShared,
                                                             static_cast<int>(k.shared_bytes())),
                                      "raising the shared memory limit of " + k.name);
          !s)
        return s;
    l->functions.push_back(f);
  }
  return Status::Ok();
}

// Buffers (by data handle) that some kernel writes.
std::unordered_set<const ir::ExprNode*> WrittenBuffers(const codegen::CudaProgram& p) {
  std::unordered_set<const ir::ExprNode*> written;
  for (const codegen::CudaKernel& k : p.kernels)
    for (size_t i = 0; i < k.params.size(); ++i)
      if (k.params[i].is_buffer() && !k.read_only[i]) written.insert(k.params[i].var.get());
  return written;
}

// Launches on the GPU through the driver; temporaries live until the launcher goes.
class DriverLauncher : public KernelLauncher {
 public:
  explicit DriverLauncher(const CudaModule::Loaded& l) : l_(l) {}

  Result<uint64_t> Temporary(const ir::Var& var, size_t bytes) override {
    DeviceBuffer& buffer = temporaries_[var.get()];
    if (buffer.bytes() < bytes) {
      Result<DeviceBuffer> b = DeviceBuffer::Allocate(l_.driver, bytes);
      if (!b) return b.error();
      buffer = *b;
    }
    return static_cast<uint64_t>(buffer.ptr());
  }

  Status Launch(int index, const std::array<int64_t, 3>& grid, const std::array<int64_t, 3>& block,
                std::vector<uint64_t>& args) override {
    const codegen::CudaKernel& k = l_.program.kernels[static_cast<size_t>(index)];
    std::vector<void*> pointers;
    for (uint64_t& w : args) pointers.push_back(&w);
    unsigned shared = k.dynamic_shared ? static_cast<unsigned>(k.shared_bytes()) : 0u;
    auto u = [](int64_t v) { return static_cast<unsigned>(v); };
    return l_.driver->Check(
        l_.driver->api().cuLaunchKernel(l_.functions[static_cast<size_t>(index)], u(grid[0]),
                                        u(grid[1]), u(grid[2]), u(block[0]), u(block[1]),
                                        u(block[2]), shared, nullptr, pointers.data(), nullptr),
        "launching " + k.name);
  }

 private:
  const CudaModule::Loaded& l_;
  std::unordered_map<const ir::ExprNode*, DeviceBuffer> temporaries_;
};

struct Event {
  std::shared_ptr<CudaDriver> driver;
  cu::Event event = nullptr;
  ~Event() {
    if (event) driver->api().cuEventDestroy(event);
  }
};

Status Synchronize(const CudaDriver& d) {
  return d.Check(d.api().cuCtxSynchronize(), "running the kernels");
}

// One timed run: events around the host program.
Result<double> TimedRun(const CudaDriver& d, HostRun* run, const Event& start, const Event& stop) {
  if (Status s = d.Check(d.api().cuEventRecord(start.event, nullptr), "cuEventRecord"); !s)
    return s.error();
  if (Status s = RunHostProgram(run); !s) return s.error();
  if (Status s = d.Check(d.api().cuEventRecord(stop.event, nullptr), "cuEventRecord"); !s)
    return s.error();
  if (Status s = d.Check(d.api().cuEventSynchronize(stop.event), "running the kernels"); !s)
    return s.error();
  float ms = 0.0f;
  if (Status s =
          d.Check(d.api().cuEventElapsedTime(&ms, start.event, stop.event), "cuEventElapsedTime");
      !s)
    return s.error();
  return static_cast<double>(ms);
}

Result<CudaRunResult> Execute(const CudaModule::Loaded& l, const std::vector<NDArray>& buffers,
                              const ScalarArgs& scalars, const CudaRunOptions& options,
                              bool timed) {
  Result<BoundArguments> bound = BindArguments(l.program.host, buffers, scalars);
  if (!bound) return bound.error();
  if (Status s = l.driver->MakeCurrent(); !s) return s.error();
  DriverLauncher launcher(l);
  HostRun run;
  run.program = &l.program;
  run.options = &l.options;
  run.launcher = &launcher;
  for (const auto& [var, value] : bound->scalars) {
    if (var.dtype().is_float())
      run.float_values[var.get()] = value.as_float();
    else
      run.values[var] = value.as_int();
  }
  std::vector<std::pair<const NDArray*, DeviceBuffer>> device;
  size_t b = 0;
  for (const auto& p : l.program.host.params) {
    if (!p.is_buffer()) continue;
    const NDArray& array = buffers[b++];
    Result<DeviceBuffer> d = DeviceBuffer::Allocate(l.driver, static_cast<size_t>(array.bytes()));
    if (!d) return Error("buffer " + p.buffer->name + ": " + d.error().message);
    if (Status s = d->Upload(array.data(), static_cast<size_t>(array.bytes())); !s)
      return s.error();
    run.buffers[p.var.get()] = static_cast<uint64_t>(d->ptr());
    device.emplace_back(&array, *d);
  }
  CudaRunResult result;
  int untimed = timed ? std::max(options.warmup, 0) : 1;
  for (int i = 0; i < untimed; ++i) {
    if (Status s = RunHostProgram(&run); !s) return s.error();
    if (Status s = Synchronize(*l.driver); !s) return s.error();
  }
  if (timed) {
    Event start{l.driver}, stop{l.driver};
    if (Status s = l.driver->Check(l.driver->api().cuEventCreate(&start.event, 0), "cuEventCreate");
        !s)
      return s.error();
    if (Status s = l.driver->Check(l.driver->api().cuEventCreate(&stop.event, 0), "cuEventCreate");
        !s)
      return s.error();
    for (int i = 0; i < std::max(options.repeat, 1); ++i) {
      run.launches = 0;
      Result<double> ms = TimedRun(*l.driver, &run, start, stop);
      if (!ms) return ms.error();
      result.times_ms.push_back(*ms);
    }
    result.launches_per_run = run.launches;
  }
  std::unordered_set<const ir::ExprNode*> written = WrittenBuffers(l.program);
  b = 0;
  for (const auto& p : l.program.host.params) {
    if (!p.is_buffer()) continue;
    auto& [array, d] = device[b++];
    if (written.count(p.var.get()))
      if (Status s = d.Download(array->data(), static_cast<size_t>(array->bytes())); !s)
        return s.error();
  }
  if (!result.times_ms.empty()) {
    std::vector<double> sorted = result.times_ms;
    std::sort(sorted.begin(), sorted.end());
    result.min_ms = sorted.front();
    result.median_ms = sorted[sorted.size() / 2];
  }
  return result;
}

const CudaModule::Loaded& Checked(const std::shared_ptr<const CudaModule::Loaded>& l) {
  static const CudaModule::Loaded empty;
  return l ? *l : empty;
}

}  // namespace

const codegen::CudaProgram& CudaModule::program() const { return Checked(loaded_).program; }
const std::string& CudaModule::source() const { return Checked(loaded_).source; }
const std::string& CudaModule::ptx() const { return Checked(loaded_).ptx; }
const std::string& CudaModule::arch() const { return Checked(loaded_).arch; }
const std::vector<transform::PassRecord>& CudaModule::timeline() const {
  return Checked(loaded_).timeline;
}
double CudaModule::compile_ms() const { return Checked(loaded_).compile_ms; }

Status CudaModule::Call(const std::vector<NDArray>& buffers, const ScalarArgs& scalars) const {
  if (!loaded_) return Error("the CUDA module is empty (BuildCUDA failed?)");
  Result<CudaRunResult> r = Execute(*loaded_, buffers, scalars, CudaRunOptions{}, false);
  if (!r) return r.error();
  return Status::Ok();
}

Result<CudaModule> BuildCUDA(const transform::LoweredProgram& lowered,
                             const codegen::CudaOptions& options) {
  Result<std::shared_ptr<CudaDriver>> driver = CudaDriver::Get();
  if (!driver) return Error("CUDA is not available: " + driver.error().message);
  auto l = std::make_shared<CudaModule::Loaded>();
  l->driver = *driver;
  l->options = WithDevice(options, (*driver)->device());
  Result<codegen::CudaLowered> cuda = codegen::LowerForCUDA(lowered, l->options);
  if (!cuda) return cuda.error();
  l->program = std::move(cuda->program);
  l->timeline = std::move(cuda->timeline);
  Result<std::string> source = codegen::CodeGenCUDA(l->program);
  if (!source) return source.error();
  l->source = *source;
  if (Status s = l->driver->MakeCurrent(); !s) return s.error();
  auto start = std::chrono::steady_clock::now();
  if (Status s = CompileAndLoad(l.get()); !s) return s.error();
  l->compile_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (Status s = GetFunctions(l.get()); !s) return s.error();
  CudaModule m;
  m.loaded_ = std::move(l);
  return m;
}

Result<CudaRunResult> RunCUDA(const CudaModule& module, const std::vector<NDArray>& buffers,
                              const ScalarArgs& scalars, const CudaRunOptions& options) {
  if (!module.loaded_) return Error("the CUDA module is empty (BuildCUDA failed?)");
  return Execute(*module.loaded_, buffers, scalars, options, true);
}

codegen::CudaOptions CudaOptionsForDevice() {
  Result<std::shared_ptr<CudaDriver>> driver = CudaDriver::Get();
  if (!driver) return codegen::CudaOptions{};
  return WithDevice(codegen::CudaOptions{}, (*driver)->device());
}

}  // namespace tessera::runtime
