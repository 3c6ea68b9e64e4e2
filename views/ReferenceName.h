// ReferenceName: what a document's Run and its tuning candidates are checked against,
// in words. A te program and a TensorIR function that te.create_prim_func made are
// checked against the te oracle (the compute definitions evaluated without the
// schedule); a TVMScript function, which has no te definition, against the unscheduled
// function run by the IR interpreter (reference/TirReference.h chooses the same way).
#pragma once

#include <QString>

#include "views/DocumentState.h"

namespace tessera::views {

// "the te oracle" or "the unscheduled function (IR interpreter)".
QString ReferenceName(const DocumentState& state);
// A candidate's or a run's passed check: "agrees with the te oracle", ...
QString AgreesWithReference(const DocumentState& state);

}  // namespace tessera::views
