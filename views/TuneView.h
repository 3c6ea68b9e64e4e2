// TuneView: the Tune dock. It shows one tuning session of the
// document's workload: the controls (trials, time budget, strategy; start, pause, resume,
// cancel), the progress with its ETA, a live chart of every measured candidate's GFLOP/s
// with the best-so-far curve under the machine's peak, the fastest stored candidates with
// their schedules, the knobs the user made tunable, and the session's messages (a
// candidate that crashed or hung is one of them). It only displays and asks: the work is
// app/gui/TuneController's, which the view's signals reach.
#pragma once

#include <QString>
#include <vector>

#include "tune/BlockedArguments.h"
#include "tune/Record.h"
#include "tune/Tuner.h"
#include "views/ViewBase.h"

class QComboBox;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace tessera::views {

enum class TuneRunState { Idle, Running, Pausing, Paused, Cancelling };

// The progress line's numbers.
struct TuneProgress {
  int done = 0;            // candidates measured in this session
  int total = 0;           // the session's trial count
  double elapsed_s = 0;    // time spent tuning (pauses not counted)
  double eta_s = -1;       // estimated time left (-1: unknown)
  double best_gflops = 0;  // the best accepted candidate so far
  // Where candidates are measured when that is not this machine, with the state of its
  // jobs: "Slurm: 2 queued, 2 running, 4 done" ("" for the local runner).
  QString jobs;
};

// "3 min 20 s", "45 s", "1 h 5 min".
QString FormatDuration(double seconds);

class TuneView : public ViewBase {
  Q_OBJECT

 public:
  explicit TuneView(QWidget* parent = nullptr);
  // Read from the document: the machine's peak (the chart's ceiling) and what a passed
  // check agrees with (ReferenceName.h).
  void setState(const DocumentState& state) override;
  bool exportImage(const QString& path) override;

  // The settings the user chose for the next session.
  int trialCount() const;
  double timeBudgetSeconds() const;  // 0: none
  QString strategy() const;          // "evolution" or "random"
  // Which arguments the tuned kernel takes in blocked layouts (te documents only; a
  // TensorIR document's are its buffers as declared): another workload's records.
  tune::BlockedArguments argumentLayouts() const;
  void setArgumentLayouts(tune::BlockedArguments blocked);
  // The layouts chosen, whatever the document (argumentLayouts() is none for TensorIR).
  tune::BlockedArguments chosenArgumentLayouts() const;
  void setTrialCount(int trials);
  void setTimeBudgetSeconds(double seconds);
  void setStrategy(const QString& strategy);  // an unknown name leaves the choice as it is

  void setRunState(TuneRunState state);
  TuneRunState runState() const { return state_; }
  void setProgress(const TuneProgress& progress);
  // Starts a new chart (a new session).
  void clearTrials();
  void addTrial(const tune::TuneTrial& trial);
  // The fastest stored candidates, fastest first (the table; selection is kept by id).
  void setCandidates(const std::vector<tune::TuningRecord>& records);
  void setKnobs(const QStringList& knobs);
  void appendMessage(const QString& message, bool error = false);
  void setDatabasePath(const QString& path);

  // For tests and the controller.
  QCustomPlot* plot() const { return plot_; }
  QTableWidget* table() const { return table_; }
  QProgressBar* progressBar() const { return progress_; }
  QLabel* progressLabel() const { return progressLabel_; }
  QPlainTextEdit* log() const { return log_; }
  QListWidget* knobList() const { return knobs_; }
  QPushButton* button(const QString& objectName) const;
  QSpinBox* trialsBox() const { return trials_; }
  // The plotted trials: every trial's GFLOP/s (failed ones at 0) and the best so far.
  int plottedTrials() const;
  std::vector<double> bestCurve() const;
  int failedTrials() const { return failed_; }
  // The record ids of the selected table rows, in row order.
  QList<qint64> selectedIds() const;
  void selectIds(const QList<qint64>& ids);

 signals:
  void startRequested();
  void pauseRequested();
  void resumeRequested();
  void cancelRequested();
  void applyRequested(qint64 recordId);
  void compareRequested(qint64 left, qint64 right);
  void removeKnobRequested(int index);
  // The user chose other argument layouts: the stored candidates are another workload's.
  void argumentLayoutsChanged();
  // Any of the settings above changed (by the user or a setter).
  void choicesChanged();

 protected:
  void retranslateUi() override;
  void changeEvent(QEvent* event) override;

 private:
  void applyPalette();
  void updateButtons();
  void updatePeak();
  void rescale();

  TuneRunState state_ = TuneRunState::Idle;
  bool scriptErrors_ = false;  // a session starts from the document's schedule
  bool tensorir_ = false;      // argument layouts are te's alone
  QString agrees_;             // a passed check, naming the document's reference
  QSpinBox* trials_;
  QSpinBox* budget_;
  QComboBox* strategy_;
  QComboBox* layouts_;
  QComboBox* block_;  // the channels of a handed block; 0: each schedule's own
  QPushButton* start_;
  QPushButton* pause_;
  QPushButton* resume_;
  QPushButton* cancel_;
  QProgressBar* progress_;
  QLabel* progressLabel_;
  QCustomPlot* plot_;
  QCPGraph* trialsGraph_;
  QCPGraph* failedGraph_;
  QCPGraph* bestGraph_;
  QCPItemStraightLine* peakLine_;
  QCPItemText* peakLabel_;
  QTableWidget* table_;
  QPushButton* apply_;
  QPushButton* compare_;
  QLabel* dbLabel_;
  QLabel* knobsLabel_;
  QListWidget* knobs_;
  QPushButton* removeKnob_;
  QPlainTextEdit* log_;
  QLabel* settingsLabels_[4] = {};
  double peak_ = 0;
  double maxGflops_ = 0;
  int trialCount_ = 0;
  int failed_ = 0;
  std::vector<tune::TuningRecord> candidates_;
};

}  // namespace tessera::views

Q_DECLARE_METATYPE(tessera::tune::TuneTrial)
