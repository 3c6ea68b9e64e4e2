// CanonicalSimplifier alone: the sum-of-products normal form (terms merged, larger
// coefficients first, constants last) and the splitting of division and modulo by
// constants.
#include <QtTest>

#include "ArithTestSupport.h"

namespace tst_canonical_simplify {

using namespace tessera::arith;
using namespace tessera::arith::test;

class TestCanonicalSimplify : public QObject {
  Q_OBJECT

 private slots:
  // x unbound, y in [0, 8).
  void normalForm_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    Vars& v = V();
    Expr x = v.x, y = v.y, z = v.z;
    auto row = [](const char* name, const Expr& e, const char* s) {
      QTest::newRow(name) << e << QString(s);
    };
    row("(x + y) - x", (x + y) - x, "y");
    row("x*2 + x", x * 2 + x, "(x*3)");
    row("(x*8 + y) // 8 == x when 0 <= y < 8", floordiv(x * 8 + y, 8), "x");
    row("(x*8 + y) % 8 == y when 0 <= y < 8", floormod(x * 8 + y, 8), "y");
    row("(x // 4)*4 + x % 4 == x", floordiv(x, 4) * 4 + floormod(x, 4), "x");
    row("x % 4 + (x // 4)*4 == x", floormod(x, 4) + floordiv(x, 4) * 4, "x");
    row("truncated pair", truncdiv(x, 4) * 4 + truncmod(x, 4), "x");
    row("scaled pair", floordiv(x, 4) * 8 + floormod(x, 4) * 2, "(x*2)");
    // Digit ranges of one index (TVM's SimplifySplitExprs): a fused (c, h, w) of 3 x 3
    // split again reads floordiv(v, 9), floormod(floordiv(v, 3), 3) and floormod(v, 3).
    row("fused index's digits",
        floordiv(x, 9) * 9 + floormod(floordiv(x, 3), 3) * 3 + floormod(x, 3), "x");
    row("fused index's digits, scaled",
        floordiv(x, 9) * 72 + floormod(floordiv(x, 3), 3) * 24 + floormod(x, 3) * 8, "(x*8)");
    row("two low digits", floormod(floordiv(x, 3), 3) * 3 + floormod(x, 3), "floormod(x, 9)");
    row("two middle digits", floormod(floordiv(x, 4), 2) * 2 + floormod(floordiv(x, 2), 2),
        "floormod(floordiv(x, 2), 4)");
    row("a quotient and a middle digit", floordiv(x, 12) * 3 + floormod(floordiv(x, 4), 3),
        "floordiv(x, 4)");
    row("digit of a floormod", floordiv(floormod(x, 12), 4) * 4 + floormod(x, 4),
        "floormod(x, 12)");
    row("digits of a sum",
        floordiv(x + z, 6) * 6 + floormod(floordiv(x + z, 2), 3) * 2 + floormod(x + z, 2),
        "(x + z)");
    row("coefficients that do not match stay", floormod(floordiv(x, 3), 3) * 2 + floormod(x, 3),
        "((floormod(floordiv(x, 3), 3)*2) + floormod(x, 3))");
    row("ranges that are not adjacent stay", floormod(floordiv(x, 4), 3) * 2 + floormod(x, 2),
        "((floormod(floordiv(x, 4), 3)*2) + floormod(x, 2))");
    row("x - (x // 4)*4", x - floordiv(x, 4) * 4, "floormod(x, 4)");
    row("x + y + x", x + y + x, "((x*2) + y)");
    row("larger coefficient first", y + x * 8, "((x*8) + y)");
    row("split loop index order", v.ii + v.io * 8, "((i.outer*8) + i.inner)");
    row("(x + 1)*4 - 4", (x + 1) * 4 - 4, "(x*4)");
    row("x*z + z*x", x * z + z * x, "((x*z)*2)");
    // TVM keeps a product's factors as written (tensorize compares them so).
    row("a product keeps its order", z * x, "(z*x)");
    row("x*z - z*x", x * z - z * x, "0");
    row("(x + z)*(x - z)", (x + z) * (x - z), "((x*x) - (z*z))");
    row("negative sum", (Expr(0) - x) - z, "((0 - x) - z)");
    row("constant minus", Expr(5) - x, "(5 - x)");
    row("floordiv(x*4 + 2, 8)", floordiv(x * 4 + 2, 8), "floordiv(x, 2)");
    row("floormod(x*4 + 2, 8)", floormod(x * 4 + 2, 8), "((floormod(x, 2)*4) + 2)");
    row("floordiv(x + 9, 8)", floordiv(x + 9, 8), "(floordiv((x + 1), 8) + 1)");
    row("floordiv(floordiv(x, 2), 3)", floordiv(floordiv(x, 2), 3), "floordiv(x, 6)");
    row("floormod(floormod(x, 8), 4)", floormod(floormod(x, 8), 4), "floormod(x, 4)");
    row("floormod(x*3 + y, 3) with y < 3 unknown", floormod(x * 3 + y, 3), "floormod(y, 3)");
    row("floordiv(y, 8) is 0", floordiv(y, 8), "0");
    row("floordiv(y + 8, 8) is 1", floordiv(y + 8, 8), "1");
    row("floormod(y - 8, 8) is y", floormod(y - 8, 8), "y");
    row("truncdiv of unknown sign stays", truncdiv(x * 8 + y, 8), "(((x*8) + y) / 8)");
    row("truncdiv(y*8 + 3, 8) non-negative", truncdiv(y * 8 + 3, 8), "y");
    row("truncmod(y*8 + 3, 8) non-negative", truncmod(y * 8 + 3, 8), "3");
    row("division by a variable stays", floordiv(x + x, z), "floordiv((x*2), z)");
    row("min children", min(x + x, z), "min((x*2), z)");
    row("comparison children", x + x < z, "((x*2) < z)");
    row("select children", select(x < z, x + x, z - z), "select((x < z), (x*2), 0)");
    row("big product stays a factor", (x + z + 1 + v.w + y) * (x - z + 2 + v.w - y),
        "(((((x + z) + w) + y) + 1)*((((x + w) - z) - y) + 2))");
  }
  void normalForm() {
    QFETCH(Expr, expr);
    QFETCH(QString, expected);
    Analyzer an;
    an.Bind(V().y, Range(0, 8));
    QCOMPARE(Str(an.canonical_simplify(expr)), expected);
  }

  void valueBindingsAreSubstituted() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.w, v.x + 1);
    QCOMPARE(Str(an.canonical_simplify(v.w - v.x)), QString("1"));
    QCOMPARE(Str(an.canonical_simplify(v.w * 2)), QString("((x*2) + 2)"));
  }

  void selfReferentialValueIsIgnored() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.w, v.w + 1);  // would loop if substituted
    QCOMPARE(Str(an.canonical_simplify(v.w - 1)), QString("(w - 1)"));
  }

  void idempotent() {
    Vars& v = V();
    Analyzer an;
    Expr once = an.canonical_simplify(floordiv(v.x * 6 + v.z * 4 + 5, 4) + v.x * 2 - v.z);
    QCOMPARE(Str(an.canonical_simplify(once)), Str(once));
  }
};

}  // namespace tst_canonical_simplify

QTEST_APPLESS_MAIN(tst_canonical_simplify::TestCanonicalSimplify)
#include "tst_canonical_simplify.moc"
