// The script parser: every construct of the Python subset (DESIGN.md, "The script
// language") with Python's precedence, and every syntax error with its line AND column.
// Trees are compared through to_source(), which parenthesises every compound node.
#include <QtTest>

#include "script/lang/Parser.h"

namespace tst_parser {

using namespace tessera;
using namespace tessera::script;

namespace {

QString Expr(const std::string& src) {
  auto r = ParseExpression(src, "e");
  if (!r) return "ERROR " + QString::fromStdString(r.error().format());
  return QString::fromStdString(to_source(*r.value()));
}

QString Module(const std::string& src) {
  auto r = ParseModule(src, "m.py");
  if (!r) return "ERROR " + QString::fromStdString(r.error().format());
  QStringList lines;
  for (const AstStmt& s : r->body) lines << QString::fromStdString(to_source(s));
  return lines.join(" | ");
}

}  // namespace

class TestParser : public QObject {
  Q_OBJECT

 private slots:
  void expressions_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("name") << std::string("x") << "x";
    QTest::newRow("literals") << std::string("(1, 2.5, 'a', True, False, None)")
                              << "(1, 2.5, \"a\", True, False, None)";
    QTest::newRow("mul before add") << std::string("a + b * c") << "(a + (b * c))";
    QTest::newRow("left associative") << std::string("a - b - c") << "((a - b) - c)";
    QTest::newRow("floordiv and mod") << std::string("a // 8 % 4") << "((a // 8) % 4)";
    QTest::newRow("power right associative") << std::string("a ** b ** c") << "(a ** (b ** c))";
    QTest::newRow("unary minus binds looser than power") << std::string("-x ** 2") << "(-(x ** 2))";
    QTest::newRow("power of negative") << std::string("x ** -1") << "(x ** (-1))";
    QTest::newRow("unary plus and invert") << std::string("+a - ~b") << "((+a) - (~b))";
    QTest::newRow("comparison below arithmetic")
        << std::string("i + 1 < n * 2") << "((i + 1) < (n * 2))";
    QTest::newRow("and binds tighter than or") << std::string("a or b and c") << "(a or (b and c))";
    QTest::newRow("not binds tighter than and") << std::string("not a and b") << "((not a) and b)";
    QTest::newRow("not over comparison") << std::string("not i < n") << "(not (i < n))";
    QTest::newRow("assume with and")
        << std::string("0 <= i and i < n*n") << "((0 <= i) and (i < (n * n)))";
    QTest::newRow("bitwise precedence")
        << std::string("a | b ^ c & d << 1") << "(a | (b ^ (c & (d << 1))))";
    QTest::newRow("parentheses override") << std::string("(a + b) * c") << "((a + b) * c)";
    QTest::newRow("attribute chain") << std::string("tvm.tir.truncdiv") << "tvm.tir.truncdiv";
    QTest::newRow("call positional and keyword")
        << std::string("s[B].split(B.op.axis[0], factor=8)")
        << "s[B].split(B.op.axis[0], factor=8)";
    QTest::newRow("tuple subscript") << std::string("A[i, k]") << "A[i, k]";
    QTest::newRow("chained subscript") << std::string("A[i][j]") << "A[i][j]";
    QTest::newRow("lambda") << std::string("lambda i, j: A[i, j] * 2")
                            << "(lambda i, j: (A[i, j] * 2))";
    QTest::newRow("lambda without parameters") << std::string("lambda: 1") << "(lambda: 1)";
    QTest::newRow("lambda in call")
        << std::string("te.compute((n,), lambda i: te.sum(A[i, k], axis=k), name=\"B\")")
        << "te.compute((n,), (lambda i: te.sum(A[i, k], axis=k)), name=\"B\")";
    QTest::newRow("nested lambda")
        << std::string("lambda a: lambda b: a + b") << "(lambda a: (lambda b: (a + b)))";
    QTest::newRow("one-element tuple") << std::string("(n,)") << "(n,)";
    QTest::newRow("empty tuple") << std::string("()") << "()";
    QTest::newRow("list with trailing comma") << std::string("[a, b,]") << "[a, b]";
    QTest::newRow("empty list") << std::string("[]") << "[]";
    QTest::newRow("bare tuple") << std::string("a, b") << "(a, b)";
    QTest::newRow("trailing comma in call") << std::string("f(a, b,)") << "f(a, b)";
    QTest::newRow("multi-line call") << std::string("f(a,\n  b=1,\n)") << "f(a, b=1)";
    QTest::newRow("string escapes round trip")
        << std::string("\"a\\\"b\\\\c\"") << "\"a\\\"b\\\\c\"";
    QTest::newRow("float") << std::string("1e-3") << "0.001";
  }
  void expressions() {
    QFETCH(std::string, source);
    QFETCH(QString, expected);
    QCOMPARE(Expr(source), expected);
  }

  // to_source() output parses back to the same tree.
  void to_source_round_trips() {
    const char* sources[] = {"a + b * -c ** 2", "lambda i: te.sum(A[i, k] * B[k], axis=[k])",
                             "not (a < b) or c == 1", "f(*())" /* rejected below */};
    for (const char* s : sources) {
      auto first = ParseExpression(s);
      if (!first) continue;
      std::string text = to_source(*first.value());
      auto second = ParseExpression(text);
      QVERIFY2(second.ok(), text.c_str());
      QCOMPARE(to_source(*second.value()), text);
    }
  }

  // Found by fuzz_script_parser: `0xf.e9999` is the attribute e9999 of the integer 15;
  // written back as `15.e9999` it read as the float 15e9999 (inf). An attribute of a
  // number literal is written `(15).e9999`.
  void to_source_attribute_of_a_number_literal_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("hex int, exponent-like attribute") << std::string("0xf.e9999") << "(15).e9999";
    QTest::newRow("int with a space") << std::string("1 .real") << "(1).real";
    QTest::newRow("hex int, e1") << std::string("0x10.e1") << "(16).e1";
    QTest::newRow("called") << std::string("0x10.bit_length()") << "(16).bit_length()";
  }
  void to_source_attribute_of_a_number_literal() {
    QFETCH(std::string, source);
    QFETCH(QString, expected);
    QCOMPARE(Expr(source), expected);
    auto again = ParseExpression(expected.toStdString());
    QVERIFY2(again.ok(), again ? "" : again.error().format().c_str());
    QCOMPARE(QString::fromStdString(to_source(*again.value())), expected);
  }

  void statements_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("imports") << std::string("import tvm\nfrom tvm import te\n")
                             << "import tvm | from tvm import te";
    QTest::newRow("import forms")
        << std::string("import tvm.te as te, numpy as np\nfrom tvm import (te, tir as t,)")
        << "import tvm.te as te, numpy as np | from tvm import te, tir as t";
    QTest::newRow("assignment") << std::string("n = te.size_var(\"n\")")
                                << "n = te.size_var(\"n\")";
    QTest::newRow("tuple unpacking")
        << std::string("io, ii = s[B].split(x, factor=8)") << "io, ii = s[B].split(x, factor=8)";
    QTest::newRow("parenthesised targets") << std::string("(a, b) = c") << "a, b = c";
    QTest::newRow("list targets") << std::string("[a, b] = c") << "a, b = c";
    QTest::newRow("single-element unpack") << std::string("a, = c") << "a, = c";
    QTest::newRow("expression statement")
        << std::string("s[B].vectorize(ii)") << "s[B].vectorize(ii)";
    QTest::newRow("print is an expression")
        << std::string("print(tvm.lower(s, [A, B]))") << "print(tvm.lower(s, [A, B]))";
    QTest::newRow("semicolons") << std::string("a = 1; b = 2;") << "a = 1 | b = 2";
    QTest::newRow("comments and blank lines")
        << std::string("# header\n\na = 1  # trailing\n\n\n# end") << "a = 1";
    QTest::newRow("CRLF") << std::string("a = 1\r\nb = (1,\r\n 2)\r\n") << "a = 1 | b = (1, 2)";
    QTest::newRow("value is a bare tuple") << std::string("x = 1, 2") << "x = (1, 2)";
    QTest::newRow("no final newline") << std::string("a = 1") << "a = 1";
    QTest::newRow("with as") << std::string(
                                    "with ib.for_range(0, n, name=\"i\") as i:\n    ib.emit(x)\n")
                             << "with ib.for_range(0, n, name=\"i\") as i:\n    ib.emit(x)";
    QTest::newRow("with, one line")
        << std::string("with ib.new_scope(): pass") << "with ib.new_scope():\n    pass";
  }
  void statements() {
    QFETCH(std::string, source);
    QFETCH(QString, expected);
    QCOMPARE(Module(source), expected);
  }

  void node_locations() {
    auto m = ParseModule("x = 1\nio, ii = s[B].split(B.op.axis[0], factor=8)\n", "f.py");
    QVERIFY(m.ok());
    const AstStmt& s = m->body[1];
    QCOMPARE(s.loc.line, 2);
    QCOMPARE(s.targets[1].name, std::string("ii"));
    QCOMPARE(s.targets[1].loc.column, 5);
    const AstExpr& call = *s.value;
    QCOMPARE(call.kind, AstKind::Call);
    QCOMPARE(call.loc.column, 15);  // the called name `split`
    QCOMPARE(call.items[0]->loc.column, 21);
    QCOMPARE(call.keywords[0].name, std::string("factor"));
    QCOMPARE(call.keywords[0].loc.column, 35);
    const AstExpr& attr = *call.object;
    QCOMPARE(attr.kind, AstKind::Attribute);
    QCOMPARE(attr.text_loc.column, 15);
    QCOMPARE(attr.object->kind, AstKind::Subscript);
    QCOMPARE(attr.object->op_loc.column, 11);  // '['
  }

  void binary_operator_location() {
    auto e = ParseExpression("a  //  b");
    QVERIFY(e.ok());
    QCOMPARE(e.value()->loc.column, 1);
    QCOMPARE(e.value()->op_loc.column, 4);
  }

  void errors_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing operand")
        << std::string("x = 1 +\n") << "m.py:1:8: error: expected an expression, found end of line";
    QTest::newRow("missing value")
        << std::string("x =") << "m.py:1:4: error: expected an expression, found end of line";
    QTest::newRow("unclosed paren")
        << std::string("x = f(1,\n  2") << "m.py:1:6: error: '(' was never closed";
    QTest::newRow("unclosed bracket")
        << std::string("A[i") << "m.py:1:2: error: '[' was never closed";
    QTest::newRow("wrong closer") << std::string("f(a]")
                                  << "m.py:1:4: error: expected ',' or ')', found ']'";
    QTest::newRow("unmatched closer") << std::string("a = 1)") << "m.py:1:6: error: unmatched ')'";
    QTest::newRow("two expressions")
        << std::string("a b") << "m.py:1:3: error: expected end of line, found name 'b'";
    QTest::newRow("chained comparison without its last operand")
        << std::string("0 <= i <") << "m.py:1:9: error: expected an expression, found end of line";
    QTest::newRow("conditional expression without else")
        << std::string("x = a if c")
        << "m.py:1:11: error: expected 'else' in the conditional expression, found end of line";
    QTest::newRow("yield outside a function")
        << std::string("x = 1\nyield x") << "m.py:2:1: error: 'yield' outside a function";
    QTest::newRow("await")
        << std::string("x = 1\nawait x")
        << "m.py:2:1: error: 'await' statements are not supported in scripts (expected an "
           "assignment, an import, an expression, def, class, if, for, while, with, try, raise, "
           "del, global, nonlocal, return, yield or assert)";
    QTest::newRow("with of two managers")
        << std::string("with a as x, b:\n    pass")
        << "m.py:1:12: error: a 'with' statement with several context managers is not supported in "
           "scripts (nest one 'with' per manager)";
    QTest::newRow("with without a block")
        << std::string("with a as x\n") << "m.py:1:12: error: expected ':', found end of line";
    QTest::newRow("for without in")
        << std::string("for i x: pass") << "m.py:1:7: error: expected 'in', found name 'x'";
    QTest::newRow("assign to call")
        << std::string("f() = 1")
        << "m.py:1:1: error: cannot assign to f() (expected a name, an attribute, a subscript or "
           "a tuple of them)";
    QTest::newRow("assign to a number in a tuple")
        << std::string("a, 1 = 1, 2")
        << "m.py:1:4: error: cannot assign to 1 (expected a name, an attribute, a subscript or a "
           "tuple of them)";
    QTest::newRow("chained assignment to a call")
        << std::string("a = f() = 1")
        << "m.py:1:5: error: cannot assign to f() (expected a name, an attribute, a subscript or "
           "a tuple of them)";
    QTest::newRow("augmented assignment to a tuple")
        << std::string("a, b += 1")
        << "m.py:1:1: error: cannot use augmented assignment on (a, b) (expected a name, an "
           "attribute or a subscript)";
    QTest::newRow("annotated tuple")
        << std::string("a, b: int = 1, 2")
        << "m.py:1:1: error: only a single target (not a tuple) can be annotated";
    QTest::newRow("keyword then positional")
        << std::string("f(a=1, b)")
        << "m.py:1:8: error: positional argument follows keyword argument";
    QTest::newRow("repeated keyword")
        << std::string("f(a=1, a=2)") << "m.py:1:8: error: keyword argument 'a' repeated";
    QTest::newRow("starred argument after a keyword")
        << std::string("f(a=1, *xs)")
        << "m.py:1:8: error: iterable argument unpacking follows keyword argument";
    QTest::newRow("two star parameters")
        << std::string("lambda *a, *b: 1") << "m.py:1:12: error: only one '*' parameter is allowed";
    QTest::newRow("lone starred expression")
        << std::string("x = (*a)") << "m.py:1:6: error: can't use starred expression here";
    QTest::newRow("empty subscript")
        << std::string("A[]") << "m.py:1:3: error: expected an index expression, found ']'";
    QTest::newRow("a dict entry without its value")
        << std::string("x = {1: 2, 3}")
        << "m.py:1:13: error: expected ':' of a dict entry, found '}'";
    QTest::newRow("list comprehension without in")
        << std::string("[i for i x]") << "m.py:1:10: error: expected 'in', found name 'x'";
    QTest::newRow("generator beside another argument")
        << std::string("f(a, i for i in x)")
        << "m.py:1:8: error: a generator expression must be the only argument of a call (or be "
           "parenthesised)";
    QTest::newRow("lambda default")
        << std::string("lambda i=0: i")
        << "m.py:1:9: error: default parameter values are not supported in lambdas (use def)";
    QTest::newRow("lambda duplicate parameter")
        << std::string("lambda i, i: i") << "m.py:1:11: error: duplicate parameter 'i' in lambda";
    QTest::newRow("lambda missing colon")
        << std::string("lambda i j") << "m.py:1:10: error: expected ',' or ':', found name 'j'";
    QTest::newRow("not without in")
        << std::string("a not b") << "m.py:1:3: error: expected end of line, found keyword 'not'";
    QTest::newRow("is without operand")
        << std::string("a is") << "m.py:1:5: error: expected an expression, found end of line";
    QTest::newRow("attribute needs a name")
        << std::string("a.1") << "m.py:1:2: error: expected end of line, found number literal";
    QTest::newRow("attribute keyword")
        << std::string("a.lambda")
        << "m.py:1:3: error: expected an attribute name after '.', found keyword 'lambda'";
    QTest::newRow("import star") << std::string("from tvm import *")
                                 << "m.py:1:17: error: 'import *' is not supported in scripts";
    QTest::newRow("import without name")
        << std::string("import") << "m.py:1:7: error: expected a module name, found end of line";
    QTest::newRow("from without import")
        << std::string("from tvm te") << "m.py:1:10: error: expected 'import', found name 'te'";
    QTest::newRow("error on a later line after CRLF")
        << std::string("a = 1\r\nb = (2 +\r\n)")
        << "m.py:3:1: error: expected an expression, found ')'";
    QTest::newRow("lexer error surfaces")
        << std::string("a = 'x") << "m.py:1:5: error: unterminated string literal";
  }
  void errors() {
    QFETCH(std::string, source);
    QFETCH(QString, expected);
    QCOMPARE(Module(source), "ERROR " + expected);
  }

  void expression_errors() {
    QCOMPARE(Expr(""), QString("ERROR e:1:1: error: expected an expression, found end of input"));
    QCOMPARE(Expr("   "),
             QString("ERROR e:1:4: error: expected an expression, found end of input"));
    QCOMPARE(Expr("i %"), QString("ERROR e:1:4: error: expected an expression, found end of line"));
    QCOMPARE(Expr("a; b"), QString("ERROR e:1:2: error: expected end of expression, found ';'"));
    QCOMPARE(Expr("a = 1"), QString("ERROR e:1:3: error: expected end of expression, found '='"));
    QCOMPARE(Expr("a\nb"),
             QString("ERROR e:2:1: error: expected end of expression, found name 'b'"));
  }

  void empty_and_comment_only_modules() {
    QCOMPARE(Module(""), QString(""));
    QCOMPARE(Module("\n\n# only a comment\n"), QString(""));
  }

  // Nesting is capped, so 20,000 '(' is an error, not a stack overflow.
  void deep_nesting_is_an_error() {
    std::string deep(20000, '(');
    auto r = ParseModule(deep, "deep.py");
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().format()),
             QString("deep.py:1:201: error: nesting deeper than 200 levels"));
    std::string balanced = std::string(150, '(') + "1" + std::string(150, ')');
    QVERIFY(ParseExpression(balanced).ok());
    QVERIFY(!ParseExpression(std::string(20000, '-') + "1").ok());
    QVERIFY(!ParseExpression(std::string(20000, '[') + "1").ok());
    std::string nots;
    for (int i = 0; i < 5000; ++i) nots += "not ";
    QVERIFY(!ParseExpression(nots + "x").ok());
  }

  // Long operator chains build deep trees; they are capped too.
  void long_chains_are_capped() {
    std::string chain = "x";
    for (int i = 0; i < 20000; ++i) chain += " + 1";
    auto r = ParseExpression(chain);
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.error().message).contains("nested deeper than 500"));
    std::string attrs = "a";
    for (int i = 0; i < 20000; ++i) attrs += ".b";
    QVERIFY(!ParseExpression(attrs).ok());
    std::string ok_chain = "x";
    for (int i = 0; i < 400; ++i) ok_chain += " + 1";
    QVERIFY(ParseExpression(ok_chain).ok());
  }

  void random_bytes_never_crash() {
    QRandomGenerator rng(4321);
    for (int round = 0; round < 300; ++round) {
      std::string s(static_cast<size_t>(rng.bounded(1, 300)), '\0');
      for (char& c : s) c = static_cast<char>(rng.bounded(256));
      auto r = ParseModule(s, "garbage");
      QVERIFY(r.ok() || r.error().loc.line >= 1);
    }
  }

  // Random token soup from the language's own alphabet reaches deep into the parser.
  void random_token_soup_never_crashes() {
    QRandomGenerator rng(7);
    const char* pieces[] = {"a",      "b",      "1",    "2.5",  "'s'",  "(",   ")",  "[",
                            "]",      ",",      ":",    ".",    "=",    "+",   "-",  "*",
                            "//",     "%",      "**",   "<",    "==",   "and", "or", "not",
                            "lambda", "import", "from", "True", "None", "\n",  " ",  "te",
                            "f(",     "x=",     "#c\n", "\\\n", ";"};
    for (int round = 0; round < 2000; ++round) {
      std::string s;
      for (int i = rng.bounded(1, 40); i > 0; --i)
        s += pieces[rng.bounded(static_cast<int>(std::size(pieces)))];
      auto r = ParseModule(s, "soup");
      if (r) {
        for (const AstStmt& st : r->body) (void)to_source(st);
      } else {
        QVERIFY(r.error().loc.line >= 1);
        QVERIFY(r.error().loc.column >= 1);
      }
    }
  }
};

}  // namespace tst_parser

QTEST_APPLESS_MAIN(tst_parser::TestParser)
#include "tst_parser.moc"
