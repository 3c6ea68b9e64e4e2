// Bit operators on integer expressions (`<<`, `>>`, `&`, `|`, `^`, `~` and
// tvm.tir.shift_left ... bitwise_not): the IR calls they build, TVM's typing, the exact
// constant folding, the located refusals, and the round trip through the Python writer.
#include <QtTest>
#include <cstdint>

#include "arith/Analyzer.h"
#include "arith/Evaluate.h"
#include "arith/IntSet.h"
#include "ir/BitIntrinsics.h"
#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "script/ExprEval.h"
#include "script/export/PythonExpr.h"

namespace tst_bitops {

using namespace tessera;
using namespace tessera::script;
using ir::BitOp;
using ir::DataType;

namespace {

QString Eval(const std::string& text) {
  ExprEnvironment env;
  auto r = env.Evaluate(text);
  if (!r) return "ERROR " + QString::fromStdString(r.error().format());
  return QString::fromStdString(ir::to_string(*r));
}

}  // namespace

class TestBitOps : public QObject {
  Q_OBJECT

 private slots:
  void builds_calls_data() {
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("shift right") << std::string("x >> 4") << "shift_right(x, 4)";
    QTest::newRow("shift left") << std::string("x << 2") << "shift_left(x, 2)";
    QTest::newRow("unpack nibble") << std::string("(x >> ((i % 8) * 4)) & 15")
                                   << "bitwise_and(shift_right(x, (floormod(i, 8)*4)), 15)";
    QTest::newRow("or") << std::string("x | y") << "bitwise_or(x, y)";
    QTest::newRow("xor") << std::string("x ^ y") << "bitwise_xor(x, y)";
    QTest::newRow("not") << std::string("~x") << "bitwise_not(x)";
    QTest::newRow("python int on the left") << std::string("1 << x") << "shift_left(1, x)";
    QTest::newRow("precedence") << std::string("x | y & 3 << 1")
                                << "bitwise_or(x, bitwise_and(y, 6))";
    QTest::newRow("tir functions")
        << std::string("tvm.tir.bitwise_or(tvm.tir.shift_left(x, 1), tvm.tir.bitwise_not(y))")
        << "bitwise_or(shift_left(x, 1), bitwise_not(y))";
    QTest::newRow("te alias") << std::string("te.shift_right(x, 3)") << "shift_right(x, 3)";
    // Types: an immediate takes the expression's type; & | ^ widen; shifts keep the left.
    QTest::newRow("int64 and int32")
        << std::string("x.astype(\"int64\") & y") << "bitwise_and(int64(x), int64(y))";
    QTest::newRow("shift keeps the left type")
        << std::string("x >> y.astype(\"int64\")") << "shift_right(x, int32(int64(y)))";
    QTest::newRow("python int shifted by int64")
        << std::string("1 << x.astype(\"int64\")") << "shift_left((int64)1, int64(x))";
    QTest::newRow("uint immediate")
        << std::string("x.astype(\"uint8\") >> 3") << "shift_right(uint8(x), (uint8)3)";
    // Python ints stay Python ints; two IR constants fold exactly.
    QTest::newRow("python shift") << std::string("3 << 4") << "48";
    QTest::newRow("python not") << std::string("~5") << "-6";
    QTest::newRow("python xor") << std::string("12 ^ 10") << "6";
    QTest::newRow("folded tir call") << std::string("tvm.tir.bitwise_and(12, 10)") << "8";
    QTest::newRow("int8 arithmetic shift")
        << std::string("tvm.tir.const(-128, \"int8\") >> 1") << "(int8)-64";
    QTest::newRow("uint8 logical shift")
        << std::string("tvm.tir.const(255, \"uint8\") >> 4") << "(uint8)15";
    QTest::newRow("uint8 not") << std::string("~tvm.tir.const(0, \"uint8\")") << "(uint8)255";
    QTest::newRow("int32 shift into the sign")
        << std::string("tvm.tir.shift_left(tvm.tir.const(1, \"int32\"), 31)") << "-2147483648";
    // Boolean expressions keep their logical meaning.
    QTest::newRow("bool and") << std::string("(x < 1) & (y < 2)") << "((x < 1) && (y < 2))";
    // TVM's bool is uint1: bitwise_and / or / xor take it (T.bitwise_and of two masks).
    QTest::newRow("tir bitwise_and of bools")
        << std::string("tvm.tir.bitwise_and(x < 1, y < 2)") << "bitwise_and((x < 1), (y < 2))";
    QTest::newRow("tir bitwise_xor of bools")
        << std::string("tvm.tir.bitwise_xor(x < 1, y < 2)") << "bitwise_xor((x < 1), (y < 2))";
  }
  void builds_calls() {
    QFETCH(std::string, text);
    QFETCH(QString, expected);
    QCOMPARE(Eval(text), expected);
  }

  void refusals_data() {
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("float shift")
        << std::string("x.astype(\"float32\") >> 1")
        << "<expr>:1:21: error: operator '>>' (shift_right) requires integer operands, got float32";
    QTest::newRow("float and")
        << std::string("x & 1.5")
        << "<expr>:1:3: error: operator '&' (bitwise_and) requires integer operands, got float32";
    QTest::newRow("float not")
        << std::string("~x.astype(\"float16\")")
        << "<expr>:1:1: error: operator '~' (bitwise_not) requires integer operands, got float16";
    QTest::newRow("bool shift")
        << std::string("tvm.tir.shift_left(x < 1, y < 2)")
        << "<expr>:1:20: error: shift_left(): operator '<<' (shift_left) requires integer "
           "operands, got bool";
    QTest::newRow("negative count")
        << std::string("x << -1")
        << "<expr>:1:3: error: shift count -1 is out of range for int32 (0 to 31)";
    QTest::newRow("count too large")
        << std::string("x.astype(\"int8\") >> 8")
        << "<expr>:1:18: error: shift count 8 is out of range for int8 (0 to 7)";
    QTest::newRow("python negative count")
        << std::string("1 << -1") << "<expr>:1:3: error: negative shift count";
    QTest::newRow("tir arity") << std::string("tvm.tir.bitwise_not(x, y)")
                               << "<expr>:1:9: error: bitwise_not() takes 1 argument (2 given)";
    QTest::newRow("tir float")
        << std::string("tvm.tir.shift_left(x, 2.5)")
        << "<expr>:1:23: error: shift_left(): operator '<<' (shift_left) requires integer "
           "operands, got float32";
    QTest::newRow("tir string")
        << std::string("tvm.tir.bitwise_or(x, \"a\")")
        << "<expr>:1:23: error: bitwise_or(): argument 2 must be an integer or an integer "
           "expression, not str";
  }
  void refusals() {
    QFETCH(std::string, text);
    QFETCH(QString, expected);
    QCOMPARE(Eval(text), "ERROR " + expected);
  }

  // Written back as Python's operators, fully parenthesised, evaluating to the same IR.
  void python_text_round_trips_data() {
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("python");
    QTest::newRow("unpack") << std::string("(x >> ((i % 8) * 4)) & 15")
                            << "((x >> ((i % 8) * 4)) & 15)";
    QTest::newRow("mix") << std::string("x ^ y | ~z") << "((x ^ y) | (~z))";
    QTest::newRow("or of and") << std::string("x | y & z") << "(x | (y & z))";
    QTest::newRow("left shift then add") << std::string("(x << 2) + 1") << "((x << 2) + 1)";
    QTest::newRow("shift of a sum") << std::string("(x + 1) << 2") << "((x + 1) << 2)";
    QTest::newRow("int64") << std::string("x.astype(\"int64\") >> 3")
                           << "(tvm.tir.Cast(\"int64\", x) >> tvm.tir.const(3, \"int64\"))";
  }
  void python_text_round_trips() {
    QFETCH(std::string, text);
    QFETCH(QString, python);
    ExprEnvironment env;
    auto e = env.Evaluate(text);
    QVERIFY2(e.ok(), e ? "" : e.error().format().c_str());
    auto written = ToPython(*e);
    QVERIFY2(written.ok(), written ? "" : written.error().message.c_str());
    QCOMPARE(QString::fromStdString(*written), python);
    auto again = env.Evaluate(*written);
    QVERIFY2(again.ok(), again ? "" : again.error().format().c_str());
    QCOMPARE(QString::fromStdString(ir::to_string(*again)),
             QString::fromStdString(ir::to_string(*e)));
  }

  // The one evaluation every consumer shares: C's / LLVM's results in each width.
  void exact_semantics() {
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftRight, DataType::Int(8), -128, 1), int64_t{-64});
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftRight, DataType::Int(32), -1, 28), int64_t{-1});
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftRight, DataType::UInt(32), 0xFFFFFFFFLL, 28), int64_t{15});
    // A uint64 above 2^63 is held negative; its shift is still logical.
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftRight, DataType::UInt(64), -1, 60), int64_t{15});
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftLeft, DataType::Int(32), 1, 31), int64_t{INT32_MIN});
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftLeft, DataType::Int(8), 0x41, 1), int64_t{-126});
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftLeft, DataType::UInt(16), 0xFFFF, 4), int64_t{0xFFF0});
    QCOMPARE(ir::EvalBitOp(BitOp::Not, DataType::UInt(8), 0), int64_t{255});
    QCOMPARE(ir::EvalBitOp(BitOp::Not, DataType::Int(8), 0), int64_t{-1});
    QCOMPARE(ir::EvalBitOp(BitOp::Xor, DataType::Int(8), -1, 0x0F), int64_t{-16});
    QCOMPARE(ir::EvalBitOp(BitOp::And, DataType::UInt(32), 0xFFFFFFFFLL, 0xF0), int64_t{0xF0});
    QCOMPARE(ir::EvalBitOp(BitOp::Or, DataType::Int(16), 0x7F00, 0x80FF), int64_t{-1});
    // Out-of-range counts (undefined in C and LLVM) are defined here.
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftLeft, DataType::Int(32), 1, 32), int64_t{0});
    QCOMPARE(ir::EvalBitOp(BitOp::ShiftRight, DataType::Int(32), -8, 40), int64_t{-1});
  }

  // The index evaluator (the simplifier's property oracle) knows them too, and the
  // simplifier keeps them opaque: it simplifies inside, never folds across them.
  void index_evaluator_and_simplifier() {
    ExprEnvironment env;
    auto e = env.Evaluate("((x + 0) >> 2) ^ (~(y * 1) & 7)");
    QVERIFY(e.ok());
    arith::VarValueMap values{{env.var("x"), 100}, {env.var("y"), 5}};
    auto v = arith::EvaluateConstant(*e, values);
    QVERIFY2(v.ok(), v ? "" : v.error().message.c_str());
    QCOMPARE(*v, int64_t{(100 >> 2) ^ (~5 & 7)});
    arith::Analyzer analyzer;
    ir::Expr simplified = analyzer.Simplify(*e);
    QCOMPARE(QString::fromStdString(ir::to_string(simplified)),
             QString("bitwise_xor(shift_right(x, 2), bitwise_and(bitwise_not(y), 7))"));
    for (int64_t x : {-100, -1, 0, 7, 123456}) {
      arith::VarValueMap at{{env.var("x"), x}, {env.var("y"), x / 3}};
      QCOMPARE(*arith::EvaluateConstant(simplified, at), *arith::EvaluateConstant(*e, at));
    }
    auto same = env.Evaluate("((x >> 4) & 15) - ((x >> 4) & 15)");
    QVERIFY(same.ok());
    QCOMPARE(QString::fromStdString(ir::to_string(analyzer.Simplify(*same))), QString("0"));
  }

  // Bounds through the bit builtins (TVM's rules): what bound inference sees of an index
  // like B[i >> 1] or A[(w >> 4) & 15].
  void bounds_follow_tvm_rules() {
    ExprEnvironment env;
    auto shifted = env.Evaluate("i >> 2");
    auto masked = env.Evaluate("(x >> 4) & 15");
    auto scaled = env.Evaluate("i << 3");
    QVERIFY(shifted.ok() && masked.ok() && scaled.ok());
    arith::IntSetMap dom{
        {env.var("i"), arith::IntSet::Interval(ir::make_const(DataType::Int(32), int64_t{0}),
                                               ir::make_const(DataType::Int(32), int64_t{63}))}};
    // TVM's IntervalSetEvaluator has no rule for a call, even at a point: a region read
    // through a shift or a mask is the whole buffer (TVM 0.20's Analyzer.int_set answered
    // IntervalSet[neg_inf, pos_inf] for each of these), and so is EvalSet's.
    for (const ir::Expr* e : {&*shifted, &*scaled, &*masked}) {
      QVERIFY(arith::EvalSet(*e, dom).is_everything());
      QVERIFY(arith::EvalSet(*e, arith::IntSetMap{}).is_everything());
    }
    // TE InferBound bounds them (exact, tighter than TVM 0.19's realize).
    arith::IntSet s = arith::EvalSetBoundingBitOps(*shifted, dom);
    QCOMPARE(QString::fromStdString(ir::to_string(s.min()) + " " + ir::to_string(s.max())),
             QString("0 15"));
    s = arith::EvalSetBoundingBitOps(*scaled, dom);
    QCOMPARE(QString::fromStdString(ir::to_string(s.min()) + " " + ir::to_string(s.max())),
             QString("0 504"));
    s = arith::EvalSetBoundingBitOps(*masked, arith::IntSetMap{});
    QVERIFY(s.is_single_point());  // x not relaxed: the expression itself
    arith::IntSetMap free_x{{env.var("x"), arith::IntSet::Everything()}};
    s = arith::EvalSetBoundingBitOps(*masked, free_x);
    QCOMPARE(QString::fromStdString(ir::to_string(s.min()) + " " + ir::to_string(s.max())),
             QString("0 15"));
    arith::Analyzer analyzer;
    arith::ConstIntBound b = analyzer.const_int_bound(*masked);
    QCOMPARE(b.min_value, int64_t{0});
    QCOMPARE(b.max_value, int64_t{15});
    auto top = env.Evaluate("x >> 28");
    QVERIFY(top.ok());
    b = analyzer.const_int_bound(*top);
    QCOMPARE(b.min_value, int64_t{-8});
    QCOMPARE(b.max_value, int64_t{7});
    // The simplifier may now drop a guard the mask implies, and nothing else.
    auto guard = env.Evaluate("((x >> 4) & 15) < 16");
    QVERIFY(guard.ok());
    QCOMPARE(QString::fromStdString(ir::to_string(analyzer.Simplify(*guard))), QString("True"));
    auto not_implied = env.Evaluate("((x >> 4) | 15) < 16");
    QVERIFY(not_implied.ok());
    QVERIFY(ir::to_string(analyzer.Simplify(*not_implied)) != "True");
  }
};

}  // namespace tst_bitops

QTEST_APPLESS_MAIN(tst_bitops::TestBitOps)
#include "tst_bitops.moc"
