// ModularSetAnalyzer: { coeff*k + base } sets of integer expressions (4*x + 2 is
// "2 mod 4"), from arithmetic, bindings and constraints such as floormod(z, 4) == 1.
#include <QtTest>

#include "ArithTestSupport.h"

namespace tst_modular_set {

using namespace tessera::arith;
using namespace tessera::arith::test;

class TestModularSet : public QObject {
  Q_OBJECT

 private slots:
  // x, y unbound; p in [0, 16) (non-negative); q bound to the constant 5 (extent 1).
  void modularSets_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<qint64>("coeff");
    QTest::addColumn<qint64>("base");
    Vars& v = V();
    Expr x = v.x, y = v.y, p = v.i, q = v.j;
    auto row = [](const char* name, const Expr& e, qint64 c, qint64 b) {
      QTest::newRow(name) << e << c << b;
    };
    row("4*x + 2", Expr(4) * x + 2, 4, 2);
    row("x*4 + 6", x * 4 + 6, 4, 2);
    row("8*x + 4*y", x * 8 + y * 4, 4, 0);
    row("x*6 + x*9", x * 6 + x * 9, 3, 0);
    row("constant", Expr(7), 0, 7);
    row("variable", x, 1, 0);
    row("(4x + 2)*3", (x * 4 + 2) * 3, 12, 6);
    row("(4x + 2)*(2y + 1)", (x * 4 + 2) * (y * 2 + 1), 4, 2);
    row("4x - 1", x * 4 - 1, 4, 3);
    row("-4x + 2", Expr(2) - x * 4, 4, 2);
    row("floordiv(8x + 4, 2)", floordiv(x * 8 + 4, 2), 4, 2);
    row("floordiv(8x + 4, 3)", floordiv(x * 8 + 4, 3), 1, 0);
    row("floormod(8x + 5, 4)", floormod(x * 8 + 5, 4), 0, 1);
    row("floormod(6x + 1, 4)", floormod(x * 6 + 1, 4), 2, 1);
    row("min(4x, 4y + 8)", min(x * 4, y * 4 + 8), 4, 0);
    row("max(4x + 1, 4y + 3)", max(x * 4 + 1, y * 4 + 3), 2, 1);
    row("select", select(v.b, x * 4 + 1, y * 4 + 3), 2, 1);
    row("truncdiv(8p + 4, 4) non-negative", truncdiv(p * 8 + 4, 4), 2, 1);
    row("truncdiv(8x + 4, 4) unknown sign", truncdiv(x * 8 + 4, 4), 1, 0);
    row("truncmod(8p + 5, 4)", truncmod(p * 8 + 5, 4), 0, 1);
    row("range of extent 1", q * 3, 0, 15);
    row("x*y", x * y, 1, 0);
  }
  void modularSets() {
    QFETCH(Expr, expr);
    QFETCH(qint64, coeff);
    QFETCH(qint64, base);
    Analyzer an;
    an.Bind(V().i, Range(0, 16));
    an.Bind(V().j, Range(5, 1));
    ModularSet m = an.modular_set(expr);
    QCOMPARE(m.coeff, coeff);
    QCOMPARE(m.base, base);
  }

  void constraintGivesResidue() {
    Vars& v = V();
    Analyzer an;
    QCOMPARE(an.modular_set(v.z).coeff, qint64(1));
    {
      auto scope = an.EnterConstraint(eq(floormod(v.z, 4), 1));
      ModularSet m = an.modular_set(v.z * 2);
      QCOMPARE(m.coeff, qint64(8));
      QCOMPARE(m.base, qint64(2));
      // and the simplifier uses it
      QCOMPARE(Str(an.Simplify(floormod(v.z * 2 + 1, 8))), QString("3"));
    }
    QCOMPARE(an.modular_set(v.z).coeff, qint64(1));
  }

  void valueBinding() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.w, v.x * 3);
    ModularSet m = an.modular_set(v.w * 2);
    QCOMPARE(m.coeff, qint64(6));
    QCOMPARE(m.base, qint64(0));
  }

  void equalityDecidedByResidues() {
    Vars& v = V();
    Analyzer an;
    QVERIFY(an.CanProve(ne(v.x * 4 + 2, v.y * 8)));
    QVERIFY(!an.CanProve(ne(v.x * 4, v.y * 8)));
  }
};

}  // namespace tst_modular_set

QTEST_APPLESS_MAIN(tst_modular_set::TestModularSet)
#include "tst_modular_set.moc"
