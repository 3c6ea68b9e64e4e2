// tessera-cli run/profile --runner local|slurm as a user runs them: the same output as a
// local run from the worker's result, exit code 4 with a message when the runner cannot
// be used, 2 for an unknown runner.
#include <QProcess>
#include <QProcessEnvironment>
#include <QtTest/QtTest>

#include <filesystem>

#include "RunnerTestSupport.h"
#include "codegen/LLVMBackend.h"
#include "runner/MeasureBatch.h"
#include "runner/SlurmRunner.h"

namespace fs = std::filesystem;

namespace {

struct CliResult {
  int code = -1;
  QString out, err;
};

CliResult Cli(const std::string& cli, const QStringList& args, const QString& path_env = QString()) {
  QProcess p;
  if (!path_env.isNull()) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PATH", path_env);
    p.setProcessEnvironment(env);
  }
  p.start(QString::fromStdString(cli), args);
  CliResult r;
  if (!p.waitForFinished(300000)) {
    p.kill();
    p.waitForFinished();
    r.err = "tessera-cli did not finish";
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = QString::fromUtf8(p.readAllStandardOutput());
  r.err = QString::fromUtf8(p.readAllStandardError());
  return r;
}

}  // namespace

class TestRunnerCli : public QObject {
  Q_OBJECT

  std::string cli_;
  std::string dir_;
  QString script_;

 private slots:
  void initTestCase() {
    auto cli = FindCli();
    if (!cli) QFAIL("tessera-cli was not found next to the tests (build the tessera-cli target)");
    cli_ = *cli;
    dir_ = FreshDir("tst-runner-cli");
    script_ = QString::fromStdString(dir_ + "/vadd.py");
    QVERIFY(tessera::runner::WriteFileAtomically(script_.toStdString(), VectorAddScript(8)).ok());
  }
  void cleanupTestCase() { fs::remove_all(dir_); }

  void runWithCheckThroughTheLocalRunner() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    CliResult r = Cli(cli_, {"run", script_, "--check", "--var", "n=1000", "--runner", "local"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("local runner): compiled in"), qPrintable(r.out));
    QVERIFY2(r.out.contains("max abs error 0"), qPrintable(r.out));
  }

  void profileJsonCarriesTheMachine() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    CliResult r = Cli(cli_, {"profile", script_, "--repeat", "4", "--json", "--runner", "local", "--workdir",
                             QString::fromStdString(dir_ + "/profile")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8());
    QVERIFY2(doc.isObject(), qPrintable(r.out));
    QCOMPARE(doc["repeat"].toInt(), 4);
    QCOMPARE(doc["runner"].toString(), QString("local"));
    QVERIFY(doc["median_ms"].toDouble() > 0);
    QCOMPARE(doc["flops"].toInteger(), qint64{64});  // n = 64 additions (the default)
    QVERIFY(doc["machine"]["cores"].toInt() >= 1);
    // The same command on the same folder resumes: the stored result is printed again.
    CliResult again = Cli(cli_, {"profile", script_, "--repeat", "4", "--json", "--runner", "local", "--workdir",
                                 QString::fromStdString(dir_ + "/profile")});
    QCOMPARE(again.out, r.out);
  }

  void runThroughSlurm() {
    std::string why;
    if (!tessera::runner::SlurmAvailable(&why))
      QSKIP(qPrintable(QString::fromStdString("Slurm is not up here (" + why + "); run scripts/slurm-up.sh")));
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    CliResult r = Cli(cli_, {"run", script_, "--check", "--runner", "slurm", "--partition", "debug", "--time", "5",
                             "--workdir", QString::fromStdString(dir_ + "/slurm")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("slurm runner)") && r.out.contains("max abs error 0"), qPrintable(r.out));
  }

  void unavailableRunnerExitsWith4() {
    CliResult r = Cli(cli_, {"run", script_, "--runner", "slurm"}, QString::fromStdString(dir_));
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains("not available: Slurm is not installed here"), qPrintable(r.err));

    QVERIFY(tessera::runner::WriteFileAtomically(dir_ + "/plain-file", "x").ok());
    r = Cli(cli_, {"profile", script_, "--runner", "local", "--workdir", QString::fromStdString(dir_ + "/plain-file/sub")});
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains("work folder"), qPrintable(r.err));
  }

  void measureHandsABatchToARunner() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    std::vector<tessera::runner::MeasureRequest> batch;
    for (int f : {2, 4, 8}) batch.push_back(Request("v" + std::to_string(f), VectorAddScript(f)));
    const std::string path = dir_ + "/batch/batch.json";
    fs::create_directories(dir_ + "/batch");
    QVERIFY(tessera::runner::WriteFileAtomically(path, tessera::runner::BatchToJson(batch)).ok());
    CliResult r = Cli(cli_, {"measure", QString::fromStdString(path), "--runner", "local", "--parallel", "2"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("v2: ok") && r.out.contains("v8: ok"), qPrintable(r.out));
    QVERIFY2(r.out.contains("measured 3 candidates (3 ok)") && r.out.contains("trials/minute"), qPrintable(r.out));
    QVERIFY(fs::exists(tessera::runner::ResultPath(dir_ + "/batch", "v4")));  // --out defaults to the batch's folder
    CliResult bad = Cli(cli_, {"measure", QString::fromStdString(path), "--runner", "local", "--parallel", "0"});
    QCOMPARE(bad.code, 2);
  }

  void unknownRunnerIsAUsageError() {
    CliResult r = Cli(cli_, {"run", script_, "--runner", "ssh"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("unknown runner 'ssh'"), qPrintable(r.err));
  }
};

QTEST_APPLESS_MAIN(TestRunnerCli)
#include "tst_runner_cli.moc"
