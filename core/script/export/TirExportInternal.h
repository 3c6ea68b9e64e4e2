// What the TensorIR exporter's files share (TirExport.h is the entry point): the
// spellings of one TVM release, the schedule writer and the source locations of
// trace entries.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "script/Evaluator.h"
#include "script/export/TirExport.h"
#include "support/Result.h"
#include "te/TensorIntrin.h"

namespace tessera::script::tir_export {

// How a TVM release spells the TensorIR schedule API and the runtime.
struct TirSpelling {
  int minor = 26;
  std::string schedule_module;  // "tir" (0.20-0.23) | "s_tir" (0.24+)
  std::string get_block;        // "get_block" | "get_sblock"
  std::string block_word;       // how TVMScript prints a block: "T.block" | "T.sblock"
  std::string build;            // "tvm.build" (0.20) | "tvm.compile"
  std::string array;            // "tvm.nd.array" (<= 0.21) | "tvm.runtime.tensor"
};
TirSpelling SpellingFor(TvmVersion version);

// The statements that replay `program`'s Trace on `sch` (a TensorIR schedule of
// te.create_prim_func's function), in an order TensorIR accepts; `gpu` is set when a
// loop is bound to a GPU thread. A located error for a primitive without an equivalent.
struct TirSchedule {
  std::vector<std::string> lines;
  bool gpu = false;
  // Per stage whose buffer transform_layout changed: each index map (a Python lambda) and
  // its pad value, in order (the run passes such an argument in its new layout).
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> layouts;
  // The TensorIntrin definitions tensorize uses (IntrinDefinition), in order of use.
  std::vector<std::string> intrinsics;
};
// `source` is the script's text (for the locations of refusals).
Result<TirSchedule> WriteTirSchedule(const ScriptProgram& program, const std::string& source,
                                     const TirSpelling& spelling);

// The whole program around `schedule`: imports, the te definition, create_prim_func, the
// schedule, then (`with_run`) the build, the run and the check against the unscheduled
// function; without them the program is a TensorIR document to go on scheduling.
Result<std::string> ProgramText(const ScriptProgram& program, const TirSpelling& spelling,
                                const TirSchedule& schedule, bool with_run = true);

// Why the TE intrinsic `intrin` has no TensorIR TensorIntrin (its body calls extern code
// or builtins, so its compute does not say what it does); nullopt when it has one.
std::optional<std::string> IntrinRefusal(const te::TensorIntrinNode& intrin);
// The TensorIntrin of a plain intrinsic: `<name>_desc` and `<name>_impl`, both its
// compute as a @T.prim_func whose root block reads and writes the whole buffers, and
// their registration under the intrinsic's name.
Result<std::string> IntrinDefinition(const te::TensorIntrinNode& intrin,
                                     const TirSpelling& spelling);

// Where trace entry `entry` was written (its `.primitive(` call in the source); the
// create_schedule call, else line 1, when the source does not show it.
SourceLoc LocateEntry(const ScriptProgram& program, const std::string& source, size_t entry);
// Where `needle` ("te.scan(") first occurs outside a comment; the create_schedule
// call, else line 1, when it does not.
SourceLoc LocateText(const ScriptProgram& program, const std::string& source,
                     const std::string& needle);

}  // namespace tessera::script::tir_export
