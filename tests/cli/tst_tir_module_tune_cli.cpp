// tessera-cli tune --func on a TensorIR module of two functions (app/cli/TensorIRTune.h):
// a short real search of g (a small GEMM) in a module that makes no schedule finds a
// checked best whose document schedules g (sch.work_on("g") before its trace) and runs
// as it is; f's records are kept apart from g's and --best answers per function; without
// --func, with an unknown one, or with --func on a te script, tune is a usage error that
// says what to choose.
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "CliProcess.h"
#include "TirTwoFunctionModule.h"

namespace tst_tir_module_tune_cli {

namespace {

const QByteArray kModule = kTirTwoFunctionModule;

const QByteArray kTe =
    "from tvm import te\n"
    "A = te.placeholder((8,), name='A')\n"
    "B = te.compute((8,), lambda i: A[i] + 1.0, name='B')\n"
    "s = te.create_schedule(B.op)\n";

QJsonObject Json(const Run& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }

}  // namespace

class TestTirModuleTuneCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  void funcTunesThatFunctionWithItsOwnRecords() {
#ifndef TESSERA_HAS_LLVM
    QSKIP("tune measures with the LLVM backend");
#endif
    const QString doc = Write("module.py", kModule);
    const QString db = dir_.filePath("records.db");
    Run g = Cli({"tune", doc, "--func", "g", "--trials", "2", "--batch", "2", "--repeat", "1",
                 "--json", "--db", db});
    QVERIFY2(g.code == 0, qPrintable(g.err));
    const QJsonObject og = Json(g);
    QCOMPARE(og["function"].toString(), QString("g"));
    QCOMPARE(og["workload_name"].toString(), QString("tir:g"));
    QCOMPARE(og["measured"].toInt(), 2);
    QVERIFY(og["best_gflops"].toDouble() > 0);  // checked against g's unscheduled original
    const QString best = og["best_script"].toString();
    QVERIFY(best.startsWith(QString::fromUtf8(kModule)));
    // The best runs and agrees with g; a searched one schedules g with no --func.
    const QString file = Write("best.py", best.toUtf8());
    Run checked = Cli({"run", file, "--func", "g", "--check"});
    QVERIFY2(checked.code == 0, qPrintable(checked.err + checked.out));
    QVERIFY(checked.out.contains("0 mismatches"));
    if (best.contains("def apply_trace(")) {
      QVERIFY(best.contains("sch = tvm.tir.Schedule(Module)\n"));
      QVERIFY(best.contains("func_name=\"g\""));
      QVERIFY(best.trimmed().endsWith("sch.work_on(\"g\")\napply_trace(sch)"));
      Run own = Cli({"run", file, "--check"});
      QVERIFY2(own.code == 0, qPrintable(own.err + own.out));
    }

    // f's records: another workload in the same database.
    Run f =
        Cli({"tune", doc, "--func", "f", "--trials", "1", "--repeat", "1", "--json", "--db", db});
    QVERIFY2(f.code == 0, qPrintable(f.err));
    const QJsonObject of = Json(f);
    QCOMPARE(of["function"].toString(), QString("f"));
    QVERIFY(of["workload"].toString() != og["workload"].toString());
    QCOMPARE(of["resumed"].toInt(), 0);  // g's records are not f's

    // --best answers per function, and names it.
    Run stored = Cli({"tune", "--best", doc, "--func", "g", "--db", db});
    QVERIFY2(stored.code == 0, qPrintable(stored.err));
    QCOMPARE(stored.out.section('\n', 3, 3), QString("# function: g"));
    // The stored best is the fastest record. The run offers the input instead when its
    // claim timed the fastest no faster than the input (a loaded machine, an 8-element
    // kernel), and then names the fastest apart.
    const QString fastest =
        og["offered"].toString() == "input" ? og["fastest_found_script"].toString() : best;
    QCOMPARE(stored.out.section('\n', 4), fastest);
    Run which = Cli({"tune", "--best", doc, "--db", db});
    QCOMPARE(which.code, 2);
    QVERIFY2(which.err.contains("several functions (f, g); choose one with --func"),
             qPrintable(which.err));
  }

  void funcErrorsSayWhatToChoose() {
    const QString doc = Write("module.py", kModule);
    Run none = Cli({"tune", doc, "--trials", "1"});
    QCOMPARE(none.code, 2);
    QVERIFY2(none.err.contains("tessera-cli tune: ") &&
                 none.err.contains("defines a module of several functions (f, g); choose one "
                                   "with --func"),
             qPrintable(none.err));
    Run unknown = Cli({"tune", doc, "--func", "h", "--trials", "1"});
    QCOMPARE(unknown.code, 2);
    QVERIFY2(unknown.err.contains("--func h: the module has no function named 'h' (it has f, g)"),
             qPrintable(unknown.err));
    Run te = Cli({"tune", Write("te.py", kTe), "--func", "f", "--trials", "1"});
    QCOMPARE(te.code, 2);
    QVERIFY2(te.err.contains("--func chooses a function of a TensorIR module") &&
                 te.err.contains("te.py defines none"),
             qPrintable(te.err));
    QVERIFY(Cli({"tune", "--help"}).out.contains("--func NAME"));
  }
};

}  // namespace tst_tir_module_tune_cli

QTEST_GUILESS_MAIN(tst_tir_module_tune_cli::TestTirModuleTuneCli)
#include "tst_tir_module_tune_cli.moc"
