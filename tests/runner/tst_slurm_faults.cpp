// The faults of issue #14 against the real (single-node) Slurm that scripts/slurm-up.sh
// starts, beyond tst_slurm_runner's (crash, failing job, cancel, node down, resume):
// a task preempted (cancelled from outside, as PreemptMode=CANCEL does) is retried; a
// task killed at Slurm's time limit is recorded with TIMEOUT after its retries; the
// application killed while its jobs run, started again on the same work folder, waits
// for those jobs instead of submitting again; the controller restarted mid-batch loses
// nothing; and the runner learns a node's machine signature with a probe job. Skipped,
// with the reason, when Slurm is not up.
#include <sys/stat.h>

#include <QProcess>
#include <QtTest/QtTest>
#include <chrono>
#include <filesystem>
#include <thread>

#include "RunnerTestSupport.h"
#include "codegen/LLVMBackend.h"
#include "runner/MeasureBatch.h"
#include "runner/Runner.h"
#include "runner/SlurmRunner.h"
#include "runner/Subprocess.h"

namespace tst_slurm_faults {

using namespace tessera::runner;
namespace fs = std::filesystem;

namespace {

RunnerOptions FaultOptions(const std::string& cli, const std::string& workdir) {
  RunnerOptions o;
  o.kind = "slurm";
  o.worker_path = cli;
  o.workdir = workdir;
  o.poll_s = 0.2;
  o.parallel_builds = 2;
  return o;
}

// The "JOB_TASK" ids of the tasks of `job` that Slurm lists in `state` (e.g. RUNNING).
std::vector<std::string> TasksIn(const std::string& job, const std::string& state) {
  CommandOutput q = RunCommand({"squeue", "-h", "-r", "-j", job, "-o", "%i %T"}, 10);
  std::vector<std::string> out;
  std::istringstream lines(q.output);
  std::string id, st;
  while (lines >> id >> st)
    if (st == state) out.push_back(id);
  return out;
}

int ResultFiles(const std::string& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    n += e.path().string().ends_with(".result.json");
  return n;
}

// GEMMs of 256^3 timed `repeat` times: a task measures for a few seconds.
std::vector<MeasureRequest> SlowBatch(const std::string& prefix, int count, int repeat) {
  std::vector<MeasureRequest> batch;
  for (int i = 0; i < count; ++i) {
    MeasureRequest r = Request(prefix + std::to_string(i), GemmScript(), 256);
    r.repeat = repeat;
    batch.push_back(r);
  }
  return batch;
}

}  // namespace

class TestSlurmFaults : public QObject {
  Q_OBJECT

  std::string cli_;
  std::string slurm_missing_;

  bool SlurmReady() {
    if (cli_.empty()) {
      QTest::qFail("tessera-cli was not found next to the tests (build the tessera-cli target)",
                   __FILE__, __LINE__);
      return false;
    }
    if (!slurm_missing_.empty()) {
      QTest::qSkip(qPrintable(QString::fromStdString("Slurm is not up here (" + slurm_missing_ +
                                                     "); run scripts/slurm-up.sh as root")),
                   __FILE__, __LINE__);
      return false;
    }
    if (!tessera::codegen::LLVMAvailable()) {
      QTest::qSkip("this build has no LLVM backend: candidates cannot be compiled", __FILE__,
                   __LINE__);
      return false;
    }
    return true;
  }
#define REQUIRE_SLURM()        \
  do {                         \
    if (!SlurmReady()) return; \
  } while (0)

 private slots:
  void initTestCase() {
    if (auto cli = FindCli()) cli_ = *cli;
    if (!SlurmAvailable(&slurm_missing_) && slurm_missing_.empty()) slurm_missing_ = "unknown";
  }

  void theNodesSignatureComesFromAProbeJob() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-probe");
    std::string error;
    auto runner = SlurmRunner::Create(FaultOptions(cli_, dir), &error);
    QVERIFY2(runner, error.c_str());
    auto machine = runner->Machine(&error);
    QVERIFY2(machine, error.c_str());
    // The node is this machine here: the same signature, read there by the worker.
    QCOMPARE(machine->Key(), ReadMachineSignature().Key());
    QVERIFY(!machine->hostname.empty());
    bool probed = false;
    for (const auto& e : fs::recursive_directory_iterator(dir))
      probed |= e.path().filename() == "machine.json";
    QVERIFY(probed);
    QVERIFY(runner->jobs().empty());  // a probe is not a measurement job
    fs::remove_all(dir);
  }

  void aProbeThatCannotRunSaysWhy() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-probe-bad");
    std::string worker = dir + "/broken-worker.sh";
    QVERIFY(
        WriteFileAtomically(worker, "#!/bin/sh\necho 'worker: no signature today' >&2\nexit 3\n")
            .ok());
    QVERIFY(chmod(worker.c_str(), 0755) == 0);
    std::string error;
    auto runner = SlurmRunner::Create(FaultOptions(worker, dir + "/run"), &error);
    QVERIFY2(runner, error.c_str());
    QVERIFY(!runner->Machine(&error));
    QVERIFY2(error.find("cannot learn the node's machine") != std::string::npos, error.c_str());
    QVERIFY2(error.find("no signature today") != std::string::npos, error.c_str());
    fs::remove_all(dir);
  }

  void aPreemptedTaskIsRetried() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-preempt");
    std::string error;
    auto runner = SlurmRunner::Create(FaultOptions(cli_, dir), &error);
    QVERIFY2(runner, error.c_str());
    std::vector<MeasureRequest> batch = SlowBatch("p", 2, 200);
    // Preemption with PreemptMode=CANCEL ends a running task from outside: the same as
    // scancel of that task, which is what this does to the first running one.
    std::string preempted;
    MeasureCallbacks cb;
    cb.on_progress = [&](int, int running, int) {
      if (!preempted.empty() || running == 0 || runner->jobs().empty()) return;
      auto tasks = TasksIn(runner->jobs().front(), "RUNNING");
      if (tasks.empty()) return;
      preempted = tasks.front();
      (void)RunCommand({"scancel", preempted}, 10);
    };
    auto results = runner->Measure(batch, cb);
    QVERIFY2(!preempted.empty(), "no task was seen running");
    int max_attempts = 0;
    for (const MeasureResult& r : results) {
      QVERIFY2(r.status == MeasureStatus::Ok, (r.id + ": " + r.message).c_str());
      max_attempts = std::max(max_attempts, r.attempts);
    }
    QCOMPARE(max_attempts, 2);  // the preempted task's candidate ran again
    QCOMPARE(runner->jobs().size(), size_t{2});
    QCOMPARE(ResultFiles(dir), 2);
    fs::remove_all(dir);
  }

  void aTaskPastSlurmsTimeLimitIsRecordedWithTheReason() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-timelimit");
    RunnerOptions o = FaultOptions(cli_, dir);
    o.time_limit = "1";  // one minute; the candidate would hang for five
    o.max_retries = 0;
    std::string error;
    auto runner = SlurmRunner::Create(o, &error);
    QVERIFY2(runner, error.c_str());
    MeasureRequest hang = Request("slow", VectorAddScript(4));
    hang.test_fault = "hang";
    hang.timeout_s = 300;
    auto start = std::chrono::steady_clock::now();
    auto results = runner->Measure({hang}, {});
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    qInfo("the job ended after %.0f s", seconds);
    // Slurm's TIMEOUT state, once: the job's time limit ended it, not the candidate's own
    // 300 s (asserted from the state, not the wall clock, which a loaded machine stretches).
    QCOMPARE(results[0].status, MeasureStatus::RunError);
    QVERIFY2(results[0].message.find("TIMEOUT") != std::string::npos, results[0].message.c_str());
    QCOMPARE(results[0].attempts, 1);
    fs::remove_all(dir);
  }

  void aRestartedApplicationWaitsForItsRunningJobs() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-adopt");
    std::vector<MeasureRequest> batch = SlowBatch("a", 2, 200);
    const std::string batch_file = dir + "/batch.json";
    QVERIFY(WriteFileAtomically(batch_file, BatchToJson(batch)).ok());
    // The "application": tessera-cli measure handing the batch to Slurm; killed (-9)
    // once its job runs, as a crash or a closed laptop would.
    QProcess app;
    app.start(QString::fromStdString(cli_),
              {"measure", QString::fromStdString(batch_file), "--runner", "slurm", "--parallel",
               "2", "--workdir", QString::fromStdString(dir + "/run")});
    QVERIFY(app.waitForStarted());
    std::string job;
    for (int i = 0; i < 300 && job.empty(); ++i) {
      QThread::msleep(100);
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(dir + "/run", ec))
        if (fs::exists(e.path() / "job")) job = ReadText(e.path() / "job");
      while (!job.empty() && (job.back() == '\n' || job.back() == ' ')) job.pop_back();
      if (!job.empty() && TasksIn(job, "RUNNING").empty()) job.clear();
    }
    QVERIFY2(!job.empty(), "the first run's job never ran");
    app.kill();
    app.waitForFinished();
    // Started again on the same folder: the job left running is adopted, not resubmitted.
    std::string error;
    auto runner = SlurmRunner::Create(FaultOptions(cli_, dir + "/run"), &error);
    QVERIFY2(runner, error.c_str());
    auto results = runner->Measure(batch, {});
    for (const MeasureResult& r : results)
      QVERIFY2(r.status == MeasureStatus::Ok, (r.id + ": " + r.message).c_str());
    QVERIFY2(!runner->adopted().empty(), "nothing was adopted");
    QVERIFY(runner->adopted().front().starts_with(job + "_"));
    QVERIFY(runner->jobs().empty());  // nothing submitted again
    QCOMPARE(ResultFiles(dir + "/run"), 2);
    fs::remove_all(dir);
  }

  void aControllerRestartMidBatchLosesNothing() {
    REQUIRE_SLURM();
    const char* source = std::getenv("TESSERA_SOURCE_DIR");
    if (!source || getuid() != 0)
      QSKIP("needs root and TESSERA_SOURCE_DIR (scripts/slurm-up.sh restarts the controller)");
    const std::string state = std::getenv("TESSERA_SLURM_STATE")
                                  ? std::getenv("TESSERA_SLURM_STATE")
                                  : "/tmp/tessera-slurm";
    const std::string pid_text = ReadText(state + "/slurmctld.pid");
    if (pid_text.empty())
      QSKIP(
          "this Slurm was not started by scripts/slurm-up.sh (no slurmctld.pid in its state "
          "folder)");
    std::string dir = FreshDir("tst-slurm-ctld");
    std::string error;
    auto runner = SlurmRunner::Create(FaultOptions(cli_, dir), &error);
    QVERIFY2(runner, error.c_str());
    bool restarted = false;
    std::string restart_output;
    MeasureCallbacks cb;
    cb.on_progress = [&](int, int running, int) {
      if (restarted || running == 0) return;
      restarted = true;
      // The controller stops (its jobs go on on the node) and comes back from its state.
      (void)RunCommand({"kill", std::to_string(std::atoi(pid_text.c_str()))}, 10);
      std::this_thread::sleep_for(std::chrono::seconds(2));
      CommandOutput up = RunCommand({"bash", std::string(source) + "/scripts/slurm-up.sh"}, 120);
      restart_output = up.output;
    };
    auto results = runner->Measure(SlowBatch("r", 2, 200), cb);
    QVERIFY(restarted);
    QVERIFY2(restart_output.find("is up") != std::string::npos, restart_output.c_str());
    for (const MeasureResult& r : results)
      QVERIFY2(r.status == MeasureStatus::Ok, (r.id + ": " + r.message).c_str());
    QCOMPARE(ResultFiles(dir), 2);
    fs::remove_all(dir);
  }
};

}  // namespace tst_slurm_faults

QTEST_APPLESS_MAIN(tst_slurm_faults::TestSlurmFaults)
#include "tst_slurm_faults.moc"
