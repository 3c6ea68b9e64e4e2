// sch.trace as scripts see it (TVM's tir.schedule.Trace): printed as TVM prints it, with
// trace.insts (Instruction objects: .kind.name), trace.decisions (the sampling
// instructions' decisions, keyed by instruction), trace.get_decision(inst), as_python(),
// as_json(), trace.with_decision(inst, decision, remove_postproc) (a new trace, another
// decision) and trace.apply_to_schedule(sch, remove_postproc) (replayed on sch: the way
// a changed decision gives another schedule). An instruction is the same dictionary key however
// often the trace is read, and in a copy of the schedule, as TVM's Instruction object is; a
// replay's instructions are new ones.
#pragma once

#include "script/lang/Value.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tessera::script {

Value MakeTraceValue(const tir::Trace& trace, tir::TvmDialect dialect);

// The identity of an Instruction value (shared by the copies of its instruction); null
// for any other value.
const void* TirTraceIdentity(const Value& v);

}  // namespace tessera::script
