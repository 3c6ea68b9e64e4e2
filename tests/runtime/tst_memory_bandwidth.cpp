// The bandwidth ceilings of the roofline (runtime/MemoryBandwidth.h) and the roofline
// point (runtime/Roofline.h). A real measurement is only tested for its shape (positive,
// finite, one entry per level), never a speed; the cache's rules (order of the levels,
// load, date) are tested with fake measurements.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <fstream>

#include "runtime/MemoryBandwidth.h"
#include "runtime/Roofline.h"

namespace tst_memory_bandwidth {

using namespace tessera;

namespace {

// A small hierarchy so that the measurement is quick; the DRAM buffer is still 64 MiB.
analysis::CacheHierarchy SmallCaches() {
  analysis::CacheHierarchy h;
  h.levels = {{"L1", 1, 32 * 1024, 1}, {"L2", 2, 256 * 1024, 1}};
  return h;
}

// A measurement that takes no time: L1, L2 and DRAM at the given speeds.
runtime::MemoryBandwidth Fake(double l1, double l2, double dram) {
  runtime::MemoryBandwidth m;
  m.threads = 1;
  m.levels = {{"L1", 16 * 1024, l1}, {"L2", 128 * 1024, l2}, {"DRAM", 64 << 20, dram}};
  return m;
}

// Cache options in `dir` whose measurements are `results` in turn (the last one
// repeated), counted in `calls`, at the load `*load`.
runtime::BandwidthCacheOptions FakeOptions(const QTemporaryDir& dir,
                                           std::vector<runtime::MemoryBandwidth> results,
                                           int* calls, const double* load) {
  runtime::BandwidthCacheOptions o;
  o.directory = dir.path().toStdString();
  o.threads = 1;
  o.measure = [results, calls](const analysis::CacheHierarchy&, int) {
    size_t i = std::min(static_cast<size_t>((*calls)++), results.size() - 1);
    return results[i];
  };
  o.load = [load] { return *load; };
  return o;
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
}

bool Sane(const runtime::MemoryBandwidth& m) {
  if (m.levels.size() != 3 || m.levels.back().level != "DRAM") return false;
  for (const runtime::LevelBandwidth& l : m.levels)
    if (!std::isfinite(l.gbps) || l.gbps <= 0 || l.working_set <= 0) return false;
  return true;
}

}  // namespace

class TestMemoryBandwidth : public QObject {
  Q_OBJECT

 private slots:
  void measuresEveryLevelAndDram() {
    runtime::MemoryBandwidth m = runtime::MeasureMemoryBandwidth(SmallCaches(), 1);
    QVERIFY2(Sane(m), m.Describe().c_str());
    QCOMPARE(m.levels[0].level, std::string("L1"));
    QCOMPARE(m.levels[0].working_set, int64_t{16 * 1024});  // half of L1
    QCOMPARE(m.threads, 1);
    QVERIFY(!m.from_cache);
  }

  // A virtual machine may report a last level of hundreds of MiB: the streamed sets stay
  // within the limit (four times such a level would take gigabytes), each level's below
  // DRAM's, and DRAM's past the last level where the limit allows.
  void workingSetsStayWithinTheLimit() {
    analysis::CacheHierarchy huge;
    huge.levels = {
        {"L1", 1, 48 * 1024, 1}, {"L2", 2, 2 << 20, 1}, {"L3", 3, int64_t{480} << 20, 2}};
    for (int threads : {1, 2, 16}) {
      std::vector<runtime::LevelBandwidth> sets = runtime::StreamWorkingSets(huge, threads);
      QCOMPARE(sets.size(), size_t{4});
      QCOMPARE(sets.back().level, std::string("DRAM"));
      QVERIFY(sets.back().working_set * threads <= runtime::kMaxStreamedBytes);
      for (size_t i = 0; i + 1 < sets.size(); ++i)
        QVERIFY2(sets[i].working_set < sets.back().working_set, sets[i].level.c_str());
    }
    QCOMPARE(runtime::StreamWorkingSets(huge, 1)[0].working_set, int64_t{24 * 1024});
    analysis::CacheHierarchy small = SmallCaches();
    std::vector<runtime::LevelBandwidth> sets = runtime::StreamWorkingSets(small, 1);
    QCOMPARE(sets.back().working_set, int64_t{64} << 20);  // at least 64 MiB
    QCOMPARE(sets[1].working_set, int64_t{128 * 1024});    // half of L2
  }

  // The roof of a memory-bound workload is measured at its own size: positive for a set
  // within L1 and for one past the streamed limit (capped), nothing for an empty one.
  void streamsAtAGivenWorkingSet() {
    QVERIFY(runtime::MeasureStreamGbps(16 * 1024, 1) > 0);
    QVERIFY(runtime::MeasureStreamGbps(runtime::kMaxStreamedBytes, 2) > 0);
    QCOMPARE(runtime::MeasureStreamGbps(0, 1), 0.0);
    QCOMPARE(runtime::MeasureStreamGbps(-5, 4), 0.0);
  }

  void cacheFileIsReadBackAndForeignOnesAreMeasuredOver() {
    QTemporaryDir dir;
    int calls = 0;
    double load = 0.1;
    runtime::BandwidthCacheOptions options = FakeOptions(dir, {Fake(400, 200, 20)}, &calls, &load);
    runtime::MemoryBandwidth first = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QVERIFY(Sane(first));
    QVERIFY(!first.from_cache);
    QVERIFY(QFile::exists(QString::fromStdString(first.cache_file)));
    runtime::MemoryBandwidth second = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QVERIFY(second.from_cache);
    QCOMPARE(calls, 1);
    QCOMPARE(second.measured_at, first.measured_at);
    QCOMPARE(second.load, 0.1);
    QCOMPARE(second.signature, first.signature);
    QCOMPARE(second.levels.size(), first.levels.size());
    for (size_t i = 0; i < first.levels.size(); ++i) {
      QCOMPARE(second.levels[i].level, first.levels[i].level);
      QCOMPARE(second.levels[i].gbps, first.levels[i].gbps);
    }
    // Another machine (here: another hierarchy) has another signature and file.
    analysis::CacheHierarchy other = SmallCaches();
    other.levels[1].size_bytes *= 2;
    QVERIFY(runtime::BandwidthSignature(other, 1) != first.signature);
    // A damaged file is measured over, not trusted.
    {
      std::ofstream out(first.cache_file, std::ios::trunc);
      out << "{\"signature\": \"" << first.signature
          << "\", \"threads\": 1, \"levels\": [{\"level\": \"L1\"}]}";
    }
    runtime::MemoryBandwidth third = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QVERIFY(!third.from_cache);
    QVERIFY(Sane(third));
  }

  // The reported cache: L1 11 GB/s below L2 17 GB/s (measured on a busy machine). It is
  // refused and measured again; the sane measurement replaces it.
  void aCacheWithLevelsOutOfOrderIsMeasuredAgain() {
    QTemporaryDir dir;
    int calls = 0;
    double load = 0.1;
    runtime::BandwidthCacheOptions options = FakeOptions(dir, {Fake(162, 60, 20)}, &calls, &load);
    std::string file = runtime::CachedMemoryBandwidth(SmallCaches(), options).cache_file;
    std::string signature = runtime::BandwidthSignature(SmallCaches(), 1);
    WriteFile(file, "{\"signature\": \"" + signature +
                        "\", \"threads\": 1, \"measured_at\": \"2026-11-28 10:00\", "
                        "\"load\": 0.1, \"levels\": [{\"level\": \"L1\", \"working_set\": 16384, "
                        "\"gbps\": 11}, "
                        "{\"level\": \"L2\", \"working_set\": 131072, \"gbps\": 17}, "
                        "{\"level\": \"DRAM\", \"working_set\": 67108864, \"gbps\": 9}]}");
    runtime::MemoryBandwidth m = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QCOMPARE(calls, 2);
    QVERIFY(!m.from_cache);
    QCOMPARE(m.levels[0].gbps, 162.0);
    QVERIFY(m.problem.empty());
    QVERIFY(runtime::CachedMemoryBandwidth(SmallCaches(), options).from_cache);
    QCOMPARE(calls, 2);
  }

  // A measurement out of order is tried again; one that stays so is returned with its
  // problem, and is not trusted when read back.
  void aMeasurementOutOfOrderIsRetriedAndNeverTrusted() {
    QTemporaryDir dir;
    int calls = 0;
    double load = 0.1;
    runtime::MemoryBandwidth m = runtime::CachedMemoryBandwidth(
        SmallCaches(), FakeOptions(dir, {Fake(11, 17, 9), Fake(150, 60, 20)}, &calls, &load));
    QCOMPARE(calls, 2);
    QVERIFY(m.problem.empty());
    QCOMPARE(m.levels[0].gbps, 150.0);

    QTemporaryDir other;
    calls = 0;
    runtime::BandwidthCacheOptions options = FakeOptions(other, {Fake(11, 17, 9)}, &calls, &load);
    m = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QCOMPARE(calls, 3);
    QCOMPARE(m.problem, std::string("L1 11 GB/s is slower than L2 17 GB/s"));
    m = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QVERIFY(!m.from_cache);
    QCOMPARE(calls, 6);
    QCOMPARE(runtime::BandwidthProblem(Fake(100, 100, 10)), std::string());
    QCOMPARE(runtime::BandwidthProblem(Fake(100, 50, 60)),
             std::string("L2 50 GB/s is slower than DRAM 60 GB/s"));
    QVERIFY(!runtime::BandwidthProblem(Fake(100, 0, 10)).empty());
  }

  // Ceilings measured at another load are measured again; within a quarter of a core
  // they stand. A cache that does not say its load (an older file) is measured again.
  void aCacheMeasuredAtAnotherLoadIsMeasuredAgain() {
    QTemporaryDir dir;
    int calls = 0;
    double load = 1.0;
    runtime::BandwidthCacheOptions options = FakeOptions(dir, {Fake(100, 50, 10)}, &calls, &load);
    runtime::MemoryBandwidth busy = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QCOMPARE(busy.load, 1.0);
    load = 0.1;
    runtime::MemoryBandwidth idle = runtime::CachedMemoryBandwidth(SmallCaches(), options);
    QCOMPARE(calls, 2);
    QVERIFY(!idle.from_cache);
    QCOMPARE(idle.load, 0.1);
    load = 0.3;
    QVERIFY(runtime::CachedMemoryBandwidth(SmallCaches(), options).from_cache);
    QCOMPARE(calls, 2);
    std::string signature = runtime::BandwidthSignature(SmallCaches(), 1);
    WriteFile(idle.cache_file, "{\"signature\": \"" + signature +
                                   "\", \"threads\": 1, \"levels\": "
                                   "[{\"level\": \"L1\", \"working_set\": 16384, \"gbps\": 100}]}");
    QVERIFY(!runtime::CachedMemoryBandwidth(SmallCaches(), options).from_cache);
    QCOMPARE(calls, 3);
    QVERIFY(!runtime::SameLoad(-1, 0.1));
  }

  void provenanceSaysWhenAndAtWhatLoad() {
    runtime::MemoryBandwidth m = Fake(100, 50, 10);
    m.measured_at = "2026-11-29 06:20";
    m.load = 0.1;
    QCOMPARE(m.Provenance(), std::string("measured 2026-11-29 06:20 UTC at load 0.10 per core"));
    QTemporaryDir dir;
    int calls = 0;
    double load = 0.5;
    runtime::MemoryBandwidth fresh = runtime::CachedMemoryBandwidth(
        SmallCaches(), FakeOptions(dir, {Fake(100, 50, 10)}, &calls, &load));
    QCOMPARE(fresh.measured_at.size(), size_t(16));  // "YYYY-MM-DD HH:MM", now
    QVERIFY(fresh.Provenance().find("load 0.50") != std::string::npos);
  }

  // Hand-computed: 2 GFLOP in 1 s; L1 traffic 8 GB at 100 GB/s (intensity 0.25, 25
  // GFLOP/s attainable), L2 1 GB at 50 GB/s (2 -> 100), DRAM 0.1 GB at 10 GB/s (20 ->
  // 200, capped by the 100 GFLOP/s peak): L1 bounds it.
  void rooflinePointPerLevel() {
    analysis::TrafficEstimate traffic;
    traffic.levels = {{"L1", 8e9}, {"L2", 1e9}, {"DRAM", 1e8}};
    runtime::MemoryBandwidth bw;
    bw.levels = {{"L1", 1, 100}, {"L2", 1, 50}, {"DRAM", 1, 10}};
    runtime::RooflinePoint p = runtime::MakeRooflinePoint(2e9, 1.0, traffic, bw, 100);
    QCOMPARE(p.gflops, 2.0);
    QCOMPARE(p.levels.size(), size_t{3});
    QCOMPARE(p.levels[0].intensity, 0.25);
    QCOMPARE(p.levels[0].attainable_gflops, 25.0);
    QCOMPARE(p.levels[1].attainable_gflops, 100.0);
    QCOMPARE(p.levels[2].intensity, 20.0);
    QCOMPARE(p.levels[2].attainable_gflops, 100.0);
    QCOMPARE(p.bound_by, std::string("L1"));
    // With a low peak the kernel is compute bound.
    QCOMPARE(runtime::MakeRooflinePoint(2e9, 1.0, traffic, bw, 10).bound_by,
             std::string("compute"));
  }

  // A run above a ceiling is not bound by it: 50 GFLOP/s is above L1's 25, so L2 (100;
  // DRAM and the peak are at 150) bounds it and L1 is marked exceeded; above the peak
  // too, nothing bounds it.
  void aRunIsNeverBoundByACeilingBelowIt() {
    analysis::TrafficEstimate traffic;
    traffic.levels = {{"L1", 8e9}, {"L2", 1e9}, {"DRAM", 1e8}};
    runtime::MemoryBandwidth bw;
    bw.levels = {{"L1", 1, 100}, {"L2", 1, 50}, {"DRAM", 1, 10}};
    runtime::RooflinePoint p = runtime::MakeRooflinePoint(2e9, 0.04, traffic, bw, 150);
    QCOMPARE(p.gflops, 50.0);
    QCOMPARE(p.bound_by, std::string("L2"));
    QVERIFY(p.levels[0].exceeded);
    QVERIFY(!p.levels[1].exceeded);
    p = runtime::MakeRooflinePoint(2e9, 0.01, traffic, bw, 150);
    QCOMPARE(p.gflops, 200.0);
    QCOMPARE(p.bound_by, std::string());
    QVERIFY(p.levels[0].exceeded && p.levels[1].exceeded && p.levels[2].exceeded);
  }
};

}  // namespace tst_memory_bandwidth

QTEST_APPLESS_MAIN(tst_memory_bandwidth::TestMemoryBandwidth)
#include "tst_memory_bandwidth.moc"
