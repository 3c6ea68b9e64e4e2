// OpenBlasCore: whether the kernel family a DYNAMIC_ARCH OpenBLAS picked for this CPU
// uses the CPU's vectors. OpenBLAS chooses its kernels by the CPU's family and model; a
// model newer than the library (Debian 12's 0.3.21 on Emerald Rapids, family 6 model
// 207) falls back to "Prescott", the SSE3 kernels: 72.5 ms for sgemm 1024^3 there against
// 11.6 ms with the SkylakeX kernels, so every "vs OpenBLAS" ratio came out 6x too kind.
// A user who picks OpenBLAS sets OPENBLAS_CORETYPE (the library's documented override);
// the benchmarks do the same, and say so, when the picked kernels are of a lower ISA than
// the CPU's. Pure functions of the names, so that they are tested without OpenBLAS.
#pragma once

#include <optional>
#include <string>

namespace tessera::bench {

// The widest fp32 vector of an OpenBLAS x86-64 core's kernels: 16 (AVX-512: SkylakeX,
// Cooperlake, SapphireRapids), 8 (AVX2 with FMA: Haswell, Zen, Excavator), 6 for the AVX
// kernels without AVX2's FMA (Sandybridge, Bulldozer, Piledriver, Steamroller: 8 lanes,
// ranked below AVX2), 4 (SSE: Prescott, Core2, Penryn, Nehalem, Atom, Opteron,
// Barcelona, ...); nullopt for a name it does not know (then nothing is overridden).
// Case-insensitive: openblas_get_corename() prints "Prescott", OPENBLAS_CORETYPE takes
// any case.
std::optional<int> OpenBlasCoreRank(const std::string& corename);

// The OPENBLAS_CORETYPE to run with on a CPU with `host_lanes` fp32 lanes (16 AVX-512,
// 8 AVX2, 4 otherwise) when the library picked `corename`: "SkylakeX" or "Haswell" when
// the picked kernels are of a lower rank than the CPU's; nullopt when they already match
// (or exceed: a user's own override stays) or the name is unknown.
std::optional<std::string> OpenBlasCoreTypeFor(const std::string& corename, int host_lanes);

}  // namespace tessera::bench
