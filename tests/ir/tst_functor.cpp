#include <limits>
// The IR's building blocks: IRMutator sharing of unchanged subtrees, Substitute,
// UsesVar, PostOrderVisit, MakeSeq flattening and the constant folding of the
// expression helpers (ExprOp.h).
#include <QtTest>

#include "IrTestSupport.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

namespace tst_functor {

using namespace tessera::ir;

namespace {

// Replaces one variable by another: the smallest mutator that changes something.
class RenameVar : public IRMutator {
 public:
  RenameVar(Var from, Var to) : from_(std::move(from)), to_(std::move(to)) {}

 protected:
  Expr VisitVar(const VarNode*, const Expr& e) override { return e.same_as(from_) ? Expr(to_) : e; }

 private:
  Var from_, to_;
};

class Identity : public IRMutator {};

QString Str(const Expr& e) { return QString::fromStdString(to_string(e)); }

}  // namespace

class TestFunctor : public QObject {
  Q_OBJECT

 private slots:
  void mutatorKeepsUnchangedSubtrees() {
    Var x("x"), y("y"), z("z");
    Expr left = x + 1, right = z * 2;
    Expr e = MakeBinary(ExprKind::Mul, left, right);
    Expr m = RenameVar(x, y).VisitExpr(e);
    QCOMPARE(Str(m), QString("((y + 1)*(z*2))"));
    QVERIFY(!m.same_as(e));
    auto* mb = m.as<BinaryNode>();
    QVERIFY(mb->b.same_as(right));  // untouched: the same node
    QVERIFY(!mb->a.same_as(left));  // rebuilt
    QVERIFY(mb->a.as<BinaryNode>()->b.same_as(left.as<BinaryNode>()->b));
  }

  void mutatorReturnsSameTreeWhenNothingChanges() {
    Var i("i"), n("n");
    Buffer A = MakeBuffer("A", DataType::Float(32), {16});
    Stmt s = MakeFor(
        i, 0, n, ForKind::Serial,
        MakeIf(i < n,
               MakeBufferStore(A, MakeBufferLoad(A, {i}) * FloatImm(DataType::Float(32), 2), {i})));
    QVERIFY(Identity().VisitStmt(s).same_as(s));
    QVERIFY(RenameVar(Var("other"), i).VisitStmt(s).same_as(s));
  }

  void mutatorRebuildsOnlyTheChangedPath() {
    Var i("i"), n("n"), m("m");
    Buffer A = MakeBuffer("A", DataType::Float(32), {16});
    Stmt first = MakeBufferStore(A, FloatImm(DataType::Float(32), 0), {i});
    Stmt second = MakeBufferStore(A, FloatImm(DataType::Float(32), 1), {n});
    Stmt s = MakeFor(i, 0, 4, ForKind::Serial, MakeSeq({first, second}));
    Stmt out = RenameVar(n, m).VisitStmt(s);
    QVERIFY(!out.same_as(s));
    auto* seq = out.as<ForNode>()->body.as<SeqStmtNode>();
    QVERIFY(seq);
    QVERIFY(seq->seq[0].same_as(first));
    QVERIFY(!seq->seq[1].same_as(second));
    QCOMPARE(QString::fromStdString(to_string(seq->seq[1])), QString("A[m] = 1f\n"));
  }

  void substitute() {
    Var i("i"), j("j"), k("k");
    Expr e = i * 16 + j;
    VarMap map{{i, k + 1}};
    QCOMPARE(Str(Substitute(e, map)), QString("(((k + 1)*16) + j)"));
    QVERIFY(Substitute(e, VarMap{}).same_as(e));
    QVERIFY(Substitute(e, VarMap{{k, j}}).same_as(e));  // k does not occur
    Expr by_callback = Substitute(e, [&](const Var& v) { return v.same_as(j) ? Expr(0) : Expr(); });
    QCOMPARE(Str(by_callback), QString("((i*16) + 0)"));

    Buffer A = MakeBuffer("A", DataType::Int(32), {16});
    Stmt s = MakeFor(j, 0, 4, ForKind::Serial, MakeBufferStore(A, j, {i * 4 + j}));
    QCOMPARE(QString::fromStdString(to_string(Substitute(s, VarMap{{i, Expr(2)}}))),
             QString("for (j, 0, 4) {\n  A[((2*4) + j)] = j\n}\n"));
  }

  void usesVar() {
    Var i("i"), j("j"), k("k");
    Expr e = floordiv(i, 4) + MakeSelect(j < 3, 1, 2);
    QVERIFY(UsesVar(e, i));
    QVERIFY(UsesVar(e, j));
    QVERIFY(!UsesVar(e, k));
    QVERIFY(!UsesVar(e, Var("i")));  // identity, not name
    QVERIFY(UsesVar(e, [](const VarNode* v) { return v->name == "j"; }));

    Buffer A = MakeBuffer("A", DataType::Int(32), {16});
    Stmt s = MakeIf(k > 0, MakeBufferStore(A, 1, {i}));
    QVERIFY(UsesVar(s, [&](const VarNode* v) { return v == i.get(); }));
    QVERIFY(!UsesVar(s, [&](const VarNode* v) { return v == j.get(); }));
  }

  void postOrderVisitsChildrenFirst() {
    Var i("i"), j("j");
    Expr e = (i + 1) * j;
    QStringList order;
    PostOrderVisit(e, [&](const Expr& n) { order << Str(n); });
    QCOMPARE(order, QStringList({"i", "1", "(i + 1)", "j", "((i + 1)*j)"}));
  }

  void makeSeqFlattens() {
    Stmt a = MakeEvaluate(1), b = MakeEvaluate(2), c = MakeEvaluate(3);
    Stmt inner = MakeSeq({a, b});
    QVERIFY(inner.as<SeqStmtNode>());
    Stmt flat = MakeSeq({inner, Stmt(), c});
    auto* seq = flat.as<SeqStmtNode>();
    QVERIFY(seq);
    QCOMPARE(seq->seq.size(), size_t(3));
    QVERIFY(seq->seq[0].same_as(a) && seq->seq[1].same_as(b) && seq->seq[2].same_as(c));
    QVERIFY(MakeSeq({Stmt(), a}).same_as(a));  // one statement: itself
    QVERIFY(!MakeSeq({}).defined());
    QVERIFY(!MakeSeq({Stmt(), Stmt()}).defined());
  }

  // ----------------------------------------------------------- constant folding
  void foldsTwoConstants() {
    Expr sum = Expr(2) + Expr(3);
    QVERIFY(is_const_int(sum, 5));
    QVERIFY(sum.dtype() == DataType::Int(32));
    Expr wrapped = add(IntImm(DataType::Int(8), 127), IntImm(DataType::Int(8), 1));
    QVERIFY(is_const_int(wrapped, -128));
    QVERIFY(is_const_int(Expr(4) < Expr(5), 1));
    QVERIFY(lt(4, 5).dtype() == DataType::Bool());
    QVERIFY(is_const_int(min(Expr(4), Expr(-5)), -5));
  }

  void immediateTakesTheOtherOperandsType() {
    Var n("n", DataType::Int(64));
    Expr e = n + 1;
    QVERIFY(e.dtype() == DataType::Int(64));
    QVERIFY(e.as<BinaryNode>()->b.dtype() == DataType::Int(64));
    QCOMPARE(Str(e), QString("(n + (int64)1)"));
    QVERIFY((Expr(1) * n).dtype() == DataType::Int(64));
  }

  void identitiesKeepTheOperand() {
    Var x("x");
    QVERIFY((x + 0).same_as(x));
    QVERIFY((Expr(0) + x).same_as(x));
    QVERIFY((x - 0).same_as(x));
    QVERIFY((x * 1).same_as(x));
    QVERIFY(!(x * 0).same_as(x));  // no simplification beyond constants
  }

  void divisionOfConstants_data() {
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::addColumn<int>("floor_div");
    QTest::addColumn<int>("floor_mod");
    QTest::addColumn<int>("trunc_div");
    QTest::addColumn<int>("trunc_mod");
    QTest::newRow("-7, 2") << -7 << 2 << -4 << 1 << -3 << -1;
    QTest::newRow("7, 2") << 7 << 2 << 3 << 1 << 3 << 1;
    QTest::newRow("7, -2") << 7 << -2 << -4 << -1 << -3 << 1;
    QTest::newRow("-7, -2") << -7 << -2 << 3 << -1 << 3 << -1;
    QTest::newRow("-8, 2") << -8 << 2 << -4 << 0 << -4 << 0;
    QTest::newRow("0, 5") << 0 << 5 << 0 << 0 << 0 << 0;
  }
  void divisionOfConstants() {
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(int, floor_div);
    QFETCH(int, floor_mod);
    QFETCH(int, trunc_div);
    QFETCH(int, trunc_mod);
    QVERIFY(is_const_int(floordiv(a, b), floor_div));
    QVERIFY(is_const_int(floormod(a, b), floor_mod));
    QVERIFY(is_const_int(truncdiv(a, b), trunc_div));
    QVERIFY(is_const_int(truncmod(a, b), trunc_mod));
  }

  void divisionByZeroIsNotFolded() {
    Expr q = floordiv(7, 0);
    QVERIFY(q.as<BinaryNode>());
    QCOMPARE(Str(q), QString("floordiv(7, 0)"));
    QCOMPARE(Str(truncmod(7, 0)), QString("(7 % 0)"));
  }

  void foldingAgreesWithStructure() {
    Var i("i");
    QVERIFY(StructuralEqual(floordiv(i, Expr(2) * Expr(4)), MakeBinary(ExprKind::FloorDiv, i, 8)));
    QVERIFY(!StructuralEqual(floordiv(i, 8), truncdiv(i, 8)));
  }

  // Regression: a loop or let that declares a variable without using it does not "use" it.
  void declarationIsNotAUse() {
    Var i("i"), j("j");
    Stmt loop = MakeFor(i, 0, 16, ForKind::Serial, MakeEvaluate(j));
    QVERIFY(!UsesVar(loop, [&](const VarNode* v) { return v == i.get(); }));
    QVERIFY(UsesVar(loop, [&](const VarNode* v) { return v == j.get(); }));
    Expr let = MakeLet(i, Expr(3), add(j, 1));
    QVERIFY(!UsesVar(let, i));
  }

  // Regression: an integer expression with a float constant becomes float instead of
  // truncating the constant (i - 2.5 used to print (i - 2)).
  void intMeetsFloatConstantBecomesFloat() {
    Var i("i");
    Expr e = sub(i, Expr(2.5));
    QVERIFY(e.dtype().is_float());
    QCOMPARE(Str(e), QString("(float32(i) - 2.5f)"));
  }

  // Regression: folding int64 overflow wraps without undefined behaviour.
  void int64FoldingWraps() {
    DataType i64 = DataType::Int(64);
    Expr big = make_const(i64, std::numeric_limits<int64_t>::max());
    Expr sum = add(big, make_const(i64, int64_t{1}));  // keeps the node alive for v
    auto* v = as_const_int(sum);
    QVERIFY(v);
    QCOMPARE(*v, std::numeric_limits<int64_t>::min());
    Expr minv = make_const(i64, std::numeric_limits<int64_t>::min());
    Expr quotient = truncdiv(minv, make_const(i64, int64_t{-1}));
    QVERIFY(!as_const_int(quotient));  // not folded
  }
};

}  // namespace tst_functor

QTEST_APPLESS_MAIN(tst_functor::TestFunctor)
#include "tst_functor.moc"
