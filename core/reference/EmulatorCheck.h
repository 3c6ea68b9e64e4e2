// EmulatorCheck: a CUDA-bound schedule checked on the CPU emulation of its kernels
// (Emulator.h), without a GPU — what `tessera-cli run --target cuda-emulator --check`
// prints and Run ▸ Check on the GPU emulator shows. It reports, as findings
// located on the kernel, its loops and the lines of its CUDA source:
// - outputs that differ from the te oracle (the unscheduled definitions), by the CPU
//   check's rule (CheckAgainstReference: a float sum may differ by the rounding of
//   another summation order, Compare.h's CompareSum), sampled or not;
// - races: a kernel whose outputs change when its warps run between barriers in the
//   other order (a missing __syncthreads), with the loops that read and write its
//   shared buffers and the CUDA lines that touch them;
// - launch failures the emulator catches: shuffle-mask errors (lane and warp named) and
//   out-of-bounds writes into the guard zones (buffer and element named).
// Large grids are sampled: a launch of more than `max_blocks` blocks runs that many,
// spread evenly over the grid with the first and the last (Emulator.h), and the oracle
// comparison and the race check look only at the output elements those blocks wrote
// (found by running them twice, on outputs filled with two byte patterns: an element
// whose bytes agree was written). A program of several kernels runs every block (a
// kernel reads what the blocks of the one before wrote), as does one whose arguments
// have transformed layouts. The run and its report are EmulatorRun.h's, which the
// TensorIR check (TirEmulatorCheck.h) shares; what is a te schedule's own is its arrays
// (MakeKernelArguments) and the te oracle.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "codegen/LoopLines.h"
#include "reference/Reference.h"
#include "runtime/IRInterpreter.h"
#include "schedule/Schedule.h"
#include "te/Tensor.h"
#include "transform/Pipeline.h"

namespace tessera::reference {

using runtime::ScalarArgs;

struct EmulatorFinding {
  std::string kind;                 // "mismatch", "race", "launch"
  std::string kernel;               // the kernel it is in ("" for a mismatch)
  std::string message;              // one sentence
  std::vector<std::string> places;  // "loop k.inner reads A.shared"
  std::vector<std::string> loops;   // the loop variables of those places
  std::vector<int> lines;           // 1-based lines of the CUDA source
};

struct EmulatorCheckOptions {
  uint64_t seed = 1;
  bool check = true;          // compare with the oracle and look for races
  size_t guard_bytes = 4096;  // guard zones around the arrays (out-of-bounds writes)
  int64_t max_blocks = 256;   // blocks per launch at most (see above); 0: every block
  // Edits the CUDA source before it is compiled (tests break kernels on purpose).
  std::function<std::string(std::string)> edit;
};

struct EmulatorReport {
  std::string function;  // the lowered function's name
  size_t kernels = 0;
  int launches = 0;
  bool ran = false;                             // the first run completed
  int64_t blocks_run = 0, blocks_in_grids = 0;  // of the first run's launches
  bool sampled() const { return blocks_run < blocks_in_grids; }
  std::string run_error;  // why it did not
  std::vector<EmulatorFinding> findings;
  std::string cuda_source;   // what was compiled (after the edit)
  codegen::LoopLines lines;  // its loop lines
  // The report as the command line prints it (without the run error).
  std::string text;
  bool ok() const { return ran && findings.empty(); }
};

// Errors: the CUDA lowering failed, no host C++ compiler (message says so), the kernels
// do not compile, the arguments cannot be made, the oracle failed.
Result<EmulatorReport> CheckOnEmulator(const schedule::Schedule& sch,
                                       const std::vector<te::Tensor>& args,
                                       const transform::LoweredProgram& lowered,
                                       const ScalarArgs& scalars,
                                       const EmulatorCheckOptions& options = {});

}  // namespace tessera::reference
