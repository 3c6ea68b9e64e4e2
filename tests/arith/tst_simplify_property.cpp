// The simplifier must never change a value: random integer expressions over bound
// variables are evaluated at random points of the bindings before and after
// simplification (fixed seeds, so a failure reproduces). This is the test that catches
// a wrong rewrite rule.
#include <QtTest>
#include <random>

#include "ArithTestSupport.h"
#include "arith/Evaluate.h"

namespace tst_simplify_property {

using namespace tessera::arith;
using namespace tessera::arith::test;

// x in [-8, 8), y in [0, 16), z in [1, 10): negative, non-negative and positive values.
struct Domain {
  Var var;
  int64_t lo, extent;
};

class RandomExprBuilder {
 public:
  RandomExprBuilder(uint32_t seed, std::vector<Domain> vars) : rng_(seed), vars_(std::move(vars)) {}

  Expr Int(int depth) {
    int choice = Pick(depth <= 0 ? 2 : 13);
    switch (choice) {
      case 0:
        return vars_[Pick(static_cast<int>(vars_.size()))].var;
      case 1:
        return Expr(Pick(17) - 8);
      case 2:
        return Int(depth - 1) + Int(depth - 1);
      case 3:
        return Int(depth - 1) - Int(depth - 1);
      case 4:
        return Int(depth - 1) * Expr(Pick(7) - 3);
      case 5:
        return Int(depth - 1) * Int(depth - 2);
      case 6:
        return MakeBinary(ExprKind::FloorDiv, Int(depth - 1), Divisor());
      case 7:
        return MakeBinary(ExprKind::FloorMod, Int(depth - 1), Divisor());
      case 8:
        return MakeBinary(ExprKind::Div, Int(depth - 1), Divisor());
      case 9:
        return MakeBinary(ExprKind::Mod, Int(depth - 1), Divisor());
      case 10:
        return MakeBinary(ExprKind::Min, Int(depth - 1), Int(depth - 1));
      case 11:
        return MakeBinary(ExprKind::Max, Int(depth - 1), Int(depth - 1));
      default:
        return MakeSelect(Bool(depth - 1), Int(depth - 1), Int(depth - 1));
    }
  }

  Expr Bool(int depth) {
    int choice = Pick(depth <= 0 ? 6 : 9);
    static const ExprKind kCmp[] = {ExprKind::LT, ExprKind::LE, ExprKind::GT,
                                    ExprKind::GE, ExprKind::EQ, ExprKind::NE};
    if (choice < 6) return MakeBinary(kCmp[choice], Int(depth - 1), Int(depth - 1));
    if (choice == 6) return MakeBinary(ExprKind::And, Bool(depth - 1), Bool(depth - 1));
    if (choice == 7) return MakeBinary(ExprKind::Or, Bool(depth - 1), Bool(depth - 1));
    return MakeNot(Bool(depth - 1));
  }

  VarValueMap Point() {
    VarValueMap values;
    for (const Domain& d : vars_) values[d.var] = d.lo + Pick(static_cast<int>(d.extent));
    return values;
  }

  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }

 private:
  std::mt19937 rng_;
  std::vector<Domain> vars_;

  // A constant divisor (never 0, sometimes negative) or z, which is in [1, 10).
  Expr Divisor() {
    int choice = Pick(10);
    if (choice == 0) return vars_.back().var;
    static const int kDivisors[] = {1, 2, 3, 4, 8, 16, -2, -3, 5};
    return Expr(kDivisors[choice - 1]);
  }
};

std::vector<Domain> Domains() {
  Vars& v = V();
  return {{v.x, -8, 16}, {v.y, 0, 16}, {v.z, 1, 9}};
}

void BindAll(Analyzer& an) {
  for (const Domain& d : Domains())
    an.Bind(d.var, Range(Expr(static_cast<int>(d.lo)), Expr(static_cast<int>(d.extent))));
}

enum class Mode { Full, Canonical, Rewrite };

Expr Run(Analyzer& an, Mode mode, const Expr& e) {
  switch (mode) {
    case Mode::Full:
      return an.Simplify(e);
    case Mode::Canonical:
      return an.canonical_simplify(e);
    default:
      return an.rewrite_simplify(e);
  }
}

// Checks `samples` random expressions at `points` points each; returns the first
// counterexample as text (empty when none).
QString FindCounterexample(uint32_t seed, Mode mode, bool boolean, int samples, int points,
                           int* checked) {
  RandomExprBuilder gen(seed, Domains());
  for (int s = 0; s < samples; ++s) {
    Expr e = boolean ? gen.Bool(3) : gen.Int(4);
    Analyzer an;
    BindAll(an);
    Expr simplified = Run(an, mode, e);
    for (int p = 0; p < points; ++p) {
      VarValueMap point = gen.Point();
      auto before = EvaluateConstant(e, point);
      if (!before.ok()) continue;  // undefined here (division by zero): anything goes
      auto after = EvaluateConstant(simplified, point);
      ++*checked;
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
  }
  return QString();
}

class TestSimplifyProperty : public QObject {
  Q_OBJECT

 private slots:
  void valuesArePreserved_data() {
    QTest::addColumn<int>("mode");
    QTest::addColumn<bool>("boolean");
    QTest::addColumn<uint>("seed");
    const struct {
      const char* name;
      Mode mode;
    } modes[] = {
        {"simplify", Mode::Full}, {"canonical", Mode::Canonical}, {"rewrite", Mode::Rewrite}};
    for (const auto& m : modes) {
      for (uint seed : {1u, 2u, 3u}) {
        QTest::addRow("%s integer seed %u", m.name, seed) << int(m.mode) << false << seed;
        QTest::addRow("%s boolean seed %u", m.name, seed) << int(m.mode) << true << seed;
      }
    }
  }
  void valuesArePreserved() {
    QFETCH(int, mode);
    QFETCH(bool, boolean);
    QFETCH(uint, seed);
    // 300 expressions x 24 points per row; 18 rows.
    int checked = 0;
    QString counterexample = FindCounterexample(seed, Mode(mode), boolean, 300, 24, &checked);
    QVERIFY2(counterexample.isEmpty(), qPrintable(counterexample));
    // Most points must be defined, or the test would check nothing.
    QVERIFY2(checked > 300 * 24 / 2, qPrintable(QString("only %1 defined points").arg(checked)));
  }

  void evaluatorReportsErrors() {
    Vars& v = V();
    VarValueMap values{{v.x, 3}};
    QVERIFY(!EvaluateConstant(v.y + 1, values).ok());
    QVERIFY(!EvaluateConstant(floordiv(v.x, v.x - 3), values).ok());
    QVERIFY(!EvaluateConstant(cast(DataType::Float(32), v.x), values).ok());
    QCOMPARE(*EvaluateConstant(floordiv(Expr(-7), v.x - 1), values), qint64(-4));
    QCOMPARE(*EvaluateConstant(MakeLet(v.y, v.x * 2, v.y + v.x), values), qint64(9));
  }
};

}  // namespace tst_simplify_property

QTEST_APPLESS_MAIN(tst_simplify_property::TestSimplifyProperty)
#include "tst_simplify_property.moc"
