// The tuner (core/tune/Tuner.h) on a small real workload, measured for real in child
// processes (ChildProcessRunner): the best is checked against the te oracle and is the
// fastest ok record; records persist and a second run resumes without measuring a
// schedule twice; the random baseline works; the XGBoost cost model learns a ranking.
#include <QTemporaryDir>
#include <QtTest>
#include <set>

#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "script/Evaluator.h"
#include "tune/ChildProcessRunner.h"
#include "tune/CostModel.h"
#include "tune/Tuner.h"

namespace tst_tune_search {

using namespace tessera;
using namespace tessera::tune;

namespace {

const char* kSmallGemm = R"(import tvm
from tvm import te
A = te.placeholder((32, 32), name="A")
B = te.placeholder((32, 32), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

script::ScriptProgram Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "gemm.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  return std::move(program.value());
}

TuneOptions SmallRun(int trials, const std::string& strategy = "evolution") {
  TuneOptions o;
  o.trials = trials;
  o.batch_size = 4;
  o.population = 24;
  o.repeat = 2;
  o.timeout_s = 60;
  o.strategy = strategy;
  return o;
}

}  // namespace

class TestTuneSearch : public QObject {
  Q_OBJECT

 private slots:
  void tunesAndResumes() {
    if (!codegen::LLVMAvailable()) QSKIP("needs the LLVM backend to measure candidates");
    QTemporaryDir dir;
    std::string error;
    auto runner = ChildProcessRunner::Create(dir.filePath("work").toStdString(), &error);
    QVERIFY2(runner, error.c_str());
    const std::string db_path = dir.filePath("records.db").toStdString();
    auto program = Load(kSmallGemm);
    runner::MachineSignature machine = runner::ReadMachineSignature();
    int64_t first_count = 0;
    {
      auto db = Database::Open(db_path);
      QVERIFY(db.ok());
      int trials_seen = 0;
      TuneCallbacks cb;
      cb.on_trial = [&](const TuneTrial&) { ++trials_seen; };
      auto result = Tune(program, *runner, db->get(), machine, SmallRun(12), cb);
      QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
      QCOMPARE(result->measured, 12);
      QCOMPARE(trials_seen, 12);
      QVERIFY(result->input.has_value());
      QVERIFY(result->best.has_value());
      QVERIFY(result->best->checked);
      QCOMPARE(result->best->status, std::string("ok"));
      // The best is the fastest ok record of this machine.
      auto all = (*db)->All({result->workload.hash, "llvm", machine.Key()});
      QVERIFY(all.ok());
      for (const TuningRecord& r : *all)
        if (r.status == "ok") QVERIFY(result->best->median_ms <= r.median_ms);
      first_count = static_cast<int64_t>(all->size());
      QCOMPARE(first_count, int64_t{13});  // the input schedule + 12 candidates
      // The best's script is a complete program that evaluates again.
      auto again = script::EvaluateScript(result->best->script, "best.py");
      QVERIFY2(again.ok(), again.ok() ? "" : again.error().format().c_str());
    }
    auto db = Database::Open(db_path);
    QVERIFY(db.ok());
    auto resumed = Tune(program, *runner, db->get(), machine, SmallRun(4));
    QVERIFY(resumed.ok());
    QCOMPARE(resumed->resumed, static_cast<int>(first_count));
    QCOMPARE(resumed->measured, 4);
    auto all = (*db)->All({resumed->workload.hash, "llvm", machine.Key()});
    QVERIFY(all.ok());
    QCOMPARE(static_cast<int64_t>(all->size()),
             first_count + 4);  // the input was not measured again
    std::set<std::string> hashes;
    for (const TuningRecord& r : *all)
      QVERIFY2(hashes.insert(r.schedule_hash).second, "a schedule measured twice");
  }

  void randomBaselineRunsWithoutADatabase() {
    if (!codegen::LLVMAvailable()) QSKIP("needs the LLVM backend to measure candidates");
    std::string error;
    auto runner = ChildProcessRunner::Create("", &error);
    QVERIFY2(runner, error.c_str());
    auto program = Load(kSmallGemm);
    TuneOptions o = SmallRun(4, "random");
    o.measure_input = false;
    auto result = Tune(program, *runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY(result.ok());
    QCOMPARE(result->measured, 4);
    QVERIFY(result->best.has_value());
    QVERIFY(!result->input.has_value());
  }

  void unknownStrategyIsRefused() {
    std::string error;
    auto runner = ChildProcessRunner::Create("", &error);
    QVERIFY(runner);
    auto program = Load(kSmallGemm);
    TuneOptions o = SmallRun(1, "annealing");
    auto result = Tune(program, *runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY(!result.ok());
    QVERIFY(result.error().message.find("unknown strategy 'annealing'") != std::string::npos);
  }

  void costModelLearnsARanking() {
    // Throughput that depends on two of three features (the third is noise-free junk).
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<float> u(0.0f, 8.0f);
    auto truth = [](const std::vector<float>& f) {
      return 10.0 * f[0] - (f[1] - 4.0) * (f[1] - 4.0) + 20.0;
    };
    std::vector<std::vector<float>> train, test;
    std::vector<double> gflops;
    for (int i = 0; i < 200; ++i) {
      std::vector<float> f = {u(rng), u(rng), u(rng)};
      train.push_back(f);
      gflops.push_back(std::max(0.0, truth(f)));
    }
    for (int i = 0; i < 50; ++i) test.push_back({u(rng), u(rng), u(rng)});
    CostModel model;
    QVERIFY(!model.trained());
    QVERIFY(model.Update(train, gflops).ok());
    QVERIFY(model.trained());
    auto predicted = model.Predict(test);
    QVERIFY(predicted.ok());
    // Pairwise ranking accuracy on unseen points.
    int agree = 0, pairs = 0;
    for (size_t a = 0; a < test.size(); ++a)
      for (size_t b = a + 1; b < test.size(); ++b) {
        double t = truth(test[a]) - truth(test[b]);
        double p = (*predicted)[a] - (*predicted)[b];
        if (std::abs(t) < 1.0) continue;
        ++pairs;
        agree += (t > 0) == (p > 0);
      }
    QVERIFY2(agree > 0.85 * pairs,
             (std::to_string(agree) + " of " + std::to_string(pairs)).c_str());
    // Rows of the wrong length are an error, not a crash.
    auto bad = model.Predict({{1.0f, 2.0f}});
    QVERIFY(!bad.ok());
  }
};

}  // namespace tst_tune_search

QTEST_APPLESS_MAIN(tst_tune_search::TestTuneSearch)
#include "tst_tune_search.moc"
