// views/OpaqueScrollBars: when a scroll area's scroll-bar ranges change, Qt raises the
// scroll-bar containers; made opaque, they repaint alone, and nothing behind them (the
// scroll area's parent) repaints.
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextCursor>
#include <QVBoxLayout>
#include <QtTest>

#include "views/OpaqueScrollBars.h"

namespace tst_opaque_scroll_bars {

using namespace tessera::views;

namespace {

// How many paint events a widget receives.
class PaintCounter : public QObject {
 public:
  explicit PaintCounter(QWidget* widget) { widget->installEventFilter(this); }
  int take() { return std::exchange(paints_, 0); }
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) ++paints_;
    return false;
  }

 private:
  int paints_ = 0;
};

void Settle() {
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

QString Lines(int count, int width) {
  QStringList lines;
  for (int i = 0; i < count; ++i) lines << QString(width, QChar('a' + i % 26));
  return lines.join('\n');
}

// Fills `window` with a read-only, unwrapped editor whose lines are too many and too wide
// for it (both scroll bars shown).
QPlainTextEdit* FillWithLongEditor(QWidget* window) {
  auto* layout = new QVBoxLayout(window);
  layout->setContentsMargins(8, 8, 8, 8);
  auto* editor = new QPlainTextEdit(window);
  layout->addWidget(editor);
  editor->setReadOnly(true);
  editor->setLineWrapMode(QPlainTextEdit::NoWrap);
  editor->setPlainText(Lines(80, 200));
  window->resize(400, 300);
  return editor;
}

// The paints of the editor's parent while the editor's text grows longer (each change
// of a range lays out the scroll bars), with both scroll bars shown throughout.
int ParentPaintsOnRangeChanges(bool opaque) {
  QWidget window;
  QPlainTextEdit* editor = FillWithLongEditor(&window);
  if (opaque) MakeScrollBarContainersOpaque(&window);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return -1;
  Settle();
  if (!editor->horizontalScrollBar()->isVisible() || !editor->verticalScrollBar()->isVisible())
    return -2;
  PaintCounter parent(&window);
  int paints = 0;
  for (int step = 1; step <= 4; ++step) {
    int vmax = editor->verticalScrollBar()->maximum();
    QTextCursor top(editor->document());
    top.insertText(QString(200, QChar('z')) + "\n");
    Settle();
    if (editor->verticalScrollBar()->maximum() == vmax) return -3;  // the step tests nothing
    paints += parent.take();
  }
  return paints;
}

}  // namespace

class TestOpaqueScrollBars : public QObject {
  Q_OBJECT

 private slots:
  void rangeChangesRepaintNothingBehindTheScrollBars() {
    // Without: the containers' raise repaints the parent at each change.
    int plain = ParentPaintsOnRangeChanges(false);
    QVERIFY2(plain > 0, qPrintable(QString::number(plain)));
    QCOMPARE(ParentPaintsOnRangeChanges(true), 0);
  }

  void theWindowShowsTheSamePixels() {
    auto render = [](bool opaque) {
      QWidget window;
      FillWithLongEditor(&window);
      if (opaque) MakeScrollBarContainersOpaque(&window);
      window.show();
      Settle();
      return window.grab().toImage();
    };
    QImage plain = render(false);
    QVERIFY(!plain.isNull());
    QCOMPARE(render(true), plain);
  }

  void containersAreTheAreasAndFilled() {
    QPlainTextEdit editor;
    MakeScrollBarContainersOpaque(&editor);
    for (QScrollBar* bar : {editor.horizontalScrollBar(), editor.verticalScrollBar()}) {
      QWidget* container = bar->parentWidget();
      QVERIFY(container != &editor);
      QCOMPARE(container->parentWidget(), static_cast<QWidget*>(&editor));
      QVERIFY(container->autoFillBackground());
    }
    QVERIFY(!editor.autoFillBackground());  // only the containers
  }
};

}  // namespace tst_opaque_scroll_bars

QTEST_MAIN(tst_opaque_scroll_bars::TestOpaqueScrollBars)
#include "tst_opaque_scroll_bars.moc"
