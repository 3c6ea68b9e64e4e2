// views/ScrollBarRelayout and ScrollBarsNow: a scroll bar that a refresh brings is painted
// once, in the refresh's paint, and a change of a bar's range that neither shows nor hides
// a bar repaints no scroll-bar container (QAbstractScrollArea's queued layout raised both
// containers, repainting both bars after the paint). Bars still come and go with their
// ranges, also in an area that is hidden when they change.
#include <QListWidget>
#include <QScrollBar>
#include <QtTest>

#include "views/OpaqueScrollBars.h"
#include "views/ScrollBarRelayout.h"
#include "views/TextEditor.h"
#include "views/TextEdits.h"

namespace tst_scroll_bar_relayout {

using namespace tessera::views;

namespace {

// How many paint events each watched widget received.
class PaintCounts : public QObject {
 public:
  void watch(QWidget* widget) {
    widget->installEventFilter(this);
    counts_[widget] = 0;
  }
  int take(QWidget* widget) { return std::exchange(counts_[widget], 0); }
  void clear() {
    for (auto it = counts_.begin(); it != counts_.end(); ++it) it.value() = 0;
  }
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::Paint) ++counts_[static_cast<QWidget*>(watched)];
    return false;
  }

 private:
  QHash<QWidget*, int> counts_;
};

void Settle() {
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

QString Lines(int count, int wideEvery) {
  QStringList lines;
  for (int i = 0; i < count; ++i)
    lines << QString("line %1 ").arg(i).repeated(i % wideEvery == 0 ? 12 : 1);
  return lines.join('\n');
}

// The container QAbstractScrollArea keeps `bar` in.
QWidget* Container(QScrollBar* bar) { return bar->parentWidget(); }

}  // namespace

class TestScrollBarRelayout : public QObject {
  Q_OBJECT

 private slots:
  void installsOnTheAreasInside() {
    QWidget root;
    auto* list = new QListWidget(&root);
    auto* editor = new TextEditor(&root);
    RelayOutScrollBarsOnlyToShowOrHide(&root);
    QVERIFY(RelaysOutScrollBarsOnlyToShowOrHide(list));
    QVERIFY(RelaysOutScrollBarsOnlyToShowOrHide(editor));
    RelayOutScrollBarsOnlyToShowOrHide(&root);  // twice: still one check per bar
    QVERIFY(RelaysOutScrollBarsOnlyToShowOrHide(list));
  }

  // An edit that brings the vertical bar beside a horizontal one (the Code view after an
  // unroll): each bar and container is painted once, in the edit's one paint.
  void barBroughtByAnEditPaintsOnce() {
    TextEditor editor;
    editor.setLineWrapMode(QPlainTextEdit::NoWrap);
    editor.setPlainText(Lines(3, 1));  // wide lines: the horizontal bar shows already
    editor.resize(300, 200);
    RelayOutScrollBarsOnlyToShowOrHide(&editor);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    Settle();
    QScrollBar* h = editor.horizontalScrollBar();
    QScrollBar* v = editor.verticalScrollBar();
    QVERIFY(h->isVisible());
    QVERIFY(!v->isVisible());
    PaintCounts paints;
    for (QWidget* w :
         {Container(h), static_cast<QWidget*>(h), Container(v), static_cast<QWidget*>(v)})
      paints.watch(w);
    QVERIFY(ReplaceChangedText(&editor, Lines(80, 7)));
    Settle();
    QVERIFY(v->isVisible());
    QCOMPARE(paints.take(Container(v)), 1);
    QCOMPARE(paints.take(v), 1);
    QVERIFY(paints.take(Container(h)) <= 1);
    QVERIFY(paints.take(h) <= 1);
  }

  // Both bars shown, and an edit changes the vertical range only: the horizontal bar
  // and its container are not repainted (the containers opaque, as in the window's docks).
  void rangeChangeRepaintsNoOtherBar() {
    TextEditor editor;
    editor.setLineWrapMode(QPlainTextEdit::NoWrap);
    editor.setPlainText(Lines(80, 7));
    editor.resize(300, 200);
    MakeScrollBarContainersOpaque(&editor);
    RelayOutScrollBarsOnlyToShowOrHide(&editor);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    Settle();
    QScrollBar* h = editor.horizontalScrollBar();
    QScrollBar* v = editor.verticalScrollBar();
    QVERIFY(h->isVisible() && v->isVisible());
    PaintCounts paints;
    paints.watch(Container(h));
    paints.watch(h);
    const int range = v->maximum();
    QVERIFY(ReplaceChangedText(&editor, Lines(90, 7)));  // ten short lines more at the end
    Settle();
    QVERIFY(v->maximum() > range);
    QCOMPARE(paints.take(Container(h)), 0);
    QCOMPARE(paints.take(h), 0);
  }

  // Without any call of ShowScrollBarsNow: the check alone shows and hides the bar.
  void barsStillComeAndGo() {
    QListWidget list;
    list.resize(200, 120);
    RelayOutScrollBarsOnlyToShowOrHide(&list);
    list.show();
    QVERIFY(QTest::qWaitForWindowExposed(&list));
    Settle();
    QVERIFY(!list.verticalScrollBar()->isVisible());
    for (int i = 0; i < 50; ++i) list.addItem(QString("item %1").arg(i));
    Settle();
    QVERIFY(list.verticalScrollBar()->isVisible());
    QVERIFY(list.viewport()->width() < list.width() - list.verticalScrollBar()->width() + 1);
    list.clear();
    list.addItem("one");
    Settle();
    QVERIFY(!list.verticalScrollBar()->isVisible());
  }

  // A hidden area (a dock's tab behind another) whose range changes shows with its bar.
  void hiddenAreaShowsWithItsBar() {
    QWidget window;
    auto* list = new QListWidget(&window);
    list->setGeometry(0, 0, 200, 120);
    RelayOutScrollBarsOnlyToShowOrHide(list);
    window.resize(200, 120);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    list->hide();
    Settle();
    for (int i = 0; i < 50; ++i) list->addItem(QString("item %1").arg(i));
    list->doItemsLayout();  // the ranges, as a hidden view sets them when asked
    Settle();
    list->show();
    Settle();
    QVERIFY(list->verticalScrollBar()->isVisible());
  }
};

}  // namespace tst_scroll_bar_relayout

QTEST_MAIN(tst_scroll_bar_relayout::TestScrollBarRelayout)
#include "tst_scroll_bar_relayout.moc"
