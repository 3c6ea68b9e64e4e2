// BenchIsa: the benchmarks' --isa option. `--isa avx2` on an AVX-512 machine makes every
// contender of the run AVX2-only, so the ratios an AVX2 machine would see are measured
// here, side by side:
//   Tessera   TESSERA_TARGET="llvm -mcpu=haswell" (codegen/CpuTarget.h): LLVM compiles for
//             Haswell, schedules and the *_fast.py defaults are sized for 8 lanes and 16
//             vector registers, the tuning records are keyed without the AVX-512 features
//   oneDNN    DNNL_MAX_CPU_ISA=AVX2 (read at its first call)
//   OpenBLAS  OPENBLAS_CORETYPE=Haswell (read when the library is loaded, before main:
//             the process re-executes itself once with the variables set)
//   Halide    HL_JIT_TARGET=x86-64-linux-avx-avx2-f16c-fma-sse41
// `--isa native` (the default): each uses the best this CPU has. OpenBLAS is the one that
// may need telling: a CPU model newer than the library gets its SSE3 kernels
// (OpenBlasCore.h), and then OPENBLAS_CORETYPE is set to the kernels of the CPU's ISA
// (SkylakeX, Haswell) and argv re-executed, unless the user set the variable.
// PrintContenders() prints the ISA each contender actually runs with, read back from it
// (oneDNN's effective ISA and its convolution's implementation name, OpenBLAS's core, the
// Halide target, LLVM's CPU and the vector registers in a Tessera kernel's assembly).
#pragma once

#include <string>

namespace tessera::bench::isa {

// Applies `isa` ("native" or "avx2") for this process: sets the variables above and, when
// they were not already in the environment, re-executes argv (does not return then).
// Returns an error message ("" when applied). Call first thing in main.
std::string Apply(const std::string& isa, char** argv);

// The --isa value applied ("native" when none).
std::string Current();

// One line per contender: the ISA it runs with.
void PrintContenders();

// The fp32 lanes and vector registers Halide's hand-written schedules are sized for: the
// Halide target's (HL_JIT_TARGET when set, else the host): AVX-512 16 and 32, AVX2 8 and 16.
int HalideLanes();
int HalideRegisters();

}  // namespace tessera::bench::isa
