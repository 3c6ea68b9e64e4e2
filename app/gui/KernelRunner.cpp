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
#include "runtime/ArgBinder.h"
#include "runtime/CpuCount.h"
#include "runtime/IRInterpreter.h"
#include "runtime/KernelArguments.h"
#include "runtime/LLVMModule.h"
#include "runtime/MachinePeak.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/CudaModule.h"
#include "schedule/Graph.h"
#include "schedule/ScheduleOps.h"
#include "te/Operation.h"

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

// Float operations in one evaluation of `e`; a reduction counts its combiner once and
// its source per reduction point (multiplied by the caller).
double FloatOps(const ir::Expr& e) {
  double ops = 0;
  ir::PostOrderVisit(e, [&](const ir::Expr& x) {
    bool arithmetic = ir::is_binary(x.kind()) && !ir::is_comparison(x.kind()) &&
                      x.kind() != ir::ExprKind::And && x.kind() != ir::ExprKind::Or;
    if (x.dtype().is_float() && (arithmetic || x.kind() == ir::ExprKind::Call))
      ops += x.dtype().lanes();
    if (x.kind() == ir::ExprKind::Reduce && x.dtype().is_float()) ops += 1;
  });
  return ops;
}

std::optional<double> Extent(const std::vector<ir::IterVar>& vars, int64_t value) {
  double n = 1;
  for (const ir::IterVar& iv : vars) {
    auto e = ConstantWith(iv->dom.extent, value);
    if (!e) return std::nullopt;
    n *= double(*e);
  }
  return n;
}

struct Arrays {
  std::vector<runtime::NDArray> buffers;
  std::vector<bool> is_output;
  runtime::ScalarArgs scalars;
};

Result<Arrays> MakeArrays(const RunRequest& r) {
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
  result.checked = true;
  result.matches = true;
  result.reference_reused = checks->reused;
  for (const reference::OutputCheck& c : checks->outputs) {
    result.matches &= c.result.ok();
    result.max_abs_error = std::max(result.max_abs_error, c.result.max_abs_error);
  }
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

// The GPU program is lowered again with the pipeline's CUDA passes.
Result<Compiled> CompileForGpu(const script::ScriptProgram& program) {
  std::string why;
  if (!runtime::CudaAvailable(&why)) return Error("no CUDA GPU here (" + why + ")");
  auto loops = schedule::Lower(*program.schedule);
  if (!loops.ok()) return loops.error();
  auto lowered = LowerToFunction(program, *loops, "cuda");
  if (!lowered.ok()) return lowered.error();
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

void Summarize(std::vector<double> times, RunResult& result) {
  if (times.empty()) return;
  std::sort(times.begin(), times.end());
  result.min_ms = times.front();
  result.median_ms = times[times.size() / 2];
  result.max_ms = times.back();
}

}  // namespace

double WorkloadFlops(const schedule::Schedule& sch, int64_t value) {
  double total = 0;
  schedule::ReadGraph g = schedule::CreateReadGraph(sch.outputs);
  for (const auto& [op, inputs] : g) {
    auto* c = dynamic_cast<const te::ComputeOpNode*>(op.get());
    if (!c) continue;
    auto points = Extent(c->axis, value);
    auto reduction = Extent(c->reduce_axis, value);
    if (!points || !reduction) return 0;
    for (const ir::Expr& body : c->body) {
      if (auto* r = body.as<ir::ReduceNode>()) {
        double per_point = 1;  // the combiner
        for (const ir::Expr& src : r->source) per_point += FloatOps(src);
        total += *points * *reduction * (r->source.empty() ? 0 : per_point);
      } else {
        total += *points * FloatOps(body);
      }
    }
  }
  return total;
}

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
  if (!r.program || !r.function || !r.program->schedule)
    return Failed(result, "nothing to run: the script has no lowered function");
  if (progress) progress(5, "compiling for " + r.target);
  auto start = Clock::now();
  auto kernel = r.target == "cuda" ? CompileForGpu(*r.program) : CompileForCpu(r.function->func);
  if (!kernel.ok()) return Failed(result, "compilation failed: " + kernel.error().message);
  result.compile_ms = Ms(start);
  result.target = kernel->target;
  result.flops = WorkloadFlops(*r.program->schedule, r.shape_var_value);
  if (cancel) return Cancelled();
  auto arrays = MakeArrays(r);
  if (!arrays.ok()) return Failed(result, arrays.error().message);
  if (progress) progress(20, "running");
  start = Clock::now();
  if (Status st = kernel->call(*arrays); !st.ok())
    return Failed(result, "the kernel failed: " + st.error().message);
  result.min_ms = result.median_ms = result.max_ms = Ms(start);
  if (r.check && !cancel) {
    if (progress)
      progress(30, ReferenceIsCached(*r.program->schedule, r.program->Arguments(), arrays->buffers,
                                     arrays->scalars)
                       ? "checking: comparing with the kept reference"
                       : "checking: computing the reference (once per algorithm)");
    Check(r, *arrays, result);
    if (!result.message.empty()) return result;
  }
  if (r.repeat > 0 && !cancel) {
    if (progress) progress(40, "timing");
    auto times = kernel->time(*arrays, r.repeat, cancel);
    if (!times.ok()) return Failed(result, "the kernel failed: " + times.error().message);
    Summarize(*times, result);
  }
  if (cancel) return Cancelled();
  if (result.median_ms > 0 && result.flops > 0)
    result.gflops = result.flops / (result.median_ms * 1e6);
  result.ok = true;
  if (progress) progress(100, "done");
  return result;
}

}  // namespace tessera::gui
