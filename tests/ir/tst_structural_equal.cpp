// Structural equality and hashing: alpha-equivalence of bound variables, identity of
// free variables (or a one-to-one mapping with map_free_vars), dtypes, buffers and
// producers by identity, and "equal implies equal hash".
#include <QtTest>

#include "IrTestSupport.h"
#include "ir/ExprOp.h"
#include "ir/StructuralEqual.h"

namespace tst_structural_equal {

using namespace tessera::ir;
using tessera::ir::test::MakeTensor;

namespace {

Expr SumOver(const DataProducer& A, const Var& i, const Var& k, int extent) {
  IterVar kv = MakeIterVar(Range(0, extent), k, IterVarType::CommReduce);
  return MakeReduce(SumReducer(DataType::Float(32)), {MakeProducerLoad(A, {i, k})}, {kv}, Expr(),
                    0);
}

Stmt Fill(const Buffer& buf, const Var& loop, const Expr& value) {
  return MakeFor(loop, 0, 16, ForKind::Serial, MakeBufferStore(buf, value, {loop}));
}

}  // namespace

class TestStructuralEqual : public QObject {
  Q_OBJECT

 private slots:
  void expressions_data() {
    QTest::addColumn<Expr>("a");
    QTest::addColumn<Expr>("b");
    QTest::addColumn<bool>("equal");
    QTest::addColumn<bool>("equal_mapping_free_vars");
    Var i("i"), j("j"), x("x"), y("y"), k("k"), k2("k2");
    Var i64("i", DataType::Int(64));
    Buffer A1 = MakeBuffer("A", DataType::Float(32), {16});
    Buffer A2 = MakeBuffer("A", DataType::Float(32), {16});
    DataProducer T = MakeTensor("T", {16, 16}, DataType::Float(32));
    DataProducer T2 = MakeTensor("T", {16, 16}, DataType::Float(32));

    QTest::newRow("same structure, distinct nodes") << (i + 1) << (i + 1) << true << true;
    QTest::newRow("int32 5 vs int64 5")
        << Expr(5) << IntImm(DataType::Int(64), 5) << false << false;
    QTest::newRow("different constants") << Expr(5) << Expr(6) << false << false;
    QTest::newRow("float32 vs float64") << FloatImm(DataType::Float(32), 0.5)
                                        << FloatImm(DataType::Float(64), 0.5) << false << false;
    QTest::newRow("0.0 vs -0.0") << FloatImm(DataType::Float(32), 0.0)
                                 << FloatImm(DataType::Float(32), -0.0) << false << false;
    QTest::newRow("strings") << StringImm("a") << StringImm("a") << true << true;
    QTest::newRow("distinct free vars of one name") << Expr(i) << Expr(Var("i")) << false << true;
    QTest::newRow("free vars of different dtypes") << Expr(i) << Expr(i64) << false << false;
    QTest::newRow("free var mapping is one-to-one") << (x + y) << (x + x) << false << false;
    QTest::newRow("free var mapping is consistent") << (x * y + x) << (y * x + y) << false << true;
    QTest::newRow("floordiv vs truncdiv") << floordiv(i, 2) << truncdiv(i, 2) << false << false;
    QTest::newRow("operand order") << (i - j) << (j - i) << false << true;
    QTest::newRow("call name") << MakeCall(DataType::Float(32), "exp", {1.0})
                               << MakeCall(DataType::Float(32), "log", {1.0}) << false << false;
    QTest::newRow("call kind") << MakeCall(DataType::Int(32), "f", {}, CallKind::Extern)
                               << MakeCall(DataType::Int(32), "f", {}, CallKind::PureIntrinsic)
                               << false << false;
    QTest::newRow("buffers by identity")
        << MakeBufferLoad(A1, {i}) << MakeBufferLoad(A2, {i}) << false << false;
    QTest::newRow("same buffer") << MakeBufferLoad(A1, {i}) << MakeBufferLoad(A1, {i}) << true
                                 << true;
    QTest::newRow("producers by identity")
        << MakeProducerLoad(T, {i, j}) << MakeProducerLoad(T2, {i, j}) << false << false;
    QTest::newRow("ramp lanes") << MakeRamp(i, 1, 4) << MakeRamp(i, 1, 8) << false << false;
    QTest::newRow("broadcast") << MakeBroadcast(i, 4) << MakeBroadcast(i, 4) << true << true;
    QTest::newRow("let: alpha-equivalent")
        << MakeLet(x, 1, x + i) << MakeLet(y, 1, y + i) << true << true;
    QTest::newRow("let: bound vs free")
        << MakeLet(x, 1, x + i) << MakeLet(i, 1, i + i) << false << false;
    QTest::newRow("let: different values")
        << MakeLet(x, 1, x) << MakeLet(y, 2, y) << false << false;
    QTest::newRow("let: shadowing")
        << MakeLet(x, 1, MakeLet(y, 2, x)) << MakeLet(y, 1, MakeLet(x, 2, x)) << false << false;
    QTest::newRow("let: same inner binder")
        << MakeLet(x, 1, MakeLet(y, 2, y)) << MakeLet(y, 1, MakeLet(x, 2, x)) << true << true;
    QTest::newRow("reduce: alpha-equivalent axes")
        << SumOver(T, i, k, 16) << SumOver(T, i, k2, 16) << true << true;
    QTest::newRow("reduce: axis domain")
        << SumOver(T, i, k, 16) << SumOver(T, i, k2, 8) << false << false;
    QTest::newRow("reduce: sum vs max")
        << SumOver(T, i, k, 16)
        << MakeReduce(MaxReducer(DataType::Float(32)), {MakeProducerLoad(T, {i, k})},
                      {MakeIterVar(Range(0, 16), k, IterVarType::CommReduce)}, Expr(), 0)
        << false << false;
    QTest::newRow("undefined vs undefined") << Expr() << Expr() << true << true;
    QTest::newRow("undefined vs defined") << Expr() << Expr(0) << false << false;
  }
  void expressions() {
    QFETCH(Expr, a);
    QFETCH(Expr, b);
    QFETCH(bool, equal);
    QFETCH(bool, equal_mapping_free_vars);
    QCOMPARE(StructuralEqual(a, b), equal);
    QCOMPARE(StructuralEqual(b, a), equal);
    QCOMPARE(StructuralEqual(a, b, true), equal_mapping_free_vars);
    QVERIFY(StructuralEqual(a, a));
    if (equal) QCOMPARE(StructuralHash(a), StructuralHash(b));
    if (equal_mapping_free_vars) QCOMPARE(StructuralHash(a, true), StructuralHash(b, true));
  }

  void statements_data() {
    QTest::addColumn<Stmt>("a");
    QTest::addColumn<Stmt>("b");
    QTest::addColumn<bool>("equal");
    Var i("i"), j("j"), k("k"), n("n"), tx("tx"), ty("ty");
    Buffer A = MakeBuffer("A", DataType::Int(32), {16});
    Buffer B = MakeBuffer("B", DataType::Int(32), {16});
    DataProducer C = MakeTensor("C", {16});
    auto thread = [](const Var& v) {
      return MakeIterVar(Range(0, 32), v, IterVarType::ThreadIndex, "threadIdx.x");
    };

    QTest::newRow("loops: alpha-equivalent") << Fill(A, i, i * 2) << Fill(A, j, j * 2) << true;
    QTest::newRow("loops: body uses a free var") << Fill(A, i, i) << Fill(A, j, i) << false;
    QTest::newRow("loops: different buffers") << Fill(A, i, i) << Fill(B, i, i) << false;
    QTest::newRow("loops: kind") << MakeFor(i, 0, 4, ForKind::Serial, MakeEvaluate(i))
                                 << MakeFor(i, 0, 4, ForKind::Parallel, MakeEvaluate(i)) << false;
    QTest::newRow("loops: extent") << MakeFor(i, 0, 4, ForKind::Serial, MakeEvaluate(i))
                                   << MakeFor(i, 0, 8, ForKind::Serial, MakeEvaluate(i)) << false;
    QTest::newRow("sibling loops reuse one var") << MakeSeq({Fill(A, i, i), Fill(B, i, i)})
                                                 << MakeSeq({Fill(A, j, j), Fill(B, k, k)}) << true;
    QTest::newRow("nested loops keep their order")
        << MakeFor(i, 0, 4, ForKind::Serial,
                   MakeFor(j, 0, 4, ForKind::Serial, MakeBufferStore(A, i, {j})))
        << MakeFor(j, 0, 4, ForKind::Serial,
                   MakeFor(i, 0, 4, ForKind::Serial, MakeBufferStore(A, i, {j})))
        << false;
    QTest::newRow("let stmt: alpha-equivalent")
        << MakeLetStmt(i, n * 2, MakeBufferStore(A, i, {i}))
        << MakeLetStmt(j, n * 2, MakeBufferStore(A, j, {j})) << true;
    QTest::newRow("if: else branch") << MakeIf(n > 0, MakeEvaluate(0))
                                     << MakeIf(n > 0, MakeEvaluate(0), MakeEvaluate(1)) << false;
    QTest::newRow("allocate: alpha-equivalent buffer var")
        << MakeAllocate(Var("a", DataType::Handle()), DataType::Int(32), {16}, Expr(),
                        MakeEvaluate(0))
        << MakeAllocate(Var("b", DataType::Handle()), DataType::Int(32), {16}, Expr(),
                        MakeEvaluate(0))
        << true;
    QTest::newRow("allocate: dtype")
        << MakeAllocate(Var("a", DataType::Handle()), DataType::Int(32), {16}, Expr(),
                        MakeEvaluate(0))
        << MakeAllocate(Var("a", DataType::Handle()), DataType::Int(8), {16}, Expr(),
                        MakeEvaluate(0))
        << false;
    QTest::newRow("thread_extent: the iter var binds")
        << MakeAttr(thread(tx), "thread_extent", 32, MakeBufferStore(A, tx, {tx}))
        << MakeAttr(thread(ty), "thread_extent", 32, MakeBufferStore(A, ty, {ty})) << true;
    QTest::newRow("attr key") << MakeAttr(C, "produce", 1, MakeEvaluate(0))
                              << MakeAttr(C, "realize_scope", 1, MakeEvaluate(0)) << false;
    QTest::newRow("attr target kind")
        << MakeAttr(C, "k", 1, MakeEvaluate(0))
        << MakeAttr(std::string("C"), "k", 1, MakeEvaluate(0)) << false;
    QTest::newRow("realize bounds")
        << MakeProducerRealize(C, {Range(0, 16)}, Expr(), MakeEvaluate(0))
        << MakeProducerRealize(C, {Range(0, 8)}, Expr(), MakeEvaluate(0)) << false;
    QTest::newRow("producer store")
        << MakeProducerStore(C, 1, {i}) << MakeProducerStore(C, 1, {i}) << true;
    QTest::newRow("assert message") << MakeAssert(n > 0, "a", MakeEvaluate(0))
                                    << MakeAssert(n > 0, "b", MakeEvaluate(0)) << false;
    QTest::newRow("sequence length")
        << MakeSeq({MakeEvaluate(0), MakeEvaluate(1)})
        << MakeSeq({MakeEvaluate(0), MakeEvaluate(1), MakeEvaluate(2)}) << false;
    QTest::newRow("undefined") << Stmt() << Stmt() << true;
  }
  void statements() {
    QFETCH(Stmt, a);
    QFETCH(Stmt, b);
    QFETCH(bool, equal);
    QCOMPARE(StructuralEqual(a, b), equal);
    QCOMPARE(StructuralEqual(b, a), equal);
    if (equal) QCOMPARE(StructuralHash(a), StructuralHash(b));
  }

  // A shared subtree is not equal to itself when its variables refer to different
  // binders on the two sides.
  void sharedSubtreeUnderDifferentBinders() {
    Var x("x"), y("y");
    Expr shared = x + 1;
    QVERIFY(!StructuralEqual(MakeLet(x, 0, MakeLet(y, 5, shared)),
                             MakeLet(y, 0, MakeLet(x, 5, shared))));
    QVERIFY(StructuralEqual(MakeLet(x, 0, shared), MakeLet(x, 0, shared)));
  }

  void hashSeparatesCommonDifferences() {
    Var i("i");
    QVERIFY(StructuralHash(Expr(5)) != StructuralHash(IntImm(DataType::Int(64), 5)));
    QVERIFY(StructuralHash(i + 1) != StructuralHash(i + 2));
    QVERIFY(StructuralHash(floordiv(i, 2)) != StructuralHash(truncdiv(i, 2)));
    QVERIFY(StructuralHash(Expr(i)) != StructuralHash(Expr(Var("i"))));
    QCOMPARE(StructuralHash(Expr(i), true), StructuralHash(Expr(Var("i")), true));
  }

  void deepTreesCompare() {
    Var x("x");
    Expr a = x, b = x;
    for (int d = 0; d < 10000; ++d) {
      a = MakeBinary(ExprKind::Add, a, d);
      b = MakeBinary(ExprKind::Add, b, d);
    }
    QVERIFY(StructuralEqual(a, b));
    QCOMPARE(StructuralHash(a), StructuralHash(b));
    QVERIFY(!StructuralEqual(a, MakeBinary(ExprKind::Add, b, 0)));
  }
};

}  // namespace tst_structural_equal

QTEST_APPLESS_MAIN(tst_structural_equal::TestStructuralEqual)
#include "tst_structural_equal.moc"
