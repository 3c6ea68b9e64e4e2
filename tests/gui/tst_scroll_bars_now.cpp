// views/ScrollBarsNow: a view whose contents grow past its viewport shows its scroll bar
// before it paints: it never paints at its old size first and then again beside the
// bar. A tree refitted after its rows were added (FullTextTips' Fit), a graph view
// fitted to a larger scene (GraphView::fitAll) and an editor whose text grew
// (ReplaceChangedText, as the Code and Script views refresh).
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QScrollBar>
#include <QTreeWidget>
#include <QtTest>

#include "views/FullTextTips.h"
#include "views/ScrollBarsNow.h"
#include "views/TextEditor.h"
#include "views/TextEdits.h"
#include "views/graph/GraphView.h"

namespace tst_scroll_bars_now {

using namespace tessera::views;

namespace {

// The sizes a widget had at each of its paint events.
class PaintSizes : public QObject {
 public:
  explicit PaintSizes(QWidget* widget) : widget_(widget) { widget->installEventFilter(this); }
  QList<QSize> take() { return std::exchange(sizes_, {}); }
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) sizes_ << widget_->size();
    return false;
  }

 private:
  QWidget* widget_;
  QList<QSize> sizes_;
};

// Every size in `sizes` is `last`, and there is at least one.
bool AllAt(const QList<QSize>& sizes, QSize last) {
  if (sizes.isEmpty()) return false;
  for (QSize s : sizes)
    if (s != last) return false;
  return true;
}

void Settle() {
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

}  // namespace

class TestScrollBarsNow : public QObject {
  Q_OBJECT

 private slots:
  void treeShowsItsBarBeforePainting() {
    QTreeWidget tree;
    tree.setColumnCount(2);
    for (int i = 0; i < 3; ++i) new QTreeWidgetItem(&tree, {QString("row %1").arg(i), "x"});
    ShowFullTextInTips(&tree);
    FitColumnsToWidth(&tree, 160);
    tree.resize(300, 200);
    tree.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tree));
    Settle();
    QVERIFY(!tree.verticalScrollBar()->isVisible());
    PaintSizes paints(tree.viewport());
    for (int i = 3; i < 60; ++i) new QTreeWidgetItem(&tree, {QString("row %1").arg(i), "x"});
    FitColumnsToWidth(&tree, 160);  // what a view does after its refresh
    QVERIFY(tree.verticalScrollBar()->isVisible());
    Settle();
    QVERIFY(AllAt(paints.take(), tree.viewport()->size()));
  }

  void graphShowsItsBarsBeforePainting() {
    QGraphicsScene scene;
    scene.setSceneRect(0, 0, 100, 100);
    GraphView view;
    view.setScene(&scene);
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.fitAll();
    Settle();
    QVERIFY(!view.horizontalScrollBar()->isVisible());
    PaintSizes paints(view.viewport());
    // Too big to fit at the smallest readable zoom: scroll bars.
    scene.addRect(0, 0, 4000, 3000);
    scene.setSceneRect(0, 0, 4000, 3000);
    view.fitAll();
    QVERIFY(view.horizontalScrollBar()->isVisible());
    QVERIFY(view.verticalScrollBar()->isVisible());
    Settle();
    QVERIFY(AllAt(paints.take(), view.viewport()->size()));
  }

  void editorShowsItsBarsBeforePainting() {
    TextEditor editor;
    editor.setLineWrapMode(QPlainTextEdit::NoWrap);
    editor.setPlainText("short\n");
    editor.resize(300, 200);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    Settle();
    QVERIFY(!editor.verticalScrollBar()->isVisible());
    PaintSizes paints(editor.viewport());
    QStringList lines;
    for (int i = 0; i < 80; ++i) lines << QString("line %1 ").arg(i).repeated(i % 7 == 0 ? 12 : 1);
    QVERIFY(ReplaceChangedText(&editor, lines.join('\n')));
    QVERIFY(editor.verticalScrollBar()->isVisible());
    QVERIFY(editor.horizontalScrollBar()->isVisible());
    Settle();
    QVERIFY(AllAt(paints.take(), editor.viewport()->size()));
  }

  void hiddenAreaIsLeftAlone() {
    QTreeWidget tree;
    for (int i = 0; i < 60; ++i) new QTreeWidgetItem(&tree, {QString("row %1").arg(i)});
    LayOutItemsNow(&tree);  // not shown: nothing to lay out yet, and no crash
    QVERIFY(!tree.verticalScrollBar()->isVisible());
  }
};

}  // namespace tst_scroll_bars_now

QTEST_MAIN(tst_scroll_bars_now::TestScrollBarsNow)
#include "tst_scroll_bars_now.moc"
