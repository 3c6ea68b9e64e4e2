// A 1x1 (pointwise) convolution in the generated design space is searched as the GEMM it
// is (core/tune/ChannelTile.h): output-channel blocks x pixel tiles with the GEMM
// micro-kernel's register budget (no window: the accumulators may fill the register file
// beside their operands, AVX-512 2 x 14), and packed operands — the weights in channel
// blocks and, new, the input's rows of a reduction chunk copied into one contiguous block
// (knob <stage>.channel/pack). A 3x3 convolution keeps the 3/4 budget and has no pack
// knob (its padded input is a stage of its own, already laid out [n, h, c, w]). The
// GEMM-style seeds validate, run and match the te oracle; the pack without chunks is
// refused, by the space and by Apply, with the knob named.
#include <QtTest>

#include "TuneTestSupport.h"
#include "ir/Printer.h"
#include "schedule/Schedule.h"
#include "tune/ChannelTile.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tst_tune_pointwise {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

std::vector<Decisions> ChannelSeeds(const DesignSpace& space) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (KnobValue(d, ChannelKnobName("conv")) == 1) out.push_back(d);
  return out;
}

// vectors x columns of a channel-tile point.
int64_t Accumulators(const Decisions& d, int lanes) {
  return KnobValue(d, ChannelSplitKnobName("conv", "f")) / lanes *
         KnobValue(d, ChannelSplitKnobName("conv", "x"));
}

// The seeds with the most accumulators, in the space's order.
std::vector<Decisions> Densest(const std::vector<Decisions>& seeds, int lanes) {
  int64_t most = 0;
  for (const Decisions& d : seeds) most = std::max(most, Accumulators(d, lanes));
  std::vector<Decisions> out;
  for (const Decisions& d : seeds)
    if (Accumulators(d, lanes) == most) out.push_back(d);
  return out;
}

}  // namespace

class TunePointwise : public QObject {
  Q_OBJECT

 private slots:
  // The ResNet-50 reduce layer (256 -> 64 at 56 x 56): the channel tile, with the pack
  // knob; a 3x3 convolution has none.
  void pointwiseHasThePackKnob() {
    auto p = Load(PointwiseScript(256, 56, 64));
    for (const char* isa : {"avx2", "avx512f"}) {
      DesignSpace space = SpaceOf(p, IsaTarget(isa));
      const StageRule* rule = RuleOf(space, "conv");
      QVERIFY(rule);
      QCOMPARE(rule->channel.broadcast, std::string("data"));
      QVERIFY(!rule->channel.broadcast_computed);
      QCOMPARE(rule->channel.window, int64_t{1});
      const Knob* pack = KnobOf(space, ChannelPackKnobName("conv"));
      QVERIFY(pack);
      QCOMPARE(pack->choices, (std::vector<int64_t>{0, 1}));
      QVERIFY(!KnobOf(space, ChannelWindowKnobName("conv")));
    }
    auto conv3 = Load(kTinyConv);
    QVERIFY(!KnobOf(SpaceOf(conv3, IsaTarget("avx2")), ChannelPackKnobName("conv")));
  }

  // The GEMM-style candidates are among the seeds: the densest tile with the GEMM budget
  // (AVX-512: 2 vectors x 14 pixels = 28 accumulators, more than 3/4 of 32 registers),
  // the reduction chunked, the input packed per chunk.
  void seedsContainTheGemmCandidates_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("densest");  // accumulators of the densest seed
    QTest::newRow("avx2") << "avx2" << 8 << 12;
    QTest::newRow("avx512") << "avx512f" << 16 << 28;
  }
  void seedsContainTheGemmCandidates() {
    QFETCH(QString, isa);
    QFETCH(int, lanes);
    QFETCH(int, densest);
    auto p = Load(PointwiseScript(256, 56, 64));
    DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
    int64_t most = 0, packed = 0;
    for (const Decisions& d : ChannelSeeds(space)) {
      QVERIFY(space.Satisfies(d));
      most = std::max(most, Accumulators(d, lanes));
      if (KnobValue(d, ChannelPackKnobName("conv")) == 1) {
        ++packed;
        QVERIFY(KnobValue(d, ChannelChunkKnobName("conv")) > 0);
      }
    }
    QCOMPARE(most, int64_t{densest});
    QVERIFY(packed > 0);
  }

  // The register budget: without a window a tile may fill the file beside its operands,
  // not beyond it; with a window (3x3) the 3/4 rule stays.
  void gemmBudgetOnlyWithoutAWindow() {
    auto p = Load(PointwiseScript(64, 14, 32));
    DesignSpace space = SpaceOf(p, IsaTarget("avx512f"));
    std::vector<Decisions> seeds = ChannelSeeds(space);
    QVERIFY(!seeds.empty());
    Decisions d = seeds.front();
    d.values[ChannelSplitKnobName("conv", "f")] = {1, 32};
    d.values[ChannelSplitKnobName("conv", "x")] = {1, 14};
    d.values[ChannelOrderKnobName("conv")] = {0};
    d.values[ChannelPackKnobName("conv")] = {0};
    QVERIFY(space.Satisfies(d));  // 28 + 2 vectors + a broadcast = 31 of 32
    d.values[ChannelOrderKnobName("conv")] = {1};
    QVERIFY(!space.Satisfies(d));  // 28 + a vector + 14 broadcasts
    // The same 2 x 14 tile of a 3x3 convolution (32 filters, 14 columns) is refused.
    auto conv3 = Load(ConvScript(8, 14, 32, 1, true));
    DesignSpace space3 = SpaceOf(conv3, IsaTarget("avx512f"));
    std::vector<Decisions> seeds3 = ChannelSeeds(space3);
    QVERIFY(!seeds3.empty());
    Decisions w = seeds3.front();
    w.values[ChannelSplitKnobName("conv", "f")] = {1, 32};
    w.values[ChannelSplitKnobName("conv", "x")] = {1, 14};
    w.values[ChannelOrderKnobName("conv")] = {0};
    QVERIFY(!space3.Satisfies(w));
    w.values[ChannelSplitKnobName("conv", "x")] = {2, 7};  // 14 accumulators
    QVERIFY(space3.Satisfies(w));
  }

  // Where the packed weights' block over the whole reduction fits the 16 KiB the chunks
  // are sized for (MobileNetV2's pointwise 32 -> 192: 32 input channels), the densest tile
  // is seeded first with the whole reduction inside the column tile (no chunks: the
  // accumulators stay in registers, nothing row-wide is stored, reloaded and copied out),
  // then chunked; where it does not (ResNet-50's reduce, 256 input channels), chunked
  // only. The unchunked seed matches the te oracle.
  void wholeReductionFirstWhereItFits_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("lanes");
    QTest::newRow("avx2") << "avx2" << 8;
    QTest::newRow("avx512") << "avx512f" << 16;
  }
  void wholeReductionFirstWhereItFits() {
    QFETCH(QString, isa);
    QFETCH(int, lanes);
    const TargetInfo target = IsaTarget(isa.toStdString());
    const std::string chunk = ChannelChunkKnobName("conv");
    const std::vector<Decisions> few =
        Densest(ChannelSeeds(SpaceOf(Load(PointwiseScript(32, 28, 192)), target)), lanes);
    QVERIFY(few.size() >= 2);
    QCOMPARE(KnobValue(few.front(), chunk), int64_t{0});
    QVERIFY(KnobValue(few.front(), ChannelSplitKnobName("conv", "f")) * 32 * 4 <= 16 * 1024);
    QVERIFY(std::any_of(few.begin() + 1, few.end(),
                        [&](const Decisions& d) { return KnobValue(d, chunk) > 0; }));
    // 256 input channels: a block of 32 channels is 32 KiB over the whole reduction, so
    // the densest seed is chunked, as is every one whose block exceeds 16 KiB.
    const std::vector<Decisions> many =
        Densest(ChannelSeeds(SpaceOf(Load(PointwiseScript(256, 56, 64)), target)), lanes);
    QVERIFY(!many.empty());
    QVERIFY(KnobValue(many.front(), chunk) > 0);
    for (const Decisions& d : many)
      if (KnobValue(d, ChannelSplitKnobName("conv", "f")) * 256 * 4 > 16 * 1024)
        QVERIFY(KnobValue(d, chunk) > 0);
    // The unchunked seed runs and agrees with the oracle (a smaller plane).
    auto small = Load(PointwiseScript(32, 14, 64));
    DesignSpace space = SpaceOf(small, target);
    const std::vector<Decisions> seeds = Densest(ChannelSeeds(space), lanes);
    QVERIFY(!seeds.empty());
    QCOMPARE(KnobValue(seeds.front(), chunk), int64_t{0});
    auto valid = space.Validate(seeds.front(), small.Arguments());
    QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
    QCOMPARE(RunAgainstOracle(small, *valid), QString());
  }

  // Three vectors of output channels where they divide them (192 = 8 x 24 on AVX2, 4 x 48
  // on AVX-512): the densest such tile, whose columns divide MobileNetV2's 28-column row
  // (AVX2 3 x 4, AVX-512 3 x 7) where 4 vectors leave it ragged on AVX2 (4 x 3); none
  // where they do not divide (64 channels). The seed matches the te oracle.
  void threeVectorTilesWhereTheyDivide_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("lanes");
    QTest::newRow("avx2") << "avx2" << 8;
    QTest::newRow("avx512") << "avx512f" << 16;
  }
  void threeVectorTilesWhereTheyDivide() {
    QFETCH(QString, isa);
    QFETCH(int, lanes);
    const TargetInfo target = IsaTarget(isa.toStdString());
    const std::string block = ChannelSplitKnobName("conv", "f");
    const std::string columns = ChannelSplitKnobName("conv", "x");
    auto three = [&](const std::vector<Decisions>& seeds) {
      std::vector<Decisions> out;
      for (const Decisions& d : seeds)
        if (KnobValue(d, block) == 3 * lanes &&
            Accumulators(d, lanes) >= AccumulatorsCoveringFma(target))
          out.push_back(d);
      return out;
    };
    const std::vector<Decisions> pw =
        three(ChannelSeeds(SpaceOf(Load(PointwiseScript(32, 28, 192)), target)));
    QVERIFY(!pw.empty());
    QCOMPARE(28 % KnobValue(pw.front(), columns), int64_t{0});
    QCOMPARE(KnobValue(pw.front(), ChannelChunkKnobName("conv")), int64_t{0});  // 24 KiB at most
    QVERIFY(three(ChannelSeeds(SpaceOf(Load(PointwiseScript(256, 56, 64)), target))).empty());
    auto small = Load(PointwiseScript(16, 28, 48));
    DesignSpace space = SpaceOf(small, target);
    const std::vector<Decisions> seeds = three(ChannelSeeds(space));
    QVERIFY(!seeds.empty());
    auto valid = space.Validate(seeds.front(), small.Arguments());
    QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
    QCOMPARE(RunAgainstOracle(small, *valid), QString());
  }

  // Bad input: the pack without chunks is not a point of the space, and Apply refuses it
  // naming both knobs.
  void packWithoutChunksIsRefused() {
    auto p = Load(PointwiseScript(64, 14, 32));
    DesignSpace space = SpaceOf(p, IsaTarget("avx512f"));
    Decisions d = ChannelSeeds(space).front();
    d.values[ChannelChunkKnobName("conv")] = {0};
    d.values[ChannelPackKnobName("conv")] = {1};
    QVERIFY(!space.Satisfies(d));
    QVERIFY(!space.Apply(d).ok());
    // The rule itself, given the point directly.
    auto sch = schedule::create_schedule(p.schedule->outputs);
    QVERIFY(sch.ok());
    Status st = ApplyChannelTile(*sch, *RuleOf(space, "conv"), d, IsaTarget("avx512f"));
    QVERIFY(!st.ok());
    QVERIFY2(st.error().message.find("conv.channel/pack") != std::string::npos &&
                 st.error().message.find("conv.channel/chunk") != std::string::npos,
             st.error().message.c_str());
  }

  // The packed seeds lower with the copy inside the parallel loop (a chunk x row block),
  // compile, run and agree with the te oracle — stride 1 and the strided projection.
  void packedSeedsMatchTheOracle_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    for (const char* isa : {"avx2", "avx512f"}) {
      QTest::newRow(qPrintable(QString("1x1 ") + isa))
          << QString::fromStdString(PointwiseScript(64, 14, 32)) << isa;
      QTest::newRow(qPrintable(QString("1x1 stride 2 ") + isa))
          << QString::fromStdString(PointwiseScript(32, 14, 32, 2)) << isa;
    }
  }
  void packedSeedsMatchTheOracle() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
    const std::vector<te::Tensor> args = p.Arguments();
    int ran = 0;
    for (const Decisions& seed : ChannelSeeds(space)) {
      // (Both copies: as it is, and for the strided projection also in phases, pack 2.)
      if (KnobValue(seed, ChannelPackKnobName("conv")) < 1) continue;
      auto valid = space.Validate(seed, args);
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const std::string text = ir::to_string(valid->func.body);
      // The copy is allocated inside the parallel loop: one chunk's rows, not the input.
      const size_t parallel = text.find("parallel ("), copy = text.find("allocate data.global");
      QVERIFY2(parallel != std::string::npos && copy != std::string::npos && parallel < copy,
               text.c_str());
      QCOMPARE(RunAgainstOracle(p, *valid), QString());
      ++ran;
    }
    QVERIFY(ran > 0);
  }
};

}  // namespace tst_tune_pointwise

QTEST_GUILESS_MAIN(tst_tune_pointwise::TunePointwise)
#include "tst_tune_pointwise.moc"
