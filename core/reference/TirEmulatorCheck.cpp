#include "reference/TirEmulatorCheck.h"

#include <optional>

#include "reference/EmulatorRun.h"
#include "transform/ThreadAxes.h"

namespace tessera::reference {

namespace {

// The unscheduled program (TirExpectedOutputs) on the arguments as they were made.
class TirOracle : public EmulatorOracle {
 public:
  TirOracle(const tir::PrimFunc& scheduled, const tir::PrimFunc& original,
            const std::vector<te::Tensor>& te_args, const TirArguments& arguments)
      : scheduled_(scheduled), original_(original), te_args_(te_args), arguments_(arguments) {}

  Result<std::vector<runtime::NDArray>> Expected() override {
    if (!expected_) {
      auto expected = TirExpectedOutputs(original_, te_args_, arguments_);
      if (!expected) return expected.error();
      expected_ = std::move(expected.value());
    }
    return expected_->outputs;
  }

  Result<std::vector<OutputCheck>> Check(const std::vector<runtime::NDArray>& after) override {
    if (auto expected = Expected(); !expected) return expected.error();
    return CompareTirOutputs(scheduled_, arguments_, after, *expected_);
  }

  std::string Name() const override { return expected_ ? expected_->reference : "reference"; }

 private:
  const tir::PrimFunc& scheduled_;
  const tir::PrimFunc& original_;
  const std::vector<te::Tensor>& te_args_;
  const TirArguments& arguments_;
  std::optional<TirExpected> expected_;
};

}  // namespace

std::optional<std::string> TirGpuKernelProblem(const transform::LoweredProgram& lowered) {
  if (transform::HasThreadLoop(lowered.func.body)) return std::nullopt;
  return "the TensorIR function has no loop bound to a GPU thread, so there is no CUDA kernel "
         "to run; bind its outer loops with sch.bind(loop, \"blockIdx.x\") and sch.bind(loop, "
         "\"threadIdx.x\")";
}

Result<EmulatorReport> CheckTirOnEmulator(const tir::PrimFunc& scheduled,
                                          const tir::PrimFunc& original,
                                          const std::vector<te::Tensor>& te_args,
                                          const transform::LoweredProgram& lowered,
                                          const TirArguments& arguments,
                                          const EmulatorCheckOptions& options) {
  if (auto problem = TirGpuKernelProblem(lowered)) return Error(*problem);
  EmulatorArrays arrays;
  arrays.buffers = arguments.buffers;
  arrays.is_output = arguments.is_output;
  for (const tir::Buffer& b : scheduled.params) arrays.names.push_back(b->name);
  arrays.scalars = arguments.scalars.values;
  TirOracle oracle(scheduled, original, te_args, arguments);
  return RunOnEmulator(lowered, lowered.func.name + " (TensorIR)", arrays, oracle, options);
}

}  // namespace tessera::reference
