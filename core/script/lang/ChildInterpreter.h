// An interpreter for a text a running script hands over (tvm.script.from_source's
// TVMScript, a schedule's trace printed as Python): it starts from what the script's
// interpreter registered and shares its evaluation's context, so that the text sees the
// same built-ins, and the names such texts use without importing them are bound.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "script/lang/Interpreter.h"

namespace tessera::script {

// `globals`: (name, qualified path) pairs bound when the path resolves, e.g.
// {"T", "tvm.script.tir"}.
std::unique_ptr<Interpreter> ChildInterpreter(
    Interpreter& parent, const std::vector<std::pair<const char*, const char*>>& globals,
    const SourceLoc& loc);

}  // namespace tessera::script
