// TVM's tuning APIs in scripts on Tessera's tuner (script/AutotvmObjects.h,
// AutoSchedulerObjects.h, AutotvmTuning.h), as TVM's tutorials autotvm_matmul_x86.py and
// auto_scheduler_matmul_x86.py use them: an @autotvm.template registers and runs with its
// fallback config; task.config_space has TVM's sizes (counted by hand from TVM's
// "factors" policy) and TVM's text; tuning measures real candidates into the log the
// program names, a second run resumes from it and apply_history_best / apply_best give the
// log's best schedule (which becomes the program's); a TVM JSON log or another file is
// refused with a message saying so; a crashing candidate is a record, not the end of the
// evaluation; a CUDA task skips tuning without a GPU; TESSERA_TUNE_TRIALS caps trials.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <set>

#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "runtime/cuda/CudaDriver.h"
#include "schedule/Trace.h"
#include "script/Evaluator.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "tune/ChildProcessRunner.h"
#include "tune/Database.h"
#include "tune/Fingerprint.h"
#include "tuning_api/AutotvmTuning.h"
#include "tuning_api/TuningApis.h"

namespace tst_autotvm_api {

using namespace tessera;
using namespace tessera::script;
using namespace tessera::tuning_api;

namespace {

// TVM's autotvm_matmul_x86.py template (tutorial/matmul), followed by `rest`.
std::string MatmulTemplate(const std::string& rest) {
  return R"(import tvm
from tvm import te
from tvm import autotvm

@autotvm.template("tutorial/matmul")
def matmul(N, L, M, dtype):
    A = te.placeholder((N, L), name="A", dtype=dtype)
    B = te.placeholder((L, M), name="B", dtype=dtype)
    k = te.reduce_axis((0, L), name="k")
    C = te.compute((N, M), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
    s = te.create_schedule(C.op)
    y, x = s[C].op.axis
    k = s[C].op.reduce_axis[0]
    cfg = autotvm.get_config()
    cfg.define_split("tile_y", y, num_outputs=2)
    cfg.define_split("tile_x", x, num_outputs=2)
    yo, yi = cfg["tile_y"].apply(s, C, y)
    xo, xi = cfg["tile_x"].apply(s, C, x)
    s[C].reorder(yo, xo, k, yi, xi)
    return s, [A, B, C]

)" + rest;
}

// TVM's auto_scheduler_matmul_x86.py workload, followed by `rest`.
std::string MatmulAddWorkload(const std::string& rest) {
  return R"(import tvm
from tvm import te, auto_scheduler

@auto_scheduler.register_workload
def matmul_add(N, L, M, dtype):
    A = te.placeholder((N, L), name="A", dtype=dtype)
    B = te.placeholder((L, M), name="B", dtype=dtype)
    C = te.placeholder((N, M), name="C", dtype=dtype)
    k = te.reduce_axis((0, L), name="k")
    matmul = te.compute((N, M), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="matmul")
    out = te.compute((N, M), lambda i, j: matmul[i, j] + C[i, j], name="out")
    return [A, B, C, out]

)" + rest;
}

std::string TraceText(const schedule::Schedule& sch) {
  std::string out;
  for (const schedule::TraceEntry& e : sch.trace.entries) out += schedule::to_string(e) + "\n";
  return out;
}

std::unique_ptr<tune::Database> OpenLog(const std::string& path) {
  auto db = tune::Database::Open(path);
  if (!db) qFatal("%s", db.error().message.c_str());
  return std::move(db.value());
}

// Every record of the log (any workload).
std::vector<tune::TuningRecord> AllRecords(const std::string& path) {
  auto lines = OpenLog(path)->ExportJsonLines();
  std::vector<tune::TuningRecord> out;
  size_t start = 0;
  while (lines && start < lines->size()) {
    size_t eol = lines->find('\n', start);
    std::string line = lines->substr(start, eol - start);
    start = eol == std::string::npos ? lines->size() : eol + 1;
    if (auto r = tune::RecordFromJson(line)) out.push_back(*r);
  }
  return out;
}

// The trace of the best record of `program`'s workload in the log.
std::string BestTrace(const std::string& log, const std::vector<te::Operation>& outputs) {
  tune::RecordQuery q{tune::FingerprintWorkload(outputs).hash, "llvm",
                      runner::ReadMachineSignature().Key()};
  auto best = OpenLog(log)->Best(q);
  if (!best || !best->has_value()) return "<no best>";
  auto program = EvaluateScript((*best)->script, "best.py");
  if (!program) return "<" + program.error().format() + ">";
  return TraceText(*program->schedule);
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

// A runner that crashes the first candidate of the search (the input's measurement is
// the first call): a segfault in the measuring child, through MeasureRequest::test_fault.
class CrashFirstCandidateRunner : public runner::Runner {
 public:
  explicit CrashFirstCandidateRunner(std::unique_ptr<tune::ChildProcessRunner> inner)
      : inner_(std::move(inner)) {}
  std::string Name() const override { return "crash-first-candidate"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks& callbacks) override {
    std::vector<runner::MeasureRequest> copy = requests;
    if (++calls_ == 2 && !copy.empty() && !copy[0].check) copy[0].test_fault = "segfault";
    return inner_->Measure(copy, callbacks);
  }

 private:
  std::unique_ptr<tune::ChildProcessRunner> inner_;
  int calls_ = 0;
};

}  // namespace

class TestAutotvmApi : public QObject {
  Q_OBJECT

  std::vector<std::string> messages_;

  std::string Messages() const {
    std::string out;
    for (const std::string& m : messages_) out += m + "\n";
    return out;
  }

 private slots:
  void initTestCase() { RegisterTuningApis(); }

  void init() {
    messages_.clear();
    SetScriptTuningLog([this](const std::string& line) { messages_.push_back(line); });
    qunsetenv("TESSERA_TUNE_TRIALS");
  }

  void cleanup() {
    RegisterTuningApis({.run_tuning = true});
    SetScriptTuningLog(nullptr);
    SetScriptTuningRunnerFactory(nullptr);
    qunsetenv("TESSERA_TUNE_TRIALS");
  }

  // Calling a template outside tuning runs it with AutoTVM's fallback: each split keeps
  // the whole extent in its outer part (factor 1 inside).
  void templateRunsWithItsFallbackOutsideTuning() {
    auto p = EvaluateScript(MatmulTemplate("s, args = matmul(64, 32, 16, \"float32\")\n"), "t.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    QVERIFY(p->schedule);
    const std::string trace = TraceText(*p->schedule);
    QVERIFY2(trace.find("split(C, i, factor=1)") != std::string::npos, trace.c_str());
    QVERIFY2(trace.find("split(C, j, factor=1)") != std::string::npos, trace.c_str());
    // Called twice, its knobs are defined afresh each time (not "defined twice").
    auto twice = EvaluateScript(MatmulTemplate("s, args = matmul(64, 32, 16, \"float32\")\n"
                                               "s, args = matmul(32, 32, 32, \"float32\")\n"),
                                "t.py");
    QVERIFY2(twice, twice ? "" : twice.error().format().c_str());
  }

  void taskOfAnUnknownTemplateIsAnError() {
    auto p = EvaluateScript(
        MatmulTemplate("task = autotvm.task.create(\"tutorial/other\", args=(8, 8, 8, "
                       "\"float32\"), target=\"llvm\")\n"),
        "t.py");
    QVERIFY(!p);
    QVERIFY2(p.error().message.find("no template named 'tutorial/other'") != std::string::npos,
             p.error().message.c_str());
    QCOMPARE(p.error().loc.line, 22);
    // A task's arguments are its key: a tensor cannot be one.
    auto q = EvaluateScript(
        MatmulTemplate("X = te.placeholder((4,), name=\"X\")\n"
                       "task = autotvm.task.create(\"tutorial/matmul\", args=(X, 8, 8, "
                       "\"float32\"), target=\"llvm\")\n"),
        "t.py");
    QVERIFY(!q);
    QVERIFY2(q.error().message.find("must be a number, a string") != std::string::npos,
             q.error().message.c_str());
  }

  // Sizes as TVM's SplitSpace with policy "factors" counts them: the ordered choices of
  // inner factors whose product divides the extent (the outer part takes the rest).
  //   512 = 2^9, 2 parts: the divisors, 10.   3 parts: exponents a + b <= 9, C(11, 2) = 55.
  //   24 = 2^3 * 3, 2 parts: 8 divisors.      3 parts: sum over m | 24 of d(m) = 10 * 3 = 30.
  //   64 = 2^6, 4 parts: a + b + c <= 6, C(9, 3) = 84.
  //   512, 2 parts, max_factor=16: 1, 2, 4, 8, 16 = 5.
  // The tutorial's space: tile_y x tile_x over 512 = 10 x 10 = 100; matmul_v1's two
  // define_knob of 5 candidates: 25; a define_reorder of 3 axes, policy "all": 3! = 6.
  void configSpaceSizesEqualTvms_data() {
    QTest::addColumn<QString>("define");
    QTest::addColumn<int>("extent");
    QTest::addColumn<int>("expected");
    QTest::newRow("512 in 2") << "cfg.define_split(\"t\", y, num_outputs=2)" << 512 << 10;
    QTest::newRow("512 in 3") << "cfg.define_split(\"t\", y, num_outputs=3)" << 512 << 55;
    QTest::newRow("24 in 2") << "cfg.define_split(\"t\", y, num_outputs=2)" << 24 << 8;
    QTest::newRow("24 in 3") << "cfg.define_split(\"t\", y, num_outputs=3)" << 24 << 30;
    QTest::newRow("64 in 4") << "cfg.define_split(\"t\", y, num_outputs=4)" << 64 << 84;
    QTest::newRow("max_factor") << "cfg.define_split(\"t\", y, num_outputs=2, max_factor=16)" << 512
                                << 5;
    QTest::newRow("tutorial")
        << "cfg.define_split(\"ty\", y, num_outputs=2)\n    cfg.define_split(\"tx\", x, "
           "num_outputs=2)"
        << 512 << 100;
    QTest::newRow("matmul_v1")
        << "cfg.define_knob(\"tile_y\", [1, 2, 4, 8, 16])\n    cfg.define_knob(\"tile_x\", "
           "[1, 2, 4, 8, 16])"
        << 512 << 25;
    QTest::newRow("reorder") << "cfg.define_reorder(\"r\", [y, x, kk], policy=\"all\")" << 16 << 6;
  }
  void configSpaceSizesEqualTvms() {
    QFETCH(QString, define);
    QFETCH(int, extent);
    QFETCH(int, expected);
    auto script = [&](int claimed) {
      return "import tvm\nfrom tvm import te, autotvm\n\n@autotvm.template(\"space\")\ndef f(n):\n"
             "    A = te.placeholder((n, n), name=\"A\")\n    r = te.reduce_axis((0, n), "
             "name=\"r\")\n"
             "    B = te.compute((n, n), lambda i, j: te.sum(A[i, r] * A[r, j], axis=r), "
             "name=\"B\")\n"
             "    s = te.create_schedule(B.op)\n    y, x = s[B].op.axis\n    kk = "
             "s[B].op.reduce_axis[0]\n"
             "    cfg = autotvm.get_config()\n    " +
             define.toStdString() +
             "\n    return s, [A, B]\n\ntask = autotvm.task.create(\"space\", args=(" +
             std::to_string(extent) +
             ",), target=\"llvm\")\nassert len(task.config_space) == " + std::to_string(claimed) +
             ", str(task.config_space)\n";
    };
    auto right = EvaluateScript(script(expected), "space.py");
    QVERIFY2(right, right ? "" : right.error().format().c_str());
    auto wrong = EvaluateScript(script(expected + 1), "space.py");  // the assertion can fail
    QVERIFY(!wrong);
  }

  void configSpacePrintsAsTvm() {
    const std::string expected =
        "ConfigSpace (len=100, range_length=100, space_map=\\n"
        "   0 tile_y: Split(policy=factors, product=512, num_outputs=2) len=10\\n"
        "   1 tile_x: Split(policy=factors, product=512, num_outputs=2) len=10\\n)";
    auto p = EvaluateScript(
        MatmulTemplate("task = autotvm.task.create(\"tutorial/matmul\", args=(512, 512, 512, "
                       "\"float32\"), target=\"llvm\")\n"
                       "assert str(task.config_space) == \"" +
                       expected +
                       "\", str(task.config_space)\n"
                       "assert task.config_space.range_length == 100\n"),
        "t.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
  }

  // Tuning measures real candidates into the log the program names; a second run of the
  // same program resumes (nothing measured twice) and apply_history_best gives the log's
  // best schedule, which becomes the program's.
  void tuneWritesALogThatALaterRunResumesAndApplies() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend");
    QTemporaryDir dir;
    const std::string log = dir.filePath("matmul.log").toStdString();
    const std::string source = MatmulTemplate(
        "task = autotvm.task.create(\"tutorial/matmul\", args=(32, 32, 32, \"float32\"), "
        "target=\"llvm\")\n"
        "option = autotvm.measure_option(builder=\"local\", runner=autotvm.LocalRunner(number=2, "
        "repeat=1))\n"
        "tuner = autotvm.tuner.RandomTuner(task)\n"
        "tuner.tune(n_trial=3, measure_option=option, callbacks=[autotvm.callback.log_to_file(\"" +
        log +
        "\")])\n"
        "with autotvm.apply_history_best(\"" +
        log +
        "\"):\n"
        "    s, arg_bufs = matmul(32, 32, 32, \"float32\")\n");
    auto first = EvaluateScript(source, "tune.py");
    QVERIFY2(first, first ? "" : first.error().format().c_str());
    std::vector<tune::TuningRecord> records = AllRecords(log);
    QCOMPARE(records.size(), size_t{4});  // the fallback (input) and 3 trials
    for (const tune::TuningRecord& r : records) QCOMPARE(r.status, std::string(tune::kStatusOk));
    QVERIFY(first->schedule);
    QCOMPARE(TraceText(*first->schedule), BestTrace(log, first->schedule->outputs));
    QVERIFY2(Messages().find("takes the best record of") != std::string::npos, Messages().c_str());

    messages_.clear();
    auto second = EvaluateScript(source, "tune.py");
    QVERIFY2(second, second ? "" : second.error().format().c_str());
    records = AllRecords(log);
    QCOMPARE(records.size(), size_t{7});
    std::set<std::string> hashes;
    for (const tune::TuningRecord& r : records) hashes.insert(r.schedule_hash);
    QCOMPARE(hashes.size(), records.size());  // nothing measured twice
    QVERIFY2(Messages().find("resumed: 4 records") != std::string::npos, Messages().c_str());
    QCOMPARE(TraceText(*second->schedule), BestTrace(log, second->schedule->outputs));

    // pick_best keeps the best record only; a later run applies it.
    const std::string best_log = dir.filePath("best.log").toStdString();
    auto picked =
        EvaluateScript(MatmulTemplate("autotvm.record.pick_best(\"" + log + "\", \"" + best_log +
                                      "\")\nwith autotvm.apply_history_best(\"" + best_log +
                                      "\"):\n    s, a = matmul(32, 32, 32, \"float32\")\n"),
                       "pick.py");
    QVERIFY2(picked, picked ? "" : picked.error().format().c_str());
    QCOMPARE(AllRecords(best_log).size(), size_t{1});
    QCOMPARE(TraceText(*picked->schedule), BestTrace(log, picked->schedule->outputs));
  }

  // GridSearchTuner measures the points in TVM's index order: the first knob fastest.
  void gridSearchFollowsTvmsIndexOrder() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend");
    QTemporaryDir dir;
    const std::string log = dir.filePath("grid.log").toStdString();
    auto p = EvaluateScript(
        MatmulTemplate(
            "task = autotvm.task.create(\"tutorial/matmul\", args=(16, 16, 16, \"float32\"), "
            "target=\"llvm\")\n"
            "tuner = autotvm.tuner.GridSearchTuner(task)\n"
            "tuner.tune(n_trial=2, callbacks=[autotvm.callback.log_to_file(\"" +
            log + "\")])\n"),
        "grid.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    std::vector<std::string> grid;
    for (const tune::TuningRecord& r : AllRecords(log))
      if (r.source == "grid") grid.push_back(r.script);
    QCOMPARE(grid.size(), size_t{2});
    // Index 0 is (tile_y, tile_x) = ([16, 1], [16, 1]); index 1 moves tile_y to [8, 2].
    QVERIFY2(grid[0].find("factor=1)") != std::string::npos &&
                 grid[0].find("factor=2)") == std::string::npos,
             grid[0].c_str());
    QVERIFY2(grid[1].find("s[C].split(C.op.axis[0], factor=2)") != std::string::npos,
             grid[1].c_str());
  }

  // TVM's logs are JSON lines naming TVM's own schedule steps; Tessera refuses them (and
  // any other file that is not its records database) where the program names them.
  void tvmOrMalformedLogIsAClearError() {
    QTemporaryDir dir;
    const std::string tvm_log = dir.filePath("matmul.log").toStdString();
    WriteFile(
        tvm_log,
        "{\"input\": [\"llvm -keys=cpu\", \"tutorial/matmul\", [512, 512, 512, \"float32\"], {}], "
        "\"config\": {\"index\": 57, \"code_hash\": null, \"entity\": [[\"tile_y\", \"sp\", [-1, "
        "64]]]}, "
        "\"result\": [[0.0051], 0, 0.42, 1700000000.0], \"version\": 0.2, \"tvm_version\": "
        "\"0.19.0\"}\n");
    auto p = EvaluateScript(MatmulTemplate("with autotvm.apply_history_best(\"" + tvm_log +
                                           "\"):\n"
                                           "    s, a = matmul(512, 512, 512, \"float32\")\n"),
                            "apply.py");
    QVERIFY(!p);
    QVERIFY2(p.error().message.find("is not a Tessera tuning log") != std::string::npos,
             p.error().message.c_str());
    QVERIFY2(p.error().message.find("TVM's JSON-lines log") != std::string::npos,
             p.error().message.c_str());
    QCOMPARE(p.error().loc.line, 22);

    const std::string garbage = dir.filePath("garbage.json").toStdString();
    WriteFile(garbage, "not a log at all\n");
    auto q = EvaluateScript(
        MatmulAddWorkload("task = auto_scheduler.SearchTask(func=matmul_add, args=(8, 8, 8, "
                          "\"float32\"), target=\"llvm\")\n"
                          "sch, args = task.apply_best(\"" +
                          garbage + "\")\n"),
        "as.py");
    QVERIFY(!q);
    QVERIFY2(q.error().message.find("is not a Tessera tuning log") != std::string::npos,
             q.error().message.c_str());
    QCOMPARE(q.error().loc.line, 15);

    auto missing =
        EvaluateScript(MatmulTemplate("with autotvm.apply_history_best(\"" +
                                      dir.filePath("none.log").toStdString() + "\"):\n    pass\n"),
                       "apply.py");
    QVERIFY(!missing);
    QVERIFY2(missing.error().message.find("does not exist") != std::string::npos,
             missing.error().message.c_str());
  }

  // A candidate that crashes its measuring process is recorded as crashed; the
  // evaluation (and the process running it) goes on and applies the best of the rest.
  void crashingCandidateIsARecordNotTheEnd() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend");
    SetScriptTuningRunnerFactory([](std::string* error) -> std::unique_ptr<runner::Runner> {
      auto inner = tune::ChildProcessRunner::Create("", error);
      if (!inner) return nullptr;
      return std::make_unique<CrashFirstCandidateRunner>(std::move(inner));
    });
    QTemporaryDir dir;
    const std::string log = dir.filePath("crash.log").toStdString();
    auto p = EvaluateScript(
        MatmulTemplate(
            "task = autotvm.task.create(\"tutorial/matmul\", args=(16, 16, 16, \"float32\"), "
            "target=\"llvm\")\n"
            "tuner = autotvm.tuner.XGBTuner(task, loss_type=\"rank\", feature_type=\"knob\")\n"
            "tuner.tune(n_trial=3, callbacks=[autotvm.callback.log_to_file(\"" +
            log +
            "\")])\n"
            "with autotvm.apply_history_best(\"" +
            log +
            "\"):\n"
            "    s, a = matmul(16, 16, 16, \"float32\")\n"),
        "crash.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    int crashed = 0, ok = 0;
    for (const tune::TuningRecord& r : AllRecords(log)) {
      if (r.status == "crashed") ++crashed;
      if (r.status == tune::kStatusOk) ++ok;
    }
    QCOMPARE(crashed, 1);
    QVERIFY(ok >= 2);
    QCOMPARE(TraceText(*p->schedule), BestTrace(log, p->schedule->outputs));
  }

  // auto_scheduler: the ComputeDAG prints as TVM's; task.tune searches the generated space
  // into the log; apply_best gives the best schedule (tvm.lower takes it, and it is the
  // program's) and print_best prints it as a TVM script.
  void autoSchedulerTunesAppliesAndPrints() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend");
    QTemporaryDir dir;
    const std::string log = dir.filePath("matmul.json").toStdString();
    const std::string dag =
        "A = PLACEHOLDER [32, 32]\\nB = PLACEHOLDER [32, 32]\\nmatmul(i, j) += (A[i, k]*B[k, j])\\n"
        "C = PLACEHOLDER [32, 32]\\nout(i, j) = (matmul[i, j] + C[i, j])\\n";
    auto p = EvaluateScript(
        MatmulAddWorkload(
            "target = tvm.target.Target(\"llvm\")\n"
            "task = tvm.auto_scheduler.SearchTask(func=matmul_add, args=(32, 32, 32, \"float32\"), "
            "target=target)\n"
            "assert str(task.compute_dag) == \"" +
            dag +
            "\", str(task.compute_dag)\n"
            "opts = auto_scheduler.TuningOptions(num_measure_trials=3, "
            "measure_callbacks=[auto_scheduler.RecordToFile(\"" +
            log +
            "\")], verbose=2)\n"
            "task.tune(opts)\n"
            "sch, args = task.apply_best(\"" +
            log +
            "\")\n"
            "mod = tvm.lower(sch, args, simple_mode=True)\n"
            "text = task.print_best(\"" +
            log +
            "\")\n"
            "assert \"create_schedule\" in text and \"tvm.lower\" in text, text\n"),
        "as.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    QVERIFY(p->schedule);
    QCOMPARE(p->schedule->outputs.size(), size_t{1});
    QCOMPARE(p->schedule->outputs[0]->name, std::string("out"));
    QCOMPARE(p->lower_args.size(), size_t{4});
    QCOMPARE(TraceText(*p->schedule), BestTrace(log, p->schedule->outputs));
    QCOMPARE(AllRecords(log).size(), size_t{4});  // the bare schedule (input) and 3 trials
  }

  // Without a GPU a CUDA task's tuning step is skipped with a located message; the
  // program goes on (its log is not created).
  void cudaTaskSkipsTuningWithoutAGpu() {
    QTemporaryDir dir;
    const std::string log = dir.filePath("cuda.log").toStdString();
    auto p = EvaluateScript(
        MatmulTemplate(
            "task = autotvm.task.create(\"tutorial/matmul\", args=(16, 16, 16, \"float32\"), "
            "target=\"cuda\")\n"
            "tuner = autotvm.tuner.XGBTuner(task)\n"
            "tuner.tune(n_trial=2, callbacks=[autotvm.callback.log_to_file(\"" +
            log + "\")])\n"),
        "cuda.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    std::string why;
    const std::string expected =
        runtime::CudaAvailable(&why) ? "CPU (llvm) kernels only" : "needs a GPU";
    QVERIFY2(Messages().find("cuda.py:24: ") != std::string::npos, Messages().c_str());
    QVERIFY2(Messages().find(expected) != std::string::npos, Messages().c_str());
    QVERIFY2(Messages().find("the tuning step is skipped") != std::string::npos,
             Messages().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(log)));
  }

  // A tuner that evaluates the program itself (`tessera-cli tune` on a program that calls
  // a tuner: EvaluateTunableScript) does not start the program's tuning job again.
  void aTunersOwnEvaluationDoesNotTuneAgain() {
    QTemporaryDir dir;
    const std::string log = dir.filePath("nested.log").toStdString();
    const std::string source = MatmulTemplate(
        "task = autotvm.task.create(\"tutorial/matmul\", args=(16, 16, 16, \"float32\"), "
        "target=\"llvm\")\n"
        "tuner = autotvm.tuner.RandomTuner(task)\n"
        "tuner.tune(n_trial=2, callbacks=[autotvm.callback.log_to_file(\"" +
        log + "\")])\n");
    auto t = EvaluateTunableScript(source, "nested.py", {});
    QVERIFY2(t, t ? "" : t.error().format().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(log)));
    QVERIFY2(messages_.empty(), Messages().c_str());
  }

  // TESSERA_TUNE_TRIALS caps every tune call of a script (0: none is measured), so CI
  // can run TVM's tutorials quickly; the program then finds no log to apply and uses the
  // workload's bare schedule, saying so (it was an error before: the GUI could not open
  // TVM's tuning tutorials).
  void trialCapFromTheEnvironment() {
    qputenv("TESSERA_TUNE_TRIALS", "0");
    QTemporaryDir dir;
    const std::string log = dir.filePath("capped.json").toStdString();
    auto p = EvaluateScript(
        MatmulAddWorkload("task = auto_scheduler.SearchTask(func=matmul_add, args=(8, 8, 8, "
                          "\"float32\"), target=\"llvm\")\n"
                          "task.tune(auto_scheduler.TuningOptions(num_measure_trials=10, "
                          "measure_callbacks=[auto_scheduler.RecordToFile(\"" +
                          log +
                          "\")]))\n"
                          "sch, args = task.apply_best(\"" +
                          log + "\")\n"),
        "capped.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    QVERIFY2(Messages().find("TESSERA_TUNE_TRIALS=0 caps the 10 trials") != std::string::npos,
             Messages().c_str());
    QVERIFY2(Messages().find("capped.py:16: the tuning log '" + log +
                             "' does not exist and tuning is skipped in this evaluation: the "
                             "workload's bare schedule is used") != std::string::npos,
             Messages().c_str());
    QVERIFY(p->schedule);
    QCOMPARE(p->schedule->outputs[0]->name, std::string("out"));
    QCOMPARE(TraceText(*p->schedule), std::string());  // bare: no primitive applied
    QVERIFY(!QFile::exists(QString::fromStdString(log)));
    // A log that is missing while tuning runs stays an error, as in TVM.
    qunsetenv("TESSERA_TUNE_TRIALS");
    auto missing = EvaluateScript(
        MatmulAddWorkload("task = auto_scheduler.SearchTask(func=matmul_add, args=(8, 8, 8, "
                          "\"float32\"), target=\"llvm\")\n"
                          "sch, args = task.apply_best(\"" +
                          log + "\")\n"),
        "missing.py");
    QVERIFY(!missing);
    QVERIFY2(missing.error().message.find("does not exist") != std::string::npos,
             missing.error().message.c_str());
  }

  // Where script tuning is off (the GUI evaluates the program after every edit), a tune
  // call is skipped with a message, apply_history_best of a log not written yet gives the
  // templates' fallback configuration, and a log written earlier is still applied.
  void tuningOffSkipsAndFallsBack() {
    QTemporaryDir dir;
    const std::string log = dir.filePath("gui.log").toStdString();
    const std::string source = MatmulTemplate(
        "task = autotvm.task.create(\"tutorial/matmul\", args=(16, 16, 16, \"float32\"), "
        "target=\"llvm\")\n"
        "tuner = autotvm.tuner.RandomTuner(task)\n"
        "tuner.tune(n_trial=2, callbacks=[autotvm.callback.log_to_file(\"" +
        log +
        "\")])\n"
        "with autotvm.apply_history_best(\"" +
        log +
        "\"):\n"
        "    s, args = matmul(16, 16, 16, \"float32\")\n");
    RegisterTuningApis({.run_tuning = false});
    auto off = EvaluateScript(source, "gui.py");
    QVERIFY2(off, off ? "" : off.error().format().c_str());
    QVERIFY2(
        Messages().find("gui.py:24: autotvm task 'tutorial/matmul': tuning skipped (tune calls "
                        "in a program are not run here") != std::string::npos,
        Messages().c_str());
    QVERIFY2(Messages().find("templates use their fallback configuration") != std::string::npos,
             Messages().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(log)));
    QVERIFY2(TraceText(*off->schedule).find("split(C, i, factor=1)") != std::string::npos,
             TraceText(*off->schedule).c_str());
    if (!codegen::LLVMAvailable()) {
      RegisterTuningApis({.run_tuning = true});
      QSKIP("no LLVM backend to tune with");
    }
    RegisterTuningApis({.run_tuning = true});
    auto tuned = EvaluateScript(source, "cli.py");
    QVERIFY2(tuned, tuned ? "" : tuned.error().format().c_str());
    QVERIFY(QFile::exists(QString::fromStdString(log)));
    RegisterTuningApis({.run_tuning = false});
    auto reopened = EvaluateScript(source, "gui.py");
    RegisterTuningApis({.run_tuning = true});
    QVERIFY2(reopened, reopened ? "" : reopened.error().format().c_str());
    QCOMPARE(TraceText(*reopened->schedule), TraceText(*tuned->schedule));
  }
};

}  // namespace tst_autotvm_api

QTEST_APPLESS_MAIN(tst_autotvm_api::TestAutotvmApi)
#include "tst_autotvm_api.moc"
