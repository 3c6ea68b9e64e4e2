// Vector index arithmetic in the rewrite simplifier (RewriteSimplify_Vector.cpp): the
// ramps and broadcasts VectorizeLoops produces must simplify to a contiguous ramp where
// the lanes provably do not straddle a multiple of the divisor (issue #12: the packed-B
// index of TVM's GEMM tutorial, `n // 32` and `n % 32` with n vectorized by 32), and
// must be left alone where they might. A property test checks every lane of random
// vector expressions before and after simplification.
#include <QtTest>
#include <random>

#include "ArithTestSupport.h"
#include "arith/Evaluate.h"
#include "arith/ExprOrder.h"

namespace tst_vector_simplify {

using namespace tessera::arith;
using namespace tessera::arith::test;

namespace {

Expr B(ExprKind kind, Expr a, Expr b) { return MakeBinary(kind, std::move(a), std::move(b)); }
Expr Ramp(Expr base, int64_t stride, int lanes) {
  return MakeRamp(base, make_const(base.dtype(), stride), lanes);
}
Expr X(Expr v, int lanes) { return MakeBroadcast(std::move(v), lanes); }

// Lane `k` of a vector expression as a scalar expression.
Expr LaneOf(const Expr& e, int k) {
  if (e.dtype().is_scalar()) return e;
  if (auto* r = e.as<RampNode>())
    return r->base + r->stride * make_const(r->stride.dtype(), int64_t{k});
  if (auto* b = e.as<BroadcastNode>()) return b->value;
  if (auto* n = e.as<BinaryNode>()) return MakeBinary(n->kind, LaneOf(n->a, k), LaneOf(n->b, k));
  if (auto* s = e.as<SelectNode>())
    return MakeSelect(LaneOf(s->condition, k), LaneOf(s->true_value, k), LaneOf(s->false_value, k));
  if (auto* n = e.as<NotNode>()) return MakeNot(LaneOf(n->a, k));
  return Expr();
}

// The values of every lane at `point` (empty when some lane is undefined there).
std::vector<int64_t> Lanes(const Expr& e, const VarValueMap& point) {
  std::vector<int64_t> out;
  for (int k = 0; k < e.dtype().lanes(); ++k) {
    Expr lane = LaneOf(e, k);
    if (!lane.defined()) return {};
    auto v = EvaluateConstant(lane, point);
    if (!v.ok()) return {};
    out.push_back(*v);
  }
  return out;
}

struct Row {
  const char* name;
  Expr expr;
  const char* expected;
};

// i.outer in [0, 16), i in [0, 4); x, y unbound.
void BindLoops(Analyzer& an) {
  an.Bind(V().io, Range(Expr(0), Expr(16)));
  an.Bind(V().i, Range(Expr(0), Expr(4)));
}

void AddRows(const std::vector<Row>& rows) {
  QTest::addColumn<Expr>("expr");
  QTest::addColumn<QString>("expected");
  for (const Row& r : rows) QTest::newRow(r.name) << r.expr << QString(r.expected);
}

}  // namespace

class TestVectorSimplify : public QObject {
  Q_OBJECT

 private slots:
  // The packed-B index of the GEMM tutorial: floordiv/floormod of a ramp whose base is a
  // multiple of the divisor and whose lanes fill exactly one block.
  void divModOfRamp_data() {
    Vars& v = V();
    Expr io = v.io, x = v.x, i = v.i;
    Expr n = Ramp(io * 32, 1, 32);
    AddRows({
        {"floordiv(ramp(io*32, 1, 32), 32)", B(ExprKind::FloorDiv, n, X(32, 32)), "x32(i.outer)"},
        {"floormod(ramp(io*32, 1, 32), 32)", B(ExprKind::FloorMod, n, X(32, 32)), "ramp(0, 1, 32)"},
        {"truncdiv of a non-negative ramp", B(ExprKind::Div, n, X(32, 32)), "x32(i.outer)"},
        {"truncmod of a non-negative ramp", B(ExprKind::Mod, n, X(32, 32)), "ramp(0, 1, 32)"},
        {"packed-B index becomes one contiguous ramp",
         B(ExprKind::Add,
           B(ExprKind::Add, B(ExprKind::Mul, B(ExprKind::FloorDiv, n, X(32, 32)), X(1024, 32)),
             X(v.j * 32, 32)),
           B(ExprKind::FloorMod, n, X(32, 32))),
         "ramp(((i.outer*1024) + (j*32)), 1, 32)"},
        {"8 lanes inside blocks of 32 (x*8 is 0, 8, 16 or 24 mod 32)",
         B(ExprKind::FloorDiv, Ramp(x * 8, 1, 8), X(32, 8)), "x8(floordiv(x, 4))"},
        {"remainder of 8 lanes inside blocks of 32",
         B(ExprKind::FloorMod, Ramp(x * 8, 1, 8), X(32, 8)), "ramp((floormod(x, 4)*8), 1, 8)"},
        {"offset base still inside the block",
         B(ExprKind::FloorDiv, Ramp(x * 16 + 4, 1, 4), X(8, 4)), "x4((x*2))"},
        {"stride a multiple of the divisor: quotient ramp",
         B(ExprKind::FloorDiv, Ramp(x, 64, 4), X(32, 4)), "ramp(floordiv(x, 32), 2, 4)"},
        {"stride a multiple of the divisor: remainder broadcast",
         B(ExprKind::FloorMod, Ramp(x, 64, 4), X(32, 4)), "x4(floormod(x, 32))"},
        {"bounds put every lane in block 0", B(ExprKind::FloorDiv, Ramp(i, 1, 4), X(8, 4)),
         "x4(0)"},
        {"bounds: the remainder is the ramp", B(ExprKind::FloorMod, Ramp(i, 1, 4), X(8, 4)),
         "ramp(i, 1, 4)"},
        {"descending ramp inside one block", B(ExprKind::FloorDiv, Ramp(x * 8 + 7, -1, 8), X(8, 8)),
         "x8(x)"},
        {"descending ramp remainder", B(ExprKind::FloorMod, Ramp(x * 8 + 7, -1, 8), X(8, 8)),
         "ramp(7, -1, 8)"},
        // Left alone: the lanes may cross a multiple of the divisor, or may be negative.
        {"lanes cross a block: kept", B(ExprKind::FloorDiv, Ramp(x * 32 + 1, 1, 32), X(32, 32)),
         "floordiv(ramp(((x*32) + 1), 1, 32), x32(32))"},
        {"unknown base: kept", B(ExprKind::FloorMod, Ramp(x, 1, 4), X(4, 4)),
         "floormod(ramp(x, 1, 4), x4(4))"},
        {"truncdiv of a possibly negative ramp: kept",
         B(ExprKind::Div, Ramp(x * 32, 1, 32), X(32, 32)), "(ramp((x*32), 1, 32) / x32(32))"},
        {"divisor not a constant: kept", B(ExprKind::FloorDiv, Ramp(io * 32, 1, 32), X(v.y, 32)),
         "floordiv(ramp((i.outer*32), 1, 32), x32(y))"},
    });
  }
  void divModOfRamp() { Check(); }

  // Lane-wise algebra of ramps and broadcasts.
  void rampBroadcastAlgebra_data() {
    Vars& v = V();
    Expr x = v.x, y = v.y;
    AddRows({
        {"ramp + ramp", B(ExprKind::Add, Ramp(x, 1, 4), Ramp(y, 2, 4)), "ramp((x + y), 3, 4)"},
        {"ramp + broadcast", B(ExprKind::Add, Ramp(x, 1, 4), X(y, 4)), "ramp((x + y), 1, 4)"},
        {"broadcast + ramp", B(ExprKind::Add, X(y, 4), Ramp(x, 1, 4)), "ramp((y + x), 1, 4)"},
        {"ramp - ramp of equal stride", B(ExprKind::Sub, Ramp(x, 1, 4), Ramp(y, 1, 4)),
         "x4((x - y))"},
        {"broadcast - ramp", B(ExprKind::Sub, X(y, 4), Ramp(x, 1, 4)), "ramp((y - x), -1, 4)"},
        {"ramp * broadcast", B(ExprKind::Mul, Ramp(x, 1, 4), X(Expr(8), 4)), "ramp((x*8), 8, 4)"},
        {"broadcast * ramp", B(ExprKind::Mul, X(Expr(8), 4), Ramp(x, 2, 4)), "ramp((x*8), 16, 4)"},
        {"ramp * ramp: kept", B(ExprKind::Mul, Ramp(x, 1, 4), Ramp(y, 1, 4)),
         "(ramp(x, 1, 4)*ramp(y, 1, 4))"},
        {"broadcast op broadcast", B(ExprKind::Add, X(x, 4), X(x, 4)), "x4((x*2))"},
        {"constant broadcasts fold", B(ExprKind::Mul, X(Expr(3), 8), X(Expr(5), 8)), "x8(15)"},
        {"ramp of stride 0 is a broadcast", Ramp(x + 0, 0, 4), "x4(x)"},
        {"ramp's base simplified", Ramp(x + x, 1, 4), "ramp((x*2), 1, 4)"},
    });
  }
  void rampBroadcastAlgebra() { Check(); }

  // Comparisons, min and max decided for all lanes from the lanes' range.
  void compareMinMax_data() {
    Vars& v = V();
    Expr x = v.x, y = v.y, i = v.i;
    AddRows({
        {"ramp < broadcast, all lanes true", B(ExprKind::LT, Ramp(i, 1, 4), X(Expr(8), 4)),
         "x4(True)"},
        {"ramp < broadcast, all lanes false", B(ExprKind::LT, Ramp(i, 1, 4), X(Expr(0), 4)),
         "x4(False)"},
        {"ramp >= broadcast, last lane decides", B(ExprKind::GE, Ramp(i, 1, 4), X(Expr(7), 4)),
         "x4(False)"},
        {"ramp == broadcast never", B(ExprKind::EQ, Ramp(i, 1, 4), X(Expr(-1), 4)), "x4(False)"},
        {"ramp != broadcast always", B(ExprKind::NE, Ramp(i, 1, 4), X(Expr(7), 4)), "x4(True)"},
        {"equal strides compare the bases", B(ExprKind::LT, Ramp(x, 1, 4), Ramp(y, 1, 4)),
         "x4((x < y))"},
        {"ramp < broadcast undecided: kept", B(ExprKind::LT, Ramp(i, 1, 4), X(Expr(5), 4)),
         "(ramp(i, 1, 4) < x4(5))"},
        {"broadcast and broadcast", B(ExprKind::And, X(x < y, 4), X(x < y + 1, 4)), "x4((x < y))"},
        {"min(ramp, broadcast above) is the ramp", B(ExprKind::Min, Ramp(i, 1, 4), X(Expr(10), 4)),
         "ramp(i, 1, 4)"},
        {"max(ramp, broadcast above) is the broadcast",
         B(ExprKind::Max, Ramp(i, 1, 4), X(Expr(10), 4)), "x4(10)"},
        {"max(ramp, broadcast below) is the ramp", B(ExprKind::Max, Ramp(i, 1, 4), X(Expr(0), 4)),
         "ramp(i, 1, 4)"},
        {"min of equal-stride ramps", B(ExprKind::Min, Ramp(x, 1, 4), Ramp(y, 1, 4)),
         "ramp(min(x, y), 1, 4)"},
        {"min(ramp, broadcast) undecided: kept", B(ExprKind::Min, Ramp(x, 1, 4), X(y, 4)),
         "min(ramp(x, 1, 4), x4(y))"},
    });
  }
  void compareMinMax() { Check(); }

  // Random vector index expressions: every lane keeps its value (never a wrong answer).
  void lanesArePreserved() {
    Vars& v = V();
    std::mt19937 rng(12);
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    const int lanes = 8;
    const ExprKind kinds[] = {ExprKind::Add,      ExprKind::Sub,      ExprKind::Min, ExprKind::Max,
                              ExprKind::FloorDiv, ExprKind::FloorMod, ExprKind::Div, ExprKind::Mod};
    const ExprKind cmps[] = {ExprKind::LT, ExprKind::LE, ExprKind::GE, ExprKind::EQ, ExprKind::NE};
    auto scalar = [&] {
      Expr vars[] = {v.x, v.io, v.i};
      return vars[pick(3)] * (pick(9) * 4) + (pick(9) - 4);
    };
    std::function<Expr(int)> vec = [&](int depth) -> Expr {
      int c = depth <= 0 ? pick(2) : pick(5);
      if (c == 0) return Ramp(scalar(), pick(5) - 2, lanes);
      if (c == 1) return X(scalar(), lanes);
      if (c == 2) return B(ExprKind::Mul, vec(depth - 1), X(Expr(pick(7) - 3), lanes));
      ExprKind k = kinds[pick(8)];
      if (k == ExprKind::Add || k == ExprKind::Sub || k == ExprKind::Min || k == ExprKind::Max)
        return B(k, vec(depth - 1), vec(depth - 1));
      static const int kDivisors[] = {2, 4, 8, 16, 32, 3};
      return B(k, vec(depth - 1), X(Expr(kDivisors[pick(6)]), lanes));
    };
    int checked = 0, changed = 0;
    for (int s = 0; s < 600; ++s) {
      Expr e = vec(3);
      if (s % 3 == 0) e = B(cmps[pick(5)], e, vec(1));
      Analyzer an;
      an.Bind(v.io, Range(Expr(0), Expr(16)));
      an.Bind(v.i, Range(Expr(-4), Expr(12)));
      Expr simplified = an.Simplify(e);
      changed += !ExprDeepEqual(simplified, e);
      for (int p = 0; p < 12; ++p) {
        VarValueMap point{{v.x, pick(200) - 100}, {v.io, pick(16)}, {v.i, pick(16) - 4}};
        std::vector<int64_t> before = Lanes(e, point);
        if (before.empty()) continue;
        std::vector<int64_t> after = Lanes(simplified, point);
        ++checked;
        QVERIFY2(after == before, qPrintable(Str(e) + "\n  -> " + Str(simplified)));
      }
    }
    QVERIFY2(checked > 600 * 12 / 2, qPrintable(QString("only %1 points checked").arg(checked)));
    QVERIFY2(changed > 300, qPrintable(QString("only %1 expressions changed").arg(changed)));
  }

 private:
  void Check() {
    QFETCH(Expr, expr);
    QFETCH(QString, expected);
    Analyzer an;
    BindLoops(an);
    Expr simplified = an.Simplify(expr);
    QCOMPARE(Str(simplified), expected);
    QCOMPARE(simplified.dtype().lanes(), expr.dtype().lanes());
  }
};

}  // namespace tst_vector_simplify

QTEST_APPLESS_MAIN(tst_vector_simplify::TestVectorSimplify)
#include "tst_vector_simplify.moc"
