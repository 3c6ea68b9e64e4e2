// A stage whose two innermost axes every operand reads as its last two indices (a 1x1
// convolution in NCHW: data[n, rc, y, x]) may be tiled with them fused (core/tune/
// FusedAxes.h, knob <stage>.fuse): the GEMM's N is the whole plane, its vectors run across
// rows without a ragged row end and load and store at unit stride. The knob is offered
// only where the flattened index is contiguous (not at stride 2, not through a padded
// window, not for a GEMM's rows); a fused point with an accumulator stage, a packed copy
// or the channel tile is not in the space; the seeds lower to plain vector accesses and
// match the te oracle.
#include <QtTest>
#include <regex>

#include "TuneTestSupport.h"
#include "transform/LowerSchedule.h"
#include "tune/ChannelTile.h"
#include "tune/DesignSpace.h"
#include "tune/FusedAxes.h"
#include "tune/TargetInfo.h"

namespace tst_tune_fused_axes {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

const std::string kFused = "y.x.fused";

std::vector<Decisions> FusedSeeds(const DesignSpace& space) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (KnobValue(d, FuseKnobName("conv")) == 1) out.push_back(d);
  return out;
}

}  // namespace

class TuneFusedAxes : public QObject {
  Q_OBJECT

 private slots:
  // MobileNetV2's pointwise layer (32 -> 192 at 28 x 28): the knob and the fused axis's
  // split over the 784 pixels.
  void offeredWhereTheAxesFlattenContiguously() {
    DesignSpace space = SpaceOf(Load(PointwiseScript(32, 28, 192)), IsaTarget("avx2"));
    const StageRule* rule = RuleOf(space, "conv");
    QVERIFY(rule);
    QCOMPARE(rule->fused_axes, (std::vector<std::string>{"y", "x"}));
    const Knob* fuse = KnobOf(space, FuseKnobName("conv"));
    QVERIFY(fuse);
    QCOMPARE(fuse->choices, (std::vector<int64_t>{0, 1}));
    const Knob* split = KnobOf(space, TileKnobName("conv", kFused));
    QVERIFY(split);
    QCOMPARE(split->extent, int64_t{784});
  }

  // Not where the flat index is not the fused axis: a strided read (data[.., 2y, 2x]), a
  // padded window (pad[.., y + ry, x + rx], a stage of its own), rows of a GEMM (A[i, k]
  // uses i without j), an input wider than the output's rows.
  void notOfferedElsewhere_data() {
    QTest::addColumn<QString>("script");
    QTest::newRow("stride 2") << QString::fromStdString(PointwiseScript(16, 28, 32, 2));
    QTest::newRow("3x3 window") << QString(kTinyConv);
    QTest::newRow("gemm") << QString::fromStdString(GemmScript(64, 64, 64));
    QTest::newRow("wider input") << QString::fromStdString(PointwiseScript(16, 28, 32, 1, 32));
  }
  void notOfferedElsewhere() {
    QFETCH(QString, script);
    DesignSpace space = SpaceOf(Load(script.toStdString()), IsaTarget("avx2"));
    for (const StageRule& r : space.rules()) {
      QVERIFY(r.fused_axes.empty());
      QVERIFY(!KnobOf(space, FuseKnobName(r.stage)));
    }
  }

  // The seeds come before the unfused plain tiles, accumulate in the output, read the
  // operands in place, and put a whole number of vectors across rows (AVX2: 16 of 784
  // pixels, where a row of 28 holds 3.5 vectors).
  void seedsTileThePlane_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("lanes");
    QTest::newRow("avx2") << "avx2" << 8;
    QTest::newRow("avx512") << "avx512f" << 16;
  }
  void seedsTileThePlane() {
    QFETCH(QString, isa);
    QFETCH(int, lanes);
    DesignSpace space = SpaceOf(Load(PointwiseScript(32, 28, 192)), IsaTarget(isa.toStdString()));
    const std::vector<Decisions> seeds = space.Seeds();
    const std::vector<Decisions> fused = FusedSeeds(space);
    QVERIFY(!fused.empty());
    for (const Decisions& d : fused) {
      QVERIFY(space.Satisfies(d));
      QCOMPARE(KnobValue(d, CacheWriteKnobName("conv")), int64_t{0});
      QCOMPARE(KnobValue(d, PackKnobName("conv", "data")), int64_t{0});
      QCOMPARE(KnobValue(d, PackKnobName("conv", "kernel")), int64_t{0});
      QCOMPARE(KnobValue(d, TileKnobName("conv", kFused)) % lanes, int64_t{0});
    }
    QVERIFY(std::any_of(fused.begin(), fused.end(), [&](const Decisions& d) {
      return 28 % KnobValue(d, TileKnobName("conv", kFused)) != 0;
    }));
    // The first fused seed before the first unfused plain tile.
    auto first = [&](auto pred) { return std::find_if(seeds.begin(), seeds.end(), pred); };
    auto fused_at =
        first([&](const Decisions& d) { return KnobValue(d, FuseKnobName("conv")) == 1; });
    auto plain_at = first([&](const Decisions& d) {
      return KnobValue(d, FuseKnobName("conv")) == 0 && KnobValue(d, ChannelKnobName("conv")) != 1;
    });
    QVERIFY(fused_at < plain_at);
  }

  // The seeds lower to vector loads and stores at unit stride — no per-lane division,
  // no gather — and match the te oracle (a plane of 12 x 12, so that 16-pixel vectors
  // cross rows).
  void seedsLowerToContiguousVectorsAndMatchTheOracle_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void seedsLowerToContiguousVectorsAndMatchTheOracle() {
    QFETCH(QString, isa);
    auto p = Load(PointwiseScript(16, 12, 24));
    DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
    const std::vector<Decisions> seeds = FusedSeeds(space);
    QVERIFY(!seeds.empty());
    static const std::regex kRampAccess(R"((data|conv)\[ramp\([^\[\]]*?, (-?\d+), \d+\)\])");
    for (const Decisions& d : seeds) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      auto lowered = transform::LowerSchedule(valid->schedule, p.Arguments(), "llvm");
      QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
      const std::string text = lowered->timeline.back().ir;
      QVERIFY2(text.find("floordiv(ramp") == std::string::npos &&
                   text.find("floormod(ramp") == std::string::npos,
               text.c_str());
      int accesses = 0;
      for (auto it = std::sregex_iterator(text.begin(), text.end(), kRampAccess);
           it != std::sregex_iterator(); ++it, ++accesses)
        QVERIFY2((*it)[2].str() == "1", it->str().c_str());
      QVERIFY2(accesses >= 2, text.c_str());
      QCOMPARE(RunAgainstOracle(p, *valid), QString());
    }
  }

  // Bad input: a fused point with an accumulator stage, a packed operand or the channel
  // tile is not in the space, and validating one says so instead of scheduling it.
  void fusedPointsWithoutTheirStructureAreRefused_data() {
    QTest::addColumn<QString>("knob");
    QTest::newRow("cache_write") << QString::fromStdString(CacheWriteKnobName("conv"));
    QTest::newRow("pack") << QString::fromStdString(PackKnobName("conv", "data"));
    QTest::newRow("channel tile") << QString::fromStdString(ChannelKnobName("conv"));
  }
  void fusedPointsWithoutTheirStructureAreRefused() {
    QFETCH(QString, knob);
    auto p = Load(PointwiseScript(16, 12, 24));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const std::vector<Decisions> seeds = FusedSeeds(space);
    QVERIFY(!seeds.empty());
    Decisions d = seeds.front();
    d.values[knob.toStdString()] = {1};
    QVERIFY(!space.Satisfies(d));
    auto valid = space.Validate(d, p.Arguments());
    QVERIFY(!valid.ok());
    QVERIFY2(valid.error().message.find("do not fit the design space") != std::string::npos,
             valid.error().message.c_str());
  }
};

}  // namespace tst_tune_fused_axes

QTEST_GUILESS_MAIN(tst_tune_fused_axes::TuneFusedAxes)
#include "tst_tune_fused_axes.moc"
