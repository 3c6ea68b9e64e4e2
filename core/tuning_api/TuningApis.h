// RegisterTuningApis: TVM's tuning APIs in scripts — tvm.autotvm (templates, tuners,
// logs), tvm.auto_scheduler (SearchTask, ComputeDAG) and tvm.meta_schedule (tune_tir,
// compile_tir) — added to every script evaluation of this process. The entry points
// choose: the command line runs the tune calls it meets; the desktop application evaluates the
// program after every edit, so its tune calls are skipped (its Tune dock tunes), while logs already
// written still apply.
#pragma once

namespace tessera::tuning_api {

struct TuningApiOptions {
  bool run_tuning = true;  // false: tune calls are skipped, with a message
};

void RegisterTuningApis(TuningApiOptions options = {});

}  // namespace tessera::tuning_api
