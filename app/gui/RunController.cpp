#include "RunController.h"

#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent>

#include "ClusterRun.h"

namespace tessera::gui {

RunController::RunController(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<RunResult>::finished, this,
          [this] { emit finished(watcher_.result(), profile_); });
}

// The worker must not outlive the objects its progress reaches.
RunController::~RunController() {
  cancel();
  watcher_.waitForFinished();
}

bool RunController::start(const RunRequest& request, bool profile) {
  if (busy()) return false;
  profile_ = profile;
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  auto cancelFlag = cancel_;
  QPointer<RunController> self(this);
  RunProgress report = [self](int percent, const std::string& step) {
    QString text = QString::fromStdString(step);
    QMetaObject::invokeMethod(
        self,
        [self, percent, text] {
          if (self) emit self->progress(percent, text);
        },
        Qt::QueuedConnection);
  };
  // The project's runner setting: here, or a job on the cluster (ClusterRun.h).
  RunRequest job = request;
  if (job.worker.empty()) job.worker = worker_;
  watcher_.setFuture(QtConcurrent::run([request = std::move(job), cancelFlag, report] {
    if (request.runner.kind != "local") return RunOnCluster(request, *cancelFlag, report);
    return RunKernel(request, *cancelFlag, report);
  }));
  return true;
}

void RunController::cancel() {
  if (cancel_) *cancel_ = true;
}

}  // namespace tessera::gui
