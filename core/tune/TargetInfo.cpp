#include "tune/TargetInfo.h"

#include <algorithm>

#include "analysis/CacheHierarchy.h"
#include "runtime/MachinePeak.h"

namespace tessera::tune {

namespace {

// An FMA's latency in cycles, which cpuid does not give: AMD Zen 1 and 2 (family 0x17)
// take 5, Zen 3 and later 4; Intel's AVX-512 cores (Skylake-SP and later) 4; the others
// (Intel AVX2 cores: Haswell and Broadwell 5, Skylake client 4; unknown CPUs) 5, the
// larger, so that tiles are sized for the slower chain.
int FmaLatency(const runtime::MachinePeak& host) {
  if (host.vendor == "AuthenticAMD") return host.family >= 0x19 ? 4 : 5;
  if (host.vendor == "GenuineIntel" && host.fp32_lanes >= 16) return 4;
  return 5;
}

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
  // The pipes for the target's vector width: the host's where it runs that width (Zen 4
  // starts one 512-bit FMA per cycle), else two (every AVX2 core; a 256-bit target on an
  // AVX-512 host).
  const runtime::MachinePeak& host = runtime::HostMachinePeak();
  t.fma_latency = FmaLatency(host);
  if (isa == "SSE")
    t.fma_pipes = 1;
  else if (host.fp32_lanes == t.vector_lanes && host.fma)
    t.fma_pipes = host.fma_pipes;
  else
    t.fma_pipes = 2;
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

int64_t AccumulatorsCoveringFma(const TargetInfo& target) {
  return int64_t{target.fma_latency} * target.fma_pipes + 1;
}

}  // namespace tessera::tune
