// Ragged vector columns in the generated space (core/tune/TileRule.cpp, Knob.cpp): where
// the vectorized axis is no multiple of the vector width (a GEMM of primes), its tile is
// a whole number of vectors that need not divide the extent — the outer factors cover it
// and the lowering peels the last, partial tile — so such a GEMM is vectorized at all:
// its divisors offer only 1-wide tiles. A ragged column split is a point of the space
// only in whole vectors and when it covers the extent; axes that tiles of 1, 2 and 4
// vectors all divide keep exact splits, and those that only 1-vector tiles divide (a
// 28 x 28 plane on AVX-512) get the wider tiles ragged; the seeds and most samples of a
// prime axis have vector columns, and they run and match the te oracle.
#include <QtTest>
#include <functional>
#include <numeric>
#include <optional>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/KnobNames.h"
#include "tune/TargetInfo.h"

namespace tst_tune_ragged_columns {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

std::string GemmSource(int m, int n, int k) {
  return "import tvm\nfrom tvm import te\n"
         "A = te.placeholder((" +
         std::to_string(m) + ", " + std::to_string(k) + "), name=\"A\")\nB = te.placeholder((" +
         std::to_string(k) + ", " + std::to_string(n) + "), name=\"B\")\nk = te.reduce_axis((0, " +
         std::to_string(k) + "), name=\"k\")\nC = te.compute((" + std::to_string(m) + ", " +
         std::to_string(n) +
         "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n";
}

bool IsChannelSeed(const Decisions& d) {
  auto it = d.values.find("C.channel");
  return it != d.values.end() && it->second[0] == 1;
}

// The first seed of the ordinary tile rule (not ChannelTile's).
Decisions FirstTileSeed(const DesignSpace& space) {
  for (const Decisions& d : space.Seeds())
    if (!IsChannelSeed(d)) return d;
  return {};
}

// Whether `d`'s columns are whole vectors that do not divide `extent`.
bool RaggedVectorColumns(const Decisions& d, int64_t extent, int lanes) {
  const int64_t cols = d.values.at("C.tile.j").back();
  return cols % lanes == 0 && extent % cols != 0;
}

QByteArray Describe(const Decisions& d) {
  return QByteArray::fromStdString(DesignSpace::Describe(d));
}

}  // namespace

class TestTuneRaggedColumns : public QObject {
  Q_OBJECT

 private slots:
  // 211 columns (prime) on AVX2: 27 tiles of 8 (the last of 3) is a point; 26 or 28
  // tiles are not, nor a ragged tile of 12 (one and a half vectors). 96 columns divide by
  // the vector width: no ragged split there.
  void raggedColumnsMustBeWholeVectorsCoveringTheExtent() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto p = Load(GemmSource(64, 211, 29));
    DesignSpace space = SpaceOf(p, target);
    const Knob* j = KnobOf(space, "C.tile.j");
    QVERIFY(j);
    QVERIFY(j->ragged_innermost);
    QCOMPARE(j->ragged_multiple, int64_t{8});
    Decisions d = FirstTileSeed(space);
    QVERIFY(!d.values.empty());
    d.values["C.tile.j"] = {27, 1, 1, 8};
    QVERIFY2(space.Satisfies(d), Describe(d).constData());
    d.values["C.tile.j"] = {9, 1, 3, 8};
    QVERIFY2(space.Satisfies(d), Describe(d).constData());
    d.values["C.tile.j"] = {26, 1, 1, 8};  // 208 columns: 3 left out
    QVERIFY(!space.Satisfies(d));
    d.values["C.tile.j"] = {28, 1, 1, 8};  // a whole tile past the end
    QVERIFY(!space.Satisfies(d));
    d.values["C.tile.j"] = {18, 1, 1, 12};
    QVERIFY(!space.Satisfies(d));

    auto even = Load(GemmSource(64, 96, 29));
    DesignSpace even_space = SpaceOf(even, target);
    QVERIFY(!KnobOf(even_space, "C.tile.j")->ragged_innermost);
    Decisions e = FirstTileSeed(even_space);
    QVERIFY(!e.values.empty());
    e.values["C.tile.j"] = {3, 1, 1, 40};
    QVERIFY(!even_space.Satisfies(e));
  }

  // A prime column count: the divisors give 1-wide tiles only, so without ragged columns
  // no sample was vectorized; now most are, and every sample is a point of the space.
  void primeColumnsSampleWholeVectors_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void primeColumnsSampleWholeVectors() {
    QFETCH(QString, isa);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(GemmSource(64, 211, 29));
    DesignSpace space = SpaceOf(p, target);
    std::mt19937_64 rng(11);
    int tile_samples = 0, vector_samples = 0;
    for (int n = 0; n < 200; ++n) {
      Decisions d = space.Sample(rng);
      QVERIFY2(space.Satisfies(d), Describe(d).constData());
      if (IsChannelSeed(d)) continue;
      ++tile_samples;
      if (RaggedVectorColumns(d, 211, target.vector_lanes)) ++vector_samples;
    }
    QVERIFY(tile_samples > 50);
    QVERIFY2(2 * vector_samples > tile_samples,
             (std::to_string(vector_samples) + " of " + std::to_string(tile_samples)).c_str());
  }

  // The 997 x 1013 x 1009 GEMM: its seeds include a packed panel of whole vectors
  // of columns (ragged), all of them points of the space.
  void awkwardGemmSeedsHaveVectorPanels_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void awkwardGemmSeedsHaveVectorPanels() {
    QFETCH(QString, isa);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(GemmSource(997, 1013, 1009));
    DesignSpace space = SpaceOf(p, target);
    bool panel = false;
    for (const Decisions& d : space.Seeds()) {
      QVERIFY2(space.Satisfies(d), Describe(d).constData());
      if (!IsChannelSeed(d) && RaggedVectorColumns(d, 1013, target.vector_lanes) &&
          d.values.at("C.pack.B")[0] == 1)
        panel = true;
    }
    QVERIFY(panel);
  }

  // A 28 x 28 plane (784 = 49 x 16 pixels) divides into 1-vector column tiles only on
  // AVX-512 and into no 4-vector tile on AVX2: the fused plane of a pointwise convolution
  // gets ragged tiles of 2 or 4 vectors too (the last tile one vector), and such a seed
  // runs and matches the te oracle.
  void planeOfOneVectorDivisorsGetsWiderRaggedTiles_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void planeOfOneVectorDivisorsGetsWiderRaggedTiles() {
    QFETCH(QString, isa);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    const int64_t lanes = target.vector_lanes, plane = 28 * 28;
    auto p = Load(PointwiseScript(32, 28, 48));
    DesignSpace space = SpaceOf(p, target);
    const std::string knob = TileKnobName("conv", "y.x.fused");
    const Knob* fused = KnobOf(space, knob);
    QVERIFY(fused);
    QVERIFY(fused->ragged_innermost);
    std::optional<Decisions> wide;
    for (const Decisions& d : space.Seeds()) {
      QVERIFY2(space.Satisfies(d), Describe(d).constData());
      if (KnobValue(d, FuseKnobName("conv")) != 1) continue;
      const int64_t cols = d.values.at(knob).back();
      if (cols > lanes && cols % lanes == 0 && plane % cols != 0 && !wide) wide = d;
    }
    QVERIFY2(wide, "no fused seed of whole vectors wider than one that does not divide 784");
    const std::vector<int64_t>& f = wide->values.at(knob);
    QCOMPARE(std::accumulate(f.begin(), f.end() - 1, int64_t{1}, std::multiplies<>()),
             (plane + f.back() - 1) / f.back());  // the outer tiles cover the plane
    auto valid = space.Validate(*wide, p.Arguments());
    QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
    const QString failure = RunAgainstOracle(p, *valid);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }

  // Seeds with ragged columns and samples with them compile, run and match the te oracle: the
  // peeled last column tile, and the packed panel clipped to it.
  void raggedColumnSeedsMatchTheOracle_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void raggedColumnSeedsMatchTheOracle() {
    QFETCH(QString, isa);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(GemmSource(64, 211, 29));
    DesignSpace space = SpaceOf(p, target);
    // One packed-panel seed and one seed of another structure (rows or blocked).
    std::vector<Decisions> chosen;
    bool panel = false, other = false;
    for (const Decisions& d : space.Seeds()) {
      if (IsChannelSeed(d) || !RaggedVectorColumns(d, 211, target.vector_lanes)) continue;
      bool& seen = d.values.at("C.pack.B")[0] == 1 ? panel : other;
      if (!seen) chosen.push_back(d);
      seen = true;
    }
    QVERIFY(panel && other);
    std::mt19937_64 rng(3);
    int sampled = 0;
    for (int n = 0; n < 200 && sampled < 2; ++n) {
      Decisions d = space.Sample(rng);
      if (IsChannelSeed(d) || !RaggedVectorColumns(d, 211, target.vector_lanes)) continue;
      ++sampled;
      chosen.push_back(d);
    }
    QCOMPARE(sampled, 2);
    for (const Decisions& d : chosen) {
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString failure = RunAgainstOracle(p, *valid);
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
  }
};

}  // namespace tst_tune_ragged_columns

QTEST_APPLESS_MAIN(tst_tune_ragged_columns::TestTuneRaggedColumns)
#include "tst_tune_ragged_columns.moc"
