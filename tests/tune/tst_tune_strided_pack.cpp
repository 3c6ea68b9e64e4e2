// A convolution that reads its input at a column stride s > 1 (core/tune/StridedPack.h):
// the channel tile's per-chunk copy of that input may be stored in s phases
// [w % s, ..., w // s] (<stage>.channel/pack = 2), so the tile reads each phase at unit
// stride and the phases no read reaches (a 1x1 stride-2 layer's odd columns) are not
// stored. The stride and the phases come from the definition's indices; the choice exists
// only for a strided read, is refused at stride 1 and without chunks, and the phase seeds
// run and match the te oracle at stride 2 and 3, odd sizes, a window, an odd offset. A
// copy may be phased along several dimensions (the fused plane's, FusedAxes.h).
#include <QtTest>

#include "TuneTestSupport.h"
#include "schedule/Primitives.h"
#include "schedule/Schedule.h"
#include "tune/ChannelTile.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/StridedPack.h"
#include "tune/TargetInfo.h"

namespace tst_tune_strided_pack {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// NCHW convolution without padding, batch 1, `in` -> `out` channels, a size x size input,
// a k x k window at stride `stride`, reading column s * x + rx + `offset` (and the same
// rows).
std::string Strided(int in, int size, int out, int stride, int k = 1, int offset = 0) {
  const int out_size = (size - k - offset) / stride + 1;
  auto n = [](int v) { return std::to_string(v); };
  const std::string at = " * " + n(stride) + (offset ? " + " + n(offset) : std::string());
  const std::string window = k > 1 ? ", ry, rx" : "";
  std::string src = "import tvm\nfrom tvm import te\n";
  src += "data = te.placeholder((1, " + n(in) + ", " + n(size) + ", " + n(size) +
         "), name=\"data\")\n";
  src += "kernel = te.placeholder((" + n(out) + ", " + n(in) + ", " + n(k) + ", " + n(k) +
         "), name=\"kernel\")\n";
  src += "rc = te.reduce_axis((0, " + n(in) + "), name=\"rc\")\n";
  if (k > 1) {
    src += "ry = te.reduce_axis((0, " + n(k) + "), name=\"ry\")\n";
    src += "rx = te.reduce_axis((0, " + n(k) + "), name=\"rx\")\n";
  }
  const std::string y = "y" + at + (k > 1 ? " + ry" : ""), x = "x" + at + (k > 1 ? " + rx" : "");
  src += "conv = te.compute((1, " + n(out) + ", " + n(out_size) + ", " + n(out_size) +
         "), lambda n, f, y, x: te.sum(data[n, rc, " + y + ", " + x + "] * kernel[f, rc, " +
         (k > 1 ? std::string("ry, rx") : std::string("0, 0")) + "], axis=[rc" + window +
         "]), name=\"conv\")\n";
  src += "s = te.create_schedule(conv.op)\n";
  return src;
}

std::vector<Decisions> PhaseSeeds(const DesignSpace& space) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (KnobValue(d, ChannelKnobName("conv")) == 1 &&
        KnobValue(d, ChannelPackKnobName("conv")) == 2)
      out.push_back(d);
  return out;
}

// Empty when `d` is no point of `space` and the channel tile refuses it with a message
// holding every one of `words`; else what went wrong.
QString Refusal(const script::ScriptProgram& p, const DesignSpace& space, const Decisions& d,
                const std::vector<std::string>& words) {
  if (space.Satisfies(d)) return "a point of the space";
  auto sch = schedule::create_schedule(p.schedule->outputs);
  if (!sch.ok()) return QString::fromStdString(sch.error().message);
  Status st = ApplyChannelTile(*sch, *RuleOf(space, "conv"), d, IsaTarget("avx2"));
  if (st.ok()) return "applied";
  for (const std::string& w : words)
    if (st.error().message.find(w) == std::string::npos)
      return QString::fromStdString("no '" + w + "' in: " + st.error().message);
  return {};
}

std::vector<int64_t> PackChoices(const DesignSpace& space) {
  const Knob* k = KnobOf(space, ChannelPackKnobName("conv"));
  return k ? k->choices : std::vector<int64_t>{};
}

}  // namespace

class TuneStridedPack : public QObject {
  Q_OBJECT

 private slots:
  // The stride and the phases read, from the definition: a 1x1 layer reaches one phase,
  // a window as wide as the stride all of them, an offset shifts the phase.
  void strideAndPhasesOfTheDefinition_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("stride");
    QTest::addColumn<QList<int>>("phases");
    QTest::newRow("1x1 stride 1") << QString::fromStdString(Strided(16, 14, 16, 1)) << 1
                                  << QList<int>{};
    QTest::newRow("1x1 stride 2") << QString::fromStdString(Strided(16, 14, 16, 2)) << 2
                                  << QList<int>{0};
    QTest::newRow("1x1 stride 3") << QString::fromStdString(Strided(16, 14, 16, 3)) << 3
                                  << QList<int>{0};
    QTest::newRow("1x1 stride 2, odd columns")
        << QString::fromStdString(Strided(16, 14, 16, 2, 1, 1)) << 2 << QList<int>{1};
    QTest::newRow("3x3 stride 2") << QString::fromStdString(Strided(16, 15, 16, 2, 3)) << 2
                                  << QList<int>{0, 1};
    QTest::newRow("2x2 stride 3") << QString::fromStdString(Strided(16, 14, 16, 3, 2)) << 3
                                  << QList<int>{0, 1};
  }
  void strideAndPhasesOfTheDefinition() {
    QFETCH(QString, source);
    QFETCH(int, stride);
    QFETCH(QList<int>, phases);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const StageRule* rule = RuleOf(space, "conv");
    QVERIFY(rule && rule->channel.defined());
    const ColumnStride& c = rule->channel.column_stride;
    QCOMPARE(c.stride, int64_t{stride});
    if (stride == 1) return;
    QCOMPARE(c.dim, size_t{3});
    QCOMPARE(c.phases, std::vector<int64_t>(phases.begin(), phases.end()));
  }

  // The phase copy is a choice of the pack knob only where the input is read strided, and
  // a seed there (chunked, every seed a point of the space).
  void phasesOnlyWhereStrided() {
    for (const char* isa : {"avx2", "avx512f"}) {
      auto plain = Load(Strided(64, 14, 32, 1));
      DesignSpace flat = SpaceOf(plain, IsaTarget(isa));
      QCOMPARE(PackChoices(flat), (std::vector<int64_t>{0, 1}));
      QVERIFY(PhaseSeeds(flat).empty());
      auto strided = Load(Strided(64, 14, 32, 2));
      DesignSpace space = SpaceOf(strided, IsaTarget(isa));
      QCOMPARE(PackChoices(space), (std::vector<int64_t>{0, 1, 2}));
      std::vector<Decisions> seeds = PhaseSeeds(space);
      QVERIFY(!seeds.empty());
      for (const Decisions& d : seeds) {
        QVERIFY(space.Satisfies(d));
        QVERIFY(KnobValue(d, ChannelChunkKnobName("conv")) > 0);
      }
    }
  }

  // Bad input: phases of a stride-1 read, phases without chunks and a choice beyond 2 are
  // not points of the space, and the rule refuses them with the knob named.
  void badPhaseChoicesAreRefused() {
    auto flat = Load(Strided(64, 14, 32, 1));
    DesignSpace space = SpaceOf(flat, IsaTarget("avx2"));
    Decisions d;
    for (const Decisions& seed : space.Seeds())
      if (KnobValue(seed, ChannelPackKnobName("conv")) == 1) d = seed;
    QVERIFY(!d.values.empty());
    d.values[ChannelPackKnobName("conv")] = {2};
    QVERIFY(!space.Apply(d).ok());
    QCOMPARE(Refusal(flat, space, d, {"conv.channel/pack = 2", "stride 1"}), QString());

    auto strided = Load(Strided(64, 14, 32, 2));
    DesignSpace space2 = SpaceOf(strided, IsaTarget("avx2"));
    Decisions e = PhaseSeeds(space2).front();
    e.values[ChannelChunkKnobName("conv")] = {0};
    QCOMPARE(Refusal(strided, space2, e, {"conv.channel/chunk"}), QString());
    Decisions f = PhaseSeeds(space2).front();
    f.values[ChannelPackKnobName("conv")] = {3};
    QCOMPARE(Refusal(strided, space2, f, {"conv.channel/pack = 3"}), QString());
  }

  // A copy phased along several dimensions: the phase dimensions outermost, in the order
  // given, the unread phases unstored (none where every phase is read). Bad input — no
  // dimension, a stride of 1, a dimension past the rank or twice, no phase read — is
  // refused with the copy and the dimension named, and leaves the copy as it was.
  void phasesAlongSeveralDimensions_data() {
    QTest::addColumn<QString>("dims");  // dim:stride:phase,phase;...
    QTest::addColumn<QString>("error");
    QTest::addColumn<int>("rank");  // of the copy laid out
    QTest::addColumn<bool>("predicate");
    QTest::newRow("rows and columns") << "2:2:0;3:2:1"
                                      << "" << 6 << true;
    QTest::newRow("every phase read") << "3:2:0,1;2:3:0,1,2"
                                      << "" << 6 << false;
    QTest::newRow("columns only") << "3:3:2"
                                  << "" << 5 << true;
    QTest::newRow("no dimension") << ""
                                  << "no dimension to phase" << 0 << false;
    QTest::newRow("stride 1") << "2:1:0"
                              << "stride 1 along dimension 2" << 0 << false;
    QTest::newRow("past the rank") << "4:2:0"
                                   << "no dimension 4" << 0 << false;
    QTest::newRow("twice") << "3:2:0;3:2:1"
                           << "dimension 3 twice" << 0 << false;
    QTest::newRow("no phase") << "3:2:"
                              << "no phase that is read along dimension 3" << 0 << false;
  }
  void phasesAlongSeveralDimensions() {
    QFETCH(QString, dims);
    QFETCH(QString, error);
    QFETCH(int, rank);
    QFETCH(bool, predicate);
    std::vector<PhasedDim> phased;
    for (const QString& d : dims.split(';', Qt::SkipEmptyParts)) {
      const QStringList f = d.split(':');
      PhasedDim p{static_cast<size_t>(f[0].toInt()), f[1].toInt(), {}};
      for (const QString& v : f[2].split(',', Qt::SkipEmptyParts)) p.phases.push_back(v.toInt());
      phased.push_back(p);
    }
    auto prog = Load(Strided(8, 14, 8, 2));
    auto sch = schedule::create_schedule(prog.schedule->outputs);
    QVERIFY(sch.ok());
    auto copy = schedule::CacheRead(*sch, sch->find("data"), "global", {sch->find("conv")});
    QVERIFY(copy.ok());
    Status st = LayOutInPhases(*sch, *copy, phased);
    if (!error.isEmpty()) {
      QVERIFY(!st.ok());
      QVERIFY2(st.error().message.find("data.global") != std::string::npos &&
                   st.error().message.find(error.toStdString()) != std::string::npos,
               st.error().message.c_str());
      QVERIFY(!(*copy)->layout);
      QVERIFY(!(*copy)->store_predicate.defined());
      return;
    }
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    QVERIFY((*copy)->layout != nullptr);
    QCOMPARE((*copy)->leaf_iter_vars.size(), size_t(rank));
    QCOMPARE((*copy)->store_predicate.defined(), predicate);
  }

  // The phase seeds lower with the copy in phases (its unread phases unstored where there
  // are any), compile, run and agree with the te oracle.
  void phaseSeedsMatchTheOracle_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("isa");
    QTest::addColumn<bool>("unread");  // some phase is never read
    for (const char* isa : {"avx2", "avx512f"}) {
      const QString suffix = QString(" ") + isa;
      QTest::newRow(qPrintable("1x1 stride 2, 13 x 13" + suffix))
          << QString::fromStdString(Strided(32, 13, 32, 2)) << isa << true;
      QTest::newRow(qPrintable("1x1 stride 3, 14 x 14" + suffix))
          << QString::fromStdString(Strided(16, 14, 32, 3)) << isa << true;
      QTest::newRow(qPrintable("1x1 stride 2, odd columns" + suffix))
          << QString::fromStdString(Strided(16, 14, 32, 2, 1, 1)) << isa << true;
      QTest::newRow(qPrintable("3x3 stride 2, 15 x 15" + suffix))
          << QString::fromStdString(Strided(16, 15, 32, 2, 3)) << isa << false;
    }
  }
  void phaseSeedsMatchTheOracle() {
    QFETCH(QString, source);
    QFETCH(QString, isa);
    QFETCH(bool, unread);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, IsaTarget(isa.toStdString()));
    const std::vector<te::Tensor> args = p.Arguments();
    int ran = 0;
    for (const Decisions& seed : PhaseSeeds(space)) {
      auto valid = space.Validate(seed, args);
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      const schedule::Stage copy = valid->schedule.find("data.global");
      QVERIFY(copy);
      QVERIFY(copy->layout != nullptr);
      QCOMPARE(copy->store_predicate.defined(), unread);
      QCOMPARE(RunAgainstOracle(p, *valid), QString());
      ++ran;
    }
    QVERIFY(ran > 0);
  }
};

}  // namespace tst_tune_strided_pack

QTEST_GUILESS_MAIN(tst_tune_strided_pack::TuneStridedPack)
#include "tst_tune_strided_pack.moc"
