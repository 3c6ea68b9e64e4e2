// The NVRTC entry points of a build without the CUDA toolkit (TESSERA_CUDA off).
#include "codegen/cuda/NVRTC.h"

namespace tessera::codegen {

namespace {
const char* kWhy =
    "this build of Tessera has no NVRTC (the CUDA toolkit was not found when it was configured)";
}

bool NVRTCAvailable() { return false; }
std::string NVRTCVersion() { return kWhy; }
std::vector<int> NVRTCSupportedArchs() { return {}; }
Result<std::string> CompileToPTX(const std::string&, const std::string&) { return Error(kWhy); }
Result<std::string> CompileToCUBIN(const std::string&, const std::string&) { return Error(kWhy); }

}  // namespace tessera::codegen
