// TesseraStyle (app/gui): Fusion with flat scroll bars. A scroll bar keeps Fusion's sizes
// and hit regions; it draws its handle where Fusion puts it, apart from the groove, moving
// with the value, darker while pressed; its arrow buttons are drawn; other controls are
// drawn by Fusion unchanged.
#include <QPainter>
#include <QPushButton>
#include <QScrollBar>
#include <QStyleFactory>
#include <QStyleOptionSlider>
#include <QtTest>
#include <memory>

#include "TesseraStyle.h"

namespace tst_tessera_style {

using tessera::gui::TesseraStyle;

namespace {

QStyleOptionSlider Option(Qt::Orientation orientation, int value, QSize size) {
  QScrollBar bar(orientation);
  bar.resize(size);
  bar.setRange(0, 300);
  bar.setPageStep(60);
  bar.setValue(value);
  QStyleOptionSlider option;
  option.initFrom(&bar);
  option.rect = QRect(QPoint(), size);
  option.orientation = orientation;
  option.minimum = 0;
  option.maximum = 300;
  option.pageStep = 60;
  option.singleStep = 1;
  option.sliderPosition = option.sliderValue = value;
  option.subControls = QStyle::SC_All;
  option.state |= QStyle::State_Enabled;
  if (orientation == Qt::Horizontal) option.state |= QStyle::State_Horizontal;
  return option;
}

QImage Draw(const QStyle& style, const QStyleOptionSlider& option) {
  QImage image(option.rect.size(), QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::magenta);
  QPainter painter(&image);
  style.drawComplexControl(QStyle::CC_ScrollBar, &option, &painter, nullptr);
  return image;
}

}  // namespace

class TestTesseraStyle : public QObject {
  Q_OBJECT
 private slots:
  void scrollBarsKeepFusionGeometry_data() {
    QTest::addColumn<int>("orientation");
    QTest::newRow("vertical") << int(Qt::Vertical);
    QTest::newRow("horizontal") << int(Qt::Horizontal);
  }
  void scrollBarsKeepFusionGeometry() {
    QFETCH(int, orientation);
    std::unique_ptr<QStyle> fusion(QStyleFactory::create("Fusion"));
    TesseraStyle ours;
    const QSize size = orientation == Qt::Vertical ? QSize(14, 300) : QSize(300, 14);
    QStyleOptionSlider option = Option(Qt::Orientation(orientation), 120, size);
    for (auto part :
         {QStyle::SC_ScrollBarSlider, QStyle::SC_ScrollBarAddLine, QStyle::SC_ScrollBarSubLine,
          QStyle::SC_ScrollBarAddPage, QStyle::SC_ScrollBarSubPage, QStyle::SC_ScrollBarGroove}) {
      const QRect rect = fusion->subControlRect(QStyle::CC_ScrollBar, &option, part, nullptr);
      QCOMPARE(ours.subControlRect(QStyle::CC_ScrollBar, &option, part, nullptr), rect);
      if (rect.isValid())
        QCOMPARE(
            ours.hitTestComplexControl(QStyle::CC_ScrollBar, &option, rect.center(), nullptr),
            fusion->hitTestComplexControl(QStyle::CC_ScrollBar, &option, rect.center(), nullptr));
    }
    QCOMPARE(ours.pixelMetric(QStyle::PM_ScrollBarExtent),
             fusion->pixelMetric(QStyle::PM_ScrollBarExtent));
  }

  void handleIsDrawnWhereItIsAndMovesWithTheValue() {
    TesseraStyle style;
    const QSize size(14, 300);
    QStyleOptionSlider top = Option(Qt::Vertical, 0, size);
    QStyleOptionSlider bottom = Option(Qt::Vertical, 300, size);
    const QRect handle =
        style.subControlRect(QStyle::CC_ScrollBar, &top, QStyle::SC_ScrollBarSlider, nullptr);
    const QRect later =
        style.subControlRect(QStyle::CC_ScrollBar, &bottom, QStyle::SC_ScrollBarSlider, nullptr);
    QVERIFY(handle.isValid() && later.isValid() && !handle.intersects(later));
    const QImage a = Draw(style, top), b = Draw(style, bottom);
    // Everything is painted (no background shows through).
    for (int y = 0; y < size.height(); ++y)
      for (int x = 0; x < size.width(); ++x)
        QVERIFY2(a.pixelColor(x, y) != QColor(Qt::magenta),
                 qPrintable(QString("%1,%2").arg(x).arg(y)));
    // The handle stands out from the groove, and moves.
    QVERIFY(a.pixelColor(handle.center()) != a.pixelColor(later.center()));
    QCOMPARE(b.pixelColor(later.center()), a.pixelColor(handle.center()));
    QCOMPARE(b.pixelColor(handle.center()), a.pixelColor(later.center()));
    // The arrow buttons carry arrows: not one flat colour.
    const QRect add =
        style.subControlRect(QStyle::CC_ScrollBar, &top, QStyle::SC_ScrollBarAddLine, nullptr);
    QSet<QRgb> colours;
    for (int y = add.top(); y <= add.bottom(); ++y)
      for (int x = add.left(); x <= add.right(); ++x) colours.insert(a.pixel(x, y));
    QVERIFY(colours.size() > 1);
  }

  void pressedHandleIsDarker() {
    TesseraStyle style;
    QStyleOptionSlider idle = Option(Qt::Vertical, 100, QSize(14, 300));
    QStyleOptionSlider pressed = idle;
    pressed.activeSubControls = QStyle::SC_ScrollBarSlider;
    pressed.state |= QStyle::State_Sunken;
    const QPoint centre =
        style.subControlRect(QStyle::CC_ScrollBar, &idle, QStyle::SC_ScrollBarSlider, nullptr)
            .center();
    QVERIFY(Draw(style, pressed).pixelColor(centre).lightness() <
            Draw(style, idle).pixelColor(centre).lightness());
  }

  void otherControlsAreFusions() {
    std::unique_ptr<QStyle> fusion(QStyleFactory::create("Fusion"));
    TesseraStyle ours;
    QPushButton button("Apply");
    button.resize(90, 30);
    auto render = [&](QStyle* style) {
      button.setStyle(style);
      return button.grab().toImage();
    };
    const QImage a = render(fusion.get());
    QCOMPARE(render(&ours), a);
    button.setStyle(nullptr);
  }
};

}  // namespace tst_tessera_style

QTEST_MAIN(tst_tessera_style::TestTesseraStyle)
#include "tst_tessera_style.moc"
