// ChildProcessRunner: a runner::Runner that measures each candidate in a forked child of
// this process (runner::MeasureBatch: a crash or hang of a candidate is a result, not the
// end of the caller), without needing a `tessera-cli` worker on disk — for the tests of
// the tuner and the tune benchmark. The command line and the GUI use MakeRunner's
// "local" runner (separate worker processes, parallel builds) instead. Candidates run
// one after another; MeasureCallbacks::cancelled is polled between them.
#pragma once

#include <memory>
#include <string>

#include "runner/Runner.h"

namespace tessera::tune {

class ChildProcessRunner : public runner::Runner {
 public:
  // `workdir` receives the result files; "" = a fresh temporary folder, removed at the end.
  // Null + *error when the folder cannot be made.
  static std::unique_ptr<ChildProcessRunner> Create(const std::string& workdir, std::string* error);
  ~ChildProcessRunner() override;

  std::string Name() const override { return "child-process"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks& callbacks) override;

 private:
  ChildProcessRunner(std::string workdir, bool owned)
      : workdir_(std::move(workdir)), owned_(owned) {}
  std::string workdir_;
  bool owned_ = false;
};

}  // namespace tessera::tune
