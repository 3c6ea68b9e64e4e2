// Analyzer::Simplify (canonical form, then the rewrite rules of RewriteSimplify_*.cpp):
// constant folding with both division flavours, sums, products, division and modulo
// with bounds, min/max, comparisons, boolean logic, select, casts and pass-through
// nodes. One table per context.
#include <QtTest>

#include "ArithTestSupport.h"

namespace tst_rewrite_simplify {

using namespace tessera::arith;
using namespace tessera::arith::test;

namespace {

Expr B(ExprKind kind, Expr a, Expr b) { return MakeBinary(kind, std::move(a), std::move(b)); }

void AddRow(const char* name, const Expr& e, const char* expected) {
  QTest::newRow(name) << e << QString(expected);
}

}  // namespace

class TestRewriteSimplify : public QObject {
  Q_OBJECT

 private slots:
  // Floor vs truncated semantics on negative constants (Python's // and % vs C's / and %).
  void constantFolding_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    Vars& v = V();
    AddRow("-7 // 2 == -4", B(ExprKind::FloorDiv, -7, 2), "-4");
    AddRow("-7 % 2 == 1", B(ExprKind::FloorMod, -7, 2), "1");
    AddRow("truncdiv(-7, 2) == -3", B(ExprKind::Div, -7, 2), "-3");
    AddRow("truncmod(-7, 2) == -1", B(ExprKind::Mod, -7, 2), "-1");
    AddRow("7 // -2 == -4", B(ExprKind::FloorDiv, 7, -2), "-4");
    AddRow("7 % -2 == -1", B(ExprKind::FloorMod, 7, -2), "-1");
    AddRow("truncdiv(7, -2) == -3", B(ExprKind::Div, 7, -2), "-3");
    AddRow("truncmod(7, -2) == 1", B(ExprKind::Mod, 7, -2), "1");
    AddRow("-8 // 2", B(ExprKind::FloorDiv, -8, 2), "-4");
    AddRow("add", B(ExprKind::Add, 3, 4), "7");
    AddRow("mul", B(ExprKind::Mul, -3, 4), "-12");
    AddRow("min", B(ExprKind::Min, 3, 9), "3");
    AddRow("max", B(ExprKind::Max, 3, 9), "9");
    AddRow("lt", B(ExprKind::LT, 3, 4), "True");
    AddRow("eq", B(ExprKind::EQ, 3, 4), "False");
    AddRow("and", B(ExprKind::And, make_bool(true), make_bool(false)), "False");
    AddRow("nested constants", B(ExprKind::Add, B(ExprKind::Mul, 2, 3), v.x), "(x + 6)");
    AddRow("float add", B(ExprKind::Add, Expr(1.5), Expr(2.5)), "4f");
    AddRow("division by zero stays", B(ExprKind::FloorDiv, v.x, 0), "floordiv(x, 0)");
  }
  void constantFolding() { Check(); }

  // x, y, z unbound int32 (nothing known about their signs).
  void unbounded_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    Vars& v = V();
    Expr x = v.x, y = v.y, z = v.z;
    AddRow("x + 0", B(ExprKind::Add, x, 0), "x");
    AddRow("0 + x", B(ExprKind::Add, 0, x), "x");
    AddRow("(x + 2) + 3", (x + 2) + 3, "(x + 5)");
    AddRow("x + x", x + x, "(x*2)");
    AddRow("x*2 + x", x * 2 + x, "(x*3)");
    AddRow("x*2 + x*3", x * 2 + x * 3, "(x*5)");
    AddRow("(x + y) - x", (x + y) - x, "y");
    AddRow("(x + y) - y", (x + y) - y, "x");
    AddRow("x - x", x - x, "0");
    AddRow("(x - y) + y", (x - y) + y, "x");
    AddRow("x - (x + y)", x - (x + y), "(0 - y)");
    AddRow("(x + 1) - (x + 3)", (x + 1) - (x + 3), "-2");
    AddRow("(x*4 + y) - x*4", (x * 4 + y) - x * 4, "y");
    AddRow("x*3 - x", x * 3 - x, "(x*2)");
    AddRow("5 - (3 - x)", Expr(5) - (Expr(3) - x), "(x + 2)");
    AddRow("(x + y + z) - (y + z)", (x + y + z) - (y + z), "x");
    AddRow("-x - 3", (Expr(0) - x) - 3, "(-3 - x)");
    AddRow("x * 1", B(ExprKind::Mul, x, 1), "x");
    AddRow("x * 0", B(ExprKind::Mul, x, 0), "0");
    AddRow("3 * x", Expr(3) * x, "(x*3)");
    AddRow("(x*2)*3", (x * 2) * 3, "(x*6)");
    AddRow("(x + 2)*3", (x + 2) * 3, "((x*3) + 6)");
    AddRow("(x + 1)*(y + 1)", (x + 1) * (y + 1), "((((x*y) + x) + y) + 1)");
    AddRow("x*y - y*x", x * y - y * x, "0");
    AddRow("(x // 4)*4 + x % 4 == x", floordiv(x, 4) * 4 + floormod(x, 4), "x");
    AddRow("x % 4 + (x // 4)*4 == x", floormod(x, 4) + floordiv(x, 4) * 4, "x");
    AddRow("truncdiv*4 + truncmod == x", truncdiv(x, 4) * 4 + truncmod(x, 4), "x");
    AddRow("x - (x // 4)*4", x - floordiv(x, 4) * 4, "floormod(x, 4)");
    AddRow("(x*8 + y) // 8 unbounded y", floordiv(x * 8 + y, 8), "(x + floordiv(y, 8))");
    AddRow("truncdiv(x*8 + y, 8) unknown signs", truncdiv(x * 8 + y, 8), "(((x*8) + y) / 8)");
    AddRow("floordiv(floordiv(x, 4), 2)", floordiv(floordiv(x, 4), 2), "floordiv(x, 8)");
    AddRow("floordiv(x*6, 3)", floordiv(x * 6, 3), "(x*2)");
    AddRow("floormod(x*6, 3)", floormod(x * 6, 3), "0");
    AddRow("floormod(x*6 + 5, 3)", floormod(x * 6 + 5, 3), "2");
    AddRow("floordiv(x + 8, 4)", floordiv(x + 8, 4), "(floordiv(x, 4) + 2)");
    AddRow("floormod(x + 8, 4)", floormod(x + 8, 4), "floormod(x, 4)");
    AddRow("floormod(floormod(x, 8), 4)", floormod(floormod(x, 8), 4), "floormod(x, 4)");
    AddRow("floordiv(x, 1)", floordiv(x, 1), "x");
    AddRow("floormod(x, 1)", floormod(x, 1), "0");
    AddRow("truncdiv(x, 8) stays", truncdiv(x, 8), "(x / 8)");
    AddRow("floormod(x*4 + 2, 2)", floormod(x * 4 + 2, 2), "0");
    AddRow("floordiv(x*4 + 6, 2)", floordiv(x * 4 + 6, 2), "((x*2) + 3)");
    AddRow("floordiv(x*2, 4)", floordiv(x * 2, 4), "floordiv(x, 2)");
    AddRow("floordiv(x*y, y)", floordiv(x * y, y), "x");
    AddRow("min(x, x + 1) == x", min(x, x + 1), "x");
    AddRow("max(x, x + 1)", max(x, x + 1), "(x + 1)");
    AddRow("min(x + 5, x + 2)", min(x + 5, x + 2), "(x + 2)");
    AddRow("min(x, x)", B(ExprKind::Min, x, x), "x");
    AddRow("min(3, x) keeps its order, as TVM", B(ExprKind::Min, 3, x), "min(3, x)");
    AddRow("min(min(x, 3), 5)", min(min(x, 3), 5), "min(x, 3)");
    AddRow("max(max(x, 3), 5)", max(max(x, 3), 5), "max(x, 5)");
    AddRow("min(max(x, y), x)", min(max(x, y), x), "x");
    AddRow("max(min(x, y), x)", max(min(x, y), x), "x");
    AddRow("min(x + y, x + z)", min(x + y, x + z), "(x + min(y, z))");
    AddRow("min(x*2, y*2)", min(x * 2, y * 2), "(min(x, y)*2)");
    AddRow("min(x*-2, y*-2)", min(x * -2, y * -2), "(max(x, y)*-2)");
    AddRow("min(x // 4, y // 4)", min(floordiv(x, 4), floordiv(y, 4)), "floordiv(min(x, y), 4)");
    AddRow("x + 1 < x + 3", x + 1 < x + 3, "True");
    AddRow("x < x", B(ExprKind::LT, x, x), "False");
    AddRow("x <= x", B(ExprKind::LE, x, x), "True");
    AddRow("x == x", eq(x, x), "True");
    AddRow("x != x", ne(x, x), "False");
    AddRow("x + 1 < 5", x + 1 < 5, "(x < 4)");
    AddRow("x*4 < 16", x * 4 < 16, "(x < 4)");
    AddRow("x*4 <= 17", x * 4 <= 17, "(x <= 4)");
    AddRow("x*4 > 6", x * 4 > 6, "(x > 1)");
    AddRow("x*4 >= 6", x * 4 >= 6, "(x >= 2)");
    AddRow("5 < x + 3", Expr(5) < x + 3, "(x > 2)");
    AddRow("x*2 == 3", eq(x * 2, 3), "False");
    AddRow("x*2 != 3", ne(x * 2, 3), "True");
    AddRow("x*4 + 2 == y*8", eq(x * 4 + 2, y * 8), "False");
    AddRow("x + y < x + 4", x + y < x + 4, "(y < 4)");
    AddRow("x < y stays", x < y, "(x < y)");
    AddRow("8 > x stays", Expr(8) > x, "(8 > x)");
    AddRow("x < 5 && x < 3", x < 5 && x < 3, "(x < 3)");
    AddRow("x < 3 && x < 5", x < 3 && x < 5, "(x < 3)");
    AddRow("x < 5 || x < 3", x < 5 || x < 3, "(x < 5)");
    AddRow("x < 3 && x > 5", x < 3 && x > 5, "False");
    AddRow("x <= 3 && x >= 3", x <= 3 && x >= 3, "(x == 3)");
    AddRow("x < 5 || x > 2", x < 5 || x > 2, "True");
    AddRow("x < 3 && y < 2 stays", x < 3 && y < 2, "((x < 3) && (y < 2))");
    AddRow("!(x < 3)", logical_not(x < 3), "(x >= 3)");
    AddRow("!(x == y)", logical_not(eq(x, y)), "(x != y)");
    AddRow("select(x < 5, min(x, 5), 0)", select(x < 5, min(x, 5), 0), "select((x < 5), x, 0)");
    AddRow("select(c, x, x)", select(x < y, x, x), "x");
    AddRow("select(x < y, x, y) + 1", select(x < y, x, y) + select(x < y, 1, 2),
           "select((x < y), (x + 1), (y + 2))");
    AddRow("select(!(x < y), x, y)", MakeSelect(MakeNot(x < y), x, y), "select((x >= y), x, y)");
  }
  void unbounded() { Check(); }

  void booleans_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    Expr b = V().b;
    Expr c = Var("c", DataType::Bool());
    AddRow("a && !a", b && logical_not(b), "False");
    AddRow("!a && a", logical_not(b) && b, "False");
    AddRow("a || !a", b || logical_not(b), "True");
    AddRow("a && a", B(ExprKind::And, b, b), "b");
    AddRow("a || a", B(ExprKind::Or, b, b), "b");
    AddRow("a && true", B(ExprKind::And, b, make_bool(true)), "b");
    AddRow("a && false", B(ExprKind::And, b, make_bool(false)), "False");
    AddRow("a || true", B(ExprKind::Or, b, make_bool(true)), "True");
    AddRow("!!a", MakeNot(MakeNot(b)), "b");
    AddRow("!(a && c)", MakeNot(B(ExprKind::And, b, c)), "(!b || !c)");
    AddRow("(a && c) && a", B(ExprKind::And, B(ExprKind::And, b, c), b), "(b && c)");
    AddRow("select(a, true, false)", MakeSelect(b, make_bool(true), make_bool(false)), "b");
    AddRow("select(true, 1, 2)", MakeSelect(make_bool(true), 1, 2), "1");
  }
  void booleans() { Check(); }

  // x, y in [0, 8) (loop variables), n a size var.
  void bounded_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    Vars& v = V();
    Expr x = v.x, y = v.y, n = v.n;
    AddRow("(x*8 + y) // 8 == x when 0 <= y < 8", floordiv(x * 8 + y, 8), "x");
    AddRow("(x*8 + y) % 8 == y", floormod(x * 8 + y, 8), "y");
    AddRow("truncdiv(x*8 + y, 8)", truncdiv(x * 8 + y, 8), "x");
    AddRow("truncmod(x*8 + y, 8)", truncmod(x * 8 + y, 8), "y");
    AddRow("(y + x*8) // 8", floordiv(y + x * 8, 8), "x");
    AddRow("(x*8 + y) // 4", floordiv(x * 8 + y, 4), "((x*2) + floordiv(y, 4))");
    AddRow("floordiv(x, 8)", floordiv(x, 8), "0");
    AddRow("floormod(x, 8)", floormod(x, 8), "x");
    AddRow("truncdiv(x, 8)", truncdiv(x, 8), "0");
    AddRow("truncmod(x, 8)", truncmod(x, 8), "x");
    AddRow("floormod(x + 8, 8)", floormod(x + 8, 8), "x");
    AddRow("floordiv(x + 8, 8)", floordiv(x + 8, 8), "1");
    AddRow("floordiv(x - 8, 8)", floordiv(x - 8, 8), "-1");
    AddRow("floormod(x - 8, 8)", floormod(x - 8, 8), "x");
    AddRow("truncmod(x + 16, 8)", truncmod(x + 16, 8), "x");
    AddRow("min(x, 8)", min(x, 8), "x");
    AddRow("min(x, 7)", min(x, 7), "x");
    AddRow("min(x, 3) stays", min(x, 3), "min(x, 3)");
    AddRow("max(x, 0)", max(x, 0), "x");
    AddRow("max(x, 10)", max(x, 10), "10");
    AddRow("max(x - 8, 0)", max(x - 8, 0), "0");
    AddRow("x < 8", x < 8, "True");
    AddRow("x >= 0", x >= 0, "True");
    AddRow("x < 0", x < 0, "False");
    AddRow("x < 5 stays", x < 5, "(x < 5)");
    AddRow("x*2 < 15", x * 2 < 15, "True");
    AddRow("x + y <= 14", x + y <= 14, "True");
    AddRow("x - y < 8", x - y < 8, "True");
    AddRow("x == 9", eq(x, 9), "False");
    AddRow("select(x < 8, x, y)", select(x < 8, x, y), "x");
    AddRow("select(x < 0, x, y)", select(x < 0, x, y), "y");
    AddRow("size var n >= 0", n >= 0, "True");
    AddRow("size var n + 1 > 0", n + 1 > 0, "True");
    AddRow("size var n < 0", n < 0, "False");
    AddRow("min(n, 0)", min(n, 0), "0");
    AddRow("max(n, -1)", max(n, -1), "n");
    AddRow("floordiv(n, 4) >= 0", floordiv(n, 4) >= 0, "True");
    AddRow("plain var n < 0 stays", V().plain_n < 0, "(n < 0)");
  }
  void bounded() {
    QFETCH(Expr, expr);
    QFETCH(QString, expected);
    Analyzer an;
    an.Bind(V().x, Range(0, 8));
    an.Bind(V().y, Range(0, 8));
    QCOMPARE(Str(an.Simplify(expr)), expected);
  }

  void passThrough_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    Vars& v = V();
    AddRow("let children", MakeLet(v.w, B(ExprKind::Add, v.x, 0), v.w + v.w),
           "(let w = x in (w*2))");
    AddRow("call args",
           MakeCall(DataType::Int(32), "foo", {B(ExprKind::Add, v.x, 0), (v.y + 1) - 1}),
           "foo(x, y)");
    AddRow("cast to same type", MakeCast(DataType::Int(32), v.x), "x");
    AddRow("cast of a constant", MakeCast(DataType::Int(64), Expr(3)), "(int64)3");
    AddRow("cast round trip", MakeCast(DataType::Int(32), MakeCast(DataType::Int(64), v.x)), "x");
    AddRow("narrowing round trip stays",
           MakeCast(DataType::Int(32), MakeCast(DataType::Int(8), v.x)), "int32(int8(x))");
    AddRow("float arithmetic untouched", B(ExprKind::Add, Var("f", DataType::Float(32)), Expr(0.5)),
           "(f + 0.5f)");
  }
  void passThrough() { Check(); }

  // TVM's constant folding of float operands (arith/const_fold.h): x*0 -> 0, x*1 -> x,
  // x + 0 -> x, x - 0 -> x, on scalars and on the lanes of a broadcast — what a padded
  // tap leaves after LoopPartition decides its if_then_else (acc + x8(0f)*w). Other
  // constants are not folded into float arithmetic (no reassociation).
  void floatIdentitiesFoldAsTvm_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    const DataType f32 = DataType::Float(32), f32x8 = DataType::Float(32, 8);
    Var f("f", f32), w("w", f32x8), acc("acc", f32x8);
    auto zeros = MakeBroadcast(Expr(0.0), 8), ones = MakeBroadcast(Expr(1.0), 8);
    AddRow("f + 0", B(ExprKind::Add, f, Expr(0.0)), "f");
    AddRow("0 + f", B(ExprKind::Add, Expr(0.0), f), "f");
    AddRow("f - 0", B(ExprKind::Sub, f, Expr(0.0)), "f");
    AddRow("f * 0", B(ExprKind::Mul, f, Expr(0.0)), "0f");
    AddRow("0 * f", B(ExprKind::Mul, Expr(0.0), f), "0f");
    AddRow("f * 1", B(ExprKind::Mul, f, Expr(1.0)), "f");
    AddRow("0 - f stays", B(ExprKind::Sub, Expr(0.0), f), "(0f - f)");
    AddRow("f * 2 stays", B(ExprKind::Mul, f, Expr(2.0)), "(f*2f)");
    AddRow("padded tap", B(ExprKind::Add, acc, B(ExprKind::Mul, zeros, w)), "acc");
    AddRow("lanes times one", B(ExprKind::Mul, w, ones), "w");
    AddRow("integer lanes untouched here",
           B(ExprKind::Add, Var("v", DataType::Int(32, 8)), MakeBroadcast(Expr(2), 8)),
           "(v + x8(2))");
  }
  void floatIdentitiesFoldAsTvm() { Check(); }

  // A vectorized guard whose scalar half was decided: && and || with a side that is the
  // same constant in every lane, and if_then_else / select on such a condition.
  void vectorGuardsDecidedForAllLanes_data() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
    const DataType f32x8 = DataType::Float(32, 8);
    Var a("a", f32x8), b("b", f32x8);
    Expr lane_test = B(ExprKind::GE, MakeRamp(Expr(0), Expr(1), 8), MakeBroadcast(Expr(1), 8));
    Expr all_true = MakeBroadcast(make_bool(true), 8),
         all_false = MakeBroadcast(make_bool(false), 8);
    AddRow("c && true", B(ExprKind::And, lane_test, all_true), "(ramp(0, 1, 8) >= x8(1))");
    AddRow("true && c", B(ExprKind::And, all_true, lane_test), "(ramp(0, 1, 8) >= x8(1))");
    AddRow("c && false", B(ExprKind::And, lane_test, all_false), "x8(False)");
    AddRow("c || true", B(ExprKind::Or, lane_test, all_true), "x8(True)");
    AddRow("c || false", B(ExprKind::Or, lane_test, all_false), "(ramp(0, 1, 8) >= x8(1))");
    AddRow("if_then_else(all true)", MakeCall(f32x8, "if_then_else", {all_true, a, b}), "a");
    AddRow("if_then_else(all false)", MakeCall(f32x8, "if_then_else", {all_false, a, b}), "b");
    AddRow("if_then_else(lanes differ) stays", MakeCall(f32x8, "if_then_else", {lane_test, a, b}),
           "if_then_else((ramp(0, 1, 8) >= x8(1)), a, b)");
    AddRow("select(all true)", MakeSelect(all_true, a, b), "a");
  }
  void vectorGuardsDecidedForAllLanes() { Check(); }

  void rewriteAloneUsesRules() {
    Vars& v = V();
    Analyzer an;
    QCOMPARE(Str(an.rewrite_simplify((v.x + 2) + 3)), QString("(x + 5)"));
    QCOMPARE(Str(an.rewrite_simplify(min(v.x, v.x + 1))), QString("x"));
    QCOMPARE(Str(an.rewrite_simplify(v.x * 2 + v.x)), QString("(x*3)"));
  }

  void scopedConstraintsEnterAndLeave() {
    Vars& v = V();
    Analyzer an;
    Expr query = v.z < 10;
    QCOMPARE(Str(an.Simplify(query)), QString("(z < 10)"));
    {
      auto scope = an.EnterConstraint(v.z < 8);
      QCOMPARE(Str(an.Simplify(query)), QString("True"));
      QCOMPARE(Str(an.Simplify(v.z >= 8)), QString("False"));
      QCOMPARE(Str(an.Simplify(min(v.z, 9))), QString("z"));
      {
        auto inner = an.EnterConstraint(ne(v.z, 3));
        QCOMPARE(Str(an.Simplify(ne(v.z, 3))), QString("True"));
        QCOMPARE(Str(an.Simplify(eq(v.z, 3))), QString("False"));
      }
      QCOMPARE(Str(an.Simplify(ne(v.z, 3))), QString("(z != 3)"));
    }
    QCOMPARE(Str(an.Simplify(query)), QString("(z < 10)"));
  }

  void symbolicFactsFromLoopRange() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.i, Range(0, v.n * v.n));
    an.Bind(v.j, Range(0, v.m));
    QCOMPARE(Str(an.Simplify(v.i < v.n * v.n)), QString("True"));
    QCOMPARE(Str(an.Simplify(v.i + 1 <= v.n * v.n)), QString("True"));
    QCOMPARE(Str(an.Simplify(v.i >= v.n * v.n)), QString("False"));
    QCOMPARE(Str(an.Simplify(v.j < v.m)), QString("True"));
    QCOMPARE(Str(an.Simplify(min(v.j, v.m - 1))), QString("j"));
    QCOMPARE(Str(an.Simplify(v.j < v.m - 1)), QString("(j < (m - 1))"));
  }

  // TVM's canonical rule: the multiples of a common scale decide a comparison when the
  // rest is a remainder below that scale (TVM's test_compute_at_simplify_symbolic_predicate
  // needs k*32 + ax < n*32 to be true under k < n). A remainder that may be negative
  // does not: x*8 + y < 16 with y = -1 and x = 2 holds although x < 2 does not.
  void scaledPartDecidesWithASmallRemainder() {
    Vars& v = V();
    Analyzer an;
    an.Bind(v.i, Range(0, v.n));
    an.Bind(v.j, Range(0, 32));
    QCOMPARE(Str(an.Simplify(v.i * 32 + v.j < v.n * 32)), QString("True"));
    an.Bind(v.y, Range(0, 8));
    QCOMPARE(Str(an.Simplify(v.x * 8 + v.y < 16)), QString("(x < 2)"));
    Analyzer signed_rest;
    signed_rest.Bind(v.y, Range(-1, 9));
    QCOMPARE(Str(signed_rest.Simplify(v.x * 8 + v.y < 16)), QString("(((x*8) + y) < 16)"));
  }

  // As TVM: a strict bound between terms loses its constant (x - 1 < y is x <= y), one
  // against a constant stays as written (x < 1, not x <= 0).
  void strictComparisonsKeepTvmsForm() {
    Vars& v = V();
    Analyzer an;
    QCOMPARE(Str(an.Simplify(v.x - 1 < v.y)), QString("(x <= y)"));
    QCOMPARE(Str(an.Simplify(v.x < 1)), QString("(x < 1)"));
    QCOMPARE(Str(an.Simplify(v.x * 16 + v.y < 1)), QString("(((x*16) + y) < 1)"));
    QCOMPARE(Str(an.Simplify(v.x + 1 > v.y)), QString("(x >= y)"));
  }

  void deepExpressionIsReturnedUnchangedBeyondTheLimit() {
    Vars& v = V();
    Analyzer an;
    Expr e = v.x;
    for (int k = 0; k < 10000; ++k) e = MakeBinary(ExprKind::Add, e, Expr(1));
    Expr s = an.Simplify(e);
    QVERIFY(s.defined());
    QVERIFY(an.rewrite_simplify(e).defined());
    QVERIFY(an.canonical_simplify(e).defined());
    QVERIFY(an.LowerFloorDivMod(e).defined());
    QVERIFY(!an.CanProve(e < 0));
    // Below the limit everything folds.
    Expr shallow = v.x;
    for (int k = 0; k < 400; ++k) shallow = MakeBinary(ExprKind::Add, shallow, Expr(1));
    QCOMPARE(Str(an.Simplify(shallow)), QString("(x + 400)"));
  }

 private:
  void Check() {
    QFETCH(Expr, expr);
    QFETCH(QString, expected);
    Analyzer an;
    QCOMPARE(Str(an.Simplify(expr)), expected);
  }
};

}  // namespace tst_rewrite_simplify

QTEST_APPLESS_MAIN(tst_rewrite_simplify::TestRewriteSimplify)
#include "tst_rewrite_simplify.moc"
