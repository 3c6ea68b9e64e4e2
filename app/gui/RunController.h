// RunController: runs KernelRunner off the GUI thread (QtConcurrent + QFutureWatcher),
// forwards its progress as signals and cancels on request. One run at a time.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <atomic>
#include <memory>

#include "KernelRunner.h"

namespace tessera::gui {

class RunController : public QObject {
  Q_OBJECT

 public:
  explicit RunController(QObject* parent = nullptr);
  ~RunController() override;

  // Starts a run; false (and nothing starts) while another is running.
  bool start(const RunRequest& request, bool profile);
  void cancel();
  bool busy() const { return watcher_.isRunning(); }
  // Blocks until the current run ends (tests, closing the window).
  void waitForFinished() { watcher_.waitForFinished(); }

 signals:
  void progress(int percent, const QString& step);
  void finished(const tessera::gui::RunResult& result, bool profile);

 private:
  QFutureWatcher<RunResult> watcher_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  bool profile_ = false;
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::RunResult)
