#include "tune/ChildProcessRunner.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <utility>

#include "runner/MeasureBatch.h"

namespace tessera::tune {

std::unique_ptr<ChildProcessRunner> ChildProcessRunner::Create(const std::string& workdir,
                                                               std::string* error) {
  std::error_code ec;
  if (!workdir.empty()) {
    std::filesystem::create_directories(workdir, ec);
    if (ec) {
      if (error) *error = "cannot create the work folder '" + workdir + "': " + ec.message();
      return nullptr;
    }
    return std::unique_ptr<ChildProcessRunner>(new ChildProcessRunner(workdir, false));
  }
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "tessera-tune-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    if (error) *error = "cannot create a temporary work folder";
    return nullptr;
  }
  return std::unique_ptr<ChildProcessRunner>(new ChildProcessRunner(pattern, true));
}

ChildProcessRunner::~ChildProcessRunner() {
  if (owned_) {
    std::error_code ec;
    std::filesystem::remove_all(workdir_, ec);
  }
}

std::vector<runner::MeasureResult> ChildProcessRunner::Measure(
    const std::vector<runner::MeasureRequest>& requests,
    const runner::MeasureCallbacks& callbacks) {
  runner::MeasureBatchOptions options;
  options.out_dir = workdir_;
  options.on_result = callbacks.on_result;
  // One candidate at a time, so that a cancel (or the tuner's time budget) stops the
  // batch between candidates; the rest are reported Cancelled.
  std::vector<runner::MeasureResult> out;
  for (const runner::MeasureRequest& r : requests) {
    runner::MeasureResult m;
    m.id = r.id;
    if (callbacks.cancelled && callbacks.cancelled()) {
      m.status = runner::MeasureStatus::Cancelled;
      m.message = "cancelled before it ran";
      out.push_back(std::move(m));
      continue;
    }
    auto results = runner::MeasureBatch({r}, options);
    if (results && !results->empty()) {
      out.push_back(std::move(results->front()));
      continue;
    }
    // The folder went away: the request fails with the reason (never an exception).
    m.status = runner::MeasureStatus::RunError;
    m.message = results ? "no result" : results.error().message;
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace tessera::tune
