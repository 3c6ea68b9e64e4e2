// RunIsolated: runs one piece of benchmark work in a forked child process with a time and
// an address-space limit, so that a reference that blows up (an autoscheduler searching
// for many minutes, an internal error that aborts, memory without bound) is reported and
// skipped instead of taking the benchmark, or the shared machine, down with it. The child
// returns a line of text through a pipe; the parent waits at most `timeout_s`, then kills
// it. The child must not use thread pools the parent started (it gets none of their
// threads): it builds and times its own kernel.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace tessera::bench {

struct IsolatedResult {
  bool ok = false;      // the child exited normally and wrote its text
  std::string text;     // what the work returned (ok)
  std::string failure;  // "did not finish within 120 s", "killed by signal 6", ...
  double seconds = 0;   // how long the child ran
};

IsolatedResult RunIsolated(const std::function<std::string()>& work, double timeout_s,
                           uint64_t memory_limit_bytes);

}  // namespace tessera::bench
