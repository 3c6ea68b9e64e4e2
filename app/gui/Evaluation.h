// Evaluation: script text -> DocumentState. Parses the script and, as the core layers
// allow, evaluates it into tensors and a schedule, infers bounds and lowers it. Runs on
// the GUI thread: for the built-in examples it takes well under one frame.
#pragma once

#include <string>

#include "views/DocumentState.h"

namespace tessera::gui {

views::DocumentState Evaluate(const std::string& script, const std::string& file);

}  // namespace tessera::gui
