// ConstIntBoundAnalyzer: constant intervals of integer expressions from variable types,
// size vars (non-negative, bound-info RFC), range bindings and constraints.
#include <QtTest>

#include "ArithTestSupport.h"
#include "arith/IntSet.h"

namespace tst_const_int_bound {

using namespace tessera::arith;
using namespace tessera::arith::test;

namespace {
constexpr qint64 kPosInf = ConstIntBound::kPosInf;
constexpr qint64 kNegInf = ConstIntBound::kNegInf;
constexpr qint64 kI32Min = -2147483648LL;
constexpr qint64 kI32Max = 2147483647LL;
}  // namespace

class TestConstIntBound : public QObject {
  Q_OBJECT

 private slots:
  // x in [0, 8), y in [-4, 4), z unbound int32, n a size var.
  void boundedExpressions_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<qint64>("lo");
    QTest::addColumn<qint64>("hi");
    Vars& v = V();
    QTest::newRow("constant") << Expr(7) << qint64(7) << qint64(7);
    QTest::newRow("negative constant") << Expr(-3) << qint64(-3) << qint64(-3);
    QTest::newRow("bound var") << Expr(v.x) << qint64(0) << qint64(7);
    QTest::newRow("x + y") << (v.x + v.y) << qint64(-4) << qint64(10);
    QTest::newRow("x - y") << (v.x - v.y) << qint64(-3) << qint64(11);
    QTest::newRow("x * y") << (v.x * v.y) << qint64(-28) << qint64(21);
    QTest::newRow("x * -2") << (v.x * -2) << qint64(-14) << qint64(0);
    QTest::newRow("floordiv(x, 2)") << floordiv(v.x, 2) << qint64(0) << qint64(3);
    QTest::newRow("floordiv(y, 2)") << floordiv(v.y, 2) << qint64(-2) << qint64(1);
    QTest::newRow("truncdiv(y, 2)") << truncdiv(v.y, 2) << qint64(-2) << qint64(1);
    QTest::newRow("floordiv(y, -2)") << floordiv(v.y, -2) << qint64(-2) << qint64(2);
    QTest::newRow("floormod(y, 3)") << floormod(v.y, 3) << qint64(0) << qint64(2);
    QTest::newRow("truncmod(y, 3)") << truncmod(v.y, 3) << qint64(-2) << qint64(2);
    QTest::newRow("floormod(x, 16) is x") << floormod(v.x, 16) << qint64(0) << qint64(7);
    QTest::newRow("truncmod(x, 3)") << truncmod(v.x, 3) << qint64(0) << qint64(2);
    QTest::newRow("floormod(z, 8)") << floormod(v.z, 8) << qint64(0) << qint64(7);
    QTest::newRow("min(x, y)") << min(v.x, v.y) << qint64(-4) << qint64(3);
    QTest::newRow("max(x, y)") << max(v.x, v.y) << qint64(0) << qint64(7);
    QTest::newRow("select") << select(v.b, v.x, v.y + 20) << qint64(0) << qint64(23);
    QTest::newRow("comparison is bool") << Expr(v.x < v.y) << qint64(0) << qint64(1);
    QTest::newRow("unbound int32") << Expr(v.z) << kI32Min << kI32Max;
    QTest::newRow("size var") << Expr(v.n) << qint64(0) << kI32Max;
    QTest::newRow("size var product") << (v.n * v.m) << qint64(0) << kI32Max * kI32Max;
    QTest::newRow("size var minus one") << (v.n - 1) << qint64(-1) << kI32Max - 1;
    QTest::newRow("int64 var") << Expr(Var("k", DataType::Int(64))) << kNegInf << kPosInf;
    QTest::newRow("uint8 var") << Expr(Var("u", DataType::UInt(8))) << qint64(0) << qint64(255);
    QTest::newRow("cast to int8 keeps a fitting bound")
        << cast(DataType::Int(8), v.x) << qint64(0) << qint64(7);
    QTest::newRow("cast to int8 of int32")
        << cast(DataType::Int(8), v.z) << qint64(-128) << qint64(127);
    QTest::newRow("split loop index") << (v.io * 8 + v.ii) << qint64(0) << qint64(31);
    QTest::newRow("let") << MakeLet(v.w, v.x * 2, v.w + 1) << qint64(1) << qint64(15);
    QTest::newRow("pos_inf") << pos_inf() << kPosInf << kPosInf;
  }
  void boundedExpressions() {
    QFETCH(Expr, expr);
    QFETCH(qint64, lo);
    QFETCH(qint64, hi);
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    an.Bind(v.y, Range(-4, 8));
    an.Bind(v.io, Range(0, 4));
    an.Bind(v.ii, Range(0, 8));
    ConstIntBound b = an.const_int_bound(expr);
    QCOMPARE(b.min_value, lo);
    QCOMPARE(b.max_value, hi);
  }

  // Constraints narrow a variable's bound: `x < 8`, `x >= 0`, `2 <= x` ...
  void constraints_data() {
    QTest::addColumn<Expr>("constraint");
    QTest::addColumn<qint64>("lo");
    QTest::addColumn<qint64>("hi");
    Vars& v = V();
    QTest::newRow("x < 8") << Expr(v.z < 8) << kI32Min << qint64(7);
    QTest::newRow("x >= 0") << Expr(v.z >= 0) << qint64(0) << kI32Max;
    QTest::newRow("x >= 0 && x < 8") << Expr(v.z >= 0 && v.z < 8) << qint64(0) << qint64(7);
    QTest::newRow("2 <= x") << Expr(Expr(2) <= v.z) << qint64(2) << kI32Max;
    QTest::newRow("x > -3") << Expr(v.z > -3) << qint64(-2) << kI32Max;
    QTest::newRow("x == 5") << eq(v.z, 5) << qint64(5) << qint64(5);
    QTest::newRow("x + 1 <= 4") << Expr(v.z + 1 <= 4) << kI32Min << qint64(3);
    QTest::newRow("x*4 < 17") << Expr(v.z * 4 < 17) << kI32Min << qint64(4);
    QTest::newRow("!(x >= 3)") << logical_not(v.z >= 3) << kI32Min << qint64(2);
    QTest::newRow("x < y with y in [0, 8)") << Expr(v.z < v.x) << kI32Min << qint64(6);
  }
  void constraints() {
    QFETCH(Expr, constraint);
    QFETCH(qint64, lo);
    QFETCH(qint64, hi);
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    ConstIntBound before = an.const_int_bound(v.z);
    {
      auto scope = an.EnterConstraint(constraint);
      ConstIntBound b = an.const_int_bound(v.z);
      QCOMPARE(b.min_value, lo);
      QCOMPARE(b.max_value, hi);
    }
    // Leaving the scope forgets the constraint.
    QVERIFY(an.const_int_bound(v.z) == before);
  }

  void nestedScopesUnwindInOrder() {
    Vars& v = V();
    Analyzer an;
    {
      auto outer = an.EnterConstraint(v.z < 100);
      {
        auto inner = an.EnterConstraint(v.z < 10);
        QCOMPARE(an.const_int_bound(v.z).max_value, qint64(9));
      }
      QCOMPARE(an.const_int_bound(v.z).max_value, qint64(99));
    }
    QCOMPARE(an.const_int_bound(v.z).max_value, kI32Max);
  }

  void assumptionOutlivesScopes() {
    Vars& v = V();
    Analyzer an;
    {
      auto scope = an.EnterConstraint(v.z < 10);
      an.AddAssumption(v.z >= 0);
    }
    QCOMPARE(an.const_int_bound(v.z).min_value, qint64(0));
    QCOMPARE(an.const_int_bound(v.z).max_value, kI32Max);
  }

  void symbolicRangeUsesConstantEnds() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    an.Bind(v.i, Range(v.x, 4));  // i in [x, x + 4)
    ConstIntBound b = an.const_int_bound(v.i);
    QCOMPARE(b.min_value, qint64(0));
    QCOMPARE(b.max_value, qint64(10));
  }

  void cyclicBindingsTerminate() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.i, Range(0, v.j));
    an.Bind(v.j, Range(0, v.i));
    ConstIntBound b = an.const_int_bound(v.i + v.j);
    QCOMPARE(b.min_value, qint64(0));
  }

  void valueBinding() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    an.Bind(v.w, v.x * 4 + 1);
    ConstIntBound b = an.const_int_bound(v.w);
    QCOMPARE(b.min_value, qint64(1));
    QCOMPARE(b.max_value, qint64(29));
  }

  void divisionByRangeTouchingZero() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    an.Bind(v.y, Range(0, 4));  // divisor in [0, 3]: 0 is excluded (undefined)
    ConstIntBound b = an.const_int_bound(floordiv(v.x, v.y));
    QCOMPARE(b.min_value, qint64(0));
    QCOMPARE(b.max_value, qint64(7));
  }

  void deepExpressionDoesNotOverflowStack() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.x, Range(0, 8));
    Expr e = v.x;
    for (int k = 0; k < 10000; ++k) e = MakeBinary(ExprKind::Add, e, Expr(1));
    ConstIntBound b = an.const_int_bound(e);
    // Beyond the depth limit the analyzer falls back to the type's range: sound, loose.
    QVERIFY(b.min_value <= 10000);
    QVERIFY(b.max_value >= 10007);
  }
};

}  // namespace tst_const_int_bound

QTEST_APPLESS_MAIN(tst_const_int_bound::TestConstIntBound)
#include "tst_const_int_bound.moc"
