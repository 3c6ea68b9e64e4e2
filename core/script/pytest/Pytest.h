// pytest's checks that a test's code fails as it should, so that TVM's own tests run in
// Tessera unchanged: `with pytest.raises(tvm.tir.ScheduleError, match="..."):` around a
// primitive that must be refused, the call form pytest.raises(E, f, *args), and
// pytest.fail(reason). The rest of pytest (marks, fixtures) stays a runtime value.
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

void RegisterPytest(Interpreter& interp);

}  // namespace tessera::script
