// A depthwise convolution as a channel tile (core/tune/DepthwiseTile.h): the channel-tile
// rule takes a stage whose input and weights are both indexed by the channel, packs the
// input (read through its inlined padding) and the weights in blocks of the channel tile
// and vectorizes along the channels. Checked: where it is offered and where not (an
// ordinary convolution, a batched matmul whose batch indexes both operands), its knobs,
// the refusal of a padding that is not inlined, and its seeds compiled, run and compared
// with the te oracle for strides 1, 2 and 3, with and without padding, on AVX2 and
// AVX-512 vector widths, with the input packed at the root and per block; and the plain
// NCHW row tile's seeds (core/tune/TileRule.cpp): one-vector columns and lean rows, and
// one tile of columns a step without rows (not a convolution's).
#include <QtTest>
#include <optional>
#include <regex>

#include "TuneTestSupport.h"
#include "transform/LowerSchedule.h"
#include "tune/ChannelTile.h"
#include "tune/DesignSpace.h"
#include "tune/Knob.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_depthwise_tile {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// A depthwise 3x3 convolution of `c` channels of `in` x `in`, stride `s`, padding 1 (a
// stage `pad`) or none (the input read directly).
std::string Depthwise(int c, int in, int s, bool padded = true) {
  const int width = padded ? in + 2 : in, out = (width - 3) / s + 1;
  const std::string cs = std::to_string(c), ins = std::to_string(in), ws = std::to_string(width),
                    os = std::to_string(out), ss = std::to_string(s), last = std::to_string(in + 1);
  std::string src =
      "import tvm\nfrom tvm import te\n"
      "data = te.placeholder((1, " +
      cs + ", " + ins + ", " + ins +
      "), name=\"data\")\n"
      "kernel = te.placeholder((" +
      cs + ", 1, 3, 3), name=\"kernel\")\n";
  std::string read = "data";
  if (padded) {
    src += "pad = te.compute((1, " + cs + ", " + ws + ", " + ws +
           "), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < " + last +
           ", w >= 1, w < " + last +
           "), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n";
    read = "pad";
  }
  return src +
         "ry = te.reduce_axis((0, 3), name=\"ry\")\n"
         "rx = te.reduce_axis((0, 3), name=\"rx\")\n"
         "dw = te.compute((1, " +
         cs + ", " + os + ", " + os + "), lambda n, c, y, x: te.sum(" + read + "[n, c, y * " + ss +
         " + ry, x * " + ss +
         " + rx] * kernel[c, 0, ry, rx], axis=[ry, rx]), name=\"dw\")\n"
         "s = te.create_schedule(dw.op)\n";
}

// `depthwise` (Depthwise's script) with a ReLU epilogue, the program's output "out".
std::string WithRelu(std::string depthwise) {
  const std::string schedule = "s = te.create_schedule(dw.op)\n";
  return depthwise.replace(depthwise.find(schedule), schedule.size(),
                           "out = te.compute(dw.shape, lambda n, c, y, x: te.max(dw[n, c, y, x], "
                           "tvm.tir.const(0.0, \"float32\")), name=\"out\")\n"
                           "s = te.create_schedule(out.op)\n");
}

// Q K^T with K[b, j, d]: the batch indexes both operands, but d is the reduction's alone.
constexpr const char* kBatchedScores = R"(import tvm
from tvm import te
Q = te.placeholder((16, 24, 32), name="Q")
K = te.placeholder((16, 24, 32), name="K")
d = te.reduce_axis((0, 32), name="d")
S = te.compute((16, 24, 24), lambda b, i, j: te.sum(Q[b, i, d] * K[b, j, d], axis=d), name="S")
s = te.create_schedule(S.op)
)";

std::vector<Decisions> DepthwiseSeeds(const DesignSpace& space) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (KnobValue(d, ChannelKnobName("dw")) == 1) out.push_back(d);
  return out;
}

// The first seed of the NCHW row tile (not the channel tile) of `rows` of y by `cols` of
// x, its register tile in an accumulator stage.
std::optional<Decisions> RowTileSeed(const DesignSpace& space, int64_t rows, int64_t cols) {
  for (const Decisions& d : space.Seeds())
    if (KnobValue(d, ChannelKnobName("dw")) != 1 && KnobValue(d, TileKnobName("dw", "y")) == rows &&
        KnobValue(d, TileKnobName("dw", "x")) == cols &&
        KnobValue(d, CacheWriteKnobName("dw")) == 1)
      return d;
  return std::nullopt;
}

// The plain tile's seeds (not the channel tile's) of one tile of columns a step: no
// register rows on the outer axes, no accumulator stage, every reduction axis whole.
std::vector<Decisions> OneTileAStepSeeds(const DesignSpace& space, const std::string& stage,
                                         const std::vector<std::string>& outer,
                                         const std::vector<std::string>& reduce) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds()) {
    if (KnobValue(d, ChannelKnobName(stage)) == 1 || KnobValue(d, CacheWriteKnobName(stage)) == 1)
      continue;
    bool match = KnobValue(d, UnrollKnobName(stage)) == 2;
    for (const std::string& axis : outer)
      match = match && KnobValue(d, TileKnobName(stage, axis)) == 1;
    for (const std::string& axis : reduce) {
      auto it = d.values.find(TileKnobName(stage, axis));
      match = match && it != d.values.end() && it->second.size() == 2 && it->second.front() == 1;
    }
    if (match) out.push_back(d);
  }
  return out;
}

// Empty when `d` is valid and its kernel matches the te oracle; else why not.
QString SeedFailure(const script::ScriptProgram& p, const DesignSpace& space, const Decisions& d,
                    const std::string& id) {
  auto valid = space.Validate(d, p.Arguments());
  if (!valid.ok()) return QString::fromStdString(valid.error().message);
  return RunAgainstOracle(p, *valid, id);
}

}  // namespace

class TestTuneDepthwiseTile : public QObject {
  Q_OBJECT

 private slots:
  void theDepthwiseOperandIsFound() {
    auto p = Load(Depthwise(16, 19, 2));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const StageRule* rule = RuleOf(space, "dw");
    QVERIFY(rule);
    const ChannelAxis& c = rule->channel;
    QVERIFY(c.depthwise);
    QCOMPARE(c.axis, std::string("c"));
    QCOMPARE(c.packed, std::string("kernel"));
    QCOMPARE(c.packed_dim, size_t{0});
    QCOMPARE(c.broadcast, std::string("pad"));
    QCOMPARE(c.blocked, std::string("data"));
    QCOMPARE(c.blocked_dim, size_t{1});
    QCOMPARE(c.window, int64_t{9});  // ry x rx: no chunks of a reduction
    QCOMPARE(c.chunk_extent, int64_t{0});
    const Knob* blocked = KnobOf(space, ChannelBlockedKnobName("dw"));
    QVERIFY(blocked);
    QCOMPARE(blocked->choices, (std::vector<int64_t>{0, 1}));
    QVERIFY(KnobOf(space, ChannelWindowKnobName("dw")));
    QVERIFY(!KnobOf(space, ChannelChunkKnobName("dw")));
    QVERIFY(!KnobOf(space, ChannelRowsKnobName("dw")));
    // Without padding the input itself is read in blocks.
    auto bare = Load(Depthwise(16, 19, 1, false));
    DesignSpace bare_space = SpaceOf(bare, IsaTarget("avx2"));
    const ChannelAxis& b = RuleOf(bare_space, "dw")->channel;
    QVERIFY(b.depthwise);
    QCOMPARE(b.broadcast, std::string("data"));
    QCOMPARE(b.blocked, std::string("data"));
  }

  void notOfferedWhereAnOperandIsBroadcastOrTheReductionIsNoWindow() {
    // An ordinary convolution: the input is broadcast along the output channels.
    auto conv = Load(kTinyConv);
    DesignSpace conv_space = SpaceOf(conv, IsaTarget("avx2"));
    QVERIFY(RuleOf(conv_space, "conv")->channel.defined());
    QVERIFY(!RuleOf(conv_space, "conv")->channel.depthwise);
    QVERIFY(!KnobOf(conv_space, ChannelBlockedKnobName("conv")));
    // A batched Q K^T whose batch is a multiple of the vector: the rows of i, not the batch.
    auto scores = Load(kBatchedScores);
    DesignSpace scores_space = SpaceOf(scores, IsaTarget("avx2"));
    const ChannelAxis& s = RuleOf(scores_space, "S")->channel;
    QVERIFY(!s.depthwise);
    QVERIFY(!KnobOf(scores_space, ChannelBlockedKnobName("S")));
    // Fewer channels than a vector: no channel tile at all.
    auto narrow = Load(Depthwise(4, 19, 2));
    QVERIFY(!RuleOf(SpaceOf(narrow, IsaTarget("avx2")), "dw")->channel.defined());
  }

  // The padding's guard runs per pixel in the tile: kept as a stage, the point is refused.
  void aPaddingNotInlinedIsRefused() {
    auto p = Load(Depthwise(16, 19, 2));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const std::vector<Decisions> seeds = DepthwiseSeeds(space);
    QVERIFY(!seeds.empty());
    QVERIFY(space.Validate(seeds.front(), p.Arguments()).ok());
    Decisions d = seeds.front();
    d.values[InlineKnobName("pad")] = {0};
    QVERIFY(!space.Validate(d, p.Arguments()).ok());
  }

  // The seeds: one and two vectors, the most columns the register budget leaves, the
  // input packed per block first.
  void theSeedsFillTheRegisters() {
    auto p = Load(Depthwise(144, 56, 2));
    for (const auto& [isa, lanes, columns] :
         {std::tuple{"avx2", 8, int64_t{7}}, std::tuple{"avx512f", 16, int64_t{14}}}) {
      DesignSpace space = SpaceOf(p, IsaTarget(isa));
      const std::vector<Decisions> seeds = DepthwiseSeeds(space);
      QVERIFY(seeds.size() >= 2);
      QCOMPARE(KnobValue(seeds[0], ChannelSplitKnobName("dw", "c")), int64_t{lanes});
      QCOMPARE(KnobValue(seeds[0], ChannelSplitKnobName("dw", "x")), columns);
      QCOMPARE(KnobValue(seeds[0], ChannelBlockedKnobName("dw")), int64_t{1});
      QCOMPARE(KnobValue(seeds[1], ChannelBlockedKnobName("dw")), int64_t{0});
      QCOMPARE(KnobValue(seeds[0], InlineKnobName("pad")), int64_t{1});
      // The depthwise seeds come before the plain tile's.
      QCOMPARE(KnobValue(space.Seeds().front(), ChannelKnobName("dw")), int64_t{1});
    }
  }

  // At stride 2 every load of the packed input is a whole vector at unit stride (the
  // stride moves the pixel's address only), where the NCHW tile loads every second column.
  void theTileReadsUnitStrideVectorsAtStrideTwo() {
    auto p = Load(Depthwise(16, 19, 2));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const std::vector<Decisions> seeds = DepthwiseSeeds(space);
    QVERIFY(!seeds.empty());
    auto valid = space.Validate(seeds.front(), p.Arguments());
    QVERIFY(valid.ok());
    auto lowered = transform::LowerSchedule(valid->schedule, p.Arguments(), "llvm");
    QVERIFY(lowered.ok());
    const std::string text = lowered->timeline.back().ir;
    static const std::regex kLoad(R"(data\.global\[ramp\([^\[\]]*?, (-?\d+), (\d+)\)\])");
    int loads = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), kLoad);
         it != std::sregex_iterator(); ++it, ++loads) {
      QVERIFY2((*it)[1].str() == "1" && (*it)[2].str() == "8", it->str().c_str());
    }
    QVERIFY2(loads > 9, text.c_str());  // the copy's stores and the tile's 9 taps at least
  }

  // The NCHW row tile of a 56-column plane on AVX-512: its columns in tiles of one vector
  // (3 of 16 and a peeled half vector; 56 is no multiple of 16 and was vectorized whole,
  // 3.5 registers), and a seed with about as many rows of y as cover the FMA latency
  // with one accumulator each (the largest divisor at most that), not only the most the
  // registers hold; it runs and matches the te oracle.
  void theRowTileOfAPlaneHasOneVectorColumnsAndLeanRows() {
    auto p = Load(Depthwise(4, 56, 1));
    const TargetInfo target = IsaTarget("avx512f");
    DesignSpace space = SpaceOf(p, target);
    const int64_t lean = LargestDivisorAtMost(56, AccumulatorsCoveringFma(target));
    int64_t most_rows = 0;
    for (const Decisions& d : space.Seeds())
      if (KnobValue(d, ChannelKnobName("dw")) != 1 && KnobValue(d, TileKnobName("dw", "x")) == 16)
        most_rows = std::max(most_rows, KnobValue(d, TileKnobName("dw", "y")));
    const std::optional<Decisions> seed = RowTileSeed(space, lean, 16);
    QVERIFY2(seed, ("no seed of 16 columns and " + std::to_string(lean) + " rows").c_str());
    QVERIFY(most_rows > lean);  // the tile ranked first keeps its rows
    const QString failure = SeedFailure(p, space, *seed, "depthwise_rows");
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }

  // At stride 2 the 28-column plane's 14-column divisor (no peeled tile of strided
  // columns) is a tile of its own in the ranking; it gets lean rows too, not only the
  // 16-column tile ranked first.
  void everyTileWhoseRowsShareNothingAlsoHasLeanRows() {
    auto p = Load(Depthwise(4, 56, 2));
    const TargetInfo target = IsaTarget("avx512f");
    DesignSpace space = SpaceOf(p, target);
    const int64_t lean = LargestDivisorAtMost(28, AccumulatorsCoveringFma(target));
    QVERIFY2(RowTileSeed(space, lean, 16), "no seed of 16 columns and lean rows");
    const std::optional<Decisions> seed = RowTileSeed(space, lean, 14);
    QVERIFY2(seed, ("no seed of 14 columns and " + std::to_string(lean) + " rows").c_str());
    const QString failure = SeedFailure(p, space, *seed, "depthwise_lean_divisor");
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }

  // A window whose register rows would share no load (a depthwise one) has seeds of one
  // tile of columns a step, one per column count of the register tiles: no rows, no
  // accumulator stage, the window whole and unrolled around the tile, the channels
  // parallel, each twinned with its taps shifted where the window is strided (and with
  // the padding in phases); one vector's among them; they run and match the te oracle.
  void aWindowHasSeedsOfOneTileAStep_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("stride");
    QTest::newRow("avx2, stride 1") << "avx2" << 1;
    QTest::newRow("avx2, stride 2") << "avx2" << 2;
    QTest::newRow("avx512, stride 2") << "avx512f" << 2;
  }
  void aWindowHasSeedsOfOneTileAStep() {
    QFETCH(QString, isa);
    QFETCH(int, stride);
    auto p = Load(Depthwise(8, 54, stride));
    const TargetInfo target = IsaTarget(isa.toStdString());
    DesignSpace space = SpaceOf(p, target);
    const std::vector<Decisions> seeds =
        OneTileAStepSeeds(space, "dw", {"n", "c", "y"}, {"ry", "rx"});
    QVERIFY(!seeds.empty());
    bool one_vector = false;
    int plain = 0, shifted = 0;
    for (const Decisions& d : seeds) {
      QCOMPARE(d.values.at(TileKnobName("dw", "c")).front(), int64_t{8});  // parallel
      QCOMPARE(d.values.at(TileKnobName("dw", "ry")).back(), int64_t{3});
      one_vector = one_vector || KnobValue(d, TileKnobName("dw", "x")) == target.vector_lanes;
      shifted += KnobValue(d, TapsKnobName("dw")) == 1 ? 1 : 0;
      plain += KnobValue(d, TapsKnobName("dw")) != 1 && KnobValue(d, PhasesKnobName("dw")) != 1;
      const QString failure = SeedFailure(p, space, d, "depthwise_one_tile");
      QVERIFY2(failure.isEmpty(),
               qPrintable(failure + "\n" + QString::fromStdString(DesignSpace::Describe(d))));
    }
    QVERIFY(one_vector);
    QCOMPARE(shifted, stride == 2 ? plain : 0);
  }

  // Rows of a convolution's output channels share the input's vectors: no seed without
  // rows there, though its reduction (2 channels of a 3 x 3 window) is as small.
  void aConvolutionHasNoSeedOfOneTileAStep() {
    auto p = Load(ConvScript(2, 18, 16, 1, false));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    QVERIFY(!space.Seeds().empty());
    QVERIFY(OneTileAStepSeeds(space, "conv", {"n", "f", "y"}, {"rc", "ry", "rx"}).empty());
  }

  void seedsMatchTheOracle_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("stride");
    QTest::addColumn<bool>("padded");
    QTest::newRow("avx2, stride 1") << "avx2" << 1 << true;
    QTest::newRow("avx2, stride 2") << "avx2" << 2 << true;
    QTest::newRow("avx2, stride 3") << "avx2" << 3 << true;
    QTest::newRow("avx2, stride 2, no padding") << "avx2" << 2 << false;
    QTest::newRow("avx512, stride 1") << "avx512f" << 1 << true;
    QTest::newRow("avx512, stride 2") << "avx512f" << 2 << true;
  }
  void seedsMatchTheOracle() {
    QFETCH(QString, isa);
    QFETCH(int, stride);
    QFETCH(bool, padded);
    // 32 channels: two blocks of 16 lanes, four of 8; 19 columns: a ragged column tile.
    auto p = Load(Depthwise(32, 19, stride, padded));
    const TargetInfo target = IsaTarget(isa.toStdString());
    DesignSpace space = SpaceOf(p, target);
    int checked = 0, per_block = 0;
    for (const Decisions& d : DepthwiseSeeds(space)) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString script = QString::fromStdString(CandidateScript(p, valid->schedule));
      // The input and the weights packed with the channels innermost, the input at the
      // parallel loop when the knob says so.
      QVERIFY2(script.contains("s.cache_read(data") && script.contains("s.cache_read(kernel"),
               qPrintable(script));
      const bool at_block = KnobValue(d, ChannelBlockedKnobName("dw")) == 1;
      QCOMPARE(script.contains("s[data_global].compute_at"), at_block);
      const QString failure = RunAgainstOracle(p, *valid, "depthwise_" + std::to_string(checked));
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      ++checked;
      per_block += at_block ? 1 : 0;
    }
    // 1 and 2 vectors, each packed per block and at the root; not per block where one block
    // (2 x 16 channels) would leave a core idle.
    QCOMPARE(checked, isa == "avx2" ? 4 : 3);
    QCOMPARE(per_block, isa == "avx2" ? 2 : 1);
  }

  // With the inputs handed in blocks (TargetInfo::blocked.inputs) the input and the
  // weights are laid out in place of their copies; the kernels still match the oracle,
  // which fills and compares them in those layouts.
  void blockedInputsAreLaidOutNotCopied_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("stride");
    QTest::addColumn<bool>("padded");
    QTest::newRow("avx2, stride 2") << "avx2" << 2 << true;
    QTest::newRow("avx2, stride 1, no padding") << "avx2" << 1 << false;
    QTest::newRow("avx512, stride 2") << "avx512f" << 2 << true;
  }
  void blockedInputsAreLaidOutNotCopied() {
    QFETCH(QString, isa);
    QFETCH(int, stride);
    QFETCH(bool, padded);
    auto p = Load(Depthwise(32, 19, stride, padded));
    TargetInfo target = IsaTarget(isa.toStdString());
    target.blocked.inputs = true;
    DesignSpace space = SpaceOf(p, target);
    int checked = 0;
    for (const Decisions& d : DepthwiseSeeds(space)) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString script = QString::fromStdString(CandidateScript(p, valid->schedule));
      QVERIFY2(!script.contains("cache_read"), qPrintable(script));
      const QString lanes = QString::number(KnobValue(d, ChannelSplitKnobName("dw", "c")));
      // As oneDNN's blocked depthwise primitive is handed them: nChw8c / nChw16c and
      // Goihw8g / Goihw16g, each dimension in its place, the block's channels last.
      QVERIFY2(script.contains(QString("s[data].transform_layout(lambda d0, d1, d2, d3: [d0, "
                                       "(d1 // %1), d2, d3, (d1 % %1)])")
                                   .arg(lanes)),
               qPrintable(script));
      QVERIFY2(script.contains(QString("s[kernel].transform_layout(lambda d0, d1, d2, d3: [(d0 "
                                       "// %1), d1, d2, d3, (d0 % %1)])")
                                   .arg(lanes)),
               qPrintable(script));
      const QString failure =
          RunAgainstOracle(p, *valid, "depthwise_blocked_" + std::to_string(checked));
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      ++checked;
    }
    QVERIFY(checked >= 2);
  }

  // Without them (the default) no argument is laid out anew.
  void argumentsKeepTheirLayoutsByDefault() {
    auto p = Load(Depthwise(32, 19, 2));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    QVERIFY(!space.target().blocked.any());
    for (const Decisions& d : space.Seeds()) {
      auto valid = space.Validate(d, p.Arguments());
      if (!valid.ok()) continue;
      const std::string script = CandidateScript(p, valid->schedule);
      for (const char* argument : {"data", "kernel", "dw"})
        QVERIFY2(
            script.find(std::string("s[") + argument + "].transform_layout") == std::string::npos,
            script.c_str());
    }
  }

  // With blocked outputs (TargetInfo::blocked.outputs) the output — the convolution, or
  // its element-wise epilogue — is laid out in blocks of the channel tile, [n, c // B, y,
  // x, c % B] (nChw8c / nChw16c), and its copy out of the accumulator writes each column's B
  // channels as whole vectors (its innermost loop); the inputs are still copied unless handed in
  // blocks too. The kernels match the oracle, which compares the output in that layout.
  void blockedOutputsAreWrittenInBlocks_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("stride");
    QTest::addColumn<bool>("relu");
    QTest::addColumn<bool>("inputs");
    QTest::newRow("avx2, stride 2") << "avx2" << 2 << false << false;
    QTest::newRow("avx2, stride 1, relu") << "avx2" << 1 << true << false;
    QTest::newRow("avx512, stride 2, relu, inputs too") << "avx512f" << 2 << true << true;
    QTest::newRow("avx512, stride 1") << "avx512f" << 1 << false << false;
  }
  void blockedOutputsAreWrittenInBlocks() {
    QFETCH(QString, isa);
    QFETCH(int, stride);
    QFETCH(bool, relu);
    QFETCH(bool, inputs);
    auto p = Load(relu ? WithRelu(Depthwise(32, 19, stride)) : Depthwise(32, 19, stride));
    const std::string output = relu ? "out" : "dw";
    TargetInfo target = IsaTarget(isa.toStdString());
    target.blocked.outputs = true;
    target.blocked.inputs = inputs;
    DesignSpace space = SpaceOf(p, target);
    int checked = 0;
    for (const Decisions& d : DepthwiseSeeds(space)) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const std::string script = CandidateScript(p, valid->schedule);
      const std::string block = std::to_string(KnobValue(d, ChannelSplitKnobName("dw", "c")));
      QVERIFY2(
          script.find("s[" + output + "].transform_layout(lambda d0, d1, d2, d3: [d0, (d1 // " +
                      block + "), d2, d3, (d1 % " + block + ")])") != std::string::npos,
          script.c_str());
      // The layout's last loop, c % B ([n, c // B, y, x, c % B]: axis4).
      QVERIFY2(InnermostVectorized(valid->schedule.find(output)) == "axis4", script.c_str());
      QCOMPARE(script.find("cache_read") == std::string::npos, inputs);
      const QString failure =
          RunAgainstOracle(p, *valid, "depthwise_blocked_output_" + std::to_string(checked));
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      ++checked;
    }
    QVERIFY(checked >= 2);
  }

  // With a block of the run's own smaller than the tile's channels (a caller's nChw8c,
  // Goihw8g), the input, the weights and the output are laid out in it, a tile spanning
  // several blocks; the first kernel and the first spanning one match the oracle.
  void aRunsOwnBlockIsHandedAcrossTiles_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("block");
    QTest::newRow("avx512, blocks of 8") << "avx512f" << 8;
    QTest::newRow("avx2, blocks of 4") << "avx2" << 4;
  }
  void aRunsOwnBlockIsHandedAcrossTiles() {
    QFETCH(QString, isa);
    QFETCH(int, block);
    auto p = Load(Depthwise(32, 19, 2));
    TargetInfo target = IsaTarget(isa.toStdString());
    target.blocked = {true, true, block};
    DesignSpace space = SpaceOf(p, target);
    int checked = 0, spanning = 0;
    const std::string b = std::to_string(block);
    for (const Decisions& d : DepthwiseSeeds(space)) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const std::string script = CandidateScript(p, valid->schedule);
      for (const char* argument : {"data", "dw"})
        QVERIFY2(script.find(std::string("s[") + argument +
                             "].transform_layout(lambda d0, d1, d2, d3: [d0, (d1 // " + b +
                             "), d2, d3, (d1 % " + b + ")])") != std::string::npos,
                 script.c_str());
      QVERIFY2(script.find("s[kernel].transform_layout(lambda d0, d1, d2, d3: [(d0 // " + b +
                           "), d1, d2, d3, (d0 % " + b + ")])") != std::string::npos,
               script.c_str());
      QVERIFY2(InnermostVectorized(valid->schedule.find("dw")) == "axis4", script.c_str());
      // The oracle runs the first seed and the first whose tile spans several blocks.
      const bool spans = KnobValue(d, ChannelSplitKnobName("dw", "c")) > block;
      if (checked == 0 || (spans && spanning == 0)) {
        const QString failure =
            RunAgainstOracle(p, *valid, "depthwise_own_block_" + std::to_string(checked));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
      }
      spanning += spans ? 1 : 0;
      ++checked;
    }
    QVERIFY(checked >= 2 && spanning >= 1);
  }

  // LayOutOutputInBlocks lays out the program's output alone, with blocked outputs asked
  // for, in a block that divides the dimension (the copy out transposes otherwise), and
  // names a dimension the output lacks.
  void onlyTheOutputInADividingBlockIsLaidOut() {
    auto p = Load(Depthwise(24, 19, 2));
    schedule::Schedule& sch = *p.schedule;
    TargetInfo target = IsaTarget("avx2");
    auto unasked = LayOutOutputInBlocks(sch, sch.find("dw"), 1, 8, target);
    QVERIFY(unasked.ok() && !*unasked);
    target.blocked.outputs = true;
    auto not_output = LayOutOutputInBlocks(sch, sch.find("pad"), 1, 8, target);
    QVERIFY(not_output.ok() && !*not_output);
    auto not_dividing = LayOutOutputInBlocks(sch, sch.find("dw"), 1, 16, target);
    QVERIFY(not_dividing.ok() && !*not_dividing);
    auto no_dimension = LayOutOutputInBlocks(sch, sch.find("dw"), 4, 8, target);
    QVERIFY(!no_dimension.ok());
    QCOMPARE(QString::fromStdString(no_dimension.error().message),
             QString("tune: dw has no dimension 4"));
    QVERIFY(!sch.find("dw")->layout);
    auto laid_out = LayOutOutputInBlocks(sch, sch.find("dw"), 1, 8, target);
    QVERIFY2(laid_out.ok(), laid_out.ok() ? "" : laid_out.error().message.c_str());
    QVERIFY(*laid_out && (*laid_out)->size() == 5);
    QVERIFY(sch.find("dw")->layout);
  }
};

}  // namespace tst_tune_depthwise_tile

QTEST_APPLESS_MAIN(tst_tune_depthwise_tile::TestTuneDepthwiseTile)
#include "tst_tune_depthwise_tile.moc"
