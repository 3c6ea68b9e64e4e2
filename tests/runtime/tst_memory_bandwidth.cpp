// The bandwidth ceilings of the roofline (runtime/MemoryBandwidth.h) and the roofline
// point (runtime/Roofline.h). Bandwidth is a measurement, so only its sanity is tested
// (positive, finite, one entry per level, read back from the cache file), never a speed.
#include <QtTest>
#include <cmath>
#include <fstream>

#include "runtime/MemoryBandwidth.h"
#include "runtime/Roofline.h"

using namespace tessera;

namespace {

// A small hierarchy so that the measurement is quick; the DRAM buffer is still 64 MiB.
analysis::CacheHierarchy SmallCaches() {
  analysis::CacheHierarchy h;
  h.levels = {{"L1", 1, 32 * 1024, 1}, {"L2", 2, 256 * 1024, 1}};
  return h;
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

  void cacheFileIsReadBackAndForeignOnesAreMeasuredOver() {
    QTemporaryDir dir;
    std::string where = dir.path().toStdString();
    runtime::MemoryBandwidth first = runtime::CachedMemoryBandwidth(SmallCaches(), where, 1);
    QVERIFY(Sane(first));
    QVERIFY(!first.from_cache);
    QVERIFY(QFile::exists(QString::fromStdString(first.cache_file)));
    runtime::MemoryBandwidth second = runtime::CachedMemoryBandwidth(SmallCaches(), where, 1);
    QVERIFY(second.from_cache);
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
      out << "{\"signature\": \"" << first.signature << "\", \"threads\": 1, \"levels\": [{\"level\": \"L1\"}]}";
    }
    runtime::MemoryBandwidth third = runtime::CachedMemoryBandwidth(SmallCaches(), where, 1);
    QVERIFY(!third.from_cache);
    QVERIFY(Sane(third));
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
    QCOMPARE(runtime::MakeRooflinePoint(2e9, 1.0, traffic, bw, 10).bound_by, std::string("compute"));
  }
};

QTEST_APPLESS_MAIN(TestMemoryBandwidth)
#include "tst_memory_bandwidth.moc"
