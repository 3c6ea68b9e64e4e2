// The emulated TVM packages (core/script/tvm/<package>), in the order an evaluation
// registers them. The order matters where a package wraps or yields to an earlier one:
// tvm.driver's tvm.build records its arguments around tvm.runtime's, and the class
// names tvm.tir registers yield to the constructors tvm.te registered. A lazy package
// loads when a script first reaches it (an import, an attribute, a tensor operator).
// The packages are registered once per process (TvmPrelude); each evaluation's built-ins
// record into the EvaluationRecord its interpreter is bound to.
#pragma once

#include <memory>
#include <vector>

#include "script/lang/Interpreter.h"
#include "script/tvm/EvaluationRecord.h"

namespace tessera::script {

struct TvmPackage {
  const char* name;                      // "tvm.te"
  void (*install)(Interpreter& interp);  // eager packages
  Status (*load)(Interpreter& interp);   // lazy packages
};

const std::vector<TvmPackage>& TvmPackages();

// Python's built-ins and every package (the lazy ones as lazy modules), registered once
// per process: an evaluation's interpreter starts from it (Interpreter(TvmPrelude())).
const std::shared_ptr<const InterpreterPrelude>& TvmPrelude();

// Makes the packages' built-ins called in `interp` record into `record`, which must
// outlive the evaluation; before the script runs.
void BindEvaluationRecord(Interpreter& interp, EvaluationRecord& record);
// The record `interp` is bound to.
EvaluationRecord& RecordOf(Interpreter& interp);

}  // namespace tessera::script
