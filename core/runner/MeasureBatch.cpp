#include "runner/MeasureBatch.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "support/Json.h"
#include "support/JsonReader.h"

namespace tessera::runner {

namespace {

constexpr const char* kBatchFormat = "tessera-measure-batch";

std::optional<std::string> ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

std::string SignalName(int sig) {
  const char* d = strsignal(sig);
  return "signal " + std::to_string(sig) + (d ? std::string(" (") + d + ")" : "");
}

std::string PhaseName(MeasurePhase p) {
  switch (p) {
    case MeasurePhase::Starting:
      return "starting";
    case MeasurePhase::Building:
      return "the build";
    case MeasurePhase::WaitingForLock:
      return "waiting for the timing lock";
    case MeasurePhase::Timing:
      return "the timed runs";
    case MeasurePhase::Checking:
      return "the check against the reference";
    case MeasurePhase::Done:
      return "writing the result";
  }
  return "?";
}

// A result the parent writes for a child that did not write its own.
MeasureResult FailedResult(const MeasureRequest& r, MeasureStatus status, std::string message) {
  MeasureResult m;
  m.id = r.id;
  m.status = status;
  m.message = std::move(message);
  m.attempts = 1;
  m.machine = ReadMachineSignature();
  return m;
}

// Runs MeasureOne for `r` in a forked child and waits for it, killing it when one phase
// outlasts the request's timeout. The child writes its own result file; the parent
// writes one when the child could not.
MeasureResult MeasureIsolated(const MeasureRequest& r, const MeasureBatchOptions& options,
                              const std::string& path, bool* killed_from_outside) {
  // The child's phase, shared with the parent.
  void* shared =
      mmap(nullptr, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED)
    return FailedResult(r, MeasureStatus::RunError, "mmap failed: " + std::string(strerror(errno)));
  volatile int* phase = static_cast<volatile int*>(shared);
  *phase = static_cast<int>(MeasurePhase::Starting);
  pid_t pid = fork();
  if (pid < 0) {
    munmap(shared, sizeof(int));
    return FailedResult(r, MeasureStatus::RunError, "fork failed: " + std::string(strerror(errno)));
  }
  if (pid == 0) {
    MeasureResult m = MeasureOne(r, options.out_dir, phase, options.lock_wait_limit_s);
    Status written = WriteFileAtomically(path, m.ToJson());
    _exit(written ? 0 : 3);
  }
  using Clock = std::chrono::steady_clock;
  int last_phase = *phase;
  auto phase_start = Clock::now();
  int status = 0;
  std::string killed_for;
  MeasurePhase killed_in = MeasurePhase::Starting;
  bool killed_at_timing_limit = false;
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) break;
    int now_phase = *phase;
    if (now_phase != last_phase) {
      last_phase = now_phase;
      phase_start = Clock::now();
    }
    const auto in = static_cast<MeasurePhase>(now_phase);
    const bool timing_limited =
        in == MeasurePhase::Timing && r.timing_timeout_s > 0 && r.timing_timeout_s < r.timeout_s;
    double limit = in == MeasurePhase::WaitingForLock ? options.lock_wait_limit_s + 5
                   : timing_limited                   ? r.timing_timeout_s
                                                      : r.timeout_s;
    double in_phase = std::chrono::duration<double>(Clock::now() - phase_start).count();
    if (killed_for.empty() && in_phase > limit) {
      killed_in = in;
      killed_at_timing_limit = timing_limited;
      killed_for = "exceeded its " + std::string(timing_limited ? "timing limit" : "timeout") +
                   " of " + std::to_string(limit).substr(0, 6) + " s in " + PhaseName(killed_in) +
                   " and was killed";
      kill(pid, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(killed_for.empty() ? 10 : 2));
  }
  munmap(shared, sizeof(int));
  if (!killed_for.empty()) {
    MeasureResult m = FailedResult(r, MeasureStatus::Timeout, killed_for);
    m.timing_limit_hit = killed_at_timing_limit;
    (void)WriteFileAtomically(path, m.ToJson());
    return m;
  }
  if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGKILL || WTERMSIG(status) == SIGTERM)) {
    // Killed from outside (a cancelled or requeued job tears its processes down, the OOM
    // killer): not the candidate's fault, so nothing is recorded; the runner retries it.
    *killed_from_outside = true;
    return FailedResult(r, MeasureStatus::RunError,
                        "the worker was killed from outside by " + SignalName(WTERMSIG(status)) +
                            " during " + PhaseName(static_cast<MeasurePhase>(last_phase)));
  }
  if (WIFSIGNALED(status)) {
    MeasureResult m =
        FailedResult(r, MeasureStatus::Crashed,
                     "the worker died of " + SignalName(WTERMSIG(status)) + " during " +
                         PhaseName(static_cast<MeasurePhase>(last_phase)));
    (void)WriteFileAtomically(path, m.ToJson());
    return m;
  }
  std::string why;
  if (auto m = ReadResultFile(path, &why)) return *m;
  MeasureResult m =
      FailedResult(r, MeasureStatus::RunError,
                   "the worker exited with status " + std::to_string(WEXITSTATUS(status)) +
                       " without a result (" + why + ")");
  (void)WriteFileAtomically(path, m.ToJson());
  return m;
}

}  // namespace

std::string BatchToJson(const std::vector<MeasureRequest>& requests) {
  JsonWriter w;
  w.begin_object()
      .key("format")
      .value(kBatchFormat)
      .key("version")
      .value(1)
      .key("requests")
      .begin_array();
  for (const MeasureRequest& r : requests) WriteRequestJson(w, r);
  w.end_array().end_object();
  return w.str() + "\n";
}

Result<std::vector<MeasureRequest>> ParseBatch(std::string_view text, const std::string& file) {
  auto parsed = ParseJson(text, file);
  if (!parsed) return parsed.error();
  const JsonValue* list = &*parsed;
  if (parsed->is_object()) {
    const JsonValue* format = parsed->find("format");
    if (!format || !format->is_string() || format->string != kBatchFormat)
      return Error(std::string("expected \"format\": \"") + kBatchFormat + "\"", parsed->loc);
    const JsonValue* version = parsed->find("version");
    if (!version || !version->is_integer || version->integer != 1)
      return Error("unsupported batch \"version\" (this Tessera reads version 1)", parsed->loc);
    list = parsed->find("requests");
    if (!list) return Error("missing \"requests\"", parsed->loc);
  }
  if (!list->is_array()) return Error("expected an array of measure requests", list->loc);
  std::vector<MeasureRequest> requests;
  std::set<std::string> ids;
  for (const JsonValue& item : list->items) {
    std::string why;
    auto r = RequestFromJsonValue(item, &why);
    if (!r) return Error(why, item.loc);
    if (!ids.insert(r->id).second) return Error("duplicate request id \"" + r->id + "\"", item.loc);
    requests.push_back(std::move(*r));
  }
  return requests;
}

Result<std::vector<MeasureRequest>> ReadBatchFile(const std::string& path) {
  auto text = ReadWholeFile(path);
  if (!text) return Error("cannot read the batch file '" + path + "': " + strerror(errno));
  return ParseBatch(*text, path);
}

std::string ResultPath(const std::string& dir, const std::string& id) {
  return dir + "/" + id + ".result.json";
}

Status WriteFileAtomically(const std::string& path, const std::string& text) {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  // Unique per process and host: two writers never share a temporary file.
  std::string temp = path + ".tmp." + host + "." + std::to_string(getpid());
  int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error("cannot write '" + temp + "': " + strerror(errno));
  size_t written = 0;
  while (written < text.size()) {
    ssize_t n = write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string why = strerror(errno);
      close(fd);
      unlink(temp.c_str());
      return Error("cannot write '" + temp + "': " + why);
    }
    written += static_cast<size_t>(n);
  }
  if (fsync(fd) != 0 || close(fd) != 0) {
    std::string why = strerror(errno);
    unlink(temp.c_str());
    return Error("cannot write '" + temp + "': " + why);
  }
  if (rename(temp.c_str(), path.c_str()) != 0) {
    std::string why = strerror(errno);
    unlink(temp.c_str());
    return Error("cannot rename '" + temp + "' to '" + path + "': " + why);
  }
  return Status::Ok();
}

std::optional<MeasureResult> ReadResultFile(const std::string& path, std::string* error) {
  auto text = ReadWholeFile(path);
  if (!text) {
    if (error) *error = "no result file " + path;
    return std::nullopt;
  }
  return MeasureResult::FromJson(*text, error);
}

Result<std::vector<MeasureResult>> MeasureBatch(const std::vector<MeasureRequest>& requests,
                                                const MeasureBatchOptions& options) {
  if (options.out_dir.empty()) return Error("no output folder given");
  std::error_code ec;
  if (!std::filesystem::is_directory(options.out_dir, ec))
    return Error("the output folder '" + options.out_dir + "' does not exist");
  if (access(options.out_dir.c_str(), W_OK) != 0)
    return Error("the output folder '" + options.out_dir + "' is not writable: " + strerror(errno));
  std::vector<MeasureResult> results;
  for (const MeasureRequest& r : requests) {
    std::string path = ResultPath(options.out_dir, r.id);
    std::optional<MeasureResult> result = ReadResultFile(path);  // resume: measured before
    bool killed_from_outside = false;
    if (!result) result = MeasureIsolated(r, options, path, &killed_from_outside);
    if (killed_from_outside)
      return Error(result->message + " (candidate " + r.id + "); the batch stops");
    if (options.on_result) options.on_result(*result);
    results.push_back(std::move(*result));
  }
  return results;
}

}  // namespace tessera::runner
