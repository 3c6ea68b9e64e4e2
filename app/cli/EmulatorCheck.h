// `tessera-cli run FILE --target cuda-emulator [--check]`: a CUDA-bound schedule run on
// the CPU emulation of its generated kernels (runtime/cuda/Emulator.h), without a GPU,
// for a te schedule and a TensorIR document alike. With --check it reports, and exits
// with 3 for, what a GPU would punish:
// - outputs that differ from the reference (the unscheduled definitions or function);
// - races: a kernel whose outputs change when its warps run between barriers in the
//   other order (a missing __syncthreads), named with the shared buffers it uses and the
//   loops that read them;
// - shuffle-mask errors and out-of-bounds writes, located on the kernel (and lane, or
//   buffer element) that made them.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>

#include "reference/TirReference.h"
#include "runtime/ScalarValue.h"
#include "script/Evaluator.h"
#include "transform/Pipeline.h"

namespace tessera::cli {

// A te schedule: lowered for CUDA here, its arrays made from `vars` and `seed`.
int RunOnEmulator(const script::ScriptProgram& program, const runtime::ScalarArgs& vars,
                  uint64_t seed, bool check, std::ostream& out, std::ostream& err);

// A TensorIR document: `lowered` is its scheduled function lowered for CUDA, `arguments`
// the arrays MakeTirArguments made (with `seed`).
int RunTirOnEmulator(const script::ScriptProgram& program, const transform::LoweredProgram& lowered,
                     const reference::TirArguments& arguments, uint64_t seed, bool check,
                     std::ostream& out, std::ostream& err);

}  // namespace tessera::cli
