// AutoSchedulerObjects: TVM's tvm.auto_scheduler API in scripts, on Tessera's tuner
// (AutotvmTuning.h) and its generated design space (core/tune/DesignSpace):
//
//   @auto_scheduler.register_workload           (also register_workload("name"))
//   def matmul_add(N, L, M, dtype): ... return [A, B, C, out]
//   task = auto_scheduler.SearchTask(func=matmul_add, args=(1024, 1024, 1024, "float32"),
//                                    target="llvm")
//   str(task.compute_dag)                       TVM's ComputeDAG text
//   task.tune(auto_scheduler.TuningOptions(num_measure_trials=10,
//             measure_callbacks=[auto_scheduler.RecordToFile("matmul.json")]))
//   sch, args = task.apply_best("matmul.json")  the log's best schedule (tvm.lower takes it)
//   task.print_best("matmul.json")              that schedule as a TVM script
//
// The workload function is cut out of the script as a flat script (FlattenFunction) whose
// schedule is the bare te.create_schedule of its outputs; task.tune runs `tessera-cli
// tune`'s search on it. XGBModel / SketchPolicy / PreloadMeasuredStates are accepted: the
// search always resumes from the log (schedules in it are not measured again) and trains
// its cost model as it measures; RandomModel makes the search random.
// LocalRPCMeasureContext stands for GPU measurement: a CUDA task's tune is skipped with a
// message where there is no GPU (Tessera's tuner measures CPU kernels).
#pragma once

#include "script/EvaluationModules.h"

namespace tessera::tuning_api {

using script::EvaluationHost;
using script::Interpreter;

// Registers tvm.auto_scheduler.* for one evaluation.
void RegisterAutoScheduler(Interpreter& interp, const EvaluationHost& host, bool run_here);

}  // namespace tessera::tuning_api
