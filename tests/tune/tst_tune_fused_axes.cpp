// A stage whose two innermost axes every operand reads as its last two indices (a 1x1
// convolution in NCHW: data[n, rc, y, x]) may be tiled with them fused (core/tune/
// FusedAxes.h, knob <stage>.fuse): the GEMM's N is the whole plane, its vectors run across
// rows without a ragged row end and load and store at unit stride. An operand read at
// strides (data[n, rc, 2y, 2x]) is copied once in phases so that it flattens the same way.
// The knob is offered only where the flattened index is contiguous (not through a padded
// window, not for a GEMM's rows, not for an input wider than the output); a fused point
// with an accumulator stage, a packed copy or the channel tile is not in the space; the
// seeds lower to plain vector accesses and match the te oracle.
#include <QtTest>
#include <optional>
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

// A 1x1 convolution (16 -> 24 channels, 7 x 7 out of a 16-row input) reading
// data[n, rc, <row>, <column>].
std::string Offset(const std::string& row, const std::string& column) {
  const std::string width = column == "x" ? "7" : "14";
  return "import tvm\nfrom tvm import te\n"
         "data = te.placeholder((1, 16, 16, " +
         width +
         "), name=\"data\")\n"
         "kernel = te.placeholder((24, 16, 1, 1), name=\"kernel\")\n"
         "rc = te.reduce_axis((0, 16), name=\"rc\")\n"
         "conv = te.compute((1, 24, 7, 7), lambda n, f, y, x: te.sum(data[n, rc, " +
         row + ", " + column +
         "] * kernel[f, rc, 0, 0], axis=rc), name=\"conv\")\n"
         "s = te.create_schedule(conv.op)\n";
}

std::vector<Decisions> FusedSeeds(const DesignSpace& space) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (KnobValue(d, FuseKnobName("conv")) == 1) out.push_back(d);
  return out;
}

// A seed lowered, its accesses checked: no per-lane division, every access `access`
// matches a unit-stride ramp, at least `least` of them. `failure` says what is wrong.
struct Lowered {
  std::optional<ValidCandidate> valid;
  std::string text;
  QString failure;
};

Lowered LowerContiguous(const DesignSpace& space, const script::ScriptProgram& p,
                        const Decisions& d, const std::regex& access, int least) {
  Lowered out;
  auto valid = space.Validate(d, p.Arguments());
  if (!valid) return {{}, {}, QString::fromStdString(valid.error().message)};
  auto lowered = transform::LowerSchedule(valid->schedule, p.Arguments(), "llvm");
  if (!lowered) return {{}, {}, QString::fromStdString(lowered.error().message)};
  out.valid = std::move(*valid);
  out.text = lowered->timeline.back().ir;
  const std::string& text = out.text;
  if (text.find("floordiv(ramp") != std::string::npos ||
      text.find("floormod(ramp") != std::string::npos)
    out.failure = QString::fromStdString("a per-lane division:\n" + text);
  int accesses = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), access);
       it != std::sregex_iterator() && out.failure.isEmpty(); ++it, ++accesses)
    if ((*it)[2].str() != "1")
      out.failure = QString::fromStdString("not unit stride: " + it->str());
  if (out.failure.isEmpty() && accesses < least)
    out.failure = QString::fromStdString("too few vector accesses:\n" + text);
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

  // Not where the flat index is not the fused axis: a padded window (pad[.., y + ry,
  // x + rx], a stage of its own), rows of a GEMM (A[i, k] uses i without j), an input
  // wider than the output's rows, read in place or through a copy, an offset a copy's
  // phase cannot absorb (2y + 2), one tensor read both in place and at a stride.
  void notOfferedElsewhere_data() {
    QTest::addColumn<QString>("script");
    QTest::newRow("3x3 window") << QString::fromStdString(kTinyConv);
    QTest::newRow("gemm") << QString::fromStdString(GemmScript(64, 64, 64));
    QTest::newRow("wider input") << QString::fromStdString(PointwiseScript(16, 28, 32, 1, 32));
    QTest::newRow("wider strided input")
        << QString::fromStdString(PointwiseScript(16, 28, 32, 2, 32));
    QTest::newRow("offset of a whole stride") << QString::fromStdString(Offset("2 * y + 2", "x"));
    QTest::newRow("in place and strided") << QString(R"(import tvm
from tvm import te
data = te.placeholder((1, 8, 14, 14), name="data")
out = te.compute((1, 8, 7, 7), lambda n, c, y, x: data[n, c, y, x] + data[n, c, 2 * y, 2 * x], name="out")
s = te.create_schedule(out.op)
)");
  }
  void notOfferedElsewhere() {
    QFETCH(QString, script);
    DesignSpace space = SpaceOf(Load(script.toStdString()), IsaTarget("avx2"));
    for (const StageRule& r : space.rules()) {
      QVERIFY(r.fused_axes.empty());
      QVERIFY(!KnobOf(space, FuseKnobName(r.stage)));
    }
  }

  // A strided read (a strided 1x1 convolution's data[.., 2y, 2x]) is copied once, in the
  // phases of its strided dimensions, storing only the phase read: the copy's last
  // dimension is the output's width, so the plane flattens as an in-place operand's does.
  // The seeds store the copy at unit stride, read it at unit stride across rows, and
  // match the te oracle: strides 2 and 3, an odd input size, an offset within the stride,
  // a stride along the rows only.
  void stridedReadsAreCopiedInPhases_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("row_stride");
    QTest::addColumn<int>("column_stride");
    QTest::addColumn<int>("row_phase");
    QTest::addColumn<int>("column_phase");
    for (const char* isa : {"avx2", "avx512f"}) {
      const QString tag = QString(" ") + isa;
      QTest::newRow(qPrintable("stride 2" + tag))
          << QString::fromStdString(PointwiseScript(16, 28, 24, 2)) << isa << 2 << 2 << 0 << 0;
      QTest::newRow(qPrintable("odd phases" + tag))
          << QString::fromStdString(Offset("2 * y + 1", "2 * x + 1")) << isa << 2 << 2 << 1 << 1;
    }
    QTest::newRow("stride 2, 27 wide avx2")
        << QString::fromStdString(PointwiseScript(16, 27, 24, 2)) << "avx2" << 2 << 2 << 0 << 0;
    QTest::newRow("stride 3 avx2")
        << QString::fromStdString(PointwiseScript(16, 28, 24, 3)) << "avx2" << 3 << 3 << 0 << 0;
    QTest::newRow("rows only avx2")
        << QString::fromStdString(Offset("2 * y", "x")) << "avx2" << 2 << 1 << 0 << 0;
  }
  void stridedReadsAreCopiedInPhases() {
    QFETCH(QString, script);
    QFETCH(QString, isa);
    QFETCH(int, row_stride);
    QFETCH(int, column_stride);
    QFETCH(int, row_phase);
    QFETCH(int, column_phase);
    auto p = Load(script.toStdString());
    DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
    const StageRule* rule = RuleOf(space, "conv");
    QVERIFY(rule);
    QCOMPARE(rule->fused_axes, (std::vector<std::string>{"y", "x"}));
    QCOMPARE(rule->fused_copies.size(), size_t{1});
    const FusedCopy& copy = rule->fused_copies.front();
    QCOMPARE(copy.tensor, std::string("data"));
    std::vector<PhasedDim> dims;
    if (row_stride > 1) dims.push_back({2, row_stride, {row_phase}});
    if (column_stride > 1) dims.push_back({3, column_stride, {column_phase}});
    QVERIFY(copy.dims == dims);
    const std::vector<Decisions> seeds = FusedSeeds(space);
    QVERIFY(!seeds.empty());
    static const std::regex kPlaneAccess(
        R"((data\.global|conv)\[ramp\([^\[\]]*?, (-?\d+), \d+\)\])");
    for (const Decisions& d : seeds) {
      const Lowered l = LowerContiguous(space, p, d, kPlaneAccess, 3);
      QCOMPARE(l.failure, QString());
      const std::string& text = l.text;
      // The copy stores a row as one vector.
      const size_t copy_at = text.find("produce data.global"), conv_at = text.find("produce conv");
      QVERIFY2(copy_at < conv_at, text.c_str());
      QVERIFY2(
          text.substr(copy_at, conv_at - copy_at).find("data.global[ramp(") != std::string::npos,
          text.c_str());
      // The first seeds run (the copy is the seeds' shared part; each run compiles).
      if (&d - seeds.data() < 2) QCOMPARE(RunAgainstOracle(p, *l.valid), QString());
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
      const Lowered l = LowerContiguous(space, p, d, kRampAccess, 2);
      QCOMPARE(l.failure, QString());
      QCOMPARE(RunAgainstOracle(p, *l.valid), QString());
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
