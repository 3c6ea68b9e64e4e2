// One test per rule family added to the simplifier for TVM parity: each
// family has a table of examples (the rule fires and gives TVM's form, checked as text
// and at random points) and a property test that plugs random sub-expressions and
// constants into the family's shapes and checks that Analyzer::Simplify keeps the value
// at random points (fixed seeds, so a failure reproduces). Families:
//   factor       x*y + x*10 -> x*(y + 10)                    (RewriteSimplify_Factor.cpp)
//   remainder    y*5 - floordiv(y + z, 2)*10 -> (floormod(y + z, 2) - z)*5
//                                          (CanonicalSimplify.cpp MergeDivModPairs)
//   quotient     floordiv(x + 1, 2) - floordiv(x, 2) -> floormod(x, 2)
//   (RewriteSimplify_Quotient.cpp) padded       floormod(x - floormod(x, 9), 9) -> 0
//   (RewriteSimplify_Mod.cpp) scale        min(x*3, 9) -> min(x, 3)*3, 0 - x*2 -> x*-2
//   (_MinMax.cpp, _Sub.cpp) range        0 <= x - y*5 && x - y*5 < 5 -> y == floordiv(x, 5)
//   (RewriteSimplify_Logical.cpp) ifthenelse   nested if_then_else with one else-value joins its
//   conditions (_Select.cpp)
#include <QtTest>
#include <functional>
#include <random>

#include "ArithTestSupport.h"
#include "arith/Evaluate.h"

namespace tst_rule_families {

using namespace tessera::arith;
using namespace tessera::arith::test;

namespace {

Expr B(ExprKind kind, Expr a, Expr b) { return MakeBinary(kind, std::move(a), std::move(b)); }
Expr IfThenElse(Expr c, Expr t, Expr f) {
  DataType dt = t.dtype();
  return MakeCall(dt, "if_then_else", {std::move(c), std::move(t), std::move(f)});
}

// x in [-20, 20], y in [0, 30], z in [1, 9] (a divisor that is never 0).
VarValueMap RandomPoint(std::mt19937& rng) {
  Vars& v = V();
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  return {{v.x, pick(-20, 20)}, {v.y, pick(0, 30)}, {v.z, pick(1, 9)}};
}

void BindDomains(Analyzer& an) {
  Vars& v = V();
  an.Bind(v.x, Range(Expr(-20), Expr(41)));
  an.Bind(v.y, Range(Expr(0), Expr(31)));
  an.Bind(v.z, Range(Expr(1), Expr(9)));
}

// The first point where e and its simplification differ, as text (empty when none).
QString Counterexample(const Expr& e, const Expr& simplified, std::mt19937& rng, int points) {
  for (int p = 0; p < points; ++p) {
    VarValueMap point = RandomPoint(rng);
    auto before = EvaluateConstant(e, point);
    if (!before.ok()) continue;
    auto after = EvaluateConstant(simplified, point);
    if (!after.ok() || *after != *before) {
      QString where;
      for (const auto& [var, value] : point)
        where += QString(" %1=%2").arg(QString::fromStdString(var.name())).arg(value);
      return QString("%1\n  -> %2\n  at%3: %4 vs %5")
          .arg(Str(e), Str(simplified), where)
          .arg(*before)
          .arg(after.ok() ? QString::number(*after)
                          : QString::fromStdString(after.error().message));
    }
  }
  return QString();
}

// Random operands for the family shapes: variables, shifted and scaled variables,
// remainders and quotients of them.
class Operands {
 public:
  explicit Operands(uint32_t seed) : rng_(seed) {}
  std::mt19937& rng() { return rng_; }

  int64_t Const(int lo, int hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  int64_t NonZero(int lo, int hi) {
    int64_t c = 0;
    while (c == 0) c = Const(lo, hi);
    return c;
  }
  Expr Var() {
    Vars& v = V();
    Expr vars[] = {v.x, v.y, v.z};
    return vars[Const(0, 2)];
  }
  Expr Operand() {
    switch (Const(0, 5)) {
      case 0:
      case 1:
        return Var();
      case 2:
        return Var() + Expr(static_cast<int>(Const(-9, 9)));
      case 3:
        return Var() * Expr(static_cast<int>(NonZero(-4, 4)));
      case 4:
        return floormod(Var(), Expr(static_cast<int>(Const(2, 5))));
      default:
        return Var() - Var();
    }
  }

 private:
  std::mt19937 rng_;
};

using Shape = std::function<Expr(Operands&)>;

// Simplifies `samples` instances of each shape under the variable domains (and once
// without them) and compares values at random points.
void CheckShapes(const std::vector<Shape>& shapes, uint32_t seed, int samples = 150) {
  Operands ops(seed);
  int checked = 0;
  for (int s = 0; s < samples; ++s) {
    for (const Shape& shape : shapes) {
      Expr e = shape(ops);
      for (bool bound : {true, false}) {
        Analyzer an;
        if (bound) BindDomains(an);
        Expr simplified = an.Simplify(e);
        QString wrong = Counterexample(e, simplified, ops.rng(), 12);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
        ++checked;
      }
    }
  }
  QVERIFY(checked == samples * static_cast<int>(shapes.size()) * 2);
}

void AddRow(const char* name, const Expr& e, const char* expected) {
  QTest::newRow(name) << e << QString(expected);
}

Expr C(int v) { return Expr(v); }

}  // namespace

class TestRuleFamilies : public QObject {
  Q_OBJECT

 private:
  // Each example: the expected text, and the same value as the input at random points.
  void CheckExample() {
    QFETCH(Expr, expr);
    QFETCH(QString, expected);
    Analyzer an;
    Expr simplified = an.Simplify(expr);
    QCOMPARE(Str(simplified), expected);
    std::mt19937 rng(7);
    QString wrong = Counterexample(expr, simplified, rng, 200);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
  }
  static void Columns() {
    QTest::addColumn<Expr>("expr");
    QTest::addColumn<QString>("expected");
  }

 private slots:
  // ---- factor: a factor shared by both terms is taken out once ----
  void factor_data() {
    Columns();
    Vars& v = V();
    Expr x = v.x, y = v.y, z = v.z;
    AddRow("x*y + x*10", x * y + x * 10, "(x*(y + 10))");
    AddRow("y*x + 10*x", y * x + Expr(10) * x, "(x*(y + 10))");
    AddRow("x*y + x stays (no smaller)", x * y + x, "((x*y) + x)");
    AddRow("y*x - x*z", y * x - x * z, "(x*(y - z))");
    AddRow("x*y - 10*x", x * y - Expr(10) * x, "(x*(y - 10))");
    AddRow("y*fm + 10*fm", y * floormod(x, 8) + Expr(10) * floormod(x, 8),
           "(floormod(x, 8)*(y + 10))");
    AddRow("constants stay on their terms", x * 4 + y * 4, "((x*4) + (y*4))");
    AddRow("nothing shared", x * y + z * 10, "((z*10) + (x*y))");
  }
  void factor() { CheckExample(); }

  // ---- subtrahend in a min/max: min(x, y) - x -> min(y - x, 0) (TVM's rules) ----
  // The extent of a request clipped at one end, min(i, n - 1) - i + 1, gets the
  // constant upper bound 1 (a cross-thread rfactor's local array: reduction tutorial).
  void minMaxLessOperand_data() {
    Columns();
    Vars& v = V();
    Expr x = v.x, y = v.y;
    AddRow("min(x, y) - x", min(x, y) - x, "min((y - x), 0)");
    AddRow("min(y, x) - x", min(y, x) - x, "min((y - x), 0)");
    AddRow("max(x, y) - x", max(x, y) - x, "max((y - x), 0)");
    AddRow("x - min(x, y)", x - min(x, y), "max((x - y), 0)");
    AddRow("x - max(y, x)", x - max(y, x), "min((x - y), 0)");
  }
  void minMaxLessOperand() { CheckExample(); }
  void minMaxLessOperandKeepsValues() {
    CheckShapes({[](Operands& o) {
                   Expr a = o.Operand();
                   return min(a, o.Operand()) - a;
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return max(o.Operand(), a) - a;
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return a - min(o.Operand(), a);
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return a - max(a, o.Operand());
                 }},
                11);
  }
  void factorKeepsValues() {
    CheckShapes({[](Operands& o) {
                   Expr a = o.Operand();
                   return a * o.Operand() + a * o.Operand();
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return o.Operand() * a - a * o.Operand();
                 },
                 [](Operands& o) {
                   Expr a = o.Var();
                   return a * o.Operand() + a * C(static_cast<int>(o.Const(-9, 9)));
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return o.Operand() * a - a;
                 }},
                1);
  }

  // ---- remainder: x*c2 - div(x + y, c1)*c1*c2 is a remainder less y ----
  void remainder_data() {
    Columns();
    Vars& v = V();
    Expr y = v.y, z = v.z;
    AddRow("y - floordiv(y + z, 5)*5", y - floordiv(y + z, 5) * 5, "(floormod((y + z), 5) - z)");
    AddRow("floordiv(y + z, 5)*5 - y", floordiv(y + z, 5) * 5 - y, "(z - floormod((y + z), 5))");
    AddRow("y - truncdiv(y - z, 5)*5", y - truncdiv(y - z, 5) * 5, "(z + ((y - z) % 5))");
    AddRow("y*5 - floordiv(y + z, 2)*10", y * 5 - floordiv(y + z, 2) * 10,
           "((floormod((y + z), 2) - z)*5)");
    AddRow("truncdiv(y, 3)*6 - y*2", truncdiv(y, 3) * 6 - y * 2, "((y % 3)*-2)");
    AddRow("floordiv(x, 8)*8 stays", floordiv(v.x, 8) * 8, "(floordiv(x, 8)*8)");
  }
  void remainder() { CheckExample(); }
  void remainderKeepsValues() {
    auto shape = [](ExprKind div, int sign) {
      return [div, sign](Operands& o) {
        Expr a = o.Operand(), b = o.Operand();
        int c1 = static_cast<int>(o.Const(2, 6)), c2 = static_cast<int>(o.NonZero(-3, 3));
        Expr q = B(div, sign > 0 ? a + b : a - b, C(c1)) * C(c1 * c2);
        return o.Const(0, 1) ? a * C(c2) - q : q - a * C(c2);
      };
    };
    CheckShapes({shape(ExprKind::FloorDiv, 1), shape(ExprKind::FloorDiv, -1),
                 shape(ExprKind::Div, 1), shape(ExprKind::Div, -1)},
                2);
  }

  // ---- quotient: sums and differences of quotients by one divisor ----
  void quotient_data() {
    Columns();
    Vars& v = V();
    Expr x = v.x;
    AddRow("floordiv(x + 1, 2) - floordiv(x, 2)", floordiv(x + 1, 2) - floordiv(x, 2),
           "floormod(x, 2)");
    AddRow("floordiv(x, 2) - floordiv(x - 1, 2)", floordiv(x, 2) - floordiv(x - 1, 2),
           "(1 - floormod(x, 2))");
    AddRow("floordiv(x + 5, 2) - floordiv(x - 2, 2)", floordiv(x + 5, 2) - floordiv(x - 2, 2),
           "(floormod(x, 2) + 3)");
    AddRow("floormod(x, 2) + floormod(x + 1, 2)", floormod(x, 2) + floormod(x + 1, 2), "1");
    AddRow("floordiv(x, 2) + floormod(x, 2)", floordiv(x, 2) + floormod(x, 2),
           "floordiv((x + 1), 2)");
    AddRow("floordiv(x + 1, 2) - floormod(x, 2)", floordiv(x + 1, 2) - floormod(x, 2),
           "floordiv(x, 2)");
    AddRow("floordiv(floormod(x, 2) + 1, 2)", floordiv(floormod(x, 2) + 1, 2), "floormod(x, 2)");
    AddRow("floordiv(x + 5, 3) - floordiv(x, 3)", floordiv(x + 5, 3) - floordiv(x, 3),
           "floordiv((floormod(x, 3) + 5), 3)");
    AddRow("floordiv(floormod(x, 2) + 7, 2) + floordiv(x, 2) (TVM: floordiv(x + 7, 2))",
           floordiv(floormod(x, 2) + 7, 2) + floordiv(x, 2), "(floordiv((x + 1), 2) + 3)");
    AddRow("floordiv(x - floormod(x, 21), 21)", floordiv(x - floormod(x, 21), 21),
           "floordiv(x, 21)");
    AddRow("floordiv(n*n - 1, n) with n >= 0", floordiv(v.n * v.n - 1, v.n), "(n - 1)");
    AddRow("truncdiv of unknown sign stays", truncdiv(x + 5, 3) - truncdiv(x, 3),
           "(((x + 5) / 3) - (x / 3))");
  }
  void quotient() { CheckExample(); }
  void quotientKeepsValues() {
    auto difference = [](ExprKind div) {
      return [div](Operands& o) {
        Expr a = o.Operand();
        Expr c = C(static_cast<int>(o.Const(1, 5)));
        return B(div, a + C(static_cast<int>(o.Const(-7, 7))), c) -
               B(div, a + C(static_cast<int>(o.Const(-7, 7))), c);
      };
    };
    CheckShapes({difference(ExprKind::FloorDiv), difference(ExprKind::Div),
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return floormod(a + C(static_cast<int>(o.Const(-5, 5))), 2) + floormod(a, 2);
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return floordiv(a, 2) + floormod(a, 2);
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   return floordiv(a + 1, 2) - floormod(a, 2);
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   int c = static_cast<int>(o.Const(1, 5));
                   return floordiv(floormod(a, c) + C(static_cast<int>(o.Const(-9, 9))), c) +
                          floordiv(a, c);
                 },
                 [](Operands& o) {
                   Expr a = o.Operand();
                   int c = static_cast<int>(o.Const(1, 5));
                   return B(ExprKind::Div, a - floormod(a, c) + C(static_cast<int>(o.Const(0, 9))),
                            C(c)) +
                          C(static_cast<int>(o.Const(-3, 3)));
                 }},
                3);
  }

  // ---- padded: a remainder by the same divisor inside a remainder ----
  void padded_data() {
    Columns();
    Vars& v = V();
    Expr x = v.x, y = v.y;
    AddRow("floormod(x - floormod(x, 9), 9)", floormod(x - floormod(x, 9), 9), "0");
    AddRow("floormod(x - floormod(x, -9), 9)", floormod(x - floormod(x, -9), 9), "0");
    AddRow("floormod(x + floormod(0 - x, 9), 9)", floormod(x + floormod(Expr(0) - x, 9), 9), "0");
    AddRow("floormod(x + floormod(x*8, 9), 9)", floormod(x + floormod(x * 8, 9), 9), "0");
    AddRow("floormod(x - floormod(x, y), y)", floormod(x - floormod(x, y), y), "0");
    AddRow("another divisor stays", floormod(x - floormod(x, 4), 9),
           "floormod((x - floormod(x, 4)), 9)");
  }
  void padded() { CheckExample(); }
  void paddedKeepsValues() {
    CheckShapes({[](Operands& o) {
                  Expr a = o.Operand(), b = o.Operand();
                  Expr c = o.Const(0, 1) ? Expr(V().z) : C(static_cast<int>(o.NonZero(-6, 6)));
                  Expr inner = floormod(b, o.Const(0, 1) ? c : Expr(0) - c);
                  return floormod(a + inner * C(static_cast<int>(o.NonZero(-3, 3))), c);
                }},
                4);
  }

  // ---- scale: a constant factor leaves min/max; a negated product keeps its sign ----
  void scale_data() {
    Columns();
    Vars& v = V();
    Expr x = v.x, y = v.y;
    AddRow("min(x*3, 9)", min(x * 3, 9), "(min(x, 3)*3)");
    AddRow("max(x*-2, 4)", max(x * -2, 4), "(min(x, -2)*-2)");
    AddRow("min(0 - x*2, 0)", min(Expr(0) - x * 2, 0), "(max(x, 0)*-2)");
    AddRow("min(x*3, 10) stays", min(x * 3, 10), "min((x*3), 10)");
    AddRow("0 - x*3", Expr(0) - x * 3, "(x*-3)");
    AddRow("min(x*-2, y*-2)", min(x * -2, y * -2), "(max(x, y)*-2)");
  }
  void scale() { CheckExample(); }
  void scaleKeepsValues() {
    CheckShapes(
        {[](Operands& o) {
           int c1 = static_cast<int>(o.NonZero(-4, 4));
           Expr m = o.Operand() * C(c1);
           Expr k = C(c1 * static_cast<int>(o.Const(-5, 5)) + (o.Const(0, 3) == 0 ? 1 : 0));
           return o.Const(0, 1) ? min(m, k) : max(m, k);
         },
         [](Operands& o) { return Expr(0) - o.Operand() * C(static_cast<int>(o.Const(2, 5))); }},
        5);
  }

  // ---- range: a value pinned to one block of width w by two comparisons ----
  void range_data() {
    Columns();
    Vars& v = V();
    Expr x = v.x, y = v.y;
    AddRow("0 <= x - y*5 && x - y*5 < 5", Expr(0) <= x - y * 5 && x - y * 5 < 5,
           "(y == floordiv(x, 5))");
    AddRow("x - y*5 < 5 && 0 <= x - y*5", x - y * 5 < 5 && Expr(0) <= x - y * 5,
           "(y == floordiv(x, 5))");
    AddRow("a wider range stays", Expr(0) <= x - y * 5 && x - y * 5 < 6,
           "((0 <= (x - (y*5))) && ((x - (y*5)) < 6))");
  }
  void range() { CheckExample(); }
  void rangeKeepsValues() {
    CheckShapes({[](Operands& o) {
                  Vars& v = V();
                  int w = static_cast<int>(o.Const(2, 6));
                  int lo = static_cast<int>(o.Const(-4, 4));
                  Expr t = o.Const(0, 1) ? Expr(v.y) : Expr(v.x);
                  Expr d = o.Operand() + t * C(o.Const(0, 1) ? w : -w);
                  Expr upper = d < C(lo + w + static_cast<int>(o.Const(-1, 0)));
                  Expr lower = C(lo) <= d;
                  return select(lower && upper, C(1), C(0));
                }},
                6);
  }

  // ---- if_then_else: branches under their condition; nested ones join ----
  void ifThenElse_data() {
    Columns();
    Vars& v = V();
    Expr x = v.x;
    AddRow("nested, same else-value", IfThenElse(x < 5, IfThenElse(x > 1, C(1), C(0)), C(0)),
           "if_then_else(((x < 5) && (x > 1)), 1, 0)");
    AddRow("inner condition decided", IfThenElse(x > 2, IfThenElse(x > 1, C(1), C(0)), C(0)),
           "if_then_else((x > 2), 1, 0)");
    AddRow("equal branches", IfThenElse(x > 2, x + 1, x + 1), "(x + 1)");
  }
  void ifThenElse() { CheckExample(); }
  void ifThenElseKeepsValues() {
    CheckShapes({[](Operands& o) {
                  Expr c1 = o.Operand() < o.Operand(), c2 = o.Operand() <= o.Operand();
                  Expr f = o.Operand();
                  return IfThenElse(
                      c1, IfThenElse(c2, o.Operand(), o.Const(0, 1) ? f : o.Operand()), f);
                }},
                7);
  }
};

}  // namespace tst_rule_families

QTEST_APPLESS_MAIN(tst_rule_families::TestRuleFamilies)
#include "tst_rule_families.moc"
