// The generated space's schedule rules behind their interface (core/tune/ScheduleRule.h):
// every rule file's rule is found by its name and is the one the space applies; the
// stages of GEMM, conv2d and softmax name the rules that took them; a point that lacks a
// knob is refused with an error naming the knob, by the space and by a rule alone.
#include <QtTest>
#include <random>
#include <set>

#include "TuneTestSupport.h"
#include "tune/AttachRule.h"
#include "tune/DesignSpace.h"
#include "tune/InlineRule.h"
#include "tune/KnobNames.h"
#include "tune/RfactorRule.h"
#include "tune/RootRule.h"
#include "tune/ScheduleRule.h"
#include "tune/SpatialRule.h"
#include "tune/TargetInfo.h"
#include "tune/TileRule.h"

namespace tst_tune_rules {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 32), name="A")
B = te.placeholder((32, 64), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

TargetInfo Avx2() { return TargetInfoFromFeatures({"avx2"}, 2); }

std::vector<std::string> Names(const StageRule* rule) {
  return rule ? rule->rule_names : std::vector<std::string>{};
}

}  // namespace

class TuneRules : public QObject {
  Q_OBJECT

 private slots:
  void everyRuleIsFoundByItsName() {
    const std::vector<std::pair<std::string, const ScheduleRule*>> files = {
        {"tile", &TileRule()},       {"spatial", &SpatialRule()}, {"inline", &InlineRule()},
        {"rfactor", &RfactorRule()}, {"root", &RootRule()},       {"attach", &AttachRule()}};
    QCOMPARE(ScheduleRules().size(), files.size());
    for (const auto& [name, rule] : files) {
      auto found = FindScheduleRule(name);
      QVERIFY2(found.ok(), name.c_str());
      QCOMPARE(*found, rule);
      QCOMPARE(std::string((*found)->name()), name);
    }
    auto none = FindScheduleRule("unroll_everything");
    QVERIFY(!none.ok());
    QVERIFY2(none.error().message.find("unroll_everything") != std::string::npos,
             none.error().message.c_str());
  }

  void stagesNameTheRulesThatTookThem() {
    const DesignSpace gemm = SpaceOf(Load(kGemm), Avx2());
    QCOMPARE(Names(RuleOf(gemm, "C")), std::vector<std::string>{"tile"});
    const DesignSpace conv = SpaceOf(Load(kTinyConv), Avx2());
    QCOMPARE(Names(RuleOf(conv, "pad")), std::vector<std::string>{"inline"});
    QCOMPARE(Names(RuleOf(conv, "conv")), std::vector<std::string>{"tile"});
    const DesignSpace softmax = SpaceOf(Load(kTinySoftmax), Avx2());
    QCOMPARE(Names(RuleOf(softmax, "B")), std::vector<std::string>{"spatial"});
    // 64 = 4 vectors of 8: rfactor splits the reduction before attach places it.
    const std::vector<std::string> reduction{"rfactor", "attach"};
    for (const char* stage : {"maxelem", "expsum"}) {
      const std::vector<std::string> names = Names(RuleOf(softmax, stage));
      std::string text;
      for (const std::string& n : names) text += n + " ";
      QVERIFY2(names == reduction, (stage + std::string(": ") + text).c_str());
    }
    for (const DesignSpace* space : {&gemm, &conv, &softmax})
      for (const StageRule& rule : space->rules())
        for (const std::string& name : rule.rule_names)
          QVERIFY2(FindScheduleRule(name).ok(), name.c_str());
  }

  void aMissingKnobIsAnErrorNamingIt() {
    const DesignSpace space = SpaceOf(Load(kGemm), Avx2());
    std::mt19937_64 rng(7);
    const Decisions full = space.Sample(rng);
    QVERIFY(space.Satisfies(full));
    const std::string name = TileKnobName("C", "i");
    Decisions lacking = full;
    QCOMPARE(lacking.values.erase(name), size_t{1});

    QVERIFY(!space.Satisfies(lacking));
    auto applied = space.Apply(lacking);
    QVERIFY(!applied.ok());
    QVERIFY2(applied.error().message.find(name) != std::string::npos,
             applied.error().message.c_str());
    auto valid = space.Validate(lacking, {});
    QVERIFY(!valid.ok());
    QVERIFY2(valid.error().message.find(name) != std::string::npos, valid.error().message.c_str());

    auto factors = KnobFactors(lacking, name);
    QVERIFY(!factors.ok());
    QVERIFY2(factors.error().message.find(name) != std::string::npos,
             factors.error().message.c_str());
    auto choice = KnobChoice(lacking, UnrollKnobName("D"));
    QVERIFY(!choice.ok());
    QVERIFY2(choice.error().message.find("D.unroll") != std::string::npos,
             choice.error().message.c_str());
    auto knob = space.generator().knob_table().Find("C.tile.z");
    QVERIFY(!knob.ok());
    QVERIFY2(knob.error().message.find("C.tile.z") != std::string::npos,
             knob.error().message.c_str());

    // A knob the space does not have is named too.
    Decisions extra = full;
    extra.values["C.tile.z"] = {1};
    auto refused = space.Apply(extra);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("C.tile.z") != std::string::npos,
             refused.error().message.c_str());

    // The rule alone (its own tiling, not ChannelTile's): an error value, not an exception.
    if (auto channel = lacking.values.find(ChannelKnobName("C")); channel != lacking.values.end())
      channel->second = {0};
    const StageRule* rule = RuleOf(space, "C");
    QVERIFY(rule);
    auto sch = schedule::create_schedule(Load(kGemm).schedule->outputs);
    QVERIFY(sch.ok());
    const SpaceContext context{space.rules(), space.generator().knob_table(), space.target()};
    QVERIFY(!TileRule().Fits(context, *rule, lacking));
    Status st = TileRule().Apply(*sch, context, *rule, lacking);
    QVERIFY(!st.ok());
    QVERIFY2(st.error().message.find(name) != std::string::npos, st.error().message.c_str());
  }
};

}  // namespace tst_tune_rules

QTEST_MAIN(tst_tune_rules::TuneRules)
#include "tst_tune_rules.moc"
