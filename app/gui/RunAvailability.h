// RunAvailability: whether Run and Profile can start on the current document, and if
// not, why — the tooltip of a disabled Run action and the message of a refused run say
// the same thing. A TE schedule and a TensorIR document run through the same runner
// (KernelRunner.h); what differs is only what can stop them.
#pragma once

#include <QString>

#include "views/DocumentState.h"

namespace tessera::gui {

// Why a Run or Profile of `state` on `target` ("llvm" or "cuda") cannot start; empty
// when it can (the machine's own limits, no LLVM backend or no GPU, are not checked).
QString RunProblem(const views::DocumentState& state, const QString& target);

// Why the Tune dock cannot start a session on `state` (a te schedule's workload or a
// TensorIR document's function); empty when it can.
QString TuneProblem(const views::DocumentState& state);

}  // namespace tessera::gui
