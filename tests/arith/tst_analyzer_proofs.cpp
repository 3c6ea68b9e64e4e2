// CanProve and friends: conditions simplified to a constant, constant bounds of a - b,
// and the linear facts of loop ranges and constraints (i < n*n inside for (i, 0, n*n)).
#include <QtTest>

#include "ArithTestSupport.h"

namespace tst_analyzer_proofs {

using namespace tessera::arith;
using namespace tessera::arith::test;

class TestAnalyzerProofs : public QObject {
  Q_OBJECT

 private slots:
  // x in [0, 8), i in [0, n*n), j in [0, m); z unbound.
  void canProve_data() {
    QTest::addColumn<Expr>("condition");
    QTest::addColumn<bool>("provable");
    Vars& v = V();
    Expr x = v.x, z = v.z, n = v.n, m = v.m, i = v.i, j = v.j;
    auto row = [](const char* name, const Expr& e, bool p) { QTest::newRow(name) << e << p; };
    row("x < 8", x < 8, true);
    row("x < 7", x < 7, false);
    row("x >= 0", x >= 0, true);
    row("x*x < 64", x * x < 64, true);
    row("z + 1 > z", z + 1 > z, true);
    row("z < z + 1 && x < 9", z < z + 1 && x < 9, true);
    row("z < 0", z < 0, false);
    row("z < 0 || z >= 0", z < 0 || z >= 0, true);
    row("n >= 0 (size var)", n >= 0, true);
    row("n > 0 (size var may be 0)", n > 0, false);
    row("i < n*n", i < n * n, true);
    row("i <= n*n - 1", i <= n * n - 1, true);
    row("i < n*n - 1", i < n * n - 1, false);
    row("i >= 0", i >= 0, true);
    row("j < m", j < m, true);
    row("j + 1 <= m", j + 1 <= m, true);
    row("j < n", j < n, false);
    row("floormod(z, 8) < 8", floormod(z, 8) < 8, true);
    row("truncmod(z, 8) >= 0", truncmod(z, 8) >= 0, false);
    row("floordiv(x, 2)*2 <= x", floordiv(x, 2) * 2 <= x, true);
    row("min(z, 3) <= 3", min(z, 3) <= 3, true);
    row("max(z, 3) >= z", max(z, 3) >= z, true);
    row("undefined condition", Expr(), false);
  }
  void canProve() {
    QFETCH(Expr, condition);
    QFETCH(bool, provable);
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    an.Bind(v.i, Range(0, v.n * v.n));
    an.Bind(v.j, Range(0, v.m));
    QCOMPARE(an.CanProve(condition), provable);
  }

  void canProveGreaterEqualAndLess() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    QVERIFY(an.CanProveGreaterEqual(v.x, 0));
    QVERIFY(!an.CanProveGreaterEqual(v.x, 1));
    QVERIFY(an.CanProveGreaterEqual(v.n, 0));
    QVERIFY(an.CanProveGreaterEqual(v.x * 2 + 3, 3));
    QVERIFY(an.CanProveLess(v.x, 8));
    QVERIFY(!an.CanProveLess(v.x, 7));
    QVERIFY(an.CanProveLess(floormod(v.z, 4), 4));
    QVERIFY(!an.CanProveLess(v.z, 100));
    QVERIFY(!an.CanProveGreaterEqual(Expr(), 0));
  }

  void canProveEqual() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.y, Range(0, 8));
    QVERIFY(an.CanProveEqual(v.x + v.z, v.z + v.x));
    QVERIFY(an.CanProveEqual(floordiv(v.x * 8 + v.y, 8), v.x));
    QVERIFY(an.CanProveEqual(floordiv(v.x, 4) * 4 + floormod(v.x, 4), v.x));
    QVERIFY(an.CanProveEqual((v.x + 1) * (v.x - 1), v.x * v.x - 1));
    QVERIFY(!an.CanProveEqual(v.x, v.z));
    QVERIFY(!an.CanProveEqual(floordiv(v.x * 8 + v.z, 8), v.x));
    QVERIFY(an.CanProveEqual(v.b, v.b));
  }

  void bindingIsKeptUnlessOverridden() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    an.Bind(v.x, Range(0, 100));
    QCOMPARE(an.const_int_bound(v.x).max_value, qint64(7));
    an.Bind(v.x, Range(0, 100), true);
    QCOMPARE(an.const_int_bound(v.x).max_value, qint64(99));
    an.Bind(v.x, Expr(3), true);
    QCOMPARE(Str(an.Simplify(v.x + 1)), QString("4"));
  }

  void undefinedInputsDoNotCrash() {
    Analyzer an;
    an.Bind(Var(), Range(0, 4));
    an.Bind(V().x, Range());
    an.Bind(V().x, Expr());
    an.AddAssumption(Expr());
    QVERIFY(!an.Simplify(Expr()).defined());
    QVERIFY(!an.canonical_simplify(Expr()).defined());
    QVERIFY(!an.rewrite_simplify(Expr()).defined());
    QCOMPARE(an.const_int_bound(Expr()).min_value, ConstIntBound::kNegInf);
    QVERIFY(!an.CanProveEqual(Expr(), V().x));
  }

  void contradictoryConstraintsDoNotCrash() {
    Vars& v = V();
    Analyzer an;
    {
      auto a = an.EnterConstraint(v.z < 0);
      auto b = an.EnterConstraint(v.z > 5);
      // Unreachable context: any answer is acceptable, but it must terminate with one.
      QVERIFY(an.Simplify(min(v.z, 3) + floordiv(v.z, 2)).defined());
      an.const_int_bound(v.z);
    }
    // Leaving the contradiction restores the unconstrained answers.
    const ConstIntBound bound = an.const_int_bound(v.z);
    QVERIFY(bound.min_value < 0 && bound.max_value > 5);
    QVERIFY(!an.CanProve(v.z < 0));
  }
};

}  // namespace tst_analyzer_proofs

QTEST_APPLESS_MAIN(tst_analyzer_proofs::TestAnalyzerProofs)
#include "tst_analyzer_proofs.moc"
