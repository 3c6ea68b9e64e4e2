// tessera-cli profile FILE [--target llvm|cuda] [--repeat N] [--json] [--var NAME=VALUE]...
// [--scalar NAME=VALUE]...
//
// Compiles the script's schedule, calls it once to warm up and then N times, and prints
// the minimum and median time, GFLOP/s (the useful work of the te definition,
// te/WorkloadFlops.h: not the scheduled program's operations, which would count
// over-computation and guards) and GB/s (bytes of all argument arrays moved once per call).
#include <algorithm>
#include <cstdio>
#include <ostream>

#include "CliCommon.h"
#include "CliFormat.h"
#include "Commands.h"
#include "Execution.h"
#include "RunnerOptions.h"
#include "ScriptLoading.h"
#include "TensorIRCommands.h"
#include "analysis/TrafficModel.h"
#include "codegen/LoopThroughput.h"
#include "runner/TimingStats.h"
#include "runtime/MachinePeak.h"
#include "runtime/Roofline.h"
#include "schedule/ScheduleOps.h"
#include "support/Json.h"
#include "te/WorkloadFlops.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli profile FILE [--target llvm|cuda] [--repeat N] [--json] [--var NAME=VALUE]...
                             [--scalar NAME=VALUE]... [--func NAME]

Compiles the script's schedule and times it on random inputs: one warm-up call, then N
timed calls. Prints the minimum and median time, GFLOP/s (the floating-point work of
the compute definitions: a multiply-add is 2 flops per reduction step and output
element; over-computation and guards do not count) and GB/s (bytes of the argument
arrays per call).

Options:
  --target T       llvm (default, the CPU) or cuda
  --repeat N       timed calls (default 10, at least 1)
  --json           print {"min_ms", "median_ms", "gflops", "gbps", "flops", "bytes", ...};
                   on the CPU also the roofline: "traffic_bytes" and "intensities" (flops
                   per byte) per memory level from the traffic model of the loop nest,
                   "ceilings" (peak GFLOP/s, measured bandwidth per level) and "bound_by",
                   and "mca": each innermost loop's static throughput (LLVM MCA: stage,
                   loop, cycles_per_iteration, bottleneck, instructions, cpu)
  --var NAME=N     the value of shape variable NAME (default 64; repeatable)
  --scalar NAME=V  the value of scalar parameter NAME (a te.var listed in tvm.lower's
                   arguments): an integer, a float or True/False (defaults as `run`'s:
                   1.5, 3, True); --json prints every scalar's value under "scalars"
  --func NAME      the function of a TensorIR module (@I.ir_module, sch.mod) to time;
                   needed when the module has several
  -h, --help       show this help

FILE may be a .tessera project: its saved target, shape variables and repeat count are the defaults.

Exit codes: 0 success, 1 bad script or failed run, 2 usage, 4 target not available.
)";

// The run's place on the CPU roofline: the traffic model of the schedule's loop program
// with the shape values of the run, the host's cached bandwidth ceilings and its peak.
std::optional<runtime::RooflinePoint> CpuRoofline(const script::ScriptProgram& program,
                                                  double flops, double seconds,
                                                  const std::map<std::string, int64_t>& vars) {
  auto loops = schedule::Lower(*program.schedule);
  if (!loops) return std::nullopt;
  const analysis::CacheHierarchy& caches = analysis::HostCacheHierarchy();
  analysis::FootprintOptions options;
  options.shape_values = vars;
  options.line_size = caches.line_bytes;
  auto traffic = analysis::EstimateTraffic(*loops, caches, options);
  if (!traffic) return std::nullopt;
  return runtime::MakeRooflinePoint(flops, seconds, *traffic, runtime::HostMemoryBandwidth(),
                                    runtime::HostMachinePeak().PeakGflops(0));
}

void WriteRoofline(JsonWriter& w, const runtime::RooflinePoint& p) {
  w.key("traffic_bytes").begin_object();
  for (const runtime::RooflineLevel& l : p.levels) w.key(l.level).value(l.bytes);
  w.end_object().key("intensities").begin_object();
  for (const runtime::RooflineLevel& l : p.levels) w.key(l.level).value(l.intensity);
  w.end_object().key("ceilings").begin_object().key("peak_gflops").value(p.peak_gflops);
  w.key("threads")
      .value(runtime::HostMemoryBandwidth().threads)
      .key("bandwidth_gbps")
      .begin_object();
  for (const runtime::RooflineLevel& l : p.levels) w.key(l.level).value(l.gbps);
  w.end_object().end_object().key("bound_by").value(p.bound_by);
}

void WriteThroughput(JsonWriter& w, const std::vector<codegen::LoopThroughput>& loops) {
  w.key("mca").begin_array();
  for (const codegen::LoopThroughput& t : loops)
    w.begin_object()
        .key("stage")
        .value(t.stage)
        .key("loop")
        .value(t.var)
        .key("cycles_per_iteration")
        .value(t.estimate.cycles_per_iteration)
        .key("bottleneck")
        .value(t.estimate.bottleneck)
        .key("busiest_resource")
        .value(t.estimate.busiest_resource)
        .key("instructions")
        .value(t.estimate.instructions)
        .key("cpu")
        .value(t.estimate.cpu)
        .end_object();
  w.end_array();
}

}  // namespace

int ProfileCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem = ParseArgs(
          argv,
          OptionSpec{WithRunnerOptions({"--target", "--repeat", "--var", "--scalar", "--func"}),
                     {"--json"}},
          &args))
    return UsageError("profile", *problem, err);
  if (args.help) {
    out << kHelp << "\nRunner options:\n" << kRunnerHelp;
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("profile", args.positional.empty() ? "missing FILE" : "expected one FILE",
                      err);
  std::optional<int64_t> given_repeat;
  if (args.has("--repeat")) {
    given_repeat = ParseInteger(args.value("--repeat", ""));
    if (!given_repeat || *given_repeat < 1 || *given_repeat > 1000000)
      return UsageError("profile", "--repeat expects an integer from 1 to 1000000", err);
  }
  std::map<std::string, int64_t> given_vars;
  if (auto problem = ParseVarValues(args.values("--var"), &given_vars))
    return UsageError("profile", *problem, err);
  runtime::ScalarArgs given_scalars;
  if (auto problem = ParseScalarValues(args.values("--scalar"), &given_scalars))
    return UsageError("profile", *problem, err);

  int code = kSuccess;
  // A project's saved settings are the defaults; the command line overrides them.
  project::TargetSettings settings;
  auto program = LoadScript("profile", args.positional[0], true, err, &code, &settings);
  if (!program) return code;
  if (int c = ChooseTensorIRFunction("profile", args, &*program, err)) return c;
  if (program->is_tensorir()) return TensorIRProfile(*program, args, out, err);
  std::string target = args.value("--target", settings.target);
  if (target != "llvm" && target != "cuda")
    return UsageError("profile", "unknown target '" + target + "' (expected llvm or cuda)", err);
  runtime::ScalarArgs vars(settings.vars.begin(), settings.vars.end());
  for (const auto& [name, value] : given_vars) vars[name] = value;
  for (const auto& [name, value] : given_scalars) vars[name] = value;
  const int64_t repeat_count = given_repeat ? *given_repeat : settings.repeat;
  if (repeat_count < 1 || repeat_count > 1000000) {
    err << "tessera-cli profile: the project's repeat count " << repeat_count
        << " is out of range (1 to 1000000)\n";
    return kBadInput;
  }
  if (args.has("--runner")) {
    auto integers = IntegerScalars(vars);
    if (!integers)
      return UsageError("profile",
                        "--runner passes integer values only; " + integers.error().message, err);
    return RunThroughRunner({.command = "profile",
                             .file = args.positional[0],
                             .target = target,
                             .vars = *integers,
                             .repeat = static_cast<int>(repeat_count),
                             .json = args.has("--json"),
                             .func = ""},  // a te script: its own function
                            *program, args, out, err);
  }
  auto lowered = LowerProgram(*program, target, err);
  if (!lowered) return kBadInput;
  if (auto problem = CheckScalarNames(lowered->func, given_scalars))
    return UsageError("profile", *problem, err);
  auto kernel = BuildKernel(*lowered, target, err, &code);
  if (!kernel) return code;
  auto arguments = MakeArguments(*program, lowered->func, vars, 1);
  if (!arguments) return UsageError("profile", arguments.error().message, err);
  auto measured = kernel->time(*arguments, static_cast<int>(repeat_count));
  if (!measured) {
    err << "tessera-cli profile: the kernel failed: " << measured.error().message << "\n";
    return kBadInput;
  }
  std::vector<double> times = std::move(measured.value());
  std::sort(times.begin(), times.end());
  double min_ms = times.front();
  double median_ms = runner::MedianOf(times);
  std::vector<te::Tensor> outputs;
  for (const te::Operation& op : program->schedule->outputs)
    for (int v = 0; v < op->num_outputs(); ++v) outputs.push_back(te::output_of(op, v));
  double flops = te::CountWorkloadFlops(outputs, arguments->IntegerValues());
  double bytes = 0;
  for (const runtime::NDArray& a : arguments->buffers) bytes += static_cast<double>(a.bytes());
  double seconds = median_ms / 1000.0;
  double gflops = seconds > 0 ? flops / seconds / 1e9 : 0.0;
  double gbps = seconds > 0 ? bytes / seconds / 1e9 : 0.0;
  std::optional<runtime::RooflinePoint> roofline;
  if (target == "llvm")
    roofline = CpuRoofline(*program, flops, seconds, arguments->IntegerValues());
  std::vector<codegen::LoopThroughput> throughput;
  if (target == "llvm")
    if (auto loops = codegen::EstimateLoopThroughput(lowered->func)) throughput = std::move(*loops);
  if (args.has("--json")) {
    JsonWriter w;
    w.begin_object()
        .key("target")
        .value(target)
        .key("repeat")
        .value(repeat_count)
        .key("min_ms")
        .value(min_ms)
        .key("median_ms")
        .value(median_ms)
        .key("flops")
        .value(static_cast<int64_t>(flops))
        .key("bytes")
        .value(static_cast<int64_t>(bytes))
        .key("gflops")
        .value(gflops)
        .key("gbps")
        .value(gbps)
        .key("compile_ms")
        .value(kernel->compile_ms);
    if (!arguments->scalars.values.empty()) {
      w.key("scalars").begin_object();
      for (const auto& [name, value] : arguments->scalars.values) {
        w.key(name);
        if (value.is_float())
          w.value(value.as_float());
        else
          w.value(value.as_int());
      }
      w.end_object();
    }
    if (roofline) WriteRoofline(w, *roofline);
    if (target == "llvm") WriteThroughput(w, throughput);
    w.end_object();
    out << w.str() << "\n";
    return kSuccess;
  }
  out << lowered->func.name << " on " << kernel->target << ", " << repeat_count << " runs\n";
  PrintTimingBlock(out, min_ms, median_ms, gflops, flops, gbps, bytes);
  if (roofline) {
    out << "  roofline:";
    for (const runtime::RooflineLevel& l : roofline->levels)
      out << " " << l.level << " " << Fixed(l.intensity, 2) << " flop/B (ceiling "
          << Fixed(l.attainable_gflops, 1) << ")";
    out << (roofline->bound_by.empty() ? "; above every ceiling"
                                       : "; bound by " + roofline->bound_by)
        << "\n";
  }
  for (const codegen::LoopThroughput& t : throughput)
    out << "  mca " << t.stage << "." << t.var << ": " << t.estimate.Describe() << "\n";
  return kSuccess;
}

}  // namespace tessera::cli
