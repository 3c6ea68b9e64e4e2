// A Tile stage reading a window at a column stride (core/tune/ShiftedTaps.h): the tile
// rule offers <stage>.taps where two taps lie a stride apart, each plain seed is followed
// by its twin with the taps shifted (`pragma(x, "shifted_taps")`; not a convolution's,
// whose picks are channel tiles), and the twins compile, run and agree with the te oracle
// on AVX2 and AVX-512. Not offered at stride 1, where no
// two taps are a stride apart (3 taps at stride 3; a 1x1 convolution at stride 2), and
// refused beside the phases or the channel tile, which read no strided taps.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_shifted_taps {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// A 3x3 max pooling at stride 2, NCHW, no padding.
constexpr const char* kMaxPool = R"(import tvm
from tvm import te
data = te.placeholder((1, 8, 17, 17), name="data")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
pool = te.compute((1, 8, 8, 8), lambda n, c, y, x: te.max(data[n, c, y * 2 + ry, x * 2 + rx], axis=[ry, rx]), name="pool")
s = te.create_schedule(pool.op)
)";

// A 3x3 convolution at stride 2: its channel tile broadcasts the input.
const std::string kStridedConv = ConvScript(8, 17, 16, 2, false);

bool Shifted(const Decisions& d, const std::string& stage) {
  return KnobValue(d, TapsKnobName(stage)) == 1;
}

}  // namespace

class TestTuneShiftedTaps : public QObject {
  Q_OBJECT

 private slots:
  void offeredWhereTwoTapsAreAStrideApart_data() {
    QTest::addColumn<std::string>("script");
    QTest::addColumn<std::string>("stage");
    QTest::addColumn<bool>("offered");
    QTest::newRow("depthwise 3x3, stride 2")
        << DepthwiseScript(8, 16, 2) << std::string("dw") << true;
    QTest::newRow("depthwise 5x5, stride 2")
        << DepthwiseScript(8, 16, 2, 5) << std::string("dw") << true;
    QTest::newRow("max pool 3x3, stride 2") << std::string(kMaxPool) << std::string("pool") << true;
    QTest::newRow("convolution 3x3, stride 2") << kStridedConv << std::string("conv") << true;
    QTest::newRow("depthwise 3x3, stride 1")
        << DepthwiseScript(8, 16, 1) << std::string("dw") << false;
    QTest::newRow("depthwise 3x3, stride 3")
        << DepthwiseScript(8, 16, 3) << std::string("dw") << false;
    QTest::newRow("1x1 convolution, stride 2")
        << PointwiseScript(8, 16, 16, 2) << std::string("conv") << false;
  }
  void offeredWhereTwoTapsAreAStrideApart() {
    QFETCH(std::string, script);
    QFETCH(std::string, stage);
    QFETCH(bool, offered);
    auto p = Load(script);
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const StageRule* rule = RuleOf(space, stage);
    QVERIFY(rule);
    QCOMPARE(rule->shiftable_taps, offered);
    const Knob* knob = KnobOf(space, TapsKnobName(stage));
    QCOMPARE(knob != nullptr, offered);
    if (knob) QCOMPARE(knob->choices, (std::vector<int64_t>{0, 1}));
  }

  // Each plain seed is followed by its twin with the taps shifted; with the phases or the
  // channel tile on, shifted taps are refused.
  void seedsComeInTwinsAndOnlyThePlainTileShifts() {
    auto p = Load(DepthwiseScript(16, 19, 2));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const std::vector<Decisions> seeds = space.Seeds();
    int twins = 0;
    for (size_t i = 0; i + 1 < seeds.size(); ++i) {
      if (Shifted(seeds[i], "dw") || !Shifted(seeds[i + 1], "dw")) continue;
      Decisions plain = seeds[i + 1];
      plain.values[TapsKnobName("dw")] = {0};
      QCOMPARE(plain.values, seeds[i].values);
      ++twins;
    }
    QVERIFY(twins >= 2);
    // A seed with the phases, and one with the channel tile: valid, but not shifted.
    bool phases = false, channel = false;
    for (const Decisions& seed : seeds) {
      const bool in_phases = KnobValue(seed, PhasesKnobName("dw")) == 1;
      const bool in_channels = KnobValue(seed, ChannelKnobName("dw")) == 1;
      if ((!in_phases || phases) && (!in_channels || channel)) continue;
      QVERIFY(space.Validate(seed, p.Arguments()).ok());
      Decisions d = seed;
      d.values[TapsKnobName("dw")] = {1};
      QVERIFY2(!space.Validate(d, p.Arguments()).ok(), DesignSpace::Describe(d).c_str());
      phases = phases || in_phases;
      channel = channel || in_channels;
    }
    QVERIFY(phases && channel);
  }

  // A convolution's seeds are not twinned: its picks are channel tiles.
  void aConvolutionsSeedsAreNotTwinned() {
    auto p = Load(kStridedConv);
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    QVERIFY(KnobOf(space, TapsKnobName("conv")));
    for (const Decisions& seed : space.Seeds()) QVERIFY(!Shifted(seed, "conv"));
  }

  void shiftedSeedsMatchTheOracle_data() {
    QTest::addColumn<std::string>("isa");
    QTest::addColumn<int>("window");
    QTest::newRow("avx2, 3x3") << std::string("avx2") << 3;
    QTest::newRow("avx512, 3x3") << std::string("avx512f") << 3;
    QTest::newRow("avx2, 5x5") << std::string("avx2") << 5;
  }
  void shiftedSeedsMatchTheOracle() {
    QFETCH(std::string, isa);
    QFETCH(int, window);
    auto p = Load(DepthwiseScript(16, 19, 2, window));
    DesignSpace space = SpaceOf(p, IsaTarget(isa));
    int shifted = 0;
    for (const Decisions& d : space.Seeds()) {
      if (!Shifted(d, "dw")) continue;
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString script = QString::fromStdString(CandidateScript(p, valid->schedule));
      QVERIFY2(script.contains("\"shifted_taps\")"), qPrintable(script));
      const QString failure = RunAgainstOracle(p, *valid, "shifted_" + std::to_string(shifted));
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      if (++shifted == 2) break;
    }
    QVERIFY(shifted > 0);
  }
};

}  // namespace tst_tune_shifted_taps

QTEST_APPLESS_MAIN(tst_tune_shifted_taps::TestTuneShiftedTaps)
#include "tst_tune_shifted_taps.moc"
