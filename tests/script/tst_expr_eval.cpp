// Expressions in the script language's syntax turned into ir::Expr (what
// `tessera-cli simplify` takes): TVM's Python operators and tvm.tir / te functions,
// Python semantics for plain numbers, free names as variables, and located errors.
#include <QtTest>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "script/ExprEval.h"
#include "script/export/PythonExpr.h"

namespace tst_expr_eval {

using namespace tessera;
using namespace tessera::script;

namespace {

QString Eval(const std::string& text, std::vector<std::string> size_vars = {}) {
  ExprEnvironment env(std::move(size_vars));
  auto r = env.Evaluate(text);
  if (!r) return "ERROR " + QString::fromStdString(r.error().format());
  return QString::fromStdString(ir::to_string(*r));
}

}  // namespace

class TestExprEval : public QObject {
  Q_OBJECT

 private slots:
  void operators_and_functions_data() {
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("expected");
    // Python's // and % are floor division (DESIGN.md printing convention).
    QTest::newRow("floordiv") << std::string("x // 8") << "floordiv(x, 8)";
    QTest::newRow("floormod") << std::string("x % 8") << "floormod(x, 8)";
    QTest::newRow("truncdiv") << std::string("tvm.tir.truncdiv(x, 8)") << "(x / 8)";
    QTest::newRow("truncmod") << std::string("tvm.tir.truncmod(x, 8)") << "(x % 8)";
    QTest::newRow("tir floordiv") << std::string("tvm.tir.floordiv(x, 8)") << "floordiv(x, 8)";
    QTest::newRow("tir floormod") << std::string("tvm.tir.floormod(x, y)") << "floormod(x, y)";
    QTest::newRow("te floordiv alias") << std::string("te.floordiv(x, 2)") << "floordiv(x, 2)";
    QTest::newRow("indexdiv") << std::string("tvm.tir.indexdiv(x, 4)") << "floordiv(x, 4)";
    QTest::newRow("keyword arguments") << std::string("tvm.tir.truncdiv(b=4, a=x)") << "(x / 4)";
    QTest::newRow("max") << std::string("te.max(x, y)") << "max(x, y)";
    QTest::newRow("min") << std::string("te.min(x, 3)") << "min(x, 3)";
    QTest::newRow("max of three") << std::string("te.max(x, y, z)") << "max(max(x, y), z)";
    QTest::newRow("tir max") << std::string("tvm.tir.max(x, y)") << "max(x, y)";
    QTest::newRow("Select") << std::string("tvm.tir.Select(x < 4, x, 4)")
                            << "select((x < 4), x, 4)";
    QTest::newRow("if_then_else") << std::string("te.if_then_else(x >= 0, x, 0 - x)")
                                  << "if_then_else((x >= 0), x, (0 - x))";
    QTest::newRow("all") << std::string("tvm.tir.all(x < 1, y < 2, z < 3)")
                         << "(((x < 1) && (y < 2)) && (z < 3))";
    QTest::newRow("any") << std::string("tvm.tir.any(x < 1, y < 2)") << "((x < 1) || (y < 2))";
    QTest::newRow("Not") << std::string("tvm.tir.Not(x < 1)") << "!(x < 1)";
    QTest::newRow("and / or / not")
        << std::string("0 <= i and i < n or not x == 1") << "(((0 <= i) && (i < n)) || !(x == 1))";
    QTest::newRow("comparisons") << std::string("(x != y) and (x <= y) and (x > 0)")
                                 << "(((x != y) && (x <= y)) && (x > 0))";
    QTest::newRow("True") << std::string("True") << "True";
    QTest::newRow("False") << std::string("False") << "False";
    QTest::newRow("arithmetic") << std::string("x * 2 - y + 1") << "(((x*2) - y) + 1)";
    // As TVM's ExprOp.__neg__: x * const(-1).
    QTest::newRow("negation") << std::string("-x") << "(x*-1)";
    QTest::newRow("python numbers fold") << std::string("3 + 4 * 2") << "11";
    QTest::newRow("python floor division") << std::string("7 // -2") << "-4";
    QTest::newRow("python floor modulo") << std::string("7 % -2") << "-1";
    QTest::newRow("python power") << std::string("2 ** 10") << "1024";
    QTest::newRow("python and on ints") << std::string("0 and x") << "0";
    QTest::newRow("int64 literal") << std::string("5000000000") << "(int64)5000000000";
    QTest::newRow("float expression")
        << std::string("y.astype(\"float32\") / 2") << "(float32(y) / 2f)";
    QTest::newRow("const") << std::string("tvm.tir.const(3, \"int64\")") << "(int64)3";
    QTest::newRow("cast") << std::string("x.astype(\"int64\")") << "int64(x)";
    QTest::newRow("bool and via &") << std::string("(x < 1) & (y < 1)") << "((x < 1) && (y < 1))";
    QTest::newRow("parentheses") << std::string("(x + 1) * (y - 1)") << "((x + 1)*(y - 1))";
  }
  void operators_and_functions() {
    QFETCH(std::string, text);
    QFETCH(QString, expected);
    QCOMPARE(Eval(text), expected);
  }

  void same_name_is_same_variable() {
    ExprEnvironment env;
    auto a = env.Evaluate("i + 1");
    auto b = env.Evaluate("i < 10");
    QVERIFY(a.ok() && b.ok());
    QCOMPARE(env.vars().size(), size_t{1});
    ir::Var i = env.var("i");
    QVERIFY(i.defined());
    QVERIFY(a->as<ir::BinaryNode>()->a.same_as(i));
    QVERIFY(b->as<ir::BinaryNode>()->a.same_as(i));
    QVERIFY(!i->is_size_var);
    QCOMPARE(i.dtype(), ir::DataType::Int(32));
  }

  void size_vars_are_non_negative_shape_vars() {
    ExprEnvironment env({"n"});
    auto e = env.Evaluate("i % n");
    QVERIFY(e.ok());
    QVERIFY(env.var("n")->is_size_var);
    QVERIFY(!env.var("i")->is_size_var);
  }

  void errors_data() {
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("syntax") << std::string("x +")
                            << "<expr>:1:4: error: expected an expression, found end of line";
    QTest::newRow("true division of integers")
        << std::string("x / 2")
        << "<expr>:1:3: error: integer division with '/' is ambiguous; use '//' (floordiv), "
           "tvm.tir.truncdiv, tvm.tir.floordiv or tvm.tir.indexdiv";
    QTest::newRow("division by zero")
        << std::string("x // 0") << "<expr>:1:3: error: division by zero";
    QTest::newRow("python division by zero")
        << std::string("1 % 0") << "<expr>:1:3: error: integer division or modulo by zero";
    QTest::newRow("unknown function")
        << std::string("te.frobnicate(x)")
        << "<expr>:1:4: error: module 'tvm.te' has no attribute 'frobnicate' in Tessera";
    QTest::newRow("missing argument")
        << std::string("tvm.tir.truncdiv(x)")
        << "<expr>:1:9: error: truncdiv() missing required argument 'b'";
    QTest::newRow("too many arguments")
        << std::string("tvm.tir.truncdiv(x, 1, 2)")
        << "<expr>:1:24: error: truncdiv() takes at most 2 arguments (3 given)";
    QTest::newRow("unknown keyword")
        << std::string("tvm.tir.truncdiv(x, c=1)")
        << "<expr>:1:21: error: truncdiv() got an unexpected keyword argument 'c'";
    QTest::newRow("argument type") << std::string("tvm.tir.truncdiv(x, \"8\")")
                                   << "<expr>:1:21: error: truncdiv(): argument 'b' must be a "
                                      "number or an expression, not str";
    QTest::newRow("Select needs a condition") << std::string("tvm.tir.Select(x, 1, 2)")
                                              << "<expr>:1:16: error: Select(): argument 'cond' "
                                                 "must be a boolean condition, not PrimExpr";
    QTest::newRow("and on integers")
        << std::string("x and y")
        << "<expr>:1:3: error: 'and' needs a boolean condition, got a int32 expression";
    QTest::newRow("string result")
        << std::string("'abc'") << "<expr>:1:1: error: expected an expression, got str";
    QTest::newRow("tuple result") << std::string("(x, 1)")
                                  << "<expr>:1:1: error: expected an expression, got tuple";
    QTest::newRow("attribute of expression")
        << std::string("x.foo") << "<expr>:1:3: error: 'PrimExpr' object has no attribute 'foo'";
    QTest::newRow("call of expression")
        << std::string("x(1)") << "<expr>:1:1: error: 'PrimExpr' object is not callable";
    QTest::newRow("integer overflow")
        << std::string("9223372036854775807 + 1")
        << "<expr>:1:21: error: integer overflow in '+' (script integers are 64-bit)";
    QTest::newRow("string plus int")
        << std::string("'a' + 1")
        << "<expr>:1:5: error: unsupported operand types for +: 'str' and 'int'";
    QTest::newRow("all needs arguments")
        << std::string("tvm.tir.all()") << "<expr>:1:9: error: all() needs at least one condition";
    QTest::newRow("bad dtype") << std::string("tvm.tir.const(1, \"int33\")")
                               << "<expr>:1:18: error: const(): unknown dtype \"int33\"";
  }
  void errors() {
    QFETCH(std::string, text);
    QFETCH(QString, expected);
    QCOMPARE(Eval(text), "ERROR " + expected);
  }

  // ToPython writes an expression so that evaluating the text gives it back.
  void python_text_round_trips_data() {
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("python");
    QTest::newRow("index map") << std::string("i // 4") << "(i // 4)";
    QTest::newRow("floormod") << std::string("i % 4") << "(i % 4)";
    QTest::newRow("truncdiv") << std::string("tvm.tir.truncdiv(i, 4)") << "tvm.tir.truncdiv(i, 4)";
    QTest::newRow("truncmod") << std::string("tvm.tir.truncmod(i, 4)") << "tvm.tir.truncmod(i, 4)";
    QTest::newRow("negative constant") << std::string("i * -3") << "(i * (-3))";
    QTest::newRow("min max") << std::string("te.max(te.min(i, j), 0)") << "te.max(te.min(i, j), 0)";
    QTest::newRow("logic") << std::string("0 <= i and not i >= n or j == 1")
                           << "tvm.tir.any(tvm.tir.all((0 <= i), tvm.tir.Not((i >= n))), (j == 1))";
    QTest::newRow("select") << std::string("tvm.tir.Select(i < j, i, j)")
                            << "tvm.tir.Select((i < j), i, j)";
    QTest::newRow("int64 constant")
        << std::string("tvm.tir.const(7, \"int64\")") << "tvm.tir.const(7, \"int64\")";
    QTest::newRow("float") << std::string("i.astype(\"float32\") * 0.5")
                           << "(tvm.tir.Cast(\"float32\", i) * 0.5)";
    QTest::newRow("float64") << std::string("tvm.tir.const(2.5, \"float64\")")
                             << "tvm.tir.const(2.5, \"float64\")";
    QTest::newRow("infinity") << std::string("tvm.tir.const(-1e999, \"float32\")") << "(-1e999)";
    QTest::newRow("intrinsic") << std::string("te.exp(i.astype(\"float32\"))")
                               << "te.exp(tvm.tir.Cast(\"float32\", i))";
    QTest::newRow("if_then_else") << std::string("te.if_then_else(i < 14, i, -1)")
                                  << "te.if_then_else((i < 14), i, (-1))";
    QTest::newRow("bool") << std::string("True") << "True";
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

  void python_text_rejects_what_scripts_cannot_write() {
    ir::Expr ramp = ir::MakeRamp(ir::Var("i"), 1, 4);
    QVERIFY(!ToPython(ramp).ok());
    QVERIFY(!ToPython(ir::MakeCall(ir::DataType::Int(32), "secret", {})).ok());
  }

  // A long but legal chain evaluates without exhausting the stack.
  void long_chain_evaluates() {
    std::string chain = "x";
    for (int i = 0; i < 400; ++i) chain += " + 1";
    ExprEnvironment env;
    QVERIFY(env.Evaluate(chain).ok());
  }
};

}  // namespace tst_expr_eval

QTEST_APPLESS_MAIN(tst_expr_eval::TestExprEval)
#include "tst_expr_eval.moc"
