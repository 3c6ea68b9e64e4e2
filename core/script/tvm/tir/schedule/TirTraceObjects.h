// sch.trace as scripts see it (TVM's tir.schedule.Trace): printed as TVM prints it, with
// trace.insts (Instructions in TVM's layout: kind, inputs, attrs, outputs), trace.decisions
// (keyed by instruction), get_decision(inst), as_python(), as_json(), with_decision(inst,
// decision, remove_postproc) (a new trace, another decision), simplified(remove_postproc)
// (dead getters dropped), append(inst, decision) and pop() (in place), and
// apply_to_schedule(sch, remove_postproc) (replayed on sch: the way a changed decision
// gives another schedule). Trace(insts, decisions) builds one by hand and
// Trace.apply_json_to_schedule(json, sch) replays as_json's value. An instruction is the
// same dictionary key however often the trace is read, and in a copy of the schedule, as
// TVM's Instruction object is; a replay's instructions are new ones.
#pragma once

#include <memory>

#include "script/lang/Value.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tessera::script {

struct TirScheduleHandle;

// sch.trace: its random variables are the schedule's (`owner`), or free ones without one.
Value MakeTraceValue(const tir::Trace& trace, tir::TvmDialect dialect,
                     std::shared_ptr<TirScheduleHandle> owner = nullptr);

// The identity of an Instruction value (shared by the copies of its instruction); null
// for any other value.
const void* TirTraceIdentity(const Value& v);

// tir.schedule.Trace (Trace(insts, decisions), Trace.apply_json_to_schedule) under
// tvm.tir.schedule and tvm.s_tir.schedule.
void RegisterTirTraceBuiltins(Interpreter& interp);

}  // namespace tessera::script
