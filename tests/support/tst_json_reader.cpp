// JsonReader: every JSON construct reads back, WriteJson writes it again, and every
// malformed input gets an error at its line and column (never a crash, whatever the bytes).
#include <QtTest>

#include "support/JsonReader.h"

namespace tst_json_reader {

using namespace tessera;

class TestJsonReader : public QObject {
  Q_OBJECT

 private slots:
  void values() {
    auto v = ParseJson(R"( {"a": [1, -2.5, 1e3, true, false, null], "b": {"c": "x"}} )");
    QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
    QVERIFY(v->is_object());
    const JsonValue* a = v->find("a");
    QVERIFY(a && a->is_array());
    QCOMPARE(a->items.size(), size_t{6});
    QVERIFY(a->items[0].is_integer);
    QCOMPARE(a->items[0].integer, int64_t{1});
    QVERIFY(!a->items[1].is_integer);
    QCOMPARE(a->items[1].number, -2.5);
    QCOMPARE(a->items[2].number, 1000.0);
    QVERIFY(!a->items[2].is_integer);
    QVERIFY(a->items[3].is_bool() && a->items[3].boolean);
    QVERIFY(a->items[4].is_bool() && !a->items[4].boolean);
    QVERIFY(a->items[5].is_null());
    QCOMPARE(QString::fromStdString(v->find("b")->find("c")->string), QString("x"));
    QVERIFY(v->find("missing") == nullptr);
  }

  void members_keep_source_order() {
    auto v = ParseJson(R"({"z": 1, "a": 2, "m": 3})");
    QVERIFY(v.ok());
    QCOMPARE(v->members[0].key, std::string("z"));
    QCOMPARE(v->members[1].key, std::string("a"));
    QCOMPARE(v->members[2].key, std::string("m"));
  }

  void escapes_decode_to_utf8() {
    // The JSON text "q\" b\\ s\/ \b\f\n\r\t \u00e9 \u20ac \ud83d\ude00".
    auto v = ParseJson("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9 \\u20ac \\ud83d\\ude00\"");
    QVERIFY2(v.ok(), v ? "" : v.error().format().c_str());
    QCOMPARE(v->string,
             std::string("q\" b\\ s/ \b\f\n\r\t \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
  }

  void raw_utf8_is_kept() {
    auto v = ParseJson("\"caf\xC3\xA9\"");
    QVERIFY(v.ok());
    QCOMPARE(v->string, std::string("caf\xC3\xA9"));
  }

  void big_integers_stay_numbers() {
    auto v = ParseJson("[9223372036854775807, 9223372036854775808, -0]");
    QVERIFY(v.ok());
    QVERIFY(v->items[0].is_integer);
    QCOMPARE(v->items[0].integer, int64_t{9223372036854775807});
    QVERIFY(!v->items[1].is_integer);  // out of int64: a double
    QCOMPARE(v->items[1].number, 9223372036854775808.0);
  }

  void write_round_trips() {
    const char* text = R"({"a": [1, 2.5, "s\n", true, null], "b": {}, "c": []})";
    auto v = ParseJson(text);
    QVERIFY(v.ok());
    JsonWriter w;
    WriteJson(w, *v);
    QCOMPARE(QString::fromStdString(w.str()), QString(text));
  }

  void errors_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray("") << 1 << 1
                           << "expected a JSON value, found end of input";
    QTest::newRow("spaces only") << QByteArray("  \n ") << 2 << 2 << "expected a JSON value";
    QTest::newRow("trailing comma in object")
        << QByteArray("{\"a\": 1,}") << 1 << 9 << "expected a string key, found '}'";
    QTest::newRow("trailing comma in array")
        << QByteArray("[1,\n 2,\n]") << 3 << 1 << "expected a JSON value, found ']'";
    QTest::newRow("missing colon")
        << QByteArray("{\"a\" 1}") << 1 << 6 << "expected ':' after a key";
    QTest::newRow("single quotes")
        << QByteArray("{'a': 1}") << 1 << 2 << "expected a string key, found '''";
    QTest::newRow("unterminated string") << QByteArray("[\"abc") << 1 << 6 << "unterminated string";
    QTest::newRow("newline in string")
        << QByteArray("\"ab\ncd\"") << 1 << 4 << "newline before the closing";
    QTest::newRow("bad escape") << QByteArray("\"\\x\"") << 1 << 3 << "invalid escape \\'x'";
    QTest::newRow("short unicode escape")
        << QByteArray("\"\\u12\"") << 1 << 6 << "expected four hex digits";
    QTest::newRow("lone low surrogate")
        << QByteArray("\"\\udc00\"") << 1 << 8 << "unpaired UTF-16 low surrogate";
    QTest::newRow("lone high surrogate")
        << QByteArray("\"\\ud800x\"") << 1 << 8 << "unpaired UTF-16 high surrogate";
    QTest::newRow("invalid utf8") << QByteArray("\"a\xFF\"") << 1 << 3
                                  << "invalid UTF-8 (byte 0xFF)";
    QTest::newRow("overlong utf8") << QByteArray("\"\xC0\xAF\"") << 1 << 2 << "invalid UTF-8";
    QTest::newRow("leading zero") << QByteArray("012") << 1 << 2 << "leading zeros";
    QTest::newRow("bare minus") << QByteArray("-") << 1 << 2 << "expected a digit";
    QTest::newRow("dot without digits")
        << QByteArray("1.") << 1 << 3 << "expected a digit after '.'";
    QTest::newRow("empty exponent")
        << QByteArray("1e+") << 1 << 4 << "expected a digit in the exponent";
    QTest::newRow("NaN") << QByteArray("NaN") << 1 << 1 << "expected a JSON value, found 'N'";
    QTest::newRow("two values") << QByteArray("{} {}") << 1 << 4 << "expected end of input";
    QTest::newRow("duplicate key")
        << QByteArray("{\"a\": 1,\n \"a\": 2}") << 2 << 2 << "duplicate key \"a\"";
    QTest::newRow("binary") << QByteArray(
                                   "\x7F"
                                   "ELF\x02\x01",
                                   6)
                            << 1 << 1 << "found byte 0x7F";
    QTest::newRow("control char in string")
        << QByteArray("\"a\tb\"") << 1 << 3 << "control character";
    QTest::newRow("unclosed object")
        << QByteArray("{\"a\": [1, 2]") << 1 << 13 << "expected ',' or '}'";
  }
  void errors() {
    QFETCH(QByteArray, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    auto v =
        ParseJson(std::string_view(text.constData(), static_cast<size_t>(text.size())), "f.json");
    QVERIFY(!v.ok());
    QCOMPARE(v.error().loc.file, std::string("f.json"));
    QCOMPARE(v.error().loc.line, line);
    QCOMPARE(v.error().loc.column, column);
    QVERIFY2(QString::fromStdString(v.error().message).contains(message),
             v.error().message.c_str());
  }

  // 100,000 nested brackets: refused at the depth limit, not a stack overflow.
  void deep_nesting_is_refused() {
    std::string deep(100000, '[');
    auto v = ParseJson(deep);
    QVERIFY(!v.ok());
    QVERIFY(QString::fromStdString(v.error().message).contains("nested deeper than"));
    QCOMPARE(v.error().loc.column, kMaxJsonDepth + 1);
    std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
    QVERIFY(ParseJson(ok).ok());
  }
};

}  // namespace tst_json_reader

QTEST_APPLESS_MAIN(tst_json_reader::TestJsonReader)
#include "tst_json_reader.moc"
