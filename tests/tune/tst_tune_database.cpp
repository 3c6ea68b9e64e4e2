// The records database (core/tune/Database.h) on a real SQLite file: records persist
// across openings (a tune run resumes), "best for this workload on this machine" never
// returns a record measured on another machine, JSON-lines export/import round-trips
// and refuses bad lines with their location, and a file that is not a records database
// is refused. Also the workload fingerprint: same definition -> same hash, another
// shape or body -> another.
#include <sqlite3.h>

#include <QTemporaryDir>
#include <QtTest>
#include <set>

#include "script/Evaluator.h"
#include "tune/Database.h"
#include "tune/Fingerprint.h"

namespace tst_tune_database {

using namespace tessera;
using namespace tessera::tune;

namespace {

const char* kAvx2Machine = "AMD EPYC 7B13|avx,avx2,fma|2";
const char* kAvx512Machine = "AMD EPYC 9B45|avx,avx2,avx512f,fma|2";

TuningRecord MakeRecord(const std::string& machine, const std::string& schedule, double median_ms,
                        const std::string& status = kStatusOk) {
  TuningRecord r;
  r.workload = "00112233aabbccdd";
  r.workload_name = "C";
  r.target = "llvm";
  r.machine_key = machine;
  r.machine_json = "{\"cpu_model\": \"x\"}";
  r.script = schedule;
  r.schedule_hash = HashText(schedule);
  r.status = status;
  r.times_ms = {median_ms, median_ms * 1.1};
  r.min_ms = median_ms;
  r.median_ms = median_ms;
  r.gflops = 1.0 / median_ms;
  r.source = "random";
  r.created = 1700000000;
  return r;
}

RecordQuery QueryFor(const std::string& machine) { return {"00112233aabbccdd", "llvm", machine}; }

std::unique_ptr<Database> OpenOrFail(const std::string& path) {
  auto db = Database::Open(path);
  if (!db) qFatal("cannot open %s: %s", path.c_str(), db.error().message.c_str());
  return std::move(db.value());
}

std::vector<te::Operation> OutputsOf(const std::string& script) {
  auto program = script::EvaluateScript(script, "w.py");
  if (!program) qFatal("script: %s", program.error().format().c_str());
  return program->schedule->outputs;
}

std::string GemmScript(int n, const std::string& schedule) {
  return "import tvm\nfrom tvm import te\nN = " + std::to_string(n) +
         "\nA = te.placeholder((N, N), name=\"A\")\nB = te.placeholder((N, N), name=\"B\")\n"
         "k = te.reduce_axis((0, N), name=\"k\")\n"
         "C = te.compute((N, N), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n" +
         schedule;
}

}  // namespace

class TestTuneDatabase : public QObject {
  Q_OBJECT

 private slots:
  void recordsPersistAcrossOpenings() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("records.db").toStdString();
    {
      auto db = OpenOrFail(path);
      QVERIFY(db->Add(MakeRecord(kAvx2Machine, "s1", 5.0)).ok());
      QVERIFY(db->Add(MakeRecord(kAvx2Machine, "s2", 2.0)).ok());
    }
    auto db = OpenOrFail(path);
    auto count = db->Count(QueryFor(kAvx2Machine));
    QVERIFY(count.ok());
    QCOMPARE(*count, int64_t{2});
    // Resuming: a schedule already measured is known, another is not.
    auto seen = db->Contains(QueryFor(kAvx2Machine), HashText("s1"));
    QVERIFY(seen.ok() && *seen);
    auto unseen = db->Contains(QueryFor(kAvx2Machine), HashText("s3"));
    QVERIFY(unseen.ok() && !*unseen);
    auto all = db->All(QueryFor(kAvx2Machine));
    QVERIFY(all.ok());
    QCOMPARE(all->size(), size_t{2});
    QCOMPARE(all->at(0).script, std::string("s1"));
    QCOMPARE(all->at(0).times_ms.size(), size_t{2});
    QCOMPARE(all->at(0).times_ms[1], 5.5);
  }

  // The host-probe reference (tune/HostSpeed.h) is set once per machine, kept in the file,
  // and given to every later caller; a file written before the table existed gets it.
  void probeReferenceIsSetOncePerMachineAndPersists() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("records.db").toStdString();
    {
      // A records file as session 15 wrote it: the records table only.
      sqlite3* raw = nullptr;
      QCOMPARE(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
      const char* old_schema =
          "CREATE TABLE records (id INTEGER PRIMARY KEY AUTOINCREMENT, workload TEXT NOT NULL, "
          "workload_name TEXT NOT NULL, target TEXT NOT NULL, machine_key TEXT NOT NULL, "
          "machine_json TEXT "
          "NOT NULL, schedule_hash TEXT NOT NULL, script TEXT NOT NULL, status TEXT NOT NULL, "
          "message TEXT "
          "NOT NULL, times_ms TEXT NOT NULL, min_ms REAL NOT NULL, median_ms REAL NOT NULL, gflops "
          "REAL NOT "
          "NULL, max_error REAL NOT NULL, checked INTEGER NOT NULL, source TEXT NOT NULL, created "
          "INTEGER NOT "
          "NULL); PRAGMA user_version = 1;";
      QCOMPARE(sqlite3_exec(raw, old_schema, nullptr, nullptr, nullptr), SQLITE_OK);
      sqlite3_close(raw);
    }
    {
      auto db = OpenOrFail(path);
      QVERIFY(db->Add(MakeRecord(kAvx2Machine, "s1", 5.0)).ok());
      auto first = db->ProbeReference(kAvx2Machine, [] { return 0.61; });
      QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
      QCOMPARE(*first, 0.61);
      bool asked = false;  // a later run's own probe: not even calibrated
      auto again = db->ProbeReference(kAvx2Machine, [&] {
        asked = true;
        return 0.9;
      });
      QVERIFY(!asked);
      QVERIFY(again.ok());
      QCOMPARE(*again, 0.61);
      auto other = db->ProbeReference(kAvx512Machine, [] { return 0.4; });  // each machine its own
      QVERIFY(other.ok());
      QCOMPARE(*other, 0.4);
    }
    auto db = OpenOrFail(path);
    auto kept = db->ProbeReference(kAvx2Machine, [] { return 2.0; });
    QVERIFY(kept.ok());
    QCOMPARE(*kept, 0.61);
    auto count = db->Count(QueryFor(kAvx2Machine));
    QVERIFY(count.ok());
    QCOMPARE(*count, int64_t{1});
  }

  void bestIsTheFastestOkRecordOfThisMachine() {
    QTemporaryDir dir;
    auto db = OpenOrFail(dir.filePath("r.db").toStdString());
    QVERIFY(db->Add(MakeRecord(kAvx2Machine, "slow", 9.0)).ok());
    QVERIFY(db->Add(MakeRecord(kAvx2Machine, "fast", 3.0)).ok());
    TuningRecord failed = MakeRecord(kAvx2Machine, "crashed", 0.5, "crashed");
    QVERIFY(db->Add(failed).ok());
    // Faster, but measured on an AVX-512 machine: never the best here.
    QVERIFY(db->Add(MakeRecord(kAvx512Machine, "avx512", 1.0)).ok());
    auto best = db->Best(QueryFor(kAvx2Machine));
    QVERIFY(best.ok() && best->has_value());
    QCOMPARE((*best)->script, std::string("fast"));
    QCOMPARE((*best)->machine_key, std::string(kAvx2Machine));
    auto top = db->Top(QueryFor(kAvx2Machine), 5);
    QVERIFY(top.ok());
    QCOMPARE(top->size(), size_t{2});
    QCOMPARE(top->at(1).script, std::string("slow"));
    auto other = db->Best(QueryFor(kAvx512Machine));
    QVERIFY(other.ok() && other->has_value());
    QCOMPARE((*other)->script, std::string("avx512"));
    auto none = db->Best(QueryFor("Some other CPU|sse|4"));
    QVERIFY(none.ok() && !none->has_value());
  }

  void exportImportRoundTripsAndSkipsDuplicates() {
    QTemporaryDir dir;
    auto source = OpenOrFail(dir.filePath("a.db").toStdString());
    QVERIFY(source->Add(MakeRecord(kAvx2Machine, "s1\nwith \"quotes\"", 4.0)).ok());
    QVERIFY(source->Add(MakeRecord(kAvx512Machine, "s2", 2.0)).ok());
    auto lines = source->ExportJsonLines();
    QVERIFY(lines.ok());
    QCOMPARE(std::count(lines->begin(), lines->end(), '\n'), 2L);
    auto target = OpenOrFail(dir.filePath("b.db").toStdString());
    auto added = target->ImportJsonLines(*lines, "records.jsonl");
    QVERIFY2(added.ok(), added.ok() ? "" : added.error().format().c_str());
    QCOMPARE(*added, int64_t{2});
    auto again = target->ImportJsonLines(*lines, "records.jsonl");
    QVERIFY(again.ok());
    QCOMPARE(*again, int64_t{0});
    auto best = target->Best(QueryFor(kAvx2Machine));
    QVERIFY(best.ok() && best->has_value());
    QCOMPARE((*best)->script, std::string("s1\nwith \"quotes\""));
    QCOMPARE((*best)->median_ms, 4.0);
    // The imported AVX-512 record stays tied to its machine.
    auto avx512 = target->Best(QueryFor(kAvx512Machine));
    QVERIFY(avx512.ok() && avx512->has_value());
    QCOMPARE((*avx512)->script, std::string("s2"));
  }

  void importRefusesBadLinesWithTheirLocation() {
    QTemporaryDir dir;
    auto db = OpenOrFail(dir.filePath("r.db").toStdString());
    std::string good = RecordToJson(MakeRecord(kAvx2Machine, "s1", 1.0));
    auto bad = db->ImportJsonLines(good + "\n{\"workload\": 3}\n", "in.jsonl");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().loc.line, 2);
    QVERIFY2(bad.error().format().find("in.jsonl:2:1: error:") == 0, bad.error().format().c_str());
    auto not_json = db->ImportJsonLines("not json\n", "in.jsonl");
    QVERIFY(!not_json.ok());
    QCOMPARE(not_json.error().loc.line, 1);
    // Nothing was added by the failed imports.
    auto count = db->CountAll();
    QVERIFY(count.ok());
    QCOMPARE(*count, int64_t{0});
  }

  void refusesAFileThatIsNotARecordsDatabase() {
    QTemporaryDir dir;
    const QString text_path = dir.filePath("notes.txt");
    QFile f(text_path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("this is not an SQLite file at all, just text that is long enough to be a header....");
    f.close();
    auto db = Database::Open(text_path.toStdString());
    QVERIFY(!db.ok());
    QVERIFY2(db.error().message.find("not a Tessera records database") != std::string::npos,
             db.error().message.c_str());
    auto missing_dir = Database::Open(dir.filePath("no/such/dir/r.db").toStdString());
    QVERIFY(!missing_dir.ok());
    QVERIFY(missing_dir.error().message.find("cannot open records database") != std::string::npos);
  }

  void fingerprintIsStructural() {
    auto a = FingerprintWorkload(OutputsOf(GemmScript(64, "")));
    // Same definition with a schedule and a comment: same workload.
    auto b = FingerprintWorkload(
        OutputsOf(GemmScript(64, "# tiled\nio, ii = s[C].split(C.op.axis[0], factor=8)\n")));
    QCOMPARE(a.hash, b.hash);
    QCOMPARE(a.name, std::string("C"));
    QCOMPARE(a.hash.size(), size_t{16});
    auto other_shape = FingerprintWorkload(OutputsOf(GemmScript(128, "")));
    QVERIFY(a.hash != other_shape.hash);
    auto with_vars = FingerprintWorkload(OutputsOf(GemmScript(64, "")), {{"n", 32}});
    QVERIFY(a.hash != with_vars.hash);
    std::string plus = GemmScript(64, "");
    plus.replace(plus.find("A[i, k] * B[k, j]"), 17, "A[i, k] + B[k, j]");
    QVERIFY(a.hash != FingerprintWorkload(OutputsOf(plus)).hash);
    // A kernel taking its inputs, or writing its output, in blocked layouts takes other
    // arguments: its records are another workload's, under the same name.
    const auto gemm = OutputsOf(GemmScript(64, ""));
    BlockedArguments blocked;
    blocked.inputs = true;
    auto inputs = FingerprintWorkload(gemm, {}, blocked);
    blocked.outputs = true;
    auto both = FingerprintWorkload(gemm, {}, blocked);
    blocked.inputs = false;
    auto outputs = FingerprintWorkload(gemm, {}, blocked);
    // In blocks of the run's own, another again; the tiles' own blocks keep the text
    // (and the records) they had.
    blocked.block = 16;
    auto outputs16 = FingerprintWorkload(gemm, {}, blocked);
    blocked.block = 8;
    auto outputs8 = FingerprintWorkload(gemm, {}, blocked);
    const std::set<std::string> hashes{a.hash,    inputs.hash,    outputs.hash,
                                       both.hash, outputs16.hash, outputs8.hash};
    QCOMPARE(hashes.size(), size_t{6});
    QVERIFY(outputs.canonical.find("blocks of") == std::string::npos);
    QCOMPARE(inputs.name, a.name);
    QCOMPARE(both.name, a.name);
  }
};

}  // namespace tst_tune_database

QTEST_APPLESS_MAIN(tst_tune_database::TestTuneDatabase)
#include "tst_tune_database.moc"
