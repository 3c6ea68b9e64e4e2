// The Tile rule's <stage>.prefetch (core/tune/TilePrefetch.h): offered where a register
// tile streams an operand through a reduction (a GEMM's B, a 1x1 convolution's input),
// the first plain and the first fused seed with an outer reduction loop followed by a
// twin prefetching 4 steps ahead,
// refused where it would repeat another candidate (the operand packed, the channel tile,
// no outer reduction loop), and the prefetching candidates compile, run and agree with
// the te oracle on AVX2 and AVX-512.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/ChannelTile.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_prefetch {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// Row sums: the reduction reads A along k, no operand moves with the output's i.
constexpr const char* kRowSums = R"(import tvm
from tvm import te
A = te.placeholder((64, 96), name="A")
k = te.reduce_axis((0, 96), name="k")
R = te.compute((64,), lambda i: te.sum(A[i, k], axis=k), name="R")
s = te.create_schedule(R.op)
)";

int64_t Prefetch(const Decisions& d, const std::string& stage) {
  return KnobValue(d, PrefetchKnobName(stage));
}

}  // namespace

class TestTunePrefetch : public QObject {
  Q_OBJECT

 private slots:
  void offeredWhereATileStreamsAnOperand_data() {
    QTest::addColumn<std::string>("script");
    QTest::addColumn<std::string>("stage");
    QTest::addColumn<bool>("offered");
    QTest::newRow("gemm") << GemmScript(64, 96, 128) << std::string("C") << true;
    QTest::newRow("1x1 convolution") << PointwiseScript(64, 28, 32) << std::string("conv") << true;
    QTest::newRow("row sums") << std::string(kRowSums) << std::string("R") << false;
  }
  void offeredWhereATileStreamsAnOperand() {
    QFETCH(std::string, script);
    QFETCH(std::string, stage);
    QFETCH(bool, offered);
    auto p = Load(script);
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const Knob* knob = KnobOf(space, PrefetchKnobName(stage));
    QCOMPARE(knob != nullptr, offered);
    if (knob) QCOMPARE(knob->choices, (std::vector<int64_t>{0, 2, 4, 8}));
  }

  // A seed of the plain and one of the fused tile, each followed by itself prefetching 4
  // steps ahead, the other knobs the same.
  void theFirstSeedsHavePrefetchingTwins() {
    auto p = Load(PointwiseScript(64, 28, 32));
    DesignSpace space = SpaceOf(p, IsaTarget("avx512f"));
    const std::vector<Decisions> seeds = space.Seeds();
    int twins = 0, prefetching = 0;
    for (size_t i = 0; i < seeds.size(); ++i) {
      if (Prefetch(seeds[i], "conv") == 0) continue;
      ++prefetching;
      QCOMPARE(Prefetch(seeds[i], "conv"), int64_t(4));
      QVERIFY(i > 0);
      Decisions plain = seeds[i];
      plain.values[PrefetchKnobName("conv")] = {0};
      if (plain.values == seeds[i - 1].values) ++twins;
    }
    QCOMPARE(twins, prefetching);
    QCOMPARE(twins, 2);  // the fused tile's and the plain tile's
  }

  // A prefetch that would repeat the candidate without it is refused.
  void refusedWhereItRepeatsAnotherCandidate() {
    auto p = Load(GemmScript(64, 96, 128));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const Decisions* twin = nullptr;
    const std::vector<Decisions> seeds = space.Seeds();
    for (const Decisions& d : seeds)
      if (Prefetch(d, "C") != 0) twin = &d;
    QVERIFY(twin);
    QVERIFY(space.Validate(*twin, p.Arguments()).ok());
    // B packed: its copy is already in cache.
    Decisions packed = *twin;
    packed.values[PackKnobName("C", "B")] = {1};
    QVERIFY2(!space.Validate(packed, p.Arguments()).ok(), DesignSpace::Describe(packed).c_str());
    // The whole reduction in the inner step: no outer loop to prefetch in.
    Decisions whole = *twin;
    whole.values[TileKnobName("C", "k")] = {1, 128};
    QVERIFY2(!space.Validate(whole, p.Arguments()).ok(), DesignSpace::Describe(whole).c_str());
    Decisions without = whole;
    without.values[PrefetchKnobName("C")] = {0};
    QVERIFY2(space.Validate(without, p.Arguments()).ok(), DesignSpace::Describe(without).c_str());
  }

  void refusedWithTheChannelTile() {
    auto p = Load(PointwiseScript(64, 28, 32));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    QVERIFY(KnobOf(space, PrefetchKnobName("conv")));
    bool checked = false;
    for (const Decisions& d : space.Seeds()) {
      if (KnobValue(d, ChannelKnobName("conv")) != 1) continue;
      QVERIFY(space.Validate(d, p.Arguments()).ok());
      Decisions prefetching = d;
      prefetching.values[PrefetchKnobName("conv")] = {4};
      QVERIFY2(!space.Validate(prefetching, p.Arguments()).ok(),
               DesignSpace::Describe(prefetching).c_str());
      checked = true;
      break;
    }
    QVERIFY(checked);
  }

  void prefetchingSeedsMatchTheOracle_data() {
    QTest::addColumn<std::string>("script");
    QTest::addColumn<std::string>("stage");
    QTest::addColumn<std::string>("isa");
    QTest::newRow("gemm, avx2") << GemmScript(40, 72, 90) << std::string("C")
                                << std::string("avx2");
    QTest::newRow("1x1 convolution, avx512")
        << PointwiseScript(48, 20, 24) << std::string("conv") << std::string("avx512f");
    QTest::newRow("strided 1x1 convolution, avx2")
        << PointwiseScript(48, 20, 24, 2) << std::string("conv") << std::string("avx2");
  }
  void prefetchingSeedsMatchTheOracle() {
    QFETCH(std::string, script);
    QFETCH(std::string, stage);
    QFETCH(std::string, isa);
    auto p = Load(script);
    DesignSpace space = SpaceOf(p, IsaTarget(isa));
    int run = 0;
    for (const Decisions& d : space.Seeds()) {
      if (Prefetch(d, stage) == 0) continue;
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString candidate = QString::fromStdString(CandidateScript(p, valid->schedule));
      QVERIFY2(candidate.contains(".prefetch("), qPrintable(candidate));
      const QString failure = RunAgainstOracle(p, *valid, "prefetch_" + std::to_string(run));
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      ++run;
    }
    QVERIFY(run > 0);
  }
};

}  // namespace tst_tune_prefetch

QTEST_APPLESS_MAIN(tst_tune_prefetch::TestTunePrefetch)
#include "tst_tune_prefetch.moc"
