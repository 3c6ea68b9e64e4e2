// TVM's MetaSchedule entry points in scripts (tuning_api/MetaScheduleObjects.h), as TVM's
// test_meta_schedule_tune_tir.py uses them: tune_tir measures real candidates into the
// work directory's records, compile_tir / query_schedule give a Schedule of the function
// with the best record's trace applied (the program's schedule), None before any record;
// the desktop application's evaluation skips the search and still applies the records;
// tvm.s_tir.meta_schedule is the same; the tasks of a module share max_trials_global;
// options Tessera cannot honour are refused at the argument.
#include <QTemporaryDir>
#include <QtTest>

#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "script/Evaluator.h"
#include "tir/Trace.h"
#include "tune/Database.h"
#include "tune/tir/TirCandidateScript.h"
#include "tune/tir/TirTuner.h"
#include "tuning_api/AutotvmTuning.h"
#include "tuning_api/TuningApis.h"

namespace tst_meta_schedule_api {

using namespace tessera;
using namespace tessera::script;
using namespace tessera::tuning_api;

namespace {

// TVM's test matmul at 32x32x32, then `rest` (`ms` imported from `ms_module`).
std::string Matmul(const std::string& rest, const std::string& ms_module = "tvm") {
  return "import tvm\nfrom " + ms_module +
         " import meta_schedule as ms\nfrom tvm.script import tir as T\n\n\n" + R"(@T.prim_func
def matmul(a: T.handle, b: T.handle, c: T.handle) -> None:
    A = T.match_buffer(a, [32, 32])
    B = T.match_buffer(b, [32, 32])
    C = T.match_buffer(c, [32, 32])
    for i, j, k in T.grid(32, 32, 32):
        with T.block("update"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = 0.0
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]


)" + rest;
}

std::string RecordsPath(const QTemporaryDir& dir) {
  return dir.filePath("tessera-records.db").toStdString();
}

std::unique_ptr<tune::Database> OpenRecords(const std::string& path) {
  auto db = tune::Database::Open(path);
  if (!db) qFatal("%s", db.error().message.c_str());
  return std::move(db.value());
}

// The records of the matmul task (a document of the function alone) on this machine.
tune::RecordQuery MatmulQuery() {
  auto task = EvaluateScript(Matmul(""), "task.py");
  if (!task) qFatal("%s", task.error().format().c_str());
  return {tune::TirWorkloadKey(*task, {}), "llvm", runner::ReadMachineSignature().Key()};
}

// The program's TensorIR schedule's trace as Python ("" without a schedule).
std::string TraceOf(const ScriptProgram& p) {
  return p.tir_schedule ? tir::TraceAsPython(p.tir_schedule->trace(), p.tir_dialect) : "";
}

// What apply_trace def a record's script adds ("" for the bare schedule).
std::string RecordTrace(const tune::TuningRecord& r) {
  auto def = tune::TirTunedTraceDef(r.script);
  return def ? *def : def.error().message;
}

}  // namespace

class TestMetaScheduleApi : public QObject {
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
    qunsetenv("TESSERA_TUNE_TRIALS");
  }

  // tune_tir measures the bare schedule and the trials into work_dir; compile_tir gives
  // the best record's schedule, which becomes the program's.
  void tuneTirMeasuresAndCompileTirApplies() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend");
    QTemporaryDir dir;
    auto p = EvaluateScript(
        Matmul("target = tvm.target.Target(\"llvm --num-cores=2\")\n"
               "database = ms.tir_integration.tune_tir(mod=matmul, target=target, work_dir=\"" +
               dir.path().toStdString() +
               "\", max_trials_global=2, num_trials_per_iter=2, seed=7)\n"
               "sch = ms.tir_integration.compile_tir(database, matmul, target)\n"
               "assert sch is not None\n"
               "assert database.has_workload(matmul)\n"
               "record = database.query_tuning_record(matmul, target, \"main\")\n"
               "assert record.run_secs[0] > 0\n"
               "assert str(record.trace) == str(sch.trace)\n"),
        "tune.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    QVERIFY2(Messages().find("tune.py:20: meta_schedule task 'main': tuning 2 trials") !=
                 std::string::npos,
             Messages().c_str());
    auto db = OpenRecords(RecordsPath(dir));
    auto all = db->All(MatmulQuery());
    QVERIFY(all);
    QCOMPARE(all->size(), size_t{3});  // the bare schedule and 2 trials
    auto best = db->Best(MatmulQuery());
    QVERIFY(best && best->has_value());
    QVERIFY(p->is_tensorir());
    QCOMPARE(
        QString::fromStdString(TraceOf(*p)),
        QString::fromStdString(RecordTrace(**best).empty() ? TraceOf(*p) : RecordTrace(**best)));
    if (!RecordTrace(**best).empty()) QVERIFY(!TraceOf(*p).empty());
  }

  // compile_tir replays the best record's trace on a new Schedule of the function; before
  // any record it gives None, as TVM's does. The record here is written by hand (a split
  // timed faster than anything real), so the replayed trace is known.
  void compileTirReplaysTheBestRecord() {
    QTemporaryDir dir;
    const std::string lines = "database = ms.database.JSONDatabase(work_dir=\"" +
                              dir.path().toStdString() +
                              "\")\n"
                              "sch = ms.tir_integration.compile_tir(database, matmul, \"llvm\")\n";
    auto before = EvaluateScript(Matmul(lines + "assert sch is None\n"
                                                "assert not database.has_workload(matmul)\n"),
                                 "none.py");
    QVERIFY2(before, before ? "" : before.error().format().c_str());
    auto scheduled = EvaluateScript(Matmul("sch = tvm.tir.Schedule(matmul)\n"
                                           "i, j, k = sch.get_loops(sch.get_block(\"update\"))\n"
                                           "sch.split(i, factors=[None, 8])\n"
                                           "sch.parallel(sch.get_loops(sch.get_block("
                                           "\"update\"))[0])\n"),
                                    "scheduled.py");
    QVERIFY2(scheduled, scheduled ? "" : scheduled.error().format().c_str());
    auto task = EvaluateScript(Matmul(""), "task.py");
    QVERIFY(task);
    task->source = Matmul("");
    auto script = tune::TirCandidateScript(*task, scheduled->tir_schedule->trace());
    QVERIFY2(script, script ? "" : script.error().format().c_str());
    tune::TuningRecord r;
    const tune::RecordQuery q = MatmulQuery();
    r.workload = q.workload;
    r.target = q.target;
    r.machine_key = q.machine_key;
    r.schedule_hash = "by-hand";
    r.script = *script;
    r.median_ms = r.min_ms = 0.001;
    r.times_ms = {0.001};
    r.checked = true;
    QVERIFY(OpenRecords(RecordsPath(dir))->Add(r));
    auto p = EvaluateScript(Matmul(lines + "assert sch is not None\n"
                                           "rec = database.query_tuning_record(matmul, "
                                           "\"llvm\", \"main\")\n"
                                           "assert rec.run_secs[0] == 1e-06, rec.run_secs\n"
                                           "mod = database.query_ir_module(matmul, \"llvm\", "
                                           "\"main\")\n"
                                           "assert \"T.parallel\" in mod.script()\n"),
                            "replay.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    QVERIFY(p->is_tensorir());
    QCOMPARE(QString::fromStdString(TraceOf(*p)), QString::fromStdString(TraceOf(*scheduled)));
  }

  // The desktop application's evaluation skips the search and says so; the records
  // already in the work directory still apply. TESSERA_TUNE_TRIALS caps each task.
  void tuningOffSkipsTheSearch() {
    QTemporaryDir dir;
    const std::string source =
        Matmul("database = ms.tune_tir(mod=matmul, target=\"llvm\", work_dir=\"" +
               dir.path().toStdString() +
               "\", max_trials_global=4)\n"
               "sch = ms.tir_integration.compile_tir(database, matmul, \"llvm\")\n"
               "assert sch is None\n");
    RegisterTuningApis({.run_tuning = false});
    auto off = EvaluateScript(source, "gui.py");
    QVERIFY2(off, off ? "" : off.error().format().c_str());
    QVERIFY2(Messages().find("gui.py:19: meta_schedule task 'main': tuning skipped (tune calls "
                             "in a program are not run here") != std::string::npos,
             Messages().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(RecordsPath(dir))));
    RegisterTuningApis({.run_tuning = true});
    messages_.clear();
    qputenv("TESSERA_TUNE_TRIALS", "0");
    auto capped = EvaluateScript(source, "cli.py");
    QVERIFY2(capped, capped ? "" : capped.error().format().c_str());
    QVERIFY2(Messages().find("TESSERA_TUNE_TRIALS=0 caps the 4 trials") != std::string::npos,
             Messages().c_str());
  }

  // The tasks of a module (one per function, in name order) share max_trials_global;
  // max_trials_per_task caps each. s_tir's spelling (TVM 0.22+) is the same module.
  void tasksOfAModuleShareTheTrials() {
    qputenv("TESSERA_TUNE_TRIALS", "0");
    QTemporaryDir dir;
    const std::string module = R"(import tvm
from tvm.s_tir import meta_schedule as ms
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def scale(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
        for i in range(64):
            with T.block("B"):
                vi = T.axis.spatial(64, i)
                B[vi] = A[vi] * T.float32(2)

    @T.prim_func
    def add(A: T.Buffer((64,), "float32"), C: T.Buffer((64,), "float32")):
        for i in range(64):
            with T.block("C"):
                vi = T.axis.spatial(64, i)
                C[vi] = A[vi] + T.float32(1)


)";
    auto p = EvaluateScript(module + "db = ms.tune_tir(Module, \"llvm\", \"" +
                                dir.path().toStdString() + "\", 5)\n" +
                                "assert ms.tir_integration.compile_tir(db, Module, \"llvm\") "
                                "is None\n",
                            "module.py");
    QVERIFY2(p, p ? "" : p.error().format().c_str());
    const std::string m = Messages();
    const size_t add = m.find("meta_schedule task 'add': TESSERA_TUNE_TRIALS=0 caps the 3 trials");
    const size_t scale =
        m.find("meta_schedule task 'scale': TESSERA_TUNE_TRIALS=0 caps the 2 trials");
    QVERIFY2(add != std::string::npos && scale != std::string::npos && add < scale, m.c_str());
    QVERIFY2(m.find("a module of 2 functions is as many tasks") != std::string::npos, m.c_str());
    messages_.clear();
    auto capped = EvaluateScript(module + "ms.tune_tir(Module, \"llvm\", \"" +
                                     dir.path().toStdString() + "\", 100, max_trials_per_task=4)\n",
                                 "module.py");
    QVERIFY2(capped, capped ? "" : capped.error().format().c_str());
    QVERIFY2(Messages().find("'add': TESSERA_TUNE_TRIALS=0 caps the 4 trials") != std::string::npos,
             Messages().c_str());
  }

  void badArgumentsAreLocated_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("expected");
    QTest::newRow("strategy") << "ms.tune_tir(matmul, 'llvm', 'w', 4, strategy='greedy')"
                              << "t.py:19:37: error: tune_tir(): ValueError: strategy must be "
                                 "\"evolutionary\", \"replay-trace\", \"replay-func\"";
    QTest::newRow("no trials")
        << "ms.tune_tir(matmul, 'llvm', 'w', 0)"
        << "t.py:19:34: error: tune_tir(): ValueError: at least 1 trial is needed";
    QTest::newRow("not a function")
        << "ms.tune_tir(3, 'llvm', 'w', 4)"
        << "t.py:19:13: error: tune_tir(): argument 'mod' must be a TensorIR PrimFunc or IRModule";
    QTest::newRow("runner") << "ms.tune_tir(matmul, 'llvm', 'w', 4, runner='rpc')"
                            << "runner must be \"local\" in Tessera";
    QTest::newRow("special space")
        << "ms.tune_tir(matmul, 'llvm', 'w', 4, special_space={'main': 'x'})"
        << "special_space is not supported in Tessera";
    QTest::newRow("database")
        << "ms.tir_integration.compile_tir(3, matmul, 'llvm')"
        << "t.py:19:32: error: compile_tir(): argument 'database' must be the database";
    QTest::newRow("no work_dir") << "ms.database.JSONDatabase()"
                                 << "JSONDatabase(): name the work directory (work_dir=...)";
    QTest::newRow("missing") << "ms.database.JSONDatabase(work_dir='/nonexistent/x', "
                                "allow_missing=False)"
                             << "there are no records in '/nonexistent/x'";
  }

  void badArgumentsAreLocated() {
    QFETCH(QString, call);
    QFETCH(QString, expected);
    auto p = EvaluateScript(Matmul(call.toStdString() + "\n"), "t.py");
    QVERIFY(!p);
    QVERIFY2(p.error().format().find(expected.toStdString()) != std::string::npos,
             p.error().format().c_str());
  }
};

}  // namespace tst_meta_schedule_api

QTEST_GUILESS_MAIN(tst_meta_schedule_api::TestMetaScheduleApi)
#include "tst_meta_schedule_api.moc"
