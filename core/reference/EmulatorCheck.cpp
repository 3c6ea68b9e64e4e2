#include "reference/EmulatorCheck.h"

#include <optional>

#include "reference/Compare.h"
#include "reference/EmulatorRun.h"
#include "runtime/KernelArguments.h"

namespace tessera::reference {

using namespace runtime;

namespace {

bool AnyTransformedLayout(const schedule::Schedule& sch, const std::vector<te::Tensor>& args) {
  for (const te::Tensor& t : args)
    if (ArgumentLayout(sch, t)) return true;
  return false;
}

// The te oracle: the unscheduled definitions on the kernel's inputs. A run checks by the
// CPU check's rule (CheckAgainstReference: a float sum may differ by the rounding of
// another summation order). A sampled run's outputs are first compared exactly with the
// expected values its unwritten elements were taken from; only an output that differs
// there is compared again with that allowance.
class TeOracle : public EmulatorOracle {
 public:
  TeOracle(const schedule::Schedule& sch, const std::vector<te::Tensor>& args,
           const EmulatorArrays& arrays)
      : sch_(sch), args_(args), arrays_(arrays) {}

  Result<std::vector<NDArray>> Expected() override {
    TensorArrays inputs;
    outputs_.clear();
    for (size_t i = 0; i < args_.size() && i < arrays_.buffers.size(); ++i) {
      if (args_[i]->op->kind() == te::OpKind::Placeholder)
        inputs[args_[i].get()] = arrays_.buffers[i];
      else if (arrays_.is_output[i])
        outputs_.push_back(i);
    }
    std::vector<te::Tensor> outputs;
    for (size_t i : outputs_) outputs.push_back(args_[i]);
    auto expected = EvaluateReference(outputs, inputs, arrays_.scalars);
    if (!expected) return expected.error();
    expected_ = *expected;
    return expected;
  }

  Result<std::vector<OutputCheck>> Check(const std::vector<NDArray>& after) override {
    if (expected_) {
      std::vector<OutputCheck> checks;
      bool all_equal = true;
      for (size_t k = 0; k < outputs_.size() && k < expected_->size(); ++k) {
        checks.push_back({args_[outputs_[k]].name(), Compare(after[outputs_[k]], (*expected_)[k])});
        all_equal &= checks.back().result.ok();
      }
      if (all_equal) return checks;
      auto again = CheckAgainstReference(sch_, args_, after, arrays_.scalars);
      if (!again) return again.error();
      for (OutputCheck& c : checks)
        for (const OutputCheck& a : *again)
          if (a.tensor == c.tensor) c.result = a.result;
      return checks;
    }
    return CheckAgainstReference(sch_, args_, after, arrays_.scalars);
  }

  std::string Name() const override { return "te oracle"; }

 private:
  const schedule::Schedule& sch_;
  const std::vector<te::Tensor>& args_;
  const EmulatorArrays& arrays_;
  std::vector<size_t> outputs_;  // the arrays that are outputs, in order
  std::optional<std::vector<NDArray>> expected_;
};

}  // namespace

Result<EmulatorReport> CheckOnEmulator(const schedule::Schedule& sch,
                                       const std::vector<te::Tensor>& args,
                                       const transform::LoweredProgram& lowered,
                                       const ScalarArgs& scalars,
                                       const EmulatorCheckOptions& options) {
  auto made = MakeKernelArguments(sch, args, lowered.func, scalars, options.seed);
  if (!made) return made.error();
  EmulatorArrays arrays;
  arrays.buffers = std::move(made.value());
  for (const te::Tensor& t : args)
    arrays.is_output.push_back(t->op->kind() != te::OpKind::Placeholder &&
                               IsScheduleOutput(sch, t));
  for (const ir::Buffer& b : lowered.func.buffer_params()) arrays.names.push_back(b->name);
  arrays.scalars = scalars;
  arrays.may_sample = !AnyTransformedLayout(sch, args);
  TeOracle oracle(sch, args, arrays);
  return RunOnEmulator(lowered, lowered.func.name, arrays, oracle, options);
}

}  // namespace tessera::reference
