// The Tune dock (issue #13 item 6) on the real window, tuning for real: candidates are
// measured by the local runner in tessera-cli worker processes (the one this build made).
// A short session shows its trials as they arrive (chart, table, progress) while the
// window keeps answering; the best candidate applied is ONE undo step; pause keeps the
// session and resume continues it without measuring a schedule twice; cancel stops; a
// second session on the same records database resumes from it; and a candidate that
// crashes its measuring process or hangs is a failed trial, not the end of the app.
// With the document's Runner set to Slurm (issue #14) a session submits its batches as
// Slurm job arrays (against the single-node Slurm of scripts/slurm-up.sh; skipped with the
// reason when Slurm is not up) with the same trials, plots and records.
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextEdit>
#include <QtTest>
#include <algorithm>
#include <cstdlib>
#include <set>

#include "MainWindow.h"
#include "ScopedEnv.h"
#include "TuneController.h"
#include "TuneDockFixture.h"
#include "VersionCompare.h"
#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runner/SlurmRunner.h"
#include "script/Evaluator.h"
#include "tune/Database.h"
#include "tune/TunableKnobs.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/TuneView.h"

namespace tst_tune_dock {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::gui::TuneController;
using tessera::views::TuneRunState;

using testing::BuiltWorker;
using testing::MessagesContain;
using testing::WaitForEnd;

const char* kSmallGemm = R"(import tvm
from tvm import te

A = te.placeholder((32, 32), name="A")
B = te.placeholder((32, 32), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

// The small GEMM with a split and a vectorized loop: the choices Make Tunable turns into knobs.
QString SplitGemm() {
  return QString(kSmallGemm) + "jo, ji = s[C].split(C.op.axis[1], factor=8)\ns[C].vectorize(ji)\n";
}

QAction* MakeTunableAction(QMenu* menu, const char* kind) {
  auto* sub = menu ? menu->findChild<QMenu*>("menuMakeTunable") : nullptr;
  return sub ? sub->findChild<QAction*>(QString("makeTunable_") + kind) : nullptr;
}

// A runner that turns the first candidate of every search batch of several into one whose
// measuring process aborts (crashes), and the second into one that hangs (killed after 3 s):
// real crashes and hangs in the worker's child processes (MeasureBatch's test hook). The
// search's requests are the ones whose id starts with 'c'; the re-ranking rounds and the
// claim are measured as they are (a hang in each of them only made the suite slower).
class FaultyRunner : public runner::Runner {
 public:
  explicit FaultyRunner(std::unique_ptr<runner::Runner> inner) : inner_(std::move(inner)) {}
  std::string Name() const override { return "faulty(" + inner_->Name() + ")"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks& callbacks) override {
    std::vector<runner::MeasureRequest> faulty = requests;
    const bool search = std::all_of(requests.begin(), requests.end(),
                                    [](const auto& r) { return !r.id.empty() && r.id[0] == 'c'; });
    if (search && faulty.size() >= 2) {
      faulty[0].test_fault = "abort";  // (ASan turns a SEGV into an exit of the whole worker)
      faulty[1].test_fault = "hang";
      faulty[1].timeout_s = 3;
    }
    return inner_->Measure(faulty, callbacks);
  }

 private:
  std::unique_ptr<runner::Runner> inner_;
};

struct Window : testing::TuneDockWindow {
  explicit Window(const QString& db) : TuneDockWindow(db, 60, kSmallGemm, "gemm32.py") {}
};

std::vector<tune::TuningRecord> AllRecords(const QString& db, const std::string& workload) {
  auto opened = tune::Database::Open(db.toStdString());
  if (!opened) return {};
  auto all = (*opened)->All({workload, "llvm", runner::ReadMachineSignature().Key()});
  return all ? *all : std::vector<tune::TuningRecord>{};
}

// The document's runner: the single-node Slurm, measuring in `workdir`.
void UseSlurm(MainWindow& w, const QString& workdir) {
  project::TargetSettings target = w.document()->targetSettings();
  target.runner.kind = "slurm";
  target.runner.partition = "";
  target.runner.time_limit = "";
  target.runner.workdir = workdir.toStdString();
  w.document()->setTargetSettings(target);
}

using tessera::testing::ScopedEnv;

class TestTuneDock : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_tune_dock");
  }

  void theDockIsThereAndIdle() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    QVERIFY(win.tune && win.view);
    QVERIFY(win.w.dock("TuneDock"));
    QVERIFY(win.w.action("actionTune"));
    QCOMPARE(win.tune->state(), TuneRunState::Idle);
    QVERIFY(win.view->button("tuneStart")->isEnabled());
    QVERIFY(!win.view->button("tunePause")->isEnabled());
    QVERIFY(!win.view->button("tuneResume")->isEnabled());
    QVERIFY(!win.view->button("tuneApply")->isEnabled());
    QCOMPARE(win.tune->databasePath(), dir.filePath("records.db"));
  }

  // Nothing to tune: Start is disabled and says why; a start asked for anyway is a
  // message, the state stays idle, nothing crashes.
  void aScriptWithErrorsIsRefused() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    win.w.document()->reset("import tvm\nfrom tvm import te\nA = te.placeholder((4,), name=\n",
                            "broken.py");
    QVERIFY(!win.view->button("tuneStart")->isEnabled());
    QVERIFY(win.view->button("tuneStart")->toolTip().contains("errors"));
    QVERIFY(!win.start(2));
    QVERIFY(!win.tune->start(gui::TuneSettings{}));
    QCOMPARE(win.tune->state(), TuneRunState::Idle);
    QVERIFY(MessagesContain(win.tune, "does not evaluate"));
  }

  // The knobs' space on its own: a point is the trace with each knob's entry changed and
  // replayed; "none" removes an annotation; the grid has every point once.
  void knobsChangeTheirTraceEntries() {
    auto program = script::EvaluateScript(SplitGemm().toStdString(), "split.py");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().format().c_str());
    const schedule::Schedule& sch = *program->schedule;
    auto split = tune::OfferKnob(sch, "C", "j.inner", tune::TunableKnob::Kind::SplitFactor);
    QVERIFY2(split.ok(), split.ok() ? "" : split.error().message.c_str());
    QCOMPARE(split->parent, std::string("j"));
    QCOMPARE(split->current, std::string("8"));
    QCOMPARE(split->values, (std::vector<std::string>{"2", "4", "8", "16", "32"}));
    auto annotation = tune::OfferKnob(sch, "C", "j.inner", tune::TunableKnob::Kind::Annotation);
    QVERIFY(annotation.ok());
    QCOMPARE(annotation->current, std::string("vectorize"));
    QVERIFY(!tune::OfferKnob(sch, "C", "k", tune::TunableKnob::Kind::SplitFactor)
                 .ok());  // k is not split
    QVERIFY(!tune::OfferKnob(sch, "C", "j", tune::TunableKnob::Kind::Annotation)
                 .ok());  // j is not a loop
    auto order = tune::OfferKnob(sch, "C", "i", tune::TunableKnob::Kind::LoopOrder);
    QVERIFY(order.ok());
    QCOMPARE(order->values.size(), size_t(24));  // 4 loops: i, j.outer, j.inner, k
    QCOMPARE(order->values.front(), order->current);

    std::vector<tune::TunableKnob> knobs{*split, *annotation};
    // factor 16, no annotation: the split changed, the vectorize entry is gone.
    auto changed = tune::ApplyKnobs(*program, knobs, {3, 0});
    QVERIFY2(changed.ok(), changed.ok() ? "" : changed.error().message.c_str());
    QCOMPARE(changed->trace.entries.size(), size_t(1));
    QCOMPARE(changed->trace.entries[0].ints.at("factor"), int64_t(16));
    auto unrolled = tune::ApplyKnobs(*program, knobs, {0, 1});
    QVERIFY(unrolled.ok());
    QCOMPARE(unrolled->trace.entries.back().primitive, std::string("unroll"));
    QCOMPARE(tune::KnobSpaceSize(knobs), int64_t(15));
    int invalid = 0;
    std::vector<std::string> grid = tune::KnobCandidates(*program, knobs, 100, 1, &invalid);
    QCOMPARE(int(grid.size()) + invalid, 15);
    QVERIFY(grid.size() >= 10);
    QCOMPARE(int(std::set<std::string>(grid.begin(), grid.end()).size()), int(grid.size()));
    std::vector<std::string> sample = tune::KnobCandidates(*program, knobs, 4, 1);
    QVERIFY(sample.size() <= 4 && !sample.empty());
  }

  // Make Tunable in both context menus: each kind of knob joins the Tune dock; a loop
  // that offers none has the action disabled with the reason; knobs follow the document.
  void makeTunableFromTheContextMenus() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    win.w.document()->reset(SplitGemm(), "split.py");
    QVERIFY(win.w.document()->state().schedule);
    win.w.selection()->selectIterVar("C", "j.inner");
    QMenu* menu = win.w.iterVarView()->contextMenuFor("j.inner");
    QVERIFY(menu);
    QAction* split = MakeTunableAction(menu, "split");
    QVERIFY(split && split->isEnabled());
    split->trigger();
    QCOMPARE(int(win.tune->knobs().size()), 1);
    QCOMPARE(win.tune->knobs()[0].kind, tune::TunableKnob::Kind::SplitFactor);
    QCOMPARE(win.view->knobList()->count(), 1);
    QVERIFY(win.view->knobList()->item(0)->text().contains("factor"));
    MakeTunableAction(menu, "annotation")->trigger();
    QCOMPARE(int(win.tune->knobs().size()), 2);
    split->trigger();  // the same choice again: still one knob
    QCOMPARE(int(win.tune->knobs().size()), 2);
    delete menu;
    QMenu* kMenu = win.w.iterVarView()->contextMenuFor("k");
    QAction* kSplit = MakeTunableAction(kMenu, "split");
    QVERIFY(kSplit && !kSplit->isEnabled());
    QVERIFY(kSplit->toolTip().contains("not made or split by a split"));
    delete kMenu;
    // The loop nest's context menu offers the same.
    QTreeWidgetItem* loop = win.w.loopNestView()->loopItem("C", "j.outer");
    QVERIFY(loop);
    QMenu* nestMenu = win.w.loopNestView()->contextMenuFor(loop);
    QVERIFY(nestMenu);
    QAction* order = MakeTunableAction(nestMenu, "order");
    QVERIFY(order && order->isEnabled());
    order->trigger();
    QCOMPARE(int(win.tune->knobs().size()), 3);
    delete nestMenu;
    // Remove: the selected knob goes.
    win.view->knobList()->setCurrentRow(2);
    win.view->button("tuneRemoveKnob")->click();
    QCOMPARE(int(win.tune->knobs().size()), 2);
    // An edit keeps the knobs (derived again); another document drops them.
    QVERIFY(win.w.applyIntent(views::Intent{"parallel", "C", {"i"}, {}}));
    QCOMPARE(int(win.tune->knobs().size()), 2);
    win.w.document()->reset(kSmallGemm, "gemm32.py");
    QCOMPARE(int(win.tune->knobs().size()), 0);
    QCOMPARE(win.view->knobList()->count(), 0);
  }

  // With knobs, a session measures exactly the knobs' points.
  void aSessionWithKnobsSearchesThem() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    const QString db = dir.filePath("records.db");
    Window win(db);
    win.w.document()->reset(SplitGemm(), "split.py");
    QVERIFY(
        win.w.applyIntent(views::Intent{"make_tunable", "C", {"j.inner"}, {{"knob", "split"}}}));
    QVERIFY(win.start(3));
    QVERIFY(WaitForEnd(win.tune));
    QVERIFY2(win.tune->lastOutcome().ok, win.tune->lastOutcome().error.c_str());
    QCOMPARE(int(win.tune->trials().size()), 3);
    for (const tune::TuneTrial& t : win.tune->trials()) QCOMPARE(t.source, std::string("knob"));
    QVERIFY(!win.tune->candidates().empty());
    for (const tune::TuningRecord& r : AllRecords(db, win.tune->candidates().front().workload)) {
      QVERIFY(r.source == "knob" || r.source == "input");
      QVERIFY(QString::fromStdString(r.script).contains("vectorize"));  // only the factor varies
    }
  }

  void aShortTuneShowsTrialsAndAppliesTheBestAsOneUndoStep() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    const QString db = dir.filePath("records.db");
    Window win(db);
    // The window keeps answering while candidates are proposed and measured: start()
    // returns before any trial is measured, and the GUI thread's event loop delivers
    // timer ticks before the first trial arrives. (Asserted without a time limit: a
    // loaded machine must not fail it; the longest gap is printed for the log.)
    QElapsedTimer clock;
    qint64 last = 0, worstGap = 0;
    int ticks = 0, ticksAtFirstTrial = -1;
    QTimer timer;
    timer.setInterval(20);
    connect(&timer, &QTimer::timeout, this, [&] {
      qint64 now = clock.elapsed();
      worstGap = std::max(worstGap, now - last);
      last = now;
      ++ticks;
    });
    QSignalSpy trials(win.tune, &TuneController::trialMeasured);
    connect(win.tune, &TuneController::trialMeasured, this, [&] {
      if (ticksAtFirstTrial < 0) ticksAtFirstTrial = ticks;
    });
    clock.start();
    timer.start();
    QVERIFY(win.start(4));
    QCOMPARE(trials.count(), 0);  // measured off the GUI thread, not inside start()
    QVERIFY(!win.view->button("tuneStart")->isEnabled());
    QVERIFY(win.view->button("tunePause")->isEnabled());
    QVERIFY(WaitForEnd(win.tune));
    timer.stop();
    QVERIFY2(win.tune->lastOutcome().ok, win.tune->lastOutcome().error.c_str());
    qInfo(
        "tuning took %lld ms; the GUI thread's longest gap between 20 ms ticks: %lld ms (%d ticks)",
        static_cast<long long>(clock.elapsed()), static_cast<long long>(worstGap), ticks);
    QVERIFY2(ticksAtFirstTrial > 0,
             "the GUI thread's timers did not run while the first trial was measured");
    // Every trial reached the chart; the best-so-far curve never goes down.
    QCOMPARE(trials.count(), 4);
    QCOMPARE(int(win.tune->trials().size()), 4);
    QCOMPARE(win.view->plottedTrials(), 4);
    std::vector<double> best = win.view->bestCurve();
    QCOMPARE(int(best.size()), 4);
    QVERIFY(best.back() > 0);
    for (size_t i = 1; i < best.size(); ++i) QVERIFY(best[i] >= best[i - 1]);
    QVERIFY(win.view->progressLabel()->text().contains("4 of 4"));
    // The table lists the fastest stored candidates, fastest first, with their schedules.
    const auto& candidates = win.tune->candidates();
    QVERIFY(!candidates.empty());
    QCOMPARE(win.view->table()->rowCount(), int(candidates.size()));
    for (size_t i = 1; i < candidates.size(); ++i)
      QVERIFY(candidates[i - 1].median_ms <= candidates[i].median_ms);
    QVERIFY(candidates.front().checked);  // the best was checked against the te oracle
    // The records: the document's own schedule and the 4 candidates.
    auto records = AllRecords(db, candidates.front().workload);
    QCOMPARE(int(records.size()), 5);

    // Apply a candidate (not the document's own schedule): one undo step, undone whole.
    gui::Document* doc = win.w.document();
    const QString before = doc->text();
    const tune::TuningRecord* pick = nullptr;
    for (const tune::TuningRecord& r : candidates)
      if (QString::fromStdString(r.script) != before) {
        pick = &r;
        break;
      }
    QVERIFY(pick);
    const int steps = doc->undoStack()->count();
    win.view->selectIds({pick->id});
    QVERIFY(win.view->button("tuneApply")->isEnabled());
    win.view->button("tuneApply")->click();
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(doc->text(), QString::fromStdString(pick->script));
    QVERIFY(doc->state().errors.empty());
    QVERIFY(doc->state().schedule);
    doc->undoStack()->undo();
    QCOMPARE(doc->text(), before);
    doc->undoStack()->redo();
    QCOMPARE(doc->text(), QString::fromStdString(pick->script));

    // Two candidates side by side: scripts and loop nests.
    if (candidates.size() >= 2) {
      win.view->selectIds({candidates[0].id, candidates[1].id});
      QVERIFY(win.view->button("tuneCompare")->isEnabled());
      QDialog* dialog = win.tune->compare(candidates[0].id, candidates[1].id, &win.w);
      QVERIFY(dialog);
      auto* compare = qobject_cast<gui::VersionCompareDialog*>(dialog);
      QVERIFY(compare);
      QVERIFY(compare->scriptPane(false)->toPlainText().contains("create_schedule"));
      QVERIFY(compare->loopPane(true)->toPlainText().contains("for"));
      dialog->close();
    }
  }

  void aCandidateFromAnotherWorkloadIsNotApplied() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    QVERIFY(win.start(1));
    QVERIFY(WaitForEnd(win.tune));
    QVERIFY(!win.tune->candidates().empty());
    // The te definition edited in the same document (another document clears the
    // candidates: tst_tune_stored_records).
    gui::Document* doc = win.w.document();
    doc->editScript(QString(kSmallGemm).replace("32", "16"));
    QVERIFY(!win.tune->candidates().empty());
    const int steps = doc->undoStack()->count();
    Status st = win.tune->apply(win.tune->candidates().front().id);
    QVERIFY(!st.ok());
    QVERIFY(QString::fromStdString(st.error().message).contains("another workload"));
    QCOMPARE(doc->undoStack()->count(), steps);
  }

  void pauseResumeAndCancel() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    const QString db = dir.filePath("records.db");
    Window win(db);
    QVERIFY(win.start(40));
    QTRY_VERIFY_WITH_TIMEOUT(win.tune->trials().size() >= 1, 300000);
    win.view->button("tunePause")->click();
    QTRY_COMPARE_WITH_TIMEOUT(win.tune->state(), TuneRunState::Paused, 120000);
    const int paused = int(win.tune->trials().size());
    QVERIFY(paused < 40);
    QVERIFY(win.view->button("tuneResume")->isEnabled());
    QVERIFY(win.view->progressLabel()->text().contains("paused"));
    // Resume continues the same session: the count goes on from where it paused.
    win.view->button("tuneResume")->click();
    QCOMPARE(win.tune->state(), TuneRunState::Running);
    QTRY_VERIFY_WITH_TIMEOUT(int(win.tune->trials().size()) > paused, 300000);
    QCOMPARE(win.tune->trials().back().index, int(win.tune->trials().size()));
    win.view->button("tuneCancel")->click();
    QTRY_COMPARE_WITH_TIMEOUT(win.tune->state(), TuneRunState::Idle, 120000);
    const int measured = int(win.tune->trials().size());
    QVERIFY(measured < 40);
    QVERIFY(MessagesContain(win.tune, "Cancelled"));
    // No schedule was measured twice, across the pause.
    QVERIFY(!win.tune->candidates().empty());
    auto records = AllRecords(db, win.tune->candidates().front().workload);
    QCOMPARE(int(records.size()), measured + 1);  // + the document's own schedule
    std::set<std::string> hashes;
    for (const tune::TuningRecord& r : records) QVERIFY(hashes.insert(r.schedule_hash).second);

    // A new session on the same records resumes from them (the table is filled at once).
    Window again(db);
    QVERIFY(again.start(1));
    QVERIFY(WaitForEnd(again.tune));
    QVERIFY(MessagesContain(again.tune, "resumed"));
    QCOMPARE(int(AllRecords(db, again.tune->candidates().front().workload).size()), measured + 2);
  }

  // The Runner setting reaches the Tune dock: Slurm's options (the worker stays the
  // build's tessera-cli), or the local options when the setting is local.
  void theSessionMeasuresWhereTheRunnerSettingSays() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    QCOMPARE(win.tune->sessionRunnerOptions().kind, std::string("local"));
    QCOMPARE(win.tune->sessionRunnerOptions().parallel_builds, 2);
    UseSlurm(win.w, dir.filePath("runs"));
    project::TargetSettings target = win.w.document()->targetSettings();
    target.runner.partition = "debug";
    target.runner.gres = "gpu:1";
    win.w.document()->setTargetSettings(target);
    runner::RunnerOptions o = win.tune->sessionRunnerOptions();
    QCOMPARE(o.kind, std::string("slurm"));
    QCOMPARE(o.partition, std::string("debug"));
    QCOMPARE(o.gres, std::string("gpu:1"));
    QCOMPARE(QString::fromStdString(o.workdir), dir.filePath("runs"));
    QCOMPARE(o.worker_path, BuiltWorker().worker_path);
    QCOMPARE(o.parallel_builds, 0);  // the partition's CPUs decide the array size
  }

  // Slurm chosen but not installed (no sbatch on $PATH): the session ends at once with
  // the reason, the dock idle again.
  void aMissingSlurmEndsTheSessionWithTheReason() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    UseSlurm(win.w, dir.filePath("runs"));
    {
      ScopedEnv path("PATH", "/nonexistent");
      QVERIFY(win.start(2));
      QVERIFY(WaitForEnd(win.tune));
    }
    // Ended before anything was measured (no wait for a job that cannot be submitted);
    // no time limit is asserted, a loaded machine must not fail the test.
    QVERIFY(win.tune->trials().empty());
    QVERIFY(!win.tune->lastOutcome().ok);
    QVERIFY2(
        QString::fromStdString(win.tune->lastOutcome().error).contains("Slurm is not installed"),
        win.tune->lastOutcome().error.c_str());
    QVERIFY(win.view->button("tuneStart")->isEnabled());
  }

  // Tuning from the dock with Runner = Slurm, for real: the candidates are measured by
  // Slurm jobs (submission folders in the work folder, the jobs' state on the progress
  // line), the trials reach the chart, the records carry the node's signature, and the
  // best can be applied as with the local runner.
  void aSessionTunesThroughSlurm() {
    std::string missing;
    if (!runner::SlurmAvailable(&missing))
      QSKIP(qPrintable(QString::fromStdString("Slurm is not up here (" + missing +
                                              "); run scripts/slurm-up.sh as root")));
    if (!codegen::LLVMAvailable() || BuiltWorker().worker_path.empty())
      QSKIP("needs the LLVM backend and the build's tessera-cli");
    QTemporaryDir dir;
    const QString db = dir.filePath("records.db");
    Window win(db);
    UseSlurm(win.w, dir.filePath("runs"));
    QStringList jobLines;
    connect(win.tune, &TuneController::progressChanged, this, [&] {
      if (!win.tune->jobs().isEmpty()) jobLines << win.tune->jobs();
    });
    QVERIFY(win.start(4));
    QVERIFY(WaitForEnd(win.tune));
    for (const QString& m : win.tune->messages()) qInfo("%s", qPrintable(m));
    QVERIFY2(win.tune->lastOutcome().ok, win.tune->lastOutcome().error.c_str());
    QCOMPARE(int(win.tune->trials().size()), 4);
    QCOMPARE(win.view->plottedTrials(), 4);
    QVERIFY(MessagesContain(win.tune, "through slurm"));
    QVERIFY2(!jobLines.isEmpty() && jobLines.join("\n").contains("Slurm:"),
             qPrintable(jobLines.join("\n")));
    QVERIFY2(jobLines.join("\n").contains("done"), qPrintable(jobLines.join("\n")));
    // The batches went through Slurm: submission folders with their array tasks' batches.
    // (The first submission may be the probe job that asked the node for its signature.)
    int taskBatches = 0;
    for (const QString& sub : QDir(dir.filePath("runs")).entryList({"slurm-*"}, QDir::Dirs))
      taskBatches += int(QDir(dir.filePath("runs/" + sub)).entryList({"task-*.json"}).size());
    QVERIFY2(taskBatches > 0, "no Slurm job array measured candidates in the work folder");
    // The records carry the node's signature (here the node is this machine).
    QVERIFY(!win.tune->candidates().empty());
    const tune::TuningRecord& best = win.tune->candidates().front();
    QCOMPARE(best.machine_key, runner::ReadMachineSignature().Key());
    QVERIFY(QString::fromStdString(best.machine_json).contains("hostname"));
    QVERIFY(int(AllRecords(db, best.workload).size()) >= 4);
    QVERIFY(win.tune->apply(best.id).ok());
  }

  void aCrashingOrHangingCandidateIsAFailedTrial() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    win.tune->setRunnerFactory([](std::string* error) -> std::unique_ptr<runner::Runner> {
      auto inner = runner::MakeRunner(BuiltWorker(), error);
      if (!inner) return nullptr;
      return std::make_unique<FaultyRunner>(std::move(inner));
    });
    gui::TuneSettings s = win.tune->defaults();
    s.batch_size = 3;
    win.tune->setDefaults(s);
    QVERIFY(win.start(3));
    QVERIFY(WaitForEnd(win.tune));
    QVERIFY2(win.tune->lastOutcome().ok, win.tune->lastOutcome().error.c_str());
    std::multiset<std::string> statuses;
    for (const tune::TuneTrial& t : win.tune->trials()) statuses.insert(t.status);
    for (const QString& m : win.tune->messages()) qInfo("%s", qPrintable(m));
    QCOMPARE(int(win.tune->trials().size()), 3);
    QCOMPARE(int(statuses.count("crashed")), 1);
    QCOMPARE(int(statuses.count("timeout")), 1);
    QCOMPARE(int(statuses.count("ok")), 1);
    QCOMPARE(win.view->failedTrials(), 2);
    QVERIFY(MessagesContain(win.tune, "crashed"));
    QVERIFY(MessagesContain(win.tune, "timeout"));
    // The app goes on: the document still evaluates and the best can be applied, unless
    // the claim timed it slower than the document's schedule (tst_tune_claims_gui).
    QVERIFY(win.w.document()->state().schedule);
    QVERIFY(!win.tune->candidates().empty());
    const gui::TuneOutcome& outcome = win.tune->lastOutcome();
    const tune::TuningRecord& front = win.tune->candidates().front();
    Status applied = win.tune->apply(front.id);
    const bool slower = outcome.bestTimedSlower(front.id);
    QVERIFY2(applied.ok() != slower, applied.ok() ? "" : applied.error().message.c_str());
  }
};

}  // namespace tst_tune_dock

QTEST_MAIN(tst_tune_dock::TestTuneDock)
#include "tst_tune_dock.moc"
