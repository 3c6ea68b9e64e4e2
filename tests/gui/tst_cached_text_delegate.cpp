// views/CachedTextDelegate: a tree draws the same pixels with it as with Qt's own delegate
// (wrapped, elided, aligned, selected, coloured, bold, disabled cells, icons and check
// boxes), lays out each text once over repeated paints, shows a changed text, font or
// column width at the next paint, gives Qt's size hints, and keeps a bounded number of
// texts; a loop-order strip (a list) draws the same pixels with it too.
#include <QHeaderView>
#include <QListWidget>
#include <QPainter>
#include <QStyleFactory>
#include <QTreeWidget>
#include <QtTest>

#include "TesseraStyle.h"
#include "views/CachedTextDelegate.h"

namespace tst_cached_text_delegate {

using namespace tessera::views;

namespace {

void Settle() {
  for (int i = 0; i < 3; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
  }
}

QIcon Swatch() {
  QPixmap pixmap(12, 12);
  pixmap.fill(Qt::darkCyan);
  return QIcon(pixmap);
}

// A tree of cells of every kind the delegate draws or hands to Qt: its texts wrap (as the
// views' FullTextTips trees do) or elide, depending on `wrap`.
void Fill(QTreeWidget* tree, bool wrap) {
  tree->setColumnCount(3);
  tree->setHeaderLabels({"Statement", "Kind", "Extent"});
  tree->setWordWrap(wrap);
  tree->setTextElideMode(wrap ? Qt::ElideNone : Qt::ElideRight);
  tree->setUniformRowHeights(false);
  auto* root = new QTreeWidgetItem(tree, {"for i.outer in range(0, 32)", "loop", "32"});
  auto* inner = new QTreeWidgetItem(
      root, {"C[i, j] = C[i, j] + A[i, k] * B[k, j] over the whole reduction axis k of 1024",
             "a statement whose kind is described at some length", "1024"});
  inner->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
  auto* bold = new QTreeWidgetItem(root, {"bold", "vectorized", "8"});
  QFont font = tree->font();
  font.setBold(true);
  bold->setFont(0, font);
  bold->setForeground(1, QBrush(Qt::darkRed));
  bold->setBackground(2, QBrush(Qt::yellow));
  auto* disabled = new QTreeWidgetItem(root, {"disabled", "serial", "4"});
  disabled->setDisabled(true);
  auto* icon = new QTreeWidgetItem(root, {"with an icon", "cached", "2"});
  icon->setIcon(0, Swatch());
  auto* check = new QTreeWidgetItem(root, {"with a check box", "unrolled", "2"});
  check->setCheckState(1, Qt::Checked);
  new QTreeWidgetItem(root, {"", "empty statement", ""});
  new QTreeWidgetItem(root, {"two\nlines", "a line\nbreak", "1"});
  tree->expandAll();
  tree->setColumnWidth(0, 170);
  tree->setColumnWidth(1, 90);
  bold->setSelected(true);
  inner->setSelected(true);
}

// What the tree's viewport shows with `delegate` (null: Qt's own delegate).
// `tree` filled and shown at 420 x 320; false when its window never came up.
bool ShowFilled(QTreeWidget* tree, bool wrap) {
  Fill(tree, wrap);
  tree->resize(420, 320);
  tree->show();
  return QTest::qWaitForWindowExposed(tree);
}

QImage Render(QTreeWidget* tree, CachedTextDelegate* delegate) {
  static QStyledItemDelegate qtDelegate;
  tree->setItemDelegate(delegate ? static_cast<QAbstractItemDelegate*>(delegate) : &qtDelegate);
  tree->doItemsLayout();
  Settle();
  return tree->viewport()->grab().toImage();
}

}  // namespace

class TestCachedTextDelegate : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QApplication::setStyle(QStyleFactory::create("Fusion")); }

  void drawsWhatQtDraws_data() {
    QTest::addColumn<bool>("wrap");
    QTest::newRow("wrapping") << true;
    QTest::newRow("eliding") << false;
  }
  void drawsWhatQtDraws() {
    QFETCH(bool, wrap);
    QTreeWidget tree;
    QVERIFY(ShowFilled(&tree, wrap));
    CachedTextDelegate cached;
    const QImage qt = Render(&tree, nullptr);
    const QImage ours = Render(&tree, &cached);
    QVERIFY(cached.layoutsMade() > 0);  // the delegate drew some cells itself
    QCOMPARE(ours, qt);
    tree.setItemDelegate(nullptr);
  }

  // The application's style (Fusion with its own scroll bars) draws cells as Fusion: the
  // delegate still draws them itself, and the same pixels as Qt's.
  void drawsWhatQtDrawsUnderTheApplicationStyle() {
    tessera::gui::TesseraStyle style;
    QTreeWidget tree;
    tree.setStyle(&style);
    QVERIFY(ShowFilled(&tree, true));
    CachedTextDelegate cached;
    const QImage qt = Render(&tree, nullptr);
    const QImage ours = Render(&tree, &cached);
    QVERIFY(cached.layoutsMade() > 0);
    QCOMPARE(ours, qt);
    tree.setItemDelegate(nullptr);
  }

  // The loop-order strips: a list of loop names, left to right, one selected.
  void drawsWhatQtDrawsInAStrip() {
    QListWidget strip;
    strip.setFlow(QListView::LeftToRight);
    strip.setWrapping(false);
    strip.setSpacing(3);
    for (const char* loop : {"i.outer", "j.outer", "k.outer", "i.inner", "j.inner", "k.inner"})
      new QListWidgetItem(loop, &strip);
    strip.item(2)->setSelected(true);
    strip.resize(420, 44);
    strip.show();
    QVERIFY(QTest::qWaitForWindowExposed(&strip));
    auto render = [&](QAbstractItemDelegate* delegate) {
      strip.setItemDelegate(delegate);
      strip.doItemsLayout();
      Settle();
      return strip.viewport()->grab().toImage();
    };
    QStyledItemDelegate qt;
    CachedTextDelegate cached;
    const QImage qtImage = render(&qt);
    const QRect qtRect = strip.visualItemRect(strip.item(5));
    const QImage ours = render(&cached);
    QVERIFY(cached.layoutsMade() > 0);
    QCOMPARE(strip.visualItemRect(strip.item(5)), qtRect);
    QCOMPARE(ours, qtImage);
    strip.item(3)->setText("i.inner.outer");  // a refill with another name shows it
    const QImage changed = render(&cached);
    QVERIFY(changed != ours);
    QCOMPARE(changed, render(&qt));
    strip.setItemDelegate(nullptr);
  }

  void laysOutEachTextOnce() {
    QTreeWidget tree;
    QVERIFY(ShowFilled(&tree, true));
    CachedTextDelegate cached;
    Render(&tree, &cached);
    const int made = cached.layoutsMade();
    QVERIFY(made > 0);
    tree.viewport()->repaint();
    tree.viewport()->repaint();
    QCOMPARE(cached.layoutsMade(), made);
    tree.setItemDelegate(nullptr);
  }

  // A text, a font or a width that changed is drawn as it now is, not as it was cached.
  void showsChanges() {
    QTreeWidget tree;
    QVERIFY(ShowFilled(&tree, true));
    CachedTextDelegate cached;
    const QImage before = Render(&tree, &cached);
    QTreeWidgetItem* first = tree.topLevelItem(0);
    auto same = [&] {
      const QImage ours = Render(&tree, &cached);
      const QImage qt = Render(&tree, nullptr);
      return ours == qt ? ours : QImage();
    };

    first->setText(1, "loops");
    const QImage text = same();
    QVERIFY(!text.isNull());
    QVERIFY(text != before);

    QFont font = tree.font();
    font.setItalic(true);
    first->setFont(1, font);
    const QImage italic = same();
    QVERIFY(!italic.isNull());
    QVERIFY(italic != text);

    tree.setColumnWidth(0, 120);  // the long statement wraps onto more lines
    const QImage narrow = same();
    QVERIFY(!narrow.isNull());
    QVERIFY(narrow != italic);
    tree.setItemDelegate(nullptr);
  }

  // The size hints are the style's, for every cell, and follow a changed text, font or
  // (in a wrapping tree) column width.
  void sizeHintsAreQts() {
    QTreeWidget tree;
    QVERIFY(ShowFilled(&tree, true));
    CachedTextDelegate cached;
    QStyledItemDelegate qt;
    auto sameSizes = [&](int width) {
      QStyleOptionViewItem option;
      option.initFrom(tree.viewport());
      option.widget = &tree;
      option.features = QStyleOptionViewItem::WrapText;
      option.rect = QRect(0, 0, width, 20);
      // The root row (the first top-level item) and its children.
      const QAbstractItemModel* model = tree.model();
      const QModelIndex root = model->index(0, 0);
      QList<QModelIndex> cells;
      for (int c = 0; c < tree.columnCount(); ++c) {
        cells << model->index(0, c);
        for (int r = 0; r < model->rowCount(root); ++r) cells << model->index(r, c, root);
      }
      for (const QModelIndex& index : cells)
        if (cached.sizeHint(option, index) != qt.sizeHint(option, index)) return false;
      return true;
    };
    QVERIFY(sameSizes(400));
    QVERIFY(sameSizes(400));  // from the cache
    QVERIFY(sameSizes(60));   // the long texts wrap onto more lines
    QTreeWidgetItem* statement = tree.topLevelItem(0)->child(0);
    statement->setText(0, statement->text(0) + " and then some more words to wrap");
    QVERIFY(sameSizes(60));
    QFont font = tree.font();
    font.setPointSize(font.pointSize() + 6);
    statement->setFont(0, font);
    QVERIFY(sameSizes(60));
  }

  void keepsABoundedNumberOfTexts() {
    QTreeWidget tree;
    tree.setColumnCount(1);
    const int count = int(CachedTextDelegate::kMaxTexts) + 100;
    for (int i = 0; i < count; ++i) new QTreeWidgetItem(&tree, {QString("row %1").arg(i)});
    tree.resize(200, 200);
    tree.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tree));
    CachedTextDelegate cached;
    tree.setItemDelegate(&cached);
    // Paints every row into an image (as the view would while scrolled through them).
    QImage image(200, 20, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    QStyleOptionViewItem option;
    option.initFrom(tree.viewport());
    option.state &= ~QStyle::State_HasFocus;  // a cell with the focus frame is Qt's to draw
    option.widget = &tree;
    option.showDecorationSelected = true;
    option.rect = QRect(0, 0, 200, 20);
    option.features = QStyleOptionViewItem::HasDisplay;
    for (int i = 0; i < count; ++i) cached.paint(&painter, option, tree.model()->index(i, 0));
    painter.end();
    QCOMPARE(cached.layoutsMade(), count);
    QVERIFY(cached.cachedTexts() <= CachedTextDelegate::kMaxTexts);
    QVERIFY(cached.cachedTexts() > 0);
    tree.setItemDelegate(nullptr);
  }
};

}  // namespace tst_cached_text_delegate

QTEST_MAIN(tst_cached_text_delegate::TestCachedTextDelegate)
#include "tst_cached_text_delegate.moc"
