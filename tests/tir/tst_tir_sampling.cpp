// The sampling instructions, in the style of TVM's test_tir_schedule_sampling.py: what
// they draw for a seed, the decisions they take, how the trace prints them
// (`decision=...`) and that a trace replays to the same program whatever the seed.
#include <QtTest>
#include <set>

#include "TirTestSupport.h"
#include "tir/TraceJson.h"
#include "tir/primitive/Primitives.h"

namespace tst_tir_sampling {

using namespace tessera;
using namespace tessera::tir;
using namespace tessera::tir::testing;

namespace {

std::vector<int64_t> Values(const Schedule& sch, const std::vector<ExprRV>& rvs) {
  std::vector<int64_t> out;
  for (const ExprRV& rv : rvs) out.push_back(*sch.Get(rv));
  return out;
}

// A tiled GEMM whose tiles are all sampled: i into 3 tiles, then split by them.
Schedule SampledGemm(int64_t seed) {
  Schedule sch(Gemm(), seed);
  BlockRV c = *sch.GetBlock("C");
  auto loops = *sch.GetLoops(c);
  auto tiles = *sch.SamplePerfectTile(loops[0], 3, 16);
  (void)sch.Split(loops[0], tiles);
  ExprRV unroll = *sch.SampleCategorical({0, 16, 64}, {0.25, 0.25, 0.5});
  (void)sch.Annotate(c, "pragma_auto_unroll_max_step", Expr(static_cast<int>(*sch.Get(unroll))));
  return sch;  // six instructions when every step applied
}

}  // namespace

class TestTirSampling : public QObject {
  Q_OBJECT

 private slots:
  // ---- sample_perfect_tile ----
  void perfectTilesMultiplyToTheExtent() {
    for (int64_t seed = 1; seed <= 40; ++seed) {
      Schedule sch(Gemm(), seed);
      auto loops = *sch.GetLoops(*sch.GetBlock("C"));
      for (int n : {2, 3, 4}) {
        auto tiles = sch.SamplePerfectTile(loops[0], n, 16);
        QVERIFY(tiles.ok());
        std::vector<int64_t> v = Values(sch, *tiles);
        QCOMPARE(v.size(), size_t(n));
        int64_t product = 1;
        for (int64_t t : v) product *= t;
        QCOMPARE(product, int64_t(128));
        QVERIFY(v.back() <= 16);
      }
    }
  }

  void sameSeedSameDrawsOtherSeedsOthers() {
    auto draw = [](int64_t seed) {
      Schedule sch(Gemm(), seed);
      auto loops = *sch.GetLoops(*sch.GetBlock("C"));
      return Values(sch, *sch.SamplePerfectTile(loops[1], 4, 64));
    };
    QCOMPARE(draw(7), draw(7));
    std::set<std::vector<int64_t>> seen;
    for (int64_t seed = 1; seed <= 30; ++seed) seen.insert(draw(seed));
    QVERIFY(seen.size() > 5);  // 2^7 over 4 tiles: many tilings
  }

  void decisionIsTakenAndPrinted() {
    Schedule sch(Gemm(), 3);
    BlockRV c = *sch.GetBlock("C");
    auto loops = *sch.GetLoops(c);
    auto tiles = *sch.SamplePerfectTile(loops[0], 2, 16, std::vector<int64_t>{8, 16});
    QCOMPARE(Values(sch, tiles), (std::vector<int64_t>{8, 16}));
    auto split = sch.Split(loops[0], tiles);
    QVERIFY(split.ok());
    QCOMPARE(Q(TraceAsPython(sch.trace())),
             Q("# from tvm import tir\n"
               "def apply_trace(sch: tir.Schedule) -> None:\n"
               "  b0 = sch.get_block(name=\"C\", func_name=\"main\")\n"
               "  l1, l2, l3 = sch.get_loops(block=b0)\n"
               "  v4, v5 = sch.sample_perfect_tile(loop=l1, n=2, max_innermost_factor=16, "
               "decision=[8, 16])\n"
               "  l6, l7 = sch.split(loop=l1, factors=[v4, v5], preserve_unit_iters=True, "
               "disable_predication=False)"));
    QVERIFY(AsTVMScript(sch.func()).find("for i_0, i_1, j, k in T.grid(8, 16, 128, 128):") !=
            std::string::npos);
  }

  void staleDecisionFallsBackToTrivialTiles() {
    // TVM keeps what still divides and puts the rest in the outermost tile.
    Schedule sch(Gemm(), 3);
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    auto tiles = *sch.SamplePerfectTile(loops[0], 3, 16, std::vector<int64_t>{2, 3, 16});
    QCOMPARE(Values(sch, tiles), (std::vector<int64_t>{1, 8, 16}));
    QVERIFY(TraceAsPython(sch.trace()).find("decision=[1, 8, 16]") != std::string::npos);
  }

  void symbolicExtentGivesMinusOne() {
    // TVM's answer without a constant extent: [None, 1, ...].
    auto n = ir::Var("n");
    auto A = *te::placeholder({n}, ir::DataType::Float(32), "A");
    auto B = *te::compute(
        {n}, [&](const std::vector<ir::Var>& i) { return A(i[0]) * 2; }, "B");
    Schedule sch(*CreatePrimFunc({A, B}), 1);
    auto loops = *sch.GetLoops(*sch.GetBlock("B"));
    // The outer tile is None (no variable: id -1), as TVM returns it; the others are 1.
    std::vector<ExprRV> tiles = *sch.SamplePerfectTile(loops[0], 3, 16);
    QCOMPARE(tiles.size(), size_t(3));
    QCOMPARE(tiles[0].id, -1);
    QCOMPARE(Values(sch, {tiles[1], tiles[2]}), (std::vector<int64_t>{1, 1}));
  }

  void perfectTileErrors() {
    Schedule sch(Gemm(), 1);
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    size_t n = sch.trace().insts.size();
    auto one = sch.SamplePerfectTile(loops[0], 1, 16);
    QCOMPARE(Q(ErrorKind(one.error())), QString("ValueError"));
    QVERIFY(one.error().message.find("Cannot tile a loop into 1 splits") != std::string::npos);
    auto wrong = sch.SamplePerfectTile(loops[0], 2, 16, std::vector<int64_t>{2, 4, 16});
    QCOMPARE(Q(ErrorKind(wrong.error())), QString("ValueError"));
    QCOMPARE(sch.trace().insts.size(), n);
    // a block is no loop
    QVERIFY(!sch.SamplePerfectTile(LoopRV{0}, 2, 16).ok());
  }

  // ---- sample_categorical ----
  void categoricalFollowsTheWeights() {
    Schedule sch(Gemm(), 5);
    for (int i = 0; i < 20; ++i) {
      QCOMPARE(*sch.Get(*sch.SampleCategorical({10, 20, 30}, {0.0, 1.0, 0.0})), int64_t(20));
    }
    std::set<int64_t> seen;
    for (int i = 0; i < 60; ++i)
      seen.insert(*sch.Get(*sch.SampleCategorical({1, 2, 3}, {1, 1, 1})));
    QCOMPARE(seen.size(), size_t(3));
  }

  void categoricalDecisionAndPrinting() {
    Schedule sch(Gemm(), 5);
    ExprRV v = *sch.SampleCategorical({1, 2, 4}, {0.1, 0.5, 0.4}, int64_t{2});
    QCOMPARE(*sch.Get(v), int64_t(4));
    QCOMPARE(Q(TraceLines(sch.trace()).at(0)),
             Q("v0 = sch.sample_categorical(candidates=[1, 2, 4], probs=[0.10000000000000001, "
               "0.5, 0.40000000000000002], decision=2)"));
  }

  void categoricalErrors() {
    Schedule sch(Gemm(), 5);
    auto mismatch = sch.SampleCategorical({1, 2}, {1.0});
    QCOMPARE(Q(ErrorKind(mismatch.error())), QString("ValueError"));
    QVERIFY(mismatch.error().message.find("number of candidates does not match") !=
            std::string::npos);
    auto bad = sch.SampleCategorical({1, 2}, {0.5, 0.5}, int64_t{2});
    QCOMPARE(Q(ErrorKind(bad.error())), QString("ValueError"));
    QVERIFY(bad.error().message.find("Wrong decision value, where n = 2, but decision is: 2") !=
            std::string::npos);
    auto negative = sch.SampleCategorical({1, 2}, {-0.5, 1.5});
    QCOMPARE(Q(ErrorKind(negative.error())), QString("ValueError"));
    QVERIFY(sch.trace().insts.empty());
  }

  // ---- sample_compute_location ----
  void computeLocationCandidates() {
    Schedule sch(ElementwiseChain(), 1);
    ComputeLocations locs = CollectComputeLocations(sch.state(), "B");
    // inline, root, and the two loops of its consumer C
    QCOMPARE(locs.indices, (std::vector<int64_t>{-2, -1, 0, 1}));
    QCOMPARE(Q(locs.loops[3].name()), QString("j"));
    // C has no consumer and cannot be inlined (it writes the output): the root only
    QCOMPARE(CollectComputeLocations(sch.state(), "C").indices, (std::vector<int64_t>{-1}));
  }

  void computeLocationUnderALoop() {
    Schedule sch(ElementwiseChain(), 1);
    BlockRV b = *sch.GetBlock("B");
    LoopRV at = *sch.SampleComputeLocation(b, int64_t{1});
    QVERIFY(sch.ComputeAt(b, at, true).ok());
    QCOMPARE(Q(TraceAsPython(sch.trace())),
             Q("# from tvm import tir\n"
               "def apply_trace(sch: tir.Schedule) -> None:\n"
               "  b0 = sch.get_block(name=\"B\", func_name=\"main\")\n"
               "  l1 = sch.sample_compute_location(block=b0, decision=1)\n"
               "  sch.compute_at(block=b0, loop=l1, preserve_unit_loops=True, index=-1)"));
    Schedule direct(ElementwiseChain());
    auto loops = *direct.GetLoops(*direct.GetBlock("C"));
    QVERIFY(direct.ComputeAt(*direct.GetBlock("B"), loops[1], true).ok());
    QCOMPARE(Q(AsTVMScript(sch.func())), Q(AsTVMScript(direct.func())));
  }

  void computeLocationMarks() {
    // -1: compute_at leaves the block at the root; -2: it inlines the block.
    Schedule root(ElementwiseChain(), 1);
    std::string before = AsTVMScript(root.func());
    BlockRV b = *root.GetBlock("B");
    LoopRV at_root = *root.SampleComputeLocation(b, int64_t{-1});
    QCOMPARE(Q(ErrorKind(root.Get(at_root).error())), QString("ValueError"));
    QVERIFY(root.ComputeAt(b, at_root).ok());
    QCOMPARE(Q(AsTVMScript(root.func())), Q(before));
    QCOMPARE(root.trace().insts.size(), size_t(3));

    Schedule inl(ElementwiseChain(), 1);
    BlockRV b2 = *inl.GetBlock("B");
    QVERIFY(inl.ComputeAt(b2, *inl.SampleComputeLocation(b2, int64_t{-2})).ok());
    Schedule direct(ElementwiseChain());
    QVERIFY(direct.ComputeInline(*direct.GetBlock("B")).ok());
    QCOMPARE(Q(AsTVMScript(inl.func())), Q(AsTVMScript(direct.func())));
  }

  void staleLocationFallsBack() {
    // A decision that is no candidate becomes the candidate before it.
    Schedule sch(Gemm(), 1);
    LoopRV l = *sch.SampleComputeLocation(*sch.GetBlock("C"), int64_t{5});
    QVERIFY(!sch.Get(l).ok());
    QVERIFY(TraceAsPython(sch.trace()).find("decision=-1)") != std::string::npos);
  }

  void drawnLocationsAreCandidates() {
    // Seeds spread over the engine's range: the first draw of a small seed is small.
    std::set<int64_t> seen;
    for (int64_t seed = 1; seed <= 40; ++seed) {
      Schedule sch(ElementwiseChain(), seed * 53687091);
      BlockRV b = *sch.GetBlock("B");
      LoopRV l = *sch.SampleComputeLocation(b);
      QVERIFY(sch.ComputeAt(b, l).ok());
      seen.insert(sch.trace().insts[1].decision.at(0));
    }
    QCOMPARE(seen, (std::set<int64_t>{-2, -1, 0, 1}));
  }

  // ---- traces ----
  void replayWithDecisionsReproducesTheProgram() {
    for (int64_t seed : {1, 2, 3, 11}) {
      Schedule original = SampledGemm(seed);
      QCOMPARE(original.trace().insts.size(), size_t(6));
      Schedule replayed(Gemm(), seed + 1000);  // another seed: the decisions decide
      Status s = ApplyTrace(original.trace(), &replayed);
      QVERIFY2(s.ok(), s.ok() ? "" : s.error().message.c_str());
      QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(original.func())));
      QCOMPARE(Q(TraceAsPython(replayed.trace())), Q(TraceAsPython(original.trace())));
    }
  }

  void jsonKeepsTheDecisions() {
    Schedule original(Gemm(), 9);
    BlockRV c = *original.GetBlock("C");
    auto loops = *original.GetLoops(c);
    auto tiles = *original.SamplePerfectTile(loops[1], 2, 16, std::vector<int64_t>{16, 8});
    QVERIFY(original.Split(loops[1], {ExprRV{-1}, tiles[1]}).ok());
    QVERIFY(original.SampleCategorical({1, 2}, {0.5, 0.5}, int64_t{1}).ok());
    std::string json = TraceToJson(original.trace());
    QVERIFY(json.find("[\"SamplePerfectTile\", [\"l2\"], [2, 16], [\"v4\", \"v5\"]]") !=
            std::string::npos);
    QVERIFY(json.find("[\"Split\", [\"l2\", \"None\", \"v5\"], [1, 0], [\"l6\", \"l7\"]]") !=
            std::string::npos);
    QVERIFY(json.find("[[2, [16, 8]], [4, 1]]") != std::string::npos);
    auto back = TraceFromJson(json);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QCOMPARE(Q(TraceAsPython(*back)), Q(TraceAsPython(original.trace())));
    QVERIFY(TraceAsPython(*back).find("factors=[None, v5]") != std::string::npos);
    Schedule replayed(Gemm(), 1);
    QVERIFY(ApplyTrace(*back, &replayed).ok());
    QCOMPARE(Q(AsTVMScript(replayed.func())), Q(AsTVMScript(original.func())));
  }

  void jsonReadsTvmsNoneStrings() {
    // TVM's as_json spells a None input "None".
    auto trace = TraceFromJson(
        "[[[\"GetBlock\", [], [\"C\", \"main\"], [\"b0\"]], "
        "[\"GetLoops\", [\"b0\"], [], [\"l1\", \"l2\", \"l3\"]], "
        "[\"SamplePerfectTile\", [\"l1\"], [2, 16], [\"v4\", \"v5\"]], "
        "[\"Split\", [\"l1\", \"None\", \"v5\"], [1, 0], [\"l6\", \"l7\"]], "
        "[\"Split\", [\"l2\", \"None\", 8], [1, 0], [\"l8\", \"l9\"]]], "
        "[[2, [8, 16]]]]");
    QVERIFY2(trace.ok(), trace.ok() ? "" : trace.error().message.c_str());
    std::vector<std::string> lines = TraceLines(*trace);
    QCOMPARE(Q(lines.at(3)), Q("l6, l7 = sch.split(loop=l1, factors=[None, v5], "
                               "preserve_unit_iters=True, disable_predication=False)"));
    QCOMPARE(Q(lines.at(4)), Q("l8, l9 = sch.split(loop=l2, factors=[None, 8], "
                               "preserve_unit_iters=True, disable_predication=False)"));
    Schedule sch(Gemm(), 1);
    QVERIFY(ApplyTrace(*trace, &sch).ok());
    QVERIFY(AsTVMScript(sch.func()).find("T.grid(8, 16, 16, 8, 128)") != std::string::npos);
  }

  void splitBySampledFactorsChecksThem() {
    Schedule sch(Gemm(), 1);
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    ExprRV three = *sch.SampleCategorical({3}, {1.0});
    size_t n = sch.trace().insts.size();
    auto split = sch.Split(loops[0], {three, three});
    QCOMPARE(Q(ErrorKind(split.error())), QString("WrongFactorProductError"));
    QCOMPARE(sch.trace().insts.size(), n);
    QCOMPARE(Q(ErrorKind(sch.Split(loops[0], {ExprRV{loops[1].id}}).error())),
             QString("ValueError"));
  }

  void seedsFork() {
    Schedule a(Gemm(), 42), b(Gemm(), 42);
    QCOMPARE(a.ForkSeed(), b.ForkSeed());
    a.Seed(5);
    b.Seed(5);
    auto la = *a.GetLoops(*a.GetBlock("C"));
    auto lb = *b.GetLoops(*b.GetBlock("C"));
    QCOMPARE(Values(a, *a.SamplePerfectTile(la[0], 3, 64)),
             Values(b, *b.SamplePerfectTile(lb[0], 3, 64)));
  }
};

}  // namespace tst_tir_sampling

QTEST_APPLESS_MAIN(tst_tir_sampling::TestTirSampling)
#include "tst_tir_sampling.moc"
