// A trace as JSON, in the layout of TVM's `sch.trace.as_json()`, for project files and
// undo history: [[instruction, ...], [decision, ...]] with each instruction
// [kind, inputs, attrs, outputs]; random variables by their printed names ("b0", "l1"),
// None as the string "None" (TVM's TranslateInputRVs; null is read as None too),
// booleans as 0/1:
//   [[["GetBlock", [], ["C", "main"], ["b0"]],
//     ["GetLoops", ["b0"], [], ["l1", "l2", "l3"]],
//     ["Split", ["l1", "None", 32], [1, 0], ["l4", "l5"]]], []]
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "support/Result.h"
#include "tir/Trace.h"

namespace tessera::tir {

std::string TraceToJson(const Trace& trace);
// Errors name the instruction and what is wrong with it. `free_variables` names random
// variables the instructions may use without defining them (ids 0, 1, ...: an
// instruction made on its own, whose inputs come from elsewhere).
Result<Trace> TraceFromJson(std::string_view text,
                            const std::vector<std::string>& free_variables = {});

}  // namespace tessera::tir
