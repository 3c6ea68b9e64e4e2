#include "RunnerOptions.h"

#include <cstdio>

#include "CliFormat.h"
#include "project/ProjectFile.h"
#include "runner/Runner.h"
#include "support/Json.h"

namespace tessera::cli {

const char* const kRunnerHelp =
    R"(  --runner R       local (worker processes here) or slurm (a job on the cluster; the
                   result comes from the node that ran it, with its machine signature)
  --partition P    Slurm partition        --gres G      e.g. gpu:1
  --time T         Slurm time limit       --account A   Slurm account
  --workdir DIR    the run's folder (for Slurm shared with the nodes); a run started
                   again on it resumes. Default: a new folder under $TMPDIR, removed
                   when the run ends
  --slurm-extra S  more sbatch options, separated by spaces
)";

std::vector<std::string> WithRunnerOptions(std::vector<std::string> valued) {
  for (const char* o :
       {"--runner", "--partition", "--gres", "--time", "--account", "--workdir", "--slurm-extra"})
    valued.push_back(o);
  return valued;
}

runner::RunnerOptions RunnerOptionsFromArgs(const ParsedArgs& args) {
  runner::RunnerOptions options;
  options.kind = args.value("--runner", "local");
  options.partition = args.value("--partition");
  options.gres = args.value("--gres");
  options.time_limit = args.value("--time");
  options.account = args.value("--account");
  options.workdir = args.value("--workdir");
  options.extra = args.value("--slurm-extra");
  return options;
}

namespace {

// The whole script text of FILE (a project's script, an example or a script file).
std::optional<std::string> ScriptText(const std::string& arg, std::string* problem) {
  auto path = ResolveScript(arg);
  if (!path) {
    *problem = "cannot open '" + arg + "'";
    return std::nullopt;
  }
  if (!project::IsProjectPath(path->string())) return ReadFile(*path, problem);
  auto loaded = project::LoadProject(path->string());
  if (!loaded) {
    *problem = loaded.error().format();
    return std::nullopt;
  }
  return loaded->script;
}

// A stable id for the measurement (FNV-1a of everything it depends on): the same command
// on the same --workdir reads its result back, a changed script is measured anew.
std::string RequestId(const RunnerJob& job, const std::string& script) {
  std::string key = job.command + "\n" + job.target + "\n" + std::to_string(job.repeat) + "\n" +
                    (job.check ? "check" : "") + "\n" + job.func + "\n" + script;
  for (const auto& [name, value] : job.vars) key += "\n" + name + "=" + std::to_string(value);
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return job.command + "-" + buf;
}

}  // namespace

int RunThroughRunner(const RunnerJob& job, const script::ScriptProgram& program,
                     const ParsedArgs& args, std::ostream& out, std::ostream& err) {
  const std::string prefix = "tessera-cli " + job.command + ": ";
  runner::RunnerOptions options = RunnerOptionsFromArgs(args);
  options.parallel_builds = 1;
  options.poll_s = 0.2;
  if (options.kind != "local" && options.kind != "slurm")
    return UsageError(job.command,
                      "unknown runner '" + options.kind + "' (expected local or slurm)", err);
  if (job.target != "llvm" && job.target != "cuda")
    return UsageError(job.command,
                      "--runner measures the llvm or cuda target, not '" + job.target + "'", err);
  std::string problem;
  auto text = ScriptText(job.file, &problem);
  if (!text) {
    err << prefix << problem << "\n";
    return kBadInput;
  }
  auto made = runner::MakeRunner(options, &problem);
  if (!made) {
    err << prefix << "not available: " << problem << "\n";
    return kUnavailable;
  }
  runner::MeasureRequest request;
  request.id = RequestId(job, *text);
  request.script = *text;
  request.target = job.target;
  request.shape_vars = job.vars;
  request.repeat = job.repeat;
  request.check = job.check;
  request.func = job.func;
  auto results = made->Measure({request}, {});
  const runner::MeasureResult& r = results.front();
  using runner::MeasureStatus;
  if (r.status != MeasureStatus::Ok && r.status != MeasureStatus::CheckFailed) {
    err << prefix << (r.status == MeasureStatus::Unavailable ? "not available: " : "")
        << runner::MeasureStatusName(r.status) << " on "
        << (r.machine.hostname.empty() ? "?" : r.machine.hostname) << ": " << r.message << "\n";
    if (r.status == MeasureStatus::Unavailable) return kUnavailable;
    return kBadInput;
  }
  const std::string where =
      r.machine.hostname + " (" + r.machine.cpu_model + ", " + made->Name() + " runner)";
  // The node's counts: it knows the shape values it used (defaults included).
  const double bytes = r.bytes;
  const double flops = r.flops;
  const double gbps = r.median_ms > 0 ? bytes / (r.median_ms * 1e6) : 0.0;
  if (job.command == "profile") {
    if (job.json) {
      JsonWriter w;
      w.begin_object()
          .key("target")
          .value(job.target)
          .key("repeat")
          .value(job.repeat)
          .key("min_ms")
          .value(r.min_ms)
          .key("median_ms")
          .value(r.median_ms)
          .key("flops")
          .value(static_cast<int64_t>(flops))
          .key("bytes")
          .value(static_cast<int64_t>(bytes))
          .key("gflops")
          .value(r.gflops)
          .key("gbps")
          .value(gbps)
          .key("compile_ms")
          .value(r.build_ms)
          .key("runner")
          .value(made->Name())
          .key("machine");
      r.machine.WriteJson(w);
      w.end_object();
      out << w.str() << "\n";
      return kSuccess;
    }
    out << "main on " << where << ", " << job.repeat << " runs\n";
    PrintTimingBlock(out, r.min_ms, r.median_ms, r.gflops, flops, gbps, bytes);
    return kSuccess;
  }
  out << "main on " << where << ": compiled in " << r.build_ms << " ms, ran in " << r.median_ms
      << " ms\n";
  if (!job.check) return kSuccess;
  out << "check against the reference (reference: te oracle, on the node): max abs error "
      << r.max_error << "\n";
  if (r.status == MeasureStatus::CheckFailed) {
    out << "  " << r.message << "\n";
    err << prefix << "--check found a mismatch\n";
    return kCheckFailed;
  }
  return kSuccess;
}

}  // namespace tessera::cli
