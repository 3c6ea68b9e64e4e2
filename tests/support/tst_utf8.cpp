// Utf8: the sequence check the lexer and the JSON reader share, and the encoder.
#include <QtTest>
#include <string>

#include "support/Utf8.h"

namespace tst_utf8 {

using namespace tessera;

class TestUtf8 : public QObject {
  Q_OBJECT

 private slots:
  void sequenceLength_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("length");
    QTest::newRow("ascii") << QByteArray("a") << 1;
    QTest::newRow("2 bytes (é)") << QByteArray("\xC3\xA9") << 2;
    QTest::newRow("3 bytes (中)") << QByteArray("\xE4\xB8\xAD") << 3;
    QTest::newRow("4 bytes (U+1F600)") << QByteArray("\xF0\x9F\x98\x80") << 4;
    QTest::newRow("largest, U+10FFFF") << QByteArray("\xF4\x8F\xBF\xBF") << 4;
    QTest::newRow("stray continuation") << QByteArray("\x80") << 0;
    QTest::newRow("truncated") << QByteArray("\xE4\xB8") << 0;
    QTest::newRow("overlong 2 bytes") << QByteArray("\xC1\xBF") << 0;
    QTest::newRow("overlong 3 bytes") << QByteArray("\xE0\x9F\xBF") << 0;
    QTest::newRow("overlong 4 bytes") << QByteArray("\xF0\x8F\xBF\xBF") << 0;
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << 0;
    QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0;
    QTest::newRow("F5 lead byte") << QByteArray("\xF5\x80\x80\x80") << 0;
    QTest::newRow("bad continuation") << QByteArray("\xC3\x28") << 0;
  }
  void sequenceLength() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, length);
    std::string s = "x" + bytes.toStdString();
    QCOMPARE(static_cast<int>(Utf8SequenceLength(s, 1)), length);
    QCOMPARE(static_cast<int>(Utf8SequenceLength(s, s.size())), 0);  // past the end
  }

  void encodeDecodesBack() {
    for (uint32_t cp :
         {0x24u, 0xE9u, 0x7FFu, 0x800u, 0x4E2Du, 0xFFFFu, 0x10000u, 0x1F600u, 0x10FFFFu}) {
      std::string out;
      AppendUtf8(out, cp);
      QCOMPARE(Utf8SequenceLength(out), out.size());
      QCOMPARE(QString::fromUtf8(out.data(), static_cast<int>(out.size())).toUcs4().value(0), cp);
    }
  }
};

}  // namespace tst_utf8

QTEST_APPLESS_MAIN(tst_utf8::TestUtf8)
#include "tst_utf8.moc"
