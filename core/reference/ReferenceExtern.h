// ReferenceExtern: the oracle's evaluation of a te.extern. Its body is a statement (an
// ir_builder program), so the oracle runs it with the statement interpreter
// (runtime/IRInterpreter.h: bounds-checked loads and stores) on the input arrays and
// fresh output arrays, bound through the op's placeholder buffers, independent of the
// schedule. Calls the body makes to outside code (call_packed, call_extern) are refused
// with the interpreter's message. Internal to Reference.cpp.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "reference/ReferenceStage.h"
#include "te/Extern.h"

namespace tessera::reference {

// One array per output of `op`; `table` must hold its inputs.
Result<std::vector<NDArray>> EvaluateExternStage(const te::ExternOpNode& op,
                                                 const TensorTable& table,
                                                 const ScalarArgs& constants);

}  // namespace tessera::reference
