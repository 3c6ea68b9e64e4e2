// CudaDriver: the CUDA driver API, loaded at run time with dlopen("libcuda.so.1") so
// that Tessera starts (and every CPU feature works) on machines without an NVIDIA
// driver; nothing links against libcuda. The few types and entry points the backend
// uses are declared here (ABI-compatible with cuda.h), so this file needs no CUDA
// headers either. Every failure — no driver, the toolkit's stub library, no device, a
// failing call — becomes an Error that says what happened in words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "support/Result.h"

namespace tessera::runtime {

namespace cu {
using Result = int;                    // CUresult
using Device = int;                    // CUdevice
using DevicePtr = unsigned long long;  // CUdeviceptr
struct Context_st;
using Context = Context_st*;
struct Module_st;
using Module = Module_st*;
struct Function_st;
using Function = Function_st*;
struct Stream_st;
using Stream = Stream_st*;
struct Event_st;
using Event = Event_st*;

inline constexpr Result kSuccess = 0;
inline constexpr Result kErrorStubLibrary = 34;
inline constexpr Result kErrorNoDevice = 100;
// CUdevice_attribute values used by the backend.
inline constexpr int kAttrMaxThreadsPerBlock = 1;
inline constexpr int kAttrMaxBlockDimX = 2;
inline constexpr int kAttrMaxGridDimX = 5;
inline constexpr int kAttrMaxSharedPerBlock = 8;
inline constexpr int kAttrMultiprocessorCount = 16;
inline constexpr int kAttrComputeMajor = 75;
inline constexpr int kAttrComputeMinor = 76;
inline constexpr int kAttrMaxSharedPerBlockOptin = 97;
// CUfunction_attribute
inline constexpr int kFuncAttrNumRegs = 4;
inline constexpr int kFuncAttrMaxDynamicShared = 8;
}  // namespace cu

// The loaded driver library and its entry points (null until loaded).
struct CudaDriverApi {
  cu::Result (*cuInit)(unsigned) = nullptr;
  cu::Result (*cuDriverGetVersion)(int*) = nullptr;
  cu::Result (*cuGetErrorName)(cu::Result, const char**) = nullptr;
  cu::Result (*cuGetErrorString)(cu::Result, const char**) = nullptr;
  cu::Result (*cuDeviceGetCount)(int*) = nullptr;
  cu::Result (*cuDeviceGet)(cu::Device*, int) = nullptr;
  cu::Result (*cuDeviceGetName)(char*, int, cu::Device) = nullptr;
  cu::Result (*cuDeviceGetAttribute)(int*, int, cu::Device) = nullptr;
  cu::Result (*cuDevicePrimaryCtxRetain)(cu::Context*, cu::Device) = nullptr;
  cu::Result (*cuDevicePrimaryCtxRelease)(cu::Device) = nullptr;
  cu::Result (*cuCtxSetCurrent)(cu::Context) = nullptr;
  cu::Result (*cuCtxSynchronize)() = nullptr;
  cu::Result (*cuModuleLoadDataEx)(cu::Module*, const void*, unsigned, int*, void**) = nullptr;
  cu::Result (*cuModuleUnload)(cu::Module) = nullptr;
  cu::Result (*cuModuleGetFunction)(cu::Function*, cu::Module, const char*) = nullptr;
  cu::Result (*cuFuncSetAttribute)(cu::Function, int, int) = nullptr;
  cu::Result (*cuFuncGetAttribute)(int*, int, cu::Function) = nullptr;
  cu::Result (*cuLaunchKernel)(cu::Function, unsigned, unsigned, unsigned, unsigned, unsigned,
                               unsigned, unsigned, cu::Stream, void**, void**) = nullptr;
  cu::Result (*cuMemAlloc)(cu::DevicePtr*, size_t) = nullptr;
  cu::Result (*cuMemFree)(cu::DevicePtr) = nullptr;
  cu::Result (*cuMemcpyHtoD)(cu::DevicePtr, const void*, size_t) = nullptr;
  cu::Result (*cuMemcpyDtoH)(void*, cu::DevicePtr, size_t) = nullptr;
  cu::Result (*cuMemsetD8)(cu::DevicePtr, unsigned char, size_t) = nullptr;
  cu::Result (*cuEventCreate)(cu::Event*, unsigned) = nullptr;
  cu::Result (*cuEventDestroy)(cu::Event) = nullptr;
  cu::Result (*cuEventRecord)(cu::Event, cu::Stream) = nullptr;
  cu::Result (*cuEventSynchronize)(cu::Event) = nullptr;
  cu::Result (*cuEventElapsedTime)(float*, cu::Event, cu::Event) = nullptr;
};

// What the backend knows about the GPU it runs on.
struct CudaDeviceInfo {
  std::string name;
  int ordinal = 0;
  int compute_major = 0, compute_minor = 0;
  int multiprocessors = 0;
  int max_threads_per_block = 1024;
  int64_t max_shared_per_block = 48 * 1024;        // static shared memory
  int64_t max_shared_per_block_optin = 48 * 1024;  // with the dynamic opt-in
  int driver_version = 0;                          // e.g. 12040 for 12.4
  std::string arch() const;                        // "sm_90"
};

class CudaDriver {
 public:
  // The process-wide driver: loaded, initialised and with device 0's primary context
  // (TESSERA_CUDA_DEVICE selects another device, TESSERA_CUDA_DRIVER another library
  // file) on first use; the same Error every time when that failed.
  static Result<std::shared_ptr<CudaDriver>> Get();
  // Loads `library` and initialises it without caching (tests use the toolkit's stub
  // library to see the failure path).
  static Result<std::shared_ptr<CudaDriver>> Load(const std::string& library, int device = 0);

  ~CudaDriver();
  CudaDriver(const CudaDriver&) = delete;
  CudaDriver& operator=(const CudaDriver&) = delete;

  const CudaDriverApi& api() const { return api_; }
  const CudaDeviceInfo& device() const { return info_; }
  // Makes the primary context current on the calling thread (worker threads call it).
  Status MakeCurrent() const;
  // An Error "WHAT failed: CUDA_ERROR_X (description)" unless `code` is success.
  Status Check(cu::Result code, const std::string& what) const;
  std::string Describe(cu::Result code) const;

 private:
  CudaDriver() = default;
  void* handle_ = nullptr;
  CudaDriverApi api_;
  CudaDeviceInfo info_;
  cu::Device device_ = 0;
  cu::Context context_ = nullptr;
};

// Whether a CUDA GPU can be used here; when not, *why says why (no driver, no device...).
bool CudaAvailable(std::string* why = nullptr);

}  // namespace tessera::runtime
