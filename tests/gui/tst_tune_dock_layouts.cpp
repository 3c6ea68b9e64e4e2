// The Tune dock's argument layouts (issue #39): a te document tuned with its inputs and
// output handed in blocked layouts, as `tessera-cli tune --blocked-inputs
// --blocked-outputs` tunes it, for real with the build's worker. The session stores its
// records as another workload's (tune::FingerprintWorkload with the layouts), the table
// follows the layouts chosen, and a candidate that lays its arguments out applies as one
// undo step. A TensorIR document takes its buffers as declared: the choice is off and a
// session asked for blocked layouts is refused with the reason.
#include <QComboBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

#include "Examples.h"
#include "MainWindow.h"
#include "TuneController.h"
#include "TuneDockFixture.h"
#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "tune/Database.h"
#include "tune/Fingerprint.h"
#include "views/TuneView.h"

namespace tst_tune_dock_layouts {

using namespace tessera;
using testing::MessagesContain;
using testing::WaitForEnd;

// A strided depthwise convolution whose 16 channels the depthwise tile blocks by 8 or 16
// on either ISA: its seeds come first in a session's first batch.
const char* kDepthwise = R"(import tvm
from tvm import te
data = te.placeholder((1, 16, 14, 14), name="data")
kernel = te.placeholder((16, 1, 3, 3), name="kernel")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
dw = te.compute((1, 16, 6, 6), lambda n, c, y, x: te.sum(data[n, c, y * 2 + ry, x * 2 + rx] * kernel[c, 0, ry, rx], axis=[ry, rx]), name="dw")
s = te.create_schedule(dw.op)
)";

struct Window : testing::TuneDockWindow {
  explicit Window(const QString& db) : TuneDockWindow(db, 60, kDepthwise, "dw.py") {
    if (!tune) return;
    gui::TuneSettings s = tune->defaults();
    s.batch_size = 4;  // one batch: the depthwise tile's seeds
    tune->setDefaults(s);
  }
  QComboBox* layouts() const { return view->findChild<QComboBox*>("tuneArgumentLayouts"); }
};

std::string Workload(const gui::Document* doc, tune::BlockedArguments blocked) {
  return tune::FingerprintWorkload(doc->state().schedule->outputs, doc->targetSettings().vars,
                                   blocked)
      .hash;
}

size_t StoredRecords(const QString& db, const std::string& workload) {
  auto opened = tune::Database::Open(db.toStdString());
  if (!opened) return 0;
  auto all = (*opened)->All({workload, "llvm", runner::ReadMachineSignature().Key()});
  return all ? all->size() : 0;
}

class TestTuneDockLayouts : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_tune_dock_layouts");
  }

  void blockedArgumentsAreTunedAsAnotherWorkload() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    const QString db = dir.filePath("records.db");
    Window win(db);
    QVERIFY(win.tune && win.view && win.layouts());
    QVERIFY(win.layouts()->isEnabled());
    const tune::BlockedArguments as_defined = win.view->argumentLayouts();
    QVERIFY(!as_defined.any());  // the te definition's layouts unless asked

    const tune::BlockedArguments both{true, true};
    win.view->setArgumentLayouts(both);
    QVERIFY(win.view->argumentLayouts().inputs && win.view->argumentLayouts().outputs);
    QVERIFY(win.start(4));
    QVERIFY(!win.layouts()->isEnabled());  // a session keeps its workload
    QVERIFY(MessagesContain(win.tune, "the inputs and output in blocked layouts"));
    QVERIFY(WaitForEnd(win.tune));
    QVERIFY2(win.tune->lastOutcome().ok, win.tune->lastOutcome().error.c_str());
    QVERIFY(win.layouts()->isEnabled());
    // The closing words say which arguments the offered kernel takes laid out anew.
    const tune::OfferedSchedule& offered = *win.tune->lastOutcome().offered;
    QCOMPARE(MessagesContain(win.tune, "takes data as float32[1, 2, 14, 14, 8]") ||
                 MessagesContain(win.tune, "takes data as float32[1, 1, 14, 14, 16]"),
             offered.record.script.find("s[data].transform_layout(") != std::string::npos);

    // Stored under the blocked workload alone.
    gui::Document* doc = win.w.document();
    QVERIFY(StoredRecords(db, Workload(doc, both)) >= 4);
    QCOMPARE(StoredRecords(db, Workload(doc, {})), size_t(0));
    const auto candidates = win.tune->candidates();
    QVERIFY(!candidates.empty());
    for (const tune::TuningRecord& r : candidates) QCOMPARE(r.workload, Workload(doc, both));

    // The table follows the layouts chosen: none stored as defined, the session's again.
    win.view->setArgumentLayouts({});
    QVERIFY(win.tune->candidates().empty());
    QCOMPARE(win.view->table()->rowCount(), 0);
    win.view->setArgumentLayouts(both);
    QCOMPARE(win.tune->candidates().size(), candidates.size());

    // A candidate that takes its input in blocks applies as one undo step and evaluates.
    const tune::TuningRecord* laid_out = nullptr;
    for (const tune::TuningRecord& r : candidates)
      if (r.script.find("s[data].transform_layout(") != std::string::npos) laid_out = &r;
    QVERIFY2(laid_out, "no stored candidate takes its input in blocks");
    const int steps = doc->undoStack()->count();
    QVERIFY(win.tune->apply(laid_out->id).ok());
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(doc->text(), QString::fromStdString(laid_out->script));
    QVERIFY(doc->state().errors.empty());
  }

  void aTensorIRDocumentTakesItsBuffersAsDeclared() {
    QTemporaryDir dir;
    Window win(dir.filePath("records.db"));
    QVERIFY(win.tune && win.view && win.layouts());
    QString example;
    for (const QString& f : gui::TensorIRExampleFiles())
      if (f.endsWith("/gemm_tir.py")) example = f;
    QVERIFY(!example.isEmpty());
    win.view->setArgumentLayouts({true, true});
    QVERIFY(win.w.openExample(example).ok());
    QVERIFY(win.w.document()->state().tir_schedule);
    QVERIFY(!win.layouts()->isEnabled());
    QVERIFY(!win.view->argumentLayouts().any());  // what a session from the dock is given
    gui::TuneSettings asked = win.tune->defaults();
    asked.blocked.outputs = true;
    QVERIFY(!win.tune->start(asked));
    QVERIFY(MessagesContain(win.tune, "Blocked argument layouts apply to te documents"));
    QCOMPARE(win.tune->state(), views::TuneRunState::Idle);
  }
};

}  // namespace tst_tune_dock_layouts

QTEST_MAIN(tst_tune_dock_layouts::TestTuneDockLayouts)
#include "tst_tune_dock_layouts.moc"
