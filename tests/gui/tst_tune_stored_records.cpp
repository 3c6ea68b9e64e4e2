// The Tune dock of a reopened project shows what earlier sessions stored for its workload
// on this machine before any Start: the fastest ok records of NAME.tune.db, fastest first,
// none of another machine, another workload or a failed candidate; another document
// clears them, and a Save As keeps them in sight.
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "Document.h"
#include "MainWindow.h"
#include "TuneController.h"
#include "runner/MachineSignature.h"
#include "script/Evaluator.h"
#include "tune/Database.h"
#include "tune/Fingerprint.h"
#include "views/TuneView.h"

namespace tst_tune_stored_records {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::gui::TuneController;

namespace {

const char* kGemm = R"(import tvm
from tvm import te

A = te.placeholder((32, 32), name="A")
B = te.placeholder((32, 32), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

const char* kAdd = R"(import tvm
from tvm import te

A = te.placeholder((64,), name="A")
B = te.compute((64,), lambda i: A[i] + 1.0, name="B")
s = te.create_schedule(B.op)
)";

std::string WorkloadOf(const char* script) {
  auto program = script::EvaluateScript(script, "w.py");
  if (!program || !program->schedule) return {};
  return tune::FingerprintWorkload(program->schedule->outputs, {}).hash;
}

tune::TuningRecord Record(const std::string& workload, const std::string& machine, double ms,
                          const std::string& status = tune::kStatusOk) {
  tune::TuningRecord r;
  r.workload = workload;
  r.workload_name = "C";
  r.target = "llvm";
  r.machine_key = machine;
  r.script = std::string(kGemm) + "s[C].parallel(C.op.axis[0])  # " + std::to_string(ms) + "\n";
  r.schedule_hash = std::to_string(ms) + status + machine;
  r.status = status;
  r.times_ms = {ms};
  r.min_ms = r.median_ms = ms;
  r.gflops = 2.0 * 32 * 32 * 32 / (ms * 1e6);
  r.source = "evolution";
  return r;
}

struct Window {
  MainWindow w;
  TuneController* tune = nullptr;
  QTableWidget* table = nullptr;
  Window() {
    w.setInteractive(false);
    tune = w.findChild<TuneController*>();
    table = w.findChild<QTableWidget*>("tuneCandidates");
  }
};

}  // namespace

class TestTuneStoredRecords : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_tune_stored_records");
  }

  void aReopenedProjectShowsItsRecordsBeforeStart() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath("gemm.tessera");
    {
      Window first;
      first.w.document()->reset(kGemm, "gemm.py");
      QVERIFY(first.w.document()->save(project).ok());
    }
    const std::string here = runner::ReadMachineSignature().Key();
    const std::string gemm = WorkloadOf(kGemm);
    QVERIFY(!gemm.empty());
    {
      auto db = tune::Database::Open(dir.filePath("gemm.tune.db").toStdString());
      QVERIFY(db.ok());
      for (const tune::TuningRecord& r :
           {Record(gemm, here, 2.0), Record(gemm, here, 1.0), Record(gemm, here, 0.5, "crash"),
            Record(gemm, "another cpu|avx512f|64", 0.1), Record(WorkloadOf(kAdd), here, 0.2)})
        QVERIFY((*db)->Add(r).ok());
    }

    Window again;
    QVERIFY(again.tune && again.table);
    QVERIFY(again.w.document()->load(project).ok());
    QCOMPARE(again.tune->state(), views::TuneRunState::Idle);
    QCOMPARE(int(again.tune->candidates().size()), 2);
    QCOMPARE(again.tune->candidates()[0].median_ms, 1.0);  // fastest first
    QCOMPARE(again.tune->candidates()[1].median_ms, 2.0);
    QCOMPARE(again.table->rowCount(), 2);
    QVERIFY(again.tune->messages().join('\n').contains("gemm.tune.db"));

    // Save As keeps them in sight; another document clears them.
    QVERIFY(again.w.document()->save(dir.filePath("copy.tessera")).ok());
    QCOMPARE(again.table->rowCount(), 2);
    again.w.document()->reset(kAdd, "add.py");
    QCOMPARE(again.table->rowCount(), 0);
    QVERIFY(again.tune->candidates().empty());
  }

  // A project without a records database shows none and creates no file.
  void aProjectWithoutRecordsShowsNone() {
    QTemporaryDir dir;
    const QString project = dir.filePath("fresh.tessera");
    {
      Window first;
      first.w.document()->reset(kGemm, "gemm.py");
      QVERIFY(first.w.document()->save(project).ok());
    }
    Window again;
    QVERIFY(again.w.document()->load(project).ok());
    QCOMPARE(again.table->rowCount(), 0);
    QVERIFY(!QFileInfo::exists(dir.filePath("fresh.tune.db")));
  }

  // A file that is not a records database is named in the dock's log, not a crash.
  void aBrokenDatabaseIsReported() {
    QTemporaryDir dir;
    const QString project = dir.filePath("broken.tessera");
    {
      Window first;
      first.w.document()->reset(kGemm, "gemm.py");
      QVERIFY(first.w.document()->save(project).ok());
    }
    QFile junk(dir.filePath("broken.tune.db"));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("this is not sqlite");
    junk.close();
    Window again;
    QVERIFY(again.w.document()->load(project).ok());
    QCOMPARE(again.table->rowCount(), 0);
    QVERIFY2(again.tune->messages().join('\n').contains("broken.tune.db"),
             qPrintable(again.tune->messages().join('\n')));
  }
};

}  // namespace tst_tune_stored_records

QTEST_MAIN(tst_tune_stored_records::TestTuneStoredRecords)
#include "tst_tune_stored_records.moc"
