// TVM's tir.schedule.Instruction and InstructionKind as scripts see them, and the
// conversion between a core trace (tir::Trace: typed fields, random variables by id) and
// instructions in TVM's layout (kind, inputs, attrs, outputs: the random variables as
// BlockRV / LoopRV / tir.Var objects). Scripts build traces by hand this way:
//   b0 = BlockRV()
//   inst = Instruction(kind=InstructionKind.get("GetBlock"), inputs=[],
//                      attrs=["B", "main"], outputs=[b0])
//   Trace(insts=[inst, ...], decisions={})
// Both directions go through the trace's JSON form (TraceJson.h), which is TVM's layout
// with the random variables named: one reader of that layout, not two.
#pragma once

#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "script/lang/Value.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tessera {
struct JsonValue;
}

namespace tessera::script {

struct TirScheduleHandle;

// inst.kind: its name and whether it only reads the schedule (is_pure).
struct TirInstructionKindObject : Object {
  tir::InstKind kind = tir::InstKind::GetBlock;
  std::string type_name() const override { return "InstructionKind"; }
  std::optional<std::string> Str() const override { return tir::inst_kind_name(kind); }
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
};

// An instruction: its kind, inputs, attrs and outputs as TVM lays them out, and who it is
// (the identity its trace's copy of it keeps; trace.decisions is keyed by it).
struct TirInstructionObject : Object {
  tir::InstKind kind = tir::InstKind::GetBlock;
  std::vector<Value> inputs, attrs, outputs;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  std::shared_ptr<const int> identity = std::make_shared<const int>(0);
  std::string type_name() const override { return "Instruction"; }
  // As TVM prints an instruction alone: every random variable `_`.
  std::optional<std::string> Str() const override;
  Result<Value> GetAttr(Interpreter& interp, const std::string& attr,
                        const SourceLoc& loc) const override;
};

// The random variables of a core trace as script values, by id: the ones a script gave
// (a constructed trace's), else made on first use: the schedule's own BlockRV / LoopRV /
// ExprRV when the trace is a schedule's, free ones otherwise. Filled as they are asked
// for, so that a variable is the same object each time.
struct TirTraceVariables {
  std::shared_ptr<TirScheduleHandle> owner;
  std::map<int, Value> by_id;
};

// The trace's instructions in TVM's layout.
Result<std::vector<Value>> TirInstructionsOf(const tir::Trace& trace, tir::TvmDialect dialect,
                                             TirTraceVariables* variables);

// The core trace of instructions in TVM's layout (TirInstructionObject values) and their
// decisions (pairs of an instruction and its decision), with the script's variables by
// the ids the trace gives them. Errors say which instruction is wrong and how, at `loc`.
struct TirBuiltTrace {
  tir::Trace trace;
  TirTraceVariables variables;
};
Result<TirBuiltTrace> TirTraceOfInstructions(const std::vector<Value>& insts,
                                             const std::vector<std::pair<Value, Value>>& decisions,
                                             const SourceLoc& loc);

// A script value (as Python's json module gives it: lists, numbers, strings, None) as
// JSON text: Trace.apply_json_to_schedule's argument.
Result<std::string> TirValueAsJson(const Value& v, const SourceLoc& loc);

// A JSON value as Python's json module reads it: the other direction (Trace.as_json()).
Value JsonAsValue(const JsonValue& j);

// BlockRV(), LoopRV(), InstructionKind.get and Instruction(...), under tvm.tir.schedule
// and tvm.s_tir.schedule.
void RegisterTirInstructionBuiltins(Interpreter& interp);

}  // namespace tessera::script
