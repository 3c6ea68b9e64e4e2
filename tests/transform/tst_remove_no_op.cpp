// RemoveNoOp: each kind of statement that does nothing disappears; real work stays.
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/RemoveNoOp.h"

namespace tst_remove_no_op {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {
Buffer A() {
  static Buffer a = MakeBuffer("A", DataType::Int(32), {16});
  return a;
}
Stmt Store(Expr index, Expr value = 1) { return MakeBufferStore(A(), value, {index}); }
}  // namespace

class TestRemoveNoOp : public QObject {
  Q_OBJECT
 private slots:
  void removes_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("expected");
    QTest::newRow("zero-extent loop") << 0 << "";
    QTest::newRow("loop over nothing") << 1 << "";
    QTest::newRow("if (false) without else") << 2 << "";
    QTest::newRow("if (false) with else") << 3 << "A[1] = 1\n";
    QTest::newRow("if (true)") << 4 << "A[0] = 1\n";
    QTest::newRow("Evaluate(0) in a sequence") << 5 << "A[0] = 1\nA[1] = 1\n";
    QTest::newRow("self store") << 6 << "";
    QTest::newRow("let around nothing") << 7 << "";
    QTest::newRow("allocate around nothing") << 8 << "";
    QTest::newRow("empty then branch") << 9 << "if (!(x < 3)) {\n  A[1] = 1\n}\n";
    QTest::newRow("likely(false)") << 10 << "";
    QTest::newRow("if (x16(false))") << 11 << "";
    QTest::newRow("if (x16(true)) with else") << 12 << "A[0] = 1\n";
  }
  void removes() {
    QFETCH(int, which);
    QFETCH(QString, expected);
    Var i("i"), x("x");
    Stmt s;
    switch (which) {
      case 0:
        s = MakeFor(i, 0, 0, ForKind::Serial, Store(i));
        break;
      case 1:
        s = MakeFor(i, 0, x, ForKind::Serial, MakeEvaluate(0));
        break;
      case 2:
        s = MakeIf(make_bool(false), Store(0));
        break;
      case 3:
        s = MakeIf(make_bool(false), Store(0), Store(1));
        break;
      case 4:
        s = MakeIf(make_bool(true), Store(0), Store(1));
        break;
      case 5:
        s = MakeSeq({Store(0), MakeEvaluate(0), Store(1)});
        break;
      case 6:
        s = MakeBufferStore(A(), MakeBufferLoad(A(), {i + 1}), {i + 1});
        break;
      case 7:
        s = MakeLetStmt(x, 5, MakeEvaluate(0));
        break;
      case 8:
        s = MakeAllocate(Var("T", DataType::Handle()), DataType::Float(32), {4}, Expr(),
                         MakeEvaluate(0));
        break;
      case 9:
        s = MakeIf(lt(x, 3), MakeEvaluate(0), Store(1));
        break;
      case 10:
        s = MakeIf(MakeCall(DataType::Bool(), "likely", {make_bool(false)}), Store(0));
        break;
      case 11:
        s = MakeIf(MakeBroadcast(make_bool(false), 16), Store(0));
        break;
      case 12:
        s = MakeIf(MakeBroadcast(make_bool(true), 16), Store(0), Store(1));
        break;
    }
    Stmt r = RemoveNoOp(s, PassContext());
    QString text = IsNoOp(r) ? QString() : Text(r);
    QCOMPARE(text, expected);
  }

  void keepsRealWork() {
    Var i("i");
    Stmt s = MakeFor(i, 0, 4, ForKind::Serial, MakeSeq({Store(i), MakeEvaluate(0)}));
    Stmt r = RemoveNoOp(s, PassContext());
    QCOMPARE(Text(r), QString("for (i, 0, 4) {\n  A[i] = 1\n}\n"));
    // A store of a different location of the same buffer is real work.
    Stmt copy = MakeBufferStore(A(), MakeBufferLoad(A(), {i}), {i + 1});
    QVERIFY(RemoveNoOp(copy, PassContext()).same_as(copy));
  }

  void impureCallsAreKept() {
    Stmt s =
        MakeEvaluate(MakeCall(DataType::Int(32), "printf", {StringImm("x")}, CallKind::Extern));
    QVERIFY(RemoveNoOp(s, PassContext()).same_as(s));
  }

  void unchangedTreesAreShared() {
    Var i("i");
    Stmt s = MakeFor(i, 0, 4, ForKind::Serial, Store(i));
    QVERIFY(RemoveNoOp(s, PassContext()).same_as(s));
  }
};

}  // namespace tst_remove_no_op

QTEST_APPLESS_MAIN(tst_remove_no_op::TestRemoveNoOp)
#include "tst_remove_no_op.moc"
