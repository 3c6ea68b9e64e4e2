// LoweringContext: the pass options for lowering a program this process compiles for a
// target — the target's name and, for the LLVM target, the vector width of the CPU it
// compiles for (CpuTarget: TESSERA_TARGET's CPU or the host), so that what the lowering
// shapes for the target's registers matches what the backend then compiles for.
#pragma once

#include <string>

#include "transform/PassContext.h"

namespace tessera::codegen {

// `target`: "llvm", "c" or "cuda" (the pass context's target names).
transform::PassContext LoweringContext(const std::string& target);

// The fp32 lanes of the widest vector of the CPU the LLVM backend compiles for.
int TargetFp32Lanes();

}  // namespace tessera::codegen
