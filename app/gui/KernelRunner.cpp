#include "KernelRunner.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <thread>

#include "Evaluation.h"
#include "ReferenceCache.h"
#include "arith/Evaluate.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "reference/Compare.h"
#include "reference/Reference.h"
#include "reference/TirEmulatorCheck.h"
#include "reference/TirReference.h"
#include "runner/TimingStats.h"
#include "runtime/ArgBinder.h"
#include "runtime/CpuCount.h"
#include "runtime/IRInterpreter.h"
#include "runtime/KernelArguments.h"
#include "runtime/LLVMModule.h"
#include "runtime/MachinePeak.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/CudaModule.h"
#include "schedule/ScheduleOps.h"
#include "te/Operation.h"
#include "te/WorkloadFlops.h"
#include "tir/FunctionFlops.h"

namespace tessera::gui {
namespace {

using Clock = std::chrono::steady_clock;

double Ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

// Every variable (shape variables only, in shapes and domains) takes `value`.
std::optional<int64_t> ConstantWith(const ir::Expr& e, int64_t value) {
  ir::Expr fixed =
      ir::Substitute(e, [&](const ir::Var& v) { return ir::make_const(v.dtype(), value); });
  auto r = arith::EvaluateConstant(fixed, {});
  return r.ok() ? std::optional<int64_t>(*r) : std::nullopt;
}

struct Arrays {
  std::vector<runtime::NDArray> buffers;
  std::vector<bool> is_output;
  runtime::ScalarArgs scalars;
};

bool IsTensorIR(const RunRequest& r) { return r.program->is_tensorir(); }

// A TensorIR document's arrays, made as `tessera-cli run` makes them (TirReference.h).
Result<Arrays> MakeTirArrays(const RunRequest& r) {
  auto made = reference::MakeTirArguments(r.program->tir_schedule->func(), r.function->func, {}, 1,
                                          r.shape_var_value,
                                          r.program->tir_schedule->state().param_layouts());
  if (!made.ok()) return made.error();
  return Arrays{std::move(made->buffers), std::move(made->is_output),
                std::move(made->scalars.values)};
}

Result<Arrays> MakeArrays(const RunRequest& r) {
  if (IsTensorIR(r)) return MakeTirArrays(r);
  Arrays out;
  const transform::PrimFunc& f = r.function->func;
  // Shape variables take the document's value; other scalars (te.var alpha) the CLI's
  // defaults, so that the GUI's check and `tessera-cli run --check` agree.
  for (const ir::Var& v : f.scalar_params())
    out.scalars[v.name()] = runtime::IsShapeVariable(f, v) ? runtime::ScalarValue(r.shape_var_value)
                                                           : runtime::DefaultScalarValue(v);
  std::vector<te::Tensor> tensors = r.program->Arguments();
  std::vector<ir::Buffer> buffers = f.buffer_params();
  for (size_t i = 0; i < buffers.size(); ++i) {
    std::vector<int64_t> shape;
    for (const ir::Expr& dim : buffers[i]->shape) {
      auto c = ConstantWith(dim, r.shape_var_value);
      if (!c) return Error("the shape of '" + buffers[i]->name + "' is not a constant");
      shape.push_back(*c);
    }
    auto array = runtime::NDArray::Empty(shape, buffers[i]->dtype);
    if (!array.ok())
      return Error("cannot allocate '" + buffers[i]->name + "': " + array.error().message);
    array->FillRandom(1000 + i);
    bool output = false;
    if (i < tensors.size())
      for (const te::Operation& op : r.program->schedule->outputs) output |= op == tensors[i].op();
    out.buffers.push_back(*array);
    out.is_output.push_back(output);
  }
  return out;
}

void TakeChecks(const std::vector<reference::OutputCheck>& checks, RunResult& result) {
  result.checked = true;
  result.matches = true;
  for (const reference::OutputCheck& c : checks) {
    result.matches &= c.result.ok();
    result.max_abs_error = std::max(result.max_abs_error, c.result.max_abs_error);
  }
}

// A TensorIR document's outputs against its unscheduled function on the same inputs
// (`before`: the arrays as they were before the call), as `tessera-cli run --check`.
void CheckTir(const RunRequest& r, const Arrays& before, const Arrays& kernel, RunResult& result) {
  auto start = Clock::now();
  reference::TirArguments inputs{before.buffers,
                                 before.is_output,
                                 {before.scalars, {}, {}},
                                 r.program->tir_schedule->state().param_layouts()};
  auto expected =
      reference::TirExpectedOutputs(r.program->tir_original, r.program->tir_te_args, inputs);
  result.check_ms = Ms(start);
  if (!expected.ok()) {
    result.message = "the reference failed: " + expected.error().message;
    return;
  }
  TakeChecks(reference::CompareTirOutputs(r.program->tir_schedule->func(), inputs, kernel.buffers,
                                          *expected),
             result);
}

// The kernel's outputs against the te oracle (reference::CheckAgainstReference), which
// evaluates the compute definitions without the schedule: the same check as
// `tessera-cli run --check`.
// The oracle's answer is kept per workload (ReferenceCache), so only the first Run of
// an algorithm computes it.
void Check(const RunRequest& r, const Arrays& kernel, RunResult& result) {
  auto start = Clock::now();
  auto checks = CheckWithCachedReference(*r.program->schedule, r.program->Arguments(),
                                         kernel.buffers, kernel.scalars);
  result.check_ms = Ms(start);
  if (!checks.ok()) {
    result.message = "the reference failed: " + checks.error().message;
    return;
  }
  TakeChecks(checks->outputs, result);
  result.reference_reused = checks->reused;
}

// A kernel compiled for one target, behind one interface: a call on the arrays (the
// outputs written back into them) and `repeat` timed calls.
struct Compiled {
  std::string target;
  std::function<Status(Arrays&)> call;
  std::function<Result<std::vector<double>>(Arrays&, int repeat, const std::atomic<bool>&)> time;
};

Result<Compiled> CompileForCpu(const transform::PrimFunc& func) {
  auto built = runtime::BuildLLVM(func);
  if (!built.ok()) return built.error();
  auto kernel = std::make_shared<runtime::CompiledFunction>(std::move(*built));
  Compiled c;
  c.target = kernel->target;
  c.call = [kernel](Arrays& a) { return kernel->Call(a.buffers, a.scalars); };
  c.time = [kernel](Arrays& a, int repeat,
                    const std::atomic<bool>& cancel) -> Result<std::vector<double>> {
    auto bound = runtime::BindArguments(kernel->signature(), a.buffers, a.scalars);
    if (!bound.ok()) return bound.error();
    std::vector<double> times;
    for (int i = 0; i < repeat && !cancel; ++i) {
      auto start = Clock::now();
      if (Status st = kernel->CallBound(*bound); !st.ok()) return st.error();
      times.push_back(Ms(start));
    }
    return times;
  };
  return c;
}

// The GPU program is lowered again with the pipeline's CUDA passes: a te schedule's
// loops, or a TensorIR function through LowerTensorIR for "cuda" (LowerToFunction), as
// `tessera-cli run --target cuda` lowers them.
Result<Compiled> CompileForGpu(const script::ScriptProgram& program) {
  std::string why;
  if (!runtime::CudaAvailable(&why)) return Error("no CUDA GPU here (" + why + ")");
  ir::Stmt loops;
  if (!program.is_tensorir()) {
    auto scheduled = schedule::Lower(*program.schedule);
    if (!scheduled.ok()) return scheduled.error();
    loops = *scheduled;
  }
  auto lowered = LowerToFunction(program, loops, "cuda");
  if (!lowered.ok()) return lowered.error();
  if (program.is_tensorir())
    if (auto problem = reference::TirGpuKernelProblem(*lowered)) return Error(*problem);
  auto built = runtime::BuildCUDA(*lowered, runtime::CudaOptionsForDevice());
  if (!built.ok()) return built.error();
  auto module = std::make_shared<runtime::CudaModule>(std::move(*built));
  Compiled c;
  c.target = "CUDA " + module->arch();
  c.call = [module](Arrays& a) { return module->Call(a.buffers, a.scalars); };
  c.time = [module](Arrays& a, int repeat,
                    const std::atomic<bool>&) -> Result<std::vector<double>> {
    runtime::CudaRunOptions options;
    options.repeat = repeat;
    auto run = runtime::RunCUDA(*module, a.buffers, a.scalars, options);
    if (!run.ok()) return run.error();
    return run->times_ms;
  };
  return c;
}

RunResult Cancelled() {
  RunResult r;
  r.cancelled = true;
  r.message = "cancelled";
  return r;
}

RunResult Failed(RunResult r, const std::string& message) {
  r.message = message;
  return r;
}

void Summarize(const std::vector<double>& times, RunResult& result) {
  if (times.empty()) return;
  result.times_ms = times;
  result.min_ms = *std::min_element(times.begin(), times.end());
  result.median_ms = runner::MedianOf(times);
  result.max_ms = *std::max_element(times.begin(), times.end());
}

Result<Compiled> Compile(const script::ScriptProgram& program,
                         const transform::LoweredProgram& function, const std::string& target) {
  return target == "cuda" ? CompileForGpu(program) : CompileForCpu(function.func);
}

// The useful work of the te definition, as `tessera-cli profile` counts it; of a
// TensorIR document, its unscheduled function's (tir/FunctionFlops.h).
double DefinitionFlops(const script::ScriptProgram& program, const runtime::ScalarArgs& scalars) {
  if (program.is_tensorir())
    return tir::CountFunctionFlops(program.tir_original, runtime::IntegerValues(scalars));
  std::vector<te::Tensor> outputs;
  for (const te::Operation& op : program.schedule->outputs)
    for (int v = 0; v < op->num_outputs(); ++v) outputs.push_back(te::output_of(op, v));
  return te::CountWorkloadFlops(outputs, runtime::IntegerValues(scalars));
}

// The baseline version, compiled and given its own arrays, and called once (its warm-up).
struct Baseline {
  Compiled kernel;
  Arrays arrays;
};

Result<Baseline> PrepareBaseline(const RunRequest& r) {
  RunRequest b = r;
  b.program = r.baseline_program;
  b.function = r.baseline_function;
  auto kernel = Compile(*b.program, *b.function, r.target);
  if (!kernel.ok()) return Error("compiling it failed: " + kernel.error().message);
  auto arrays = MakeArrays(b);
  if (!arrays.ok()) return arrays.error();
  if (Status st = kernel->call(*arrays); !st.ok()) return Error("it failed: " + st.error().message);
  return Baseline{std::move(*kernel), std::move(*arrays)};
}

}  // namespace

double EstimatedPeakGflops() {
  double measured = runtime::HostMachinePeak().PeakGflops(0);
  if (measured > 0) return measured;
  double ghz = 3.0;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("cpu MHz", 0) == 0) {
      ghz = std::stod(line.substr(line.find(':') + 1)) / 1000.0;
      break;
    }
  // Two FMA units of 16 (AVX-512) or 8 (AVX2) float lanes, 2 flops per FMA.
  double per_cycle =
      __builtin_cpu_supports("avx512f") ? 64 : (__builtin_cpu_supports("avx2") ? 32 : 8);
  return runtime::PoolThreadCount() * ghz * per_cycle;
}

RunResult RunKernel(const RunRequest& r, const std::atomic<bool>& cancel,
                    const RunProgress& progress) {
  RunResult result;
  if (!r.program || !r.function || (!r.program->schedule && !r.program->is_tensorir()))
    return Failed(result, "nothing to run: the script has no lowered function");
  if (progress) progress(5, "compiling for " + r.target);
  auto start = Clock::now();
  auto kernel = Compile(*r.program, *r.function, r.target);
  if (!kernel.ok()) return Failed(result, "compilation failed: " + kernel.error().message);
  result.compile_ms = Ms(start);
  result.target = kernel->target;
  if (cancel) return Cancelled();
  auto arrays = MakeArrays(r);
  if (!arrays.ok()) return Failed(result, arrays.error().message);
  result.flops = DefinitionFlops(*r.program, arrays->scalars);
  if (progress) progress(20, "running");
  // A TensorIR check evaluates its reference on the inputs as they were before the call.
  std::optional<Arrays> before;
  if (r.check && IsTensorIR(r)) {
    before = *arrays;
    for (runtime::NDArray& b : before->buffers) b = b.Clone();
  }
  start = Clock::now();
  if (Status st = kernel->call(*arrays); !st.ok())
    return Failed(result, "the kernel failed: " + st.error().message);
  result.min_ms = result.median_ms = result.max_ms = Ms(start);
  if (r.check && !cancel && before) {
    if (progress) progress(30, "checking: running the unscheduled function on the same inputs");
    CheckTir(r, *before, *arrays, result);
    if (!result.message.empty()) return result;
  } else if (r.check && !cancel) {
    if (progress)
      progress(30, ReferenceIsCached(*r.program->schedule, r.program->Arguments(), arrays->buffers,
                                     arrays->scalars)
                       ? "checking: comparing with the kept reference"
                       : "checking: computing the reference (once per algorithm)");
    Check(r, *arrays, result);
    if (!result.message.empty()) return result;
  }
  if (r.repeat > 0 && !cancel) {
    std::optional<Baseline> baseline;
    if (r.baseline_program && r.baseline_function &&
        (r.baseline_program->schedule || r.baseline_program->is_tensorir())) {
      if (progress) progress(35, "compiling the version to compare with");
      auto prepared = PrepareBaseline(r);
      if (!prepared.ok())
        return Failed(result, "the version to compare with (v" +
                                  std::to_string(r.baseline_version) +
                                  "): " + prepared.error().message);
      baseline = std::move(*prepared);
    }
    if (progress) progress(40, baseline ? "timing in interleaved rounds" : "timing");
    auto time = [&](int which, int calls) {
      return which == 0 ? kernel->time(*arrays, calls, cancel)
                        : baseline->kernel.time(baseline->arrays, calls, cancel);
    };
    auto times =
        runner::MeasureInterleaved(baseline ? 2 : 1, runner::PlanInterleavedRounds(r.repeat), time,
                                   [&cancel] { return cancel.load(); });
    if (!times.ok()) return Failed(result, "the kernel failed: " + times.error().message);
    Summarize((*times)[0], result);
    if (baseline) {
      result.baseline_version = r.baseline_version;
      result.baseline_times_ms = (*times)[1];
    }
  }
  if (cancel) return Cancelled();
  if (result.median_ms > 0 && result.flops > 0)
    result.gflops = result.flops / (result.median_ms * 1e6);
  result.ok = true;
  if (progress) progress(100, "done");
  return result;
}

}  // namespace tessera::gui
