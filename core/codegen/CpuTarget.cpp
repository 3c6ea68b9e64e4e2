#include "codegen/CpuTarget.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace tessera::codegen {

namespace {

struct KnownCpu {
  const char* name;
  int lanes;
};

// LLVM's names of x86 CPUs by the widest fp32 vector they execute (AVX2 ones have FMA).
constexpr KnownCpu kKnownCpus[] = {
    {"x86-64-v4", 16},  {"skylake-avx512", 16}, {"cascadelake", 16},    {"cooperlake", 16},
    {"cannonlake", 16}, {"icelake-client", 16}, {"icelake-server", 16}, {"tigerlake", 16},
    {"rocketlake", 16}, {"sapphirerapids", 16}, {"emeraldrapids", 16},  {"graniterapids", 16},
    {"znver4", 16},     {"znver5", 16},         {"x86-64-v3", 8},       {"haswell", 8},
    {"broadwell", 8},   {"skylake", 8},         {"alderlake", 8},       {"raptorlake", 8},
    {"meteorlake", 8},  {"znver1", 8},          {"znver2", 8},          {"znver3", 8},
    {"x86-64", 4},      {"x86-64-v2", 4},       {"nehalem", 4},         {"westmere", 4},
};

std::string KnownNames() {
  std::string out;
  for (const KnownCpu& c : kKnownCpus) out += (out.empty() ? "" : ", ") + std::string(c.name);
  return out;
}

const char* IsaOf(int lanes) { return lanes >= 16 ? "AVX-512" : lanes >= 8 ? "AVX2+FMA" : "SSE"; }

}  // namespace

int HostFp32Lanes() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") ? 16 : __builtin_cpu_supports("avx2") ? 8 : 4;
#else
  return 1;
#endif
}

Result<std::optional<CpuTarget>> ParseCpuTarget(const std::string& spec, int host_lanes) {
  std::istringstream words(spec);
  std::vector<std::string> parts;
  for (std::string w; words >> w;) parts.push_back(w);
  if (parts.empty()) return std::optional<CpuTarget>{};
  if (parts[0] != "llvm")
    return Error("target '" + spec +
                 "': a CPU target starts with 'llvm' (e.g. \"llvm -mcpu=haswell\")");
  std::string cpu;
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string prefix = "-mcpu=";
    if (parts[i].rfind(prefix, 0) != 0)
      return Error("target '" + spec + "': unknown option '" + parts[i] +
                   "' (only -mcpu=NAME is supported)");
    cpu = parts[i].substr(prefix.size());
  }
  if (cpu.empty()) return std::optional<CpuTarget>{};
  for (const KnownCpu& c : kKnownCpus) {
    if (cpu != c.name) continue;
    if (c.lanes > host_lanes)
      return Error("target '" + spec + "': " + cpu + " has " + IsaOf(c.lanes) +
                   ", which this CPU (" + IsaOf(host_lanes) + ") cannot execute");
    return std::optional<CpuTarget>{CpuTarget{spec, cpu, IsaOf(c.lanes), c.lanes}};
  }
  return Error("target '" + spec + "': unknown -mcpu '" + cpu + "' (known: " + KnownNames() + ")");
}

const std::optional<CpuTarget>& CpuTargetFromEnvironment() {
  static const std::optional<CpuTarget> target = [] {
    const char* value = std::getenv("TESSERA_TARGET");
    if (!value || !*value) return std::optional<CpuTarget>{};
    auto parsed = ParseCpuTarget(value, HostFp32Lanes());
    if (!parsed) {
      std::fprintf(stderr, "tessera: TESSERA_TARGET ignored: %s\n", parsed.error().message.c_str());
      return std::optional<CpuTarget>{};
    }
    return *parsed;
  }();
  return target;
}

Status SetCpuTargetEnvironment(const std::string& spec) {
  auto parsed = ParseCpuTarget(spec, HostFp32Lanes());
  if (!parsed) return parsed.error();
  if (*parsed)
    setenv("TESSERA_TARGET", spec.c_str(), 1);
  else
    unsetenv("TESSERA_TARGET");
  return Status::Ok();
}

}  // namespace tessera::codegen
