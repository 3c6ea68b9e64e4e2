// Loading the script a command names (a script file, a .tessera project whose script is
// used, or a shipped example's name) and evaluating it, with the command line's error
// reporting: a located message (or a sentence when FILE cannot be read) and exit code 1.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "script/Evaluator.h"

namespace tessera::cli {

// The evaluated script, or nullopt with the message written to `err` and the exit code
// in *exit_code. `need_schedule`: a script without te.create_schedule is bad input.
std::optional<script::ScriptProgram> LoadScript(const std::string& command, const std::string& arg,
                                                bool need_schedule, std::ostream& err,
                                                int* exit_code);

}  // namespace tessera::cli
