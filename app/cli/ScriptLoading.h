// Loading the script a command names (a script file, a .tessera project whose script is
// used, or a shipped example's name) and evaluating it, with the command line's error
// reporting: a located message (or a sentence when FILE cannot be read) and exit code 1.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "CliCommon.h"
#include "project/ProjectFile.h"
#include "script/Evaluator.h"

namespace tessera::cli {

// The evaluated script, or nullopt with the message written to `err` and the exit code
// in *exit_code. `need_schedule`: a script without te.create_schedule or tir.Schedule
// is bad input (a TensorIR document, program->is_tensorir(), has no te schedule).
// `settings`, when given, receives a project's saved target settings (target, shape
// variables, repeats); it is left as it is for a plain script or an example.
std::optional<script::ScriptProgram> LoadScript(const std::string& command, const std::string& arg,
                                                bool need_schedule, std::ostream& err,
                                                int* exit_code,
                                                project::TargetSettings* settings = nullptr);

// Chooses the TensorIR module's function named by --func (script::SelectTensorIRFunction);
// a usage error listing the functions when a module of several has none chosen, when
// the name is unknown, or when --func is given for a script without a TensorIR module.
// kSuccess otherwise.
int ChooseTensorIRFunction(const std::string& command, const ParsedArgs& args,
                           script::ScriptProgram* program, std::ostream& err);

}  // namespace tessera::cli
