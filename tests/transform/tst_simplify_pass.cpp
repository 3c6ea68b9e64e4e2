// Simplify (the pass): expressions are simplified with the facts that hold where they
// sit — loop ranges, if conditions, asserts — and decided guards and asserts go away.
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/Simplify.h"

namespace tst_simplify_pass {

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
    Stmt s =
        MakeFor(i, 0, 8, ForKind::Serial, MakeBufferStore(A, floormod(i, 8), {floordiv(i, 8)}));
    QCOMPARE(Text(Simplify(s, PassContext())), QString("for (i, 0, 8) {\n  A[0] = i\n}\n"));
  }

  void splitIndexArithmeticFolds() {
    // (o*8 + i) floordiv 8 and floormod 8 inside the split loops give o and i.
    Buffer A = MakeBuffer("A", DataType::Int(32), {64});
    Var o("o"), i("i");
    Expr fused = o * 8 + i;
    Stmt s =
        MakeFor(o, 0, 8, ForKind::Serial,
                MakeFor(i, 0, 8, ForKind::Serial,
                        MakeBufferStore(A, floordiv(fused, 8) * 8 + floormod(fused, 8), {fused})));
    QCOMPARE(
        Text(Simplify(s, PassContext())),
        QString("for (o, 0, 8) {\n  for (i, 0, 8) {\n    A[((o*8) + i)] = ((o*8) + i)\n  }\n}\n"));
  }

  void constantConditionsPickTheirBranch() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {8});
    Var i("i");
    Stmt s = MakeFor(i, 0, 8, ForKind::Serial,
                     MakeIf(MakeCall(DataType::Bool(), "likely", {lt(i, 8)}),
                            MakeBufferStore(A, 1, {i}), MakeBufferStore(A, 2, {i})));
    QCOMPARE(Text(Simplify(s, PassContext())), QString("for (i, 0, 8) {\n  A[i] = 1\n}\n"));
  }

  void conditionHoldsInsideItsBranch() {
    // if (n > 0) { A[0] = max(n, 0) }  ->  A[0] = n
    Buffer A = MakeBuffer("A", DataType::Int(32), {1});
    Var n("n");
    Stmt s =
        MakeIf(gt(n, 0), MakeBufferStore(A, max(n, 0), {0}), MakeBufferStore(A, min(n, 0), {0}));
    QString text = Text(Simplify(s, PassContext()));
    QVERIFY2(text.contains("{\n  A[0] = n\n} else {\n  A[0] = n\n}"), qPrintable(text));
  }

  void provableAssertIsRemoved() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {1});
    Var n = SizeVar("n");
    Stmt s = MakeAssert(ge(n, 0), "n >= 0", MakeBufferStore(A, 1, {0}));
    QCOMPARE(Text(Simplify(s, PassContext())), QString("A[0] = 1\n"));
  }

  void simplifiedProgramComputesTheSame() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {64});
    Buffer B = MakeBuffer("B", DataType::Float(32), {64});
    Var o("o"), i("i");
    Expr fused = o * 8 + i;
    Stmt s = MakeFor(
        o, 0, 8, ForKind::Serial,
        MakeFor(i, 0, 8, ForKind::Serial,
                MakeBufferStore(B, MakeBufferLoad(A, {floordiv(fused, 8) * 8 + floormod(fused, 8)}),
                                {floormod(fused, 64)})));
    Stmt r = Simplify(s, PassContext());
    ExpectSameResults(MakePrimFunc("f", {A, B}, s), MakePrimFunc("f", {A, B}, r), {{64}, {64}});
  }
};

}  // namespace tst_simplify_pass

QTEST_APPLESS_MAIN(tst_simplify_pass::TestSimplifyPass)
#include "tst_simplify_pass.moc"
