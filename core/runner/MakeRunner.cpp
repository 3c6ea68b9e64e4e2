#include "runner/LocalRunner.h"
#include "runner/Runner.h"
#include "runner/SlurmRunner.h"

namespace tessera::runner {

std::unique_ptr<Runner> MakeRunner(const RunnerOptions& options, std::string* error) {
  if (options.kind == "local") return LocalRunner::Create(options, error);
  if (options.kind == "slurm") return SlurmRunner::Create(options, error);
  if (error) *error = "unknown runner '" + options.kind + "' (expected local or slurm)";
  return nullptr;
}

}  // namespace tessera::runner
