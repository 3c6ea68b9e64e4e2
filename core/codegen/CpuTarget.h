// CpuTarget: the x86 CPU Tessera compiles for and sizes its schedules for — the host, or
// a narrower one named by the TESSERA_TARGET environment variable in TVM's target syntax
// ("llvm -mcpu=haswell"), so that an AVX-512 machine can measure what an AVX2 machine's
// code and schedules do (the benchmarks' --isa avx2, `tessera-cli ... --target "llvm
// -mcpu=haswell"`). With it set, every part that reads "the host" reads this CPU instead:
// the LLVM backend's -mcpu (codegen/LLVMBackend), the fp32 vector width of the machine
// peak and of get_simd_32bit_lanes() (runtime/MachinePeak: the tuner's TargetInfo follows),
// and the ISA features of the machine signature that keys tuning records (no AVX-512
// record is returned under an AVX2 target). An environment variable, not a global, so
// the worker processes that build and time candidates inherit it.
//
// Only CPUs whose vector width is known here are accepted (AVX-512, AVX2 and SSE-only
// x86 CPUs by LLVM's names); one the host cannot execute is refused.
#pragma once

#include <optional>
#include <string>

#include "support/Result.h"

namespace tessera::codegen {

struct CpuTarget {
  std::string spec;    // as given: "llvm -mcpu=haswell"
  std::string cpu;     // LLVM's CPU name: "haswell"
  std::string isa;     // "AVX-512", "AVX2+FMA", "SSE"
  int fp32_lanes = 4;  // of the widest vector the CPU has
};

// Parses a target: "llvm" alone (or "") is the host (nullopt); "llvm -mcpu=NAME" a CPU of
// the table. `host_lanes`: the host's fp32 width (a wider target is refused). Errors name
// the text and the known CPUs.
Result<std::optional<CpuTarget>> ParseCpuTarget(const std::string& spec, int host_lanes);

// TESSERA_TARGET of this process, parsed once (nullopt when unset or "llvm"). A value
// that does not parse is reported on stderr once and ignored (the host is used).
const std::optional<CpuTarget>& CpuTargetFromEnvironment();

// Validates `spec` and sets TESSERA_TARGET for this process and its children. Must run
// before the first compilation or machine-peak reading (they read it once).
Status SetCpuTargetEnvironment(const std::string& spec);

// The host's fp32 width from cpuid alone (16 / 8 / 4), whatever TESSERA_TARGET says.
int HostFp32Lanes();

}  // namespace tessera::codegen
