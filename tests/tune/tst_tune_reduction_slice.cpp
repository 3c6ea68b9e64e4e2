// The panel seed with its reduction sliced to fit L1 (core/tune/TileRule.cpp,
// ReductionSlice): where the best-ranked tile's column panel over the whole reduction
// does not fit half of L1 (read at run time: TargetInfo::l1_bytes), one more panel seed
// splits the first reduction axis into slices that fit beside the column's accumulators,
// outside the row tiles. Checked: the slice follows L1's size, no slice where the panel
// fits, and the sliced seeds of a GEMM and of a dense layer with bias (W in column panels,
// the accumulator cache_write's) against the te oracle.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_reduction_slice {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// A dense layer with bias, W as [out, in] (bert_qkv's form, smaller).
constexpr const char* kDenseBias = R"(import tvm
from tvm import te
X = te.placeholder((48, 768), name="X")
W = te.placeholder((64, 768), name="W")
bias = te.placeholder((64,), name="bias")
k = te.reduce_axis((0, 768), name="k")
dense = te.compute((48, 64), lambda i, j: te.sum(X[i, k] * W[j, k], axis=k), name="dense")
Y = te.compute((48, 64), lambda i, j: dense[i, j] + bias[j], name="Y")
s = te.create_schedule(Y.op)
)";

TargetInfo Avx2WithL1(int64_t l1_bytes) {
  TargetInfo t = TargetInfoFromFeatures({"avx2", "fma"}, 2);
  t.l1_bytes = l1_bytes;
  return t;
}

// The slices of the seeds that split `k` in slices outside row tiles of i (S2 > 1), in
// seed order.
std::vector<int64_t> SliceSizes(const DesignSpace& space, const std::string& stage) {
  std::vector<int64_t> out;
  for (const Decisions& d : space.Seeds()) {
    auto k = d.values.find(TileKnobName(stage, "k"));
    auto i = d.values.find(TileKnobName(stage, "i"));
    if (k == d.values.end() || i == d.values.end() || k->second.size() != 2 ||
        i->second.size() != 4)
      continue;
    if (k->second[0] > 1 && k->second[1] > 4 && i->second[2] > 1 && i->second[1] == 1)
      out.push_back(k->second[1]);
  }
  return out;
}

}  // namespace

class TestTuneReductionSlice : public QObject {
  Q_OBJECT

 private slots:
  // C = A B, 48 x 768 x 64: a column panel of 16 over the whole reduction is 48 KB.
  // 6 x 16 tile, 48 rows: the accumulators take 3 KB; the slice is the largest divisor of
  // 768 whose 16-float rows fit the rest of half of L1.
  void theSliceFollowsTheL1Size() {
    auto p = Load(GemmScript(48, 64, 768));
    QCOMPARE(SliceSizes(SpaceOf(p, Avx2WithL1(32 * 1024)), "C"), std::vector<int64_t>{192});
    QCOMPARE(SliceSizes(SpaceOf(p, Avx2WithL1(64 * 1024)), "C"), std::vector<int64_t>{384});
    // The whole panel (48 KB) fits half of 256 KiB: no slice.
    QVERIFY(SliceSizes(SpaceOf(p, Avx2WithL1(256 * 1024)), "C").empty());
  }

  void slicedSeedsMatchTheOracle_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("stage");
    QTest::newRow("gemm, B panels") << QString::fromStdString(GemmScript(48, 64, 768)) << "C";
    QTest::newRow("dense with bias, W panels") << kDenseBias << "Y";
  }
  void slicedSeedsMatchTheOracle() {
    QFETCH(QString, source);
    QFETCH(QString, stage);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, Avx2WithL1(32 * 1024));
    // With an epilogue the tiling is on the epilogue's stage, the reduction's knobs too.
    const std::string knob_stage = stage == "Y" ? "dense" : stage.toStdString();
    int checked = 0;
    for (const Decisions& d : space.Seeds()) {
      auto k = d.values.find(TileKnobName(knob_stage, "k"));
      auto i = d.values.find(TileKnobName(knob_stage, "i"));
      if (k == d.values.end() || i == d.values.end() || k->second[0] <= 1 || k->second[1] <= 4 ||
          i->second[2] <= 1)
        continue;
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString failure = RunAgainstOracle(p, *valid, "slice_" + std::to_string(checked));
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
      ++checked;
    }
    QCOMPARE(checked, 1);
  }
};

}  // namespace tst_tune_reduction_slice

QTEST_APPLESS_MAIN(tst_tune_reduction_slice::TestTuneReductionSlice)
#include "tst_tune_reduction_slice.moc"
