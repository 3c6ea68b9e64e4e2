// LowerFloorDivMod, after the bound-info RFC: floordiv/floormod become C's / and %
// exactly when the dividend and the divisor are provably non-negative. The RFC's
// flatten example: B[i] = A[floormod(i, n)][floordiv(i, n)] for i in [0, n*n).
#include <QtTest>

#include "ArithTestSupport.h"

namespace tst_divmod_lowering {

using namespace tessera::arith;
using namespace tessera::arith::test;

namespace {
// A[floormod(i, n)][floordiv(i, n)] written as a call so that both indices print.
Expr FlattenIndices(const Expr& i, const Expr& n) {
  return MakeCall(DataType::Int(32), "A", {floormod(i, n), floordiv(i, n)});
}
}  // namespace

class TestDivModLowering : public QObject {
  Q_OBJECT

 private slots:
  void flattenExampleWithBoundInformation() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.i, Range(0, v.n * v.n));  // for (i, 0, n * n), n = te.size_var("n")
    QCOMPARE(Str(an.LowerFloorDivMod(floormod(v.i, v.n))), QString("(i % n)"));
    QCOMPARE(Str(an.LowerFloorDivMod(floordiv(v.i, v.n))), QString("(i / n)"));
    QCOMPARE(Str(an.LowerFloorDivMod(FlattenIndices(v.i, v.n))), QString("A((i % n), (i / n))"));
  }

  void flattenExampleWithoutBoundInformation() {
    Vars& v = V();
    // A fresh analyzer: nothing says i >= 0 (the developer forgot the loop context).
    Analyzer fresh;
    QCOMPARE(Str(fresh.LowerFloorDivMod(FlattenIndices(v.i, v.n))),
             QString("A(floormod(i, n), floordiv(i, n))"));
    // A plain var n (not a size var) carries no sign even when i is bound.
    Analyzer bound;
    bound.Bind(v.i, Range(0, v.plain_n * v.plain_n));
    QCOMPARE(Str(bound.LowerFloorDivMod(FlattenIndices(v.i, v.plain_n))),
             QString("A(floormod(i, n), floordiv(i, n))"));
    // An assertion `n >= 0` (the RFC's proposal 1) restores it.
    bound.AddAssumption(v.plain_n >= 0);
    QCOMPARE(Str(bound.LowerFloorDivMod(FlattenIndices(v.i, v.plain_n))),
             QString("A((i % n), (i / n))"));
  }

  void lowering_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    Vars& v = V();
    Expr x = v.x, z = v.z, n = v.n;
    auto row = [](const char* name, const Expr& e, const char* s) {
      QTest::newRow(name) << e << QString(s);
    };
    row("floordiv(x, 8), x in [0, 64)", floordiv(x, 8), "(x / 8)");
    row("floormod(x, 8)", floormod(x, 8), "(x % 8)");
    row("floordiv(x - 4, 8) may be negative", floordiv(x - 4, 8), "floordiv((x - 4), 8)");
    row("negative divisor", floordiv(x, -8), "floordiv(x, -8)");
    row("unbound dividend", floordiv(z, 8), "floordiv(z, 8)");
    row("size var dividend", floordiv(n, 4), "(n / 4)");
    row("size var both", floormod(n, v.m), "(n % m)");
    row("product of size vars", floordiv(n * v.m, 16), "((n*m) / 16)");
    row("nested", floordiv(floormod(x, 16) + 8, 4), "(((x % 16) + 8) / 4)");
    row("inner may be negative", floordiv(floormod(x, 16) - 1, 4), "floordiv(((x % 16) - 1), 4)");
    row("unbound inner stays floor", floordiv(floormod(z, 16), 4), "(floormod(z, 16) / 4)");
    row("truncdiv untouched", truncdiv(z, 8), "(z / 8)");
    row("inside select", select(z < 0, floordiv(x, 2), 0), "select((z < 0), (x / 2), 0)");
  }
  void lowering() {
    QFETCH(Expr, expr);
    QFETCH(QString, expected);
    Analyzer an;
    an.Bind(V().x, Range(0, 64));
    QCOMPARE(Str(an.LowerFloorDivMod(expr)), expected);
  }

  void scopedConstraintEnablesLowering() {
    Vars& v = V();
    Analyzer an;
    Expr e = floordiv(v.z, 8);
    {
      auto scope = an.EnterConstraint(v.z >= 0);
      QCOMPARE(Str(an.LowerFloorDivMod(e)), QString("(z / 8)"));
    }
    QCOMPARE(Str(an.LowerFloorDivMod(e)), QString("floordiv(z, 8)"));
  }
};

}  // namespace tst_divmod_lowering

QTEST_APPLESS_MAIN(tst_divmod_lowering::TestDivModLowering)
#include "tst_divmod_lowering.moc"
