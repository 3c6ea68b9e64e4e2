// Cache fit per loop and the traffic model (core/analysis), against footprints and
// traffic computed by hand for GEMMs of 256 x 256 x 256 float32 (4 bytes, 64-byte lines).
// The caches are a fixed hierarchy (L1 32 KiB, L2 512 KiB, L3 32 MiB), not the host's,
// so the expected numbers hold on every machine.
#include <QtTest>

#include "analysis/Footprint.h"
#include "analysis/TrafficModel.h"
#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"

namespace tst_cache_fit {

using namespace tessera;

namespace {

constexpr const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((256, 256), name="A", dtype="float32")
B = te.placeholder((256, 256), name="B", dtype="float32")
k = te.reduce_axis((0, 256), name="k")
C = te.compute((256, 256), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

// The same GEMM tiled 32 x 32 with k split by 8: loops i.outer, j.outer, k.outer,
// i.inner, k.inner, j.inner.
constexpr const char* kTiled =
    R"(io, jo, ii, ji = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=32, y_factor=32)
ko, ki = s[C].split(k, factor=8)
s[C].reorder(io, jo, ko, ii, ki, ji)
)";

analysis::CacheHierarchy TestCaches() {
  analysis::CacheHierarchy h;
  h.levels = {{"L1", 1, 32 * 1024, 1}, {"L2", 2, 512 * 1024, 1}, {"L3", 3, 32 * 1024 * 1024, 16}};
  h.line_bytes = 64;
  return h;
}

ir::Stmt LowerScript(const std::string& source) {
  auto program = script::EvaluateScript(source, "gemm.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  auto stmt = schedule::Lower(*program->schedule);
  if (!stmt) qFatal("%s", stmt.error().message.c_str());
  return *stmt;
}

// The first loop named `var` that is not an initialisation loop.
const analysis::LoopFootprint* FindLoop(const std::vector<analysis::LoopFootprint>& loops,
                                        const std::string& var, int depth) {
  for (const analysis::LoopFootprint& l : loops)
    if (l.var == var && l.depth == depth) return &l;
  return nullptr;
}

}  // namespace

class TestCacheFit : public QObject {
  Q_OBJECT

 private slots:
  // One iteration of j.outer: a 32 x 256 panel of A (contiguous rows: 32 KiB), a
  // 256 x 32 panel of B (256 rows of 128 bytes = 2 lines each: 32 KiB) and the 32 x 32
  // tile of C (32 rows of 2 lines: 4 KiB).
  void tiledGemmPanelPerOuterIteration() {
    ir::Stmt program = LowerScript(std::string(kGemm) + kTiled);
    auto loops = analysis::LoopFootprints(program, TestCaches(), {});
    const analysis::LoopFootprint* jo = FindLoop(loops, "j.outer", 1);
    QVERIFY(jo && jo->per_iteration);
    QCOMPARE(jo->stage, std::string("C"));
    QCOMPARE(jo->extent, int64_t{8});
    const analysis::Footprint& f = *jo->per_iteration;
    QCOMPARE(f.find("A")->bytes, int64_t{32 * 256 * 4});
    QCOMPARE(f.find("A")->line_bytes, int64_t{32 * 256 * 4});
    QCOMPARE(f.find("B")->bytes, int64_t{256 * 32 * 4});
    QCOMPARE(f.find("B")->line_bytes, int64_t{256 * 2 * 64});
    QCOMPARE(f.find("C")->bytes, int64_t{32 * 32 * 4});
    QCOMPARE(f.bytes(), int64_t{69632});
    QCOMPARE(jo->fits, std::string("L2"));  // 68 KiB spills L1
  }

  // One iteration of k.outer: A 32 x 8 (32 rows of 32 bytes: one line each, 2 KiB of
  // lines for 1 KiB of data), B 8 x 32 (8 rows of 2 lines), C 32 x 32: fits L1.
  void tiledGemmTilePerReductionStep() {
    ir::Stmt program = LowerScript(std::string(kGemm) + kTiled);
    auto loops = analysis::LoopFootprints(program, TestCaches(), {});
    const analysis::LoopFootprint* ko = FindLoop(loops, "k.outer", 2);
    QVERIFY(ko && ko->per_iteration);
    const analysis::Footprint& f = *ko->per_iteration;
    QCOMPARE(f.find("A")->bytes, int64_t{32 * 8 * 4});
    QCOMPARE(f.find("A")->line_bytes, int64_t{32 * 64});
    QCOMPARE(f.find("B")->bytes, int64_t{8 * 32 * 4});
    QCOMPARE(f.find("B")->line_bytes, int64_t{8 * 2 * 64});
    QCOMPARE(f.find("C")->line_bytes, int64_t{32 * 2 * 64});
    QCOMPARE(f.line_bytes(), int64_t{2048 + 1024 + 4096});
    QCOMPARE(ko->fits, std::string("L1"));
    // The box of A: rows of the first tile, the first 8 columns.
    QCOMPARE(f.find("A")->box[0].lo, int64_t{0});
    QCOMPARE(f.find("A")->box[0].hi, int64_t{31});
    QCOMPARE(f.find("A")->box[1].hi, int64_t{7});
  }

  // Untiled: one iteration of i touches a row of A, all of B and a row of C (264 KiB:
  // L2); one iteration of j reads a column of B, one line per element.
  void untiledGemmColumnCostsALinePerElement() {
    ir::Stmt program = LowerScript(kGemm);
    auto loops = analysis::LoopFootprints(program, TestCaches(), {});
    const analysis::LoopFootprint* i = FindLoop(loops, "i", 0);
    QVERIFY(i && i->per_iteration);
    QCOMPARE(i->per_iteration->bytes(), int64_t{1024 + 262144 + 1024});
    QCOMPARE(i->fits, std::string("L2"));
    const analysis::LoopFootprint* j = FindLoop(loops, "j", 1);
    QVERIFY(j && j->per_iteration);
    QCOMPARE(j->per_iteration->find("B")->bytes, int64_t{256 * 4});
    QCOMPARE(j->per_iteration->find("B")->line_bytes, int64_t{256 * 64});
    QCOMPARE(j->executions, 256.0 * 256.0);
  }

  // Into a 32 KiB cache: the tiled GEMM loads, per (i.outer, j.outer) tile, the C tile
  // for its initialisation (4 KiB) and then A's and B's panels and C once (68 KiB), since
  // one k.outer step fits: 64 x (4096 + 69632) bytes.
  void trafficIntoL1TiledGemm() {
    ir::Stmt program = LowerScript(std::string(kGemm) + kTiled);
    auto bytes = analysis::TrafficIntoCache(program, 32 * 1024, {});
    QVERIFY(bytes);
    QCOMPARE(*bytes, 64.0 * (4096 + 69632));
  }

  // Untiled into 32 KiB: one j step (a row of A, a column of B in lines, a line of C:
  // 17 KiB) fits, so each i iteration loads its row of A, all of B and its row of C.
  void trafficIntoL1UntiledGemmReloadsB() {
    ir::Stmt program = LowerScript(kGemm);
    auto bytes = analysis::TrafficIntoCache(program, 32 * 1024, {});
    QVERIFY(bytes);
    QCOMPARE(*bytes, 256.0 * (1024 + 262144 + 1024));
  }

  // Into 512 KiB both GEMMs are compulsory traffic only: the three matrices once.
  void trafficIntoL2IsCompulsory() {
    for (std::string source : {std::string(kGemm), std::string(kGemm) + kTiled}) {
      auto bytes = analysis::TrafficIntoCache(LowerScript(source), 512 * 1024, {});
      QVERIFY(bytes);
      QCOMPARE(*bytes, 3.0 * 262144);
    }
  }

  // The core's accesses: C = 0 once per element, then per multiply-add a load of C, A
  // and B and a store of C (16 bytes).
  void accessedBytesCountEveryAccess() {
    auto bytes = analysis::AccessedBytes(LowerScript(std::string(kGemm) + kTiled), {});
    QVERIFY(bytes);
    QCOMPARE(*bytes, 256.0 * 256 * 4 + 256.0 * 256 * 256 * 16);
  }

  void estimateHasOneEntryPerLevel() {
    auto t = analysis::EstimateTraffic(LowerScript(std::string(kGemm) + kTiled), TestCaches(), {});
    QVERIFY(t);
    QCOMPARE(t->levels.size(), size_t{4});
    QCOMPARE(*t->bytes("L2"), 64.0 * (4096 + 69632));
    QCOMPARE(*t->bytes("L3"), 3.0 * 262144);
    QCOMPARE(*t->bytes("DRAM"), 3.0 * 262144);
  }

  // A symbolic shape needs a value; without one the footprint is unknown, not a guess.
  void symbolicShapeNeedsAValue() {
    std::string source = R"(import tvm
from tvm import te
n = te.size_var("n")
A = te.placeholder((n,), name="A", dtype="float32")
B = te.compute((n,), lambda i: A[i] * 2.0, name="B")
s = te.create_schedule(B.op)
io, ii = s[B].split(B.op.axis[0], factor=16)
)";
    ir::Stmt program = LowerScript(source);
    auto unknown = analysis::LoopFootprints(program, TestCaches(), {});
    QVERIFY(!unknown.empty());
    QVERIFY(!unknown[0].per_iteration);
    analysis::FootprintOptions options;
    options.shape_values["n"] = 1000;
    auto loops = analysis::LoopFootprints(program, TestCaches(), options);
    QVERIFY(loops[0].per_iteration);
    QCOMPARE(loops[0].per_iteration->find("A")->bytes, int64_t{16 * 4});
    QCOMPARE(loops[0].extent, int64_t{63});  // ceil(1000 / 16)
  }

  void sysfsSizesAreParsed() {
    QTemporaryDir dir;
    auto write = [&](const QString& index, const char* level, const char* type, const char* size) {
      QDir(dir.path()).mkpath(index);
      for (auto [name, text] : {std::pair{"level", level},
                                {"type", type},
                                {"size", size},
                                {"shared_cpu_list", "0-3"},
                                {"coherency_line_size", "64"}}) {
        QFile f(dir.path() + "/" + index + "/" + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.write("\n");
      }
    };
    write("index0", "1", "Data", "48K");
    write("index1", "1", "Instruction", "32K");
    write("index2", "2", "Unified", "2048K");
    auto h = analysis::ReadCacheHierarchy(dir.path().toStdString());
    QCOMPARE(h.levels.size(), size_t{2});
    QCOMPARE(h.levels[0].size_bytes, int64_t{48 * 1024});
    QCOMPARE(h.levels[1].name, std::string("L2"));
    QCOMPARE(h.levels[1].shared_by, 4);
    QCOMPARE(h.FittingLevel(3 * 1024 * 1024), std::string("DRAM"));
    QVERIFY(analysis::ReadCacheHierarchy("/nonexistent").levels.empty());
  }
  // A machine whose sysfs lists no caches (some virtual machines) still gets the levels
  // CPUID reports: per-core L1 and L2, innermost first, each larger than the one inside.
  void cpuidLevelsStandInForSysfs() {
    analysis::CacheHierarchy h = analysis::CpuidCacheHierarchy();
#if defined(__x86_64__)
    QVERIFY(!h.levels.empty());
#endif
    for (size_t i = 0; i < h.levels.size(); ++i) {
      QVERIFY(h.levels[i].size_bytes > 0);
      QVERIFY(h.levels[i].name == "L" + std::to_string(h.levels[i].level));
      if (i > 0) QVERIFY(h.levels[i].size_bytes > h.levels[i - 1].size_bytes);
    }
    QVERIFY(!analysis::HostCacheHierarchy().levels.empty() || h.levels.empty());
  }
};

}  // namespace tst_cache_fit

QTEST_APPLESS_MAIN(tst_cache_fit::TestCacheFit)
#include "tst_cache_fit.moc"
