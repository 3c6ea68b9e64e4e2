#include "script/tvm/Packages.h"

#include <cmath>
#include <sstream>

#include "script/lang/Args.h"
#include "script/lang/Exceptions.h"
#include "script/pytest/Pytest.h"
#include "script/tvm/driver/LowerArgs.h"
#include "script/tvm/driver/TirModule.h"
#include "script/tvm/ir/JsonGraph.h"
#include "script/tvm/ir/StructuralEqualBuiltins.h"
#include "script/tvm/runtime/RuntimeObjects.h"
#include "script/tvm/te/BoundObjects.h"
#include "script/tvm/te/ScheduleObjects.h"
#include "script/tvm/te/TeBuiltins.h"
#include "script/tvm/tir/ScalableVectors.h"
#include "script/tvm/tir/TirPrimFuncValue.h"
#include "script/tvm/tir/tensor_intrin/TensorIntrinModule.h"
#include "script/tvm/topi/Topi.h"

namespace tessera::script {

namespace {

// TVM's tutorials write shapes with true division (`te.compute((N / bn, K, bn), ...)` in
// opt_gemm), which gives a Python float; TVM accepts a whole-number float dimension as
// that integer. Tessera converts such dimensions before the built-in sees them and
// refuses a fractional one where it was written.
Result<Value> IntegralDims(const Value& v, const SourceLoc& loc, const std::string& what) {
  auto convert = [&](const Value& d, size_t k) -> Result<Value> {
    if (!d.is_float()) return d;
    double f = d.as_float();
    if (std::isfinite(f) && std::floor(f) == f && std::fabs(f) < 9.0e18)
      return Value::Int(static_cast<int64_t>(f));
    std::ostringstream text;
    text << f;
    return Error(what + " " + std::to_string(k) + " is " + text.str() +
                     ", not a whole number (TVM accepts a float dimension only when it is "
                     "integral, e.g. N / bn with bn dividing N)",
                 loc);
  };
  if (!v.is_sequence()) return convert(v, 0);
  std::vector<Value> items;
  for (size_t k = 0; k < v.items().size(); ++k) {
    auto d = convert(v.items()[k], k);
    if (!d) return d;
    items.push_back(std::move(d.value()));
  }
  return v.kind() == Value::Kind::List ? Value::List(std::move(items))
                                       : Value::Tuple(std::move(items));
}

// Replaces a built-in by one that first makes its first argument (or keyword `keyword`)
// integral with IntegralDims.
void WrapIntegralArgument(Interpreter& interp, const std::string& qualified,
                          const std::string& keyword, const std::string& what) {
  const Value* found = interp.Lookup(qualified);
  if (!found) return;
  Value original = *found;
  interp.RegisterFunction(
      qualified, [original, keyword, what](Interpreter& in, const CallArgs& call) -> Result<Value> {
        CallArgs args = call;
        Value* arg = nullptr;
        SourceLoc loc = call.loc;
        if (!args.positional.empty()) {
          arg = &args.positional[0];
          loc = args.positional_locs[0];
        }
        for (size_t k = 0; !arg && k < args.keywords.size(); ++k)
          if (args.keywords[k].first == keyword) {
            arg = &args.keywords[k].second;
            loc = args.keyword_locs[k];
          }
        if (arg) {
          auto fixed = IntegralDims(*arg, loc, what);
          if (!fixed) return fixed.error();
          *arg = std::move(fixed.value());
        }
        return in.CallValue(original, args);
      });
}

// tvm.build(s, [A, B, b]) of a schedule records its list (the kernel's parameters when
// no tvm.lower call gives them), then does what the runtime built-in does.
void RecordBuildArguments(Interpreter& interp) {
  const Value* found = interp.Lookup("tvm.build");
  if (!found) return;
  Value original = *found;
  auto recording = [original](Interpreter& in, const CallArgs& c) -> Result<Value> {
    Args args(c, "build", {"inputs", "args", "target", "target_host", "runtime", "name", "binds"},
              0);
    if (args.status() && args.get("inputs").as<ScheduleObject>()) {
      auto list = ParseLowerArgs(args, "args");
      if (!list) return list.error();
      EvaluationRecord& record = RecordOf(in);
      record.build_args = list->tensors;
      record.build_scalars = list->scalars;
      record.build_line = c.loc.line;
    }
    return in.CallValue(original, c);
  };
  interp.RegisterFunction("tvm.build", recording);
  interp.RegisterFunction("tvm.driver.build", recording);
}

// te: the tensor-expression built-ins, and te.create_schedule recording the schedule.
void InstallTe(Interpreter& interp) {
  RegisterTeBuiltins(interp);
  WrapIntegralArgument(interp, "tvm.te.placeholder", "shape", "dimension");
  WrapIntegralArgument(interp, "tvm.te.compute", "shape", "dimension");
  WrapIntegralArgument(interp, "tvm.te.reduce_axis", "dom", "bound");
  interp.RegisterFunction("tvm.te.create_schedule", [](Interpreter& in, const CallArgs& c) {
    SchedulePtr created;
    auto v = CreateScheduleValue(c, &created);
    if (v) {
      EvaluationRecord& record = RecordOf(in);
      record.schedule = created;
      ++record.schedules_created;
    }
    return v;
  });
  interp.Alias("tvm.create_schedule", "tvm.te.create_schedule");
  interp.AddNameHint("te", "did you forget 'from tvm import te'?");
  interp.AddNameHint("tvm", "did you forget 'import tvm'?");
}

void InstallRuntime(Interpreter& interp) {
  RegisterRuntimeBuiltins(interp);
  // TVM's error classes, for `except` and pytest.raises (tvm.tir.ScheduleError is
  // tvm.tir.schedule's).
  for (const char* path : {"tvm.TVMError", "tvm.error.TVMError", "tvm.base.TVMError",
                           "tvm._ffi.base.TVMError", "tvm.ffi.Error"})
    interp.Register(path, ExceptionClassValue("TVMError"));
  for (const std::string& name : TvmErrorModuleClasses())
    interp.Register("tvm.error." + name, ExceptionClassValue(name));
}

// tvm.lower(s, [A, B, C], simple_mode=True) records the argument order (what `tessera-cli
// lower` and the exporter use) and returns the lowered IRModule (TirModule.h; its
// pipeline runs when the script first reads it); tvm.build records its list too.
void InstallDriver(Interpreter& interp) {
  interp.RegisterFunction("tvm.lower", [](Interpreter& in, const CallArgs& c) -> Result<Value> {
    Args args(c, "lower", {"inp", "args", "name", "binds", "simple_mode"}, 1);
    if (!args.status()) return args.status().error();
    auto* sch = args.get("inp").as<ScheduleObject>();
    if (!sch) return args.TypeError("inp", "a schedule");
    std::string name = "main";
    if (args.has("name") && !args.get("name").is_none()) {
      if (!args.get("name").is_string()) return args.TypeError("name", "a string");
      name = args.get("name").as_string();
    }
    auto list = ParseLowerArgs(args, "args");
    if (!list) return list.error();
    EvaluationRecord& record = RecordOf(in);
    record.lower_args = list->tensors;
    record.lower_scalars = list->scalars;
    record.lower_line = c.loc.line;
    record.has_lower_call = true;
    return ScheduleModuleValue(sch->sch, *list, name, true, c.loc);
  });
  RecordBuildArguments(interp);
}

void InstallTeSchedule(Interpreter& interp) {
  RegisterBoundBuiltins(interp);
  RegisterTypeBuiltins(interp);
}

void InstallIr(Interpreter& interp) {
  RegisterJsonBuiltins(interp);
  RegisterStructuralEqualBuiltins(interp);
}

void InstallTir(Interpreter& interp) {
  // tvm.tir.undef(dtype=...): an unspecified pad value (RFC 0077).
  interp.RegisterFunction("tvm.tir.undef", [](Interpreter&, const CallArgs& c) -> Result<Value> {
    Args args(c, "undef", {"dtype"}, 0);
    if (!args.status()) return args.status().error();
    return Value::FromObject(std::make_shared<UndefObject>());
  });
  RegisterScalableVectorBuiltins(interp);
  RegisterTirModuleBuiltins(interp);    // after the tvm.tir constructors its class names yield to
  RegisterTirFunctionBuiltins(interp);  // tvm.IRModule({"main": f}) of TensorIR functions
}

void InstallTirSchedule(Interpreter& interp) {
  RegisterTirScheduleBuiltins(interp,
                              [](Interpreter& in) -> TirScriptRecord& { return RecordOf(in).tir; });
}

}  // namespace

const std::vector<TvmPackage>& TvmPackages() {
  static const std::vector<TvmPackage> kPackages = {
      {"tvm.te", InstallTe, nullptr},
      {"tvm.runtime", InstallRuntime, nullptr},
      {"tvm.driver", InstallDriver, nullptr},
      {"tvm.te.schedule", InstallTeSchedule, nullptr},
      {"tvm.ir", InstallIr, nullptr},
      {"tvm.tir", InstallTir, nullptr},
      {"tvm.tir.schedule", InstallTirSchedule, nullptr},
      {"tvm.topi", nullptr, RegisterTopiBuiltins},
      {"tvm.tir.tensor_intrin", nullptr, LoadTensorIntrinModule},
      {"tvm.s_tir.tensor_intrin", nullptr, LoadSTirTensorIntrinModule},
      {"pytest", RegisterPytest, nullptr},
  };
  return kPackages;
}

const std::shared_ptr<const InterpreterPrelude>& TvmPrelude() {
  static const std::shared_ptr<const InterpreterPrelude> prelude = [] {
    Interpreter prototype;
    for (const TvmPackage& package : TvmPackages()) {
      if (package.install) package.install(prototype);
      if (package.load) prototype.RegisterLazyModule(package.name, package.load);
    }
    return prototype.Freeze();
  }();
  return prelude;
}

void BindEvaluationRecord(Interpreter& interp, EvaluationRecord& record) {
  record.tir.te_schedules_created = &record.schedules_created;
  interp.SetContext(&record);
}

EvaluationRecord& RecordOf(Interpreter& interp) {
  return *static_cast<EvaluationRecord*>(interp.context());
}

}  // namespace tessera::script
