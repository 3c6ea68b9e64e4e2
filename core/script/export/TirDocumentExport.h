// TirDocumentExport: a TensorIR document (a script whose last schedule is a
// tir.Schedule / s_tir.Schedule) written as a runnable TVM program for one release: the
// unscheduled function as TVMScript, its trace as TVM prints `sch.trace` (apply_trace),
// then a build, a run on random data and a comparison with the unscheduled function, the
// same skeleton as TirExport's programs of te schedules. `tessera-cli export --format tir`
// and the application's File ▸ Export ▸ TensorIR Program write it.
#pragma once

#include <string>

#include "script/Evaluator.h"
#include "script/export/TirExport.h"
#include "support/Result.h"

namespace tessera::script {

// An error when a parameter's shape is not constant (the run needs concrete arrays).
Result<std::string> ExportTensorIRDocument(const ScriptProgram& program, TvmVersion version = {});

}  // namespace tessera::script
