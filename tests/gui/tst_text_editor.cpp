// The Script and Code views' editor (views/TextEditor): an edit repaints the lines it
// changed or moved and nothing above them, what the window shows afterwards is exactly
// what a fresh editor with the new text shows, and every line keeps its shaped glyphs.
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTextBlock>
#include <QTextLayout>
#include <QtTest>

#include "views/TextEditor.h"
#include "views/TextEdits.h"

namespace tst_text_editor {

using namespace tessera::views;

namespace {

QString Lines(int count, const QString& word = "line") {
  QStringList lines;
  for (int i = 0; i < count; ++i) lines << QString("%1 %2 = %3 * %2").arg(word).arg(i).arg(i + 1);
  return lines.join('\n');
}

// The union of the paint events' regions a widget receives.
class PaintRecorder : public QObject {
 public:
  explicit PaintRecorder(QWidget* widget) { widget->installEventFilter(this); }
  QRegion take() { return std::exchange(painted_, QRegion()); }
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) painted_ += static_cast<QPaintEvent*>(event)->region();
    return false;
  }

 private:
  QRegion painted_;
};

void Settle() {
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

void Prepare(TextEditor& editor, const QString& text) {
  editor.setReadOnly(true);  // no blinking cursor in the pixels compared
  editor.setLineWrapMode(QPlainTextEdit::NoWrap);
  editor.setFont(QFont("Monospace", 10));
  editor.setPlainText(text);
  editor.resize(420, 300);
  editor.show();
}

// What the window's backing store holds (not a fresh render of the widget): stale pixels
// left by a too small repaint show here.
QImage OnScreen(QWidget& widget) { return widget.screen()->grabWindow(widget.winId()).toImage(); }

// The y of a line's top in the viewport.
int LineTop(TextEditor& editor, int line) {
  QTextCursor cursor(editor.document()->findBlockByNumber(line));
  return editor.cursorRect(cursor).top();
}

}  // namespace

class TestTextEditor : public QObject {
  Q_OBJECT

 private slots:
  void lineAddedInTheMiddleRepaintsFromItDown() {
    TextEditor editor;
    Prepare(editor, Lines(40));
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    Settle();
    PaintRecorder painted(editor.viewport());
    const int top = LineTop(editor, 6);
    QStringList lines = Lines(40).split('\n');
    lines.insert(6, "an added line");
    QVERIFY(ReplaceChangedText(&editor, lines.join('\n')));
    Settle();
    QRegion region = painted.take();
    QVERIFY(!region.isEmpty());
    // A line of slack above the edit at most; the lines further up are not repainted.
    QVERIFY2(region.boundingRect().top() >= top - 2 * editor.fontMetrics().lineSpacing(),
             qPrintable(QString("repainted from y %1, the edit is at y %2")
                            .arg(region.boundingRect().top())
                            .arg(top)));
  }

  void editBelowTheViewportRepaintsNoText() {
    TextEditor editor;
    Prepare(editor, Lines(200));
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    Settle();
    PaintRecorder painted(editor.viewport());
    QStringList lines = Lines(200).split('\n');
    lines.insert(150, "an added line");
    lines.removeAt(180);
    lines.removeAt(181);
    QVERIFY(ReplaceChangedText(&editor, lines.join('\n')));
    Settle();
    QVERIFY2(painted.take().isEmpty(), "an edit out of sight repainted the visible lines");
  }

  // The widest line inside an edit that adds a line: its block number moves, and laying
  // the edit out line by line at paint time first shrank the document's width (the widest
  // line not laid out again yet), then grew it back, each time changing the horizontal
  // scroll bar's range (a repaint of the bar and of the window behind it). The width is
  // the same after the edit: the range does not change, and the window shows what a
  // fresh editor shows.
  void editAroundTheWidestLineKeepsTheScrollBarRange() {
    QStringList lines = Lines(40).split('\n');
    lines[10] = "a long line " + QString(120, 'x');
    TextEditor editor;
    Prepare(editor, lines.join('\n'));
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    Settle();
    QScrollBar* bar = editor.horizontalScrollBar();
    QVERIFY(bar->isVisible());
    const int range = bar->maximum();
    QSignalSpy ranges(bar, &QScrollBar::rangeChanged);
    lines[8] += " changed";
    lines.insert(9, "an added line");
    lines[13] += " changed";
    QVERIFY(ReplaceChangedText(&editor, lines.join('\n')));
    Settle();
    QCOMPARE(ranges.count(), 0);
    QCOMPARE(bar->maximum(), range);

    TextEditor fresh;
    Prepare(fresh, lines.join('\n'));
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    Settle();
    QCOMPARE(OnScreen(editor), OnScreen(fresh));
  }

  // An edit that makes the vertical scroll bar appear or go narrows or widens the
  // viewport, and QPlainTextEdit lays out every line again at a new width: the bar is
  // placed before the lines in sight are laid out, so that they are laid out (shaped)
  // once, at the width they are painted at, and stay laid out.
  void linesInSightAreLaidOutOnceWhenTheVerticalBarComesOrGoes_data() {
    QTest::addColumn<int>("before");
    QTest::addColumn<int>("after");
    QTest::addRow("bar appears") << 5 << 60;
    QTest::addRow("bar goes") << 60 << 5;
  }

  void linesInSightAreLaidOutOnceWhenTheVerticalBarComesOrGoes() {
    QFETCH(int, before);
    QFETCH(int, after);
    TextEditor edited;
    Prepare(edited, Lines(before));
    QVERIFY(QTest::qWaitForWindowExposed(&edited));
    Settle();
    QCOMPARE(edited.verticalScrollBar()->isVisible(), before > after);
    QVERIFY(ReplaceChangedText(&edited, Lines(after)));
    // Before any paint: the first line was laid out and not cleared by a later width change.
    QTextLayout* first = edited.document()->firstBlock().layout();
    QCOMPARE(first->lineCount(), 1);
    Settle();
    QCOMPARE(edited.verticalScrollBar()->isVisible(), after > before);

    TextEditor fresh;
    Prepare(fresh, Lines(after));
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    Settle();
    QCOMPARE(edited.verticalScrollBar()->maximum(), fresh.verticalScrollBar()->maximum());
    QImage shown = OnScreen(edited);
    QVERIFY(!shown.isNull());
    QCOMPARE(shown, OnScreen(fresh));
  }

  // Every kind of edit, with the view at the top and scrolled: the window shows what a
  // fresh editor showing the new text shows, pixel for pixel.
  void windowShowsTheNewTextAfterEveryEdit_data() {
    QTest::addColumn<int>("scroll");
    QTest::addColumn<QString>("after");
    QStringList base = Lines(60).split('\n');
    auto with = [&](auto edit) {
      QStringList l = base;
      edit(l);
      return l.join('\n');
    };
    for (int scroll : {0, 20}) {
      auto row = [&](const char* name, const QString& after) {
        QTest::addRow("%s, scrolled %d", name, scroll) << scroll << after;
      };
      row("line added in the middle", with([](QStringList& l) { l.insert(25, "added"); }));
      row("lines removed in the middle", with([](QStringList& l) { l.remove(22, 3); }));
      row("line added at the top", with([](QStringList& l) { l.insert(0, "added"); }));
      row("line removed at the top", with([](QStringList& l) { l.removeFirst(); }));
      row("line appended", with([](QStringList& l) { l.append("appended"); }));
      row("lines rewritten", with([](QStringList& l) {
            for (int i = 24; i < 30; ++i) l[i] = "rewritten " + l[i];
          }));
      row("one line longer", with([](QStringList& l) { l[26] += " and a much longer tail"; }));
      // Same length, so nothing but the line's kept glyphs could tell it changed.
      row("one character replaced", with([](QStringList& l) { l[26].replace('=', '+'); }));
      row("everything replaced", Lines(50, "other"));
    }
  }

  void windowShowsTheNewTextAfterEveryEdit() {
    QFETCH(int, scroll);
    QFETCH(QString, after);
    TextEditor edited;
    Prepare(edited, Lines(60));
    QVERIFY(QTest::qWaitForWindowExposed(&edited));
    edited.verticalScrollBar()->setValue(scroll);
    Settle();
    QVERIFY(ReplaceChangedText(&edited, after));
    Settle();

    TextEditor fresh;
    Prepare(fresh, after);
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    fresh.verticalScrollBar()->setValue(edited.verticalScrollBar()->value());
    Settle();
    QCOMPARE(edited.verticalScrollBar()->value(), fresh.verticalScrollBar()->value());
    QImage shown = OnScreen(edited);
    QVERIFY(!shown.isNull());
    QCOMPARE(shown, OnScreen(fresh));
    // Every line keeps its shaped glyphs for the next paint, also the lines just edited.
    for (QTextBlock b = edited.document()->begin(); b.isValid(); b = b.next())
      QVERIFY2(b.layout()->cacheEnabled(), qPrintable(QString("line %1").arg(b.blockNumber())));
  }
};

}  // namespace tst_text_editor

QTEST_MAIN(tst_text_editor::TestTextEditor)
#include "tst_text_editor.moc"
