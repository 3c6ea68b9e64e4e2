// TensorIR tuning on Slurm nodes: the same SlurmRunner the te tuner uses measures the
// candidates of a TensorIR document (its workers read them as TensorIR documents), from
// the core (TuneTensorIR) and from the command line (`tessera-cli tune --runner slurm`).
// The records are keyed by the node's machine; the best agrees with the unscheduled
// function (its check ran on a node too). scripts/slurm-up.sh brings the one-node Slurm
// up (the test command runs it); without it these tests are skipped with the reason.
#include <unistd.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

#include "codegen/LLVMBackend.h"
#include "runner/SlurmRunner.h"
#include "script/Evaluator.h"
#include "tune/tir/TirTuner.h"

namespace tst_tir_tune_slurm {

using namespace tessera;

namespace {

constexpr const char* kGemm = R"(import tvm
from tvm import te, tir
A = te.placeholder((16, 16), "float32", name="A")
B = te.placeholder((16, 16), "float32", name="B")
k = te.reduce_axis((0, 16), name="k")
C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
sch = tir.Schedule(te.create_prim_func([A, B, C]))
)";

std::string Cli() {
#ifdef TESSERA_CLI_PATH
  if (access(TESSERA_CLI_PATH, X_OK) == 0) return TESSERA_CLI_PATH;
#endif
  return "";
}

// Result files of a Slurm run: one per candidate measured, in its submission folders.
int SlurmResults(const std::string& workdir) {
  int n = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(workdir))
    if (e.path().filename().string().find(".result.json") != std::string::npos) ++n;
  return n;
}

}  // namespace

class TestTirTuneSlurm : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  std::string why_;  // why Slurm cannot be used; "" when it is up

 private slots:
  void initTestCase() {
    if (Cli().empty())
      why_ = "tessera-cli was not built next to the tests";
    else if (!codegen::LLVMAvailable())
      why_ = "this build has no LLVM backend";
    else if (!runner::SlurmAvailable(&why_) && why_.empty())
      why_ = "unknown";
  }

  void tunesOnSlurmNodes() {
    if (!why_.empty())
      QSKIP(qPrintable(QString::fromStdString("Slurm is not up here (" + why_ +
                                              "); run scripts/slurm-up.sh as root")));
    runner::RunnerOptions o;
    o.kind = "slurm";
    o.worker_path = Cli();
    o.workdir = dir_.filePath("core").toStdString();
    o.poll_s = 0.2;
    o.parallel_builds = 2;
    std::filesystem::create_directories(o.workdir);
    std::string error;
    auto slurm = runner::SlurmRunner::Create(o, &error);
    QVERIFY2(slurm, error.c_str());
    auto machine = slurm->Machine(&error);
    QVERIFY2(machine, error.c_str());
    auto program = script::EvaluateScript(kGemm, "gemm.py");
    QVERIFY(program.ok());
    program->source = kGemm;
    tune::TuneOptions options;
    options.trials = 2;
    options.batch_size = 2;
    options.repeat = 1;
    options.warmup = 0;
    auto db = tune::Database::Open(":memory:");
    QVERIFY(db.ok());
    auto r = tune::TuneTensorIR(*program, *slurm, db->get(), *machine, options);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->measured, 2);
    QVERIFY(r->best);
    QVERIFY(r->best->checked);
    QCOMPARE(r->best->machine_key, machine->Key());
    QCOMPARE(r->machine_key, machine->Key());
    // Measured by the nodes: the input, two candidates, the checks and the comparison all
    // came back as result files of the job arrays.
    QVERIFY(!slurm->jobs().empty());
    QVERIFY(SlurmResults(o.workdir) >= 4);
  }

  void theCommandLineTunesOnSlurm() {
    if (!why_.empty())
      QSKIP(qPrintable(QString::fromStdString("Slurm is not up here (" + why_ +
                                              "); run scripts/slurm-up.sh as root")));
    const QString doc = dir_.filePath("gemm.py");
    QFile f(doc);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kGemm);
    f.close();
    const QString workdir = dir_.filePath("cli");
    QProcess cli;
    cli.start(QString::fromStdString(Cli()),
              {"tune", doc, "--trials", "2", "--batch", "2", "--repeat", "1", "--json", "--runner",
               "slurm", "--workdir", workdir, "--db", dir_.filePath("cli.db")});
    QVERIFY(cli.waitForFinished(120000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(cli.exitCode() == 0, qPrintable(err));
    QJsonObject o = QJsonDocument::fromJson(cli.readAllStandardOutput()).object();
    QCOMPARE(o["kind"].toString(), QString("tensorir"));
    QCOMPARE(o["runner"].toString(), QString("slurm"));
    QCOMPARE(o["measured"].toInt(), 2);
    QVERIFY(o["best_gflops"].toDouble() > 0);
    QVERIFY(SlurmResults(workdir.toStdString()) >= 2);
  }
};

}  // namespace tst_tir_tune_slurm

QTEST_GUILESS_MAIN(tst_tir_tune_slurm::TestTirTuneSlurm)
#include "tst_tir_tune_slurm.moc"
