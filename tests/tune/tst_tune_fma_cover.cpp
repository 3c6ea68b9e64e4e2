// A register tile keeps the FMA pipes busy only with more independent accumulators than
// the FMA latency x the pipes (TargetInfo, AccumulatorsCoveringFma): the channel tile's
// seeds of a convolution put the tiles that have that many first (the search measures the
// seeds in order), and where none of the usual tiles has (a row of 14 columns on AVX2)
// the densest seed takes the fewest columns that do, its last tile ragged. Checked on the
// strided 1x1 projection (ResNet-50's, and smaller ones) at AVX2 and AVX-512 widths and
// for two latencies; the covering seeds, the one with the strided input copied in phases
// among them, run and match the te oracle.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/ChannelTile.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_fma_cover {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

TargetInfo Target(const std::string& isa, int latency) {
  TargetInfo t = TargetInfoFromFeatures({isa, "fma"}, 2);
  t.fma_latency = latency;
  t.fma_pipes = 2;
  return t;
}

// The accumulators of a channel-tile decision (vectors of the channel block x columns),
// 0 for any other.
int64_t Accumulators(const DesignSpace& space, const Decisions& d, const TargetInfo& t) {
  const StageRule* rule = RuleOf(space, "conv");
  auto on = d.values.find(ChannelKnobName("conv"));
  if (!rule || on == d.values.end() || on->second != std::vector<int64_t>{1}) return 0;
  auto a = d.values.find(ChannelSplitKnobName("conv", rule->channel.axis));
  auto x = d.values.find(ChannelSplitKnobName("conv", rule->channel.column));
  if (a == d.values.end() || x == d.values.end()) return 0;
  return a->second.back() / t.vector_lanes * x->second.back();
}

int64_t Pack(const Decisions& d) {
  auto it = d.values.find(ChannelPackKnobName("conv"));
  return it == d.values.end() || it->second.empty() ? -1 : it->second.back();
}

// The seeds in order, as far as they are channel tiles.
std::vector<Decisions> ChannelSeeds(const DesignSpace& space) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (auto it = d.values.find(ChannelKnobName("conv"));
        it != d.values.end() && it->second == std::vector<int64_t>{1})
      out.push_back(d);
  return out;
}

}  // namespace

class TuneFmaCover : public QObject {
  Q_OBJECT

 private slots:
  // The cover is latency x pipes + 1, and the host's figures are those of a real core.
  void coverIsMoreThanLatencyTimesPipes() {
    TargetInfo t;
    t.fma_latency = 4;
    t.fma_pipes = 2;
    QCOMPARE(AccumulatorsCoveringFma(t), int64_t{9});
    t.fma_latency = 5;
    t.fma_pipes = 1;
    QCOMPARE(AccumulatorsCoveringFma(t), int64_t{6});
    for (const char* isa : {"avx2", "avx512f"}) {
      const TargetInfo host = TargetInfoFromFeatures({isa, "fma"}, 2);
      QVERIFY(host.fma_latency >= 3 && host.fma_latency <= 6);
      QVERIFY(host.fma_pipes == 1 || host.fma_pipes == 2);
    }
  }

  // The first seed covers the latency, and every covering channel tile comes before every
  // other; the strided input copied in phases is among the covering seeds.
  void firstSeedsCoverTheFmaLatency_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("latency");
    for (const char* isa : {"avx2", "avx512f"})
      for (int latency : {4, 5}) {
        const QString tag = QString(" %1, latency %2").arg(isa).arg(latency);
        QTest::newRow(qPrintable("ResNet-50 projection, 28 columns" + tag))
            << QString::fromStdString(PointwiseScript(256, 56, 512, 2)) << isa << latency;
        QTest::newRow(qPrintable("14 columns" + tag))
            << QString::fromStdString(PointwiseScript(64, 28, 64, 2)) << isa << latency;
        QTest::newRow(qPrintable("stride 3, 10 columns" + tag))
            << QString::fromStdString(PointwiseScript(64, 28, 64, 3)) << isa << latency;
      }
  }
  void firstSeedsCoverTheFmaLatency() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    QFETCH(int, latency);
    const TargetInfo target = Target(isa.toStdString(), latency);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, target);
    const int64_t cover = AccumulatorsCoveringFma(target);
    const std::vector<Decisions> seeds = space.Seeds();
    QVERIFY(!seeds.empty());
    QVERIFY2(Accumulators(space, seeds.front(), target) >= cover,
             qPrintable(QString("first seed: %1 accumulators, %2 needed")
                            .arg(Accumulators(space, seeds.front(), target))
                            .arg(cover)));
    bool below = false, phases = false;
    for (const Decisions& d : ChannelSeeds(space)) {
      QVERIFY(space.Satisfies(d));
      const bool covers = Accumulators(space, d, target) >= cover;
      QVERIFY2(!(covers && below), "a covering seed after one that does not cover");
      below = below || !covers;
      phases = phases || (covers && Pack(d) == 2);
    }
    QVERIFY(phases);
  }

  // The first three covering seeds (the densest tile read in place, copied, copied in
  // phases) lower, run and agree with the te oracle (small layers; a ragged last tile at
  // 14 columns on AVX2).
  void coveringSeedsMatchTheOracle_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    for (const char* isa : {"avx2", "avx512f"}) {
      QTest::newRow(qPrintable(QString("14 columns ") + isa))
          << QString::fromStdString(PointwiseScript(32, 28, 32, 2)) << isa;
      QTest::newRow(qPrintable(QString("28 columns ") + isa))
          << QString::fromStdString(PointwiseScript(16, 55, 32, 2)) << isa;
    }
  }
  void coveringSeedsMatchTheOracle() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    const TargetInfo target = Target(isa.toStdString(), 4);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, target);
    const std::vector<te::Tensor> args = p.Arguments();
    int ran = 0;
    for (const Decisions& d : ChannelSeeds(space)) {
      if (ran == 3 || Accumulators(space, d, target) < AccumulatorsCoveringFma(target)) break;
      auto valid = space.Validate(d, args);
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      QCOMPARE(RunAgainstOracle(p, *valid), QString());
      ++ran;
    }
    QVERIFY(ran > 0);
  }
};

}  // namespace tst_tune_fma_cover

QTEST_GUILESS_MAIN(tst_tune_fma_cover::TuneFmaCover)
#include "tst_tune_fma_cover.moc"
