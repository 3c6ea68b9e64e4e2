// A matmul operand read transposed along the vectorized axis (K of Q K^T read as K[b, j, d],
// core/tune/TileRule.cpp): the tile rule may pack it into column panels
// [j // nr, b, d, j % nr], once per call at the root (pack choice 3) or one block's panel
// at a time inside the output's loops (4), which the register tile then reads as it reads
// B of C = A B; the panel seeds offer both where no operand streams along the columns. The
// choices exist only for such an operand, only where nr divides the axis; a block's panel
// is one panel of the rows' batch, packed once; and the packed seeds run and match the te
// oracle on AVX2 and AVX-512, with an element-wise epilogue (bias, activation) too.
#include <QtTest>

#include "TuneTestSupport.h"
#include "schedule/BoundsReport.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_transposed_panels {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// S[b, i, j] = sum_d Q[b, i, d] * K[b, j, d].
std::string ScoresSource(int batch, int m, int n, int k) {
  const std::string b = std::to_string(batch), ms = std::to_string(m), ns = std::to_string(n),
                    ks = std::to_string(k);
  return "import tvm\nfrom tvm import te\n"
         "Q = te.placeholder((" +
         b + ", " + ms + ", " + ks +
         "), name=\"Q\")\n"
         "K = te.placeholder((" +
         b + ", " + ns + ", " + ks +
         "), name=\"K\")\n"
         "d = te.reduce_axis((0, " +
         ks +
         "), name=\"d\")\n"
         "S = te.compute((" +
         b + ", " + ms + ", " + ns +
         "), lambda b, i, j: te.sum(Q[b, i, d] * K[b, j, d], axis=d), name=\"S\")\n"
         "s = te.create_schedule(S.op)\n";
}

// Y = act(X W^T + bias) with W as [out, in] (a dense layer), the bias and the activation
// in two element-wise stages: the epilogue, one relay inlined.
constexpr const char* kDenseBiasAct = R"(import tvm
from tvm import te
X = te.placeholder((24, 16), name="X")
W = te.placeholder((64, 16), name="W")
bias = te.placeholder((64,), name="bias")
k = te.reduce_axis((0, 16), name="k")
D = te.compute((24, 64), lambda i, j: te.sum(X[i, k] * W[j, k], axis=k), name="D")
B = te.compute((24, 64), lambda i, j: D[i, j] + bias[j], name="B")
Y = te.compute((24, 64), lambda i, j: B[i, j] / (te.exp(0.0 - B[i, j]) + 1.0), name="Y")
s = te.create_schedule(Y.op)
)";

std::vector<int64_t> Choices(const DesignSpace& space, const std::string& knob) {
  const Knob* k = KnobOf(space, knob);
  return k ? k->choices : std::vector<int64_t>{};
}

bool IsChannelSeed(const Decisions& d, const std::string& stage) {
  auto it = d.values.find(stage + ".channel");
  return it != d.values.end() && it->second[0] == 1;
}

// The plain tile's seeds of `space` that pack `operand` of `stage` with pack choice `where`.
std::vector<Decisions> SeedsPacking(const DesignSpace& space, const std::string& stage,
                                    const std::string& operand, int64_t where) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds())
    if (!IsChannelSeed(d, stage) && d.values.at(PackKnobName(stage, operand))[0] == where)
      out.push_back(d);
  return out;
}

// The first three of `seeds` validated, their scripts holding each of `expected`, and run
// against the te oracle: the first failure with its candidate, empty when all agree.
QString FirstThreeAgainstOracle(const script::ScriptProgram& p, const DesignSpace& space,
                                const std::vector<Decisions>& seeds,
                                const std::vector<QString>& expected, const std::string& id) {
  for (size_t i = 0; i < seeds.size() && i < 3; ++i) {
    auto valid = space.Validate(seeds[i], p.Arguments());
    if (!valid.ok())
      return QString::fromStdString(valid.error().message + "\n" + DesignSpace::Describe(seeds[i]));
    const QString script = QString::fromStdString(CandidateScript(p, valid->schedule));
    for (const QString& text : expected)
      if (!script.contains(text)) return "no " + text + " in\n" + script;
    const QString failure = RunAgainstOracle(p, *valid, id + "_" + std::to_string(i));
    if (!failure.isEmpty()) return failure;
  }
  return {};
}

}  // namespace

class TestTuneTransposedPanels : public QObject {
  Q_OBJECT

  // Both ISAs, each with the panels packed at the root (3) and per block (4).
  static void IsasAndPackChoices() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("where");
    for (const char* isa : {"avx2", "avx512f"})
      for (int where : {3, 4})
        QTest::newRow((std::string(isa) + (where == 3 ? " at the root" : " per block")).c_str())
            << isa << where;
  }

 private slots:
  // K is found transposed (its dimension 1 is j); Q does not use j; a plain GEMM's B
  // streams along j and its A does not use j: neither gets the choice.
  void theChoiceIsOfferedForATransposedOperandOnly() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto scores = Load(ScoresSource(2, 32, 48, 16));
    DesignSpace space = SpaceOf(scores, target);
    const StageRule* rule = RuleOf(space, "S");
    QVERIFY(rule);
    QCOMPARE(rule->transposed, std::string("K"));
    QCOMPARE(rule->transposed_dim, size_t{1});
    QVERIFY(rule->streamed.empty());
    QCOMPARE(Choices(space, PackKnobName("S", "K")), (std::vector<int64_t>{0, 1, 2, 3, 4}));
    QCOMPARE(Choices(space, PackKnobName("S", "Q")), (std::vector<int64_t>{0, 1, 2}));
    auto gemm = Load(GemmScript(32, 48, 24));
    DesignSpace gemm_space = SpaceOf(gemm, target);
    const StageRule* gemm_rule = RuleOf(gemm_space, "C");
    QVERIFY(gemm_rule);
    QVERIFY(gemm_rule->transposed.empty());
    QCOMPARE(Choices(gemm_space, PackKnobName("C", "A")), (std::vector<int64_t>{0, 1, 2}));
    QCOMPARE(Choices(gemm_space, PackKnobName("C", "B")), (std::vector<int64_t>{0, 1, 2}));
  }

  // The panel seeds pack K into column panels; they compile, run and match the te oracle.
  void panelSeedsMatchTheOracle_data() { IsasAndPackChoices(); }
  void panelSeedsMatchTheOracle() {
    QFETCH(QString, isa);
    QFETCH(int, where);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(ScoresSource(3, 24, 64, 16));
    DesignSpace space = SpaceOf(p, target);
    const std::vector<Decisions> seeds = SeedsPacking(space, "S", "K", where);
    QVERIFY(!seeds.empty());
    const QString failure = FirstThreeAgainstOracle(p, space, seeds, {"transform_layout"}, "panel");
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }

  // With an epilogue the accumulator is cache_write's stage: W keeps the panels (at the
  // root or per block), X has no pack knob (no loop to attach a copy at), and the panel seeds pack
  // W, with the bias and the activation applied as the accumulator is written back.
  void anEpilogueKeepsTheColumnPanels() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto p = Load(kDenseBiasAct);
    DesignSpace space = SpaceOf(p, target);
    const StageRule* rule = RuleOf(space, "D");
    QVERIFY(rule);
    QCOMPARE(rule->epilogue.output, std::string("Y"));
    QCOMPARE(rule->transposed, std::string("W"));
    QCOMPARE(Choices(space, PackKnobName("D", "W")), (std::vector<int64_t>{0, 3, 4}));
    QVERIFY(Choices(space, PackKnobName("D", "X")).empty());
  }
  void epiloguePanelSeedsMatchTheOracle_data() { IsasAndPackChoices(); }
  void epiloguePanelSeedsMatchTheOracle() {
    QFETCH(QString, isa);
    QFETCH(int, where);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(kDenseBiasAct);
    DesignSpace space = SpaceOf(p, target);
    const std::vector<Decisions> seeds = SeedsPacking(space, "D", "W", where);
    QVERIFY(!seeds.empty());
    const QString failure = FirstThreeAgainstOracle(
        p, space, seeds, {"transform_layout", "cache_write"}, "epilogue_panel");
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }

  // Per block (4), the copy sits inside S's loops and holds the panels one block of the
  // loops reads: with the rows on i (the head's rows reusing its panel) one panel of one
  // head, with rows of heads one panel of each of them; each element packed once.
  void aBlocksPanelIsPackedOnceInsideTheLoops_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void aBlocksPanelIsPackedOnceInsideTheLoops() {
    QFETCH(QString, isa);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(ScoresSource(3, 24, 64, 16));
    DesignSpace space = SpaceOf(p, target);
    const std::vector<Decisions> seeds = SeedsPacking(space, "S", "K", 4);
    QVERIFY(!seeds.empty());
    for (const Decisions& d : seeds) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      auto report = schedule::MakeBoundsReport(valid->schedule);
      QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
      const schedule::StageBounds* copy = report->find("K.global");
      QVERIFY(copy);
      const std::string described = DesignSpace::Describe(d);
      QCOMPARE(copy->attach_type, std::string("scope"));
      QCOMPARE(copy->attach_stage, std::string("S"));
      int64_t elements = 1;
      for (const schedule::RealizeDim& dim : copy->realize) {
        QVERIFY(dim.max_extent);
        elements *= *dim.max_extent;
      }
      const int64_t cols = d.values.at(TileKnobName("S", "j")).back();
      const int64_t heads = d.values.at(TileKnobName("S", "b")).back();
      QVERIFY2(elements == heads * 16 * cols, described.c_str());
      QVERIFY2(copy->overcompute() && *copy->overcompute() == 1.0, described.c_str());
    }
  }

  // Panels hold whole tiles: with 67 columns (ragged tiles of whole vectors), a decision
  // packing K into panels of a tile that does not divide 67 is refused.
  void panelsOfATileThatDoesNotDivideAreRefused() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto p = Load(ScoresSource(2, 16, 67, 8));
    DesignSpace space = SpaceOf(p, target);
    const std::string knob = PackKnobName("S", "K");
    bool tried = false;
    for (const Decisions& seed : space.Seeds()) {
      if (IsChannelSeed(seed, "S")) continue;
      QVERIFY2(seed.values.at(knob)[0] != 3, DesignSpace::Describe(seed).c_str());
      if (seed.values.at(TileKnobName("S", "j")).back() % 8 != 0) continue;
      if (seed.values.at(CacheWriteKnobName("S"))[0] != 0) continue;
      Decisions d = seed;
      d.values[knob] = {3};
      QVERIFY(!space.Validate(d, p.Arguments()).ok());
      tried = true;
      break;
    }
    QVERIFY(tried);
  }
};

}  // namespace tst_tune_transposed_panels

QTEST_APPLESS_MAIN(tst_tune_transposed_panels::TestTuneTransposedPanels)
#include "tst_tune_transposed_panels.moc"
