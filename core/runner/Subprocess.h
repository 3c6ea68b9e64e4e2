// Subprocess: child processes for the runners — a worker started with fork/exec in its
// own process group (so that killing it kills what it started), and short commands
// (sbatch, squeue, scontrol) run with a deadline and their output captured. Nothing here
// waits without a deadline.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace tessera::runner {

// Whether an executable named `name` is on $PATH (or `name` is an executable path).
std::optional<std::string> FindExecutable(const std::string& name);

class Subprocess {
 public:
  Subprocess() = default;
  ~Subprocess();  // kills the process group if it still runs
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Starts argv[0] (a path) with stdout and stderr appended to `log_path` ("" = /dev/null).
  // False and *error when it cannot start (fork failed, not executable: exit 127 reported
  // by Poll).
  bool Start(const std::vector<std::string>& argv, const std::string& log_path, std::string* error);
  // True once the process has ended; then exit_code() or signal() says how.
  bool Poll();
  // SIGKILLs the whole process group and reaps the process.
  void Kill();
  bool running() const { return pid_ > 0 && !ended_; }
  int exit_code() const { return exit_code_; }  // -1 when killed by a signal
  int signal() const { return signal_; }        // 0 when it exited
  // "exited with status N" / "was killed by signal N (Name)".
  std::string Describe() const;

 private:
  pid_t pid_ = -1;
  bool ended_ = false;
  int exit_code_ = -1;
  int signal_ = 0;
};

struct CommandOutput {
  bool started = false;    // false: could not run it at all (message in output)
  bool timed_out = false;  // killed at the deadline
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs argv (argv[0] looked up on $PATH) with stdin from /dev/null, killing it after
// `timeout_s`.
CommandOutput RunCommand(const std::vector<std::string>& argv, double timeout_s);

}  // namespace tessera::runner
