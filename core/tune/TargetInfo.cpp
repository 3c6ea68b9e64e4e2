#include "tune/TargetInfo.h"

#include <algorithm>

#include "analysis/CacheHierarchy.h"
#include "runtime/MachinePeak.h"

namespace tessera::tune {

namespace {

TargetInfo ForIsa(const std::string& isa, int cores) {
  TargetInfo t;
  t.isa = isa;
  t.cores = std::max(cores, 1);
  if (const analysis::CacheLevel* l1 = analysis::HostCacheHierarchy().find("L1");
      l1 && l1->size_bytes > 0)
    t.l1_bytes = l1->size_bytes;
  if (isa == "AVX-512") {
    t.vector_lanes = 16;
    t.vector_registers = 32;
  } else if (isa == "AVX2") {
    t.vector_lanes = 8;
    t.vector_registers = 16;
  }
  return t;
}

}  // namespace

TargetInfo TargetInfoFromFeatures(const std::vector<std::string>& isa_features, int cores) {
  auto has = [&](const char* f) {
    return std::find(isa_features.begin(), isa_features.end(), f) != isa_features.end();
  };
  if (has("avx512f")) return ForIsa("AVX-512", cores);
  if (has("avx2")) return ForIsa("AVX2", cores);
  return ForIsa("SSE", cores);
}

TargetInfo HostTargetInfo() {
  const runtime::MachinePeak& peak = runtime::HostMachinePeak();
  std::string isa = peak.fp32_lanes >= 16 ? "AVX-512" : peak.fp32_lanes >= 8 ? "AVX2" : "SSE";
  return ForIsa(isa, peak.cores);
}

}  // namespace tessera::tune
