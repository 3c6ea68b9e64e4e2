// Run ▸ Check on the GPU emulator (issue #15), driven through the main window: a GPU
// schedule whose two warps share a tile of A passes (outputs match the oracle, no race);
// the same schedule with its barrier deliberately removed from the kernel is reported as
// a race located on the kernel, the loops that write and read the shared tile (the first
// becomes the selection) and the CUDA lines that touch it (highlighted in the report).
#include <QAction>
#include <QDialog>
#include <QPlainTextEdit>
#include <QtTest>

#include "InstrumentPanels.h"
#include "KernelEdits.h"
#include "MainWindow.h"
#include "runtime/cuda/Emulator.h"

namespace tst_emulator_check_gui {

using namespace tessera;
using tessera::testing::WithoutBarriers;

namespace {

// Two warps per block share a 32 x 64 tile of A: thread j reads what thread 63 - j
// wrote, so the copy and the reads must be separated by a barrier.
constexpr const char* kSharedTranspose = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
C = te.compute(A.shape, lambda i, j: A[i, 63 - j] + 1.0, name="C")
s = te.create_schedule(C.op)
AA = s.cache_read(A, "shared", [C])
io, ii = s[C].split(C.op.axis[0], factor=32)
s[C].bind(io, te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
s[AA].compute_at(s[C], io)
s[AA].bind(AA.op.axis[1], te.thread_axis("threadIdx.x"))
)";

}  // namespace

class TestEmulatorCheckGui : public QObject {
  Q_OBJECT
  gui::MainWindow* window_ = nullptr;
  gui::InstrumentPanels* panels_ = nullptr;

  bool Check(const std::function<std::string(std::string)>& edit) {
    QSignalSpy done(panels_, &gui::InstrumentPanels::checkFinished);
    if (!panels_->checkOnEmulator(edit)) return false;
    return done.wait(240000);
  }

 private slots:
  void initTestCase() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no C++ compiler for the GPU emulator");
    window_ = new gui::MainWindow;
    window_->setInteractive(false);
    panels_ = window_->findChild<gui::InstrumentPanels*>();
    QVERIFY(panels_);
    QVERIFY(window_->action("actionCheckEmulator"));
    window_->document()->reset(QString(kSharedTranspose), "shared.py");
    QVERIFY(window_->document()->state().errors.empty());
  }
  void cleanupTestCase() { delete window_; }

  void anIntactScheduleMatchesAndHasNoRace() {
    QVERIFY(Check({}));
    QVERIFY2(panels_->lastReport().has_value(), qPrintable(panels_->lastError()));
    const reference::EmulatorReport& r = *panels_->lastReport();
    QVERIFY2(r.ok(), r.text.c_str());
    QVERIFY(r.text.find("no race seen") != std::string::npos);
    QVERIFY(r.cuda_source.find("__syncthreads();") != std::string::npos);
    QVERIFY(panels_->reportDialog() && panels_->reportDialog()->isVisible());
  }

  void aRemovedBarrierIsARaceOnItsLoopsAndLines() {
    window_->selection()->clear();
    QVERIFY(Check(WithoutBarriers));
    QVERIFY2(panels_->lastReport().has_value(), qPrintable(panels_->lastError()));
    const reference::EmulatorReport& r = *panels_->lastReport();
    QVERIFY(!r.ok());
    const reference::EmulatorFinding* race = nullptr;
    for (const reference::EmulatorFinding& f : r.findings)
      if (f.kind == "race") race = &f;
    QVERIFY2(race, r.text.c_str());
    QVERIFY(!race->kernel.empty());
    QVERIFY(!race->places.empty());
    QVERIFY(!race->loops.empty());
    QVERIFY(race->lines.size() >= 2);  // the signature and a line using the shared tile
    // The race's first loop is selected in every view.
    QCOMPARE(window_->selection()->iterVar(), QString::fromStdString(race->loops.front()));
    // The report window highlights the CUDA lines.
    auto* source = panels_->reportDialog()->findChild<QPlainTextEdit*>("emulatorSource");
    QVERIFY(source);
    QCOMPARE(source->extraSelections().size(), int(race->lines.size()));
    QVERIFY(source->toPlainText().indexOf("__syncthreads();") < 0);
    auto* summary = panels_->reportDialog()->findChild<QPlainTextEdit*>("emulatorSummary");
    QVERIFY(summary->toPlainText().contains("race"));
  }
};

}  // namespace tst_emulator_check_gui

QTEST_MAIN(tst_emulator_check_gui::TestEmulatorCheckGui)
#include "tst_emulator_check_gui.moc"
