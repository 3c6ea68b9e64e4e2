// Evaluation: script text -> DocumentState. Parses the script and, as the core layers
// allow, evaluates it into tensors and a schedule, infers bounds and lowers it. Runs on
// the GUI thread: for the built-in examples it takes well under one frame.
#pragma once

#include <string>

#include "script/Evaluator.h"
#include "transform/Pipeline.h"
#include "views/DocumentState.h"

namespace tessera::gui {

// The pipeline's function of `program`'s loop program `loops` for `target` ("llvm",
// "c" or "cuda"), with its arguments in their physical layouts; an error for a
// TensorIR document (its function is LowerTensorIR's) or a script without a schedule.
// `record_texts`: the timeline holds each pass's text (false: only its program).
Result<transform::LoweredProgram> LowerToFunction(const script::ScriptProgram& program,
                                                  const ir::Stmt& loops, const std::string& target,
                                                  bool record_texts = true);

// `function`: the TensorIR module's function to show (View ▸ Function); empty, or a name
// the module does not have, shows the script's own: its schedule's document function, or
// the first of an unscheduled module of several.
views::DocumentState Evaluate(const std::string& script, const std::string& file,
                              const std::string& function = "");

}  // namespace tessera::gui
