// tessera-cli tune as a user runs it (issue #13): a small real tuning of a tiny GEMM with
// a records database, the printed best script runs and agrees with the oracle (run
// --check), --best prints the stored best and refuses another workload, records export
// and import, --json reports every trial, bad usage exits 2.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "codegen/LLVMBackend.h"
#include "tune/ClaimRounds.h"
#include "tune/Tuner.h"

namespace tst_tune_cli {

namespace {

struct TuneCliRun {
  int code = -1;
  QString out;
  QString err;
};

TuneCliRun RunTuneCli(const QStringList& args) {
  QProcess p;
#ifdef TESSERA_CLI_PATH
  p.start(QStringLiteral(TESSERA_CLI_PATH), args);
#endif
  TuneCliRun r;
  if (!p.waitForFinished(300000) || p.exitStatus() != QProcess::NormalExit) {
    p.kill();
    p.waitForFinished();
    r.err = "tessera-cli did not finish normally";
    return r;
  }
  r.code = p.exitCode();
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

constexpr const char* kTinyGemm = R"(import tvm
from tvm import te
A = te.placeholder((32, 32), name="A", dtype="float32")
B = te.placeholder((32, 32), name="B", dtype="float32")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
ko, ki = s[C].split(k, factor=4)
)";

// A depthwise 3x3 convolution, stride 2, 16 channels: the channel tile packs its input
// and weights in blocks, or takes them so with --blocked-inputs; with --blocked-outputs it
// writes its output in the same blocks.
constexpr const char* kTinyDepthwise = R"(import tvm
from tvm import te
data = te.placeholder((1, 16, 14, 14), name="data")
kernel = te.placeholder((16, 1, 3, 3), name="kernel")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
dw = te.compute((1, 16, 6, 6), lambda n, c, y, x: te.sum(data[n, c, y * 2 + ry, x * 2 + rx] * kernel[c, 0, ry, rx], axis=[ry, rx]), name="dw")
s = te.create_schedule(dw.op)
)";

constexpr const char* kTensorIRDouble = R"(import tvm
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[vi] * T.float32(2)
)";

QString WriteFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  QString path = dir.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  f.write(text);
  return path;
}

// The database's records as `tune --export` writes them; empty if the export failed.
QString ExportedRecords(const QTemporaryDir& dir, const QString& db) {
  const QString path = dir.filePath("r.jsonl");
  if (RunTuneCli({"tune", "--export", path, "--db", db}).code != 0) return {};
  QFile records(path);
  if (!records.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(records.readAll());
}

}  // namespace

class TestTuneCli : public QObject {
  Q_OBJECT

 private slots:
  void tunesPrintsARunnableScriptAndKeepsRecords() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    QTemporaryDir dir;
    const QString gemm = WriteFile(dir, "gemm.py", kTinyGemm);
    const QString db = dir.filePath("records.db");
    TuneCliRun tuned =
        RunTuneCli({"tune", gemm, "--trials", "6", "--batch", "3", "--repeat", "1", "--db", db});
    QVERIFY2(tuned.code == 0, qPrintable(tuned.err));
    QVERIFY2(tuned.out.startsWith("# tuned by tessera-cli tune:"), qPrintable(tuned.out));
    // The claim over the input schedule comes from calls of both timed in the same rounds
    // of several processes (eight for a kernel this short), with their spread; or it
    // found no speed-up (and offers the input); or there is none to make.
    const QString claim = tuned.out.section('\n', 1, 1);
    static const QRegularExpression kMeasured(
        R"(^# (\d+\.\d\dx the input schedule|no speed-up over the input schedule: the best )"
        R"(found measured \d+\.\d\dx) \(spread [\d.]+x-[\d.]+x; medians [\d.e-]+ ms against )"
        R"([\d.e-]+ ms, \d+% intervals .* calls in the same interleaved rounds of 8 processes, )"
        R"(whose own speed-ups were [\d.]+x-[\d.]+x\)(, so the input schedule stays the best)?$)");
    QVERIFY2(kMeasured.match(claim).hasMatch() ||
                 claim == "# the input schedule is the best found: no speed-up to claim",
             qPrintable(claim));
    QVERIFY(!tuned.out.section('\n', 0, 0).contains("x the input"));
    QVERIFY(tuned.out.contains("te.create_schedule(C.op)"));
    QVERIFY(tuned.err.contains("[6/6]"));
    // The printed best is a program that runs and agrees with the te oracle.
    const QString best = WriteFile(dir, "best.py", tuned.out.toUtf8());
    TuneCliRun checked = RunTuneCli({"run", best, "--check"});
    QVERIFY2(checked.code == 0, qPrintable(checked.err + checked.out));
    // The stored best, without tuning again.
    TuneCliRun stored = RunTuneCli({"tune", "--best", gemm, "--db", db});
    QVERIFY2(stored.code == 0, qPrintable(stored.err));
    QCOMPARE(stored.out.contains("# arguments laid out anew: the kernel takes data as "),
             stored.out.contains("s[data].transform_layout("));
    // The same schedule (unless the run found no speed-up over the input and offered it in
    // place of the records' best), timed as its record was; stored records were not timed
    // together, so no speed-up is claimed.
    QVERIFY2(stored.out.section('\n', 0, 0).endsWith(" ms (at the machine's reference speed)"),
             qPrintable(stored.out));
    if (!claim.contains("no speed-up over the input schedule"))
      QCOMPARE(stored.out.section('\n', 2), tuned.out.section('\n', 2));
    QVERIFY2(stored.out.section('\n', 1, 1).startsWith("# no speed-up claimed") ||
                 stored.out.section('\n', 1, 1).contains("is the best found"),
             qPrintable(stored.out));
    // Another workload has no record here.
    QByteArray other = QByteArray(kTinyGemm)
                           .replace("32, 32), name=\"B\"", "32, 16), name=\"B\"")
                           .replace("te.compute((32, 32)", "te.compute((32, 16)");
    TuneCliRun none = RunTuneCli({"tune", "--best", WriteFile(dir, "other.py", other), "--db", db});
    QCOMPARE(none.code, 1);
    QVERIFY2(none.err.contains("no record of workload C"), qPrintable(none.err));
    // Export and import into a fresh database.
    const QString jsonl = dir.filePath("records.jsonl");
    TuneCliRun exported = RunTuneCli({"tune", "--export", jsonl, "--db", db});
    QVERIFY2(exported.code == 0, qPrintable(exported.err));
    QVERIFY(exported.out.startsWith("exported 7 records"));  // the input + 6 candidates
    TuneCliRun imported = RunTuneCli({"tune", "--import", jsonl, "--db", dir.filePath("copy.db")});
    QVERIFY2(imported.code == 0, qPrintable(imported.err));
    QCOMPARE(imported.out, QString("imported 7 records\n"));
    TuneCliRun from_copy = RunTuneCli({"tune", "--best", gemm, "--db", dir.filePath("copy.db")});
    QCOMPARE(from_copy.out, stored.out);
  }

  void jsonReportsEveryTrial() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    QTemporaryDir dir;
    const QString gemm = WriteFile(dir, "gemm.py", kTinyGemm);
    TuneCliRun r = RunTuneCli(
        {"tune", gemm, "--trials", "3", "--repeat", "1", "--strategy", "random", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(report["measured"].toInt(), 3);
    QCOMPARE(report["trials"].toArray().size(), 3);
    QCOMPARE(report["blocked_inputs"], QJsonValue(false));
    QCOMPARE(report["blocked_outputs"], QJsonValue(false));
    QVERIFY(report["best_gflops"].toDouble() > 0);
    const QString claim = report["claim"].toString();
    QVERIFY2(claim == "measured" || claim == "no_speedup" || claim == "input_is_best",
             qPrintable(claim));
    if (claim != "input_is_best") {
      // The ratio of medians of the same rounds, each inside its own interval.
      QVERIFY(report["speedup"].toDouble() > 0);
      QVERIFY(report["best_calls"].toInt() >= 3 && report["input_calls"].toInt() >= 3);
      QJsonArray best = report["best_interval_ms"].toArray();
      QVERIFY(best.size() == 2 && best[0].toDouble() <= best[1].toDouble());
      // The speed-ups the measurements allow hold the claimed one.
      QJsonArray spread = report["speedup_spread"].toArray();
      QVERIFY(spread.size() == 2 && spread[0].toDouble() <= report["speedup"].toDouble() &&
              report["speedup"].toDouble() <= spread[1].toDouble());
      // A kernel this short is timed in more processes, each up to the time floor.
      QCOMPARE(report["claim_processes"].toInt(), tessera::tune::kShortKernelClaimProcesses);
      QCOMPARE(report["claim_timed_by"].toString(), QString("claim_processes"));
      QVERIFY(report["best_calls"].toInt() >=
              tessera::tune::kShortKernelClaimProcesses * tessera::tune::kClaimCallsPerProcess);
      // The headline is timed as the claim timed it; with no speed-up the input is offered.
      QCOMPARE(report["best_timing"].toString(), QString("claim"));
      QCOMPARE(report["offered"].toString(), QString(claim == "no_speedup" ? "input" : "best"));
      QCOMPARE(report.contains("fastest_found_script"), claim == "no_speedup");
    } else {
      QVERIFY(!report.contains("speedup"));
    }
    QVERIFY(report["claim_text"].toString().size() > 0);
    QVERIFY(report["best_script"].toString().contains("create_schedule"));
  }

  // --claim-processes 0: the claim comes from the re-ranking's rounds in the tuning
  // process (its rounds, at most TuneOptions::rerank_rounds, each of one call or more up
  // to the time floor), no fresh process is started for it.
  void claimProcessesZeroClaimsFromTheReRankingRounds() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    QTemporaryDir dir;
    const QString gemm = WriteFile(dir, "gemm.py", kTinyGemm);
    TuneCliRun r = RunTuneCli({"tune", gemm, "--trials", "3", "--repeat", "1", "--strategy",
                               "random", "--claim-processes", "0", "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
    const QString claim = report["claim"].toString();
    QVERIFY2(claim == "measured" || claim == "no_speedup" || claim == "input_is_best",
             qPrintable(claim));
    if (claim == "input_is_best") return;
    QCOMPARE(report["claim_processes"].toInt(), 1);
    QCOMPARE(report["claim_timed_by"].toString(), QString("rerank_rounds"));
    // Each round times a call at least, more up to the rounds' time floor.
    const int calls = report["best_calls"].toInt();
    const int most = tessera::tune::TuneOptions{}.rerank_rounds * tessera::tune::kMaxTimedCalls;
    QVERIFY2(calls >= 1 && calls <= most, qPrintable(r.out));
  }

  // --blocked-inputs, --blocked-outputs: the kernel may take its inputs and write its
  // output laid out in blocks, so its records are another workload's: --best finds them
  // with the same flags only. TensorIR refuses them.
  void blockedArgumentsAreAnotherWorkload() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    QTemporaryDir dir;
    const QString dw = WriteFile(dir, "dw.py", kTinyDepthwise);
    const QString db = dir.filePath("records.db");
    TuneCliRun tuned =
        RunTuneCli({"tune", dw, "--blocked-inputs", "--blocked-outputs", "--trials", "4", "--batch",
                    "4", "--repeat", "1", "--claim-processes", "0", "--db", db});
    QVERIFY2(tuned.code == 0, qPrintable(tuned.err));
    // The depthwise seeds come first: some candidate took its input in blocks.
    const QString lines = ExportedRecords(dir, db);
    QVERIFY2(!lines.isEmpty(), "tune --export wrote no records");
    QVERIFY2(lines.contains("s[data].transform_layout("), qPrintable(lines));
    QVERIFY2(lines.contains("s[dw].transform_layout("), qPrintable(lines));
    QVERIFY(!lines.contains("s.cache_read(data"));
    // The printed best runs and agrees with the oracle in whatever layouts it takes.
    const QString best = WriteFile(dir, "best.py", tuned.out.toUtf8());
    TuneCliRun checked = RunTuneCli({"run", best, "--check"});
    QVERIFY2(checked.code == 0, qPrintable(checked.err + checked.out));
    TuneCliRun plain = RunTuneCli({"tune", "--best", dw, "--db", db});
    QCOMPARE(plain.code, 1);
    QVERIFY2(plain.err.contains("no record of workload dw"), qPrintable(plain.err));
    // The JSON report says which arguments were blocked.
    TuneCliRun json = RunTuneCli({"tune", dw, "--blocked-outputs", "--trials", "1", "--repeat", "1",
                                  "--claim-processes", "0", "--json"});
    QVERIFY2(json.code == 0, qPrintable(json.err));
    const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(report["blocked_inputs"], QJsonValue(false));
    QCOMPARE(report["blocked_outputs"], QJsonValue(true));
    // The offered kernel's arguments laid out anew (its output, if it writes it in blocks).
    QVERIFY(report["offered_argument_layouts"].isArray());
    const QJsonArray layouts = report["offered_argument_layouts"].toArray();
    const bool writes_blocks = report["best_script"].toString().contains("s[dw].transform_layout(");
    QCOMPARE(layouts.size(), writes_blocks ? 1 : 0);
    if (writes_blocks) {
      QCOMPARE(layouts[0].toObject()["name"], QJsonValue("dw"));
      QCOMPARE(layouts[0].toObject()["output"], QJsonValue(true));
      QVERIFY(layouts[0].toObject()["shape"].toString().startsWith("float32[1, "));
    }
    TuneCliRun inputs_only = RunTuneCli({"tune", "--best", dw, "--blocked-inputs", "--db", db});
    QCOMPARE(inputs_only.code, 1);
    TuneCliRun stored =
        RunTuneCli({"tune", "--best", dw, "--blocked-inputs", "--blocked-outputs", "--db", db});
    QVERIFY2(stored.code == 0, qPrintable(stored.err));
    const QString tir = WriteFile(dir, "double.py", kTensorIRDouble);
    TuneCliRun refused = RunTuneCli({"tune", tir, "--blocked-outputs", "--trials", "1"});
    QCOMPARE(refused.code, 2);
    QVERIFY2(refused.err.contains("--blocked-inputs and --blocked-outputs apply to te scripts"),
             qPrintable(refused.err));
  }

  // --argument-block N: the arguments laid out in blocks of the caller's N channels (a
  // tile of more spans several), another workload's records again.
  void aBlockOfTheCallersOwn() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("tune measures with the LLVM backend");
    QTemporaryDir dir;
    const QString dw = WriteFile(dir, "dw.py", kTinyDepthwise);
    const QString db = dir.filePath("records.db");
    TuneCliRun tuned = RunTuneCli(
        {"tune", dw, "--blocked-inputs", "--blocked-outputs", "--argument-block", "4", "--trials",
         "4", "--batch", "4", "--repeat", "1", "--claim-processes", "0", "--db", db, "--json"});
    QVERIFY2(tuned.code == 0, qPrintable(tuned.err));
    const QJsonObject report = QJsonDocument::fromJson(tuned.out.toUtf8()).object();
    QCOMPARE(report["argument_block"].toInt(), 4);
    const QString lines = ExportedRecords(dir, db);
    QVERIFY2(!lines.isEmpty(), "tune --export wrote no records");
    QVERIFY2(lines.contains("s[data].transform_layout(lambda d0, d1, d2, d3: [d0, (d1 // 4), d2, "
                            "d3, (d1 % 4)])"),
             qPrintable(lines));
    QVERIFY2(!lines.contains("(d1 // 8)") && !lines.contains("(d1 // 16)"), qPrintable(lines));
    TuneCliRun other =
        RunTuneCli({"tune", "--best", dw, "--blocked-inputs", "--blocked-outputs", "--db", db});
    QCOMPARE(other.code, 1);
    TuneCliRun stored = RunTuneCli({"tune", "--best", dw, "--blocked-inputs", "--blocked-outputs",
                                    "--argument-block", "4", "--db", db});
    QVERIFY2(stored.code == 0, qPrintable(stored.err));
  }

  void badUsageExits2() {
    TuneCliRun unblocked = RunTuneCli({"tune", "gemm", "--argument-block", "8"});
    QCOMPARE(unblocked.code, 2);
    QVERIFY2(unblocked.err.contains("--argument-block needs --blocked-inputs or --blocked-outputs"),
             qPrintable(unblocked.err));
    QCOMPARE(RunTuneCli({"tune", "gemm", "--blocked-inputs", "--argument-block", "1"}).code, 2);
    QCOMPARE(RunTuneCli({"tune", "gemm", "--blocked-inputs", "--argument-block", "x"}).code, 2);
    QCOMPARE(RunTuneCli({"tune", "gemm", "--claim-processes", "-1"}).code, 2);
    QCOMPARE(RunTuneCli({"tune", "gemm", "--claim-processes", "65"}).code, 2);
    QCOMPARE(RunTuneCli({"tune"}).code, 2);
    QCOMPARE(RunTuneCli({"tune", "gemm", "--trials", "0"}).code, 2);
    QCOMPARE(RunTuneCli({"tune", "gemm", "--strategy", "annealing"}).code, 2);
    QCOMPARE(RunTuneCli({"tune", "--best", "gemm"}).code, 2);  // needs --db
    TuneCliRun bad_db =
        RunTuneCli({"tune", "--export", "/nonexistent/x.jsonl", "--db", "/nonexistent/dir/r.db"});
    QCOMPARE(bad_db.code, 1);
    QVERIFY(bad_db.err.contains("cannot open records database"));
  }
};

}  // namespace tst_tune_cli

QTEST_MAIN(tst_tune_cli::TestTuneCli)
#include "tst_tune_cli.moc"
