#include "script/tvm/tir/schedule/TirScheduleTesting.h"

#include <memory>
#include <string>
#include <vector>

#include "script/lang/Args.h"
#include "script/lang/ChildInterpreter.h"
#include "script/lang/Parser.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "script/tvm/tir/schedule/TirScheduleValue.h"
#include "tir/TraceJson.h"

namespace tessera::script {

namespace {

Result<Value> AssertEqualIgnoringNames(Interpreter& interp, const CallArgs& c) {
  Args args(c, "assert_structural_equal_ignore_global_symbol", {"func1", "func2", "map_free_vars"},
            2);
  if (!args.status()) return args.status().error();
  bool tensor_ir = false;
  auto difference = TensorIRDifference(args.get("func1"), args.get("func2"), &tensor_ir,
                                       tir::FunctionComparison{.compare_names = false});
  if (!tensor_ir) {  // expressions and the like: tvm.ir's comparison, names count there
    auto plain = interp.Resolve("tvm.ir.assert_structural_equal", c.loc);
    if (!plain) return plain.error();
    return interp.CallValue(**plain, c);
  }
  if (!difference) return Value();
  return Error("ValueError: StructuralEqual check failed at " + *difference, c.loc);
}

// A schedule of `mod` as `like` was made: its dialect, function and intrinsics. It is
// no schedule of the evaluation (the document's stays the script's own).
Result<std::shared_ptr<TirScheduleHandle>> FreshSchedule(const TirScheduleHandle& like,
                                                         const Args& args) {
  auto input = TirSchedInputOf(args);
  if (!input) return input.error();
  auto handle = std::make_shared<TirScheduleHandle>(like);
  handle->record = nullptr;
  handle->sch = std::make_shared<tir::Schedule>(input->module, like.func_name, like.seed);
  if (like.record) handle->sch->UseTensorIntrins(like.record->intrins);
  return handle;
}

// Runs the trace's Python on `fresh` as TVM's test does: exec(py_trace, {"T": T, ...},
// {"sch": fresh}), here an interpreter of its own, so the script's names stay as they are.
Status ReplayPython(Interpreter& interp, const std::string& python,
                    const std::shared_ptr<TirScheduleHandle>& fresh, const SourceLoc& loc) {
  auto module = ParseModule(python, "<the trace as Python>");
  if (!module)
    return Error("the trace printed as Python does not parse: " + module.error().message, loc);
  std::unique_ptr<Interpreter> child =
      ChildInterpreter(interp, {{"T", "tvm.script.tir"}, {"tir", "tvm.tir"}}, loc);
  Interpreter& replay = *child;
  auto sch = std::make_shared<TirScheduleObject>();
  sch->handle = fresh;
  replay.SetGlobal("sch", Value::FromObject(sch));
  if (Status st = replay.Run(*module); !st)
    return Error("the trace printed as Python does not replay: " + st.error().format(), loc);
  return Status::Ok();
}

Result<Value> VerifyTraceRoundtrip(Interpreter& interp, const CallArgs& c) {
  Args args(c, "verify_trace_roundtrip", {"sch", "mod", "debug_mask", "text_format"}, 2);
  if (!args.status()) return args.status().error();
  const auto* sch = args.get("sch").as<TirScheduleObject>();
  if (!sch) return args.TypeError("sch", "a tir.Schedule");
  std::vector<std::string> formats = {"python", "json"};
  if (args.has("text_format")) {
    const Value& f = args.get("text_format");
    formats.clear();
    for (const Value& item : f.is_sequence() ? f.items() : std::vector<Value>{f}) {
      if (!item.is_string() || (item.as_string() != "python" && item.as_string() != "json"))
        return args.ErrorAt("text_format", "AssertionError: Unknown text format: " +
                                               (item.is_string() ? item.as_string() : repr(item)));
      formats.push_back(item.as_string());
    }
  }
  const TirScheduleHandle& original = *sch->handle;
  const tir::Trace trace = original.sch->trace();
  const std::vector<std::string> lines = tir::TraceLines(trace, original.dialect);
  Value last;
  for (const std::string& format : formats) {
    auto fresh = FreshSchedule(original, args);
    if (!fresh) return fresh.error();
    if (format == "json") {
      auto parsed = tir::TraceFromJson(tir::TraceToJson(trace));
      if (!parsed)
        return Error("the trace written as JSON does not read back: " + parsed.error().message,
                     c.loc);
      if (Status st = tir::ApplyTrace(*parsed, (*fresh)->sch.get()); !st)
        return Error("the trace read back from JSON does not replay: " + st.error().message, c.loc);
    } else {
      std::string python;
      for (const std::string& line : lines) python += line + "\n";
      if (Status st = ReplayPython(interp, python, *fresh, c.loc); !st) return st.error();
    }
    bool handled = false;
    auto difference = TensorIRDifference(
        MakeTensorIRModuleValue((*fresh)->sch->module(), original.dialect),
        MakeTensorIRModuleValue(original.sch->module(), original.dialect), &handled);
    if (difference)
      return Error("AssertionError: the trace replayed from " + format +
                       " gives another module: StructuralEqual check failed at " + *difference,
                   c.loc);
    if (tir::TraceLines((*fresh)->sch->trace(), original.dialect) != lines)
      return Error("AssertionError: the trace replayed from " + format + " prints differently",
                   c.loc);
    auto object = std::make_shared<TirScheduleObject>();
    object->handle = *fresh;
    last = Value::FromObject(object);
  }
  return last;
}

}  // namespace

void RegisterTirScheduleTesting(Interpreter& interp) {
  for (const char* module : {"tvm.tir.schedule.testing", "tvm.s_tir.schedule.testing"}) {
    interp.RegisterFunction(std::string(module) + ".assert_structural_equal_ignore_global_symbol",
                            AssertEqualIgnoringNames);
    interp.RegisterFunction(std::string(module) + ".verify_trace_roundtrip", VerifyTraceRoundtrip);
  }
}

}  // namespace tessera::script
