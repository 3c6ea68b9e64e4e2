// MeasureOne: one candidate measured in this process — parse, lower, compile for this
// machine, time while nothing else of the runner runs on the machine (HostLocks), check
// against the oracle when asked.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <memory>
#include <thread>

#include "reference/Reference.h"
#include "runner/HostLocks.h"
#include "runner/MeasureBatch.h"
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
#include "transform/LowerSchedule.h"

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
  std::vector<double> probes;  // the host probe's time before each timed call (CPU)
};

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
  auto build_start = std::chrono::steady_clock::now();
  auto program = script::EvaluateScript(request.script, request.id + ".py");
  if (!program) return fail(MeasureStatus::BuildError, program.error().format());
  if (!program->schedule)
    return fail(MeasureStatus::BuildError,
                "the script creates no schedule (expected a call to te.create_schedule)");
  const std::vector<te::Tensor> tensors = program->Arguments();
  auto lowered = transform::LowerSchedule(*program->schedule, tensors, request.target, "main",
                                          program->ScalarParameters());
  if (!lowered)
    return fail(MeasureStatus::BuildError, "lowering failed: " + lowered.error().message);

  runtime::ScalarArgs scalars;
  for (const ir::Var& v : lowered->func.scalar_params()) {
    auto it = request.shape_vars.find(v.name());
    scalars[v.name()] = it != request.shape_vars.end() ? runtime::ScalarValue(it->second)
                        : runtime::IsShapeVariable(lowered->func, v)
                            ? runtime::ScalarValue(kDefaultShapeValue)
                            : runtime::DefaultScalarValue(v);
  }
  auto arrays =
      runtime::MakeKernelArguments(*program->schedule, tensors, lowered->func, scalars, 1);
  if (!arrays) return fail(MeasureStatus::RunError, "arguments: " + arrays.error().message);
  std::vector<runtime::NDArray>& buffers = arrays.value();

  // Each backend gives a function that warms up and times the kernel.
  std::function<Timed()> time_kernel;
  if (request.target == "cuda") {
    std::string why;
    if (!runtime::CudaAvailable(&why))
      return fail(MeasureStatus::Unavailable, "no CUDA GPU here (" + why + ")");
    auto built = runtime::BuildCUDA(*lowered, runtime::CudaOptionsForDevice());
    if (!built)
      return fail(MeasureStatus::BuildError, "compiling for cuda failed: " + built.error().message);
    auto module = std::make_shared<runtime::CudaModule>(std::move(built.value()));
    result.build_ms = MillisecondsSince(build_start);
    time_kernel = [&, module]() {
      runtime::CudaRunOptions options;
      options.warmup = request.warmup;
      options.repeat = request.repeat;
      auto r = runtime::RunCUDA(*module, buffers, scalars, options);
      if (!r) return Timed{{}, r.error().message, {}};
      return Timed{r->times_ms, "", {}};
    };
  } else {
    if (!codegen::LLVMAvailable())
      return fail(MeasureStatus::Unavailable,
                  "this build has no LLVM backend (" + codegen::LLVMTargetDescription() + ")");
    auto built = runtime::BuildLLVM(lowered->func);
    if (!built)
      return fail(MeasureStatus::BuildError, "compiling for llvm failed: " + built.error().message);
    auto compiled = std::make_shared<runtime::CompiledFunction>(std::move(built.value()));
    result.build_ms = MillisecondsSince(build_start);
    time_kernel = [&, compiled]() {
      auto bound = runtime::BindArguments(compiled->signature(), buffers, scalars);
      if (!bound) return Timed{{}, bound.error().message, {}};
      Timed t;
      for (int i = 0; i < request.warmup + request.repeat; ++i) {
        // The host probe right before each timed call: how fast the machine ran then.
        const double probe = i >= request.warmup ? runtime::TimeHostProbe() : 0.0;
        auto start = std::chrono::steady_clock::now();
        if (Status st = compiled->CallBound(*bound); !st) return Timed{{}, st.error().message, {}};
        if (i >= request.warmup) {
          t.times.push_back(MillisecondsSince(start));
          t.probes.push_back(probe);
        }
      }
      return t;
    };
  }

  result.build.end_s = MonotonicSeconds();
  locks.EndBusy();
  SetPhase(phase, MeasurePhase::WaitingForLock);
  if (!locks.BeginQuiet(lock_wait_limit_s)) return fail(MeasureStatus::RunError, locks.error());
  SetPhase(phase, MeasurePhase::Timing);
  result.timing.begin_s = MonotonicSeconds();
  InjectFault(request.test_fault);
  Timed timed = time_kernel();
  result.timing.end_s = MonotonicSeconds();
  locks.EndQuiet();
  if (!timed.error.empty())
    return fail(MeasureStatus::RunError, "the kernel failed: " + timed.error);
  if (timed.times.empty()) return fail(MeasureStatus::RunError, "no timed run");
  result.times_ms = timed.times;
  result.probe_ms = timed.probes;
  result.min_ms = *std::min_element(timed.times.begin(), timed.times.end());
  result.median_ms = MedianOf(timed.times);
  std::vector<te::Tensor> outputs;
  for (const te::Operation& op : program->schedule->outputs)
    for (int v = 0; v < op->num_outputs(); ++v) outputs.push_back(te::output_of(op, v));
  result.flops = te::CountWorkloadFlops(outputs, runtime::IntegerValues(scalars));
  for (const runtime::NDArray& a : buffers) result.bytes += static_cast<double>(a.bytes());
  result.gflops = result.median_ms > 0 ? result.flops / (result.median_ms * 1e6) : 0.0;

  if (request.check) {
    SetPhase(phase, MeasurePhase::WaitingForLock);
    if (!locks.BeginBusy(lock_wait_limit_s)) return fail(MeasureStatus::RunError, locks.error());
    SetPhase(phase, MeasurePhase::Checking);
    result.check.begin_s = MonotonicSeconds();
    auto checks = reference::CheckAgainstReference(*program->schedule, tensors, buffers, scalars);
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
