#include "runtime/cuda/CudaDriver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <optional>

namespace tessera::runtime {

namespace {

constexpr const char* kDefaultLibrary = "libcuda.so.1";

// Names for the codes that matter before the driver can describe them itself.
const char* FallbackName(cu::Result code) {
  switch (code) {
    case 1:
      return "CUDA_ERROR_INVALID_VALUE";
    case 2:
      return "CUDA_ERROR_OUT_OF_MEMORY";
    case 3:
      return "CUDA_ERROR_NOT_INITIALIZED";
    case 34:
      return "CUDA_ERROR_STUB_LIBRARY";
    case 35:
      return "CUDA_ERROR_INSUFFICIENT_DRIVER";
    case 100:
      return "CUDA_ERROR_NO_DEVICE";
    case 101:
      return "CUDA_ERROR_INVALID_DEVICE";
    case 209:
      return "CUDA_ERROR_NO_BINARY_FOR_GPU";
    case 218:
      return "CUDA_ERROR_INVALID_PTX";
    case 222:
      return "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
    default:
      return "CUDA error";
  }
}

std::string Hint(cu::Result code) {
  switch (code) {
    case 34:
      return " — the library loaded is the CUDA toolkit's stub, not an NVIDIA driver";
    case 100:
      return " — the NVIDIA driver is installed but there is no GPU";
    case 222:
      return " — the driver is older than the NVRTC that produced the PTX (update the driver "
             "or compile for an older architecture)";
    default:
      return "";
  }
}

template <typename Fn>
bool Resolve(void* handle, Fn* fn, const char* name, const char* fallback = nullptr) {
  void* p = dlsym(handle, name);
  if (!p && fallback) p = dlsym(handle, fallback);
  *fn = reinterpret_cast<Fn>(p);
  return p != nullptr;
}

// Resolves every entry point; the name of the first missing one otherwise.
std::string ResolveAll(void* h, CudaDriverApi* a) {
  std::string missing;
  auto need = [&](auto* fn, const char* name, const char* fallback = nullptr) {
    if (missing.empty() && !Resolve(h, fn, name, fallback)) missing = name;
  };
  need(&a->cuInit, "cuInit");
  need(&a->cuDriverGetVersion, "cuDriverGetVersion");
  need(&a->cuGetErrorName, "cuGetErrorName");
  need(&a->cuGetErrorString, "cuGetErrorString");
  need(&a->cuDeviceGetCount, "cuDeviceGetCount");
  need(&a->cuDeviceGet, "cuDeviceGet");
  need(&a->cuDeviceGetName, "cuDeviceGetName");
  need(&a->cuDeviceGetAttribute, "cuDeviceGetAttribute");
  need(&a->cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  need(&a->cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease");
  need(&a->cuCtxSetCurrent, "cuCtxSetCurrent");
  need(&a->cuCtxSynchronize, "cuCtxSynchronize");
  need(&a->cuModuleLoadDataEx, "cuModuleLoadDataEx");
  need(&a->cuModuleUnload, "cuModuleUnload");
  need(&a->cuModuleGetFunction, "cuModuleGetFunction");
  need(&a->cuFuncSetAttribute, "cuFuncSetAttribute");
  need(&a->cuFuncGetAttribute, "cuFuncGetAttribute");
  need(&a->cuLaunchKernel, "cuLaunchKernel");
  need(&a->cuMemAlloc, "cuMemAlloc_v2");
  need(&a->cuMemFree, "cuMemFree_v2");
  need(&a->cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  need(&a->cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  need(&a->cuMemsetD8, "cuMemsetD8_v2");
  need(&a->cuEventCreate, "cuEventCreate");
  need(&a->cuEventDestroy, "cuEventDestroy_v2", "cuEventDestroy");
  need(&a->cuEventRecord, "cuEventRecord");
  need(&a->cuEventSynchronize, "cuEventSynchronize");
  need(&a->cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime");
  return missing;
}

int Attribute(const CudaDriverApi& a, int attr, cu::Device d, int fallback) {
  int v = 0;
  return a.cuDeviceGetAttribute(&v, attr, d) == cu::kSuccess ? v : fallback;
}

int DeviceFromEnvironment() {
  const char* s = std::getenv("TESSERA_CUDA_DEVICE");
  return s && *s ? std::atoi(s) : 0;
}

}  // namespace

std::string CudaDeviceInfo::arch() const {
  return "sm_" + std::to_string(compute_major) + std::to_string(compute_minor);
}

std::string CudaDriver::Describe(cu::Result code) const {
  const char* name = nullptr;
  const char* text = nullptr;
  if (api_.cuGetErrorName && api_.cuGetErrorName(code, &name) != cu::kSuccess) name = nullptr;
  if (api_.cuGetErrorString && api_.cuGetErrorString(code, &text) != cu::kSuccess) text = nullptr;
  std::string out = name ? name : FallbackName(code);
  out += " (" + std::to_string(code) + ")";
  if (text) out += ": " + std::string(text);
  return out + Hint(code);
}

Status CudaDriver::Check(cu::Result code, const std::string& what) const {
  if (code == cu::kSuccess) return Status::Ok();
  return Error(what + " failed: " + Describe(code));
}

Status CudaDriver::MakeCurrent() const {
  return Check(api_.cuCtxSetCurrent(context_), "cuCtxSetCurrent");
}

CudaDriver::~CudaDriver() {
  if (context_ && api_.cuDevicePrimaryCtxRelease) api_.cuDevicePrimaryCtxRelease(device_);
  if (handle_) dlclose(handle_);
}

Result<std::shared_ptr<CudaDriver>> CudaDriver::Load(const std::string& library, int device) {
  std::shared_ptr<CudaDriver> d(new CudaDriver());
  d->handle_ = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!d->handle_) {
    const char* why = dlerror();
    return Error("the CUDA driver library " + library + " cannot be loaded (" +
                 (why ? why : "unknown reason") + "); is an NVIDIA driver installed?");
  }
  if (std::string missing = ResolveAll(d->handle_, &d->api_); !missing.empty())
    return Error("the CUDA driver library " + library + " has no entry point " + missing +
                 " (driver too old?)");
  const CudaDriverApi& a = d->api_;
  if (cu::Result r = a.cuInit(0); r != cu::kSuccess)
    return Error("the CUDA driver cannot be initialised: cuInit returned " + d->Describe(r));
  int count = 0;
  if (Status s = d->Check(a.cuDeviceGetCount(&count), "cuDeviceGetCount"); !s) return s.error();
  if (count <= 0) return Error("the CUDA driver reports no GPU");
  if (device < 0 || device >= count)
    return Error("there is no GPU number " + std::to_string(device) + " (this machine has " +
                 std::to_string(count) + ")");
  if (Status s = d->Check(a.cuDeviceGet(&d->device_, device), "cuDeviceGet"); !s) return s.error();
  if (Status s = d->Check(a.cuDevicePrimaryCtxRetain(&d->context_, d->device_),
                          "cuDevicePrimaryCtxRetain");
      !s)
    return s.error();
  if (Status s = d->MakeCurrent(); !s) return s.error();
  CudaDeviceInfo& info = d->info_;
  char name[256] = {0};
  if (a.cuDeviceGetName(name, sizeof name - 1, d->device_) == cu::kSuccess) info.name = name;
  info.ordinal = device;
  info.compute_major = Attribute(a, cu::kAttrComputeMajor, d->device_, 0);
  info.compute_minor = Attribute(a, cu::kAttrComputeMinor, d->device_, 0);
  info.multiprocessors = Attribute(a, cu::kAttrMultiprocessorCount, d->device_, 0);
  info.max_threads_per_block = Attribute(a, cu::kAttrMaxThreadsPerBlock, d->device_, 1024);
  info.max_shared_per_block = Attribute(a, cu::kAttrMaxSharedPerBlock, d->device_, 48 * 1024);
  info.max_shared_per_block_optin = Attribute(a, cu::kAttrMaxSharedPerBlockOptin, d->device_,
                                              static_cast<int>(info.max_shared_per_block));
  a.cuDriverGetVersion(&info.driver_version);
  return d;
}

Result<std::shared_ptr<CudaDriver>> CudaDriver::Get() {
  static std::once_flag once;
  static std::optional<Result<std::shared_ptr<CudaDriver>>> driver;
  std::call_once(once, [] {
    const char* lib = std::getenv("TESSERA_CUDA_DRIVER");
    driver.emplace(Load(lib && *lib ? lib : kDefaultLibrary, DeviceFromEnvironment()));
  });
  return *driver;
}

bool CudaAvailable(std::string* why) {
  auto d = CudaDriver::Get();
  if (!d) {
    if (why) *why = d.error().message;
    return false;
  }
  if (why) why->clear();
  return true;
}

}  // namespace tessera::runtime
