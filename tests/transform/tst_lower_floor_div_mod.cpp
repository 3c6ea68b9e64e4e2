// LowerFloorDivMod: floordiv/floormod become truncdiv/truncmod (C's / and %) only where
// both operands are provably non-negative at that point of the program (bound-info RFC,
// proposal 1 and its `for (i, 0, n*n) ... floormod(i, n)` example).
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/LowerFloorDivMod.h"

namespace tst_lower_floor_div_mod {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

class TestLowerFloorDivMod : public QObject {
  Q_OBJECT
 private slots:
  // The bound-info RFC's example: with n a shape variable, floormod(i, n) for i in
  // [0, n*n) lowers to the C operator.
  void floorModLowersWhenNonNegative() {
    Var n = SizeVar("n"), i("i");
    Buffer B = MakeBuffer("B", DataType::Int(32), {n * n});
    Stmt s = MakeFor(i, 0, n * n, ForKind::Serial,
                     MakeBufferStore(B, floormod(i, n) + floordiv(i, n), {i}));
    Stmt r = LowerFloorDivMod(s, PassContext());
    QCOMPARE(Text(r), QString("for (i, 0, (n*n)) {\n  B[i] = ((i % n) + (i / n))\n}\n"));
  }

  void floorDivStaysWhenTheSignIsUnknown() {
    Var x("x");
    Buffer B = MakeBuffer("B", DataType::Int(32), {1});
    Stmt s = MakeBufferStore(B, floordiv(x, 4), {0});
    QCOMPARE(Text(LowerFloorDivMod(s, PassContext())), QString("B[0] = floordiv(x, 4)\n"));
    // ... but not inside a branch that establishes x >= 0.
    Stmt guarded = MakeIf(ge(x, 0), s);
    QCOMPARE(Text(LowerFloorDivMod(guarded, PassContext())),
             QString("if ((x >= 0)) {\n  B[0] = (x / 4)\n}\n"));
  }

  void negativeLoopRangeKeepsFloorSemantics() {
    // i in [-4, 4): floordiv(i, 2) must stay (it differs from i / 2 for odd negatives).
    Var i("i");
    Buffer B = MakeBuffer("B", DataType::Int(32), {8});
    Stmt s = MakeFor(i, -4, 8, ForKind::Serial, MakeBufferStore(B, floordiv(i, 2), {i + 4}));
    Stmt r = LowerFloorDivMod(s, PassContext());
    QVERIFY(Text(r).contains("floordiv(i, 2)"));
    ExpectSameResults(MakePrimFunc("f", {B}, s), MakePrimFunc("f", {B}, r), {{8}});
  }
};

}  // namespace tst_lower_floor_div_mod

QTEST_APPLESS_MAIN(tst_lower_floor_div_mod::TestLowerFloorDivMod)
#include "tst_lower_floor_div_mod.moc"
