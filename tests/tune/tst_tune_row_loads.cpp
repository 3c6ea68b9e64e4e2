// The tile rule ranks its register tiles by useful lanes per load of a reduction step,
// counting each load of the body once per row of the tile on the axes it uses
// (StageRule::loads): rows on an axis a load does not use share it. A depthwise
// convolution's weight w[c, 0, ry, rx] is then one broadcast for all the rows of y, where
// every row of c broadcasts its own and loads its own input vectors, so its first plain
// tile has rows on y (the input read at unit stride in NCHW, no transposes), the channels
// parallel around them and the window whole in an accumulator; a GEMM
// keeps its rows on i, a batched matmul's batch rows stay ranked below the others (each
// loads its own vectors). The depthwise tile's seeds compile, run and match the te oracle.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_row_loads {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// A depthwise 3x3 convolution of `c` channels of `in` x `in`, padding 1, stride 1.
std::string Depthwise(int c, int in) {
  auto n = [](int v) { return std::to_string(v); };
  return "import tvm\nfrom tvm import te\n"
         "data = te.placeholder((1, " +
         n(c) + ", " + n(in) + ", " + n(in) +
         "), name=\"data\")\n"
         "kernel = te.placeholder((" +
         n(c) +
         ", 1, 3, 3), name=\"kernel\")\n"
         "pad = te.compute((1, " +
         n(c) + ", " + n(in + 2) + ", " + n(in + 2) +
         "), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < " + n(in + 1) +
         ", w >= 1, w < " + n(in + 1) +
         "), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n"
         "ry = te.reduce_axis((0, 3), name=\"ry\")\n"
         "rx = te.reduce_axis((0, 3), name=\"rx\")\n"
         "dw = te.compute((1, " +
         n(c) + ", " + n(in) + ", " + n(in) +
         "), lambda n, c, y, x: te.sum(pad[n, c, y + ry, x + rx] * kernel[c, 0, ry, rx], "
         "axis=[ry, rx]), name=\"dw\")\n"
         "s = te.create_schedule(dw.op)\n";
}

constexpr const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((96, 64), name="A")
B = te.placeholder((64, 128), name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((96, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

constexpr const char* kBatched = R"(import tvm
from tvm import te
A = te.placeholder((12, 64, 32), name="A")
B = te.placeholder((12, 32, 64), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((12, 64, 64), lambda b, i, j: te.sum(A[b, i, k] * B[b, k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)";

int64_t Rows(const Decisions& d, const std::string& stage, const std::string& axis) {
  auto it = d.values.find(TileKnobName(stage, axis));
  return it == d.values.end() || it->second.empty() ? -1 : it->second.back();
}

// The seeds of the plain tile rule (not the channel tile), in order.
std::vector<Decisions> PlainSeeds(const DesignSpace& space, const std::string& stage) {
  std::vector<Decisions> out;
  for (const Decisions& d : space.Seeds()) {
    auto it = d.values.find(ChannelKnobName(stage));
    if (it == d.values.end() || it->second != std::vector<int64_t>{1}) out.push_back(d);
  }
  return out;
}

}  // namespace

class TuneRowLoads : public QObject {
  Q_OBJECT

 private slots:
  // The loads of the step, from the body: the input read in vectors with c, y and x, the
  // weight broadcast with c alone.
  void loadsOfTheBody() {
    auto p = Load(Depthwise(16, 14));
    DesignSpace space = SpaceOf(p, IsaTarget("avx2"));
    const StageRule* rule = RuleOf(space, "dw");
    QVERIFY(rule);
    QCOMPARE(rule->loads.size(), size_t{2});
    for (const StageRule::Load& load : rule->loads) {
      if (load.vector)
        QCOMPARE(load.axes, (std::vector<std::string>{"n", "c", "y", "x"}));
      else
        QCOMPARE(load.axes, (std::vector<std::string>{"c"}));
    }
  }

  // The first plain tile: rows on y for the depthwise layer (none on c), on i for a GEMM,
  // on i rather than the batch for a batched matmul; AVX2 and AVX-512 widths.
  void firstPlainTileSharesItsLoads() {
    for (const char* isa : {"avx2", "avx512f"}) {
      auto dw = Load(Depthwise(32, 56));
      DesignSpace dws = SpaceOf(dw, IsaTarget(isa));
      const std::vector<Decisions> seeds = PlainSeeds(dws, "dw");
      QVERIFY(!seeds.empty());
      QVERIFY2(Rows(seeds.front(), "dw", "y") > 1, isa);
      QCOMPARE(Rows(seeds.front(), "dw", "c"), int64_t{1});
      // The channels parallel outside the row blocks; the tile in an accumulator with the
      // 3 x 3 window whole inside it, unrolled.
      QCOMPARE(seeds.front().values.at(TileKnobName("dw", "c")),
               (std::vector<int64_t>{32, 1, 1, 1}));
      QCOMPARE(seeds.front().values.at(CacheWriteKnobName("dw")), std::vector<int64_t>{1});
      QCOMPARE(seeds.front().values.at(TileKnobName("dw", "ry")), (std::vector<int64_t>{1, 3}));
      QCOMPARE(seeds.front().values.at(UnrollKnobName("dw")), std::vector<int64_t>{2});

      auto gemm = Load(kGemm);
      DesignSpace gs = SpaceOf(gemm, IsaTarget(isa));
      const std::vector<Decisions> gemm_seeds = PlainSeeds(gs, "C");
      QVERIFY(!gemm_seeds.empty());
      QVERIFY(Rows(gemm_seeds.front(), "C", "i") > 1);

      auto batched = Load(kBatched);
      DesignSpace bs = SpaceOf(batched, IsaTarget(isa));
      const std::vector<Decisions> batched_seeds = PlainSeeds(bs, "C");
      QVERIFY(!batched_seeds.empty());
      const Decisions& first = batched_seeds.front();
      QVERIFY(Rows(first, "C", "i") > 1);
      QCOMPARE(Rows(first, "C", "b"), int64_t{1});
    }
  }

  // The depthwise layer's first plain seeds (rows on y) run and agree with the te oracle,
  // the padding's guard at the edges included.
  void depthwiseRowSeedsMatchTheOracle() {
    for (const char* isa : {"avx2", "avx512f"}) {
      auto p = Load(Depthwise(16, 20));
      DesignSpace space = SpaceOf(p, IsaTarget(isa));
      const std::vector<te::Tensor> args = p.Arguments();
      int ran = 0;
      for (const Decisions& d : PlainSeeds(space, "dw")) {
        if (ran == 3 || Rows(d, "dw", "y") <= 1) break;
        auto valid = space.Validate(d, args);
        QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
        QCOMPARE(RunAgainstOracle(p, *valid), QString());
        ++ran;
      }
      QVERIFY2(ran > 0, isa);
    }
  }
};

}  // namespace tst_tune_row_loads

QTEST_GUILESS_MAIN(tst_tune_row_loads::TuneRowLoads)
#include "tst_tune_row_loads.moc"
