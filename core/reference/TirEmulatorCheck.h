// TirEmulatorCheck: a TensorIR function with thread-bound loops run on the CPU emulation
// of its CUDA kernels (runtime/cuda/Emulator.h), without a GPU: what `tessera-cli run
// --target cuda-emulator [--check]` does for a TensorIR document, and what the desktop
// application's Run on the GPU emulator is meant to call. The kernels run on the
// arrays of MakeTirArguments (TirReference.h); with `check` every output is compared
// with the unscheduled program (TirExpectedOutputs: the te oracle or the interpreter)
// and each kernel is run again with its warps in the other order between barriers (a
// result that changes is a race: a missing barrier). A launch the emulator refuses
// (out-of-bounds write, shuffle-mask error) is a "launch" finding.
// Large grids are sampled as EmulatorCheck.h samples them (`max_blocks`, single-kernel
// programs): the blocks run twice, on outputs filled with two byte patterns, and only
// the elements they wrote are compared.
#pragma once

#include <vector>

#include "reference/EmulatorCheck.h"
#include "reference/TirReference.h"
#include "tir/Stmt.h"
#include "transform/Pipeline.h"

namespace tessera::reference {

// `scheduled`: the function that was lowered (`lowered`, from transform::LowerTensorIR
// with target "cuda"); `original` and `te_args` as for TirExpectedOutputs; `arguments`
// from MakeTirArguments (the inputs are copied, not changed). Errors: the CUDA lowering
// failed, no host C++ compiler, the kernels do not compile, the reference failed.
Result<EmulatorReport> CheckTirOnEmulator(const tir::PrimFunc& scheduled,
                                          const tir::PrimFunc& original,
                                          const std::vector<te::Tensor>& te_args,
                                          const transform::LoweredProgram& lowered,
                                          const TirArguments& arguments,
                                          const EmulatorCheckOptions& options = {});

}  // namespace tessera::reference
