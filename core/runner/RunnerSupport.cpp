#include "runner/RunnerSupport.h"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "runner/MeasureBatch.h"
#include "runner/Subprocess.h"

namespace tessera::runner {

std::optional<std::string> PrepareWorkdir(const std::string& dir, const std::string& prefix,
                                          std::string* error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::string path = dir;
  if (path.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/" + prefix + "-XXXXXX";
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data())) {
      if (error) *error = "cannot create a work folder " + templ + ": " + strerror(errno);
      return std::nullopt;
    }
    path = buf.data();
  } else {
    fs::create_directories(path, ec);
    if (!fs::is_directory(path, ec)) {
      if (error) *error = "the work folder '" + path + "' does not exist and cannot be created";
      return std::nullopt;
    }
  }
  path = fs::absolute(path, ec).lexically_normal().string();
  if (path.size() > 1 && path.back() == '/') path.pop_back();
  std::string probe = path + "/.write-test." + std::to_string(getpid());
  if (Status st = WriteFileAtomically(probe, "ok\n"); !st) {
    if (error)
      *error = "the work folder '" + path + "' is not writable (" + st.error().message + ")";
    return std::nullopt;
  }
  unlink(probe.c_str());
  return path;
}

MadeWorkdir::~MadeWorkdir() {
  if (path_.empty()) return;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);  // best effort: a leftover folder harms nothing
}

std::optional<std::string> ResolveWorker(const std::string& given, std::string* error) {
  if (!given.empty()) {
    if (access(given.c_str(), X_OK) == 0) return std::filesystem::absolute(given).string();
    if (error) *error = "the worker '" + given + "' is not an executable file";
    return std::nullopt;
  }
  char self[PATH_MAX] = {};
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    std::filesystem::path exe(std::string(self, static_cast<size_t>(n)));
    if (exe.filename() == "tessera-cli") return exe.string();
    // Installed, the programs share bin/; in the build tree the app is in app/gui/ and
    // the command line in app/cli/.
    for (const auto& candidate :
         {exe.parent_path() / "tessera-cli", exe.parent_path() / ".." / "cli" / "tessera-cli"})
      if (access(candidate.c_str(), X_OK) == 0) return candidate.lexically_normal().string();
  }
  if (auto on_path = FindExecutable("tessera-cli")) return on_path;
  if (error)
    *error =
        "no worker: tessera-cli is neither next to this program nor on $PATH (set the worker path)";
  return std::nullopt;
}

std::string LogTail(const std::string& path, size_t max_chars) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.size() > max_chars) text = "..." + text.substr(text.size() - max_chars);
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

MeasureLedger::MeasureLedger(const std::vector<MeasureRequest>& requests,
                             const MeasureCallbacks& callbacks, std::string workdir)
    : requests_(requests),
      callbacks_(callbacks),
      workdir_(std::move(workdir)),
      results_(requests.size()),
      attempts_(requests.size(), 0) {}

void MeasureLedger::Start() {
  std::set<std::string> seen;
  for (size_t i = 0; i < requests_.size(); ++i) {
    const MeasureRequest& r = requests_[i];
    if (!IsValidMeasureId(r.id) || !seen.insert(r.id).second) {
      MeasureResult bad;
      bad.id = r.id;
      bad.status = MeasureStatus::RunError;
      bad.message = IsValidMeasureId(r.id) ? "duplicate request id \"" + r.id + "\" in the batch"
                                           : "invalid request id \"" + r.id +
                                                 "\" (1 to 200 characters from A-Z a-z 0-9 _ - .)";
      bad.machine = ReadMachineSignature();
      Deliver(i, std::move(bad));
    }
  }
  Collect();
}

bool MeasureLedger::Collect() {
  bool any = false;
  for (size_t i = 0; i < requests_.size(); ++i) {
    if (!open(i)) continue;
    if (auto r = ReadResultFile(ResultPath(workdir_, requests_[i].id))) {
      if (attempts_[i] > r->attempts) r->attempts = attempts_[i];
      Deliver(i, std::move(*r));
      any = true;
    }
  }
  return any;
}

void MeasureLedger::Finish(size_t index, MeasureResult result, bool persist) {
  if (!open(index)) return;
  result.id = requests_[index].id;
  if (result.machine.cpu_model.empty()) result.machine = ReadMachineSignature();
  if (result.attempts == 0) result.attempts = attempts_[index];
  if (persist) (void)WriteFileAtomically(ResultPath(workdir_, result.id), result.ToJson());
  Deliver(index, std::move(result));
}

void MeasureLedger::FinishAllOpen(MeasureStatus status, const std::string& message, bool persist) {
  for (size_t i : OpenIndices()) {
    MeasureResult r;
    r.status = status;
    r.message = message;
    Finish(i, std::move(r), persist);
  }
}

std::vector<size_t> MeasureLedger::OpenIndices() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < results_.size(); ++i)
    if (open(i)) out.push_back(i);
  return out;
}

void MeasureLedger::Progress(int queued, int running) const {
  if (callbacks_.on_progress) callbacks_.on_progress(queued, running, static_cast<int>(done_));
}

std::vector<MeasureResult> MeasureLedger::Results() const {
  std::vector<MeasureResult> out;
  for (const auto& r : results_) out.push_back(r ? *r : MeasureResult{});
  return out;
}

void MeasureLedger::Deliver(size_t index, MeasureResult result) {
  results_[index] = std::move(result);
  ++done_;
  if (callbacks_.on_result) callbacks_.on_result(*results_[index]);
}

}  // namespace tessera::runner
