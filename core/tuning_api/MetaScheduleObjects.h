// MetaScheduleObjects: TVM's MetaSchedule entry points for TensorIR in scripts, on
// Tessera's TensorIR tuner (core/tune/tir/TirTuner.h):
//
//   from tvm import meta_schedule as ms          (tvm.s_tir.meta_schedule: TVM 0.22+)
//   database = ms.tune_tir(mod=matmul, target="llvm --num-cores=16", work_dir="tune",
//                          max_trials_global=64, num_trials_per_iter=16)
//   sch = ms.tir_integration.compile_tir(database, matmul, "llvm")   None before tuning
//   database.query_schedule(matmul, target, workload_name="main"), query_ir_module,
//   query_tuning_record (.trace, .run_secs), has_workload
//   ms.database.JSONDatabase(work_dir="tune")    the records of an earlier run
//
// Each PrimFunc of `mod` is one task, tuned alone from its bare schedule as the TensorIR
// document of that function printed (as TVM makes a TuneContext per function), so its
// records are the ones `tessera-cli tune` keeps for that document. The database is
// Tessera's records database (SQLite) at work_dir/tessera-records.db, not TVM's JSON
// files: its records are Tessera's traces, measured on this machine. compile_tir makes a
// Schedule of the function and applies the best record's trace to it, so the program's
// schedule is the tuned one (the document's schedule in the desktop application).
// As for autotvm and auto_scheduler, the desktop application skips the search (its Tune
// dock tunes) and TESSERA_TUNE_TRIALS caps it; what the database already holds applies.
#pragma once

#include "script/EvaluationModules.h"

namespace tessera::tuning_api {

// Registers tvm.meta_schedule.* and tvm.s_tir.meta_schedule.* for one evaluation.
void RegisterMetaSchedule(script::Interpreter& interp, const script::EvaluationHost& host,
                          bool run_here);

}  // namespace tessera::tuning_api
