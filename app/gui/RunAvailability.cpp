#include "RunAvailability.h"

#include <QCoreApplication>

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
  if (target == "cuda" && state.tir_schedule)
    return RunAvailabilityText::tr(
        "A TensorIR document runs on the CPU only for now: use Run on CPU (F5) or "
        "Profile (Ctrl+F5).");
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
