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

// The exported run's size for a symbolic dimension.
inline constexpr int64_t kShapeVarValue = 16;
// A shape extent with every shape variable set to kShapeVarValue; nullopt when it is not
// a constant then.
std::optional<int64_t> ConcreteExtent(const ir::Expr& extent);
// The numpy expression of random data of `dtype` and `shape` ("(64, 64)").
std::string RandomData(const ir::DataType& dtype, const std::string& shape);
// The value the exported run passes for a scalar parameter: a shape variable's size,
// 0.5 for a float, 3 for another integer.
std::string ScalarArgumentValue(const ir::Var& v, bool shape_variable);

// The statements that replay `program`'s Trace on `sch` (a TensorIR schedule of
// te.create_prim_func's function), in an order TensorIR accepts; `gpu` is set when a
// loop is bound to a GPU thread. A located error for a primitive without an equivalent.
struct TirSchedule {
  std::vector<std::string> lines;
  bool gpu = false;
  // Per stage whose buffer transform_layout changed: each index map (a Python lambda) and
  // its pad value, in order (the run passes such an argument in its new layout).
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> layouts;
  // The TensorIntrin definitions tensorize uses (TensorizePlan), in order of use; the
  // names imported from TVM's tensor_intrin.cuda; the extern functions the intrinsics
  // call (the run needs them linked into the process).
  std::vector<std::string> intrinsics;
  std::vector<std::string> cuda_imports;
  std::vector<std::string> externs;
  bool tensor_cores = false;  // a tensorize uses TVM's wmma intrinsics (built for cuda)
};
// `source` is the script's text (for the locations of refusals).
Result<TirSchedule> WriteTirSchedule(const ScriptProgram& program, const std::string& source,
                                     const TirSpelling& spelling);

// The whole program around `schedule`: imports, the te definition, create_prim_func, the
// schedule, then (`with_run`) the build, the run and the check against the unscheduled
// function; without them the program is a TensorIR document to go on scheduling.
Result<std::string> ProgramText(const ScriptProgram& program, const TirSpelling& spelling,
                                const TirSchedule& schedule, bool with_run = true);

// One tensorize as TensorIR: the intrinsic `sch.tensorize` applies to the nest and, where
// TE runs an opaque reduce_reset, the one it applies to the init nest that
// decompose_reduction makes (both Python expressions: "\"gemv\"" or TVM's constant
// WMMA_SYNC_16x16x16_f16f16f32_INTRIN); the definitions to write once each (keyed by the
// name they register), the names to import from tensor_intrin.cuda and the extern
// functions the implementations call.
struct TensorizePlan {
  std::string update, init;
  std::vector<std::pair<std::string, std::string>> definitions;
  std::vector<std::string> cuda_imports;
  std::vector<std::string> externs;
  bool tensor_cores = false;
};
// `outer_reduction`: a reduction loop of the nest stays outside the tensorized loop (TE
// runs reduce_reset and reduce_update; without one, the body). `name`: the registry name
// of an intrinsic the program defines itself (unique in the program). A plain body gives
// its compute as description and implementation; extern calls an implementation of
// T.call_extern with the buffers' access_ptr; wmma builtins TVM's wmma TensorIntrins.
Result<TensorizePlan> PlanTensorize(const te::TensorIntrinNode& intrin, bool outer_reduction,
                                    const std::string& name, const TirSpelling& spelling);
// Why the TE intrinsic `intrin` has no TensorIR form (a builtin other than wmma's, a body
// that is not calls beside its extern calls, a wmma compute TVM's intrinsics do not
// describe); nullopt when it has one.
std::optional<std::string> IntrinRefusal(const te::TensorIntrinNode& intrin);

// Where trace entry `entry` was written (its `.primitive(` call in the source); the
// create_schedule call, else line 1, when the source does not show it.
SourceLoc LocateEntry(const ScriptProgram& program, const std::string& source, size_t entry);
// Where `needle` ("te.scan(") first occurs outside a comment; the create_schedule
// call, else line 1, when it does not.
SourceLoc LocateText(const ScriptProgram& program, const std::string& source,
                     const std::string& needle);

}  // namespace tessera::script::tir_export
