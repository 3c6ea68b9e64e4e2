// TirCandidateScript: a TensorIR tuning candidate written as a document. It is the
// document's text followed by the search's trace, printed as TVM prints it in the
// document's spelling (`def apply_trace(sch: tir.Schedule)`, the sampled decisions
// written out) and applied to the document's schedule: a TensorIR document that opens,
// runs and replays in TVM as it is. A document that makes no schedule (a TVMScript file
// as written) gets one first, over the function or module it binds. In a module of
// several functions the call follows `sch.work_on("NAME")` of the function tuned: the
// trace's get_block calls name that function, and work_on makes the candidate a document
// of it, whatever the lines before schedule in the module's other functions.
#pragma once

#include <optional>
#include <string>

#include "script/Evaluator.h"
#include "support/Result.h"
#include "tir/Trace.h"

namespace tessera::tune {

// The name of the variable that holds the document's last schedule (`sch` of
// `sch = tir.Schedule(...)`), "sch" when the document makes none (TirScheduleCreation
// makes it); an error naming the line when that line assigns none.
Result<std::string> TirScheduleVariable(const script::ScriptProgram& program);
// The lines that make a schedule named `schedule_var` over the last top-level
// `@T.prim_func def f`, `@I.ir_module class M` or `f = te.create_prim_func(...)` of a
// document's text (`import tvm` first where the text lacks it), in `dialect`'s spelling:
// "sch = tvm.tir.Schedule(M)\n" (tvm.s_tir for TVM 0.24+). nullopt when the text binds
// none. The one rule for the tuner's candidates and the GUI's first primitive.
std::optional<std::string> TirScheduleCreationLines(const std::string& source,
                                                    const std::string& schedule_var,
                                                    tir::TvmDialect dialect);
// For a document that makes no schedule: the lines that make one over the last
// top-level `@T.prim_func def f`, `@I.ir_module class M` or `f = te.create_prim_func(...)`
// (`import tvm` first where the document lacks it), e.g. "sch = tvm.tir.Schedule(M)\n";
// "" for a document that makes its schedule; an error when it binds none.
Result<std::string> TirScheduleCreation(const script::ScriptProgram& program);
// The candidate as a script: the document, then `trace` as apply_trace applied to it.
Result<std::string> TirCandidateScript(const script::ScriptProgram& program,
                                       const tir::Trace& trace);
// The apply_trace part of a record's script (what the search added), "" when it has none.
std::string TirTunedTrace(const std::string& script);
// Of that part, the `def apply_trace(sch)` alone, without the calls that apply it; "" when
// the record added no trace, an error when the def is not followed by its calls.
Result<std::string> TirTunedTraceDef(const std::string& script);
// A record's candidate (a script of TirCandidateScript, tuned for the same function) on
// the document as it is now: the document's text with the record's trace applied, so
// that lines the document gained since the search (another function's schedule, a
// comment) are kept. The document's text itself when the record added no trace (it is
// the document's own schedule).
Result<std::string> TirCandidateOnDocument(const script::ScriptProgram& program,
                                           const std::string& record_script);

}  // namespace tessera::tune
