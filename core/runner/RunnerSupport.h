// What the Local and Slurm runners share: the work folder, the worker executable,
// request validation and the bookkeeping of which candidates are finished (a result file
// appeared), which failed for good, and which are left.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "runner/Runner.h"

namespace tessera::runner {

// `dir` created if needed and checked writable (a file is written and removed); a fresh
// folder under $TMPDIR named `prefix`-XXXXXX when `dir` is empty. nullopt + *error when not.
std::optional<std::string> PrepareWorkdir(const std::string& dir, const std::string& prefix,
                                          std::string* error);

// The folder PrepareWorkdir made when none was named, removed with what the workers
// wrote when its runner goes: nothing can resume from it, as the next runner makes one
// of its own. Empty (a folder the user named, theirs to keep): nothing is removed.
class MadeWorkdir {
 public:
  explicit MadeWorkdir(std::string path) : path_(std::move(path)) {}
  MadeWorkdir(const MadeWorkdir&) = delete;
  MadeWorkdir& operator=(const MadeWorkdir&) = delete;
  ~MadeWorkdir();

 private:
  std::string path_;
};

// The tessera-cli to run `measure` with: `given` when set (must be executable), else this
// process when it is tessera-cli, else tessera-cli next to this executable or on $PATH.
std::optional<std::string> ResolveWorker(const std::string& given, std::string* error);

// The last `max_chars` of a file (a worker's log, for failure messages), one line.
std::string LogTail(const std::string& path, size_t max_chars = 300);

// One Measure call's state: results by request index, which are still open.
class MeasureLedger {
 public:
  MeasureLedger(const std::vector<MeasureRequest>& requests, const MeasureCallbacks& callbacks,
                std::string workdir);

  // Records invalid or duplicate ids as failed, reads back results already in the
  // workdir (resume). Call once first.
  void Start();
  // Reads result files that appeared for open ids; true when any did.
  bool Collect();
  // Finishes an open id with a result the runner made (not written to the workdir when
  // `persist` is false: cancelled candidates are measured again on resume).
  void Finish(size_t index, MeasureResult result, bool persist);
  void FinishAllOpen(MeasureStatus status, const std::string& message, bool persist);

  bool open(size_t index) const { return !results_[index].has_value(); }
  std::vector<size_t> OpenIndices() const;
  size_t done() const { return done_; }
  size_t size() const { return requests_.size(); }
  const MeasureRequest& request(size_t i) const { return requests_[i]; }
  int& attempts(size_t i) { return attempts_[i]; }
  void Progress(int queued, int running) const;
  bool Cancelled() const { return callbacks_.cancelled && callbacks_.cancelled(); }
  std::vector<MeasureResult> Results() const;

 private:
  void Deliver(size_t index, MeasureResult result);

  const std::vector<MeasureRequest>& requests_;
  const MeasureCallbacks& callbacks_;
  std::string workdir_;
  std::vector<std::optional<MeasureResult>> results_;
  std::vector<int> attempts_;
  size_t done_ = 0;
};

}  // namespace tessera::runner
