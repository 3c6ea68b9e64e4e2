// tir.Schedule in scripts (tvm.tir.Schedule of TVM 0.20-0.23, tvm.s_tir.Schedule of
// 0.24+): a script object driving core/tir's Schedule, whose random variables (BlockRV,
// LoopRV, ExprRV) are script values too:
//   sch = tir.Schedule(te.create_prim_func([A, B, C]))
//   b = sch.get_block("C"); i, j, k = sch.get_loops(b)
//   io, ii = sch.split(i, factors=[None, 32])
//   sch.mod.script(), str(sch.trace), sch.get(b).name_hint
// The methods are the rows of one table (TirScheduleMethods.cpp), bound Python style with
// TVM's parameter names. A primitive's error is a `ScheduleError` at the call (its TVM
// error class kept in the message); misuse of a random variable is a ValueError.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "script/lang/Args.h"
#include "script/lang/Interpreter.h"
#include "te/Tensor.h"
#include "tir/Schedule.h"
#include "tir/ScriptPrinter.h"

namespace tessera::script {

// The schedule a script object drives, shared with the random variables it made.
struct TirScriptRecord;
struct TirScheduleHandle {
  std::shared_ptr<tir::Schedule> sch;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;  // how the script spelled Schedule
  // error_render_level: a primitive's error as its full report (detail), TVM's one line
  // for its class (fast, tir::FastErrorString) or "ScheduleError: (not rendered)" (none).
  enum class RenderLevel { Detail, Fast, None } render_level = RenderLevel::Detail;
  // sch.func_working_on: the function a block name (get_block without func_name) is
  // looked up in. `sch` holds every function of the module; one of several has none
  // chosen (func_chosen false) until work_on names one, unless one is "main" (TVM's
  // entry function). Primitives apply to the function their random variables belong to.
  std::string func_name = "main";
  std::map<std::string, std::vector<te::Tensor>> te_args;
  bool func_chosen = true;
  int64_t seed = -1;
  TirScriptRecord* record = nullptr;  // updated when the function changes
  // sch.copy() keeps the random variables made so far under the same ids (TVM copies the
  // symbol table): the schedules this one was copied from, each with how many it had
  // then, so that their variables from before the copy are this schedule's too.
  std::vector<std::pair<std::weak_ptr<const TirScheduleHandle>, int>> copied_from;
};

// What a Schedule is made of: a PrimFunc (TVM wraps it as IRModule({"main": func}); the
// function keeps its own name) or an IRModule, and the function it works on first: the
// only one, or "main" (TVM's entry function); none of several others.
struct TirSchedScheduleInput {
  std::vector<std::pair<std::string, tir::PrimFunc>> module;
  std::map<std::string, std::vector<te::Tensor>> te_args;
  std::string work_on;
  bool chosen = true;
};

// The module and function of a Schedule's `mod` argument (Schedule(mod), and
// verify_trace_roundtrip's fresh schedules); a located error for anything else.
Result<TirSchedScheduleInput> TirSchedInputOf(const Args& args);

// Whether `rv` (made by `owner`) is a random variable of `h`: its own, or one its
// schedule inherited by sch.copy().
bool TirScheduleOwns(const TirScheduleHandle& h, const std::shared_ptr<TirScheduleHandle>& owner,
                     int rv_id);
// Makes `name` the function the schedule works on (work_on); a ValueError naming the
// module's functions when it has none of that name.
Status TirSelectFunction(TirScheduleHandle* h, const std::string& name);
// A ValueError naming the module's functions when it has none called `name`.
Status TirCheckFunction(const TirScheduleHandle& h, const std::string& name);
// Whether a function is chosen: TVM's ValueError for get_block in a module of several
// functions before work_on.
Status TirRequireFunction(const TirScheduleHandle& h);
// A method that takes no arguments and returns `v` (sch.show, trace.as_python, ...).
Value TirSchedConstantMethod(const std::string& name, Value v);

struct TirScheduleObject : Object {
  std::shared_ptr<TirScheduleHandle> handle;
  std::string type_name() const override { return "Schedule"; }
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};

// A BlockRV, LoopRV or ExprRV of one schedule, or of none (BlockRV(): a free variable
// for a trace built by hand; owner null). str() is its name in the trace ("b0").
struct TirRandomVariable : Object {
  enum class Kind { Block, Loop, Expr };
  std::shared_ptr<TirScheduleHandle> owner;
  Kind kind = Kind::Block;
  int id = -1;
  std::string type_name() const override;
  std::optional<ir::Expr> to_expr() const override;  // an ExprRV's sampled value
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;  // same_as
  std::string TraceName() const;
  std::optional<std::string> Str() const override { return TraceName(); }
};

// A tir.IndexMap (IndexMap.from_func, T.index_map): initial_indices and final_indices.
struct TirIndexMapObject : Object {
  ir::IndexMap map;
  std::string type_name() const override;
  std::optional<std::string> Str() const override;  // lambda i, j: (i // 4, ...)
  Result<Value> GetAttr(Interpreter& interp, const std::string& name,
                        const SourceLoc& loc) const override;
};
Value MakeTirIndexMapValue(ir::IndexMap map);

// IndexMap.from_func of a script function (a lambda or a def): one variable of
// `index_dtype` per parameter, named after it; `*args` takes the indices up to `ndim`, named
// args_0, args_1, ... The result is one PrimExpr or a list of them. `what` names the
// argument in errors ("transform_layout(): index_map"). With `separators`, the list may
// hold IndexMap.AXIS_SEPARATOR: the number of indices before each one is appended there
// (IndexMap.from_func_with_separators); without, it is TVM's AssertionError.
Result<ir::IndexMap> TirIndexMapFromFunc(Interpreter& interp, const Value& fn,
                                         std::optional<size_t> ndim, ir::DataType index_dtype,
                                         const SourceLoc& loc, const std::string& what,
                                         std::vector<int64_t>* separators = nullptr);
// An IndexMap value as it is, or a function converted by TirIndexMapFromFunc.
Result<ir::IndexMap> TirIndexMapOf(Interpreter& interp, const Value& v, std::optional<size_t> ndim,
                                   ir::DataType index_dtype, const SourceLoc& loc,
                                   const std::string& what,
                                   std::vector<int64_t>* separators = nullptr);
// tvm.tir.IndexMap.from_func, from_func_with_separators, AXIS_SEPARATOR and T.index_map
// (both TVMScript spellings).
void RegisterTirIndexMapBuiltins(Interpreter& interp);

// What the evaluation remembers of the TensorIR schedules a script made (the last one).
struct TirScriptRecord {
  std::shared_ptr<tir::Schedule> schedule;
  tir::TvmDialect dialect = tir::TvmDialect::Tir;
  int line = 0;  // the line that created the schedule
  // The function the schedule works on (work_on's; empty when none is chosen) and
  // create_prim_func's tensors by function. The schedule holds every function of its
  // module, before (original_module) and after its primitives.
  std::string func_name;
  std::map<std::string, std::vector<te::Tensor>> module_te_args;
  // tir.TensorIntrin.register's intrinsics, which the schedules look names up in.
  std::shared_ptr<tir::TensorIntrinRegistry> intrins =
      std::make_shared<tir::TensorIntrinRegistry>();
  int created = 0;  // how many tir.Schedule objects the script made
  // The evaluation's count of te.create_schedule calls, and its value when the last
  // tir.Schedule was made (the later kind of schedule is the document's).
  const int* te_schedules_created = nullptr;
  int te_schedules_before = 0;
};

// tvm.tir.Schedule, tvm.tir.schedule.Schedule, tvm.s_tir.Schedule and the class names
// (BlockRV, LoopRV, ScheduleError) for isinstance and except; each created schedule is
// recorded in the record of the evaluation that creates it (`record_of`).
using TirRecordOf = TirScriptRecord& (*)(Interpreter& interp);
void RegisterTirScheduleBuiltins(Interpreter& interp, TirRecordOf record_of);

// isinstance of a TensorIR script value with "tir.Schedule" (the class name the
// constructors carry, apart from te's "Schedule"), "BlockRV", "SBlockRV", "LoopRV",
// "ExprRV"; nullopt for other class names.
std::optional<bool> TensorIRInstanceOf(const Value& v, const std::string& type);

}  // namespace tessera::script
