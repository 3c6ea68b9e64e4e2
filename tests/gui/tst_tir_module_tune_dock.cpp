// The Tune dock on a TensorIR module of two functions whose script schedules f: with g
// shown (View ▸ TensorIR Function) a short real session searches g, its records are g's;
// Apply puts a searched candidate's trace on the document after
// sch.work_on("g") as one undo step, g scheduled and f's lines kept — also lines f
// gained after the search; a reopened project shows g's stored candidates.
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "Document.h"
#include "MainWindow.h"
#include "TirTwoFunctionModule.h"
#include "TuneController.h"
#include "TuneDockFixture.h"
#include "codegen/LLVMBackend.h"
#include "tir/ScriptPrinter.h"
#include "views/TuneView.h"

namespace tst_tir_module_tune_dock {

using namespace tessera;

namespace {

// The module of f and g (TirTwoFunctionModule.h), f split by the script.
const QString kModule = QString(kTirTwoFunctionModule) +
                        "\n"
                        "from tvm import tir\n"
                        "sch = tir.Schedule(Module)\n"
                        "sch.work_on(\"f\")\n"
                        "(i,) = sch.get_loops(sch.get_block(\"B\"))\n"
                        "sch.split(i, factors=[None, 4])\n";

// The module's function `name` as the document holds it, printed as TVMScript.
QString Printed(const gui::Document* doc, const std::string& name) {
  for (const auto& [f, func] : doc->state().program->tir_module)
    if (f == name) return QString::fromStdString(tir::AsTVMScript(func));
  return QString();
}

}  // namespace

class TestTirModuleTuneDock : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void theShownFunctionIsTunedAndItsBestApplied() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    const QString db = dir.filePath("records.db");
    testing::TuneDockWindow win(db, 120, kModule, "module.py");
    QVERIFY(win.tune && win.view);
    gui::Document* doc = win.w.document();
    doc->setTirFunction("g");
    QCOMPARE(doc->shownTirFunction(), QString("g"));
    const QString f = Printed(doc, "f"), g = Printed(doc, "g");

    QVERIFY(win.start(3));
    QVERIFY(testing::MessagesContain(win.tune, "blocks of TensorIR function g"));
    QVERIFY(testing::WaitForEnd(win.tune));
    const gui::TuneOutcome& outcome = win.tune->lastOutcome();
    QVERIFY2(outcome.ok, outcome.error.c_str());
    QVERIFY(outcome.best && outcome.best->checked);
    QVERIFY(outcome.input);
    QCOMPARE(outcome.best->workload_name, std::string("tir:g"));
    const auto& candidates = win.tune->candidates();
    QVERIFY(!candidates.empty());
    // The fastest searched one (a trace for g) that Apply takes (not a best timed slower).
    const tune::TuningRecord* pick = nullptr;
    for (const tune::TuningRecord& r : candidates) {
      QCOMPARE(r.workload, outcome.best->workload);
      if (!pick && r.status == tune::kStatusOk &&
          r.script.find("def apply_trace(") != std::string::npos && !outcome.bestTimedSlower(r.id))
        pick = &r;
    }
    QVERIFY2(pick, "no searched candidate that Apply takes ran");
    const tune::TuningRecord picked = *pick;
    // The project remembers g; its candidates are what a reopened window shows.
    const QString project = dir.filePath("module.tessera");
    QVERIFY(win.w.saveAs(project));

    // Apply: one undo step; g gets the trace after work_on("g"), f keeps its split.
    const QString before = doc->text();
    const int steps = doc->undoStack()->count();
    win.view->selectIds({picked.id});
    QVERIFY(win.view->button("tuneApply")->isEnabled());
    win.view->button("tuneApply")->click();
    QVERIFY2(doc->undoStack()->count() == steps + 1,
             qPrintable("Apply added no undo step: " + win.tune->messages().join("\n")));
    QCOMPARE(doc->text(), QString::fromStdString(picked.script));
    QVERIFY(doc->text().startsWith(before));
    QVERIFY(doc->text().endsWith("sch.work_on(\"g\")\napply_trace(sch)\n"));
    QVERIFY(doc->state().errors.empty());
    QCOMPARE(doc->shownTirFunction(), QString("g"));
    QVERIFY(Printed(doc, "g") != g);
    QCOMPARE(Printed(doc, "f"), f);
    doc->undoStack()->undo();
    QCOMPARE(doc->text(), before);
    QCOMPARE(Printed(doc, "g"), g);

    // f scheduled further since the search: the candidate goes on the document as it is.
    const QString more = before + "sch.parallel(sch.get_loops(sch.get_block(\"B\"))[0])\n";
    doc->editScript(more);
    QCOMPARE(doc->shownTirFunction(), QString("g"));
    const QString fParallel = Printed(doc, "f");
    QVERIFY(fParallel.contains("T.parallel"));
    Status applied = win.tune->apply(picked.id);
    QVERIFY2(applied.ok(), applied.ok() ? "" : applied.error().message.c_str());
    QVERIFY(doc->text().startsWith(more));
    QCOMPARE(Printed(doc, "f"), fParallel);
    QVERIFY(Printed(doc, "g") != g);
    doc->undoStack()->undo();
    QCOMPARE(doc->text(), more);

    // Reopened: g shown, its stored candidates listed.
    testing::TuneDockWindow again(db, 120);
    QVERIFY(again.w.openFile(project).ok());
    QCOMPARE(again.w.document()->shownTirFunction(), QString("g"));
    QVERIFY(!again.tune->candidates().empty());
    for (const tune::TuningRecord& r : again.tune->candidates())
      QCOMPARE(r.workload, picked.workload);
  }
};

}  // namespace tst_tir_module_tune_dock

QTEST_MAIN(tst_tir_module_tune_dock::TestTirModuleTuneDock)
#include "tst_tir_module_tune_dock.moc"
