#include "MeasureInChild.h"

#include <vector>

#include "../cpu/IdleWait.h"

namespace tessera::bench {

runner::MeasureResult MeasureInChild(runner::Runner& runner, const std::string& id,
                                     const std::string& script, int repeat, bool check,
                                     double min_warmup_ms) {
  WaitForOtherThreadsIdle();
  runner::MeasureRequest request;
  request.id = id;
  request.script = script;
  request.warmup = 1;
  request.min_warmup_ms = min_warmup_ms;
  request.repeat = repeat;
  request.check = check;
  request.timeout_s = 600;
  std::vector<runner::MeasureResult> results = runner.Measure({request}, {});
  if (results.empty()) {
    runner::MeasureResult failed;
    failed.message = "no result";
    return failed;
  }
  return results.front();
}

}  // namespace tessera::bench
