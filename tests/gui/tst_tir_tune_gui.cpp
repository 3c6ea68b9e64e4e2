// The Tune dock on a TensorIR document, tuning for real: the shipped GEMM example is
// searched over its blocks' design space (core/tune/tir) by the local runner's worker
// processes on the controller's thread, while the window keeps answering; the dock shows
// each trial, the fastest candidates and the best with its claim against the document's
// own schedule; Apply puts a candidate (the document with an apply_trace) on the document
// as one undo step. A TensorIR script with an error, or one whose function does not
// lower, cannot be tuned, and the dock says why.
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "Document.h"
#include "Examples.h"
#include "MainWindow.h"
#include "TuneController.h"
#include "TuneDockFixture.h"
#include "VersionCompare.h"
#include "codegen/LLVMBackend.h"
#include "tir/Schedule.h"
#include "views/ReferenceName.h"
#include "views/TuneView.h"

namespace tst_tir_tune_gui {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::gui::TuneController;
using tessera::views::TuneRunState;

using testing::MessagesContain;

namespace {

QString TensorIRExample(const QString& name) {
  for (const QString& f : gui::TensorIRExampleFiles())
    if (f.endsWith("/" + name)) return f;
  return QString();
}

struct Window : testing::TuneDockWindow {
  explicit Window(const QString& db) : TuneDockWindow(db, 120) {}
};

size_t TraceLength(const gui::Document* doc) {
  const auto& sch = doc->state().tir_schedule;
  return sch ? sch->trace().insts.size() : 0;
}

}  // namespace

class TestTirTuneGui : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void theGemmExampleIsTunedAndItsBestApplied() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    QVERIFY(win.tune && win.view);
    const QString example = TensorIRExample("gemm_tir.py");
    QVERIFY(!example.isEmpty());
    QVERIFY(win.w.openExample(example).ok());
    gui::Document* doc = win.w.document();
    QVERIFY(doc->state().tir_schedule);
    QVERIFY(doc->state().errors.empty());
    QVERIFY(win.view->button("tuneStart")->isEnabled());

    // The GUI thread's timers keep firing while candidates are measured.
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
    ticker.start(20);
    QSignalSpy trials(win.tune, &TuneController::trialMeasured);
    QSignalSpy ended(win.tune, &TuneController::sessionEnded);
    QVERIFY(win.start(3));
    QVERIFY(win.tune->busy());
    QVERIFY(MessagesContain(win.tune, "TensorIR function's blocks"));
    QVERIFY(!win.view->button("tuneStart")->isEnabled());
    QVERIFY(ended.wait(600000));
    ticker.stop();
    QVERIFY(ticks > 10);

    QCOMPARE(ended.count(), 1);
    const gui::TuneOutcome& outcome = win.tune->lastOutcome();
    QVERIFY2(outcome.ok, outcome.error.c_str());
    QVERIFY(outcome.best);
    QVERIFY(outcome.input);
    QVERIFY(outcome.best->checked);
    QCOMPARE(QString::fromStdString(outcome.input->script), doc->text());
    QVERIFY(trials.count() >= 1);
    QCOMPARE(win.view->plottedTrials(), trials.count());
    QVERIFY(win.view->progressLabel()->text().contains(" of 3"));
    // The closing line names the best and what may be said against the document's schedule.
    const QString summary = ended.first().at(1).toString();
    qInfo("%s", qPrintable(summary));
    QVERIFY2(summary.contains("Best"), qPrintable(summary));
    QVERIFY2(summary.contains(gui::DescribeClaim(outcome.claim)), qPrintable(summary));
    QVERIFY(outcome.claim.kind != tune::SpeedupClaim::Kind::kNone);

    // The table: the fastest candidates, all of this document's function.
    const auto& candidates = win.tune->candidates();
    QVERIFY(!candidates.empty());
    QCOMPARE(win.view->table()->rowCount(), int(candidates.size()));
    for (const tune::TuningRecord& r : candidates) {
      QCOMPARE(r.workload, outcome.best->workload);
      QVERIFY(QString::fromStdString(r.workload).startsWith("tir-"));
    }

    // Two candidates side by side name what a TensorIR candidate was checked against.
    if (candidates.size() >= 2) {
      QDialog* dialog = win.tune->compare(candidates[0].id, candidates[1].id, &win.w);
      auto* compare = qobject_cast<gui::VersionCompareDialog*>(dialog);
      QVERIFY(compare);
      const QString agrees = views::AgreesWithReference(doc->state());
      QTableWidget* numbers = compare->numbers();
      int row = 0;
      while (row < numbers->rowCount() && numbers->item(row, 0)->text() != "reference check") ++row;
      QVERIFY(row < numbers->rowCount());
      for (int side : {1, 2}) {
        const QString said = numbers->item(row, side)->text();
        QVERIFY2(said == agrees || said == "not checked", qPrintable(said));
      }
      QCOMPARE(numbers->item(row, 1)->text() == agrees, candidates[0].checked);
      dialog->close();
    }

    // Apply a searched candidate: the document plus its apply_trace, one undo step.
    const QString before = doc->text();
    const size_t traceBefore = TraceLength(doc);
    // Not a best that Apply refuses as timed slower than the document's schedule.
    const tune::TuningRecord* pick = nullptr;
    for (const tune::TuningRecord& r : candidates)
      if (QString::fromStdString(r.script) != before && r.status == tune::kStatusOk &&
          !outcome.bestTimedSlower(r.id)) {
        pick = &r;
        break;
      }
    QVERIFY2(pick, "no searched candidate ran");
    QVERIFY(pick->script.find("def apply_trace(sch") != std::string::npos);
    const int steps = doc->undoStack()->count();
    win.view->selectIds({pick->id});
    QVERIFY(win.view->button("tuneApply")->isEnabled());
    win.view->button("tuneApply")->click();
    QVERIFY2(doc->undoStack()->count() == steps + 1,
             qPrintable("Apply added no undo step: " + win.tune->messages().join("\n")));
    QCOMPARE(doc->text(), QString::fromStdString(pick->script));
    QVERIFY(doc->state().errors.empty());
    QVERIFY(doc->state().tir_schedule);
    QVERIFY(TraceLength(doc) > traceBefore);
    doc->undoStack()->undo();
    QCOMPARE(doc->text(), before);
    QCOMPARE(TraceLength(doc), traceBefore);
    doc->undoStack()->redo();
    QCOMPARE(doc->text(), QString::fromStdString(pick->script));

    // The records stay with the function they tuned: after an edit of the function they
    // are not applied to it.
    doc->undoStack()->undo();
    QString edited = before;
    edited.replace("M = 256", "M = 128");
    QVERIFY(edited != before);
    doc->editScript(edited);
    QVERIFY(doc->state().tir_schedule);
    const int editedSteps = doc->undoStack()->count();
    Status refused = win.tune->apply(pick->id);
    QVERIFY(!refused.ok());
    QVERIFY2(QString::fromStdString(refused.error().message).contains("another TensorIR function"),
             refused.error().message.c_str());
    QCOMPARE(doc->undoStack()->count(), editedSteps);
    QCOMPARE(doc->text(), edited);
  }

  void aTensorIRScriptWithAnErrorIsNotTuned() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    QVERIFY(win.tune && win.view);
    gui::Document* doc = win.w.document();
    doc->reset(
        "import tvm\n"
        "from tvm import te, tir\n"
        "A = te.placeholder((64, 64), \"float32\", name=\"A\")\n"
        "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
        "sch = tir.Schedule(te.create_prim_func([A, B]))\n"
        "b = sch.get_block(\"D\")\n",
        "broken_tir.py");
    QVERIFY(!doc->state().errors.empty());
    QVERIFY(!win.view->button("tuneStart")->isEnabled());
    QVERIFY(win.view->button("tuneStart")->toolTip().contains("errors"));
    QVERIFY(!win.tune->start(gui::TuneSettings{}));
    QCOMPARE(win.tune->state(), TuneRunState::Idle);
    QVERIFY(!win.tune->busy());
    // The refusal names the script's own error.
    const QString error = QString::fromStdString(doc->state().errors.front().format());
    QVERIFY(MessagesContain(win.tune, "Nothing to tune"));
    QVERIFY(MessagesContain(win.tune, error));
  }

  void aScheduleThatDoesNotLowerIsNotTuned() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    QVERIFY(win.tune && win.view);
    gui::Document* doc = win.w.document();
    // The schedule applies, but its function does not lower (an unroll step must be an
    // integer): every candidate is checked against the lowered function, so there is no
    // session; the refusal carries the lowering error.
    doc->reset(
        "import tvm\n"
        "from tvm import te, tir\n"
        "A = te.placeholder((64, 64), \"float32\", name=\"A\")\n"
        "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
        "sch = tir.Schedule(te.create_prim_func([A, B]))\n"
        "b = sch.get_block(\"B\")\n"
        "i, j = sch.get_loops(b)\n"
        "sch.annotate(i, \"pragma_auto_unroll_max_step\", 1.5)\n",
        "does_not_lower_tir.py");
    QVERIFY(doc->state().tir_schedule);
    QVERIFY(!doc->state().function);
    QVERIFY(!win.view->button("tuneStart")->isEnabled());
    QVERIFY(!win.tune->start(gui::TuneSettings{}));
    QCOMPARE(win.tune->state(), TuneRunState::Idle);
    QVERIFY(MessagesContain(win.tune, "lowering the TensorIR function failed"));
    QVERIFY(MessagesContain(win.tune, "pragma_auto_unroll_max_step"));
  }
};

}  // namespace tst_tir_tune_gui

QTEST_MAIN(tst_tir_tune_gui::TestTirTuneGui)
#include "tst_tir_tune_gui.moc"
