// The generated design space (core/tune/GeneratedSpace.h) on bare te programs: GEMM (one
// reduction), conv2d (an inlined padding stage + a 3-axis reduction) and softmax (two
// reductions attached to an element-wise output). Every sample passes the primitives'
// checks and lowering; the register tile is sized for the vector width and register
// count given (AVX2: 8 lanes, 16 registers; AVX-512: 16 lanes, 32 registers); mutation
// moves to a neighbouring point; decisions outside the space are refused with a message;
// the rule-derived seeds have the register tiles of the target and all validate.
#include <QtTest>
#include <random>
#include <set>

#include "TuneTestSupport.h"
#include "script/Evaluator.h"
#include "tune/DesignSpace.h"
#include "tune/Features.h"
#include "tune/TargetInfo.h"

namespace tst_tune_space {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

int64_t Accumulators(const Decisions& d, const std::vector<std::string>& knobs, int lanes) {
  int64_t n = 1;
  for (size_t a = 0; a < knobs.size(); ++a) {
    int64_t f = d.values.at(knobs[a]).back();
    n *= a + 1 == knobs.size() ? (f + lanes - 1) / lanes : f;
  }
  return n;
}

}  // namespace

class TestTuneSpace : public QObject {
  Q_OBJECT

 private slots:
  void targetInfoFollowsTheIsaFeatures() {
    TargetInfo avx2 = TargetInfoFromFeatures({"sse4_2", "avx", "avx2", "fma"}, 2);
    QCOMPARE(avx2.vector_lanes, 8);
    QCOMPARE(avx2.vector_registers, 16);
    TargetInfo avx512 = TargetInfoFromFeatures({"avx2", "fma", "avx512f", "avx512bw"}, 4);
    QCOMPARE(avx512.vector_lanes, 16);
    QCOMPARE(avx512.vector_registers, 32);
    QCOMPARE(TargetInfoFromFeatures({"sse2"}, 1).vector_lanes, 4);
  }

  void gemmRulesAndKnobs() {
    auto p = Load(GemmScript(64, 64, 32));
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2"}, 2));
    const StageRule* c = RuleOf(space, "C");
    QVERIFY(c);
    QCOMPARE(c->kind, StageRule::Kind::Tile);
    QCOMPARE(c->packable, (std::vector<std::string>{"A", "B"}));
    std::set<std::string> names;
    for (const Knob& k : space.knobs()) names.insert(k.name);
    for (const char* n :
         {"C.tile.i", "C.tile.j", "C.tile.k", "C.unroll", "C.cache_write", "C.pack.A", "C.pack.B"})
      QVERIFY2(names.count(n), n);
  }

  void registerTileIsSizedForTheTarget_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("registers");
    QTest::newRow("avx2") << "avx2" << 8 << 16;
    QTest::newRow("avx512") << "avx512f" << 16 << 32;
  }
  void registerTileIsSizedForTheTarget() {
    QFETCH(QString, isa);
    QFETCH(int, lanes);
    QFETCH(int, registers);
    auto p = Load(GemmScript(96, 128, 64));
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({isa.toStdString()}, 2));
    std::mt19937_64 rng(7);
    int64_t widest = 0;
    for (int i = 0; i < 200; ++i) {
      Decisions d = space.Sample(rng);
      QVERIFY(space.Satisfies(d));
      // The tile rule's own register tile (C.channel = 1: the ChannelTile rule's,
      // checked in tst_tune_channel).
      if (d.values.at("C.channel")[0] == 1) continue;
      int64_t inner = d.values.at("C.tile.j").back();
      QCOMPARE(inner % lanes, int64_t{0});
      QVERIFY(inner <= 4 * lanes);
      widest = std::max(widest, inner);
      QVERIFY(Accumulators(d, {"C.tile.i", "C.tile.j"}, lanes) <= registers - 3);
      // The fused S0 loops (the parallel loop) give every core an iteration.
      QVERIFY(d.values.at("C.tile.i")[0] * d.values.at("C.tile.j")[0] >= 2);
    }
    // The space uses the wide tiles the target allows.
    QVERIFY(widest >= 2 * lanes);
  }

  void everySampleValidates_data() {
    QTest::addColumn<QString>("source");
    QTest::newRow("gemm") << QString::fromStdString(GemmScript(32, 48, 16));
    QTest::newRow("conv2d") << QString::fromStdString(kTinyConv);
    QTest::newRow("softmax") << QString(kTinySoftmax);
  }
  void everySampleValidates() {
    QFETCH(QString, source);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2", "fma"}, 2));
    std::mt19937_64 rng(11);
    size_t feature_count = 0;
    for (int i = 0; i < 25; ++i) {
      Decisions d = space.Sample(rng);
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), (valid.ok() ? std::string()
                                       : valid.error().message + "\n" + DesignSpace::Describe(d))
                               .c_str());
      std::vector<float> f = CandidateFeatures(valid->func, space, d);
      if (feature_count == 0) feature_count = f.size();
      QCOMPARE(f.size(), feature_count);  // one length per space: rows of one matrix
      QVERIFY(f.size() > static_cast<size_t>(kProgramFeatureCount));
    }
  }

  void softmaxAttachesItsReductions() {
    auto p = Load(kTinySoftmax);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2"}, 2));
    QCOMPARE(RuleOf(space, "B")->kind, StageRule::Kind::Spatial);
    QCOMPARE(RuleOf(space, "maxelem")->kind, StageRule::Kind::Attach);
    QCOMPARE(RuleOf(space, "expsum")->kind, StageRule::Kind::Attach);
    std::mt19937_64 rng(3);
    Decisions d = space.Sample(rng);
    d.values["maxelem.attach"] = {1};
    d.values["expsum.attach"] = {1};
    auto sch = space.Apply(d);
    QVERIFY(sch.ok());
    QCOMPARE(sch->find("maxelem")->attach_type, schedule::AttachType::Scope);
    QCOMPARE(sch->find("expsum")->attach_stage->name(), std::string("B"));
  }

  void convInlinesThePadding() {
    auto p = Load(kTinyConv);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2"}, 2));
    QCOMPARE(RuleOf(space, "pad")->kind, StageRule::Kind::Inline);
    QCOMPARE(RuleOf(space, "conv")->kind, StageRule::Kind::Tile);
    std::mt19937_64 rng(5);
    Decisions d = space.Sample(rng);
    d.values["pad.inline"] = {1};
    auto sch = space.Apply(d);
    QVERIFY(sch.ok());
    QCOMPARE(sch->find("pad")->attach_type, schedule::AttachType::Inline);
  }

  void mutationChangesOneKnob() {
    auto p = Load(GemmScript(64, 64, 64));
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2"}, 2));
    std::mt19937_64 rng(13);
    for (int i = 0; i < 50; ++i) {
      Decisions d = space.Sample(rng);
      Decisions m = space.Mutate(d, rng);
      QVERIFY(space.Satisfies(m));
      int changed = 0;
      for (const auto& [name, values] : d.values) changed += m.values.at(name) != values;
      QVERIFY(changed <= 1);
    }
  }

  void decisionsOutsideTheSpaceAreRefused() {
    auto p = Load(GemmScript(64, 64, 64));
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2"}, 2));
    std::mt19937_64 rng(1);
    Decisions d = space.Sample(rng);
    d.values["C.tile.i"] = {3, 1, 1, 1};  // product 3, not 64
    QVERIFY(!space.Satisfies(d));
    auto sch = space.Apply(d);
    QVERIFY(!sch.ok());
    QVERIFY(sch.error().message.find("C.tile.i=3x1x1x1") != std::string::npos);
    Decisions too_many_registers = space.Sample(rng);
    too_many_registers.values["C.tile.i"] = {1, 1, 4, 16};
    too_many_registers.values["C.tile.j"] = {1, 1, 2, 32};  // 16 rows x 4 vectors = 64 accumulators
    too_many_registers.values["C.channel"] = {0};           // the tile rule, not ChannelTile
    QVERIFY(!space.Satisfies(too_many_registers));
  }

  // The seeds: the structures of hand-written CPU kernels, sized for the target's
  // registers (never constants for one CPU), every one a valid point of the space.
  void gemmSeedsAreSizedForTheTarget_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("rows");  // the panel seed's register tile: rows x 2 vectors
    QTest::addColumn<int>("cols");
    QTest::newRow("avx2") << "avx2" << 4 << 16;       // 8 of 16 ymm accumulate
    QTest::newRow("avx512") << "avx512f" << 8 << 32;  // 16 of 32 zmm (gemm_fast.py's tile)
  }
  void gemmSeedsAreSizedForTheTarget() {
    QFETCH(QString, isa);
    QFETCH(int, rows);
    QFETCH(int, cols);
    auto p = Load(GemmScript(256, 256, 128));
    TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    DesignSpace space = SpaceOf(p, target);
    std::vector<Decisions> seeds = space.Seeds();
    QVERIFY(seeds.size() >= 4);
    bool panel = false, blocked = false;
    for (const Decisions& d : seeds) {
      QVERIFY(space.Satisfies(d));
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), (valid.ok() ? std::string()
                                       : valid.error().message + "\n" + DesignSpace::Describe(d))
                               .c_str());
      if (d.values.at("C.channel")[0] == 1) continue;  // ChannelTile's seeds: tst_tune_channel
      // Every seed fills at least half of the accumulator registers.
      QVERIFY(2 * Accumulators(d, {"C.tile.i", "C.tile.j"}, target.vector_lanes) >=
              target.vector_registers - 3);
      const auto& i = d.values.at("C.tile.i");
      const auto& j = d.values.at("C.tile.j");
      // The panel structure: parallel over column panels of B, B packed per panel, the
      // register tile inside the whole reduction.
      if (i == std::vector<int64_t>{1, 256 / rows, 1, rows} &&
          j == std::vector<int64_t>{256 / cols, 1, 1, cols} && d.values.at("C.pack.B")[0] == 1 &&
          d.values.at("C.pack.A")[0] == 0 && d.values.at("C.cache_write")[0] == 0) {
        panel = true;
        QVERIFY(valid->schedule.find("B.global"));
        QCOMPARE(valid->schedule.find("B.global")->attach_stage->name(), std::string("C"));
      }
      blocked = blocked || d.values.at("C.cache_write")[0] == 1;
    }
    QVERIFY2(panel, "no panel seed with the target's register tile");
    QVERIFY(blocked);
  }

  void convSeedsKeepTheRegisterTileInsideTheReductions() {
    auto p = Load(kTinyConv);
    TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    DesignSpace space = SpaceOf(p, target);
    std::vector<Decisions> seeds = space.Seeds();
    QVERIFY(!seeds.empty());
    bool inside = false;
    for (const Decisions& d : seeds) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(), (valid.ok() ? std::string()
                                       : valid.error().message + "\n" + DesignSpace::Describe(d))
                               .c_str());
      const int64_t acc =
          Accumulators(d, {"conv.tile.n", "conv.tile.f", "conv.tile.y", "conv.tile.x"}, 8);
      if (d.values.at("conv.tile.rc") == std::vector<int64_t>{8, 1} && acc >= 8 &&
          d.values.at("conv.tile.f")[0] > 1)
        inside = true;
    }
    QVERIFY(inside);
  }

  void softmaxSeedsVectorizeWholeRows() {
    auto p = Load(kTinySoftmax);
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2"}, 2));
    std::vector<Decisions> seeds = space.Seeds();
    QVERIFY(!seeds.empty());
    for (const Decisions& d : seeds) {
      QVERIFY(space.Validate(d, p.Arguments()).ok());
      // The reductions are computed once per row: the parallel loop covers whole rows.
      QCOMPARE(d.values.at("B.tile.j")[0], int64_t{1});
      QCOMPARE(d.values.at("B.tile.j")[2] % 8, int64_t{0});
    }
  }

  // A reduction over the innermost axis may be rfactor'ed into vectors of partial
  // results (softmax_fast.py's structure): the partials' lane axis innermost and
  // vectorized, computed inside the combining stage.
  void softmaxReductionsMayBeRfactored() {
    auto p = Load(kTinySoftmax);
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    DesignSpace space = SpaceOf(p, target);
    bool found = false;
    for (const Knob& k : space.knobs())
      if (k.name == "maxelem.rfactor") {
        found = true;
        QCOMPARE(k.choices, (std::vector<int64_t>{16, 8, 0}));
      }
    QVERIFY(found);
    std::vector<Decisions> seeds = space.Seeds();
    QVERIFY(!seeds.empty());
    Decisions d = seeds.front();
    d.values["maxelem.rfactor"] = {16};
    d.values["expsum.rfactor"] = {8};
    auto valid = space.Validate(d, p.Arguments());
    QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
    for (const char* name : {"maxelem.rf", "expsum.rf"}) {
      const schedule::Stage rf = valid->schedule.find(name);
      QVERIFY2(rf, name);
      QCOMPARE(rf->iter_var_attrs.at(rf->leaf_iter_vars.back()).annotation,
               ir::IterVarType::Vectorized);
      QCOMPARE(rf->attach_type, schedule::AttachType::Scope);
    }
    d.values["maxelem.rfactor"] = {0};
    auto plain = space.Apply(d);
    QVERIFY(plain.ok());
    QVERIFY(!plain->find("maxelem.rf"));
  }

  // A stage with several outputs (argmax's tuple reducer) has no tiling rule: it stays
  // whole, parallel over its rows; the workload still tunes (it was refused before) and
  // the candidate matches the oracle.
  void severalOutputsStayWholeAndParallel() {
    auto p = Load(R"(import tvm
from tvm import te
def fcombine(x, y):
    lhs = tvm.tir.Select((x[1] >= y[1]), x[0], y[0])
    rhs = tvm.tir.Select((x[1] >= y[1]), x[1], y[1])
    return lhs, rhs
def fidentity(t0, t1):
    return tvm.tir.const(-1, t0), tvm.te.min_value(t1)
argmax = te.comm_reducer(fcombine, fidentity, name="argmax")
idx = te.placeholder((24, 20), name="idx", dtype="int32")
val = te.placeholder((24, 20), name="val")
k = te.reduce_axis((0, 20), "k")
T0, T1 = te.compute((24,), lambda i: argmax((idx[i, k], val[i, k]), axis=k), name="T")
s = te.create_schedule(T0.op)
)");
    DesignSpace space = SpaceOf(p, TargetInfoFromFeatures({"avx2", "fma"}, 2));
    const StageRule* rule = RuleOf(space, "T");
    QVERIFY(rule);
    QCOMPARE(rule->kind, StageRule::Kind::Root);
    std::mt19937_64 rng(3);
    auto valid = space.Validate(space.Sample(rng), p.Arguments());
    QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
    const schedule::Stage t = valid->schedule.find("T");
    QVERIFY(t->iter_var_attrs.at(t->leaf_iter_vars.front()).annotation ==
            ir::IterVarType::Parallelized);
    const QString failure = RunAgainstOracle(p, *valid);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }

  // A scan's init and update stay inside its time loop: nothing to tune, said so (the
  // space offered inlining them, and every sample was refused: 545 per run).
  void aScanAloneHasNothingToTune() {
    auto p = Load(R"(import tvm
from tvm import te
X = te.placeholder((12, 8), name="X")
s_state = te.placeholder((12, 8))
s_init = te.compute((1, 8), lambda _, i: X[0, i])
s_update = te.compute((12, 8), lambda t, i: s_state[t - 1, i] + X[t, i])
s_scan = te.scan(s_init, s_update, s_state, inputs=[X])
s = te.create_schedule(s_scan.op)
)");
    auto space = DesignSpace::Generate(p.schedule->outputs, TargetInfoFromFeatures({"avx2"}, 2));
    QVERIFY(!space.ok());
    QVERIFY2(space.error().message.find("scan's init and update") != std::string::npos,
             space.error().message.c_str());
  }

  void symbolicShapesAreRefused() {
    auto p = Load(
        "import tvm\nfrom tvm import te\nn = te.size_var(\"n\")\nA = te.placeholder((n,), "
        "name=\"A\")\n"
        "B = te.compute((n,), lambda i: A[i] * 2.0, name=\"B\")\ns = te.create_schedule(B.op)\n");
    auto space = DesignSpace::Generate(p.schedule->outputs, TargetInfoFromFeatures({"avx2"}, 2));
    QVERIFY(!space.ok());
    QVERIFY2(space.error().message.find("no constant extent") != std::string::npos,
             space.error().message.c_str());
  }
};

}  // namespace tst_tune_space

QTEST_APPLESS_MAIN(tst_tune_space::TestTuneSpace)
#include "tst_tune_space.moc"
