// LoopPartition: the guard a non-dividing split leaves (`likely(io*8 + ii < n)`) is
// removed from a main loop over the iterations where it always holds; a tail loop keeps
// it. Checked textually and by running both programs for several n.
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/LoopPartition.h"

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {

Expr Likely(Expr c) { return MakeCall(DataType::Bool(), "likely", {std::move(c)}); }

// B[io*8 + ii] = A[io*8 + ii] * 2 under `guard`, split by 8 over `extent` outer iterations.
PrimFunc SplitKernel(Expr n, Expr outer_extent, const std::function<Expr(Expr)>& guard,
                     ForKind inner = ForKind::Serial) {
  Buffer A = MakeBuffer("A", DataType::Float(32), {n});
  Buffer B = MakeBuffer("B", DataType::Float(32), {n});
  Var io("io"), ii("ii");
  Expr idx = io * 8 + ii;
  Stmt store = MakeBufferStore(B, MakeBufferLoad(A, {idx}) * FloatImm(DataType::Float(32), 2.0), {idx});
  Stmt s = MakeFor(io, 0, outer_extent, ForKind::Serial,
                   MakeFor(ii, 0, 8, inner, MakeIf(Likely(guard(idx)), store)));
  return MakePrimFunc("split", {A, B}, s);
}

PrimFunc Partitioned(const PrimFunc& f) {
  PrimFunc g = f;
  g.body = LoopPartition(f.body, PassContext());
  return g;
}

}  // namespace

class TestLoopPartition : public QObject {
  Q_OBJECT
 private slots:
  void symbolicTailIsSplitOff() {
    Var n = SizeVar("n");
    PrimFunc f = SplitKernel(n, ceildiv(n, 8), [&](Expr idx) { return lt(idx, n); });
    PrimFunc g = Partitioned(f);
    QString text = Text(g.body);
    // main loop: no guard; tail loop: the original guard.
    QStringList loops = text.split("for (io, ");
    QCOMPARE(loops.size(), 3);
    QVERIFY2(!loops[1].contains("likely"), qPrintable(text));
    QVERIFY2(loops[2].contains("likely"), qPrintable(text));
    QVERIFY2(loops[1].startsWith("0, floordiv(n, 8))"), qPrintable(text));
    for (int64_t size : {0, 5, 8, 13, 16, 23})
      ExpectSameResults(f, g, {{size}, {size}});
  }

  void constantTail() {
    PrimFunc f = SplitKernel(20, 3, [&](Expr idx) { return lt(idx, 20); });
    PrimFunc g = Partitioned(f);
    QString text = Text(g.body);
    QVERIFY2(text.startsWith("for (io, 0, 2) {\n  for (ii, 0, 8) {\n    B["), qPrintable(text));
    QVERIFY2(text.contains("for (io, 2, 1) {"), qPrintable(text));
    ExpectSameResults(f, g, {{20}, {20}});
  }

  void alwaysTrueGuardNeedsNoTail() {
    PrimFunc f = SplitKernel(24, 3, [&](Expr idx) { return lt(idx, 24); });
    QString text = Text(Partitioned(f).body);
    QVERIFY2(!text.contains("likely"), qPrintable(text));
    QCOMPARE(text.count("for (io"), 1);
  }

  void otherGuardFormsAreNormalised_data() {
    QTest::addColumn<int>("form");
    QTest::newRow("idx <= n - 1") << 0;
    QTest::newRow("n > idx") << 1;
    QTest::newRow("n - idx >= 1") << 2;
    QTest::newRow("conjunction with an invariant term") << 3;
  }
  void otherGuardFormsAreNormalised() {
    QFETCH(int, form);
    Var n = SizeVar("n");
    auto guard = [&](Expr idx) -> Expr {
      switch (form) {
        case 0: return le(idx, n - 1);
        case 1: return gt(n, idx);
        case 2: return ge(n - idx, 1);
        default: return logical_and(lt(idx, n), lt(idx, n + 3));
      }
    };
    PrimFunc f = SplitKernel(n, ceildiv(n, 8), guard);
    PrimFunc g = Partitioned(f);
    QCOMPARE(Text(g.body).count("for (io"), 2);
    for (int64_t size : {0, 7, 9, 16}) ExpectSameResults(f, g, {{size}, {size}});
  }

  void unsupportedGuardsAreLeftAlone_data() {
    QTest::addColumn<int>("form");
    QTest::newRow("lower bound (decreasing)") << 0;
    QTest::newRow("inequality") << 1;
    QTest::newRow("not likely") << 2;
  }
  void unsupportedGuardsAreLeftAlone() {
    QFETCH(int, form);
    Var n = SizeVar("n");
    PrimFunc f;
    if (form == 2) {
      Buffer A = MakeBuffer("A", DataType::Float(32), {n});
      Var i("i");
      f = MakePrimFunc("f", {A}, MakeFor(i, 0, n, ForKind::Serial,
                                         MakeIf(lt(i, n), MakeBufferStore(A, FloatImm(DataType::Float(32), 1.0), {i}))));
    } else {
      f = SplitKernel(n, ceildiv(n, 8), [&](Expr idx) { return form == 0 ? ge(idx, 3) : ne(idx, 5); });
    }
    QVERIFY(LoopPartition(f.body, PassContext()).same_as(f.body));
  }

  void guardOnTheInnerVariableOnly() {
    // for (o, 0, 4) for (i, 0, 8) if (likely(i < m)) ...: the inner loop is cut at m.
    Var m = SizeVar("m"), o("o"), i("i");
    Buffer A = MakeBuffer("A", DataType::Float(32), {32});
    Stmt s = MakeFor(o, 0, 4, ForKind::Serial, MakeFor(i, 0, 8, ForKind::Serial,
                     MakeIf(Likely(lt(i, m)), MakeBufferStore(A, FloatImm(DataType::Float(32), 1.0), {o * 8 + i}))));
    PrimFunc f = MakePrimFunc("f", {A}, s, {m});
    PrimFunc g = Partitioned(f);
    QCOMPARE(Text(g.body).count("for (i, "), 2);
    for (int64_t mv : {0, 3, 8, 12}) ExpectSameResults(f, g, {{32}}, {{"m", mv}});
  }
};

QTEST_APPLESS_MAIN(TestLoopPartition)
#include "tst_loop_partition.moc"
