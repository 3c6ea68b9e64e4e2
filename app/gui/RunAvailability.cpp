#include "RunAvailability.h"

#include <QCoreApplication>

#include "reference/TirEmulatorCheck.h"
#include "script/Evaluator.h"

namespace tessera::gui {

namespace {

struct RunAvailabilityText {
  Q_DECLARE_TR_FUNCTIONS(RunAvailability)
};

QString FirstError(const views::DocumentState& state) {
  return state.errors.empty() ? QString() : QString::fromStdString(state.errors.front().format());
}

}  // namespace

QString RunProblem(const views::DocumentState& state, const QString& target) {
  if (!state.function) {
    if (state.tir_schedule && !state.errors.empty())
      return RunAvailabilityText::tr("Nothing to run: lowering the TensorIR function failed: %1")
          .arg(FirstError(state));
    if (!state.errors.empty())
      return RunAvailabilityText::tr("Nothing to run: the script has an error (%1).")
          .arg(FirstError(state));
    return RunAvailabilityText::tr("Nothing to run: the script has no lowered program.");
  }
  if (target == "cuda" && state.tir_schedule && reference::TirGpuKernelProblem(*state.function))
    return RunAvailabilityText::tr(
        "Nothing to run on the GPU: this TensorIR function has no loop bound to a GPU thread; "
        "bind its outer loops with sch.bind(loop, \"blockIdx.x\") and sch.bind(loop, "
        "\"threadIdx.x\"), or use Run on CPU (F5).");
  return QString();
}

QString TuneProblem(const views::DocumentState& state) {
  if (!state.program) {
    if (!state.errors.empty())
      return RunAvailabilityText::tr("Nothing to tune: the script does not evaluate (%1).")
          .arg(FirstError(state));
    return RunAvailabilityText::tr("Nothing to tune: the script does not evaluate.");
  }
  if (state.program->is_tensorir()) {
    // Every candidate is checked against the function, so the function must lower.
    if (!state.function)
      return RunAvailabilityText::tr("Nothing to tune: lowering the TensorIR function failed: %1")
          .arg(state.errors.empty() ? RunAvailabilityText::tr("no lowered function")
                                    : FirstError(state));
    return QString();
  }
  if (!state.schedule)
    return RunAvailabilityText::tr(
        "Nothing to tune: the script creates no schedule (te.create_schedule).");
  return QString();
}

}  // namespace tessera::gui
