// EmulatorRun: the run both GPU emulator checks share (EmulatorCheck.h for te schedules,
// TirEmulatorCheck.h for TensorIR functions). A lowered program goes through the CUDA
// lowering, its kernels are compiled for the CPU emulation (runtime/cuda/Emulator.h) and
// run on the given arrays; with `check` the outputs are compared with an oracle and each
// kernel runs again with its warps in the other order between barriers (a result that
// changes is a race). The report names each finding's kernel, the loops that touch its
// shared buffers and the CUDA lines, and its text is what `tessera-cli run --target
// cuda-emulator` prints. The two checks differ only in their arrays and their oracle.
// Sampling: a single-kernel program whose arrays allow it runs at most `max_blocks`
// blocks per launch, twice (on outputs filled with 0xFF and with 0x00 bytes); an element
// whose bytes agree was written by those blocks and is compared, the others take the
// oracle's value.
#pragma once

#include <string>
#include <vector>

#include "reference/EmulatorCheck.h"
#include "reference/Reference.h"
#include "runtime/NDArray.h"
#include "transform/Pipeline.h"

namespace tessera::reference {

// What a run's outputs are checked against. Expected() is asked only for a sampled run;
// Name() after Check().
class EmulatorOracle {
 public:
  virtual ~EmulatorOracle() = default;
  // The expected value of every output, in the order the outputs have among the arrays.
  virtual Result<std::vector<runtime::NDArray>> Expected() = 0;
  // The outputs in `after` (every array, after the run) compared with the expected ones.
  virtual Result<std::vector<OutputCheck>> Check(const std::vector<runtime::NDArray>& after) = 0;
  // What computed the expected outputs, as the report names it ("te oracle").
  virtual std::string Name() const = 0;
};

struct EmulatorArrays {
  std::vector<runtime::NDArray> buffers;  // one per buffer parameter, in order (copied)
  std::vector<bool> is_output;
  std::vector<std::string> names;  // the parameters' names, for the race findings
  runtime::ScalarArgs scalars;
  bool may_sample = true;  // false: every block runs (arrays in transformed layouts)
};

// `title` names the program in the report's first line ("main (TensorIR)"). Errors: the
// CUDA lowering failed, no host C++ compiler, the kernels do not compile, the oracle
// failed.
Result<EmulatorReport> RunOnEmulator(const transform::LoweredProgram& lowered,
                                     const std::string& title, const EmulatorArrays& arrays,
                                     EmulatorOracle& oracle, const EmulatorCheckOptions& options);

}  // namespace tessera::reference
