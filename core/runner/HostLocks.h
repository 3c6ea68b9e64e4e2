// HostLocks: keeps a timed run alone on its machine. Timings of one machine never overlap
// each other, nor a build or an oracle check: on a small machine a worker compiling the
// next candidate takes a core from the kernel another worker times, so a candidate's
// time would depend on what the other worker was doing. MetaSchedule's
// LocalBuilder/LocalRunner avoid it by building a whole
// batch before running any of it; here the workers keep building in parallel with each
// other but pause for a timing.
//
// Two flock(2) files in the runner's folder, named by host (a cluster node has its own):
//   gate  .timing-<host>.lock  exclusive while a process times; shared for a moment by a
//                              process about to build (so builds wait at the gate while a
//                              timing waits or runs: a timing cannot be starved by a
//                              stream of overlapping builds)
//   busy  .busy-<host>.lock    shared while a process builds or checks; exclusive while
//                              one times (it waits for the builds already running)
// Locks are polled, never waited on without a bound, and released by closing the files
// (also when the process dies).
#pragma once

#include <string>

namespace tessera::runner {

class HostLocks {
 public:
  // `dir` "" = no locks (every call succeeds at once); `host` names the files
  // (MachineSignature::hostname of the measuring process).
  HostLocks(const std::string& dir, const std::string& host);
  ~HostLocks();
  HostLocks(const HostLocks&) = delete;
  HostLocks& operator=(const HostLocks&) = delete;

  // Building or checking: waits (at most `limit_s`) while a timing waits or runs.
  bool BeginBusy(double limit_s);
  void EndBusy();
  // Timing: waits (at most `limit_s`) for the other timings and for the builds running.
  bool BeginQuiet(double limit_s);
  void EndQuiet();

  const std::string& error() const { return error_; }

 private:
  bool Lock(int fd, int operation, double limit_s, const char* what);
  bool Open();

  std::string gate_path_, busy_path_;  // both "" without locks
  int gate_ = -1, busy_ = -1;
  std::string error_;
};

}  // namespace tessera::runner
