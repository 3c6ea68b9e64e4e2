// AutotvmObjects: TVM's tvm.autotvm API in scripts, on Tessera's tuner (AutotvmTuning.h).
//
//   @autotvm.template("tutorial/matmul")        registers the template; calling it outside
//   def matmul(N, L, M, dtype): ...             tuning runs it with the fallback config
//   task = autotvm.task.create("tutorial/matmul", args=(512, 512, 512, "float32"), target="llvm")
//   str(task.config_space), len(task.config_space)   TVM's ConfigSpace text and size
//   tuner = autotvm.tuner.XGBTuner(task)        also RandomTuner, GridSearchTuner, GATuner
//   tuner.tune(n_trial=10, measure_option=autotvm.measure_option(builder="local",
//              runner=autotvm.LocalRunner(number=5)),
//              callbacks=[autotvm.callback.log_to_file("matmul.log")])
//   with autotvm.apply_history_best("matmul.log"):
//       s, args = matmul(512, 512, 512, "float32")   the best record's schedule
//   autotvm.record.pick_best("matmul.log", "best.log")
//
// The template is tuned as the flat script FlattenFunction makes of it: its knobs
// (cfg.define_*) are exactly the space, as `tessera-cli tune` does for a script with knobs.
// XGBTuner and GATuner run Tessera's evolutionary search with its XGBoost cost model,
// RandomTuner its random sampling, GridSearchTuner the points in TVM's index order.
// Under apply_history_best a template call returns the log's best schedule for its
// workload on this machine (and that schedule becomes the program's, what `lower`
// prints); without a record it runs with the fallback config, with a message, as TVM.
#pragma once

#include "script/EvaluationModules.h"

namespace tessera::tuning_api {

using script::EvaluationHost;
using script::Interpreter;

// Registers tvm.autotvm.* for one evaluation (tvm.autotvm.get_config is TuneConfig's).
void RegisterAutotvm(Interpreter& interp, const EvaluationHost& host, bool run_here);

}  // namespace tessera::tuning_api
