// RunController: runs KernelRunner off the GUI thread (QtConcurrent + QFutureWatcher),
// or, when the request's runner setting names Slurm, a job on the cluster (ClusterRun.h);
// forwards its progress as signals and cancels on request (a Slurm job is scancel'ed).
// One run at a time.
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
  // The tessera-cli a cluster node runs for requests that name none ("" = the one next to
  // this program or on $PATH; tests point it at the build's).
  void setWorker(const std::string& worker) { worker_ = worker; }
  // Blocks until the current run ends (tests, closing the window).
  void waitForFinished() { watcher_.waitForFinished(); }

 signals:
  void progress(int percent, const QString& step);
  void finished(const tessera::gui::RunResult& result, bool profile);

 private:
  QFutureWatcher<RunResult> watcher_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  bool profile_ = false;
  std::string worker_;
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::RunResult)
