// TargetInfo: what the generated design space sizes its tiles for — the widest fp32
// vector and the number of vector registers, read from the CPU at run time (never a
// compile-time ISA): AVX-512 has 32 zmm registers of 16 floats, AVX2 16 ymm of 8,
// SSE 16 xmm of 4; and one core's L1 data cache, read from this host's cache hierarchy
// (analysis/CacheHierarchy.h; 32 KiB where the OS does not say); and how many
// independent FMA chains keep the vector FMA pipes busy (latency x pipes, from the CPU's
// vendor and family as runtime/MachinePeak.h reads them), which a register tile's
// accumulators must exceed. Besides the CPU, one thing of the kernel's caller: which
// arguments it hands in blocked layouts (BlockedArguments.h; off by default).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tune/BlockedArguments.h"

namespace tessera::tune {

struct TargetInfo {
  std::string isa = "SSE";  // "AVX-512", "AVX2", "SSE"
  int vector_lanes = 4;     // fp32 lanes of the widest vector
  int vector_registers = 16;
  int cores = 1;
  int64_t l1_bytes = 32 * 1024;
  int fma_latency = 4;  // cycles from an FMA's issue to its result feeding the next one
  int fma_pipes = 1;    // full-width vector FMAs started per cycle per core
  // The arguments the caller hands in the blocked layouts the space packs them in
  // (TuneOptions::blocked); the kernel's signature changes with them.
  BlockedArguments blocked;
};

// The fewest accumulators (independent FMA chains) a register tile needs so that its FMAs
// are not bound by their latency: more than latency x pipes. At exactly that many every
// FMA would have to start the cycle its accumulator's previous FMA finishes, which the
// step's loads and broadcasts, competing for the same schedulers, do not leave room for.
int64_t AccumulatorsCoveringFma(const TargetInfo& target);

// From /proc/cpuinfo-style feature names ("avx512f", "avx2", "fma", ...).
TargetInfo TargetInfoFromFeatures(const std::vector<std::string>& isa_features, int cores);

// This machine (runtime::HostMachinePeak's cpuid reading).
TargetInfo HostTargetInfo();

}  // namespace tessera::tune
