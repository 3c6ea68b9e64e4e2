// MeasureBatch: the node side of a measurement — what `tessera-cli measure BATCH --out DIR`
// runs where it is started (this machine's worker process, or a cluster node inside a
// Slurm job). For each request it parses the script, lowers and compiles the schedule for
// this machine, warms up, times `repeat` runs, checks against the te oracle when asked,
// and writes one self-describing result file DIR/<id>.result.json (MeasureResult::ToJson,
// this machine's signature included) atomically: a temporary file renamed into place,
// so a reader sees a whole result or none.
//
// Isolation: each candidate is measured in a forked child process, so a candidate that
// crashes (segfault, abort) or hangs cannot take the batch down; the parent kills a child
// that exceeds the request's timeout in one phase (build, timed runs, check) and records
// the candidate as Timeout or Crashed with the reason.
//
// Timing runs never overlap between processes on one machine, nor with another process's
// build or oracle check (HostLocks.h: flocks in DIR named by host); builds and checks run
// in parallel with each other. Each result gives its phases' windows (Runner.h).
//
// Resume: a request whose result file already exists in DIR is read back, not measured.
//
// Batch file (JSON), written by the runners and read by `tessera-cli measure`:
//   {"format": "tessera-measure-batch", "version": 1,
//    "requests": [{"id": "c0", "script": "...", "target": "llvm",
//                  "shape_vars": {"n": 1024}, "warmup": 1, "min_warmup_ms": 10,
//                  "repeat": 10, "check": false, "timeout_s": 60}, ...]}
// A bare JSON array of request objects is accepted too. Only "id" and "script" are
// required; the others default as in MeasureRequest ("func": a TensorIR module's
// function, as `tessera-cli run --func`).
//
// Test hook: a request's "test_fault" ("abort", "segfault", "hang") makes the child abort,
// die of SIGSEGV (default action), or sleep forever where its timed runs would start (holding
// the timing lock) — real crashes and hangs for the tests of the isolation and timeout
// paths. Never set it otherwise.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "runner/Runner.h"
#include "support/Result.h"

namespace tessera {
class JsonWriter;
struct JsonValue;
}  // namespace tessera

namespace tessera::runner {

// Ids name files: 1 to 200 characters from [A-Za-z0-9_.-], not "." or "..".
bool IsValidMeasureId(std::string_view id);

void WriteRequestJson(JsonWriter& writer, const MeasureRequest& request);
std::optional<MeasureRequest> RequestFromJsonValue(const JsonValue& value, std::string* error);
void WriteResultJson(JsonWriter& writer, const MeasureResult& result);
std::optional<MeasureResult> ResultFromJsonValue(const JsonValue& value, std::string* error);

// The batch file's text for `requests`, and back (errors name the file and the request).
std::string BatchToJson(const std::vector<MeasureRequest>& requests);
Result<std::vector<MeasureRequest>> ParseBatch(std::string_view text, const std::string& file);
Result<std::vector<MeasureRequest>> ReadBatchFile(const std::string& path);

// DIR/<id>.result.json
std::string ResultPath(const std::string& dir, const std::string& id);
// Writes `text` to a temporary file next to `path`, flushes it and renames it to `path`.
Status WriteFileAtomically(const std::string& path, const std::string& text);
// The result in `path`; nullopt when there is none (or it is unreadable, *error says why).
std::optional<MeasureResult> ReadResultFile(const std::string& path, std::string* error = nullptr);

// Where a measurement is: the parent of an isolated child reads it to time each phase.
enum class MeasurePhase : int { Starting = 0, Building, WaitingForLock, Timing, Checking, Done };

// Measures one request in this process (no isolation); `phase`, when given, is set as
// the work moves on. `lock_dir` holds the timing lock ("" = no lock).
MeasureResult MeasureOne(const MeasureRequest& request, const std::string& lock_dir,
                         volatile int* phase = nullptr, double lock_wait_limit_s = 3600);

struct MeasureBatchOptions {
  std::string out_dir;  // must exist and be writable
  std::function<void(const MeasureResult&)> on_result;
  double lock_wait_limit_s = 3600;  // a timing lock held longer than this fails the candidate
};

// Measures every request without a result file in options.out_dir, each in a forked
// child, and writes their results. All results (read back or new), in request order.
// Errors: the folder is not writable; a child was killed from outside (SIGKILL/SIGTERM
// not sent by the batch: the job is being torn down) — its candidate is left without a
// result so that the runner measures it again.
Result<std::vector<MeasureResult>> MeasureBatch(const std::vector<MeasureRequest>& requests,
                                                const MeasureBatchOptions& options);

}  // namespace tessera::runner
