// tessera-cli measure BATCH.json [--out DIR] [--json]
//
// The node side of a measurement (core/runner/MeasureBatch.h): measures every candidate
// of a batch file here — on this machine, or on the cluster node a Slurm job runs it on —
// and writes one JSON result per candidate into DIR. The runners start it; people use it
// to measure a batch by hand.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <ostream>

#include "CliCommon.h"
#include "Commands.h"
#include "RunnerOptions.h"
#include "runner/MachineSignature.h"
#include "runner/MeasureBatch.h"

namespace tessera::cli {

namespace {

constexpr const char* kHelp =
    R"(Usage: tessera-cli measure BATCH.json [--out DIR] [--json]
       tessera-cli measure BATCH.json --runner local|slurm [--parallel N] [runner options]
       tessera-cli measure --signature OUT.json

Measures every candidate of a batch here: compiles it for this machine (or its GPU with
"target": "cuda"), warms up, times the runs, checks against the te oracle when the
request asks, and writes DIR/<id>.result.json (atomically) with this machine's signature.
Each candidate runs in its own process: a crash or a hang (past the request's timeout) is
recorded as "crashed" or "timeout" and the batch goes on. Candidates that already have a
result file in DIR are not measured again. Timed runs of several measure processes on one
machine never overlap (a lock file in DIR).

BATCH.json: {"format": "tessera-measure-batch", "version": 1, "requests": [
  {"id": "c0", "script": "<a te program with a schedule>", "target": "llvm",
   "shape_vars": {"n": 1024}, "warmup": 1, "min_warmup_ms": 0, "repeat": 10,
   "check": false, "timeout_s": 60}]}
(or just the array of requests; only "id" and "script" are required). "min_warmup_ms"
keeps warming up past "warmup" calls until the warm-up lasted that long (0: "warmup" calls
only), so that a short kernel is timed once its first, slower calls are over.

With --runner the batch is not measured here but handed to that runner (worker
processes, or Slurm job arrays with at most N array tasks per round), and a last line
says how many candidates were measured per minute.

--signature writes this machine's signature (CPU model, ISA features, cores, hostname, GPU)
to OUT.json atomically and prints it: what a runner asks a cluster node before tuning there.

Options:
  --out DIR       where the results go (default: the batch file's folder; created if missing)
  --json          print each result as one JSON line (otherwise one summary line each)
  --parallel N    with --runner: worker processes / array tasks (default: the cores / 64)
  -h, --help      show this help

Exit codes: 0 every candidate measured (whatever its status), 1 bad batch file or a
candidate killed from outside (the batch stops there), 2 usage, 4 the output folder
cannot be written.
)";

// The batch handed to a runner; prints the results as they arrive and the throughput.
int MeasureThroughRunner(const ParsedArgs& args,
                         const std::vector<runner::MeasureRequest>& requests,
                         const std::string& out_dir,
                         const std::function<void(const runner::MeasureResult&)>& print,
                         std::ostream& out, std::ostream& err) {
  runner::RunnerOptions options = RunnerOptionsFromArgs(args);
  if (options.kind != "local" && options.kind != "slurm")
    return UsageError("measure", "unknown runner '" + options.kind + "' (expected local or slurm)",
                      err);
  if (args.has("--parallel")) {
    auto n = ParseInteger(args.value("--parallel"));
    if (!n || *n < 1 || *n > 4096)
      return UsageError("measure", "--parallel expects an integer from 1 to 4096", err);
    options.parallel_builds = static_cast<int>(*n);
  }
  if (options.workdir.empty()) options.workdir = out_dir;
  options.poll_s = 0.1;
  std::string problem;
  auto made = runner::MakeRunner(options, &problem);
  if (!made) {
    err << "tessera-cli measure: not available: " << problem << "\n";
    return kUnavailable;
  }
  runner::MeasureCallbacks callbacks;
  callbacks.on_result = print;
  auto start = std::chrono::steady_clock::now();
  auto results = made->Measure(requests, callbacks);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!args.has("--json")) {
    int ok = 0;
    for (const auto& r : results) ok += r.status == runner::MeasureStatus::Ok ? 1 : 0;
    char line[256];
    std::snprintf(
        line, sizeof line,
        "measured %zu candidates (%d ok) in %.2f s with the %s runner: %.1f trials/minute\n",
        results.size(), ok, seconds, made->Name().c_str(),
        seconds > 0 ? 60.0 * static_cast<double>(results.size()) / seconds : 0.0);
    out << line;
  }
  return kSuccess;
}

}  // namespace

int MeasureCommand(const Argv& argv, std::ostream& out, std::ostream& err) {
  ParsedArgs args;
  if (auto problem = ParseArgs(
          argv, OptionSpec{WithRunnerOptions({"--out", "--parallel", "--signature"}), {"--json"}},
          &args))
    return UsageError("measure", *problem, err);
  if (args.help) {
    out << kHelp << "\nRunner options:\n" << kRunnerHelp;
    return kSuccess;
  }
  if (args.has("--signature")) {
    if (!args.positional.empty()) return UsageError("measure", "--signature takes no BATCH", err);
    const std::string json = runner::ReadMachineSignature().ToJson();
    if (Status st = runner::WriteFileAtomically(args.value("--signature"), json + "\n"); !st) {
      err << "tessera-cli measure: not available: " << st.error().message << "\n";
      return kUnavailable;
    }
    out << json << "\n";
    return kSuccess;
  }
  if (args.positional.size() != 1)
    return UsageError("measure", args.positional.empty() ? "missing BATCH" : "expected one BATCH",
                      err);
  auto requests = runner::ReadBatchFile(args.positional[0]);
  if (!requests) {
    err << (requests.error().loc.line > 0 ? requests.error().format()
                                          : "tessera-cli measure: " + requests.error().message)
        << "\n";
    return kBadInput;
  }
  std::filesystem::path batch_dir = std::filesystem::path(args.positional[0]).parent_path();
  std::string out_dir = args.value("--out", batch_dir.empty() ? "." : batch_dir.string());
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  const bool json = args.has("--json");
  runner::MeasureBatchOptions options;
  options.out_dir = out_dir;
  options.on_result = [&](const runner::MeasureResult& r) {
    if (json) {
      out << r.ToJson() << "\n";
    } else {
      out << r.id << ": " << runner::MeasureStatusName(r.status);
      if (r.status == runner::MeasureStatus::Ok)
        out << ", median " << r.median_ms << " ms, " << r.gflops << " GFLOP/s";
      else
        out << ": " << r.message;
      out << "\n";
    }
    out.flush();
  };
  if (args.has("--runner"))
    return MeasureThroughRunner(args, *requests, out_dir, options.on_result, out, err);
  out.flush();  // the batch forks a child per candidate: nothing buffered may be duplicated
  err.flush();
  // The folder is checked first: the only error a batch then reports is a candidate
  // killed from outside (the job is being torn down), which is a failed run.
  if (std::filesystem::path probe = out_dir;
      !std::filesystem::is_directory(probe, ec) || access(out_dir.c_str(), W_OK) != 0) {
    err << "tessera-cli measure: not available: the output folder '" << out_dir
        << "' cannot be written\n";
    return kUnavailable;
  }
  auto results = runner::MeasureBatch(*requests, options);
  if (!results) {
    err << "tessera-cli measure: " << results.error().message << "\n";
    return kBadInput;
  }
  return kSuccess;
}

}  // namespace tessera::cli
