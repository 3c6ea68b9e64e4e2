// TirEmulatorCheck: a TensorIR function with thread-bound loops run on the CPU emulation
// of its CUDA kernels (runtime/cuda/Emulator.h), without a GPU: what `tessera-cli run
// --target cuda-emulator [--check]` does for a TensorIR document and Run ▸ Check on the
// GPU Emulator in the desktop application. The run, its sampling of large grids and its
// report are EmulatorRun.h's, as for a te schedule; what is TensorIR's own is the
// arrays (MakeTirArguments, TirReference.h) and the oracle: every output is compared
// with the unscheduled program (TirExpectedOutputs: the te oracle or the interpreter).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "reference/EmulatorCheck.h"
#include "reference/TirReference.h"
#include "tir/Stmt.h"
#include "transform/Pipeline.h"

namespace tessera::reference {

// Why `lowered` (LowerTensorIR's, any target) has no CUDA kernel: it has no loop bound to
// a GPU index (the sentence says how to bind one); nullopt when it has one.
std::optional<std::string> TirGpuKernelProblem(const transform::LoweredProgram& lowered);

// `scheduled`: the function that was lowered (`lowered`, from transform::LowerTensorIR
// with target "cuda"); `original` and `te_args` as for TirExpectedOutputs; `arguments`
// from MakeTirArguments (the inputs are copied, not changed). Errors: no thread-bound
// loop (TirGpuKernelProblem), the CUDA lowering failed, no host C++ compiler, the kernels
// do not compile, the reference failed.
Result<EmulatorReport> CheckTirOnEmulator(const tir::PrimFunc& scheduled,
                                          const tir::PrimFunc& original,
                                          const std::vector<te::Tensor>& te_args,
                                          const transform::LoweredProgram& lowered,
                                          const TirArguments& arguments,
                                          const EmulatorCheckOptions& options = {});

}  // namespace tessera::reference
