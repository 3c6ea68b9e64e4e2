// RunHistory: the schedule versions a document has run or profiled, and every Run and
// Profile with its verdict and numbers.
// A version is the script (the trace as a script) at the moment it ran. Versions are
// never removed: undoing and scheduling differently starts a branch, and the old
// branch stays reachable from the run log. Plain C++ (no Qt), so it is tested alone
// and saved in projects by the application.
#pragma once

#include <string>
#include <vector>

namespace tessera::views {

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

  bool failedCheck() const { return ok && checked && !matches; }
  // The spread of the timed calls relative to the median ((max - min) / median); 0 when
  // there was a single call.
  double relativeSpread() const;
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

// Whether two timings differ by no more than their measured noise: the gap between the
// medians is within the larger of the two spreads (max - min of the timed calls), or
// within 3% when a spread is unknown.
bool WithinNoise(const RunRecord& a, const RunRecord& b);

}  // namespace tessera::views
