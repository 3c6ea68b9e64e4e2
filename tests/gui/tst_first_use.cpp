// Issue #17, a new user's first session, window-level items: the text views get the
// width at the usual screen sizes and cut cells tell their whole text (item 1); a script
// error leaves the last good schedule in sight, marked stale, and the error in the editor
// until it is fixed (item 6); graphs keep readable text and scroll instead of shrinking
// to a thumbnail (item 10); the first start explains itself and the built-in example is
// not a file on disk (item 12); a window restored off-screen comes back (item 14).
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "Document.h"
#include "Examples.h"
#include "MainWindow.h"
#include "WindowGeometry.h"
#include "views/BoundsView.h"
#include "views/CodeView.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/ScriptView.h"
#include "views/StageDagView.h"
#include "views/graph/GraphView.h"

namespace tst_first_use {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

// Columns of a tree that lie wholly inside its viewport.
bool AllColumnsInSight(QTreeWidget* tree) {
  QHeaderView* h = tree->header();
  for (int c = 0; c < tree->columnCount(); ++c)
    if (!tree->isColumnHidden(c) &&
        h->sectionViewportPosition(c) + h->sectionSize(c) > tree->viewport()->width() + 1) {
      return false;
    }
  return true;
}

// Every non-empty cell's tooltip (of the first `columns` columns) has its whole text.
bool EveryCellHasItsText(QTreeWidget* tree, int columns = 1000) {
  for (QTreeWidgetItemIterator it(tree); *it; ++it)
    for (int c = 0; c < std::min(columns, tree->columnCount()); ++c)
      if (!(*it)->text(c).isEmpty() && !(*it)->toolTip(c).contains((*it)->text(c))) return false;
  return true;
}

int CharsAcross(QPlainTextEdit* editor) {
  return editor->viewport()->width() / std::max(1, editor->fontMetrics().horizontalAdvance('x'));
}

QString Gemm() {
  QString path = gui::ExamplePath("gemm.py");
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : gui::EmbeddedGemmExample();
}

}  // namespace

class TestFirstUse : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_first_use");
    views::SetParameterAsker(views::AcceptDefaults());
  }
  void init() { QSettings().clear(); }  // a first start every time: the default layout

  // Item 1: at each common screen size the default layout gives the text views the
  // width: the Code view shows a useful line width (it scrolls, never wraps), the script
  // its lines, the loop nest its statements before the other columns, every Bounds column
  // (Required, Realize, Attach too) is in sight, and cut cells keep their text as
  // tooltips. The Bounds tab is in front, and bringing the Tune or Roofline tab forward
  // does not squeeze the Script and Loop nest column (the Tune view scrolls instead).
  void textViewsGetTheWidth_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("codeChars");
    QTest::addColumn<int>("scriptChars");
    QTest::addColumn<int>("statementPx");
    QTest::newRow("1280x800") << QSize(1280, 800) << 60 << 45 << 200;
    QTest::newRow("1600x1000") << QSize(1600, 1000) << 70 << 55 << 250;
    QTest::newRow("1920x1080") << QSize(1920, 1080) << 80 << 65 << 300;
  }
  void textViewsGetTheWidth() {
    QFETCH(QSize, size);
    QFETCH(int, codeChars);
    QFETCH(int, scriptChars);
    QFETCH(int, statementPx);
    MainWindow w;
    w.setInteractive(false);
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openStartupFile(QString());
    QCoreApplication::processEvents();
    // A tab behind another stays "visible" for Qt, out of the window: nothing of it shows.
    QVERIFY(!w.dock("BoundsDock")->visibleRegion().isEmpty());
    for (const char* behind :
         {"RooflineDock", "TuneDock", "ProfileDock", "RunLogDock", "BufferLayoutDock"})
      QVERIFY2(w.dock(behind)->visibleRegion().isEmpty(), behind);

    auto check = [&](const QString& when) {
      QString where = when + QString(": %1x%2").arg(size.width()).arg(size.height());
      int code = CharsAcross(w.codeView()->editor()),
          script = CharsAcross(w.scriptView()->editor());
      QVERIFY2(code >= codeChars,
               qPrintable(where + QString(": the Code view shows %1 characters").arg(code)));
      QVERIFY2(script >= scriptChars,
               qPrintable(where + QString(": the Script view shows %1 characters").arg(script)));
      // The statements column: at least statementPx, or all its text needs.
      QTreeWidget* nest = w.loopNestView()->tree();
      int statements = nest->header()->sectionSize(0);
      int whole = static_cast<QAbstractItemView*>(nest)->sizeHintForColumn(0);
      QVERIFY2(statements >= std::min(statementPx, whole),
               qPrintable(where + QString(": statements %1 px of %2").arg(statements).arg(whole)));
      int graphs = w.dock("StageDagDock")->width();
      QVERIFY2(graphs >= 280, qPrintable(where + QString(": graphs %1 px").arg(graphs)));
    };
    check("default");
    QCOMPARE(w.codeView()->editor()->lineWrapMode(), QPlainTextEdit::NoWrap);  // it scrolls instead
    QTreeWidget* stages = w.boundsView()->stageTree();
    QVERIFY2(AllColumnsInSight(stages),
             qPrintable(QString("bounds viewport %1").arg(stages->viewport()->width())));
    for (int c : {5, 6, 7})  // Required, Realize, Attach: in sight and not squeezed to nothing
      QVERIFY2(
          stages->header()->sectionSize(c) >= 44,
          qPrintable(QString("column %1: %2 px").arg(c).arg(stages->header()->sectionSize(c))));
    QVERIFY(EveryCellHasItsText(stages));
    QTreeWidget* nest = w.loopNestView()->tree();
    QCOMPARE(nest->textElideMode(), Qt::ElideNone);  // long statements wrap instead
    QVERIFY(nest->topLevelItemCount() > 0);
    QVERIFY(EveryCellHasItsText(nest, 3));  // statement, kind, stage
    QVERIFY(AllColumnsInSight(nest));

    for (const char* front : {"TuneDock", "RooflineDock"}) {
      w.dock(front)->raise();
      QCoreApplication::processEvents();
      QVERIFY(!w.dock(front)->visibleRegion().isEmpty());
      check(QString(front) + " in front");
    }
  }

  // Item 1: a narrowed Bounds dock refits its columns instead of pushing Required,
  // Realize and Attach out of sight, down to the width where each column still shows its
  // longest word (narrower, it scrolls rather than cut a name: tst_small_screens).
  void boundsColumnsFollowTheDockWidth() {
    views::BoundsView bounds;
    gui::Document doc;
    doc.reset(Gemm(), "gemm.py");
    bounds.resize(900, 400);
    bounds.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bounds));
    bounds.setState(doc.state());
    QVERIFY(AllColumnsInSight(bounds.stageTree()));
    bounds.resize(520, 400);
    QCoreApplication::processEvents();
    QVERIFY(AllColumnsInSight(bounds.stageTree()));
  }

  // Item 6: a script that stops evaluating leaves the schedule views on the last good
  // state, each marked stale with the error; the editor names the error above the text;
  // fixing it clears the marks, the banner and the status bar.
  void aScriptErrorKeepsTheLastGoodStateMarkedStale() {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openStartupFile(QString());
    QCoreApplication::processEvents();
    int loops = w.loopNestView()->tree()->topLevelItemCount();
    QString code = w.codeView()->editor()->toPlainText();
    QVERIFY(loops > 0 && !code.isEmpty());
    QVERIFY(!w.loopNestView()->isStale());
    QString good = w.document()->text();

    w.scriptView()->editor()->appendPlainText("s[C].split(");
    w.scriptView()->flush();
    QVERIFY(!w.document()->state().errors.empty());
    QCoreApplication::processEvents();
    QCOMPARE(w.loopNestView()->tree()->topLevelItemCount(), loops);
    QCOMPARE(w.codeView()->editor()->toPlainText(), code);
    QVERIFY(!w.iterVarView()->note().contains("No iter vars"));
    QVERIFY(!w.iterVarView()->scene()->items().isEmpty());
    for (views::ViewBase* v : std::initializer_list<views::ViewBase*>{
             w.loopNestView(), w.codeView(), w.boundsView(), w.stageDagView(), w.iterVarView()}) {
      QVERIFY2(v->isStale(), v->metaObject()->className());
      QVERIFY(v->staleReason().contains("error"));
    }
    QVERIFY(!w.scriptView()->isStale());
    QVERIFY2(w.scriptView()->errorBanner().contains("error"),
             qPrintable(w.scriptView()->errorBanner()));
    QString error = w.statusBar()->currentMessage();
    QVERIFY(error.contains("error"));

    w.scriptView()->editor()->setPlainText(good);
    w.scriptView()->flush();
    QVERIFY(w.document()->state().errors.empty());
    QCoreApplication::processEvents();
    for (views::ViewBase* v :
         std::initializer_list<views::ViewBase*>{w.loopNestView(), w.codeView(), w.iterVarView()})
      QVERIFY(!v->isStale());
    QVERIFY(w.scriptView()->errorBanner().isEmpty());
    QVERIFY(!w.statusBar()->currentMessage().contains("error"));
    QVERIFY(!w.lastMessage().contains("error:"));
  }

  // Item 6: a document that never evaluated has nothing older to show: no stale mark.
  void aBrokenNewDocumentIsNotMarkedStale() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    w.document()->reset("A = te.placeholder((4,), name=\"A\"\n", "broken.py");
    QCoreApplication::processEvents();
    QVERIFY(!w.loopNestView()->isStale());
    QVERIFY(!w.scriptView()->errorBanner().isEmpty());
  }

  // Item 10: shrinking a graph's dock keeps its labels readable (>= 8 px) and scrolls;
  // a tiny graph in a big dock is not blown up; the zoom has bounds.
  void graphsKeepReadableTextAndScroll() {
    gui::Document doc;
    doc.reset(Gemm(), "gemm.py");
    views::IterVarGraphView small;
    small.resize(200, 150);
    small.show();
    QVERIFY(QTest::qWaitForWindowExposed(&small));
    small.setState(doc.state());
    QCoreApplication::processEvents();
    views::GraphView* view = small.view();
    view->fitAll();
    QVERIFY2(view->zoom() >= 0.69, qPrintable(QString::number(view->zoom())));
    QFont label = QApplication::font();
    label.setPointSizeF(9);
    QVERIFY(QFontInfo(label).pixelSize() * view->zoom() >= 8 - 0.5);
    QVERIFY(view->horizontalScrollBar()->maximum() > 0 || view->verticalScrollBar()->maximum() > 0);

    views::StageDagView big;
    gui::Document tiny;
    tiny.reset(
        "import tvm\nfrom tvm import te\nA = te.placeholder((4,), name=\"A\")\n"
        "B = te.compute((4,), lambda i: A[i] * 2.0, name=\"B\")\ns = te.create_schedule(B.op)\n",
        "tiny.py");
    big.resize(1400, 1000);
    big.show();
    QVERIFY(QTest::qWaitForWindowExposed(&big));
    big.setState(tiny.state());
    big.view()->fitAll();
    QVERIFY2(big.view()->zoom() <= 1.26, qPrintable(QString::number(big.view()->zoom())));

    double before = big.view()->zoom();
    big.view()->setZoom(100);
    QCOMPARE(big.view()->zoom(), before);
    big.view()->setZoom(0.001);
    QCOMPARE(big.view()->zoom(), before);
  }

  // Item 12: the first start opens the example as an untitled copy (saving never writes
  // over the shipped file), says where to start, and explains an empty phase panel and
  // the "?" of the Computed column.
  void theFirstStartExplainsItself() {
    MainWindow w;
    w.setInteractive(false);
    w.show();
    w.openStartupFile(QString());
    QVERIFY2(w.document()->displayName().contains("example"),
             qPrintable(w.document()->displayName()));
    QVERIFY(w.document()->path().isEmpty());
    QVERIFY(w.windowTitle().contains("example"));
    QVERIFY2(w.lastMessage().startsWith("Start here"), qPrintable(w.lastMessage()));
    QVERIFY(!w.save());  // no path: it would ask where (interactive), never the example's file
    QTreeWidget* phases = w.boundsView()->phaseTree();
    QCOMPARE(phases->topLevelItemCount(), 1);  // GEMM has one compute stage: no pair
    QVERIFY2(phases->topLevelItem(0)->text(1).contains("InferBound"),
             qPrintable(phases->topLevelItem(0)->text(1)));
    QVERIFY(w.boundsView()->stageTree()->headerItem()->toolTip(4).contains("?"));
  }

  // Item 14: a geometry from a bigger screen is brought back inside the available area.
  void aWindowOffScreenIsBroughtBack() {
    QRect screen(0, 0, 1280, 800);
    QCOMPARE(gui::ClampToScreen(QRect(1500, 900, 1920, 1080), screen), screen);
    QCOMPARE(gui::ClampToScreen(QRect(100, 50, 800, 600), screen), QRect(100, 50, 800, 600));
    QCOMPARE(gui::ClampToScreen(QRect(1000, 100, 800, 600), screen), QRect(480, 100, 800, 600));
    MainWindow w;
    w.show();
    QRect available = w.screen()->availableGeometry();
    w.setGeometry(available.right() + 500, available.bottom() + 300, available.width() + 400,
                  available.height() + 300);
    w.fitToScreen();
    // Inside the screen, as far as the window's minimum size allows (the offscreen
    // test screen is smaller than the docks' minimum).
    QRect frame = w.frameGeometry();
    QVERIFY(available.contains(frame.topLeft()));
    QVERIFY(frame.width() <= std::max(available.width(), w.minimumSizeHint().width() + 40));
    QVERIFY2(frame.height() <= std::max(available.height(), w.minimumSizeHint().height() + 80),
             qPrintable(QString("%1,%2 %3x%4")
                            .arg(w.frameGeometry().x())
                            .arg(w.frameGeometry().y())
                            .arg(w.frameGeometry().width())
                            .arg(w.frameGeometry().height())));
  }
};

}  // namespace tst_first_use

QTEST_MAIN(tst_first_use::TestFirstUse)
#include "tst_first_use.moc"
