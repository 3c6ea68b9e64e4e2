// Intent: a request from a view to apply one schedule primitive ("split C.i by 32").
// Views only emit intents; the main window turns each one into an undo command that
// appends one entry to the document's trace (STYLE.md, "Qt — model, view, command").
#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVariantMap>
#include <functional>
#include <memory>

#include "support/Result.h"

namespace tessera::tir {
class Schedule;
}

namespace tessera::views {

struct Intent {
  QString primitive;     // "split", "fuse", "reorder", "compute_at", ...
  QString stage;         // the stage the primitive applies to (its op name)
  QStringList iterVars;  // iter var names, in the primitive's argument order
  QVariantMap params;    // factor, nparts, target_stage, target_iter_var, scope, ...

  // "split(C, i, factor=32)": for undo-stack labels and status messages.
  QString describe() const;
};

// Why the application would refuse `intent` (a dry run of its legality check), empty
// when it applies: dialogs show it while the parameters are edited.
using IntentCheck = std::function<QString(const Intent& intent)>;

// The application's dry run of a TensorIR intent: the schedule it would give, or why it
// is refused (TVM's reason). Dialogs preview what a primitive makes with it (the shape
// and padding of a transform_layout), on a copy: the document does not change.
using TirDryRun = std::function<Result<std::shared_ptr<const tir::Schedule>>(const Intent& intent)>;

}  // namespace tessera::views

Q_DECLARE_METATYPE(tessera::views::Intent)
