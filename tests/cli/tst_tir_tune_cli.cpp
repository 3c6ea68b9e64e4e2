// tessera-cli tune on TensorIR documents (app/cli/TensorIRTune.h): a short real search
// on a small GEMM scheduled with tir.Schedule, with a records database. The printed best
// is the document, followed by its trace as apply_trace (decisions written out) applied
// to the document's schedule when a candidate beat the document's own schedule; it runs
// and agrees with the unscheduled function (run --check); every candidate is recorded
// with its trace; --best prints the stored best; the records do not answer a te program
// of the same computation; --json reports the design space and the invalid candidates by
// reason; s_tir documents get their traces in their spelling; another strategy exits 2.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"
#include "codegen/LLVMBackend.h"

namespace tst_tir_tune_cli {

namespace {

QByteArray Gemm(const QByteArray& module) {
  return "import tvm\n"
         "from tvm import te, " +
         module +
         "\n"
         "A = te.placeholder((32, 32), name='A')\n"
         "B = te.placeholder((32, 32), name='B')\n"
         "k = te.reduce_axis((0, 32), name='k')\n"
         "C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n"
         "sch = " +
         module + ".Schedule(te.create_prim_func([A, B, C]))\n";
}

constexpr const char* kTeGemm = R"(import tvm
from tvm import te
A = te.placeholder((32, 32), name='A')
B = te.placeholder((32, 32), name='B')
k = te.reduce_axis((0, 32), name='k')
C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')
s = te.create_schedule(C.op)
)";

}  // namespace

class TestTirTuneCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  void tunesAndPrintsTheDocumentWithItsTrace() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    const QString doc = Write("gemm.py", Gemm("tir"));
    const QString db = dir_.filePath("records.db");
    Run tuned = Cli({"tune", doc, "--trials", "4", "--batch", "2", "--repeat", "1", "--db", db});
    QVERIFY2(tuned.code == 0, qPrintable(tuned.err));
    QVERIFY2(tuned.out.startsWith("# tuned by tessera-cli tune (TensorIR):"),
             qPrintable(tuned.out));
    QVERIFY(tuned.err.contains("3 sketches in the design space"));
    QVERIFY(tuned.err.contains("[4/4]"));
    QVERIFY(tuned.out.contains("sch = tir.Schedule(te.create_prim_func([A, B, C]))"));
    // The best is the document itself (its own schedule was fastest, or the best found
    // was no faster when timed against it) or the document followed by the search's trace
    // in TVM's form, applied to the document's schedule.
    const bool document_kept = tuned.out.contains("the input schedule is the best found") ||
                               tuned.out.contains("no speed-up over the input schedule");
    if (!document_kept) {
      QVERIFY(tuned.out.contains("def apply_trace(sch: tir.Schedule) -> None:"));
      QVERIFY(tuned.out.contains("sch.sample_perfect_tile(loop="));
      QVERIFY(tuned.out.contains("decision=["));
      QVERIFY(tuned.out.trimmed().endsWith("apply_trace(sch)"));
    }
    // Appliable: the printed document runs and agrees with the unscheduled function.
    const QString best = Write("best.py", tuned.out.toUtf8());
    Run checked = Cli({"run", best, "--check"});
    QVERIFY2(checked.code == 0, qPrintable(checked.err + checked.out));
    QVERIFY(checked.out.contains("0 mismatches"));
    // Every candidate is kept with its trace and decisions.
    const QString jsonl = dir_.filePath("records.jsonl");
    QCOMPARE(Cli({"tune", "--export", jsonl, "--db", db}).code, 0);
    QFile records(jsonl);
    QVERIFY(records.open(QIODevice::ReadOnly));
    const QString lines = QString::fromUtf8(records.readAll());
    QCOMPARE(lines.count("\"workload\": \"tir-"), 5);  // the input and 4 candidates
    QCOMPARE(lines.count("def apply_trace(sch: tir.Schedule)"), 4);
    // The stored best is the same document (the records' fastest: with no speed-up over
    // the document, the run offered the document instead).
    Run stored = Cli({"tune", "--best", doc, "--db", db});
    QVERIFY2(stored.code == 0, qPrintable(stored.err));
    if (!tuned.out.contains("no speed-up over the input schedule"))
      QCOMPARE(stored.out.section('\n', 3), tuned.out.section('\n', 3));
    // A te program of the same computation has no TensorIR records, and back.
    Run te = Cli({"tune", "--best", Write("te.py", kTeGemm), "--db", db});
    QCOMPARE(te.code, 1);
    QVERIFY2(te.err.contains("no record"), qPrintable(te.err));
    // A second run resumes: the records are not measured again.
    Run again = Cli({"tune", doc, "--trials", "1", "--repeat", "1", "--db", db});
    QVERIFY2(again.code == 0, qPrintable(again.err));
    QVERIFY2(again.err.contains("resumed"), qPrintable(again.err));
  }

  void jsonReportsTheSpaceAndTheSTirSpelling() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    const QString db = dir_.filePath("s_tir.db");
    Run r = Cli({"tune", Write("gemm_s.py", Gemm("s_tir")), "--trials", "2", "--batch", "2",
                 "--repeat", "1", "--json", "--seed", "3", "--db", db});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o["kind"].toString(), QString("tensorir"));
    QCOMPARE(o["sketches"].toInt(), 3);
    QCOMPARE(o["strategy"].toString(), QString("evolution"));
    QVERIFY(o["evaluated"].toInt() >= 2);
    QCOMPARE(o["measured"].toInt(), 2);
    QVERIFY(o["workload"].toString().startsWith("tir-"));
    QVERIFY(o.contains("invalid_reasons"));
    QCOMPARE(o["trials"].toArray().size(), 2);
    // The candidates' traces in the document's spelling.
    Run stored = Cli({"tune", "--export", dir_.filePath("s.jsonl"), "--db", db});
    QCOMPARE(stored.code, 0);
    QFile records(dir_.filePath("s.jsonl"));
    QVERIFY(records.open(QIODevice::ReadOnly));
    const QString lines = QString::fromUtf8(records.readAll());
    QVERIFY2(lines.contains("def apply_trace(sch: s_tir.Schedule) -> None:"), qPrintable(lines));
    QVERIFY(lines.contains("sch.get_sblock(name=\\\"C\\\""));
    QVERIFY(o["best_gflops"].toDouble() > 0);
  }

  // Both strategies search a TensorIR document; the report says which ran.
  void theReplayStrategyIsTheBaseline() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    Run r = Cli({"tune", Write("gemm2.py", Gemm("tir")), "--strategy", "random", "--trials", "1",
                 "--repeat", "1", "--json", "--db", dir_.filePath("replay.db")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(o["strategy"].toString(), QString("random"));
    QCOMPARE(Cli({"tune", Write("gemm3.py", Gemm("tir")), "--strategy", "annealing"}).code, 2);
  }
};

}  // namespace tst_tir_tune_cli

QTEST_GUILESS_MAIN(tst_tir_tune_cli::TestTirTuneCli)
#include "tst_tir_tune_cli.moc"
