// Built only with the CUDA toolkit (TESSERA_CUDA); NVRTCDisabled.cpp otherwise.
#include "codegen/cuda/NVRTC.h"

#include <nvrtc.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>

namespace tessera::codegen {

namespace {

std::string Describe(nvrtcResult r) { return nvrtcGetErrorString(r); }

std::string ArchList() {
  std::string out;
  for (int a : NVRTCSupportedArchs()) out += (out.empty() ? "sm_" : ", sm_") + std::to_string(a);
  return out;
}

// "sm_90" -> 90 after checking that NVRTC supports it.
Result<int> CheckedArch(const std::string& arch) {
  int number = ArchNumber(arch);
  if (number == 0)
    return Error("'" + arch + "' is not a CUDA architecture (expected sm_NN, e.g. sm_90)");
  std::vector<int> supported = NVRTCSupportedArchs();
  if (std::find(supported.begin(), supported.end(), number) == supported.end())
    return Error("NVRTC " + NVRTCVersion() + " cannot compile for " + arch + " (it supports " +
                 ArchList() + ")");
  return number;
}

struct ProgramDeleter {
  void operator()(nvrtcProgram* p) const {
    nvrtcDestroyProgram(p);
    delete p;
  }
};
using Program = std::unique_ptr<nvrtcProgram, ProgramDeleter>;

std::string Log(nvrtcProgram p) {
  size_t size = 0;
  if (nvrtcGetProgramLogSize(p, &size) != NVRTC_SUCCESS || size <= 1) return "";
  std::string log(size, '\0');
  if (nvrtcGetProgramLog(p, log.data()) != NVRTC_SUCCESS) return "";
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

// The CUDA toolkit's headers (cuda_fp16.h, mma.h), which programs with float16 or tensor
// cores include and NVRTC has no search path for: under $CUDA_HOME or $CUDA_PATH, else
// the usual install. Empty when none has them (then only such programs fail to compile).
std::string CudaIncludeDir() {
  std::vector<std::string> roots;
  for (const char* name : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* v = std::getenv(name); v && *v) roots.push_back(v);
  roots.push_back("/usr/local/cuda");
  std::error_code ec;
  for (const std::string& root : roots)
    if (std::filesystem::exists(root + "/include/cuda_fp16.h", ec)) return root + "/include";
  return std::string();
}

// Compiles `source` for `gpu_arch` ("compute_90" or "sm_90").
Result<Program> Compile(const std::string& source, const std::string& gpu_arch) {
  Program program(new nvrtcProgram(nullptr));
  nvrtcResult r =
      nvrtcCreateProgram(program.get(), source.c_str(), "tessera_kernels.cu", 0, nullptr, nullptr);
  if (r != NVRTC_SUCCESS) {
    program.release();
    return Error("NVRTC cannot create a program: " + Describe(r));
  }
  std::string arch_option = "--gpu-architecture=" + gpu_arch;
  std::vector<const char*> options = {arch_option.c_str(), "--std=c++17",
                                      "--device-as-default-execution-space", "-lineinfo"};
  static const std::string include =
      CudaIncludeDir().empty() ? std::string() : "-I" + CudaIncludeDir();
  if (!include.empty()) options.push_back(include.c_str());
  r = nvrtcCompileProgram(*program, static_cast<int>(options.size()), options.data());
  if (r != NVRTC_SUCCESS)
    return Error("NVRTC could not compile the generated CUDA source for " + gpu_arch + " (" +
                 Describe(r) + "):\n" + Log(*program));
  return program;
}

}  // namespace

bool NVRTCAvailable() { return true; }

std::string NVRTCVersion() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "(unknown version)";
  return std::to_string(major) + "." + std::to_string(minor);
}

std::vector<int> NVRTCSupportedArchs() {
  int count = 0;
  if (nvrtcGetNumSupportedArchs(&count) != NVRTC_SUCCESS || count <= 0) return {};
  std::vector<int> archs(static_cast<size_t>(count));
  if (nvrtcGetSupportedArchs(archs.data()) != NVRTC_SUCCESS) return {};
  return archs;
}

Result<std::string> CompileToPTX(const std::string& source, const std::string& arch) {
  Result<int> number = CheckedArch(arch);
  if (!number) return number.error();
  Result<Program> program = Compile(source, "compute_" + std::to_string(*number));
  if (!program) return program.error();
  size_t size = 0;
  if (nvrtcResult r = nvrtcGetPTXSize(**program, &size); r != NVRTC_SUCCESS)
    return Error("NVRTC produced no PTX: " + Describe(r));
  std::string ptx(size, '\0');
  if (nvrtcResult r = nvrtcGetPTX(**program, ptx.data()); r != NVRTC_SUCCESS)
    return Error("NVRTC produced no PTX: " + Describe(r));
  while (!ptx.empty() && ptx.back() == '\0') ptx.pop_back();
  return ptx;
}

Result<std::string> CompileToCUBIN(const std::string& source, const std::string& arch) {
  Result<int> number = CheckedArch(arch);
  if (!number) return number.error();
  Result<Program> program = Compile(source, "sm_" + std::to_string(*number));
  if (!program) return program.error();
  size_t size = 0;
  if (nvrtcResult r = nvrtcGetCUBINSize(**program, &size); r != NVRTC_SUCCESS || size == 0)
    return Error("NVRTC produced no CUBIN for " + arch);
  std::string cubin(size, '\0');
  if (nvrtcResult r = nvrtcGetCUBIN(**program, cubin.data()); r != NVRTC_SUCCESS)
    return Error("NVRTC produced no CUBIN: " + Describe(r));
  return cubin;
}

}  // namespace tessera::codegen
