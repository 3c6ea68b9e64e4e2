// Evaluator: a script (a TVM tensor-expression program, DESIGN.md "The script
// language") evaluated into te tensors, a Schedule and its Trace. The statements before
// `te.create_schedule` are the workload (kept as source text for the script printer);
// every schedule primitive after it goes through schedule/Primitives.h, so the
// schedule's Trace is the record of what the script did.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "schedule/Schedule.h"
#include "support/Result.h"
#include "te/Tensor.h"
#include "tir/Schedule.h"
#include "tir/ScriptPrinter.h"
#include "transform/PrimFunc.h"

namespace tessera::script {

// The Python names a script gave to things, so that printing the schedule back uses
// them (ScriptPrinter.h).
struct ScriptNames {
  std::string schedule_var = "s";
  // Variable holding each operation's tensor (by operation name), as bound in the
  // workload or by the schedule statement that created it (cache_read, ...).
  std::map<std::string, std::string> tensor_vars;
  // Variable names of IterVars bound in the workload (reduce axes: `k`), by IterVar name
  // within a stage: key "stage/itervar".
  std::map<std::string, std::string> workload_iter_vars;
  // Variable the script bound to output `k` of trace entry `e`: key {e, k}.
  std::map<std::pair<int, int>, std::string> entry_outputs;
  // Variable holding each scalar te.var / te.size_var of the workload, by the var's name
  // (`b = te.var("b", "float32")`): how an exported tvm.lower list names it.
  std::map<std::string, std::string> scalar_vars;
  // Every name the workload binds (generated names avoid them).
  std::vector<std::string> workload_names;
  // Structured scripts: the module-level name that still holds output `k` of trace entry
  // `e` when the script ends (key {e, k}); lines printed after the script's source use it.
  std::map<std::pair<int, int>, std::string> final_outputs;
};

struct ScriptProgram {
  std::string file;
  std::shared_ptr<schedule::Schedule> schedule;  // null when the script creates none
  std::vector<te::Tensor> tensors;               // every tensor the script named, in order
  std::vector<te::Tensor> lower_args;            // tvm.lower(s, [A, B, C]) when given
  bool has_lower_call = false;
  // The variables among tvm.lower's arguments (tvm.lower(s, [A, B, b])), at their
  // positions in its list; without a tvm.lower call, tvm.build's (LowerArgs.h).
  std::vector<transform::ListedScalar> lower_scalars;
  int lower_line = 0;  // the line of the call whose list was taken (0: none)
  // tvm.build(s, [...])'s list, used when no tvm.lower call gave one.
  std::vector<te::Tensor> build_args;
  std::vector<transform::ListedScalar> build_scalars;
  // Source text of the script's parts, for the script printer.
  std::string header_comment;  // leading comment lines (the example's description)
  std::string imports;         // the import statements, one per line
  std::string workload;        // the statements before create_schedule, one per line
  bool te_imported = false;    // `te` names tvm.te in the workload
  ScriptNames names;
  // What the script wrote among its schedule primitives besides them, kept for the
  // printer: comment lines and assignments of plain constants (`factor = 8`), each
  // "\n"-terminated, printed before trace entry `e` (key e; keys from the number of
  // entries on are printed after the last entry; what followed the last primitive has
  // key kAfterLastEntry, so that it stays last when an editor appends primitives).
  static constexpr int kAfterLastEntry = 1 << 30;
  std::map<int, std::string> schedule_text;
  // The comment on the same line as the statement that made trace entry `e` ("# why").
  std::map<int, std::string> entry_comments;
  bool tvm_imported = false;  // `tvm` names the tvm module (`import tvm`)

  // A script with code the flat form above cannot reproduce (def, for, while, if,
  // augmented or chained assignment, comprehensions among the schedule statements...)
  // is "structured": the printer keeps its source verbatim as long as the schedule's
  // trace still begins with what the source made (ScriptPrinter.h, LANGUAGE.md).
  bool structured = false;
  bool uses_tune_config = false;          // it called autotvm.get_config() (TuneConfig.h)
  std::string source;                     // the whole script, line ends normalised to "\n"
  std::vector<std::string> source_trace;  // schedule::to_string of each entry the source made
  std::string schedule_source;            // the statements after create_schedule, verbatim

  // The last tir.Schedule (s_tir.Schedule) the script made (script/tvm/TirScheduleValue.h),
  // working on the document's function (it holds every function of its module), that
  // function before any primitive, and the tensors te.create_prim_func made it of (empty
  // for a TVMScript function). A script whose last schedule is one is a TensorIR
  // document (is_tensorir()).
  std::shared_ptr<tir::Schedule> tir_schedule;
  tir::TvmDialect tir_dialect = tir::TvmDialect::Tir;  // how the script spelled Schedule
  tir::PrimFunc tir_original;
  std::vector<te::Tensor> tir_te_args;
  int tir_schedule_line = 0;
  bool tir_schedule_last = false;  // no te.create_schedule after it
  bool is_tensorir() const { return tir_schedule && tir_schedule_last; }
  // The IRModule a TensorIR document comes from, in order: what the tir.Schedule's
  // sch.mod holds (every function as scheduled), or, in a script that makes no schedule,
  // the last @I.ir_module / @T.prim_func / create_prim_func value it bound.
  // tir_func_name is the document's function, the one tir_schedule works on: a
  // schedule's work_on function, else the one its last get_block looked in, else its
  // first. A script with one unscheduled function is a document of it; with several,
  // none is chosen until SelectTensorIRFunction names one.
  std::vector<std::pair<std::string, tir::PrimFunc>> tir_module;
  std::map<std::string, std::vector<te::Tensor>> tir_module_te_args;
  std::string tir_func_name;
  bool tir_module_last = false;  // no te.create_schedule after it
  // Several functions and none chosen: the document needs a function's name.
  bool needs_tensorir_function() const {
    return tir_module_last && !tir_schedule && tir_module.size() > 1;
  }

  // The arguments of the lowered function: tvm.lower's list when the script gave one,
  // otherwise the placeholders the outputs read and the outputs.
  std::vector<te::Tensor> Arguments() const;
  // The scalar parameters besides the arguments' shape variables: the variables of the
  // list Arguments() came from; a script that gives no list passes every variable its
  // computation reads (VarsTheComputationReads), one that does must list them (TVM's rule).
  transform::ScalarParams ScalarParameters() const;
  // A lowering error located where the script can fix it: an unlisted variable
  // (transform::BindUnlistedScalars) at the tvm.lower / tvm.build call whose list left it
  // out; any other error as it is.
  Error LocateLoweringError(Error e) const;
};

// Parses and evaluates a script; errors are `FILE:LINE:COL: error: ...` with `file`.
Result<ScriptProgram> EvaluateScript(std::string_view source, const std::string& file = "");

// Makes the module's function `name` the document: the schedule (a copy of it) working
// on that function, as its primitives left it (what sch.mod holds), and that function's
// original as the oracle; without a schedule, an unscheduled one of the module. An
// empty name keeps the chosen function, or takes the only one. Errors name the module's
// functions: an unknown name, or none given where there are several.
Status SelectTensorIRFunction(ScriptProgram* program, const std::string& name);
// The names of tir_module's functions, ", "-separated.
std::string TensorIRFunctionNames(const ScriptProgram& program);

}  // namespace tessera::script
