// A TensorIR document on the GPU path from the window, as `tessera-cli run --target
// cuda-emulator --check` and `run --target cuda` take it: Run ▸ Check on the GPU
// Emulator runs the GPU GEMM example's kernel on the CPU emulation and reports a pass
// naming the kernel; a schedule without thread-bound loops is refused with what to bind;
// Run on GPU without a GPU fails with the usual no-GPU message. A race the check finds
// selects its loop (and the block under it) in the TensorIR views.
#include <QAction>
#include <QDialog>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTreeWidget>
#include <QtTest>

#include "InstrumentPanels.h"
#include "KernelEdits.h"
#include "TirRunFixture.h"
#include "runtime/cuda/CudaDriver.h"
#include "runtime/cuda/Emulator.h"
#include "views/TirBlockGraphModel.h"
#include "views/TirBlockGraphView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"
#include "views/TirLoopStrip.h"
#include "views/graph/GraphItems.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_gpu_check {

using namespace tessera;
using tessera::testing::ExampleFile;
using tessera::testing::FirstError;
using tessera::testing::WithoutBarriers;

namespace {

// The same GEMM with no thread-bound loop (a CPU schedule).
const char* kCpuGemm =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 64), \"float32\", name=\"A\")\n"
    "B = te.placeholder((64, 64), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 64), name=\"k\")\n"
    "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
    "i, j, kk = sch.get_loops(sch.get_block(\"C\"))\n"
    "sch.parallel(i)\n";

// Two warps of a block share a 32 x 64 tile of A in shared memory (A_shared, copied in its
// loop ax0): thread j reads what thread 63 - j wrote (in C's loop i_1), so the copy and
// the reads need the barrier the lowering puts between them.
const char* kSharedTranspose =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 64), 'float32', name='A')\n"
    "C = te.compute((64, 64), lambda i, j: A[i, 63 - j] + 1.0, name='C')\n"
    "sch = tir.Schedule(te.create_prim_func([A, C]))\n"
    "c = sch.get_block('C')\n"
    "a_shared = sch.cache_read(c, 0, 'shared')\n"
    "i, j = sch.get_loops(c)\n"
    "io, ii = sch.split(i, factors=[None, 32])\n"
    "sch.bind(io, 'blockIdx.x')\n"
    "sch.bind(j, 'threadIdx.x')\n"
    "sch.compute_at(a_shared, io)\n"
    "ax0, ax1 = sch.get_loops(a_shared)[-2:]\n"
    "sch.bind(ax1, 'threadIdx.x')\n";

}  // namespace

class TestTirGpuCheck : public QObject, protected testing::TirRunWindow {
  Q_OBJECT

  gui::InstrumentPanels* panels = nullptr;

  // The GPU GEMM example, its 1024^3 problem made 256 x 128 x 32 (two thread blocks of
  // the same 128 x 128 tiles) so that the emulator and the oracle take a moment.
  void openGpuGemmExample() {
    QString example = ExampleFile("gpu_gemm_tir.py");
    QVERIFY(!example.isEmpty());
    QVERIFY(w->openExample(example).ok());
    QString text = w->document()->text();
    for (auto [from, to] :
         {std::pair{"M = 1024\n", "M = 256\n"}, std::pair{"N = 1024\n", "N = 128\n"},
          std::pair{"K = 1024\n", "K = 32\n"}}) {
      QVERIFY2(text.contains(from), qPrintable(text));
      text.replace(from, to);
    }
    w->document()->editScript(text);
    QVERIFY2(w->document()->state().function, qPrintable(FirstError(w->document()->state())));
  }

 private slots:
  void initTestCase() { PrepareSuite(); }
  void init() {
    NewWindow();
    panels = w->findChild<gui::InstrumentPanels*>();
    QVERIFY(panels);
  }
  void cleanup() { CloseWindow(); }

  void theGpuGemmExamplePassesOnTheEmulator() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no C++ compiler for the GPU emulator");
    openGpuGemmExample();
    QAction* check = w->action("actionCheckEmulator");
    QVERIFY2(check->isEnabled(), qPrintable(check->toolTip()));
    QSignalSpy done(panels, &gui::InstrumentPanels::checkFinished);
    QVERIFY(panels->checkOnEmulator());
    QVERIFY(done.wait(120000));
    QCOMPARE(done.front().front().toBool(), true);
    QVERIFY2(panels->lastReport().has_value(), qPrintable(panels->lastError()));
    const reference::EmulatorReport& r = *panels->lastReport();
    QVERIFY2(r.ok(), r.text.c_str());
    QCOMPARE(r.kernels, size_t(1));
    QVERIFY2(r.cuda_source.find("main_kernel0(") != std::string::npos, r.cuda_source.c_str());
    QVERIFY2(r.cuda_source.find("__syncthreads();") != std::string::npos, r.cuda_source.c_str());
    // The report window shows what the command line prints, with the kernel's verdict.
    QVERIFY(panels->reportDialog() && panels->reportDialog()->isVisible());
    auto* summary = panels->reportDialog()->findChild<QPlainTextEdit*>("emulatorSummary");
    QString text = summary->toPlainText();
    QVERIFY2(text.contains("main (TensorIR) on the GPU emulator: 1 kernel, 1 launch") &&
                 text.contains("check against the reference (te oracle)") && text.contains("C: ") &&
                 text.contains(" 0 mismatches") && text.contains("main_kernel0: no race seen") &&
                 text.contains("No problem found."),
             qPrintable(text));
    QVERIFY(check->isEnabled());
  }

  // As `tessera-cli run --target cuda-emulator` refuses it: nothing is bound to a thread.
  void aCpuScheduleIsRefusedWithWhatToBind() {
    QVERIFY2(Lowers(kCpuGemm, "doc.py"), qPrintable(FirstError(w->document()->state())));
    QAction* check = w->action("actionCheckEmulator");
    QVERIFY(!check->isEnabled());
    QVERIFY2(check->toolTip().contains("no loop bound to a GPU thread") &&
                 check->toolTip().contains("sch.bind(loop, \"blockIdx.x\")"),
             qPrintable(check->toolTip()));
    QSignalSpy done(panels, &gui::InstrumentPanels::checkFinished);
    QVERIFY(!panels->checkOnEmulator());
    QVERIFY(!panels->checking());
    QCOMPARE(done.count(), 0);
    QVERIFY(!panels->lastReport());
    QVERIFY2(w->statusBar()->currentMessage() == check->toolTip(),
             qPrintable(w->statusBar()->currentMessage()));
    // Run on GPU says the same before anything starts.
    QVERIFY(!w->startRun(false, "cuda"));
    QVERIFY2(w->lastMessage().contains("no loop bound to a GPU thread"),
             qPrintable(w->lastMessage()));
  }

  // Run on GPU of a GPU schedule goes the way of a te schedule's: without a GPU the
  // action says so, and a Run started anyway fails in the run log with the reason.
  void aGpuRunWithoutAGpuGivesTheNoGpuMessage() {
    if (runtime::CudaAvailable()) QSKIP("this machine has a CUDA GPU");
    openGpuGemmExample();
    QAction* run = w->action("actionRunGpu");
    QVERIFY(!run->isEnabled());
    QVERIFY2(run->toolTip().startsWith("No CUDA GPU here"), qPrintable(run->toolTip()));
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    QVERIFY(w->startRun(false, "cuda"));
    QVERIFY(finished.wait(60000));
    QVERIFY2(
        w->lastMessage().contains("run failed") && w->lastMessage().contains("no CUDA GPU here"),
        qPrintable(w->lastMessage()));
    QVERIFY2(!w->lastMessage().contains("CPU only"), qPrintable(w->lastMessage()));
  }

  // A race in a TensorIR kernel: its first loop becomes the selection, with the block a
  // click on that loop selects it with, in the block graph, the loop graph and the nest.
  void aRaceSelectsItsLoopInTheTensorIRViews() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no C++ compiler for the GPU emulator");
    QVERIFY2(Lowers(kSharedTranspose, "race_tir.py"),
             qPrintable(FirstError(w->document()->state())));
    const tir::Schedule& sch = *w->document()->state().tir_schedule;
    QCOMPARE(views::TirBlockOfLoop(sch, "ax0"), QString("A_shared"));
    QCOMPARE(views::TirBlockOfLoop(sch, "i_1"), QString("C"));
    QCOMPARE(views::TirBlockOfLoop(sch, "no_such_loop"), QString());
    w->selection()->clear();
    QSignalSpy done(panels, &gui::InstrumentPanels::checkFinished);
    QVERIFY(panels->checkOnEmulator(WithoutBarriers));
    QVERIFY(done.wait(120000));
    QCOMPARE(done.front().front().toBool(), false);
    QVERIFY2(panels->lastReport().has_value(), qPrintable(panels->lastError()));
    const reference::EmulatorReport& r = *panels->lastReport();
    const reference::EmulatorFinding* race = nullptr;
    for (const reference::EmulatorFinding& f : r.findings)
      if (f.kind == "race") race = &f;
    QVERIFY2(race, r.text.c_str());
    // The loops are the TensorIR ones: A_shared's copy loop writes the tile, C's reads it.
    QCOMPARE(race->loops, (std::vector<std::string>{"ax0", "i_1"}));
    QCOMPARE(w->selection()->stage(), QString("A_shared"));
    QCOMPARE(w->selection()->iterVar(), QString("ax0"));
    views::TirLoopNestView* nest = w->tirLoopNestView();
    QVERIFY(nest->loopItem("A_shared", "ax0"));
    QCOMPARE(nest->tree()->currentItem(), nest->loopItem("A_shared", "ax0"));
    QCOMPARE(w->tirLoopView()->shownBlock(), QString("A_shared"));
    QVERIFY(w->tirLoopView()->loopOrderStrip()->loopItem("ax0")->isSelected());
    QVERIFY(w->tirBlockView()->scene()->nodeItem(views::TirBlockNodeId("A_shared"))->highlighted());
  }
};

}  // namespace tst_tir_gpu_check

QTEST_MAIN(tst_tir_gpu_check::TestTirGpuCheck)
#include "tst_tir_gpu_check.moc"
