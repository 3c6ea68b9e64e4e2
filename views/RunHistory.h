// RunHistory: the schedule versions a document has run or profiled, and every Run and
// Profile with its verdict and numbers.
// A version is the script (the trace as a script) at the moment it ran. Versions are
// never removed: undoing and scheduling differently starts a branch, and the old
// branch stays reachable from the run log. Plain C++ (no Qt), so it is tested alone
// and saved in projects by the application.
#pragma once

#include <string>
#include <vector>

#include "runner/TimingStats.h"

namespace tessera::views {

// The timed calls of one run, kept so that every comparison is made from samples
// (runner/TimingStats.h). A Profile also times the version it is compared with (the
// target's first profiled version) in the same interleaved rounds, when that differs.
struct TimedCalls {
  std::vector<double> times_ms;  // every timed call, in measurement order
  int baseline_version = 0;      // the version timed alongside (0: none)
  std::vector<double> baseline_times_ms;

  bool empty() const { return times_ms.empty(); }
  // The median and its confidence interval (unknown without calls: an older project).
  runner::MedianInterval interval() const { return runner::MedianConfidenceInterval(times_ms); }
};

struct ScheduleVersion {
  int id = 0;      // v1, v2, ... in the order first recorded
  int parent = 0;  // the recorded version whose trace this one extends (0 = none)
  std::string script;
  std::vector<std::string> trace;  // one line per primitive, in order
};

// One Run (kind "run", checked against the reference) or Profile (kind "profile", timed).
struct RunRecord {
  int version = 0;
  std::string kind;     // "run" | "profile"
  std::string target;   // where it ran, as the runner names it ("CPU", "CUDA sm_90")
  bool ok = false;      // compiled and ran (a failed check is still ok)
  std::string message;  // why it failed, when !ok
  bool checked = false;
  bool matches = false;  // the check passed (only meaningful when checked)
  double max_error = 0;
  double compile_ms = 0;
  double min_ms = 0, median_ms = 0, max_ms = 0;  // over the timed calls
  double gflops = 0;                             // at the median time
  std::string when;                              // ISO 8601, UTC
  TimedCalls calls;

  bool failedCheck() const { return ok && checked && !matches; }
};

class RunHistory {
 public:
  // The version whose script is `script`, recorded now if it is new; returns its id.
  // Its parent is the recorded version with the longest trace that is a prefix of
  // `trace` (the latest such one when several tie).
  int record(const std::string& script, const std::vector<std::string>& trace);
  void add(RunRecord run) { runs_.push_back(std::move(run)); }
  // Restores a saved history (a project); versions and runs keep their ids.
  void restore(std::vector<ScheduleVersion> versions, std::vector<RunRecord> runs);
  void clear();

  const std::vector<ScheduleVersion>& versions() const { return versions_; }
  const std::vector<RunRecord>& runs() const { return runs_; }
  const ScheduleVersion* find(int id) const;
  // The version recorded for exactly `script`, or 0.
  int versionOf(const std::string& script) const;
  // "v3" plus what it added to its parent ("v3 split(C, i, factor=32)"), or "v3 default".
  std::string label(int id) const;
  // The versions from the root to `id`, root first.
  std::vector<int> lineage(int id) const;

 private:
  std::vector<ScheduleVersion> versions_;
  std::vector<RunRecord> runs_;
};

// How much faster a run of version `later` is than a run of version `earlier` — the one
// rule of the Profile chart and header, Compare and the run log. When either run timed
// the other's version in the same interleaved rounds, those rounds' calls are compared;
// otherwise each run's own calls (`interleaved` false). Without calls on a side (a run
// saved before calls were kept) the speed-up comes from the medians and the verdict is
// unknown.
struct VersionRun {
  int version = 0;
  double median_ms = 0;
  const TimedCalls* calls = nullptr;
};
runner::TimingComparison CompareVersionRuns(const VersionRun& earlier, const VersionRun& later);

}  // namespace tessera::views
