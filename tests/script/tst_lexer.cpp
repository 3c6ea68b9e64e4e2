// The script lexer: every token kind, locations (line AND column), line endings,
// continuation inside brackets, and every lexical error, each located.
#include <QtTest>

#include "script/lang/Lexer.h"

namespace tst_lexer {

using namespace tessera;
using namespace tessera::script;

namespace {

// "KIND:text" per token, without the final Newline/End, for compact comparisons.
QString Summary(const std::vector<Token>& tokens) {
  QStringList parts;
  for (const Token& t : tokens) {
    switch (t.kind) {
      case TokenKind::Name:
        parts << "N:" + QString::fromStdString(t.text);
        break;
      case TokenKind::Keyword:
        parts << "K:" + QString::fromStdString(t.text);
        break;
      case TokenKind::Int:
        parts << "I:" + QString::number(t.int_value);
        break;
      case TokenKind::Float:
        parts << "F:" + QString::number(t.float_value);
        break;
      case TokenKind::String:
        parts << "S:" + QString::fromStdString(t.text);
        break;
      case TokenKind::Op:
        parts << QString::fromStdString(t.text);
        break;
      case TokenKind::Newline:
        parts << "NL";
        break;
      case TokenKind::Indent:
        parts << "IN";
        break;
      case TokenKind::Dedent:
        parts << "DE";
        break;
      case TokenKind::End:
        parts << "END";
        break;
    }
  }
  return parts.join(' ');
}

QString Lex(const std::string& src) {
  auto r = Tokenize(src, "t.py");
  if (!r) return "ERROR " + QString::fromStdString(r.error().format());
  return Summary(*r);
}

}  // namespace

class TestLexer : public QObject {
  Q_OBJECT

 private slots:
  void tokens_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << std::string("") << "END";
    QTest::newRow("blank lines and comments") << std::string("\n\n  # c\n# d\n") << "END";
    QTest::newRow("assignment") << std::string("n = 4") << "N:n = I:4 NL END";
    QTest::newRow("indented blocks")
        << std::string("if a:\n    for i in x:\n\n        # c\n        b = 1\nc = 2")
        << "K:if N:a : NL IN K:for N:i K:in N:x : NL IN N:b = I:1 NL DE DE N:c = I:2 NL END";
    QTest::newRow("blocks closed at the end")
        << std::string("def f():\n\tif a:\n\t\treturn 1\n")
        << "K:def N:f ( ) : NL IN K:if N:a : NL IN K:return I:1 NL DE DE END";
    QTest::newRow("keywords") << std::string("lambda i: not i and True or None")
                              << "K:lambda N:i : K:not N:i K:and K:True K:or K:None NL END";
    QTest::newRow("longest operator") << std::string("a//b**c<=d!=e>>f//=g")
                                      << "N:a // N:b ** N:c <= N:d != N:e >> N:f //= N:g NL END";
    QTest::newRow("ints") << std::string("0 7 1_000 0x1F 0o17 0b101")
                          << "I:0 I:7 I:1000 I:31 I:15 I:5 NL END";
    QTest::newRow("int64 max") << std::string("9223372036854775807")
                               << "I:9223372036854775807 NL END";
    QTest::newRow("floats") << std::string("1.5 .25 2. 1e3 1.5e-2")
                            << "F:1.5 F:0.25 F:2 F:1000 F:0.015 NL END";
    QTest::newRow("strings") << std::string("'a', \"b\\\"c\", 'x\\ny', r'\\d'")
                             << "S:a , S:b\"c , S:x\ny , S:\\d NL END";
    QTest::newRow("adjacent strings concatenate") << std::string("\"ab\" 'cd'") << "S:abcd NL END";
    QTest::newRow("triple-quoted string")
        << std::string("\"\"\"doc\nstring\"\"\"\nx") << "S:doc\nstring NL N:x NL END";
    QTest::newRow("unicode escape") << std::string("\"\\u00e9\"") << QString("S:\u00e9 NL END");
    QTest::newRow("newline inside brackets continues")
        << std::string("f(a,\n  b)\nc") << "N:f ( N:a , N:b ) NL N:c NL END";
    // TVM's own tests (test_te_tensor.py) close a multi-line condition on a line of its
    // own, less indented than the block: the ')' must not close the block mid-line.
    QTest::newRow("closing bracket at a lower indentation")
        << std::string("def f(x):\n    if (\n        x\n    ):\n        y = 1\n    return 0\n")
        << "K:def N:f ( N:x ) : NL IN K:if ( N:x ) : NL IN N:y = I:1 NL DE K:return I:0 NL DE END";
    QTest::newRow("f-string is the format call it means")
        << std::string("f'a{x + 1:>3}b{{c}}'")
        << "( S:a{:>3}b{{c}} . N:format ( ( N:x + I:1 ) ) ) NL END";
    QTest::newRow("backslash continuation")
        << std::string("a = 1 + \\\n  2") << "N:a = I:1 + I:2 NL END";
    QTest::newRow("CRLF line endings")
        << std::string("a = 1\r\nb = 2\r\n") << "N:a = I:1 NL N:b = I:2 NL END";
    QTest::newRow("lone CR line endings") << std::string("a\rb") << "N:a NL N:b NL END";
    QTest::newRow("tabs between tokens") << std::string("a\t=\t1") << "N:a = I:1 NL END";
    QTest::newRow("utf-8 in comments and strings")
        << std::string("x = \"\xc3\xa9\" # \xe4\xb8\xad\xe6\x96\x87")
        << QString("N:x = S:\u00e9 NL END");
    QTest::newRow("float overflow is inf, underflow 0")
        << std::string("1e999 1e-999") << "F:inf F:0 NL END";
    QTest::newRow("byte order mark") << std::string("\xEF\xBB\xBFx") << "N:x NL END";
    QTest::newRow("comment ends line") << std::string("a # (\nb") << "N:a NL N:b NL END";
  }
  void tokens() {
    QFETCH(std::string, source);
    QFETCH(QString, expected);
    QCOMPARE(Lex(source), expected);
  }

  void locations() {
    auto r = Tokenize("x = 1\n  \ny  =  te.f(\n   2)", "loc.py");
    QVERIFY(r.ok());
    const auto& t = *r;
    auto at = [&](size_t i, int line, int col) {
      QCOMPARE(t[i].loc.file, std::string("loc.py"));
      QCOMPARE(t[i].loc.line, line);
      QCOMPARE(t[i].loc.column, col);
    };
    at(0, 1, 1);   // x
    at(1, 1, 3);   // =
    at(2, 1, 5);   // 1
    at(4, 3, 1);   // y
    at(5, 3, 4);   // =
    at(6, 3, 7);   // te
    at(7, 3, 9);   // .
    at(8, 3, 10);  // f
    at(10, 4, 4);  // 2 on the continuation line
  }

  void columns_count_code_points() {
    // "é" is two bytes but one column; a tab is one column.
    auto r = Tokenize("s = \"\xc3\xa9\" ;\tz");
    QVERIFY(r.ok());
    QCOMPARE((*r)[3].text, std::string(";"));
    QCOMPARE((*r)[3].loc.column, 9);
    QCOMPARE((*r)[4].loc.column, 11);
  }

  void errors_data() {
    QTest::addColumn<std::string>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unterminated string")
        << std::string("x = 'abc") << "t.py:1:5: error: unterminated string literal";
    QTest::newRow("string across line")
        << std::string("x = \"ab\ncd\"") << "t.py:1:5: error: unterminated string literal";
    QTest::newRow("unterminated triple string")
        << std::string("x = '''abc\n") << "t.py:1:5: error: unterminated string literal";
    QTest::newRow("unexpected character")
        << std::string("a = $b") << "t.py:1:5: error: unexpected character '$'";
    QTest::newRow("lone bang") << std::string("a ! b")
                               << "t.py:1:3: error: unexpected character '!'";
    QTest::newRow("indentation")
        << std::string("a = 1\n  b = 2")
        << "t.py:2:3: error: unexpected indentation (only the block after a line ending in "
           "':' is indented)";
    QTest::newRow("unindent to no block")
        << std::string("if x:\n    a = 1\n  b = 2")
        << "t.py:3:3: error: unindent does not match any outer indentation level";
    QTest::newRow("invalid utf-8")
        << std::string("a = 1\nb\xff = 2")
        << "t.py:2:2: error: invalid UTF-8 byte 0xFF (scripts are UTF-8 text)";
    QTest::newRow("NUL byte") << std::string("a\0b", 3)
                              << "t.py:1:2: error: unexpected NUL byte (scripts are UTF-8 text)";
    QTest::newRow("non-ASCII outside strings")
        << std::string("x = \xc3\xa9")
        << QString(
               "t.py:1:5: error: unexpected character '\u00e9' (only ASCII is allowed "
               "outside strings and comments)");
    QTest::newRow("integer too large")
        << std::string("x = 9223372036854775808")
        << "t.py:1:5: error: integer literal is too large (more than 64 bits)";
    QTest::newRow("leading zero") << std::string("x = 012")
                                  << "t.py:1:5: error: leading zeros are not allowed in integer "
                                     "literals (use 0o for octal)";
    QTest::newRow("bad digit") << std::string("x = 0b102")
                               << "t.py:1:5: error: invalid digit '2' in number literal";
    QTest::newRow("letters after number")
        << std::string("x = 3abc") << "t.py:1:6: error: invalid number literal (unexpected 'a')";
    QTest::newRow("complex") << std::string("x = 3j")
                             << "t.py:1:5: error: complex numbers are not supported in scripts";
    QTest::newRow("f-string single brace")
        << std::string("x = f'a}'") << "t.py:1:5: error: f-string: single '}' is not allowed";
    QTest::newRow("f-string empty field")
        << std::string("x = f'{ }'") << "t.py:1:5: error: f-string: empty expression not allowed";
    QTest::newRow("f-string nested spec") << std::string("x = f'{a:{w}}'")
                                          << "t.py:1:5: error: f-string: nested replacement fields "
                                             "in a format spec are not supported in scripts";
    QTest::newRow("byte string") << std::string("x = b'a'")
                                 << "t.py:1:5: error: byte strings are not supported in scripts";
    QTest::newRow("backslash mid-line")
        << std::string("a = \\ b")
        << "t.py:1:5: error: unexpected character '\\' (a line continuation must end the line)";
    QTest::newRow("control character")
        << std::string("a = \x01") << "t.py:1:5: error: unexpected control character 0x01";
    QTest::newRow("bad hex escape")
        << std::string("s = \"\\xZZ\"") << "t.py:1:6: error: invalid \\x escape in string";
  }
  void errors() {
    QFETCH(std::string, source);
    QFETCH(QString, expected);
    QCOMPARE(Lex(source), "ERROR " + expected);
  }

  // Binary garbage never crashes the lexer: every input gives tokens or one error.
  void random_bytes_never_crash() {
    QRandomGenerator rng(1234);
    for (int round = 0; round < 300; ++round) {
      std::string s(static_cast<size_t>(rng.bounded(1, 400)), '\0');
      for (char& c : s) c = static_cast<char>(rng.bounded(256));
      auto r = Tokenize(s, "garbage.bin");
      if (!r) {
        QVERIFY(r.error().loc.line >= 1);
        QVERIFY(r.error().loc.column >= 1);
      }
    }
  }

  void printable_noise_never_crashes() {
    QRandomGenerator rng(99);
    const std::string alphabet = "abc019_ ()[]{}.,:;=+-*/%<>!&|^~'\"\\#\n\r\t";
    for (int round = 0; round < 500; ++round) {
      std::string s;
      for (int i = rng.bounded(1, 200); i > 0; --i)
        s += alphabet[static_cast<size_t>(rng.bounded(static_cast<int>(alphabet.size())))];
      auto r = Tokenize(s);
      QVERIFY(r.ok() || !r.error().message.empty());
    }
  }
};

}  // namespace tst_lexer

QTEST_APPLESS_MAIN(tst_lexer::TestLexer)
#include "tst_lexer.moc"
