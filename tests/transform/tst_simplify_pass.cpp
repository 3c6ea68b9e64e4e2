// Simplify (the pass) and LowerFloorDivMod: expressions are simplified with the facts
// that hold where they sit — loop ranges, if conditions, asserts — and floordiv/floormod
// become truncdiv/truncmod only where the operands are provably non-negative
// (bound-info RFC).
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/LowerFloorDivMod.h"
#include "transform/Simplify.h"

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

class TestSimplifyPass : public QObject {
  Q_OBJECT
 private slots:
  void loopRangeFoldsDivision() {
    // for (i, 0, 8): A[floordiv(i, 8)] -> A[0]
    Buffer A = MakeBuffer("A", DataType::Int(32), {8});
    Var i("i");
    Stmt s = MakeFor(i, 0, 8, ForKind::Serial, MakeBufferStore(A, floormod(i, 8), {floordiv(i, 8)}));
    QCOMPARE(Text(Simplify(s, PassContext())), QString("for (i, 0, 8) {\n  A[0] = i\n}\n"));
  }

  void splitIndexArithmeticFolds() {
    // (o*8 + i) floordiv 8 and floormod 8 inside the split loops give o and i.
    Buffer A = MakeBuffer("A", DataType::Int(32), {64});
    Var o("o"), i("i");
    Expr fused = o * 8 + i;
    Stmt s = MakeFor(o, 0, 8, ForKind::Serial, MakeFor(i, 0, 8, ForKind::Serial,
                     MakeBufferStore(A, floordiv(fused, 8) * 8 + floormod(fused, 8), {fused})));
    QCOMPARE(Text(Simplify(s, PassContext())),
             QString("for (o, 0, 8) {\n  for (i, 0, 8) {\n    A[((o*8) + i)] = ((o*8) + i)\n  }\n}\n"));
  }

  void constantConditionsPickTheirBranch() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {8});
    Var i("i");
    Stmt s = MakeFor(i, 0, 8, ForKind::Serial,
                     MakeIf(MakeCall(DataType::Bool(), "likely", {lt(i, 8)}), MakeBufferStore(A, 1, {i}),
                            MakeBufferStore(A, 2, {i})));
    QCOMPARE(Text(Simplify(s, PassContext())), QString("for (i, 0, 8) {\n  A[i] = 1\n}\n"));
  }

  void conditionHoldsInsideItsBranch() {
    // if (n > 0) { A[0] = max(n, 0) }  ->  A[0] = n
    Buffer A = MakeBuffer("A", DataType::Int(32), {1});
    Var n("n");
    Stmt s = MakeIf(gt(n, 0), MakeBufferStore(A, max(n, 0), {0}), MakeBufferStore(A, min(n, 0), {0}));
    QString text = Text(Simplify(s, PassContext()));
    QVERIFY2(text.contains("{\n  A[0] = n\n} else {\n  A[0] = n\n}"), qPrintable(text));
  }

  void provableAssertIsRemoved() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {1});
    Var n = SizeVar("n");
    Stmt s = MakeAssert(ge(n, 0), "n >= 0", MakeBufferStore(A, 1, {0}));
    QCOMPARE(Text(Simplify(s, PassContext())), QString("A[0] = 1\n"));
  }

  // The bound-info RFC's example: with n a shape variable, floormod(i, n) for i in
  // [0, n*n) lowers to the C operator.
  void floorModLowersWhenNonNegative() {
    Var n = SizeVar("n"), i("i");
    Buffer B = MakeBuffer("B", DataType::Int(32), {n * n});
    Stmt s = MakeFor(i, 0, n * n, ForKind::Serial, MakeBufferStore(B, floormod(i, n) + floordiv(i, n), {i}));
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

  void simplifiedProgramComputesTheSame() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {64});
    Buffer B = MakeBuffer("B", DataType::Float(32), {64});
    Var o("o"), i("i");
    Expr fused = o * 8 + i;
    Stmt s = MakeFor(o, 0, 8, ForKind::Serial, MakeFor(i, 0, 8, ForKind::Serial,
                     MakeBufferStore(B, MakeBufferLoad(A, {floordiv(fused, 8) * 8 + floormod(fused, 8)}),
                                     {floormod(fused, 64)})));
    Stmt r = LowerFloorDivMod(Simplify(s, PassContext()), PassContext());
    ExpectSameResults(MakePrimFunc("f", {A, B}, s), MakePrimFunc("f", {A, B}, r), {{64}, {64}});
  }
};

QTEST_APPLESS_MAIN(TestSimplifyPass)
#include "tst_simplify_pass.moc"
