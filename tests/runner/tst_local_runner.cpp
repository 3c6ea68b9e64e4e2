// The node side (`tessera-cli measure`, MeasureBatch) and the LocalRunner with real
// worker processes: results written atomically with this machine's signature, parallel
// workers, a crashing and a hanging candidate recorded instead of taking the caller down,
// resume from the work folder, cancel, and the clear refusals (bad worker, bad folder).
#include <QProcess>
#include <QtTest/QtTest>
#include <atomic>
#include <filesystem>

#include "RunnerTestSupport.h"
#include "ScopedEnv.h"
#include "codegen/LLVMBackend.h"
#include "runner/LocalRunner.h"
#include "runner/MeasureBatch.h"
#include "runner/Runner.h"
#include "runner/TimingStats.h"

namespace tst_local_runner {

using namespace tessera::runner;
namespace fs = std::filesystem;

namespace {

struct CliRun {
  int code = -1;
  QString out, err;
};

CliRun RunCli(const std::string& cli, const QStringList& args) {
  QProcess p;
  p.start(QString::fromStdString(cli), args);
  CliRun r;
  if (!p.waitForFinished(120000)) {
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

std::unique_ptr<Runner> MakeLocal(const std::string& cli, const std::string& workdir,
                                  int parallel = 2) {
  RunnerOptions o;
  o.kind = "local";
  o.worker_path = cli;
  o.workdir = workdir;
  o.parallel_builds = parallel;
  o.poll_s = 0.05;
  std::string error;
  auto runner = MakeRunner(o, &error);
  if (!runner) qWarning("MakeRunner: %s", error.c_str());
  return runner;
}

}  // namespace

class TestLocalRunner : public QObject {
  Q_OBJECT

  std::string cli_;

  void RequireWorker() {
    if (cli_.empty())
      QFAIL("tessera-cli was not found next to the tests (build the tessera-cli target)");
  }
  void RequireLLVM() {
    if (!tessera::codegen::LLVMAvailable())
      QSKIP("this build has no LLVM backend: candidates cannot be compiled");
  }

 private slots:
  void initTestCase() {
    if (auto cli = FindCli()) cli_ = *cli;
  }

  void signatureKeyIgnoresHostnameAndOrder() {
    MachineSignature a;
    a.cpu_model = "AMD EPYC 7B13";
    a.isa_features = {"fma", "avx2", "avx"};
    a.cores = 2;
    a.hostname = "node1";
    MachineSignature b = a;
    b.hostname = "node2";
    b.isa_features = {"avx", "avx2", "fma"};
    QCOMPARE(a.Key(), b.Key());
    QCOMPARE(QString::fromStdString(a.Key()), QString("AMD EPYC 7B13|avx,avx2,fma|2"));
    MachineSignature c = a;
    c.isa_features.push_back("avx512f");
    QVERIFY(a.Key() != c.Key());
    c = a;
    c.cores = 4;
    QVERIFY(a.Key() != c.Key());

    std::string error;
    auto back = MachineSignature::FromJson(a.ToJson(), &error);
    QVERIFY2(back.has_value(), error.c_str());
    QVERIFY(*back == a);
    QVERIFY(!MachineSignature::FromJson(R"({"cpu_model": 3})", &error));
    QVERIFY2(error.find("cpu_model") != std::string::npos, error.c_str());
  }

  void thisMachineIsReadAtRunTime() {
    MachineSignature m = ReadMachineSignature();
    QVERIFY(!m.cpu_model.empty());
    QVERIFY(m.cores >= 1);
    QVERIFY(std::is_sorted(m.isa_features.begin(), m.isa_features.end()));
#if defined(__x86_64__)
    // Every x86-64 CPU has SSE2; the rest (avx2, avx512f...) depends on the machine.
    QVERIFY(std::find(m.isa_features.begin(), m.isa_features.end(), "sse2") !=
            m.isa_features.end());
#endif
    QCOMPARE(ReadMachineSignature().Key(), m.Key());
  }

  void requestsAndResultsRoundTrip() {
    MeasureRequest r = Request("c-1.x", VectorAddScript(8));
    r.check = true;
    r.target = "llvm";
    r.warmup = 2;
    std::string error;
    auto back = MeasureRequest::FromJson(r.ToJson(), &error);
    QVERIFY2(back.has_value(), error.c_str());
    QCOMPARE(back->script, r.script);
    QCOMPARE(back->shape_vars.at("n"), int64_t{1000});
    QCOMPARE(back->warmup, 2);
    QVERIFY(back->check);
    QCOMPARE(back->min_warmup_ms, 0.0);
    QVERIFY(r.ToJson().find("min_warmup_ms") == std::string::npos);  // batches as before
    r.min_warmup_ms = 7.5;
    back = MeasureRequest::FromJson(r.ToJson(), &error);
    QVERIFY2(back.has_value(), error.c_str());
    QCOMPARE(back->min_warmup_ms, 7.5);
    std::string refused = r.ToJson();
    refused.replace(refused.find("7.5"), 3, "-1");
    QVERIFY(!MeasureRequest::FromJson(refused, &error));
    QVERIFY2(error.find("min_warmup_ms") != std::string::npos, error.c_str());
    // The timing limit travels to a cluster node like the timeout, and only when set.
    QVERIFY(r.ToJson().find("timing_timeout_s") == std::string::npos);
    r.timing_timeout_s = 2.5;
    back = MeasureRequest::FromJson(r.ToJson(), &error);
    QVERIFY2(back.has_value(), error.c_str());
    QCOMPARE(back->timing_timeout_s, 2.5);
    refused = r.ToJson();
    refused.replace(refused.find("2.5"), 3, "-3");
    QVERIFY(!MeasureRequest::FromJson(refused, &error));
    QVERIFY2(error.find("timing_timeout_s") != std::string::npos, error.c_str());

    MeasureResult m;
    m.id = "c-1.x";
    m.status = MeasureStatus::Crashed;
    m.message = "died";
    m.times_ms = {1.5, 2.5};
    m.max_error = std::numeric_limits<double>::infinity();  // written as null, read back as NaN
    m.machine = ReadMachineSignature();
    auto m2 = MeasureResult::FromJson(m.ToJson(), &error);
    QVERIFY2(m2.has_value(), error.c_str());
    QCOMPARE(m2->status, MeasureStatus::Crashed);
    QCOMPARE(m2->times_ms.size(), size_t{2});
    QVERIFY(std::isnan(m2->max_error));
    QCOMPARE(m2->machine.Key(), m.machine.Key());
    // A stop at the timing limit is written only where it happened, and read back.
    QVERIFY(!m2->timing_limit_hit);
    QVERIFY(m.ToJson().find("timing_limit_hit") == std::string::npos);
    m.status = MeasureStatus::Timeout;
    m.timing_limit_hit = true;
    m2 = MeasureResult::FromJson(m.ToJson(), &error);
    QVERIFY2(m2.has_value(), error.c_str());
    QVERIFY(m2->timing_limit_hit);

    // Bad batches name the problem and where it is.
    auto bad = ParseBatch(R"({"format": "tessera-measure-batch", "version": 1, "requests": [
      {"id": "ok", "script": "x"},
      {"id": "../etc", "script": "x"}]})",
                          "b.json");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().loc.line, 3);
    QVERIFY2(bad.error().message.find("\"id\"") != std::string::npos, bad.error().message.c_str());
    auto dup = ParseBatch(R"([{"id": "a", "script": "x"}, {"id": "a", "script": "y"}])", "b.json");
    QVERIFY(!dup.ok());
    QVERIFY(dup.error().message.find("duplicate") != std::string::npos);
    auto target = ParseBatch(R"([{"id": "a", "script": "x", "target": "tpu"}])", "b.json");
    QVERIFY(!target.ok());
    QVERIFY(target.error().message.find("target") != std::string::npos);
    auto good = ParseBatch(BatchToJson({r, Request("d", "y")}), "b.json");
    QVERIFY(good.ok());
    QCOMPARE(good->size(), size_t{2});
  }

  void measureCommandWritesOneResultEach() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-measure");
    MeasureRequest ok = Request("ok", VectorAddScript(8));
    ok.check = true;
    ok.repeat = 5;
    MeasureRequest broken =
        Request("broken", "import tvm\nfrom tvm import te\nA = te.placeholder((4,), name=)\n");
    QVERIFY(WriteFileAtomically(dir + "/batch.json", BatchToJson({ok, broken})).ok());
    CliRun run = RunCli(cli_, {"measure", QString::fromStdString(dir + "/batch.json"), "--out",
                               QString::fromStdString(dir + "/out")});
    QVERIFY2(run.code == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains("ok: ok"), qPrintable(run.out));

    std::string error;
    auto r = ReadResultFile(ResultPath(dir + "/out", "ok"), &error);
    QVERIFY2(r.has_value(), error.c_str());
    QCOMPARE(r->status, MeasureStatus::Ok);
    QCOMPARE(r->times_ms.size(), size_t{5});
    QVERIFY(r->min_ms > 0 && r->min_ms <= r->median_ms);
    QVERIFY(r->gflops > 0);
    QVERIFY(r->build_ms > 0);
    QCOMPARE(r->max_error, 0.0);         // an add is exact
    QCOMPARE(r->flops, 1000.0);          // one addition per element, n = 1000
    QCOMPARE(r->bytes, 3 * 1000 * 4.0);  // A, B and C in float32
    QCOMPARE(r->machine.Key(), ReadMachineSignature().Key());

    auto b = ReadResultFile(ResultPath(dir + "/out", "broken"), &error);
    QVERIFY2(b.has_value(), error.c_str());
    QCOMPARE(b->status, MeasureStatus::BuildError);
    QVERIFY2(b->message.find("broken.py:3:") != std::string::npos, b->message.c_str());

    // Atomic writes leave no temporary files behind.
    for (const auto& e : fs::directory_iterator(dir + "/out"))
      QVERIFY2(e.path().string().find(".tmp.") == std::string::npos, e.path().c_str());

    // A malformed batch is a located error, exit 1; a missing one too.
    QVERIFY(WriteFileAtomically(dir + "/bad.json", "[{\"id\": 1}]").ok());
    CliRun bad = RunCli(cli_, {"measure", QString::fromStdString(dir + "/bad.json")});
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.err.contains("bad.json:1:2: error:"), qPrintable(bad.err));
    fs::remove_all(dir);
  }

  void localRunnerMeasuresInParallelWorkers() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-local");
    auto runner = MakeLocal(cli_, dir, 2);
    QVERIFY(runner);
    QCOMPARE(QString::fromStdString(runner->Name()), QString("local"));
    std::vector<MeasureRequest> batch;
    for (int f : {1, 2, 4, 8, 16})
      batch.push_back(Request("split" + std::to_string(f), VectorAddScript(f)));
    std::vector<std::string> arrived;
    int last_done = -1;
    MeasureCallbacks cb;
    cb.on_result = [&](const MeasureResult& r) { arrived.push_back(r.id); };
    cb.on_progress = [&](int, int, int done) { last_done = done; };
    auto results = runner->Measure(batch, cb);
    QCOMPARE(results.size(), batch.size());
    QCOMPARE(arrived.size(), batch.size());
    QCOMPARE(last_done, 5);
    for (size_t i = 0; i < batch.size(); ++i) {
      QCOMPARE(results[i].id, batch[i].id);  // request order, whatever the arrival order
      QVERIFY2(results[i].status == MeasureStatus::Ok, results[i].message.c_str());
      QCOMPARE(results[i].times_ms.size(), size_t{3});
      QCOMPARE(results[i].attempts, 1);
    }
    // Two workers were started (two sub-batches), each with its own batch file.
    int batches = 0;
    for (const auto& e : fs::directory_iterator(dir))
      batches += e.path().string().ends_with(".batch.json") ? 1 : 0;
    QCOMPARE(batches, 2);
    fs::remove_all(dir);
  }

  // A request with a baseline schedule times both in the same interleaved rounds (the
  // version a Profile is compared with): both calls come back, as many of each, through the
  // worker's batch and result files; a baseline that does not build fails the request.
  void aBaselineIsTimedInTheSameRounds() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-local-baseline");
    auto runner = MakeLocal(cli_, dir, 1);
    QVERIFY(runner);
    MeasureRequest pair = Request("pair", VectorAddScript(4), 4096);
    pair.repeat = 20;  // ten rounds of two calls each
    pair.baseline_script = VectorAddScript(64);
    auto back = MeasureRequest::FromJson(pair.ToJson(), nullptr);
    QVERIFY(back && back->baseline_script == pair.baseline_script);
    MeasureRequest broken = Request("broken", VectorAddScript(4));
    broken.baseline_script = "this is not a script(";
    auto results = runner->Measure({pair, broken}, {});
    QCOMPARE(results.size(), size_t{2});
    QVERIFY2(results[0].status == MeasureStatus::Ok, results[0].message.c_str());
    QCOMPARE(results[0].times_ms.size(), size_t{20});
    QCOMPARE(results[0].baseline_times_ms.size(), size_t{20});
    for (double t : results[0].baseline_times_ms) QVERIFY(t > 0);
    QCOMPARE(results[0].median_ms, MedianOf(results[0].times_ms));
    QCOMPARE(results[1].status, MeasureStatus::BuildError);
    QVERIFY2(results[1].message.rfind("the baseline: ", 0) == 0, results[1].message.c_str());
    fs::remove_all(dir);
  }

  // Two workers build side by side, but while one times its kernel the other neither builds
  // nor checks (a compile on one of two cores slowed a 2-thread timing by up to 2x and made
  // the tuner keep a schedule timed in a quiet moment). Each result reports its phases on
  // the machine's monotonic clock; no timing may overlap another candidate's build or check.
  void timingsRunAloneWhileTheOtherWorkersBuild() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-local-quiet");
    auto runner = MakeLocal(cli_, dir, 2);
    QVERIFY(runner);
    std::vector<MeasureRequest> batch;
    for (int f : {1, 2, 3, 4, 5, 6, 7, 8, 12, 16}) {
      MeasureRequest r = Request("q" + std::to_string(f), VectorAddScript(f), 1 << 18);
      r.repeat = 20;         // timings long enough to meet the other worker's builds
      r.check = f % 3 == 0;  // and some checks (the reference interpreter: CPU-heavy)
      batch.push_back(r);
    }
    auto results = runner->Measure(batch, {});
    QCOMPARE(results.size(), batch.size());
    for (const MeasureResult& r : results) {
      QVERIFY2(r.status == MeasureStatus::Ok, r.message.c_str());
      QVERIFY(r.build.begin_s > 0 && r.build.end_s >= r.build.begin_s);
      QVERIFY(r.timing.begin_s >= r.build.end_s && r.timing.end_s >= r.timing.begin_s);
      QCOMPARE(r.check.begin_s > 0, r.id == "q3" || r.id == "q6" || r.id == "q12");
      // The host probe (runtime/HostProbe.h) timed before each timed call.
      QCOMPARE(r.probe_ms.size(), r.times_ms.size());
      for (double p : r.probe_ms) QVERIFY(p > 0 && p < 1000);
    }
    auto overlap = [](const MeasureResult::Window& a, const MeasureResult::Window& b) {
      return b.end_s > 0 && a.begin_s < b.end_s && b.begin_s < a.end_s;
    };
    for (const MeasureResult& timed : results)
      for (const MeasureResult& other : results) {
        if (&timed == &other) continue;
        const std::string what = timed.id + "'s timing and " + other.id;
        QVERIFY2(!overlap(timed.timing, other.build), (what + "'s build overlap").c_str());
        QVERIFY2(!overlap(timed.timing, other.check), (what + "'s check overlap").c_str());
        QVERIFY2(!overlap(timed.timing, other.timing), (what + "'s timing overlap").c_str());
      }
    // The phases travel in the result files (a cluster node's result is read back from one).
    auto on_disk = ReadResultFile(ResultPath(dir, "q3"));
    QVERIFY(on_disk);
    QCOMPARE(on_disk->timing.begin_s, results[2].timing.begin_s);
    QCOMPARE(on_disk->check.end_s, results[2].check.end_s);
    QCOMPARE(on_disk->probe_ms, results[2].probe_ms);
    fs::remove_all(dir);
  }

  void crashingAndHangingCandidatesAreRecorded() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-faults");
    auto runner = MakeLocal(cli_, dir, 2);
    QVERIFY(runner);
    MeasureRequest aborts = Request("aborts", VectorAddScript(4));
    aborts.test_fault = "abort";
    MeasureRequest segv = Request("segv", VectorAddScript(4));
    segv.test_fault = "segfault";
    MeasureRequest hangs = Request("hangs", VectorAddScript(4));
    hangs.test_fault = "hang";
    hangs.timeout_s = 1;
    MeasureRequest fine = Request("fine", VectorAddScript(4));
    auto results = runner->Measure({aborts, segv, hangs, fine}, {});
    QCOMPARE(results.size(), size_t{4});
    QCOMPARE(results[0].status, MeasureStatus::Crashed);
    QVERIFY2(results[0].message.find("signal 6") != std::string::npos, results[0].message.c_str());
    QCOMPARE(results[1].status, MeasureStatus::Crashed);
    QVERIFY2(results[1].message.find("signal 11") != std::string::npos, results[1].message.c_str());
    QCOMPARE(results[2].status, MeasureStatus::Timeout);
    QVERIFY2(results[2].message.find("timeout of 1") != std::string::npos,
             results[2].message.c_str());
    QVERIFY(!results[2].timing_limit_hit);  // its timeout, not a timing limit
    QVERIFY2(results[3].status == MeasureStatus::Ok, results[3].message.c_str());
    // The failures are results like any other: on disk, with the machine's signature.
    auto on_disk = ReadResultFile(ResultPath(dir, "aborts"));
    QVERIFY(on_disk.has_value());
    QCOMPARE(on_disk->status, MeasureStatus::Crashed);
    QCOMPARE(on_disk->machine.Key(), ReadMachineSignature().Key());
    fs::remove_all(dir);
  }

  // A search's candidate far slower than its fastest kernel is stopped at its timing
  // limit, well before its timeout, and says which limit stopped it.
  void aSlowTimingIsStoppedAtItsTimingLimit() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-timing-limit");
    auto runner = MakeLocal(cli_, dir, 1);
    QVERIFY(runner);
    MeasureRequest hangs = Request("slow", VectorAddScript(4));
    hangs.test_fault = "hang";
    hangs.timeout_s = 60;
    hangs.timing_timeout_s = 0.5;
    QElapsedTimer clock;
    clock.start();
    auto results = runner->Measure({hangs}, {});
    QCOMPARE(results.size(), size_t{1});
    QCOMPARE(results[0].status, MeasureStatus::Timeout);
    QVERIFY2(results[0].message.find("timing limit of 0.5") != std::string::npos,
             results[0].message.c_str());
    QVERIFY2(results[0].message.find("the timed runs") != std::string::npos,
             results[0].message.c_str());
    QVERIFY(results[0].timing_limit_hit);
    QVERIFY2(clock.elapsed() < 30000, std::to_string(clock.elapsed()).c_str());
    fs::remove_all(dir);
  }

  void aRunResumesFromItsWorkFolder() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-resume");
    std::vector<MeasureRequest> batch = {Request("a", VectorAddScript(4)),
                                         Request("b", VectorAddScript(8))};
    auto first = MakeLocal(cli_, dir)->Measure(batch, {});
    QCOMPARE(first[0].status, MeasureStatus::Ok);
    // A second runner on the same folder reads both back: no worker is started.
    batch.push_back(Request("c", VectorAddScript(16)));
    auto runner = MakeLocal(cli_, dir);
    auto second = runner->Measure(batch, {});
    QCOMPARE(second.size(), size_t{3});
    QCOMPARE(second[0].times_ms, first[0].times_ms);
    QCOMPARE(second[1].times_ms, first[1].times_ms);
    QCOMPARE(second[2].status, MeasureStatus::Ok);
    int batches = 0;
    for (const auto& e : fs::directory_iterator(dir))
      batches += e.path().string().ends_with(".batch.json") ? 1 : 0;
    QCOMPARE(batches, 2 + 1);  // the first run's two workers, then one for "c" alone
    fs::remove_all(dir);
  }

  void aFolderTheRunnerMadeGoesWithIt() {
    RequireWorker();
    RequireLLVM();
    // No folder named: the runner makes one under $TMPDIR and removes it, with what its
    // workers wrote there, when it goes. (A named folder stays: aRunResumesFromItsWorkFolder.)
    std::string tmp = FreshDir("tst-made-workdir");
    std::string made;
    {
      tessera::testing::ScopedEnv env("TMPDIR", tmp.c_str());
      auto runner = MakeLocal(cli_, "");
      QVERIFY(runner);
      made = static_cast<LocalRunner&>(*runner).workdir();
      QCOMPARE(fs::path(made).parent_path().string(), tmp);
      auto results = runner->Measure({Request("a", VectorAddScript(4))}, {});
      QCOMPARE(results[0].status, MeasureStatus::Ok);
      QVERIFY(fs::exists(fs::path(made) / "a.result.json"));
    }
    QVERIFY2(!fs::exists(made), made.c_str());
    QVERIFY(fs::is_empty(tmp));
    fs::remove_all(tmp);
  }

  void cancelStopsTheWorkers() {
    RequireWorker();
    RequireLLVM();
    std::string dir = FreshDir("tst-cancel");
    auto runner = MakeLocal(cli_, dir, 1);
    std::vector<MeasureRequest> batch;
    for (int i = 0; i < 4; ++i) {
      MeasureRequest r = Request("h" + std::to_string(i), VectorAddScript(4));
      r.test_fault = "hang";  // would take 4 x 30 s without the cancel
      r.timeout_s = 30;
      batch.push_back(r);
    }
    std::atomic<int> polls{0};
    MeasureCallbacks cb;
    cb.cancelled = [&] { return ++polls > 10; };
    auto results = runner->Measure(batch, cb);
    QCOMPARE(results.size(), size_t{4});
    for (const MeasureResult& r : results) {
      QCOMPARE(r.status, MeasureStatus::Cancelled);
      // Cancelled candidates are not recorded: a resumed run measures them.
      QVERIFY(!fs::exists(ResultPath(dir, r.id)));
    }
    fs::remove_all(dir);
  }

  void invalidIdsAndDuplicatesAreRefusedNotRun() {
    RequireWorker();
    std::string dir = FreshDir("tst-ids");
    auto results = MakeLocal(cli_, dir)->Measure(
        {Request("../x", "s"), Request("d", "s"), Request("d", "s")}, {});
    QCOMPARE(results.size(), size_t{3});
    QCOMPARE(results[0].status, MeasureStatus::RunError);
    QVERIFY(results[0].message.find("invalid request id") != std::string::npos);
    QCOMPARE(results[1].status, MeasureStatus::BuildError);  // "s" is not a script
    QCOMPARE(results[2].status, MeasureStatus::RunError);
    QVERIFY(results[2].message.find("duplicate") != std::string::npos);
    fs::remove_all(dir);
  }

  void unusableWorkerOrFolderIsAClearRefusal() {
    std::string dir = FreshDir("tst-refuse");
    RunnerOptions o;
    o.worker_path = dir + "/no-such-tessera-cli";
    o.workdir = dir;
    std::string error;
    QVERIFY(!MakeRunner(o, &error));
    QVERIFY2(error.find("not an executable") != std::string::npos, error.c_str());

    // A folder inside a regular file can be neither created nor written (even by root).
    QVERIFY(WriteFileAtomically(dir + "/file", "x").ok());
    o.worker_path = "/bin/true";
    o.workdir = dir + "/file/sub";
    QVERIFY(!MakeRunner(o, &error));
    QVERIFY2(error.find("work folder") != std::string::npos, error.c_str());

    o.kind = "ssh";
    QVERIFY(!MakeRunner(o, &error));
    QVERIFY2(error.find("unknown runner 'ssh'") != std::string::npos, error.c_str());
    fs::remove_all(dir);
  }
};

}  // namespace tst_local_runner

QTEST_APPLESS_MAIN(tst_local_runner::TestLocalRunner)
#include "tst_local_runner.moc"
