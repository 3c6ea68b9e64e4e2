// Register rows of a batched matmul (core/tune/TileRule.cpp, RegisterTiles): rows along an
// axis the vector operand depends on — the batch axis of P V (V[b, t, j] streams along j)
// or of Q K^T (K[b, j, d], packed in column panels) — each load vectors of their own, so a
// tile of 6 batch rows x 2 vectors loads 12 vectors and 6 broadcasts per reduction step
// where 6 rows of one matrix load 2 and 6. The seeds rank tiles by useful lanes per load
// counted that way: the densest tiles have their rows along i on AVX2 and AVX-512, while
// a plain GEMM keeps its ranking.
#include <QtTest>

#include "TuneTestSupport.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"

namespace tst_tune_batched_rows {

using namespace tessera;
using namespace tessera::tune;
using namespace tessera::tune::test;

namespace {

// O[b, i, j] = sum_t P[b, i, t] * V[b, t, j] (BERT-base's attention context).
constexpr const char* kContext = R"(import tvm
from tvm import te
P = te.placeholder((12, 128, 128), name="P")
V = te.placeholder((12, 128, 64), name="V")
t = te.reduce_axis((0, 128), name="t")
O = te.compute((12, 128, 64), lambda b, i, j: te.sum(P[b, i, t] * V[b, t, j], axis=t), name="O")
s = te.create_schedule(O.op)
)";

// S[b, i, j] = sum_d Q[b, i, d] * K[b, j, d] (its attention scores).
constexpr const char* kScores = R"(import tvm
from tvm import te
Q = te.placeholder((12, 128, 64), name="Q")
K = te.placeholder((12, 128, 64), name="K")
d = te.reduce_axis((0, 64), name="d")
S = te.compute((12, 128, 128), lambda b, i, j: te.sum(Q[b, i, d] * K[b, j, d], axis=d), name="S")
s = te.create_schedule(S.op)
)";

bool IsChannelSeed(const Decisions& d, const std::string& stage) {
  auto it = d.values.find(stage + ".channel");
  return it != d.values.end() && it->second[0] == 1;
}

// The register rows of a tile seed along `axis` (the innermost factor of its split).
int64_t Rows(const Decisions& d, const std::string& stage, const std::string& axis) {
  return d.values.at(stage + ".tile." + axis).back();
}

}  // namespace

class TestTuneBatchedRows : public QObject {
  Q_OBJECT

 private slots:
  void densestSeedsTileOneMatrix_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("stage");
    QTest::addColumn<QString>("isa");
    QTest::newRow("context avx2") << kContext << "O"
                                  << "avx2";
    QTest::newRow("context avx512") << kContext << "O"
                                    << "avx512f";
    QTest::newRow("scores avx2") << kScores << "S"
                                 << "avx2";
    QTest::newRow("scores avx512") << kScores << "S"
                                   << "avx512f";
  }
  // The first tile seed (the densest register tile's first structure) has its rows along
  // i, as many as the registers allow (AVX2: 6 x 2 ymm, AVX-512: 6 x 4 zmm, ragged on
  // 128 rows), and no batch rows; before, 6 heads x 2 vectors came first (it ranked
  // as one matrix's 6 x 16).
  void densestSeedsTileOneMatrix() {
    QFETCH(QString, source);
    QFETCH(QString, stage);
    QFETCH(QString, isa);
    const std::string st = stage.toStdString();
    const TargetInfo target = TargetInfoFromFeatures({isa.toStdString()}, 2);
    auto p = Load(source.toStdString());
    DesignSpace space = SpaceOf(p, target);
    const std::vector<Decisions> seeds = space.Seeds();
    const Decisions* first = nullptr;
    for (const Decisions& d : seeds)
      if (!IsChannelSeed(d, st)) {
        first = &d;
        break;
      }
    QVERIFY(first);
    const QByteArray text = QByteArray::fromStdString(DesignSpace::Describe(*first));
    QVERIFY2(Rows(*first, st, "b") == 1, text.constData());
    QVERIFY2(Rows(*first, st, "i") == 6, text.constData());
  }

  // A plain GEMM (B[k, j] streams along j, independent of i) keeps the 6 x 16 tile first
  // on AVX2: rows along an axis the vector operand does not depend on share its vectors.
  void gemmKeepsItsFirstTile() {
    const TargetInfo target = TargetInfoFromFeatures({"avx2"}, 2);
    auto p = Load(R"(import tvm
from tvm import te
A = te.placeholder((256, 96), name="A")
B = te.placeholder((96, 128), name="B")
k = te.reduce_axis((0, 96), name="k")
C = te.compute((256, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
)");
    DesignSpace space = SpaceOf(p, target);
    for (const Decisions& d : space.Seeds()) {
      if (IsChannelSeed(d, "C")) continue;
      QCOMPARE(Rows(d, "C", "i"), int64_t{6});
      QCOMPARE(d.values.at("C.tile.j").back(), int64_t{16});
      return;
    }
    QFAIL("no tile seed");
  }
};

}  // namespace tst_tune_batched_rows

QTEST_APPLESS_MAIN(tst_tune_batched_rows::TestTuneBatchedRows)
#include "tst_tune_batched_rows.moc"
