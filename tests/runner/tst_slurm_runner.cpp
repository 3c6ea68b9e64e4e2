// The SlurmRunner against a real (single-node) Slurm: a batch, a run with --check, a
// crashing candidate, a job that fails and is retried, a cancelled run, and the node set
// down in the middle of a batch and resumed. scripts/slurm-up.sh brings Slurm up (the
// test command runs it); without it these tests are skipped with the reason. The refusals
// when Slurm is missing or the work folder cannot be written run everywhere.
#include <sys/stat.h>
#include <unistd.h>

#include <QtTest/QtTest>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "RunnerTestSupport.h"
#include "ScopedEnv.h"
#include "codegen/LLVMBackend.h"
#include "runner/MeasureBatch.h"
#include "runner/Runner.h"
#include "runner/SlurmRunner.h"
#include "runner/Subprocess.h"

namespace tst_slurm_runner {

using namespace tessera::runner;
using tessera::testing::ScopedEnv;
namespace fs = std::filesystem;

namespace {

std::string HostShort() {
  CommandOutput out = RunCommand({"hostname", "-s"}, 10);
  std::string h = out.output;
  while (!h.empty() && (h.back() == '\n' || h.back() == ' ')) h.pop_back();
  return h;
}

std::string NodeState(const std::string& host) {
  CommandOutput out = RunCommand({"sinfo", "-h", "-n", host, "-o", "%T"}, 10);
  return out.output;
}

RunnerOptions SlurmOptions(const std::string& cli, const std::string& workdir) {
  RunnerOptions o;
  o.kind = "slurm";
  o.worker_path = cli;
  o.workdir = workdir;
  o.poll_s = 0.2;
  o.parallel_builds = 2;  // two array tasks: the node's two job slots
  return o;
}

}  // namespace

class TestSlurmRunner : public QObject {
  Q_OBJECT

  std::string cli_;
  std::string slurm_missing_;  // why the Slurm tests are skipped; "" when Slurm is up
  std::string host_;

  // QSKIP in a helper only leaves the helper, so the tests call REQUIRE_SLURM(), which
  // leaves the test too (a skipped test that went on used to fail on a null runner).
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

  std::unique_ptr<SlurmRunner> Make(const std::string& workdir, int max_retries = 2) {
    RunnerOptions o = SlurmOptions(cli_, workdir);
    o.max_retries = max_retries;
    std::string error;
    auto r = SlurmRunner::Create(o, &error);
    if (!r) qWarning("SlurmRunner::Create: %s", error.c_str());
    return r;
  }

 private slots:
  void initTestCase() {
    if (auto cli = FindCli()) cli_ = *cli;
    if (!SlurmAvailable(&slurm_missing_) && slurm_missing_.empty()) slurm_missing_ = "unknown";
    host_ = HostShort();
  }

  void noSlurmIsAClearRefusal() {
    // With an empty $PATH there is no sbatch: refused at once, with the reason.
    std::string empty = FreshDir("tst-nopath");
    std::string error;
    {
      ScopedEnv path("PATH", empty.c_str());
      RunnerOptions o;
      o.kind = "slurm";
      o.worker_path = "/bin/true";
      o.workdir = empty;
      QVERIFY(!MakeRunner(o, &error));
    }
    QVERIFY2(error.find("Slurm is not installed here") != std::string::npos, error.c_str());
    QVERIFY2(error.find("sbatch") != std::string::npos, error.c_str());
    fs::remove_all(empty);
  }

  void controllerDownIsAClearRefusal() {
    // Slurm's commands are there but the controller is down: stand-ins that answer as
    // the real ones do then (scontrol ping: "... is DOWN", exit 1).
    std::string bin = FreshDir("tst-slurm-down-bin");
    for (const char* tool : {"sbatch", "squeue", "scancel"})
      QVERIFY(WriteFileAtomically(bin + "/" + tool, "#!/bin/sh\nexit 1\n").ok());
    QVERIFY(WriteFileAtomically(bin + "/scontrol",
                                "#!/bin/sh\necho 'Slurmctld(primary) at vm is DOWN'\nexit 1\n")
                .ok());
    for (const char* tool : {"sbatch", "squeue", "scancel", "scontrol"})
      QVERIFY(chmod((bin + "/" + tool).c_str(), 0755) == 0);
    std::string error;
    {
      ScopedEnv path("PATH", bin.c_str());
      RunnerOptions o = SlurmOptions("/bin/true", bin);
      QVERIFY(!MakeRunner(o, &error));
    }
    QVERIFY2(error.find("the Slurm controller does not answer") != std::string::npos,
             error.c_str());
    QVERIFY2(error.find("is DOWN") != std::string::npos, error.c_str());
    fs::remove_all(bin);
  }

  void unwritableWorkFolderIsAClearRefusal() {
    if (!slurm_missing_.empty())
      QSKIP("needs Slurm up: the folder is checked after Slurm is found");
    std::string dir = FreshDir("tst-slurm-folder");
    QVERIFY(WriteFileAtomically(dir + "/file", "x").ok());
    RunnerOptions o = SlurmOptions("/bin/true", dir + "/file/sub");
    std::string error;
    QVERIFY(!MakeRunner(o, &error));
    QVERIFY2(error.find("work folder") != std::string::npos, error.c_str());
    fs::remove_all(dir);
  }

  void sbatchCarriesTheUsersOptions() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-opts");
    RunnerOptions o = SlurmOptions(cli_, dir);
    o.partition = "debug";
    o.gres = "gpu:1";
    o.time_limit = "5";
    o.account = "kernels";
    o.extra = "--nice=10 --exclusive";
    std::string error;
    auto r = SlurmRunner::Create(o, &error);
    QVERIFY2(r, error.c_str());
    auto cmd = r->SbatchCommand("job.sh", 3, "log-%a");
    auto has = [&](const std::string& a) {
      return std::find(cmd.begin(), cmd.end(), a) != cmd.end();
    };
    QVERIFY(has("--array=0-2"));
    QVERIFY(has("--partition=debug"));
    QVERIFY(has("--gres=gpu:1"));
    QVERIFY(has("--time=5"));
    QVERIFY(has("--account=kernels"));
    QVERIFY(has("--nice=10") && has("--exclusive"));
    QCOMPARE(QString::fromStdString(cmd.back()), QString("job.sh"));
    fs::remove_all(dir);
  }

  void aBatchRunsAsAJobArray() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-batch");
    auto runner = Make(dir);
    QVERIFY(runner);
    std::vector<MeasureRequest> batch;
    for (int f : {1, 2, 4, 8, 16})
      batch.push_back(Request("s" + std::to_string(f), VectorAddScript(f)));
    batch[2].check = true;  // a run with --check
    int results_seen = 0;
    MeasureCallbacks cb;
    cb.on_result = [&](const MeasureResult&) { ++results_seen; };
    auto results = runner->Measure(batch, cb);
    QCOMPARE(results.size(), batch.size());
    QCOMPARE(results_seen, 5);
    for (size_t i = 0; i < batch.size(); ++i) {
      QCOMPARE(results[i].id, batch[i].id);
      QVERIFY2(results[i].status == MeasureStatus::Ok, results[i].message.c_str());
      QCOMPARE(results[i].times_ms.size(), size_t{3});
      // Measured on the node: its signature (here the node is this machine).
      QCOMPARE(results[i].machine.Key(), ReadMachineSignature().Key());
      QCOMPARE(QString::fromStdString(results[i].machine.hostname.substr(0, host_.size())),
               QString::fromStdString(host_));
    }
    QCOMPARE(results[2].max_error, 0.0);
    // One job array for the five candidates, two tasks.
    QCOMPARE(runner->jobs().size(), size_t{1});
    int task_files = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir))
      task_files +=
          e.path().filename().string().starts_with("task-") && e.path().extension() == ".json";
    QCOMPARE(task_files, 2);
    fs::remove_all(dir);
  }

  // A Profile compared with another version, run on a node: the node times both in the
  // same interleaved rounds, as a local Profile does.
  void aBaselineIsTimedOnTheNodeInTheSameRounds() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-baseline");
    auto runner = Make(dir);
    QVERIFY(runner);
    MeasureRequest pair = Request("pair", VectorAddScript(4), 4096);
    pair.repeat = 10;
    pair.baseline_script = VectorAddScript(64);
    auto results = runner->Measure({pair}, {});
    QCOMPARE(results.size(), size_t{1});
    QVERIFY2(results[0].status == MeasureStatus::Ok, results[0].message.c_str());
    QCOMPARE(results[0].times_ms.size(), size_t{10});
    QCOMPARE(results[0].baseline_times_ms.size(), size_t{10});
    fs::remove_all(dir);
  }

  // Without --parallel a batch gets one array task per CPU the partition has (here the
  // node's, as sinfo counts them), each measuring a share of the batch: six candidates on
  // a 2-CPU node are two tasks of three, not six jobs.
  void aBatchIsSharedOutOverThePartitionsCpus() {
    REQUIRE_SLURM();
    CommandOutput cpus = RunCommand({"sinfo", "-h", "-o", "%C"}, 10);
    long allocated = 0, idle = 0;
    QVERIFY2(std::sscanf(cpus.output.c_str(), "%ld/%ld/", &allocated, &idle) == 2,
             cpus.output.c_str());
    std::string dir = FreshDir("tst-slurm-slots");
    RunnerOptions o = SlurmOptions(cli_, dir);
    o.parallel_builds = 0;
    std::string error;
    auto runner = SlurmRunner::Create(o, &error);
    QVERIFY2(runner, error.c_str());
    QCOMPARE(runner->JobSlots(), int(std::min(allocated + idle, 64L)));
    std::vector<MeasureRequest> batch;
    for (int f : {1, 2, 4, 8, 16, 32})
      batch.push_back(Request("p" + std::to_string(f), VectorAddScript(f), 4096));
    auto results = runner->Measure(batch, {});
    for (const MeasureResult& r : results)
      QVERIFY2(r.status == MeasureStatus::Ok, r.message.c_str());
    int task_files = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir))
      task_files +=
          e.path().filename().string().starts_with("task-") && e.path().extension() == ".json";
    QCOMPARE(task_files, std::min(runner->JobSlots(), int(batch.size())));
    fs::remove_all(dir);
  }

  void aCrashingCandidateIsRecordedNotRetried() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-crash");
    auto runner = Make(dir);
    QVERIFY(runner);
    MeasureRequest crash = Request("crash", VectorAddScript(4));
    crash.test_fault = "abort";
    MeasureRequest fine = Request("fine", VectorAddScript(4));
    auto results = runner->Measure({crash, fine}, {});
    QCOMPARE(results[0].status, MeasureStatus::Crashed);
    QVERIFY2(results[0].message.find("signal 6") != std::string::npos, results[0].message.c_str());
    QCOMPARE(results[0].attempts, 1);
    QVERIFY2(results[1].status == MeasureStatus::Ok, results[1].message.c_str());
    QCOMPARE(runner->jobs().size(), size_t{1});
    fs::remove_all(dir);
  }

  void aFailingJobIsRetriedThenRecordedWithTheReason() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-fail");
    // A worker that dies before measuring anything: every job of it fails.
    std::string worker = dir + "/broken-worker.sh";
    QVERIFY(
        WriteFileAtomically(worker, "#!/bin/sh\necho 'worker: out of luck' >&2\nexit 7\n").ok());
    QVERIFY(chmod(worker.c_str(), 0755) == 0);
    RunnerOptions o = SlurmOptions(worker, dir + "/run");
    o.max_retries = 1;
    std::string error;
    auto runner = SlurmRunner::Create(o, &error);
    QVERIFY2(runner, error.c_str());
    auto results = runner->Measure({Request("a", VectorAddScript(4))}, {});
    QCOMPARE(results[0].status, MeasureStatus::RunError);
    QCOMPARE(results[0].attempts, 2);  // the first try and one retry
    QCOMPARE(runner->jobs().size(), size_t{2});
    QVERIFY2(results[0].message.find("FAILED") != std::string::npos, results[0].message.c_str());
    QVERIFY2(results[0].message.find("out of luck") != std::string::npos,
             results[0].message.c_str());
    // Recorded: a resumed run reads the failure back instead of submitting again.
    QVERIFY(fs::exists(ResultPath(dir + "/run", "a")));
    fs::remove_all(dir);
  }

  void cancelCancelsTheJobs() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-cancel");
    auto runner = Make(dir);
    QVERIFY(runner);
    std::vector<MeasureRequest> batch;
    for (int i = 0; i < 4; ++i) {
      MeasureRequest r = Request("h" + std::to_string(i), VectorAddScript(4));
      r.test_fault = "hang";
      r.timeout_s = 120;
      batch.push_back(r);
    }
    bool saw_running = false;
    MeasureCallbacks cb;
    cb.on_progress = [&](int, int running, int) { saw_running |= running > 0; };
    cb.cancelled = [&] { return saw_running; };
    auto results = runner->Measure(batch, cb);
    QVERIFY(saw_running);
    for (const MeasureResult& r : results) QCOMPARE(r.status, MeasureStatus::Cancelled);
    QCOMPARE(runner->jobs().size(), size_t{1});
    // scancel took the jobs away (Slurm needs a moment to forget them).
    const std::string job = runner->jobs().front();
    bool gone = false;
    for (int i = 0; i < 100 && !gone; ++i) {
      CommandOutput q = RunCommand({"squeue", "-h", "-j", job, "-o", "%i"}, 10);
      gone = q.output.find(job) == std::string::npos;
      if (!gone) QThread::msleep(100);
    }
    QVERIFY2(gone, "the cancelled job is still queued");
    fs::remove_all(dir);
  }

  void aNodeDownMidBatchIsSurvived() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-down");
    auto runner = Make(dir, 3);
    QVERIFY(runner);
    // GEMMs of 256^3 with many repeats: the tasks are still running when the node goes down.
    std::vector<MeasureRequest> batch;
    for (int i = 0; i < 4; ++i) {
      MeasureRequest r = Request("g" + std::to_string(i), GemmScript(), 256);
      r.repeat = 30;
      batch.push_back(r);
    }
    bool downed = false, resumed = false;
    auto downed_at = std::chrono::steady_clock::now();
    std::string resume_error;
    MeasureCallbacks cb;
    cb.on_progress = [&](int, int running, int) {
      if (!downed && running > 0) {
        CommandOutput o = RunCommand(
            {"scontrol", "update", "nodename=" + host_, "state=down", "reason=tessera-test"}, 20);
        downed = o.exit_code == 0;
        if (!downed) resume_error = "could not set the node down: " + o.output;
        downed_at = std::chrono::steady_clock::now();
      } else if (downed && !resumed &&
                 std::chrono::steady_clock::now() - downed_at > std::chrono::seconds(2)) {
        // With ReturnToService=2 the node may already be back when slurmd re-registers
        // ("Invalid node state specified" then); the state check below is what counts.
        (void)RunCommand({"scontrol", "update", "nodename=" + host_, "state=resume"}, 20);
        resumed = true;
      }
    };
    auto results = runner->Measure(batch, cb);
    if (!resumed) (void)RunCommand({"scontrol", "update", "nodename=" + host_, "state=resume"}, 20);
    QVERIFY2(downed, resume_error.c_str());
    int max_attempts = 0;
    for (const MeasureResult& r : results) {
      QVERIFY2(r.status == MeasureStatus::Ok, (r.id + ": " + r.message).c_str());
      max_attempts = std::max(max_attempts, r.attempts);
    }
    // The tasks killed with the node were resubmitted (NODE_FAIL, then a second job).
    QVERIFY(max_attempts >= 2);
    QVERIFY(runner->jobs().size() >= 2);
    // Nothing was lost and nothing measured twice: one result file per candidate.
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir))
      files += e.path().string().ends_with(".result.json");
    QCOMPARE(files, 4);
    // The node is back for whatever runs next.
    QString state;
    for (int i = 0; i < 100; ++i) {
      state = QString::fromStdString(NodeState(host_)).trimmed();
      if (state == "idle" || state == "mixed" || state == "allocated") break;
      QThread::msleep(100);
    }
    QVERIFY2(state == "idle" || state == "mixed" || state == "allocated", qPrintable(state));
    fs::remove_all(dir);
  }

  void aRunResumesWithoutResubmitting() {
    REQUIRE_SLURM();
    std::string dir = FreshDir("tst-slurm-resume");
    std::vector<MeasureRequest> batch = {Request("a", VectorAddScript(4)),
                                         Request("b", VectorAddScript(8))};
    auto first = Make(dir)->Measure(batch, {});
    QCOMPARE(first[1].status, MeasureStatus::Ok);
    auto again = Make(dir);
    auto second = again->Measure(batch, {});
    QVERIFY(again->jobs().empty());  // everything read back from the work folder
    QCOMPARE(second[0].times_ms, first[0].times_ms);
    fs::remove_all(dir);
  }
};

}  // namespace tst_slurm_runner

QTEST_APPLESS_MAIN(tst_slurm_runner::TestSlurmRunner)
#include "tst_slurm_runner.moc"
