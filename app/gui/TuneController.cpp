#include "TuneController.h"

#include <QDialog>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QtConcurrent>
#include <algorithm>
#include <limits>

#include "AppSettings.h"
#include "ClusterRun.h"
#include "Document.h"
#include "Evaluation.h"
#include "KnobSearch.h"
#include "RunAvailability.h"
#include "UndoCommands.h"
#include "VersionCompare.h"
#include "ir/Printer.h"
#include "runner/MachineSignature.h"
#include "script/Evaluator.h"
#include "tune/ArgumentLayouts.h"
#include "tune/Database.h"
#include "tune/EarlierCandidates.h"
#include "tune/Fingerprint.h"
#include "tune/tir/TirCandidateScript.h"
#include "tune/tir/TirTuner.h"
#include "views/ReferenceName.h"

namespace tessera::gui {
namespace {

constexpr int kTopCandidates = 12;
constexpr const char* kTarget = "llvm";  // sessions tune for the CPU

// What a worker run needs, copied: it shares nothing with the GUI thread.
struct TuneJob {
  std::string script, file;
  std::string function;  // the TensorIR module's function to tune; "": the script's only one
  tune::TuneOptions options;
  std::string db_path;
  TuneController::RunnerFactory factory;
  std::vector<tune::TunableKnob> knobs;  // none: the space core/tune generates
};

// How a worker run reports; each call is queued to the GUI thread by the controller.
struct TuneReports {
  std::function<void(const tune::TuneTrial&)> trial;
  std::function<void(std::vector<tune::TuningRecord>)> candidates;
  std::function<void(const std::string&, bool error)> message;
  std::function<void(const std::string& runner, int queued, int running, int done)> jobs;
};

// Forwards to the real runner and reports each candidate that failed, with the reason
// (the tuner's trials carry only the status), and the state of a cluster's jobs.
class ReportingRunner : public runner::Runner {
 public:
  ReportingRunner(runner::Runner& inner, const TuneReports& reports)
      : inner_(inner), reports_(reports) {}
  std::string Name() const override { return inner_.Name(); }
  std::optional<runner::MachineSignature> Machine(std::string* error) override {
    return inner_.Machine(error);
  }
  std::vector<runner::MeasureRequest> EarlierRequests() const override {
    return inner_.EarlierRequests();
  }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks& callbacks) override {
    runner::MeasureCallbacks forwarded = callbacks;
    if (inner_.Name() != "local")
      forwarded.on_progress = [this, &callbacks](int queued, int running, int done) {
        if (callbacks.on_progress) callbacks.on_progress(queued, running, done);
        reports_.jobs(inner_.Name(), queued, running, done);
      };
    std::vector<runner::MeasureResult> results = inner_.Measure(requests, forwarded);
    for (size_t i = 0; i < results.size() && i < requests.size(); ++i) {
      const runner::MeasureResult& r = results[i];
      // A failed oracle check is the tuner's own message.
      if (r.status == runner::MeasureStatus::Ok || r.status == runner::MeasureStatus::Cancelled ||
          requests[i].check)
        continue;
      std::string text =
          "candidate " + requests[i].id + ": " + std::string(runner::MeasureStatusName(r.status));
      if (!r.message.empty()) text += ": " + r.message;
      reports_.message(text, true);
    }
    return results;
  }

 private:
  runner::Runner& inner_;
  const TuneReports& reports_;
};

// A finished search as the dock shows it; te and TensorIR results carry the same counts.
template <typename SearchResult>
TuneOutcome Finished(const SearchResult& result) {
  TuneOutcome out;
  out.ok = true;
  out.measured = result.measured;
  out.failed = result.failed;
  out.invalid = result.invalid;
  out.resumed = result.resumed;
  out.elapsed_s = result.elapsed_s;
  out.best = result.best;
  out.input = result.input;
  out.claim = tune::ClaimOverInput(result.best, result.input, result.best_vs_input);
  out.offered = tune::OfferedBest(result.best, result.input, out.claim);
  return out;
}
// One worker run: evaluates the session's script, opens the records, makes the runner
// and tunes, reporting as it goes. Runs on the controller's thread pool.
TuneOutcome RunTuneJob(const TuneJob& job, const std::atomic<bool>& cancel,
                       const TuneReports& reports) {
  TuneOutcome out;
  auto program = script::EvaluateScript(job.script, job.file);
  if (!program) {
    out.error = program.error().format();
    return out;
  }
  if (!job.function.empty())
    if (Status chosen = script::SelectTensorIRFunction(&*program, job.function); !chosen) {
      out.error = chosen.error().message;
      return out;
    }
  const bool tensorir = program->is_tensorir();
  if (!tensorir && !program->schedule) {
    out.error = "the script creates no schedule (te.create_schedule): there is nothing to tune";
    return out;
  }
  // TensorIR candidates extend the document's text, which the evaluator keeps only for
  // structured te scripts.
  if (tensorir && program->source.empty()) program->source = job.script;
  auto db = tune::Database::Open(job.db_path);
  if (!db) {
    out.error = "cannot use the records database " + job.db_path + ": " + db.error().message;
    return out;
  }
  std::string problem;
  std::unique_ptr<runner::Runner> runner = job.factory(&problem);
  if (!runner) {
    out.error = "no runner to measure candidates with: " + problem;
    return out;
  }
  ReportingRunner reporting(*runner, reports);
  // Where the runner measures (a Slurm runner asks a node with a short job): the space is
  // sized for that machine and the records are keyed with its signature.
  std::optional<runner::MachineSignature> machine = reporting.Machine(&problem);
  if (!machine) {
    out.error =
        "cannot learn the machine the " + runner->Name() + " runner measures on: " + problem;
    return out;
  }
  if (runner->Name() != "local")
    reports.message("measuring on " + machine->hostname + " (" + machine->cpu_model + ", " +
                        std::to_string(machine->cores) + " cores) through " + runner->Name(),
                    false);
  tune::RecordQuery query{
      tensorir ? tune::TirWorkloadKey(*program, job.options.shape_vars)
               : tune::FingerprintWorkload(program->schedule->outputs, job.options.shape_vars,
                                           job.options.blocked)
                     .hash,
      job.options.target, machine->Key()};
  auto postTop = [&] {
    auto top = (*db)->Top(query, kTopCandidates);
    if (top) reports.candidates(std::move(top.value()));
  };
  tune::TuneCallbacks callbacks;
  callbacks.on_trial = [&](const tune::TuneTrial& t) {
    reports.trial(t);
    postTop();
  };
  callbacks.on_message = [&](const std::string& m) { reports.message(m, false); };
  callbacks.cancelled = [&cancel] { return cancel.load(); };
  if (tensorir) {
    postTop();
    auto result =
        tune::TuneTensorIR(*program, reporting, db->get(), *machine, job.options, callbacks);
    if (!result) {
      out.error = result.error().format();
      return out;
    }
    postTop();
    return Finished(*result);
  }
  // The batch an earlier session left in flight (the app was closed, the cluster restarted).
  auto earlier = tune::RecordEarlierCandidates(*program, reporting, **db, *machine, job.options,
                                               [&cancel] { return cancel.load(); });
  if (!earlier) {
    out.error = earlier.error().format();
    return out;
  }
  if (*earlier > 0)
    reports.message("resumed " + std::to_string(*earlier) +
                        " candidates an earlier session left in the work folder",
                    false);
  postTop();  // what earlier sessions stored: the table shows it before the first trial
  auto result =
      job.knobs.empty()
          ? tune::Tune(*program, reporting, db->get(), *machine, job.options, callbacks)
          : TuneKnobs(*program, job.knobs, reporting, **db, *machine, job.options, callbacks);
  if (!result) {
    out.error = result.error().format();
    return out;
  }
  postTop();
  return Finished(*result);
}

// What the kernel of `record` takes or writes laid out anew (blocked arguments), "" for
// none: its caller hands and reads those buffers so.
QString LaidOutArgumentsText(const tune::TuningRecord& record) {
  QStringList parts;
  for (const tune::ArgumentLayout& a : tune::LaidOutArguments(record)) {
    const QString name = QString::fromStdString(a.name);
    const QString layout = QString::fromStdString(a.shape + " (" + a.map + ")");
    parts << (a.output ? TuneController::tr("writes %1 as %2")
                       : TuneController::tr("takes %1 as %2"))
                 .arg(name, layout);
  }
  if (parts.isEmpty()) return QString();
  return TuneController::tr("Its kernel %1.").arg(parts.join("; "));
}

// The records' key of the document's workload, its arguments in `blocked` layouts (te
// documents); "" when the document has none to tune.
std::string DocumentWorkload(const views::DocumentState& state,
                             const std::map<std::string, int64_t>& vars,
                             tune::BlockedArguments blocked = {}) {
  if (!state.program) return "";
  if (state.program->is_tensorir()) return tune::TirWorkloadKey(*state.program, vars);
  if (!state.program->schedule) return "";
  return tune::FingerprintWorkload(state.program->schedule->outputs, vars, blocked).hash;
}

// The function of a TensorIR module of several that the document shows; "" otherwise.
std::string ShownModuleFunction(const views::DocumentState& state) {
  if (!state.program || !state.program->is_tensorir() || state.program->tir_module.size() < 2)
    return "";
  return state.program->tir_func_name;
}

std::string LoopNestText(const std::string& script, const std::string& name,
                         const std::string& function) {
  views::DocumentState s = Evaluate(script, name, function);
  if (!s.lowered.defined())
    return s.errors.empty() ? std::string("(no loop program)") : s.errors.front().format();
  return ir::Print(s.lowered).text;
}

}  // namespace

QString DescribeClaim(const tune::SpeedupClaim& claim) {
  using Kind = tune::SpeedupClaim::Kind;
  if (claim.kind == Kind::kInputIsBest)
    return TuneController::tr("The document's schedule is this best: nothing faster was found.");
  if (!claim.timed()) return {};
  const runner::TimingComparison& c = claim.comparison;
  const auto [low, high] = c.speedupSpread();
  QString timing = TuneController::tr(
                       "spread ×%1–×%2 over %3 process(es) that timed both in the same "
                       "interleaved rounds; medians %4 ms against %5 ms, 95% intervals %6–%7 "
                       "and %8–%9 ms")
                       .arg(low, 0, 'f', 2)
                       .arg(high, 0, 'f', 2)
                       .arg(std::max(1, c.processes))
                       .arg(c.candidate.median, 0, 'f', 3)
                       .arg(c.baseline.median, 0, 'f', 3)
                       .arg(c.candidate.low, 0, 'f', 3)
                       .arg(c.candidate.high, 0, 'f', 3)
                       .arg(c.baseline.low, 0, 'f', 3)
                       .arg(c.baseline.high, 0, 'f', 3);
  if (claim.kind == Kind::kNoSpeedup)
    return TuneController::tr(
               "No speed-up over the document's schedule: the best found measured ×%1 (%2). "
               "The document's schedule stays the best.")
        .arg(c.speedup, 0, 'f', 2)
        .arg(timing);
  return TuneController::tr("×%1 the document's schedule (%2).")
      .arg(c.speedup, 0, 'f', 2)
      .arg(timing);
}

QString DescribeOffered(const tune::OfferedSchedule& offered) {
  const QString timed = offered.from_claim
                            ? TuneController::tr("%1 ms, as the claim timed it")
                            : TuneController::tr("%1 ms at the machine's reference speed");
  const QString speed = TuneController::tr("%1 GFLOP/s (%2)")
                            .arg(offered.gflops, 0, 'f', 2)
                            .arg(timed.arg(offered.median_ms, 0, 'f', 3));
  if (offered.is_input) return TuneController::tr("Best: the document's schedule, %1.").arg(speed);
  return TuneController::tr("Best %1.").arg(speed);
}

TuneController::TuneController(Document* doc, QObject* parent) : QObject(parent), doc_(doc) {
  setObjectName("tuneController");
  pool_.setMaxThreadCount(1);
  runnerOptions_.poll_s = 0.05;
  connect(&watcher_, &QFutureWatcher<TuneOutcome>::finished, this, &TuneController::workerStopped);
  tick_.setInterval(1000);
  connect(&tick_, &QTimer::timeout, this, &TuneController::progressChanged);
  connect(doc_, &Document::changed, this, &TuneController::refreshKnobs);
  // Another function of a module shown (View ▸ TensorIR Function): its own records.
  connect(doc_, &Document::changed, this, [this] {
    const QString shown = doc_->tirFunctions().size() > 1 ? doc_->shownTirFunction() : QString();
    if (shown == candidatesFunction_) return;
    candidatesFunction_ = shown;
    if (!busy()) showStoredCandidates();
  });
  connect(doc_, &Document::replacing, this, [this] {
    knobs_.clear();
    showKnobs();
    if (busy()) return;
    candidates_.clear();  // another document's candidates
    emit candidatesChanged();
  });
  // A document opened (or a new one) shows what earlier sessions stored for it; a Save As
  // of the document keeps the candidates in sight.
  connect(doc_, &Document::pathChanged, this, [this] {
    if (!busy() && candidates_.empty()) showStoredCandidates();
  });
}

// The worker must not outlive what its reports reach.
TuneController::~TuneController() {
  if (cancel_) *cancel_ = true;
  watcher_.waitForFinished();
}

void TuneController::attach(views::TuneView* view) {
  view_ = view;
  if (std::optional<TuneChoices> chosen = AppSettings::tuneChoices()) {
    view->setTrialCount(chosen->trials);
    view->setTimeBudgetSeconds(chosen->time_budget_s);
    view->setStrategy(chosen->strategy);
    view->setArgumentLayouts(
        {chosen->blocked_inputs, chosen->blocked_outputs, chosen->argument_block});
  }
  connect(view, &views::TuneView::choicesChanged, this, [view] {
    const tune::BlockedArguments blocked = view->chosenArgumentLayouts();
    AppSettings::setTuneChoices({view->trialCount(), view->timeBudgetSeconds(), view->strategy(),
                                 blocked.inputs, blocked.outputs, static_cast<int>(blocked.block)});
  });
  connect(view, &views::TuneView::startRequested, this, &TuneController::startFromView);
  connect(view, &views::TuneView::pauseRequested, this, &TuneController::pause);
  connect(view, &views::TuneView::resumeRequested, this, &TuneController::resume);
  connect(view, &views::TuneView::cancelRequested, this, &TuneController::cancel);
  connect(view, &views::TuneView::applyRequested, this, [this](qint64 id) {
    if (Status st = apply(id); !st.ok())
      addMessage(QString::fromStdString(st.error().message), true);
  });
  connect(view, &views::TuneView::compareRequested, this,
          [this, view](qint64 a, qint64 b) { compare(a, b, view->window()); });
  connect(this, &TuneController::stateChanged, view, &views::TuneView::setRunState);
  connect(this, &TuneController::candidatesChanged, view,
          [this, view] { view->setCandidates(candidates_); });
  connect(this, &TuneController::progressChanged, view,
          [this, view] { view->setProgress(progress()); });
  connect(this, &TuneController::trialMeasured, view, &views::TuneView::addTrial);
  connect(this, &TuneController::message, view, &views::TuneView::appendMessage);
  connect(view, &views::TuneView::removeKnobRequested, this, &TuneController::removeKnob);
  connect(view, &views::TuneView::argumentLayoutsChanged, this,
          &TuneController::showStoredCandidates);
  view->setRunState(state_);
  view->setDatabasePath(databasePath());
  showKnobs();
}

// The document's Runner setting chooses: this machine with the local options, or the
// Slurm cluster with the project's options and the same worker. A batch becomes one job
// array whose tasks each measure a share of it (SlurmRunner sizes them).
runner::RunnerOptions TuneController::sessionRunnerOptions() const {
  const project::RunnerSettings& where = doc_->targetSettings().runner;
  if (where.kind != "slurm") return runnerOptions_;
  runner::RunnerOptions o = RunnerOptionsFor(where, runnerOptions_.worker_path);
  o.parallel_builds = 0;
  o.poll_s = 0.2;
  return o;
}

void TuneController::showStoredCandidates() {
  if (busy()) return;
  const views::DocumentState& state = doc_->state();
  QString db = databasePath();
  if (view_) view_->setDatabasePath(db);
  std::vector<tune::TuningRecord> stored;
  const std::string workload = DocumentWorkload(
      state, doc_->targetSettings().vars, view_ ? view_->argumentLayouts() : defaults_.blocked);
  if (doc_->targetSettings().runner.kind != "slurm" && !workload.empty() && QFileInfo::exists(db)) {
    auto records = tune::Database::Open(db.toStdString());
    if (!records) {
      addMessage(tr("Cannot read the records database %1: %2")
                     .arg(db, QString::fromStdString(records.error().message)),
                 true);
      return;
    }
    tune::RecordQuery query{workload, kTarget, runner::ReadMachineSignature().Key()};
    if (auto top = (*records)->Top(query, kTopCandidates)) stored = std::move(top.value());
  }
  candidates_ = std::move(stored);
  emit candidatesChanged();
  if (!candidates_.empty())
    addMessage(tr("%n candidate(s) stored by earlier sessions for this workload on this machine "
                  "(records in %1); Start resumes from them.",
                  "", int(candidates_.size()))
                   .arg(db),
               false);
}

QString TuneController::databasePath() const {
  if (!databasePath_.isEmpty()) return databasePath_;
  QString path = doc_->path();
  if (Document::isProjectPath(path)) {
    QFileInfo project(path);
    return project.dir().filePath(project.completeBaseName() + ".tune.db");
  }
  QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  QDir().mkpath(dir);
  return QDir(dir).filePath("tuning-records.db");
}

void TuneController::setState(views::TuneRunState state) {
  if (state == state_) return;
  state_ = state;
  emit stateChanged(state);
  emit progressChanged();
}

void TuneController::addMessage(const QString& text, bool error) {
  messages_ << text;
  emit message(text, error);
}

bool TuneController::startFromView() {
  TuneSettings s = defaults_;
  if (view_) {
    s.trials = view_->trialCount();
    s.time_budget_s = view_->timeBudgetSeconds();
    s.strategy = view_->strategy().toStdString();
    s.blocked = view_->argumentLayouts();
  }
  return start(s);
}

bool TuneController::start(const TuneSettings& settings) {
  if (busy()) {
    addMessage(tr("A tuning session is already running."), true);
    return false;
  }
  const views::DocumentState& state = doc_->state();
  if (QString problem = TuneProblem(state); !problem.isEmpty()) {
    addMessage(problem, true);
    return false;
  }
  // Knobs are te schedule choices; a TensorIR session searches its blocks' design space.
  const bool tensorir = state.program->is_tensorir();
  if (tensorir && settings.blocked.any()) {
    addMessage(tr("Blocked argument layouts apply to te documents: a TensorIR function takes its "
                  "buffers as it declares them"),
               true);
    return false;
  }
  session_ = settings;
  script_ = doc_->text().toStdString();
  file_ = state.file.empty() ? doc_->displayName().toStdString() : state.file;
  function_ = ShownModuleFunction(state);
  vars_ = doc_->targetSettings().vars;
  sessionKnobs_ = tensorir ? std::vector<tune::TunableKnob>{} : knobs_;
  sessionDatabase_ = databasePath();
  segment_ = 0;
  done_ = 0;
  elapsedBefore_ = 0;
  bestGflops_ = 0;
  trials_.clear();
  if (view_) {
    view_->clearTrials();
    view_->setDatabasePath(sessionDatabase_);
  }
  QString space = !function_.empty() ? tr("the design space of the blocks of TensorIR function %1")
                                           .arg(QString::fromStdString(function_))
                  : tensorir       ? tr("the design space of the TensorIR function's blocks")
                  : knobs_.empty() ? tr("the space generated from the workload")
                                   : tr("the %1 points of %2 tunable knob(s)")
                                         .arg(tune::KnobSpaceSize(knobs_))
                                         .arg(knobs_.size());
  if (settings.blocked.any())
    space += settings.blocked.inputs && settings.blocked.outputs
                 ? tr(", the inputs and output in blocked layouts")
             : settings.blocked.inputs ? tr(", the inputs in blocked layouts")
                                       : tr(", the output in a blocked layout");
  addMessage(tr("Tuning %1 over %2: %3 trials%4, records in %5")
                 .arg(QString::fromStdString(file_), space)
                 .arg(settings.trials)
                 .arg(settings.time_budget_s > 0
                          ? tr(" within %1").arg(views::FormatDuration(settings.time_budget_s))
                          : QString())
                 .arg(sessionDatabase_),
             false);
  launch();
  return true;
}

void TuneController::launch() {
  TuneJob job;
  job.script = script_;
  job.file = file_;
  job.function = function_;
  job.db_path = sessionDatabase_.toStdString();
  tune::TuneOptions& o = job.options;
  o.trials = std::max(1, session_.trials - done_);
  if (session_.time_budget_s > 0)
    o.time_budget_s = std::max(1.0, session_.time_budget_s - elapsedBefore_);
  o.seed = session_.seed + uint64_t(segment_++);  // a resumed run samples afresh
  o.strategy = session_.strategy;
  o.batch_size = session_.batch_size;
  o.repeat = session_.repeat;
  o.timeout_s = session_.timeout_s;
  o.claim_processes = session_.claim_processes;
  o.shape_vars = vars_;
  o.blocked = session_.blocked;
  o.target = kTarget;
  job.knobs = sessionKnobs_;
  job.factory = factory_ ? factory_ : [options = sessionRunnerOptions()](std::string* error) {
    return runner::MakeRunner(options, error);
  };
  QPointer<TuneController> self(this);
  TuneReports reports;
  reports.trial = [self](const tune::TuneTrial& t) {
    QMetaObject::invokeMethod(
        self,
        [self, t] {
          if (self) self->receiveTrial(t);
        },
        Qt::QueuedConnection);
  };
  reports.candidates = [self](std::vector<tune::TuningRecord> records) {
    QMetaObject::invokeMethod(
        self,
        [self, records = std::move(records)] {
          if (!self) return;
          self->candidates_ = records;
          emit self->candidatesChanged();
        },
        Qt::QueuedConnection);
  };
  reports.message = [self](const std::string& m, bool error) {
    QString text = QString::fromStdString(m);
    QMetaObject::invokeMethod(
        self,
        [self, text, error] {
          if (self) self->addMessage(text, error);
        },
        Qt::QueuedConnection);
  };
  reports.jobs = [self](const std::string& name, int queued, int running, int done) {
    QString text =
        tr("%1: %2 queued, %3 running, %4 done")
            .arg(name == "slurm" ? QStringLiteral("Slurm") : QString::fromStdString(name))
            .arg(queued)
            .arg(running)
            .arg(done);
    QMetaObject::invokeMethod(
        self,
        [self, text] {
          if (!self) return;
          self->jobs_ = text;
          emit self->progressChanged();
        },
        Qt::QueuedConnection);
  };
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  jobs_.clear();
  segmentClock_.start();
  tick_.start();
  setState(views::TuneRunState::Running);
  watcher_.setFuture(QtConcurrent::run(
      &pool_, [job, flag = cancel_, reports] { return RunTuneJob(job, *flag, reports); }));
}

void TuneController::receiveTrial(tune::TuneTrial trial) {
  trial.index = ++done_;
  if (trial.best_gflops > 0) bestGflops_ = trial.best_gflops;  // the accepted best may drop
  trials_.push_back(trial);
  emit trialMeasured(trial);
  emit progressChanged();
}

double TuneController::elapsedSeconds() const {
  return elapsedBefore_ +
         (busy() && segmentClock_.isValid() ? segmentClock_.elapsed() / 1000.0 : 0.0);
}

views::TuneProgress TuneController::progress() const {
  views::TuneProgress p;
  p.done = done_;
  p.total = session_.trials;
  p.elapsed_s = elapsedSeconds();
  p.best_gflops = bestGflops_;
  p.jobs = jobs_;
  double eta = done_ > 0 ? p.elapsed_s / done_ * std::max(0, p.total - done_) : -1;
  if (session_.time_budget_s > 0) {
    double left = std::max(0.0, session_.time_budget_s - p.elapsed_s);
    eta = eta < 0 ? left : std::min(eta, left);
  }
  p.eta_s = eta;
  return p;
}

void TuneController::pause() {
  if (state_ != views::TuneRunState::Running) return;
  setState(views::TuneRunState::Pausing);
  if (cancel_) *cancel_ = true;
}

bool TuneController::resume() {
  if (state_ != views::TuneRunState::Paused || busy()) return false;
  addMessage(tr("Resuming: %1 of %2 trials left").arg(session_.trials - done_).arg(session_.trials),
             false);
  launch();
  return true;
}

void TuneController::cancel() {
  if (state_ == views::TuneRunState::Paused) {
    setState(views::TuneRunState::Idle);
    QString summary = tr("Cancelled after %1 of %2 trials.").arg(done_).arg(session_.trials);
    addMessage(summary, false);
    emit sessionEnded(true, summary);
    return;
  }
  if (state_ != views::TuneRunState::Running && state_ != views::TuneRunState::Pausing) return;
  setState(views::TuneRunState::Cancelling);
  if (cancel_) *cancel_ = true;
}

void TuneController::workerStopped() {
  outcome_ = watcher_.result();
  elapsedBefore_ += segmentClock_.elapsed() / 1000.0;
  segmentClock_.invalidate();
  tick_.stop();
  if (!outcome_.ok) {
    QString error = QString::fromStdString(outcome_.error);
    addMessage(tr("Tuning stopped: %1").arg(error), true);
    setState(views::TuneRunState::Idle);
    emit sessionEnded(false, error);
    return;
  }
  const bool complete = done_ >= session_.trials ||
                        (session_.time_budget_s > 0 && elapsedBefore_ >= session_.time_budget_s);
  if (state_ == views::TuneRunState::Pausing && !complete) {
    setState(views::TuneRunState::Paused);
    addMessage(
        tr("Paused after %1 of %2 trials: Resume continues.").arg(done_).arg(session_.trials),
        false);
    return;
  }
  QString summary = state_ == views::TuneRunState::Cancelling
                        ? tr("Cancelled after %1 of %2 trials.").arg(done_).arg(session_.trials)
                        : tr("Tuned: %1 trials measured in %2.")
                              .arg(done_)
                              .arg(views::FormatDuration(elapsedBefore_));
  // The headline is what the session offers (the confirmed, re-ranked best, or the
  // document's schedule when it found no speed-up), timed as its claim timed it.
  if (outcome_.offered) {
    bestGflops_ = outcome_.offered->gflops;
    summary += " " + DescribeOffered(*outcome_.offered);
    if (QString claim = DescribeClaim(outcome_.claim); !claim.isEmpty()) summary += " " + claim;
    if (QString laid_out = LaidOutArgumentsText(outcome_.offered->record); !laid_out.isEmpty())
      summary += " " + laid_out;
  }
  addMessage(summary, false);
  setState(views::TuneRunState::Idle);
  emit sessionEnded(true, summary);
}

bool TuneOutcome::bestTimedSlower(qint64 id) const {
  return claim.kind == tune::SpeedupClaim::Kind::kNoSpeedup && best && best->id == id &&
         claim.comparison.speedupSpread().second < 1.0;
}

Status TuneController::apply(qint64 id) {
  auto it = std::find_if(candidates_.begin(), candidates_.end(),
                         [id](const tune::TuningRecord& r) { return r.id == id; });
  if (it == candidates_.end())
    return Error(tr("there is no tuned candidate %1").arg(id).toStdString());
  if (outcome_.bestTimedSlower(id))
    return Error(tr("tuned candidate %1 is slower than the document's schedule by the tuner's own "
                    "measurement (×%2): the document's schedule stays")
                     .arg(id)
                     .arg(outcome_.claim.comparison.speedup, 0, 'f', 2)
                     .toStdString());
  const views::DocumentState& state = doc_->state();
  if (state.program && state.program->is_tensorir()) {
    auto text = tensorIRCandidateOnDocument(*it);
    if (!text.ok()) return text.error();
    return replaceWithCandidate(*it, *text);
  }
  if (!state.program || !state.program->schedule)
    return Error(
        tr("the document's script does not evaluate: fix it before applying a tuned candidate")
            .toStdString());
  auto candidate = script::EvaluateScript(it->script, "candidate.py");
  if (!candidate || !candidate->schedule)
    return Error(tr("tuned candidate %1 does not evaluate: %2")
                     .arg(id)
                     .arg(QString::fromStdString(candidate ? std::string("it creates no schedule")
                                                           : candidate.error().format()))
                     .toStdString());
  const auto& vars = doc_->targetSettings().vars;
  if (tune::FingerprintWorkload(candidate->schedule->outputs, vars).hash !=
      tune::FingerprintWorkload(state.program->schedule->outputs, vars).hash)
    return Error(tr("tuned candidate %1 computes another workload than the document's (was the te "
                    "definition "
                    "edited since it was tuned?)")
                     .arg(id)
                     .toStdString());
  return replaceWithCandidate(*it, QString::fromStdString(it->script));
}

// A TensorIR candidate is the document's text at the search with an apply_trace: its
// search must have started from the shown function as the document has it now, and its
// trace on the document must evaluate to a TensorIR document of that function.
Result<QString> TuneController::tensorIRCandidateOnDocument(
    const tune::TuningRecord& record) const {
  const views::DocumentState& state = doc_->state();
  const auto& vars = doc_->targetSettings().vars;
  if (record.workload != DocumentWorkload(state, vars))
    return Error(tr("tuned candidate %1 tunes another TensorIR function than the document's (was "
                    "the function or its schedule edited since it was tuned?)")
                     .arg(record.id)
                     .toStdString());
  script::ScriptProgram document = *state.program;
  document.source = doc_->text().toStdString();
  auto text = tune::TirCandidateOnDocument(document, record.script);
  if (!text)
    return Error(tr("tuned candidate %1 cannot be put on the document: %2")
                     .arg(record.id)
                     .arg(QString::fromStdString(text.error().message))
                     .toStdString());
  auto candidate = script::EvaluateScript(*text, "candidate.py");
  const std::string& shown = state.program->tir_func_name;
  std::string problem = !candidate                  ? candidate.error().format()
                        : !candidate->is_tensorir() ? std::string("it has no tir.Schedule")
                        : candidate->tir_func_name != shown
                            ? "it schedules " + candidate->tir_func_name + ", not " + shown
                            : std::string();
  if (!problem.empty())
    return Error(tr("tuned candidate %1 does not evaluate as a TensorIR document: %2")
                     .arg(record.id)
                     .arg(QString::fromStdString(problem))
                     .toStdString());
  return QString::fromStdString(*text);
}

Status TuneController::replaceWithCandidate(const tune::TuningRecord& record, const QString& text) {
  if (text == doc_->text()) return Status::Ok();
  doc_->undoStack()->push(new ReplaceScriptCommand(
      doc_, doc_->text(), text,
      tr("apply tuned candidate (%1 GFLOP/s)").arg(record.gflops, 0, 'f', 2)));
  addMessage(tr("Applied the candidate at %1 GFLOP/s (Edit ▸ Undo returns).")
                 .arg(record.gflops, 0, 'f', 2),
             false);
  return Status::Ok();
}

QDialog* TuneController::compare(qint64 left, qint64 right, QWidget* parent) {
  auto find = [this](qint64 id) -> const tune::TuningRecord* {
    for (const tune::TuningRecord& r : candidates_)
      if (r.id == id) return &r;
    return nullptr;
  };
  const tune::TuningRecord* a = find(left);
  const tune::TuningRecord* b = find(right);
  if (!a || !b) return nullptr;
  auto label = [this](const tune::TuningRecord* r) {
    int rank = int(r - candidates_.data()) + 1;
    return tr("#%1 (%2 GFLOP/s)").arg(rank).arg(r->gflops, 0, 'f', 2);
  };
  VersionComparison c;
  c.left = label(a);
  c.right = label(b);
  c.script = views::DiffLines(views::SplitLines(a->script), views::SplitLines(b->script));
  const std::string function = doc_->tirFunction().toStdString();
  c.loops = views::DiffLines(views::SplitLines(LoopNestText(a->script, "left.py", function)),
                             views::SplitLines(LoopNestText(b->script, "right.py", function)));
  auto ms = [](const tune::TuningRecord* r) {
    return tr("%1 ms (fastest %2)").arg(r->median_ms, 0, 'f', 3).arg(r->min_ms, 0, 'f', 3);
  };
  const QString agrees = views::AgreesWithReference(doc_->state());
  auto checked = [&agrees](const tune::TuningRecord* r) {
    return r->checked ? agrees : tr("not checked");
  };
  c.numbers.push_back(
      {tr("GFLOP/s"), QString::number(a->gflops, 'f', 2), QString::number(b->gflops, 'f', 2)});
  c.numbers.push_back({tr("median time"), ms(a), ms(b)});
  c.numbers.push_back({tr("reference check"), checked(a), checked(b)});
  c.numbers.push_back(
      {tr("found by"), QString::fromStdString(a->source), QString::fromStdString(b->source)});
  c.numbers.push_back({tr("speed of right vs left"), QString(),
                       b->median_ms > 0 ? QString("×%1").arg(a->median_ms / b->median_ms, 0, 'f', 2)
                                        : QString("—")});
  c.numbers.push_back(
      {tr("changed script lines"), QString(), QString::number(views::ChangedLineCount(c.script))});
  c.numbers.push_back({tr("changed loop-nest lines"), QString(),
                       QString::number(views::ChangedLineCount(c.loops))});
  auto* dialog = new VersionCompareDialog(c, parent);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
  return dialog;
}

Status TuneController::makeTunable(const views::Intent& intent) {
  const views::DocumentState& state = doc_->state();
  if (!state.schedule)
    return Error(
        tr("Make tunable: the script has no schedule (fix its errors first)").toStdString());
  auto knob = views::KnobFromIntent(*state.schedule, intent);
  if (!knob) return Error("Make tunable: " + knob.error().message);
  for (tune::TunableKnob& k : knobs_)
    if (k.SameChoice(*knob)) {
      k = *knob;
      showKnobs();
      return Status::Ok();
    }
  knobs_.push_back(*knob);
  addMessage(tr("Tunable: %1. Sessions now search the knobs' %2 points.")
                 .arg(QString::fromStdString(knob->Describe()))
                 .arg(tune::KnobSpaceSize(knobs_)),
             false);
  showKnobs();
  return Status::Ok();
}

void TuneController::removeKnob(int index) {
  if (index < 0 || index >= int(knobs_.size())) return;
  knobs_.erase(knobs_.begin() + index);
  showKnobs();
}

// After an edit the knobs are derived again from the new schedule (their trace entries
// may have moved); one whose loop is gone is dropped. While the script does not
// evaluate they stay as they were.
void TuneController::refreshKnobs() {
  const views::DocumentState& state = doc_->state();
  if (knobs_.empty() || !state.schedule) return;
  std::vector<tune::TunableKnob> kept;
  for (const tune::TunableKnob& k : knobs_) {
    auto again = tune::OfferKnob(*state.schedule, k.stage, k.var, k.kind);
    if (again)
      kept.push_back(*again);
    else
      addMessage(tr("The knob %1 was dropped: %2")
                     .arg(QString::fromStdString(k.Describe()),
                          QString::fromStdString(again.error().message)),
                 true);
  }
  knobs_ = std::move(kept);
  showKnobs();
}

void TuneController::showKnobs() {
  QStringList texts;
  for (const tune::TunableKnob& k : knobs_) texts << QString::fromStdString(k.Describe());
  if (view_) view_->setKnobs(texts);
  emit knobsChanged();
}

}  // namespace tessera::gui
