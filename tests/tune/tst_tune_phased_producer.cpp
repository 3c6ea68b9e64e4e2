// A Tile stage reading an element-wise producer at a column stride (a strided depthwise
// convolution's padding, core/tune/PhasedProducer.h): the tile rule finds it, offers
// <stage>.phases, and its phase seeds compute the producer per channel in s phases,
// [w % s, ..., w // s], so the tile reads unit-stride vectors. Checked: where it is
// offered and where not (stride 1; a convolution whose output channels the input does
// not depend on), the refusal of phases with the producer inlined, and the phase seeds
// compiled, run and compared with the te oracle for strides 2 and 3, AVX2 and AVX-512.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_phased_producer {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

std::string Depthwise(int c, int in, int s) { return DepthwiseScript(c, in, s); }

// A convolution with stride 2: its output channels f do not index the padded input.
const std::string kStridedConv = ConvScript(4, 16, 16, 2, true);

bool PhasesChosen(const Decisions& d) {
  auto it = d.values.find(PhasesKnobName("dw"));
  return it != d.values.end() && it->second[0] == 1;
}

}  // namespace

class TestTunePhasedProducer : public QObject {
  Q_OBJECT

 private slots:
  void theStridedProducerIsFound() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto p = Load(Depthwise(8, 16, 2));
    DesignSpace space = SpaceOf(p, target);
    const StageRule* rule = RuleOf(space, "dw");
    QVERIFY(rule);
    QCOMPARE(rule->phased.producer, std::string("pad"));
    QCOMPARE(rule->phased.stride.stride, int64_t{2});
    QCOMPARE(rule->phased.stride.dim, size_t{3});
    QCOMPARE(rule->phased.stride.phases, (std::vector<int64_t>{0, 1}));
    QCOMPARE(rule->phased.attach_axis, size_t{1});  // c: one channel's plane at a time
    const Knob* knob = KnobOf(space, PhasesKnobName("dw"));
    QVERIFY(knob);
    QCOMPARE(knob->choices, (std::vector<int64_t>{0, 1}));
  }

  void notOfferedAtStrideOneOrWhereAnAxisDoesNotMoveTheProducer() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto unit = Load(Depthwise(8, 16, 1));
    DesignSpace unit_space = SpaceOf(unit, target);
    QVERIFY(!RuleOf(unit_space, "dw")->phased.defined());
    QVERIFY(!KnobOf(unit_space, PhasesKnobName("dw")));
    auto conv = Load(kStridedConv);
    DesignSpace conv_space = SpaceOf(conv, target);
    QVERIFY(!RuleOf(conv_space, "conv")->phased.defined());
    QVERIFY(!KnobOf(conv_space, PhasesKnobName("conv")));
  }

  // The phases need the producer as a stage: with it inlined the point is refused.
  void phasesWithTheProducerInlinedAreRefused() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto p = Load(Depthwise(8, 16, 2));
    DesignSpace space = SpaceOf(p, target);
    for (const Decisions& seed : space.Seeds()) {
      if (!PhasesChosen(seed)) continue;
      QVERIFY(space.Validate(seed, p.Arguments()).ok());
      Decisions d = seed;
      d.values[InlineKnobName("pad")] = {1};
      QVERIFY(!space.Validate(d, p.Arguments()).ok());
      return;
    }
    QFAIL("no seed computes the producer in phases");
  }

  void phaseSeedsMatchTheOracle_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("stride");
    QTest::newRow("avx2, stride 2") << "avx2" << 2;
    QTest::newRow("avx512, stride 2") << "avx512f" << 2;
    QTest::newRow("avx2, stride 3") << "avx2" << 3;
  }
  void phaseSeedsMatchTheOracle() {
    QFETCH(QString, isa);
    QFETCH(int, stride);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(Depthwise(16, 19, stride));
    DesignSpace space = SpaceOf(p, target);
    int phased = 0;
    for (const Decisions& d : space.Seeds()) {
      if (!PhasesChosen(d)) continue;
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString script = QString::fromStdString(CandidateScript(p, valid->schedule));
      QVERIFY2(script.contains("s[pad].transform_layout") && script.contains("s[pad].compute_at"),
               qPrintable(script));
      // The phase's columns (21 padded / s) vectorized where they fill a vector.
      QCOMPARE(script.contains("s[pad].vectorize"),
               (21 + stride - 1) / stride >= target.vector_lanes);
      const QString failure = RunAgainstOracle(p, *valid, "phases_" + std::to_string(phased));
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      if (++phased == 3) break;
    }
    QVERIFY(phased > 0);
  }
};

}  // namespace tst_tune_phased_producer

QTEST_APPLESS_MAIN(tst_tune_phased_producer::TestTunePhasedProducer)
#include "tst_tune_phased_producer.moc"
