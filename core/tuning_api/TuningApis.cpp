#include "tuning_api/TuningApis.h"

#include "script/EvaluationModules.h"
#include "tuning_api/AutoSchedulerObjects.h"
#include "tuning_api/AutotvmObjects.h"
#include "tuning_api/AutotvmTuning.h"

namespace tessera::tuning_api {

void RegisterTuningApis(TuningApiOptions options) {
  SetScriptTuningEnabled(options.run_tuning);
  script::AddEvaluationModule("tvm.tuning",
                              [](script::Interpreter& interp, const script::EvaluationHost& host) {
                                RegisterAutotvm(interp, host);
                                RegisterAutoScheduler(interp, host);
                                RegisterTuningStrLen(interp);
                              });
}

}  // namespace tessera::tuning_api
