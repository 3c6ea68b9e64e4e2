// `run` and `profile` through a runner (core/runner): `--runner local|slurm` with the Slurm
// options measures the script's schedule where the runner puts it (a cluster node) and
// prints what the local command prints, from the node's result.
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "CliCommon.h"
#include "runner/Runner.h"
#include "script/Evaluator.h"

namespace tessera::cli {

// `valued` and the runner's valued options `--runner`, `--partition`, `--gres`, `--time`,
// `--account`, `--workdir`, `--slurm-extra`, for a command's OptionSpec.
std::vector<std::string> WithRunnerOptions(std::vector<std::string> valued);

// The runner the options name (kind, Slurm options, work folder); not yet checked.
runner::RunnerOptions RunnerOptionsFromArgs(const ParsedArgs& args);

// The options' help text (appended to run's and profile's help).
extern const char* const kRunnerHelp;

struct RunnerJob {
  std::string command;  // "run" or "profile"
  std::string file;     // FILE as given
  std::string target;
  std::map<std::string, int64_t> vars;
  int repeat = 1;
  bool check = false;
  bool json = false;
  std::string func{};  // a TensorIR module's function (--func); "" = the script's own
};

// Measures `job` through the runner the options name and prints the result as the local
// command would. `program` is the script as the command loaded it (its errors were
// reported before a job is submitted); the counts printed are the node's. Exit codes as the local
// command: 1 build or run failure, 3 --check mismatch, 4 the runner (Slurm) or the target not
// available.
int RunThroughRunner(const RunnerJob& job, const script::ScriptProgram& program,
                     const ParsedArgs& args, std::ostream& out, std::ostream& err);

}  // namespace tessera::cli
