// views/graph/KeptText: a graph label drawn from a kept layout shows the same pixels as
// QPainter::drawText(rect, flags, text), for one and more lines, every alignment, a
// rectangle the text overflows and the fonts the graphs use; it lays the text out once
// over repeated paints and again when the text or the font changes.
#include <QImage>
#include <QPainter>
#include <QtTest>

#include "views/graph/KeptText.h"

namespace tst_kept_text {

using namespace tessera::views;

namespace {

QFont Font(double points, bool bold = false) {
  QFont font = QGuiApplication::font();
  font.setPointSizeF(points);
  font.setBold(bold);
  return font;
}

// `text` drawn in `rect` on a white 160 x 70 image, by QPainter or by `kept`.
QImage Drawn(const QRectF& rect, int flags, const QString& text, const QFont& font,
             KeptText* kept) {
  QImage image(160, 70, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setFont(font);
  painter.setPen(Qt::black);
  if (kept)
    kept->draw(&painter, rect, flags, text);
  else
    painter.drawText(rect, flags, text);
  return image;
}

}  // namespace

class TestKeptText : public QObject {
  Q_OBJECT

 private slots:
  void drawsWhatQPainterDraws_data() {
    QTest::addColumn<QRectF>("rect");
    QTest::addColumn<int>("flags");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("points");
    const QRectF box(10.5, 8.25, 120, 44);
    QTest::newRow("node label") << box << int(Qt::AlignCenter) << "C" << 9.0;
    QTest::newRow("two lines") << box << int(Qt::AlignCenter) << "j.outer\nparallel" << 9.0;
    QTest::newRow("three lines") << QRectF(4, 2, 150, 66) << int(Qt::AlignCenter)
                                 << "A_shared\ncache_read\nbadges" << 9.0;
    QTest::newRow("edge label") << QRectF(30.3, 20.7, 60, 16) << int(Qt::AlignCenter) << "split"
                                << 8.0;
    QTest::newRow("top left") << box << int(Qt::AlignLeft | Qt::AlignTop) << "i.inner\nk" << 9.0;
    QTest::newRow("bottom right") << box << int(Qt::AlignRight | Qt::AlignBottom)
                                  << "k.outer\nunrolled" << 9.0;
    QTest::newRow("overflowing") << QRectF(10, 10, 30, 10) << int(Qt::AlignCenter)
                                 << "a label far wider than its box" << 9.0;
    QTest::newRow("overflowing lines")
        << QRectF(10, 10, 60, 14) << int(Qt::AlignCenter) << "one\ntwo\nthree" << 9.0;
    QTest::newRow("carriage return") << box << int(Qt::AlignCenter) << "a\rb" << 9.0;
    QTest::newRow("empty") << box << int(Qt::AlignCenter) << "" << 9.0;
    QTest::newRow("wrapping (handed over)")
        << box << int(Qt::AlignCenter | Qt::TextWordWrap) << "a label that wraps at words" << 9.0;
  }
  void drawsWhatQPainterDraws() {
    QFETCH(QRectF, rect);
    QFETCH(int, flags);
    QFETCH(QString, text);
    QFETCH(double, points);
    KeptText kept;
    const QImage qt = Drawn(rect, flags, text, Font(points), nullptr);
    QCOMPARE(Drawn(rect, flags, text, Font(points), &kept), qt);
    QCOMPARE(Drawn(rect, flags, text, Font(points), &kept), qt);  // from the kept layout
  }

  void laysOutOnceAndAgainOnChange() {
    const QRectF box(10, 8, 120, 44);
    KeptText kept;
    Drawn(box, Qt::AlignCenter, "i.outer\nparallel", Font(9), &kept);
    for (int i = 0; i < 3; ++i) Drawn(box, Qt::AlignCenter, "i.outer\nparallel", Font(9), &kept);
    QCOMPARE(kept.layoutsMade(), 1);
    const QImage renamed = Drawn(box, Qt::AlignCenter, "i.outer\nvectorized", Font(9), &kept);
    QCOMPARE(kept.layoutsMade(), 2);
    QCOMPARE(renamed, Drawn(box, Qt::AlignCenter, "i.outer\nvectorized", Font(9), nullptr));
    const QImage bold = Drawn(box, Qt::AlignCenter, "i.outer\nvectorized", Font(9, true), &kept);
    QCOMPARE(kept.layoutsMade(), 3);
    QVERIFY(bold != renamed);
    QCOMPARE(bold, Drawn(box, Qt::AlignCenter, "i.outer\nvectorized", Font(9, true), nullptr));
  }
};

}  // namespace tst_kept_text

QTEST_MAIN(tst_kept_text::TestKeptText)
#include "tst_kept_text.moc"
