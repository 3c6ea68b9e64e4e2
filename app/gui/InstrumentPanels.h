// InstrumentPanels: the main window's instrument — why a schedule is fast or
// slow, and whether a GPU schedule is right, without a GPU:
// - the Roofline dock (views/RooflineView.h): every CPU profile run at its intensity for
//   each memory level against this machine's measured ceilings; a click goes to the run's
//   version;
// - the Loop nest view's MCA column filled once the generated code is there (the
//   working-set column fills with every evaluation);
// - Run ▸ Check on the GPU Emulator: the CUDA-bound schedule (a te schedule's, or a
//   TensorIR function's thread-bound loops) run on the CPU emulation of its kernels
//   (reference/EmulatorCheck.h, TirEmulatorCheck.h) off the GUI thread; findings (races,
//   shuffle-mask errors, out-of-bounds writes, wrong outputs) are shown with the loops and
//   CUDA lines they are located on, and the first finding's loop is selected.
// It attaches itself to a MainWindow through its public interface (docks, actions,
// document signals), so the window's own code stays as it is.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <functional>
#include <optional>
#include <string>

#include "reference/EmulatorCheck.h"

class QDialog;
class QDockWidget;
class QAction;

namespace tessera::views {
class RooflineView;
}

namespace tessera::gui {

class MainWindow;

class InstrumentPanels : public QObject {
  Q_OBJECT

 public:
  explicit InstrumentPanels(MainWindow* window);
  ~InstrumentPanels() override;

  views::RooflineView* roofline() const { return roofline_; }
  QDockWidget* rooflineDock() const { return dock_; }

  // Starts the emulator check of the current schedule; false (with the reason in the
  // status bar) when there is nothing to check or one is going. `edit` changes the CUDA
  // source before it is compiled (tests break kernels on purpose).
  bool checkOnEmulator(const std::function<std::string(std::string)>& edit = {});
  void waitForCheck() { watcher_.waitForFinished(); }
  bool checking() const { return watcher_.isRunning(); }
  // The last check's report, or its error.
  const std::optional<reference::EmulatorReport>& lastReport() const { return report_; }
  QString lastError() const { return error_; }
  // The dialog showing the last report (null before the first check).
  QDialog* reportDialog() const { return dialog_; }

 signals:
  void checkFinished(bool ok);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  struct Outcome {
    std::optional<reference::EmulatorReport> report;
    QString error;
  };
  void createDock();
  void createActions();
  void retranslate();
  void checkDone();
  // Enabled when the script evaluates to a lowered program and no check is going.
  void updateCheckAction();
  void showReport();
  // Why a TensorIR document has no kernels to check; empty when it has.
  QString tirCheckProblem() const;
  // The stage that owns a leaf loop named `var` (the first when several do); in a
  // TensorIR document the block the loop is selected with (views::TirBlockOfLoop).
  QString ownerStage(const QString& var) const;

  MainWindow* window_;
  views::RooflineView* roofline_ = nullptr;
  QDockWidget* dock_ = nullptr;
  QAction* checkAction_ = nullptr;
  QString checkTip_;  // what the check does (its tooltip where it applies)
  QFutureWatcher<Outcome> watcher_;
  std::optional<reference::EmulatorReport> report_;
  QString error_;
  QPointer<QDialog> dialog_;
};

}  // namespace tessera::gui
