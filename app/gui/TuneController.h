// TuneController: the work behind the Tune dock. A session tunes the
// document's workload with core/tune's Tuner on a worker thread of its own (the window
// stays responsive; candidates are measured by a runner::Runner in worker processes, so
// a candidate that crashes or hangs is a failed trial, never the end of the app). Every
// measured candidate goes into the records database (SQLite: next to a project, else in
// the app data folder), so a paused, cancelled or crashed session resumes there. A
// TensorIR document is tuned the same way by core/tune/tir's TuneTensorIR over its blocks'
// design space; its candidates are the document followed by an apply_trace.
//
// What reaches the GUI thread does so through queued calls: each trial, the fastest
// stored candidates, the tuner's and the runner's messages. "Apply" puts a candidate's
// schedule on the document as one undoable step; "Compare" shows two candidates' scripts
// and loop nests side by side (VersionCompareDialog).
#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "runner/Runner.h"
#include "support/Result.h"
#include "tune/Record.h"
#include "tune/TunableKnobs.h"
#include "tune/Tuner.h"
#include "views/MakeTunableMenu.h"
#include "views/TuneView.h"

class QDialog;
class QWidget;

namespace tessera::gui {

class Document;

struct TuneSettings {
  int trials = 32;
  double time_budget_s = 0;  // 0: none
  std::string strategy = "evolution";
  uint64_t seed = 1;
  int batch_size = 4;
  int repeat = 3;
  double timeout_s = 30;  // per candidate and phase (build, timed runs, check)
  // Fresh processes timing the best against the document's schedule for the claim
  // (tune::TuneOptions::claim_processes; 0: claimed from the re-ranking's rounds).
  int claim_processes = tune::kClaimProcesses;
  // Arguments handed in blocked layouts (te documents only): another workload's records.
  tune::BlockedArguments blocked;
};

// What one worker run ended with (a session has one per start / resume).
struct TuneOutcome {
  bool ok = false;
  std::string error;
  int measured = 0, failed = 0, invalid = 0, resumed = 0;
  double elapsed_s = 0;
  std::optional<tune::TuningRecord> best, input;
  tune::SpeedupClaim claim;  // the best against the document's schedule (tune::ClaimOverInput)
  // What the session offers (tune::OfferedBest): the best, or the document's schedule when
  // the claim found no speed-up; its headline time is the claim's when the claim timed it.
  std::optional<tune::OfferedSchedule> offered;

  // Whether record `id` is the best and the claim timed it slower than the document's
  // schedule, which Apply then keeps (a short search on a fast machine can end so).
  bool bestTimedSlower(qint64 id) const;
};

// The session's closing words on its best against the document's schedule ("" when there
// is nothing to claim): a speed-up only from the two timed in the same interleaved rounds,
// with its spread over the processes that timed them and their medians' 95% intervals;
// "no speed-up" when the spread reaches 1 or lies below it, and none when the document
// already is the best.
QString DescribeClaim(const tune::SpeedupClaim& claim);

// The closing headline: "Best 41.20 GFLOP/s (1.234 ms, as the claim timed it)", or "at
// the machine's reference speed" when no claim timed it, or the document's schedule kept.
QString DescribeOffered(const tune::OfferedSchedule& offered);

class TuneController : public QObject {
  Q_OBJECT

 public:
  using RunnerFactory = std::function<std::unique_ptr<runner::Runner>(std::string* error)>;

  explicit TuneController(Document* doc, QObject* parent = nullptr);
  ~TuneController() override;

  // Connects the dock's requests to this controller and this controller's reports to the dock.
  void attach(views::TuneView* view);

  // A new session on the document's current script; false (with a message) while one
  // runs or when the script does not evaluate.
  bool start(const TuneSettings& settings);
  // The view's settings (trials, budget, strategy) over `defaults`.
  bool startFromView();
  // Stops at once, keeping what was measured; resume() continues the same session.
  void pause();
  bool resume();
  // Stops the session (what was measured stays in the records).
  void cancel();
  views::TuneRunState state() const { return state_; }
  bool busy() const { return watcher_.isRunning(); }
  void waitForFinished() { watcher_.waitForFinished(); }

  // Puts candidate `id` (one of candidates()) on the document: its script replaces the
  // document's as ONE undo command. Refused when the candidate tunes another workload
  // than the document's (the workload was edited since), and when the session's claim
  // timed it slower than the document's schedule. A TensorIR candidate's trace is
  // applied to the document as it is now (tune::TirCandidateOnDocument): the lines that
  // schedule a module's other functions, added since the search or not, are kept.
  Status apply(qint64 id);
  // Two candidates side by side (non-modal dialog, deleted on close); null when unknown.
  QDialog* compare(qint64 left, qint64 right, QWidget* parent);

  // The records database: an explicit path, or the default for the document.
  void setDatabasePath(const QString& path) { databasePath_ = path; }
  QString databasePath() const;
  // Where candidates are measured: the document's Runner setting (Run ▸ Runner…, saved in
  // the project) — worker processes of tessera-cli on this machine, or array jobs of the
  // Slurm cluster it names, whose nodes' signature then keys the records. `options` are the
  // local runner's (its worker is also the nodes'); `factory` replaces both (tests).
  void setRunnerOptions(const runner::RunnerOptions& options) { runnerOptions_ = options; }
  void setRunnerFactory(RunnerFactory factory) { factory_ = std::move(factory); }
  // The options a session started now measures with.
  runner::RunnerOptions sessionRunnerOptions() const;
  void setDefaults(const TuneSettings& settings) { defaults_ = settings; }
  const TuneSettings& defaults() const { return defaults_; }

  // What earlier sessions stored for the document's workload on this machine, shown in
  // the dock when a document is opened (before any Start): the fastest records of the
  // records database, when it exists. A Slurm runner's records are keyed by its nodes,
  // which only a session asks for; they appear on Start.
  void showStoredCandidates();

  // The session so far.
  const std::vector<tune::TuneTrial>& trials() const { return trials_; }
  const std::vector<tune::TuningRecord>& candidates() const { return candidates_; }
  const TuneOutcome& lastOutcome() const { return outcome_; }
  views::TuneProgress progress() const;
  // The state of the runner's jobs ("Slurm: 2 queued, 2 running, 4 done"; "" when local).
  QString jobs() const { return jobs_; }
  QStringList messages() const { return messages_; }

  // Make tunable: the knob the intent names ({"make_tunable", stage, {var}, {"knob":
  // "split" | "annotation" | "order"}}) joins the session's knobs. While there are
  // knobs, a session searches exactly them (KnobSearch.h) instead of the space core/tune
  // generates. Knobs follow the document: they are derived again after each change and
  // dropped (with a message) when their loop is gone; another document clears them.
  Status makeTunable(const views::Intent& intent);
  void removeKnob(int index);
  const std::vector<tune::TunableKnob>& knobs() const { return knobs_; }

 signals:
  void stateChanged(tessera::views::TuneRunState state);
  void trialMeasured(const tessera::tune::TuneTrial& trial);
  void candidatesChanged();
  void message(const QString& text, bool error);
  void progressChanged();
  // The session ended (completed, cancelled, or failed: `ok` false and the reason).
  void sessionEnded(bool ok, const QString& summary);
  void knobsChanged();

 private:
  void launch();
  void workerStopped();
  void setState(views::TuneRunState state);
  void refreshKnobs();
  void showKnobs();
  void addMessage(const QString& text, bool error);
  void receiveTrial(tune::TuneTrial trial);
  // The TensorIR candidate's trace on the document as it is now, or why it cannot go there.
  Result<QString> tensorIRCandidateOnDocument(const tune::TuningRecord& record) const;
  // `text` (the candidate on the document) replaces the document's script as one undo
  // command.
  Status replaceWithCandidate(const tune::TuningRecord& record, const QString& text);
  double elapsedSeconds() const;

  Document* doc_;
  QPointer<views::TuneView> view_;
  QThreadPool pool_;  // one thread, so that a session never starves the shared pool
  QFutureWatcher<TuneOutcome> watcher_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  views::TuneRunState state_ = views::TuneRunState::Idle;
  TuneSettings defaults_;
  TuneSettings session_;
  std::string script_, file_;   // the session's workload (the document's script at start)
  std::string function_;        // the TensorIR module's function shown at start ("": its only)
  QString candidatesFunction_;  // the module function candidates_ were stored for
  std::map<std::string, int64_t> vars_;
  int segment_ = 0;  // worker runs in this session (seeds differ per run)
  int done_ = 0;
  double elapsedBefore_ = 0;  // tuning time of the finished runs of this session
  QElapsedTimer segmentClock_;
  QTimer tick_;  // the progress line's clock
  double bestGflops_ = 0;
  QString jobs_;
  QString databasePath_;
  QString sessionDatabase_;
  runner::RunnerOptions runnerOptions_;
  RunnerFactory factory_;
  std::vector<tune::TuneTrial> trials_;
  std::vector<tune::TuningRecord> candidates_;
  TuneOutcome outcome_;
  QStringList messages_;
  std::vector<tune::TunableKnob> knobs_;
  std::vector<tune::TunableKnob> sessionKnobs_;  // the knobs of the session's script
};

}  // namespace tessera::gui

Q_DECLARE_METATYPE(tessera::gui::TuneOutcome)
