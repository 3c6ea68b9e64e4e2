// tvm.tir.schedule.testing (and tvm.s_tir.schedule.testing): what TVM's own schedule tests
// call after their primitives, so that a test file of TVM runs as it is:
//   assert_structural_equal_ignore_global_symbol(func1, func2)  the functions' names aside
//   verify_trace_roundtrip(sch, mod, *, debug_mask="all", text_format=["python", "json"])
// verify_trace_roundtrip replays `sch`'s trace on a fresh schedule of `mod` once per text
// format (the trace printed as Python and run in a namespace of its own, or written as
// JSON and read back), and fails with the first difference unless the replay gives the
// same module and prints the same trace; it returns the last fresh schedule.
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

void RegisterTirScheduleTesting(Interpreter& interp);

}  // namespace tessera::script
