// views/MeasuredOnceHeader: a tree's header measures each label once, however often its
// sections are resized and its rows laid out, and still sizes itself as Qt's header does
// after a label, the font or the sort indicator changed.
#include <QTreeWidget>
#include <QtTest>

#include "views/MeasuredOnceHeader.h"

namespace tst_measured_once_header {

using namespace tessera::views;

namespace {

const QStringList kLabels = {"Statement", "Kind", "Iterators and bindings", "Working set"};

// A tree as the views make them: a plain one, or one given a MeasuredOnceHeader.
std::unique_ptr<QTreeWidget> Tree(bool measuredOnce, const QStringList& labels = kLabels) {
  auto tree = std::make_unique<QTreeWidget>();
  if (measuredOnce) MeasureHeaderOnce(tree.get());
  tree->setColumnCount(int(labels.size()));
  tree->setHeaderLabels(labels);
  for (int i = 0; i < 5; ++i) new QTreeWidgetItem(tree.get(), {QString("row %1").arg(i)});
  tree->resize(500, 300);
  return tree;
}

MeasuredOnceHeader* HeaderOf(QTreeWidget& tree) {
  return dynamic_cast<MeasuredOnceHeader*>(tree.header());
}

}  // namespace

class TestMeasuredOnceHeader : public QObject {
  Q_OBJECT

 private slots:
  void keepsTheSettingsOfQtsHeader() {
    auto plain = Tree(false), kept = Tree(true);
    QVERIFY(HeaderOf(*kept));
    QHeaderView* a = plain->header();
    QHeaderView* b = kept->header();
    QCOMPARE(b->sectionsMovable(), a->sectionsMovable());
    QCOMPARE(b->stretchLastSection(), a->stretchLastSection());
    QCOMPARE(b->defaultAlignment(), a->defaultAlignment());
    QCOMPARE(b->sectionsClickable(), a->sectionsClickable());
    QCOMPARE(b->count(), a->count());
    QCOMPARE(b->model(), kept->model());
  }

  void measuresEachLabelOnceAcrossResizesAndLayouts() {
    auto plain = Tree(false), kept = Tree(true);
    plain->show();
    kept->show();
    QVERIFY(QTest::qWaitForWindowExposed(kept.get()));
    QCOMPARE(kept->header()->sizeHint(), plain->header()->sizeHint());
    MeasuredOnceHeader* header = HeaderOf(*kept);
    const int first = header->measured();
    QVERIFY(first >= int(kLabels.size()));
    for (int width = 60; width < 160; width += 10) {
      for (int c = 0; c < kept->columnCount(); ++c) kept->header()->resizeSection(c, width);
      kept->doItemsLayout();
    }
    QCOMPARE(header->measured(), first);
    QCOMPARE(kept->header()->sizeHint(), plain->header()->sizeHint());
  }

  void followsALabelTheFontAndTheSortIndicator() {
    auto kept = Tree(true);
    kept->show();
    QVERIFY(QTest::qWaitForWindowExposed(kept.get()));
    QSize before = kept->header()->sizeHint();

    QStringList longer = kLabels;
    longer[1] = "A kind whose label is wider than every other label here";
    kept->setHeaderLabels(longer);
    QVERIFY(kept->header()->sizeHint().width() > before.width());
    QCOMPARE(kept->header()->sizeHint(), Tree(false, longer)->header()->sizeHint());

    QFont big = kept->header()->font();
    big.setPointSizeF(big.pointSizeF() * 2);
    kept->header()->setFont(big);
    auto plainBig = Tree(false, longer);
    plainBig->header()->setFont(big);
    QVERIFY(kept->header()->sizeHint().height() > before.height());
    QCOMPARE(kept->header()->sizeHint(), plainBig->header()->sizeHint());

    kept->header()->setSortIndicatorShown(true);
    plainBig->header()->setSortIndicatorShown(true);
    QCOMPARE(kept->header()->sizeHint(), plainBig->header()->sizeHint());
  }
};

}  // namespace tst_measured_once_header

QTEST_MAIN(tst_measured_once_header::TestMeasuredOnceHeader)
#include "tst_measured_once_header.moc"
