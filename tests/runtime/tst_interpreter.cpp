// IRInterpreter and ArgBinder: the reference execution of flattened statements that
// passes and backends are checked against, and the shape binding of a call
// (bound-info RFC, proposal 1: `assert n >= 0` when binding shapes).
#include <QtTest>

#include "ir/ExprOp.h"
#include "ir/Stmt.h"
#include "runtime/ArgBinder.h"
#include "runtime/IRInterpreter.h"

namespace tst_interpreter {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::runtime;
using transform::MakePrimFunc;
using transform::PrimFunc;

namespace {

NDArray Array(std::vector<int64_t> shape, DataType t = DataType::Float(32)) {
  return NDArray::Empty(std::move(shape), t).value();
}

// C[i] = A[i] + B[i] for i in [0, n), on 1-D buffers of extent n.
PrimFunc VectorAdd(Var n) {
  Buffer A = MakeBuffer("A", DataType::Float(32), {n});
  Buffer B = MakeBuffer("B", DataType::Float(32), {n});
  Buffer C = MakeBuffer("C", DataType::Float(32), {n});
  Var i("i");
  Stmt body = MakeFor(i, 0, n, ForKind::Serial,
                      MakeBufferStore(C, MakeBufferLoad(A, {i}) + MakeBufferLoad(B, {i}), {i}));
  return MakePrimFunc("vadd", {A, B, C}, body);
}

QString Message(const Status& s) {
  return s.ok() ? QString() : QString::fromStdString(s.error().message);
}

}  // namespace

class TestInterpreter : public QObject {
  Q_OBJECT
 private slots:
  void vectorAddBindsTheShapeVariable() {
    PrimFunc f = VectorAdd(SizeVar("n"));
    QCOMPARE(f.params.size(), size_t{4});  // A, B, C, n
    NDArray a = Array({5}), b = Array({5}), c = Array({5});
    a.FillRandom(1);
    b.FillRandom(2);
    QVERIFY(Interpret(f, {a, b, c}).ok());
    for (int i = 0; i < 5; ++i)
      QCOMPARE(c.GetDouble(i), double(float(a.GetDouble(i) + b.GetDouble(i))));
  }

  void shapeMismatchNamesBufferAndDimension() {
    PrimFunc f = VectorAdd(SizeVar("n"));
    NDArray a = Array({5}), b = Array({6}), c = Array({5});
    Status s = Interpret(f, {a, b, c});
    QCOMPARE(Message(s),
             QString("buffer B: dimension 0 has extent 6 but the function expects n = 5"));
  }

  void argumentErrors_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("too few buffers") << 0 << "expects 3 buffers (A, B, C), got 2";
    QTest::newRow("dtype") << 1 << "buffer B: expected element type float32, got int32";
    QTest::newRow("rank") << 2 << "buffer C: expected 1 dimensions, got 2";
    QTest::newRow("explicit scalar disagrees")
        << 3 << "buffer A: dimension 0 has extent 5 but the function expects n = 4";
    QTest::newRow("negative shape var") << 4 << "n = -1 violates n >= 0 (n is a shape variable)";
    QTest::newRow("unknown scalar") << 5 << "has no scalar parameter 'm'";
  }
  void argumentErrors() {
    QFETCH(int, which);
    QFETCH(QString, message);
    PrimFunc f = VectorAdd(SizeVar("n"));
    NDArray a = Array({5}), b = Array({5}), c = Array({5});
    std::vector<NDArray> args{a, b, c};
    ScalarArgs scalars;
    switch (which) {
      case 0:
        args.pop_back();
        break;
      case 1:
        args[1] = Array({5}, DataType::Int(32));
        break;
      case 2:
        args[2] = Array({5, 1});
        break;
      case 3:
        scalars["n"] = 4;
        break;
      case 4:
        scalars["n"] = -1;
        args = {Array({0}), Array({0}), Array({0})};
        break;
      case 5:
        scalars["m"] = 1;
        break;
    }
    auto r = BindArguments(f, args, scalars);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(message),
             r.error().message.c_str());
  }

  void derivedDimensionIsChecked() {
    // B has extent n * 2: n comes from A, B is checked against it.
    Var n = SizeVar("n");
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n * 2});
    PrimFunc f = MakePrimFunc("f", {A, B}, MakeEvaluate(0));
    QVERIFY(BindArguments(f, {Array({3}), Array({6})}, {}).ok());
    auto bad = BindArguments(f, {Array({3}), Array({7})}, {});
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().message),
             QString("buffer B: dimension 0 has extent 7 but the function expects 6"));
  }

  void scalarNotDeterminedByShapesMustBeGiven() {
    Var n = SizeVar("n"), k("k");
    Buffer A = MakeBuffer("A", DataType::Int(32), {n});
    Var i("i");
    PrimFunc f = MakePrimFunc(
        "f", {A}, MakeFor(i, 0, n, ForKind::Serial, MakeBufferStore(A, i * k, {i})), {k});
    NDArray a = Array({4}, DataType::Int(32));
    Status missing = Interpret(f, {a});
    QVERIFY(Message(missing).contains("missing scalar argument 'k'"));
    QVERIFY(Interpret(f, {a}, {{"k", 3}}).ok());
    QCOMPARE(a.GetInt(3), 9);
  }

  void floorDivisionOnNegatives_data() {
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::addColumn<int>("fdiv");
    QTest::addColumn<int>("fmod");
    QTest::addColumn<int>("tdiv");
    QTest::addColumn<int>("tmod");
    QTest::newRow("-7, 2") << -7 << 2 << -4 << 1 << -3 << -1;
    QTest::newRow("7, -2") << 7 << -2 << -4 << -1 << -3 << 1;
    QTest::newRow("-7, -2") << -7 << -2 << 3 << -1 << 3 << -1;
    QTest::newRow("-8, 2") << -8 << 2 << -4 << 0 << -4 << 0;
    QTest::newRow("7, 2") << 7 << 2 << 3 << 1 << 3 << 1;
  }
  void floorDivisionOnNegatives() {
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(int, fdiv);
    QFETCH(int, fmod);
    QFETCH(int, tdiv);
    QFETCH(int, tmod);
    Var x("x"), y("y");
    IRInterpreter interp;
    interp.BindScalar(x, int64_t{a});
    interp.BindScalar(y, int64_t{b});
    QCOMPARE(interp.Eval(MakeBinary(ExprKind::FloorDiv, x, y))->as_int(0), fdiv);
    QCOMPARE(interp.Eval(MakeBinary(ExprKind::FloorMod, x, y))->as_int(0), fmod);
    QCOMPARE(interp.Eval(MakeBinary(ExprKind::Div, x, y))->as_int(0), tdiv);
    QCOMPARE(interp.Eval(MakeBinary(ExprKind::Mod, x, y))->as_int(0), tmod);
  }

  void integerArithmeticWraps() {
    IRInterpreter interp;
    Expr big = IntImm(DataType::Int(32), 2147483647);
    QCOMPARE(interp.Eval(MakeBinary(ExprKind::Add, big, IntImm(DataType::Int(32), 1)))->as_int(0),
             -2147483648LL);
    Expr u = IntImm(DataType::UInt(8), 250);
    QCOMPARE(interp.Eval(MakeBinary(ExprKind::Add, u, IntImm(DataType::UInt(8), 10)))->as_int(0),
             4);
    QCOMPARE(
        interp.Eval(MakeCast(DataType::Int(8), FloatImm(DataType::Float(32), -3.7)))->as_int(0),
        -3);
  }

  void float32ArithmeticRoundsLikeHardware() {
    IRInterpreter interp;
    Expr third = MakeBinary(ExprKind::Div, FloatImm(DataType::Float(32), 1.0),
                            FloatImm(DataType::Float(32), 3.0));
    QCOMPARE(interp.Eval(third)->f[0], double(1.0f / 3.0f));
  }

  void divisionByZeroIsAnError() {
    Var x("x");
    IRInterpreter interp;
    interp.BindScalar(x, int64_t{0});
    auto r = interp.Eval(MakeBinary(ExprKind::FloorDiv, IntImm(DataType::Int(32), 4), x));
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.error().message).contains("division by zero"));
  }

  void vectorsRunLaneByLane() {
    // B[ramp(0, 2, 4)] = A[ramp(0, 1, 4)] * x4(3)
    Buffer A = MakeBuffer("A", DataType::Int(32), {4});
    Buffer B = MakeBuffer("B", DataType::Int(32), {8});
    Stmt s = MakeBufferStore(
        B, MakeBinary(ExprKind::Mul, MakeBufferLoad(A, {MakeRamp(0, 1, 4)}), MakeBroadcast(3, 4)),
        {MakeRamp(0, 2, 4)});
    NDArray a = Array({4}, DataType::Int(32)), b = Array({8}, DataType::Int(32));
    for (int i = 0; i < 4; ++i) a.SetInt(i, i + 1);
    IRInterpreter interp;
    interp.BindBuffer(A->data, a);
    interp.BindBuffer(B->data, b);
    QVERIFY(interp.Run(s).ok());
    QCOMPARE(b.GetInt(0), 3);
    QCOMPARE(b.GetInt(1), 0);
    QCOMPARE(b.GetInt(6), 12);
  }

  void wideVectorsBeyondTheInlineLanes() {
    // 64 lanes: more than a Value keeps inline (16), so lanes live on the heap.
    Buffer A = MakeBuffer("A", DataType::Float(64), {64});
    Expr ramp = MakeRamp(0, 1, 64);
    Stmt s = MakeBufferStore(
        A, MakeCast(DataType::Float(64, 64), MakeBinary(ExprKind::Mul, ramp, ramp)), {ramp});
    NDArray a = Array({64}, DataType::Float(64));
    IRInterpreter interp;
    interp.BindBuffer(A->data, a);
    QVERIFY(interp.Run(s).ok());
    QCOMPARE(a.GetDouble(63), 3969.0);
    QCOMPARE(a.GetDouble(17), 289.0);
  }

  void outOfBoundsAccessIsAnError() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {4});
    Var i("i");
    Stmt s = MakeFor(i, 0, 5, ForKind::Serial,
                     MakeBufferStore(A, FloatImm(DataType::Float(32), 1.0), {i}));
    IRInterpreter interp;
    NDArray a = Array({4});
    interp.BindBuffer(A->data, a);
    QCOMPARE(Message(interp.Run(s)),
             QString("out-of-bounds write of buffer A: index 4 is outside [0, 4)"));
  }

  void guardedLoadInIfThenElseIsNotEvaluated() {
    // B[i] = if_then_else(i < 4, A[i], 0) for i in [0, 8): lanes 4..7 never read A.
    Buffer A = MakeBuffer("A", DataType::Float(32), {4});
    Buffer B = MakeBuffer("B", DataType::Float(32), {8});
    Expr ramp = MakeRamp(0, 1, 8);
    Expr guarded =
        MakeCall(DataType::Float(32, 8), "if_then_else",
                 {MakeBinary(ExprKind::LT, ramp, MakeBroadcast(4, 8)), MakeBufferLoad(A, {ramp}),
                  MakeBroadcast(FloatImm(DataType::Float(32), 0.0), 8)});
    NDArray a = Array({4}), b = Array({8});
    a.Fill(2.0);
    IRInterpreter interp;
    interp.BindBuffer(A->data, a);
    interp.BindBuffer(B->data, b);
    QVERIFY(interp.Run(MakeBufferStore(B, guarded, {ramp})).ok());
    QCOMPARE(b.GetDouble(3), 2.0);
    QCOMPARE(b.GetDouble(4), 0.0);
  }

  void allocateLetAndAssert() {
    // allocate T[4]; for i: T[i] = i*i; let s = T[3]; assert(s == 9); Out[0] = s
    Buffer Out = MakeBuffer("Out", DataType::Int(32), {1});
    Var t("T", DataType::Handle());
    auto tb = std::make_shared<BufferNode>(*MakeBuffer("T", DataType::Int(32), {4}));
    tb->data = t;  // the allocation's handle
    Buffer T = tb;
    Var i("i"), s("s");
    Stmt body =
        MakeSeq({MakeFor(i, 0, 4, ForKind::Serial, MakeBufferStore(T, i * i, {i})),
                 MakeLetStmt(s, MakeBufferLoad(T, {3}),
                             MakeAssert(eq(s, 9), "s must be 9", MakeBufferStore(Out, s, {0})))});
    PrimFunc f = MakePrimFunc("f", {Out}, MakeAllocate(t, DataType::Int(32), {4}, Expr(), body));
    NDArray out = Array({1}, DataType::Int(32));
    QVERIFY(Interpret(f, {out}).ok());
    QCOMPARE(out.GetInt(0), 9);

    PrimFunc failing =
        MakePrimFunc("g", {Out},
                     MakeAssert(eq(IntImm(DataType::Int(32), 1), IntImm(DataType::Int(32), 2)),
                                "one is not two", MakeEvaluate(0)));
    QCOMPARE(Message(Interpret(failing, {out})), QString("one is not two"));
  }

  void readingUninitialisedAllocationGivesPoison() {
    Buffer Out = MakeBuffer("Out", DataType::Float(32), {1});
    Var t("T", DataType::Handle());
    auto tb = std::make_shared<BufferNode>(*MakeBuffer("T", DataType::Float(32), {2}));
    tb->data = t;
    Stmt body = MakeAllocate(t, DataType::Float(32), {2}, Expr(),
                             MakeBufferStore(Out, MakeBufferLoad(Buffer(tb), {1}), {0}));
    NDArray out = Array({1});
    IRInterpreter interp;
    interp.BindBuffer(Out->data, out);
    QVERIFY(interp.Run(body).ok());
    QVERIFY(std::isnan(out.GetDouble(0)));
  }

  void multiDimensionalBuffersAreRowMajor() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {3, 4});
    Var i("i"), j("j");
    Stmt s = MakeFor(i, 0, 3, ForKind::Parallel,
                     MakeFor(j, 0, 4, ForKind::Vectorized, MakeBufferStore(A, i * 10 + j, {i, j})));
    NDArray a = Array({3, 4}, DataType::Int(32));
    IRInterpreter interp;
    interp.BindBuffer(A->data, a);
    QVERIFY(interp.Run(s).ok());
    QCOMPARE(a.GetInt(2 * 4 + 3), 23);
  }

  void stepLimitStopsRunawayLoops() {
    Var i("i");
    InterpreterOptions opts;
    opts.max_steps = 100;
    IRInterpreter interp(opts);
    Status s = interp.Run(MakeFor(i, 0, 1000, ForKind::Serial, MakeEvaluate(0)));
    QVERIFY(Message(s).contains("step limit"));
  }

  void unboundVariableIsAnError() {
    IRInterpreter interp;
    auto r = interp.Eval(Var("q") + 1);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().message), QString("variable 'q' is not bound"));
  }
};

}  // namespace tst_interpreter

QTEST_APPLESS_MAIN(tst_interpreter::TestInterpreter)
#include "tst_interpreter.moc"
