// The emulated TVM packages (core/script/tvm/<package>), in the order an evaluation
// registers them. The order matters where a package wraps or yields to an earlier one:
// tvm.driver's tvm.build records its arguments around tvm.runtime's, and the class
// names tvm.tir registers yield to the constructors tvm.te registered. A lazy package
// loads when a script first reaches it (an import, an attribute, a tensor operator).
#pragma once

#include <vector>

#include "script/lang/Interpreter.h"
#include "script/tvm/EvaluationRecord.h"

namespace tessera::script {

struct TvmPackage {
  const char* name;                                                // "tvm.te"
  void (*install)(Interpreter& interp, EvaluationRecord& record);  // eager packages
  Status (*load)(Interpreter& interp);                             // lazy packages
};

const std::vector<TvmPackage>& TvmPackages();

// Registers every package into `interp` (the lazy ones as lazy modules); the built-ins
// record into `record`, which must outlive the evaluation.
void InstallTvmPackages(Interpreter& interp, EvaluationRecord& record);

}  // namespace tessera::script
