// UnrollLoops and RemoveTrivialLoops: constant-extent loops become straight-line code
// with the loop variable substituted; symbolic or very long ones stay serial loops.
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/RemoveTrivialLoops.h"
#include "transform/UnrollLoops.h"

namespace tst_unroll_loops {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

class TestUnrollLoops : public QObject {
  Q_OBJECT
 private slots:
  void unrollsConstantExtent() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {8});
    Var i("i");
    Stmt s = MakeFor(i, 2, 3, ForKind::Unrolled, MakeBufferStore(A, i * 2, {i}));
    Stmt r = UnrollLoops(s, PassContext());
    QCOMPARE(Text(r),
             QString("A[2] = (2*2)\nA[3] = (3*2)\nA[4] = (4*2)\n"));  // Simplify folds later
  }

  void unrollsWithSymbolicMin() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {8});
    Var i("i"), o("o");
    Stmt s = MakeFor(i, o * 2, 2, ForKind::Unrolled, MakeBufferStore(A, 0, {i}));
    QCOMPARE(Text(UnrollLoops(s, PassContext())), QString("A[(o*2)] = 0\nA[((o*2) + 1)] = 0\n"));
  }

  // A ragged tile's loop after LoopPartition: its extent is 3 only given the enclosing
  // main loop's range (o < 18); it was left serial.
  void unrollsExtentConstantWithinEnclosingLoop() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {64});
    Var i("i"), o("o");
    Expr extent = max(min(Expr(55) - o * 3, Expr(2)) + 1, Expr(0));
    Stmt s = MakeFor(o, 0, 18, ForKind::Serial,
                     MakeFor(i, o * 3, extent, ForKind::Unrolled, MakeBufferStore(A, 0, {i})));
    Stmt r = UnrollLoops(s, PassContext());
    auto* outer = r.as<ForNode>();
    QVERIFY(outer);
    QCOMPARE(Text(outer->body), QString("A[(o*3)] = 0\nA[((o*3) + 1)] = 0\nA[((o*3) + 2)] = 0\n"));
    // Outside such a loop the same extent is not constant: serial.
    Stmt alone = UnrollLoops(
        MakeFor(i, o * 3, extent, ForKind::Unrolled, MakeBufferStore(A, 0, {i})), PassContext());
    QVERIFY(alone.as<ForNode>());
    QCOMPARE(alone.as<ForNode>()->for_kind, ForKind::Serial);
  }

  void symbolicOrLongLoopsStaySerial_data() {
    QTest::addColumn<bool>("symbolic");
    QTest::newRow("symbolic extent") << true;
    QTest::newRow("longer than max_unroll_extent") << false;
  }
  void symbolicOrLongLoopsStaySerial() {
    QFETCH(bool, symbolic);
    Buffer A = MakeBuffer("A", DataType::Int(32), {8});
    Var i("i"), n("n");
    PassContext ctx;
    ctx.max_unroll_extent = 4;
    Stmt s =
        MakeFor(i, 0, symbolic ? Expr(n) : Expr(5), ForKind::Unrolled, MakeBufferStore(A, 0, {i}));
    auto r = UnrollLoops(s, ctx);
    auto* f = r.as<ForNode>();
    QVERIFY(f);
    QCOMPARE(f->for_kind, ForKind::Serial);
  }

  void unrolledProgramComputesTheSame() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {4, 6});
    Buffer B = MakeBuffer("B", DataType::Float(32), {4, 6});
    Var i("i"), j("j");
    Stmt body = MakeFor(
        i, 0, 4, ForKind::Serial,
        MakeFor(
            j, 0, 6, ForKind::Unrolled,
            MakeBufferStore(B, MakeBufferLoad(A, {i * 6 + j}) * FloatImm(DataType::Float(32), 3.0),
                            {i * 6 + j})));
    PrimFunc before = MakePrimFunc("f", {A, B}, body);
    PrimFunc after = MakePrimFunc("f", {A, B}, UnrollLoops(body, PassContext()));
    ExpectSameResults(before, after, {{4, 6}, {4, 6}});
  }

  void trivialLoopsAreSubstituted() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {8});
    Var i("i"), j("j");
    Stmt s = MakeFor(i, 3, 1, ForKind::Serial,
                     MakeFor(j, 0, 2, ForKind::Serial, MakeBufferStore(A, i, {j})));
    QCOMPARE(Text(RemoveTrivialLoops(s, PassContext())),
             QString("for (j, 0, 2) {\n  A[j] = 3\n}\n"));
    PassContext keep;
    keep.debug_keep_trivial_loop = true;
    QVERIFY(RemoveTrivialLoops(s, keep).same_as(s));
  }
};

}  // namespace tst_unroll_loops

QTEST_APPLESS_MAIN(tst_unroll_loops::TestUnrollLoops)
#include "tst_unroll_loops.moc"
