// tessera-cli run/profile/tune --runner local|slurm as a user runs them, on te and
// TensorIR documents: the same output as a local run from the worker's result, tuning records keyed
// with the node's machine signature, exit code 4 with a message when the runner cannot be used, 2
// for an unknown runner; `measure --signature` (what the runner's probe job runs on a node).
#include <QProcess>
#include <QProcessEnvironment>
#include <QtTest/QtTest>
#include <filesystem>

#include "RunnerTestSupport.h"
#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runner/MeasureBatch.h"
#include "runner/SlurmRunner.h"

namespace tst_runner_cli {

namespace fs = std::filesystem;

namespace {

struct CliResult {
  int code = -1;
  QString out, err;
};

CliResult Cli(const std::string& cli, const QStringList& args,
              const QString& path_env = QString()) {
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
  QString constant_;  // a vector add of constant shape (tune needs constant extents)
  QString module_;    // a TensorIR module of two functions, one of them scheduled

 private slots:
  void initTestCase() {
    auto cli = FindCli();
    if (!cli) QFAIL("tessera-cli was not found next to the tests (build the tessera-cli target)");
    cli_ = *cli;
    dir_ = FreshDir("tst-runner-cli");
    script_ = QString::fromStdString(dir_ + "/vadd.py");
    QVERIFY(tessera::runner::WriteFileAtomically(script_.toStdString(), VectorAddScript(8)).ok());
    constant_ = QString::fromStdString(dir_ + "/vconst.py");
    QVERIFY(tessera::runner::WriteFileAtomically(
                constant_.toStdString(),
                "import tvm\nfrom tvm import te\n"
                "A = te.placeholder((4096,), name=\"A\", dtype=\"float32\")\n"
                "B = te.placeholder((4096,), name=\"B\", dtype=\"float32\")\n"
                "C = te.compute((4096,), lambda i: A[i] + B[i], name=\"C\")\n"
                "s = te.create_schedule(C.op)\n")
                .ok());
    module_ = QString::fromStdString(dir_ + "/module.py");
    QVERIFY(tessera::runner::WriteFileAtomically(
                module_.toStdString(),
                "from tvm.script import ir as I\n"
                "from tvm.script import tir as T\n"
                "from tvm import tir\n"
                "@I.ir_module\n"
                "class Module:\n"
                "    @T.prim_func\n"
                "    def add(A: T.Buffer((64,), \"float32\"), B: T.Buffer((64,), \"float32\")):\n"
                "        for i in range(64):\n"
                "            with T.block(\"B\"):\n"
                "                vi = T.axis.spatial(64, i)\n"
                "                B[vi] = A[vi] + T.float32(1)\n"
                "    @T.prim_func\n"
                "    def mul(A: T.Buffer((64,), \"float32\"), B: T.Buffer((64,), \"float32\")):\n"
                "        for i in range(64):\n"
                "            with T.block(\"B\"):\n"
                "                vi = T.axis.spatial(64, i)\n"
                "                B[vi] = A[vi] * T.float32(3)\n"
                "sch = tir.Schedule(Module)\n"
                "sch.work_on(\"mul\")\n"
                "(i,) = sch.get_loops(sch.get_block(\"B\"))\n"
                "sch.split(i, factors=[None, 16])\n")
                .ok());
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
    CliResult r = Cli(cli_, {"profile", script_, "--repeat", "4", "--json", "--runner", "local",
                             "--workdir", QString::fromStdString(dir_ + "/profile")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8());
    QVERIFY2(doc.isObject(), qPrintable(r.out));
    QCOMPARE(doc["repeat"].toInt(), 4);
    QCOMPARE(doc["runner"].toString(), QString("local"));
    QVERIFY(doc["median_ms"].toDouble() > 0);
    QCOMPARE(doc["flops"].toInteger(), qint64{64});  // n = 64 additions (the default)
    QVERIFY(doc["machine"]["cores"].toInt() >= 1);
    // The same command on the same folder resumes: the stored result is printed again.
    CliResult again = Cli(cli_, {"profile", script_, "--repeat", "4", "--json", "--runner", "local",
                                 "--workdir", QString::fromStdString(dir_ + "/profile")});
    QCOMPARE(again.out, r.out);
  }

  void runThroughSlurm() {
    std::string why;
    if (!tessera::runner::SlurmAvailable(&why))
      QSKIP(qPrintable(
          QString::fromStdString("Slurm is not up here (" + why + "); run scripts/slurm-up.sh")));
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    CliResult r = Cli(cli_, {"run", script_, "--check", "--runner", "slurm", "--partition", "debug",
                             "--time", "5", "--workdir", QString::fromStdString(dir_ + "/slurm")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("slurm runner)") && r.out.contains("max abs error 0"),
             qPrintable(r.out));
  }

  // A TensorIR document goes to the worker as its text with the chosen function; the node
  // checks it against the unscheduled function, as `run --check` here does.
  void runATensorIRFunctionThroughTheLocalRunner() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    for (const char* func : {"mul", "add"}) {
      CliResult r = Cli(cli_, {"run", module_, "--func", func, "--check", "--runner", "local"});
      QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
      QVERIFY2(r.out.contains("local runner)") && r.out.contains("max abs error 0"),
               qPrintable(r.out));
    }
    CliResult profile = Cli(cli_, {"profile", module_, "--func", "mul", "--repeat", "3", "--json",
                                   "--runner", "local"});
    QVERIFY2(profile.code == 0, qPrintable(profile.err));
    QVERIFY2(profile.out.contains("\"median_ms\""), qPrintable(profile.out));
    CliResult here = Cli(cli_, {"profile", module_, "--func", "add", "--repeat", "3"});
    QVERIFY2(here.code == 0 && here.out.contains("add (TensorIR)"),
             qPrintable(here.err + here.out));
    // Without --func the module's scheduled function is the one measured; an unknown one is
    // refused before anything is submitted.
    CliResult scheduled = Cli(cli_, {"run", module_, "--check", "--runner", "local"});
    QVERIFY2(scheduled.code == 0, qPrintable(scheduled.err));
    CliResult unknown = Cli(cli_, {"run", module_, "--func", "sub", "--runner", "local"});
    QCOMPARE(unknown.code, 2);
    QVERIFY2(unknown.err.contains("no function named 'sub'"), qPrintable(unknown.err));
    CliResult scalar =
        Cli(cli_, {"run", module_, "--func", "mul", "--scalar", "n=4", "--runner", "local"});
    QCOMPARE(scalar.code, 2);
    QVERIFY2(scalar.err.contains("the kernel mul has no scalar parameter 'n' (it has none)"),
             qPrintable(scalar.err));
  }

  void runATensorIRDocumentThroughSlurm() {
    std::string why;
    if (!tessera::runner::SlurmAvailable(&why))
      QSKIP(qPrintable(
          QString::fromStdString("Slurm is not up here (" + why + "); run scripts/slurm-up.sh")));
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    CliResult r = Cli(
        cli_, {"run", module_, "--func", "mul", "--check", "--runner", "slurm", "--partition",
               "debug", "--time", "5", "--workdir", QString::fromStdString(dir_ + "/slurm-tir")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("slurm runner)") && r.out.contains("max abs error 0"),
             qPrintable(r.out));
  }

  void unavailableRunnerExitsWith4() {
    CliResult r = Cli(cli_, {"run", script_, "--runner", "slurm"}, QString::fromStdString(dir_));
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains("not available: Slurm is not installed here"), qPrintable(r.err));

    QVERIFY(tessera::runner::WriteFileAtomically(dir_ + "/plain-file", "x").ok());
    r = Cli(cli_, {"profile", script_, "--runner", "local", "--workdir",
                   QString::fromStdString(dir_ + "/plain-file/sub")});
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
    CliResult r = Cli(
        cli_, {"measure", QString::fromStdString(path), "--runner", "local", "--parallel", "2"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("v2: ok") && r.out.contains("v8: ok"), qPrintable(r.out));
    QVERIFY2(r.out.contains("measured 3 candidates (3 ok)") && r.out.contains("trials/minute"),
             qPrintable(r.out));
    QVERIFY(fs::exists(tessera::runner::ResultPath(dir_ + "/batch",
                                                   "v4")));  // --out defaults to the batch's folder
    CliResult bad = Cli(
        cli_, {"measure", QString::fromStdString(path), "--runner", "local", "--parallel", "0"});
    QCOMPARE(bad.code, 2);
  }

  void measureReportsTheMachineSignature() {
    const QString file = QString::fromStdString(dir_ + "/sig/machine.json");
    fs::create_directories(dir_ + "/sig");
    CliResult r = Cli(cli_, {"measure", "--signature", file});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    std::string error;
    auto sig = tessera::runner::MachineSignature::FromJson(ReadText(file.toStdString()), &error);
    QVERIFY2(sig, error.c_str());
    QCOMPARE(sig->Key(), tessera::runner::ReadMachineSignature().Key());
    QVERIFY(r.out.contains("\"cpu_model\""));
    CliResult both = Cli(cli_, {"measure", "--signature", file, "batch.json"});
    QCOMPARE(both.code, 2);
  }

  void tuneThroughSlurmKeysRecordsWithTheNode() {
    std::string why;
    if (!tessera::runner::SlurmAvailable(&why))
      QSKIP(qPrintable(
          QString::fromStdString("Slurm is not up here (" + why + "); run scripts/slurm-up.sh")));
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    const QString db = QString::fromStdString(dir_ + "/tune-slurm.db");
    const QString work = QString::fromStdString(dir_ + "/tune-slurm");
    // The claim's own jobs (tst_tune_cli's subject) are left out: --claim-processes 0.
    const QStringList args = {
        "tune",     constant_,  "--trials",   "4",         "--batch", "4",
        "--repeat", "2",        "--strategy", "random",    "--db",    db,
        "--json",   "--runner", "slurm",      "--workdir", work,      "--claim-processes",
        "0"};
    CliResult r = Cli(cli_, args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("through slurm"), qPrintable(r.err));
    QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8());
    QVERIFY2(doc.isObject(), qPrintable(r.out));
    QCOMPARE(doc["runner"].toString(), QString("slurm"));
    QCOMPARE(doc["measured"].toInt(), 4);
    // The node's signature (this machine is the node here), learned by a probe job.
    QCOMPARE(doc["machine"].toString().toStdString(),
             tessera::runner::ReadMachineSignature().Key());
    QVERIFY(doc["best_gflops"].toDouble() > 0);
    // The candidates ran as job arrays: submission folders with their job ids.
    int submissions = 0;
    for (const auto& e : fs::directory_iterator(work.toStdString()))
      submissions += fs::exists(e.path() / "job") ? 1 : 0;
    QVERIFY2(submissions >= 2,
             qPrintable(QString::number(submissions)));  // a batch and a check at least
    // Started again: the records are read back (the input, 4 trials) and the search goes on.
    CliResult again = Cli(cli_, args);
    QVERIFY2(again.code == 0, qPrintable(again.err));
    QJsonDocument second = QJsonDocument::fromJson(again.out.toUtf8());
    QVERIFY2(second["resumed"].toInt() >= 5, qPrintable(again.out));
    // --best for the node's machine finds them.
    CliResult best = Cli(
        cli_, {"tune", "--best", constant_, "--db", db, "--runner", "slurm", "--workdir", work});
    QVERIFY2(best.code == 0, qPrintable(best.err));
    QVERIFY2(best.out.contains("# tuned by tessera-cli tune"), qPrintable(best.out));
  }

  void aKilledTuneResumesTheBatchItLeft() {
    std::string why;
    if (!tessera::runner::SlurmAvailable(&why))
      QSKIP(qPrintable(
          QString::fromStdString("Slurm is not up here (" + why + "); run scripts/slurm-up.sh")));
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    const std::string work = dir_ + "/tune-killed";
    const QStringList args = {"tune",
                              constant_,
                              "--trials",
                              "8",
                              "--batch",
                              "4",
                              "--repeat",
                              "50",
                              "--strategy",
                              "random",
                              "--db",
                              QString::fromStdString(dir_ + "/tune-killed.db"),
                              "--json",
                              "--runner",
                              "slurm",
                              "--workdir",
                              QString::fromStdString(work),
                              "--claim-processes",
                              "0"};
    // The first run is killed as soon as its first batch is submitted (the second job:
    // the first measures the input schedule), before it can record that batch.
    QProcess first;
    first.start(QString::fromStdString(cli_), args);
    QVERIFY(first.waitForStarted());
    int jobs = 0;
    for (int i = 0; i < 1200 && jobs < 2 && first.state() == QProcess::Running; ++i) {
      QThread::msleep(50);
      jobs = 0;
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(work, ec))
        jobs += fs::exists(e.path() / "job") ? 1 : 0;
    }
    first.kill();
    first.waitForFinished();
    QVERIFY2(jobs >= 2, qPrintable(QString::fromUtf8(first.readAllStandardError())));
    // Started again: the four candidates of that batch are read back or waited for and
    // recorded, not lost.
    CliResult again = Cli(cli_, args);
    QVERIFY2(again.code == 0, qPrintable(again.err));
    QVERIFY2(again.err.contains("resumed 4 candidates that an earlier run left unrecorded"),
             qPrintable(again.err));
    QJsonDocument doc = QJsonDocument::fromJson(again.out.toUtf8());
    QVERIFY2(doc["resumed"].toInt() >= 5, qPrintable(again.out));  // the input and the four
  }

  void tuneWithoutSlurmExitsWith4() {
    if (!tessera::codegen::LLVMAvailable()) QSKIP("this build has no LLVM backend");
    CliResult r = Cli(cli_, {"tune", constant_, "--trials", "1", "--runner", "slurm"},
                      QString::fromStdString(dir_));
    QCOMPARE(r.code, 4);
    QVERIFY2(r.err.contains("not available: Slurm is not installed here"), qPrintable(r.err));
  }

  void unknownRunnerIsAUsageError() {
    CliResult r = Cli(cli_, {"run", script_, "--runner", "ssh"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("unknown runner 'ssh'"), qPrintable(r.err));
  }
};

}  // namespace tst_runner_cli

QTEST_APPLESS_MAIN(tst_runner_cli::TestRunnerCli)
#include "tst_runner_cli.moc"
