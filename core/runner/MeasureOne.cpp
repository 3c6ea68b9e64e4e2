// MeasureOne: one candidate measured in this process — parse, lower, compile for this
// machine, time while nothing else of the runner runs on the machine (HostLocks), check
// against the oracle when asked. A request with a baseline schedule times both in the
// same interleaved rounds.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <thread>
#include <variant>

#include "codegen/LoweringContext.h"
#include "reference/Reference.h"
#include "reference/TirReference.h"
#include "runner/HostLocks.h"
#include "runner/MeasureBatch.h"
#include "runner/ProbedCalls.h"
#include "runner/TimingStats.h"
#include "runtime/ArgBinder.h"
#include "runtime/CompiledFunction.h"
#include "runtime/HostProbe.h"
#include "runtime/KernelArguments.h"
#include "runtime/LLVMModule.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/CudaModule.h"
#include "script/Evaluator.h"
#include "te/WorkloadFlops.h"
#include "tir/FunctionFlops.h"
#include "transform/LowerSchedule.h"
#include "transform/LowerTensorIR.h"

namespace tessera::runner {

namespace {

constexpr int64_t kDefaultShapeValue = 64;  // as tessera-cli run/profile

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

void SetPhase(volatile int* phase, MeasurePhase p) {
  if (phase) *phase = static_cast<int>(p);
}

// Seconds of the machine's monotonic clock (CLOCK_MONOTONIC under steady_clock on Linux):
// comparable between the processes of one machine.
double MonotonicSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The test hook (MeasureBatch.h): a real crash or hang after the build.
void InjectFault(const std::string& fault) {
  if (fault == "abort") std::abort();
  if (fault == "segfault") {
    // The signal a wild store gets, delivered with its default action. Not a store through
    // a null pointer: in the sanitizer build UBSan (halt_on_error) or ASan's SEGV handler
    // would turn that into exit code 1, and the crash path would go untested there.
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
  }
  if (fault == "hang")
    for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
}

struct Timed {
  std::vector<double> times;
  std::string error;
  std::vector<double> probes;  // the host probe paired with each timed call (CPU; ProbedCalls.h)
};

// A schedule built for the request's target, with its arguments, ready to time.
struct Kernel {
  script::ScriptProgram program;
  std::vector<te::Tensor> tensors;
  runtime::ScalarArgs scalars;
  std::vector<runtime::NDArray> buffers;
  // `warmup` untimed calls, then `calls` timed ones.
  std::function<Timed(int warmup, int calls)> time;
  double build_ms = 0;
  // A TensorIR document: its arguments (the inputs as they were before any call, for the
  // check against its unscheduled function) and its useful work.
  bool tensorir = false;
  reference::TirArguments tir_before;
  double tir_flops = 0;
};

struct BuildFailure {
  MeasureStatus status;
  std::string message;
};

// A te program lowered for `request`'s target, its scalars and arguments in `k`.
std::variant<transform::LoweredProgram, BuildFailure> LowerTeKernel(Kernel& k,
                                                                    const MeasureRequest& request) {
  if (!k.program.schedule)
    return BuildFailure{MeasureStatus::BuildError,
                        "the script creates no schedule (expected a call to te.create_schedule)"};
  k.tensors = k.program.Arguments();
  auto lowered = transform::LowerSchedule(*k.program.schedule, k.tensors,
                                          codegen::LoweringContext(request.target), "main",
                                          k.program.ScalarParameters());
  if (!lowered)
    return BuildFailure{MeasureStatus::BuildError, "lowering failed: " + lowered.error().message};
  for (const ir::Var& v : lowered->func.scalar_params()) {
    auto it = request.shape_vars.find(v.name());
    k.scalars[v.name()] = it != request.shape_vars.end() ? runtime::ScalarValue(it->second)
                          : runtime::IsShapeVariable(lowered->func, v)
                              ? runtime::ScalarValue(kDefaultShapeValue)
                              : runtime::DefaultScalarValue(v);
  }
  auto arrays =
      runtime::MakeKernelArguments(*k.program.schedule, k.tensors, lowered->func, k.scalars, 1);
  if (!arrays) return BuildFailure{MeasureStatus::RunError, "arguments: " + arrays.error().message};
  k.buffers = std::move(arrays.value());
  return std::move(lowered.value());
}

// A TensorIR document's scheduled function lowered (transform/LowerTensorIR.h), its
// arguments made as `tessera-cli run` makes them (reference/TirReference.h).
std::variant<transform::LoweredProgram, BuildFailure> LowerTensorIRKernel(
    Kernel& k, const MeasureRequest& request) {
  k.tensorir = true;
  const tir::PrimFunc& func = k.program.tir_schedule->func();
  auto lowered = transform::LowerTensorIR(func, codegen::LoweringContext("llvm"), func.name);
  if (!lowered)
    return BuildFailure{MeasureStatus::BuildError, "lowering failed: " + lowered.error().message};
  runtime::ScalarArgs vars;
  for (const auto& [name, value] : request.shape_vars) vars[name] = runtime::ScalarValue(value);
  auto arrays = reference::MakeTirArguments(func, lowered->func, vars, 1, kDefaultShapeValue,
                                            k.program.tir_schedule->state().param_layouts());
  if (!arrays) return BuildFailure{MeasureStatus::RunError, "arguments: " + arrays.error().message};
  k.scalars = arrays->scalars.values;
  k.buffers = arrays->buffers;
  k.tir_before = *arrays;
  for (runtime::NDArray& b : k.tir_before.buffers) b = b.Clone();
  k.tir_flops = tir::CountFunctionFlops(k.program.tir_original, runtime::IntegerValues(k.scalars));
  return std::move(lowered.value());
}

// `script` evaluated, lowered and compiled for `request`'s target, its arguments made with
// the request's shape values. Owned by a unique_ptr: its timer refers to its members.
std::variant<std::unique_ptr<Kernel>, BuildFailure> BuildKernel(const std::string& script,
                                                                const std::string& name,
                                                                const MeasureRequest& request) {
  auto build_start = std::chrono::steady_clock::now();
  auto program = script::EvaluateScript(script, name + ".py");
  if (!program) return BuildFailure{MeasureStatus::BuildError, program.error().format()};
  auto k = std::make_unique<Kernel>();
  k->program = std::move(program.value());
  // The module's function the request names; a module of several without a name fails
  // here with their names, as `tessera-cli run` without --func does.
  if (!request.func.empty() || k->program.needs_tensorir_function())
    if (Status chosen = script::SelectTensorIRFunction(&k->program, request.func); !chosen)
      return BuildFailure{
          MeasureStatus::BuildError,
          (request.func.empty() ? "" : "--func " + request.func + ": ") + chosen.error().message};
  auto lowered =
      k->program.is_tensorir() ? LowerTensorIRKernel(*k, request) : LowerTeKernel(*k, request);
  if (auto* failure = std::get_if<BuildFailure>(&lowered)) return *failure;
  auto& function = std::get<transform::LoweredProgram>(lowered);
  Kernel* kernel = k.get();
  if (request.target == "cuda") {
    std::string why;
    if (!runtime::CudaAvailable(&why))
      return BuildFailure{MeasureStatus::Unavailable, "no CUDA GPU here (" + why + ")"};
    if (kernel->tensorir)
      return BuildFailure{MeasureStatus::Unavailable, "TensorIR documents run on the CPU only"};
    auto built = runtime::BuildCUDA(function, runtime::CudaOptionsForDevice());
    if (!built)
      return BuildFailure{MeasureStatus::BuildError,
                          "compiling for cuda failed: " + built.error().message};
    auto module = std::make_shared<runtime::CudaModule>(std::move(built.value()));
    k->time = [kernel, module](int warmup, int calls) {
      runtime::CudaRunOptions options;
      options.warmup = warmup;
      options.repeat = calls;
      auto r = runtime::RunCUDA(*module, kernel->buffers, kernel->scalars, options);
      if (!r) return Timed{{}, r.error().message, {}};
      return Timed{r->times_ms, "", {}};
    };
  } else {
    if (!codegen::LLVMAvailable())
      return BuildFailure{MeasureStatus::Unavailable, "this build has no LLVM backend (" +
                                                          codegen::LLVMTargetDescription() + ")"};
    auto built = runtime::BuildLLVM(function.func);
    if (!built)
      return BuildFailure{MeasureStatus::BuildError,
                          "compiling for llvm failed: " + built.error().message};
    auto compiled = std::make_shared<runtime::CompiledFunction>(std::move(built.value()));
    k->time = [kernel, compiled](int warmup, int calls) {
      auto bound = runtime::BindArguments(compiled->signature(), kernel->buffers, kernel->scalars);
      if (!bound) return Timed{{}, bound.error().message, {}};
      ProbedTimes t = TimeProbedCalls(
          warmup, calls, [&] { return compiled->CallBound(*bound); }, runtime::TimeHostProbe);
      if (!t.error.empty()) return Timed{{}, t.error, {}};
      return Timed{std::move(t.times_ms), "", std::move(t.probes_ms)};
    };
  }
  k->build_ms = MillisecondsSince(build_start);
  return k;
}

double TeFlops(const Kernel& kernel) {
  std::vector<te::Tensor> outputs;
  for (const te::Operation& op : kernel.program.schedule->outputs)
    for (int v = 0; v < op->num_outputs(); ++v) outputs.push_back(te::output_of(op, v));
  return te::CountWorkloadFlops(outputs, runtime::IntegerValues(kernel.scalars));
}

// A TensorIR kernel's outputs against its unscheduled function on the same inputs.
Result<std::vector<reference::OutputCheck>> CheckTensorIR(const Kernel& kernel) {
  const script::ScriptProgram& p = kernel.program;
  auto expected = reference::TirExpectedOutputs(p.tir_original, p.tir_te_args, kernel.tir_before);
  if (!expected) return expected.error();
  return reference::CompareTirOutputs(p.tir_schedule->func(), kernel.tir_before, kernel.buffers,
                                      *expected);
}

// The request's kernel alone, or with the baseline in interleaved rounds (TimingStats.h):
// each warmed up first (request.warmup calls, for at least request.min_warmup_ms), then
// the rounds; the baseline's calls go to *baseline_times.
Timed TimeKernels(const MeasureRequest& request, Kernel& kernel, Kernel* baseline,
                  std::vector<double>* baseline_times) {
  for (Kernel* k : {&kernel, baseline}) {
    if (!k) break;
    Status warm = WarmUpCalls(request.warmup, request.min_warmup_ms, [k]() -> Status {
      Timed t = k->time(1, 0);
      if (!t.error.empty()) return Error(t.error);
      return Status::Ok();
    });
    if (!warm) return Timed{{}, warm.error().message, {}};
  }
  if (!baseline) return kernel.time(0, request.repeat);
  Timed out;
  auto calls =
      MeasureInterleaved(2, PlanInterleavedRounds(request.repeat),
                         [&](int which, int count) -> Result<std::vector<double>> {
                           Timed t = (which == 0 ? kernel : *baseline).time(0, count);
                           if (!t.error.empty())
                             return Error((which == 0 ? "" : "the baseline: ") + t.error);
                           if (which == 0)
                             out.probes.insert(out.probes.end(), t.probes.begin(), t.probes.end());
                           return t.times;
                         });
  if (!calls) return Timed{{}, calls.error().message, {}};
  out.times = std::move((*calls)[0]);
  *baseline_times = std::move((*calls)[1]);
  return out;
}

}  // namespace

MeasureResult MeasureOne(const MeasureRequest& request, const std::string& lock_dir,
                         volatile int* phase, double lock_wait_limit_s) {
  MeasureResult result;
  result.id = request.id;
  result.attempts = 1;
  result.machine = ReadMachineSignature();
  auto fail = [&](MeasureStatus status, std::string message) {
    result.status = status;
    result.message = std::move(message);
    SetPhase(phase, MeasurePhase::Done);
    return result;
  };
  // Builds (and checks) may run side by side; a timing runs alone (HostLocks).
  HostLocks locks(lock_dir, result.machine.hostname);
  SetPhase(phase, MeasurePhase::WaitingForLock);
  if (!locks.BeginBusy(lock_wait_limit_s)) return fail(MeasureStatus::RunError, locks.error());
  SetPhase(phase, MeasurePhase::Building);
  result.build.begin_s = MonotonicSeconds();
  auto built = BuildKernel(request.script, request.id, request);
  if (auto* failure = std::get_if<BuildFailure>(&built))
    return fail(failure->status, failure->message);
  Kernel& kernel = *std::get<std::unique_ptr<Kernel>>(built);
  result.build_ms = kernel.build_ms;
  std::unique_ptr<Kernel> baseline;
  if (!request.baseline_script.empty()) {
    auto other = BuildKernel(request.baseline_script, request.id + "-baseline", request);
    if (auto* failure = std::get_if<BuildFailure>(&other))
      return fail(failure->status, "the baseline: " + failure->message);
    baseline = std::move(std::get<std::unique_ptr<Kernel>>(other));
  }
  result.build.end_s = MonotonicSeconds();
  locks.EndBusy();
  SetPhase(phase, MeasurePhase::WaitingForLock);
  if (!locks.BeginQuiet(lock_wait_limit_s)) return fail(MeasureStatus::RunError, locks.error());
  SetPhase(phase, MeasurePhase::Timing);
  result.timing.begin_s = MonotonicSeconds();
  InjectFault(request.test_fault);
  Timed timed = TimeKernels(request, kernel, baseline.get(), &result.baseline_times_ms);
  result.timing.end_s = MonotonicSeconds();
  locks.EndQuiet();
  if (!timed.error.empty())
    return fail(MeasureStatus::RunError, "the kernel failed: " + timed.error);
  if (timed.times.empty()) return fail(MeasureStatus::RunError, "no timed run");
  result.times_ms = timed.times;
  result.probe_ms = timed.probes;
  result.min_ms = *std::min_element(timed.times.begin(), timed.times.end());
  result.median_ms = MedianOf(timed.times);
  result.flops = kernel.tensorir ? kernel.tir_flops : TeFlops(kernel);
  for (const runtime::NDArray& a : kernel.buffers) result.bytes += static_cast<double>(a.bytes());
  result.gflops = result.median_ms > 0 ? result.flops / (result.median_ms * 1e6) : 0.0;

  if (request.check) {
    SetPhase(phase, MeasurePhase::WaitingForLock);
    if (!locks.BeginBusy(lock_wait_limit_s)) return fail(MeasureStatus::RunError, locks.error());
    SetPhase(phase, MeasurePhase::Checking);
    result.check.begin_s = MonotonicSeconds();
    auto checks = kernel.tensorir
                      ? CheckTensorIR(kernel)
                      : reference::CheckAgainstReference(*kernel.program.schedule, kernel.tensors,
                                                         kernel.buffers, kernel.scalars);
    result.check.end_s = MonotonicSeconds();
    locks.EndBusy();
    if (!checks)
      return fail(MeasureStatus::RunError, "the reference failed: " + checks.error().message);
    std::string mismatches;
    for (const reference::OutputCheck& c : *checks) {
      if (std::isnan(c.result.max_abs_error) || c.result.max_abs_error > result.max_error)
        result.max_error = c.result.max_abs_error;
      if (!c.result.ok())
        mismatches += (mismatches.empty() ? "" : "; ") + c.tensor + ": " + c.result.str();
    }
    if (!mismatches.empty())
      return fail(MeasureStatus::CheckFailed, "check against the reference: " + mismatches);
  }
  result.status = MeasureStatus::Ok;
  SetPhase(phase, MeasurePhase::Done);
  return result;
}

}  // namespace tessera::runner
