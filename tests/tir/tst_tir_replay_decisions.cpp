// What a trace replays when its decisions or attributes are not the ones the schedule
// would make: a sample_perfect_tile decision whose product is not the extent is repaired
// as TVM 0.20 repairs it (sampling.cc: an inner tile that does not divide what is left
// becomes all of it, the outermost takes the rest), a decision of the wrong length and a
// sample_categorical index out of range are errors; the trace JSON spells None as TVM's
// as_json does ("None") and keeps compute_at's index. TVM's own run of the repaired
// decisions is tests/tir/programs/sample_perfect_tile_stale_decision.py.
#include <QtTest>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"

Q_DECLARE_METATYPE(std::vector<int64_t>)

namespace tst_tir_replay_decisions {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

QString Text(const std::vector<int64_t>& v) {
  QStringList parts;
  for (int64_t x : v) parts << QString::number(x);
  return "[" + parts.join(", ") + "]";
}

std::vector<int64_t> Values(const Schedule& sch, const std::vector<ExprRV>& rvs) {
  std::vector<int64_t> out;
  for (const ExprRV& rv : rvs) out.push_back(*sch.Get(rv));
  return out;
}

}  // namespace

class TestTirReplayDecisions : public QObject {
  Q_OBJECT

 private slots:
  void staleTileDecisionIsRepaired_data() {
    QTest::addColumn<std::vector<int64_t>>("decision");
    QTest::addColumn<std::vector<int64_t>>("used");
    // What TVM 0.20 returned for these decisions on a loop of 128.
    QTest::newRow("a perfect tiling is kept")
        << std::vector<int64_t>{4, 32} << std::vector<int64_t>{4, 32};
    QTest::newRow("the outer tile takes the rest")
        << std::vector<int64_t>{4, 16} << std::vector<int64_t>{8, 16};
    QTest::newRow("a tile that does not divide")
        << std::vector<int64_t>{3, 5} << std::vector<int64_t>{1, 128};
    QTest::newRow("a zero outer tile")
        << std::vector<int64_t>{0, 128} << std::vector<int64_t>{1, 128};
    QTest::newRow("a -1 outer tile") << std::vector<int64_t>{-1, 32} << std::vector<int64_t>{4, 32};
    QTest::newRow("three tiles") << std::vector<int64_t>{3, 5, 2} << std::vector<int64_t>{1, 64, 2};
  }
  void staleTileDecisionIsRepaired() {
    QFETCH(std::vector<int64_t>, decision);
    QFETCH(std::vector<int64_t>, used);
    Schedule sch(ElementwiseChain(), 1);
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    auto tiles = sch.SamplePerfectTile(loops[0], static_cast<int>(decision.size()), 16, decision);
    QVERIFY2(tiles.ok(), tiles.ok() ? "" : tiles.error().message.c_str());
    QCOMPARE(Text(Values(sch, *tiles)), Text(used));
    // The trace records the decision used, so the split it feeds is perfect.
    QCOMPARE(Text(sch.trace().insts.back().decision), Text(used));
    std::vector<ExprRV> factors = *tiles;
    QVERIFY(sch.Split(loops[0], factors).ok());
  }

  void staleDecisionInAReplayedTrace() {
    Schedule original(ElementwiseChain(), 1);
    auto loops = *original.GetLoops(*original.GetBlock("B"));
    auto tiles = *original.SamplePerfectTile(loops[0], 2, 16, std::vector<int64_t>{4, 32});
    QVERIFY(original.Split(loops[0], tiles).ok());
    // The JSON of a trace whose decision was edited to [4, 16] replays as [8, 16].
    std::string json = TraceToJson(original.trace());
    size_t at = json.find("[4, 32]]");
    QVERIFY(at != std::string::npos);
    json.replace(at, 8, "[4, 16]]");
    auto trace = TraceFromJson(json);
    QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().message.c_str());
    Schedule replayed(ElementwiseChain(), 7);
    QVERIFY(ApplyTrace(*trace, &replayed).ok());
    std::string text = TraceAsPython(replayed.trace());
    QVERIFY2(text.find("decision=[8, 16]") != std::string::npos, text.c_str());
    QVERIFY(AsTVMScript(replayed.func()).find("for i_0, i_1, j in T.grid(8, 16, 128):") !=
            std::string::npos);
  }

  void wrongLengthDecisionFails() {
    // TVM 0.20 fails on replay ("old_outputs.size() == new_outputs.size()") or for fewer
    // than two tiles ("n >= 2"); Tessera refuses the decision when it is given.
    for (const std::vector<int64_t>& decision :
         {std::vector<int64_t>{2, 4, 16}, std::vector<int64_t>{128}}) {
      Schedule sch(ElementwiseChain(), 1);
      auto loops = *sch.GetLoops(*sch.GetBlock("B"));
      size_t before = sch.trace().insts.size();
      auto tiles = sch.SamplePerfectTile(loops[0], 2, 16, decision);
      QVERIFY(!tiles.ok());
      QCOMPARE(Q(ErrorKind(tiles.error())), QString("ValueError"));
      QVERIFY2(tiles.error().message.find("tiles but n is 2") != std::string::npos,
               tiles.error().message.c_str());
      QCOMPARE(sch.trace().insts.size(), before);
    }
  }

  void categoricalDecisionOutOfRangeFails() {
    for (int64_t bad : {int64_t{3}, int64_t{-1}}) {
      Schedule sch(ElementwiseChain(), 1);
      auto v = sch.SampleCategorical({1, 2, 3}, {0.2, 0.3, 0.5}, bad);
      QVERIFY(!v.ok());
      QCOMPARE(Q(v.error().message),
               Q("ValueError: Wrong decision value, where n = 3, but decision is: " +
                 std::to_string(bad)));
      QVERIFY(sch.trace().insts.empty());
    }
    Schedule sch(ElementwiseChain(), 1);
    auto v = sch.SampleCategorical({1, 2, 3}, {0.2, 0.3, 0.5}, int64_t{2});
    QVERIFY(v.ok());
    QCOMPARE(*sch.Get(*v), int64_t{3});
  }

  void jsonSpellsNoneAsTvmDoes() {
    // TVM 0.20's sch.trace.as_json() for split(l, [None, 32]):
    // [[['GetBlock', [], ['B', 'main'], ['b0']], ['GetLoops', ['b0'], [], ['l1', 'l2']],
    //   ['Split', ['l1', 'None', 32], [1, 0], ['l3', 'l4']]], []]
    Schedule sch(ElementwiseChain());
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    QVERIFY(sch.Split(loops[0], {Expr(), Expr(32)}).ok());
    std::string json = TraceToJson(sch.trace());
    QCOMPARE(Q(json), QString("[[[\"GetBlock\", [], [\"B\", \"main\"], [\"b0\"]], "
                              "[\"GetLoops\", [\"b0\"], [], [\"l1\", \"l2\"]], "
                              "[\"Split\", [\"l1\", \"None\", 32], [1, 0], [\"l3\", \"l4\"]]], "
                              "[]]"));
    auto back = TraceFromJson(json);
    QVERIFY(back.ok());
    QCOMPARE(Q(TraceToJson(*back)), Q(json));
    // Tessera's earlier spelling, null, still reads as None.
    std::string old = json;
    old.replace(old.find("\"None\""), 6, "null");
    auto old_back = TraceFromJson(old);
    QVERIFY(old_back.ok());
    QCOMPARE(Q(TraceToJson(*old_back)), Q(json));
  }

  void jsonKeepsComputeAtIndex() {
    Schedule sch(ElementwiseChain());
    BlockRV b = *sch.GetBlock("B");
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.ComputeAt(b, loops[0], false, -2).ok());
    std::string json = TraceToJson(sch.trace());
    QVERIFY2(json.find("[\"ComputeAt\", [\"b0\", \"l2\"], [0, -2], []]") != std::string::npos,
             json.c_str());
    auto back = TraceFromJson(json);
    QVERIFY(back.ok());
    QCOMPARE(back->insts.back().index, int64_t{-2});
    QVERIFY(TraceAsPython(*back).find("preserve_unit_loops=False, index=-2)") != std::string::npos);
    Schedule replayed(ElementwiseChain());
    QVERIFY(ApplyTrace(*back, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(sch.func())));
  }
};

}  // namespace tst_tir_replay_decisions

QTEST_APPLESS_MAIN(tst_tir_replay_decisions::TestTirReplayDecisions)
#include "tst_tir_replay_decisions.moc"
