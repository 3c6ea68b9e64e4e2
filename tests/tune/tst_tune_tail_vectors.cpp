// te schedules whose vectorized axis does not divide by its split (a GEMM register tile
// on a prime number of columns, an element-wise split with every tail of a vector)
// compile, run and match the te oracle now that the peeled tail runs as a narrower or
// masked vector (transform/VectorizeLoops).
#include <QtTest>

#include "TuneTestSupport.h"

namespace tst_tune_tail_vectors {

using namespace tessera;

namespace {

// `failure` empty when the script's schedule runs and matches the te oracle.
QString Measure(const std::string& script, const std::string& id) {
  runner::MeasureRequest request;
  request.id = id;
  request.script = script;
  request.warmup = 0;
  request.repeat = 1;
  request.check = true;
  runner::MeasureResult r = runner::MeasureOne(request, "");
  if (r.status != runner::MeasureStatus::Ok)
    return QString::fromStdString(std::string(runner::MeasureStatusName(r.status)) + ": " +
                                  r.message + "\n" + script);
  return {};
}

}  // namespace

class TestTuneTailVectors : public QObject {
  Q_OBJECT

 private slots:
  // C = A B on 13 x n x 11 with a 4 x 16 tile, the accumulator cached per tile
  // (cache_write at the column tile, its columns vectorized, rows unrolled): the last
  // column tile holds n % 16 columns, the last row tile 1 row.
  void gemmTileWithARaggedColumnTile_data() {
    QTest::addColumn<int>("columns");
    for (int n : {17, 21, 31, 37, 47}) QTest::addRow("%d columns", n) << n;
  }
  void gemmTileWithARaggedColumnTile() {
    QFETCH(int, columns);
    const std::string n = std::to_string(columns);
    const std::string script = R"(import tvm
from tvm import te
A = te.placeholder((13, 11), name="A")
B = te.placeholder((11, )" + n +
                               R"(), name="B")
k = te.reduce_axis((0, 11), name="k")
C = te.compute((13, )" + n + R"(), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
s = te.create_schedule(C.op)
CC = s.cache_write(C, "global")
i, j = s[C].op.axis
io, jo, ii, ji = s[C].tile(i, j, 4, 16)
s[CC].compute_at(s[C], jo)
ci, cj = s[CC].op.axis
(kk,) = s[CC].op.reduce_axis
s[CC].reorder(kk, ci, cj)
s[CC].vectorize(cj)
s[CC].unroll(ci)
s[C].vectorize(ji)
)";
    const QString failure = Measure(script, "gemm_tail_" + n);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }

  // B = A * 2 + 1 split by 8 and by 16 with every tail length, in place of a second
  // tensor and with a stride-2 read.
  void elementwiseSplitEveryTail_data() {
    QTest::addColumn<int>("factor");
    QTest::addColumn<int>("tail");
    for (int factor : {8, 16})
      for (int tail = 1; tail < factor; tail += (factor == 16 ? 2 : 1))
        QTest::addRow("factor %d, tail %d", factor, tail) << factor << tail;
  }
  void elementwiseSplitEveryTail() {
    QFETCH(int, factor);
    QFETCH(int, tail);
    const std::string n = std::to_string(3 * factor + tail), f = std::to_string(factor);
    const std::string script = R"(import tvm
from tvm import te
A = te.placeholder((2 * )" + n +
                               R"(,), name="A")
B = te.compute(()" + n + R"(,), lambda x: A[2 * x] * 2.0 + A[x], name="B")
s = te.create_schedule(B.op)
xo, xi = s[B].split(B.op.axis[0], factor=)" +
                               f + R"()
s[B].vectorize(xi)
)";
    const QString failure = Measure(script, "split_tail_" + f + "_" + std::to_string(tail));
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
  }
};

}  // namespace tst_tune_tail_vectors

QTEST_APPLESS_MAIN(tst_tune_tail_vectors::TestTuneTailVectors)
#include "tst_tune_tail_vectors.moc"
