// The GEMM register tiles of the generated space (core/tune/TileRule.cpp) against the
// register file of the target (TargetInfo, never this CPU): every seed's accumulators
// plus its operand vectors and a broadcast fit the vector registers (AVX2: 16 ymm,
// AVX-512: 32 zmm); on AVX2 the rows of a 1024-row GEMM may be ragged (6 rows, not a
// divisor of 1024: the last tile is peeled), so a 6 x 16 tile keeps 12 ymm accumulating
// where divisors stop at 4 x 16 (8: too few to cover the FMA latency of 2 pipes); a
// ragged split is a point of the space only when its outer factors cover the extent;
// ragged seeds run and match the te oracle.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tst_tune_register_file {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

std::string GemmSource(int m, int n, int k) {
  return "import tvm\nfrom tvm import te\n"
         "A = te.placeholder((" +
         std::to_string(m) + ", " + std::to_string(k) +
         "), name=\"A\")\n"
         "B = te.placeholder((" +
         std::to_string(k) + ", " + std::to_string(n) +
         "), name=\"B\")\n"
         "k = te.reduce_axis((0, " +
         std::to_string(k) +
         "), name=\"k\")\n"
         "C = te.compute((" +
         std::to_string(m) + ", " + std::to_string(n) +
         "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n";
}

script::ScriptProgram LoadGemm(int m, int n, int k) { return Load(GemmSource(m, n, k)); }

DesignSpace GemmSpace(const script::ScriptProgram& p, const TargetInfo& target) {
  return SpaceOf(p, target);
}

// A seed's register tile: rows (C.tile.i's innermost factor) x vectors of C.tile.j's.
struct GemmTile {
  int64_t rows = 1, vectors = 1;
  int64_t Accumulators() const { return rows * vectors; }
};

GemmTile TileOf(const Decisions& d, int lanes) {
  GemmTile t;
  t.rows = d.values.at("C.tile.i").back();
  t.vectors = (d.values.at("C.tile.j").back() + lanes - 1) / lanes;
  return t;
}

bool IsChannelSeed(const Decisions& d) {
  auto it = d.values.find("C.channel");
  return it != d.values.end() && it->second[0] == 1;  // ChannelTile's seeds: tst_tune_channel
}

}  // namespace

class TestTuneRegisterFile : public QObject {
  Q_OBJECT

 private slots:
  void gemmSeedsFitTheRegisterFile_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void gemmSeedsFitTheRegisterFile() {
    QFETCH(QString, isa);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = LoadGemm(1024, 1024, 1024);
    DesignSpace space = GemmSpace(p, target);
    const std::vector<Decisions> seeds = space.Seeds();
    QVERIFY(!seeds.empty());
    int64_t most = 0;
    for (const Decisions& d : seeds) {
      QVERIFY(space.Satisfies(d));
      if (IsChannelSeed(d)) continue;
      const GemmTile t = TileOf(d, target.vector_lanes);
      // Accumulators + one vector of B per column vector + the broadcast A value.
      QVERIFY2(t.Accumulators() + t.vectors + 1 <= target.vector_registers,
               (std::to_string(t.rows) + " x " + std::to_string(t.vectors) + " vectors").c_str());
      most = std::max(most, t.Accumulators());
    }
    // At least three quarters of the registers accumulate in the best-filled seed
    // (AVX2: 12 of 16 ymm — 6 x 2 vectors; AVX-512: 24 of 32 zmm).
    QVERIFY2(4 * most >= 3 * target.vector_registers, std::to_string(most).c_str());
  }

  // AVX2 on 1024 rows: a panel seed with the 6 x 16 tile (ragged rows: 171 tiles, the
  // last of 4 rows), the B panel packed; the AVX-512 panel seed of gemm_fast.py (8 x 32)
  // is still among the seeds.
  void gemmPanelSeedsPerTarget_data() {
    QTest::addColumn<QString>("isa");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::newRow("avx2 6x16") << "avx2" << 6 << 16;
    QTest::newRow("avx512 8x32") << "avx512f" << 8 << 32;
  }
  void gemmPanelSeedsPerTarget() {
    QFETCH(QString, isa);
    QFETCH(int, rows);
    QFETCH(int, cols);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = LoadGemm(1024, 1024, 1024);
    DesignSpace space = GemmSpace(p, target);
    const std::vector<int64_t> i = {1, (1024 + rows - 1) / rows, 1, rows};
    bool found = false;
    for (const Decisions& d : space.Seeds())
      if (!IsChannelSeed(d) && d.values.at("C.tile.i") == i &&
          d.values.at("C.tile.j").back() == cols && d.values.at("C.pack.B")[0] == 1)
        found = true;
    QVERIFY2(found, "no panel seed with the target's register tile");
  }

  // The wide panel seed (4 register tiles per B panel, S2): the whole reduction inside
  // S2 (R1), so each tile's accumulators stay in registers over all of k.
  void widePanelSeedKeepsTheReductionInside() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto p = LoadGemm(1024, 1024, 1024);
    DesignSpace space = GemmSpace(p, target);
    bool found = false;
    for (const Decisions& d : space.Seeds()) {
      if (IsChannelSeed(d) || d.values.at("C.tile.j") != std::vector<int64_t>{16, 1, 4, 16})
        continue;
      if (d.values.at("C.tile.i") != std::vector<int64_t>{1, 171, 1, 6}) continue;
      found = true;
      QCOMPARE(d.values.at("C.tile.k"), (std::vector<int64_t>{1, 1024}));
      QCOMPARE(d.values.at("C.pack.B")[0], int64_t{1});
    }
    QVERIFY2(found, "no wide panel seed with the 6 x 16 tile");
  }

  // Ragged splits are points of the space only on register-row axes, and only when the
  // outer factors cover the extent (ceil(100 / 6) = 17 tiles of 6 rows).
  void raggedRowsMustCoverTheExtent() {
    auto p = LoadGemm(100, 64, 48);
    DesignSpace space = GemmSpace(p, TargetInfoFromFeatures({"avx2"}, 2));
    Decisions d;
    for (const Decisions& s : space.Seeds())
      if (!IsChannelSeed(s)) {
        d = s;
        break;
      }
    QVERIFY(!d.values.empty());
    d.values["C.tile.i"] = {1, 17, 1, 6};
    d.values["C.tile.j"] = {4, 1, 1, 16};
    QVERIFY(space.Satisfies(d));
    d.values["C.tile.i"] = {1, 16, 1, 6};  // 96 rows: 4 left out
    QVERIFY(!space.Satisfies(d));
    d.values["C.tile.i"] = {1, 18, 1, 6};  // 108: a whole tile past the end
    QVERIFY(!space.Satisfies(d));
    d.values["C.tile.i"] = {1, 17, 1, 6};
    d.values["C.tile.j"] = {3, 1, 1, 24};  // the vector axis is never ragged
    QVERIFY(!space.Satisfies(d));
  }

  // Every seed with ragged rows (and samples drawn with them) compiles, runs and matches
  // the te oracle — the peeled last tile included.
  void raggedSeedsMatchTheOracle_data() {
    QTest::addColumn<QString>("isa");
    QTest::newRow("avx2") << "avx2";
    QTest::newRow("avx512") << "avx512f";
  }
  void raggedSeedsMatchTheOracle() {
    QFETCH(QString, isa);
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = LoadGemm(250, 64, 40);  // 250 rows: 6, 13, 14 or 29 rows per tile leave a partial one
    DesignSpace space = GemmSpace(p, target);
    int ragged = 0;
    for (const Decisions& d : space.Seeds()) {
      if (IsChannelSeed(d) || 250 % d.values.at("C.tile.i").back() == 0) continue;
      ++ragged;
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString failure = RunAgainstOracle(p, *valid);
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    QVERIFY(ragged > 0);
    std::mt19937_64 rng(7);
    int sampled = 0;
    for (int n = 0; n < 400 && sampled < 3; ++n) {
      Decisions d = space.Sample(rng);
      if (IsChannelSeed(d) || 250 % d.values.at("C.tile.i").back() == 0) continue;
      ++sampled;
      QVERIFY(space.Satisfies(d));
      auto valid = space.Validate(d, p.Arguments());
      QVERIFY2(valid.ok(),
               valid.ok() ? "" : (valid.error().message + "\n" + DesignSpace::Describe(d)).c_str());
      const QString failure = RunAgainstOracle(p, *valid);
      QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    QVERIFY(sampled > 0);
  }
};

}  // namespace tst_tune_register_file

QTEST_APPLESS_MAIN(tst_tune_register_file::TestTuneRegisterFile)
#include "tst_tune_register_file.moc"
