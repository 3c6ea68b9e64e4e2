// The window on a 1280x800 and a 1600x1000 screen, on a real layer (MobileNetV2's
// depthwise convolution, split once, two runs logged): the Bounds, loop nest and Run log
// show every text whole — a text wider than its column wraps at its spaces, no word is
// cut and no row is shorter than its wrapped text — and the Run log's version, check,
// median and GFLOP/s columns and every button of the Tune dock are in sight without
// scrolling. View ▸ Reset Layout brings the default layout back.
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "KernelRunner.h"
#include "MainWindow.h"
#include "views/BoundsView.h"
#include "views/FullTextTips.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/RunLogView.h"
#include "views/TuneView.h"

namespace tst_small_screens {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

QString DepthwiseConv() {
  QFile f(qEnvironmentVariable("TESSERA_SOURCE_DIR") + "/bench/suite/mbv2_dw_s1.py");
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

gui::RunResult Profiled(double median) {
  gui::RunResult r;
  r.ok = true;
  r.min_ms = median * 0.9;
  r.median_ms = median;
  r.max_ms = median * 1.2;
  r.gflops = 0.0081 / median * 1e3;
  r.target = "CPU";
  return r;
}

int Margin(const QWidget* view) {
  return 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1) + 1;
}

// What cuts text `text` drawn in `room` pixels of a row `rowHeight` tall ("" = nothing).
QString Cut(const QFontMetrics& metrics, const QString& text, int room, int rowHeight) {
  if (text.isEmpty()) return {};
  for (const QString& word : text.split(' ', Qt::SkipEmptyParts))
    if (metrics.horizontalAdvance(word) > room)
      return QString("\"%1\" of \"%2\" is wider than %3 px").arg(word, text).arg(room);
  QRect need =
      metrics.boundingRect(QRect(0, 0, std::max(1, room), 1 << 20), Qt::TextWordWrap, text);
  if (need.height() > rowHeight)
    return QString("\"%1\" needs %2 px, its row is %3").arg(text).arg(need.height()).arg(rowHeight);
  return {};
}

// Every cut cell of the first `columns` columns of `tree`.
QStringList CutCells(QTreeWidget* tree, int columns) {
  QStringList cut;
  for (QTreeWidgetItemIterator it(tree); *it; ++it) {
    int depth = 0;
    for (QTreeWidgetItem* p = (*it)->parent(); p; p = p->parent()) ++depth;
    int rowHeight = tree->visualItemRect(*it).height();
    for (int c = 0; c < std::min(columns, tree->columnCount()); ++c) {
      if (tree->isColumnHidden(c)) continue;
      int room = tree->columnWidth(c) - Margin(tree);
      if (c == 0) room -= tree->indentation() * (depth + (tree->rootIsDecorated() ? 1 : 0));
      // An item without a font of its own is drawn in the tree's.
      QFontMetrics metrics = (*it)->data(c, Qt::FontRole).isValid() ? QFontMetrics((*it)->font(c))
                                                                    : tree->fontMetrics();
      QString why = Cut(metrics, (*it)->text(c), room, rowHeight);
      if (!why.isEmpty()) cut << QString("column %1: %2").arg(c).arg(why);
    }
  }
  return cut;
}

QStringList CutCells(QTableWidget* table) {
  QStringList cut;
  for (int r = 0; r < table->rowCount(); ++r)
    for (int c = 0; c < table->columnCount(); ++c)
      if (const QTableWidgetItem* item = table->item(r, c)) {
        QString why = Cut(table->fontMetrics(), item->text(), table->columnWidth(c) - Margin(table),
                          table->rowHeight(r));
        if (!why.isEmpty()) cut << QString("row %1 column %2: %3").arg(r).arg(c).arg(why);
      }
  return cut;
}

// Whether logical column `c` of `table` lies wholly inside its viewport.
bool InSight(QTableWidget* table, int c) {
  QHeaderView* h = table->horizontalHeader();
  int x = h->sectionViewportPosition(c);
  return x >= 0 && x + h->sectionSize(c) <= table->viewport()->width() + 1;
}

// Whether the whole of `w` can be seen (nothing of it scrolled or clipped away).
bool WhollyInSight(QWidget* w) {
  return w->isVisible() && w->visibleRegion().boundingRect().size() == w->size();
}

}  // namespace

class TestSmallScreens : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_small_screens");
    views::SetParameterAsker(views::AcceptDefaults());
  }
  void init() { QSettings().clear(); }  // a first start: the default layout

  void everyTextIsWhole_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("1280x800") << QSize(1280, 800);
    QTest::newRow("1600x1000") << QSize(1600, 1000);
  }
  void everyTextIsWhole() {
    QFETCH(QSize, size);
    const QString script = DepthwiseConv();
    QVERIFY2(!script.isEmpty(), "bench/suite/mbv2_dw_s1.py is missing (TESSERA_SOURCE_DIR)");
    MainWindow w;
    w.setInteractive(false);
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.document()->reset(script, "mbv2_dw_s1.py");
    w.runFinished(Profiled(0.21), true);
    w.selection()->selectIterVar("dw", "y");
    w.action("action_split")->trigger();
    QVERIFY2(w.document()->text().contains("split"), qPrintable(w.lastMessage()));
    w.runFinished(Profiled(0.18), true);
    QCoreApplication::processEvents();
    const QString where = QString("%1x%2").arg(size.width()).arg(size.height());

    QTreeWidget* stages = w.boundsView()->stageTree();
    QVERIFY(stages->topLevelItemCount() > 0);
    QStringList cut = CutCells(stages, stages->columnCount());
    QVERIFY2(cut.isEmpty(), qPrintable(where + " Bounds: " + cut.join("; ")));
    QTreeWidget* nest = w.loopNestView()->tree();
    cut = CutCells(nest, 3);  // statement, kind, stage
    QVERIFY2(cut.isEmpty(), qPrintable(where + " loop nest: " + cut.join("; ")));

    w.dock("RunLogDock")->raise();
    QCoreApplication::processEvents();
    QTableWidget* log = w.runLogView()->table();
    QCOMPARE(log->rowCount(), 2);
    cut = CutCells(log);
    QVERIFY2(cut.isEmpty(), qPrintable(where + " Run log: " + cut.join("; ")));
    for (int c = 0; c < log->columnCount(); ++c) {
      const QString header = log->horizontalHeaderItem(c)->text();
      if (header == "Version" || header == "Check" || header == "Median (ms)" ||
          header == "GFLOP/s")
        QVERIFY2(InSight(log, c), qPrintable(where + " Run log column " + header));
    }

    w.dock("TuneDock")->raise();
    QCoreApplication::processEvents();
    for (const char* name :
         {"tuneStart", "tunePause", "tuneResume", "tuneCancel", "tuneApply", "tuneCompare"}) {
      QPushButton* b = w.tuneView()->button(name);
      QVERIFY2(b && WhollyInSight(b), qPrintable(where + " " + name));
    }
  }

  // The wrapping delegate keeps the sizes it measured per text and font: the same text in
  // a larger font is measured again, also while the smaller one's size is kept.
  void aLargerFontMakesTheRowTaller() {
    QTreeWidget tree;
    tree.setColumnCount(1);
    tree.resize(160, 300);
    const QString text = "words that wrap in a narrow column of a tree";
    auto* small = new QTreeWidgetItem(&tree, {text});
    auto* large = new QTreeWidgetItem(&tree, {text});
    views::ShowFullTextInTips(&tree);
    tree.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tree));
    const int before = tree.visualItemRect(large).height();
    QCOMPARE(before, tree.visualItemRect(small).height());
    QFont font = tree.font();
    if (font.pointSizeF() > 0)
      font.setPointSizeF(font.pointSizeF() * 2);
    else
      font.setPixelSize(font.pixelSize() * 2);
    large->setFont(0, font);
    QCoreApplication::processEvents();
    QVERIFY2(tree.visualItemRect(large).height() > before,
             qPrintable(QString("%1 px").arg(tree.visualItemRect(large).height())));
    QCOMPARE(tree.visualItemRect(small).height(), before);
  }

  // The columns never go below their longest word: a narrow dock wraps, it does not cut.
  void aNarrowBoundsDockWrapsInsteadOfCutting() {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.document()->reset(DepthwiseConv(), "mbv2_dw_s1.py");
    QTreeWidget* stages = w.boundsView()->stageTree();
    w.dock("BoundsDock")->setFloating(true);
    w.dock("BoundsDock")->resize(330, 400);
    QCoreApplication::processEvents();
    for (int c = 0; c < stages->columnCount(); ++c)
      QVERIFY2(stages->columnWidth(c) >= views::LongestWordWidth(stages, c),
               qPrintable(QString("column %1: %2 px").arg(c).arg(stages->columnWidth(c))));
    QStringList cut = CutCells(stages, stages->columnCount());
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join("; ")));
    // View ▸ Reset Layout docks it again, in front.
    w.action("actionResetLayout")->trigger();
    QCoreApplication::processEvents();
    QVERIFY(!w.dock("BoundsDock")->isFloating());
    QVERIFY(!w.dock("BoundsDock")->visibleRegion().isEmpty());
  }
};

}  // namespace tst_small_screens

QTEST_MAIN(tst_small_screens::TestSmallScreens)
#include "tst_small_screens.moc"
