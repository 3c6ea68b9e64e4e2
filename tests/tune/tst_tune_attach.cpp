// The attach rule of the generated design space (core/tune/AttachRule.h): a reduction read
// over the same rows by the element-wise output or by another reduction may be computed
// at that consumer's outer loop (knob <stage>.attach, 0 = the root). Checked on softmax,
// a layer norm (its reductions read through an inlined centred input), a row-normalise
// whose first reduction feeds only the second, and a 3-D program reducing its innermost
// axis (two row axes); each with shapes that are not multiples of the vector width.
// The chosen candidates are compiled, run and compared with the te oracle.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/AttachRule.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tst_tune_attach {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

const char* kSoftmax = R"(import tvm
from tvm import te
A = te.placeholder((24, 96), name="A")
k = te.reduce_axis((0, 96), name="k")
maxelem = te.compute((24,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, 96), name="k2")
expsum = te.compute((24,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((24, 96), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")
s = te.create_schedule(B.op)
)";

// mean and var are read through the element-wise `cen` (inlined or not).
const char* kLayerNorm = R"(import tvm
from tvm import te
A = te.placeholder((20, 40), name="A")
k = te.reduce_axis((0, 40), name="k")
mean = te.compute((20,), lambda i: te.sum(A[i, k], axis=k), name="mean")
cen = te.compute((20, 40), lambda i, j: A[i, j] - mean[i] / 40.0, name="cen")
k2 = te.reduce_axis((0, 40), name="k2")
var = te.compute((20,), lambda i: te.sum(cen[i, k2] * cen[i, k2], axis=k2), name="var")
out = te.compute((20, 40), lambda i, j: cen[i, j] / te.sqrt(var[i] / 40.0 + 1e-5), name="out")
s = te.create_schedule(out.op)
)";

// rmax feeds only rsum; the output reads rsum alone: rmax may go inside rsum's row loop.
const char* kRowNormalise = R"(import tvm
from tvm import te
A = te.placeholder((18, 48), name="A")
k = te.reduce_axis((0, 48), name="k")
rmax = te.compute((18,), lambda i: te.max(te.abs(A[i, k]), axis=k), name="rmax")
k2 = te.reduce_axis((0, 48), name="k2")
rsum = te.compute((18,), lambda i: te.sum(A[i, k2] / rmax[i], axis=k2), name="rsum")
B = te.compute((18, 48), lambda i, j: A[i, j] / rsum[i], name="B")
s = te.create_schedule(B.op)
)";

// Two row axes: the output's fused outer loop covers both.
const char* kRows3d = R"(import tvm
from tvm import te
A = te.placeholder((4, 6, 40), name="A")
k = te.reduce_axis((0, 40), name="k")
total = te.compute((4, 6), lambda b, i: te.sum(A[b, i, k] * A[b, i, k], axis=k), name="total")
B = te.compute((4, 6, 40), lambda b, i, j: A[b, i, j] / te.sqrt(total[b, i] + 1.0), name="B")
s = te.create_schedule(B.op)
)";

// The first seed with `stage.attach` = `at` (the others as the seed has them).
Decisions SeedWith(const DesignSpace& space, const std::map<std::string, int64_t>& attach) {
  std::vector<Decisions> seeds = space.Seeds();
  if (seeds.empty()) qFatal("no seed");
  Decisions d = seeds.front();
  for (const auto& [stage, at] : attach) d.values[AttachKnobName(stage)] = {at};
  return d;
}

}  // namespace

class TuneAttach : public QObject {
  Q_OBJECT

 private slots:
  void softmaxReductionsGoInsideTheRowLoop_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void softmaxReductionsGoInsideTheRowLoop() {
    QFETCH(QString, isa);
    auto p = Load(kSoftmax);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({isa.toStdString(), "fma"}, 2));
    for (const char* stage : {"maxelem", "expsum"}) {
      const StageRule* rule = RuleOf(space, stage);
      QVERIFY(rule);
      QCOMPARE(rule->kind, StageRule::Kind::Attach);
      // expsum also reads maxelem, so maxelem cannot go inside expsum alone: B only.
      QCOMPARE(rule->attach_to, std::vector<std::string>{"B"});
      const Knob* k = KnobOf(space, AttachKnobName(stage));
      QVERIFY(k);
      QCOMPARE(k->choices, (std::vector<int64_t>{1, 0}));
    }
    // The first seed is softmax_fast.py's structure: both reductions at B's parallel row
    // loop, which covers whole rows.
    std::vector<Decisions> seeds = space.Seeds();
    QVERIFY(!seeds.empty());
    const Decisions& seed = seeds.front();
    QCOMPARE(seed.values.at("maxelem.attach")[0], int64_t{1});
    QCOMPARE(seed.values.at("expsum.attach")[0], int64_t{1});
    auto valid = space.Validate(seed, p.Arguments());
    QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
    const schedule::Stage b = valid->schedule.find("B");
    for (const char* stage : {"maxelem", "expsum"}) {
      const schedule::Stage st = valid->schedule.find(stage);
      QCOMPARE(st->attach_type, schedule::AttachType::Scope);
      QCOMPARE(st->attach_stage->name(), std::string("B"));
      QVERIFY(st->attach_ivar == b->leaf_iter_vars.front());
    }
    QVERIFY(b->iter_var_attrs.at(b->leaf_iter_vars.front()).annotation ==
            ir::IterVarType::Parallelized);
    QVERIFY(RunAgainstOracle(p, *valid).isEmpty());
  }

  // Attached at the output, the output's column axis keeps its outer factor 1: a sample
  // or a mutation that splits it is folded back (no row's reduction computed twice).
  void attachedReductionsAreComputedOncePerRow() {
    auto p = Load(kSoftmax);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2", "fma"}, 2));
    std::mt19937_64 rng(17);
    int attached = 0;
    for (int i = 0; i < 60; ++i) {
      Decisions d = i % 2 ? space.Sample(rng) : space.Mutate(space.Sample(rng), rng);
      QVERIFY(space.Satisfies(d));
      if (d.values.at("maxelem.attach")[0] == 1 || d.values.at("expsum.attach")[0] == 1) {
        ++attached;
        QCOMPARE(d.values.at("B.tile.j")[0], int64_t{1});
      }
    }
    QVERIFY(attached > 0);
    Decisions seed = SeedWith(space, {{"maxelem", 1}});
    seed.values["B.tile.j"] = {2, seed.values.at("B.tile.j")[1] / 2, seed.values.at("B.tile.j")[2]};
    QVERIFY(!space.Satisfies(seed));
  }

  // Each location of each reduction: runs and matches the oracle. Through the inlined
  // centred input, var and out read mean; out reads var.
  void layerNormEveryAttachLocationMatchesTheOracle() {
    auto p = Load(kLayerNorm);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2", "fma"}, 2));
    QCOMPARE(RuleOf(space, "cen")->kind, StageRule::Kind::Inline);
    QCOMPARE(RuleOf(space, "mean")->kind, StageRule::Kind::Attach);
    QCOMPARE(RuleOf(space, "var")->kind, StageRule::Kind::Attach);
    QCOMPARE(RuleOf(space, "mean")->attach_to, std::vector<std::string>{"out"});
    QCOMPARE(RuleOf(space, "var")->attach_to, std::vector<std::string>{"out"});
    int ran = 0;
    for (int64_t mean_at : {0, 1})
      for (int64_t var_at : {0, 1}) {
        Decisions d = SeedWith(space, {{"mean", mean_at}, {"var", var_at}});
        d.values["cen.inline"] = {1};
        auto valid = space.Validate(d, p.Arguments());
        // mean inside out's loop while var (which reads it) stays at the root is refused
        // by the schedule's attach check: never measured.
        if (mean_at == 1 && var_at == 0) {
          QVERIFY(!valid.ok());
          continue;
        }
        QVERIFY2(
            valid.ok(),
            valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
        const QString failure = RunAgainstOracle(p, *valid);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        ++ran;
      }
    QCOMPARE(ran, 3);
  }

  // A reduction read only by another reduction may be computed inside that one's row loop
  // (knob value 1), nested inside the output's when the consumer is attached there too.
  void rowNormaliseAttachesInsideTheSecondReduction() {
    auto p = Load(kRowNormalise);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx512f", "fma"}, 2));
    QCOMPARE(RuleOf(space, "rmax")->attach_to, std::vector<std::string>{"rsum"});
    QCOMPARE(RuleOf(space, "rsum")->attach_to, std::vector<std::string>{"B"});
    for (int64_t rsum_at : {0, 1}) {
      Decisions d = SeedWith(space, {{"rmax", 1}, {"rsum", rsum_at}});
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const schedule::Stage rmax = valid->schedule.find("rmax");
      QCOMPARE(rmax->attach_type, schedule::AttachType::Scope);
      QCOMPARE(rmax->attach_stage->name(), std::string("rsum"));
      const QString failure = RunAgainstOracle(p, *valid);
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
  }

  void twoRowAxes() {
    auto p = Load(kRows3d);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2", "fma"}, 2));
    const StageRule* rule = RuleOf(space, "total");
    QCOMPARE(rule->kind, StageRule::Kind::Attach);
    QCOMPARE(rule->attach_rows, size_t{2});
    std::mt19937_64 rng(5);
    int checked = 0;
    for (int i = 0; i < 40 && checked < 4; ++i) {
      Decisions d = space.Sample(rng);
      if (d.values.at("total.attach")[0] != 1) continue;
      QCOMPARE(d.values.at("B.tile.j")[0], int64_t{1});  // the reduced axis is not split outside
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString failure = RunAgainstOracle(p, *valid);
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      ++checked;
    }
    QVERIFY(checked > 0);
  }

  // Not over the same rows: a reduction read at another index (a transpose) is not
  // offered the consumer's loop.
  void otherIndicesAreNotAttached() {
    auto p = Load(R"(import tvm
from tvm import te
A = te.placeholder((16, 16), name="A")
k = te.reduce_axis((0, 16), name="k")
r = te.compute((16,), lambda i: te.sum(A[i, k], axis=k), name="r")
B = te.compute((16, 16), lambda i, j: A[i, j] / r[j], name="B")
s = te.create_schedule(B.op)
)");
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2", "fma"}, 2));
    QCOMPARE(RuleOf(space, "r")->kind, StageRule::Kind::Root);
    QVERIFY(!KnobOf(space, "r.attach"));
  }
};

}  // namespace tst_tune_attach

QTEST_APPLESS_MAIN(tst_tune_attach::TuneAttach)
#include "tst_tune_attach.moc"
