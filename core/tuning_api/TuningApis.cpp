#include "tuning_api/TuningApis.h"

#include "script/EvaluationModules.h"
#include "tuning_api/AutoSchedulerObjects.h"
#include "tuning_api/AutotvmObjects.h"
#include "tuning_api/AutotvmTuning.h"
#include "tuning_api/MetaScheduleObjects.h"

namespace tessera::tuning_api {

void RegisterTuningApis(TuningApiOptions options) {
  script::AddEvaluationModule(
      "tvm.tuning", [options](script::Interpreter& interp, const script::EvaluationHost& host) {
        RegisterAutotvm(interp, host, options.run_tuning);
        RegisterAutoScheduler(interp, host, options.run_tuning);
        RegisterMetaSchedule(interp, host, options.run_tuning);
      });
}

}  // namespace tessera::tuning_api
