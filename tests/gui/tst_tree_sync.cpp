// A tree refreshed in place (views/TreeSync.h): rows at the same place keep their items
// and take the new texts and data; only the rows that changed signal a change; rows past
// the new ones go, new rows come expanded; the current item and what the user collapsed
// stay. The Bounds view, refreshed with one stage's schedule changed, keeps the rows of
// the stages that did not change.
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

#include "Evaluation.h"
#include "views/BoundsView.h"
#include "views/TreeSync.h"

namespace tst_tree_sync {

using namespace tessera;
using tessera::views::SyncTreeItems;

namespace {

// Top-level rows named `names`, each with the children `children` (texts "name.child").
void Fill(QTreeWidgetItem* root, const QStringList& names, const QStringList& children) {
  for (const QString& n : names) {
    auto* item = new QTreeWidgetItem(root, {n, n + " kind"});
    item->setData(0, Qt::UserRole + 1, n);
    for (const QString& c : children) new QTreeWidgetItem(item, {n + "." + c});
  }
}

const char* kGemm = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
B = te.placeholder((64, 64), name="B")
k = te.reduce_axis((0, 64), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")
D = te.compute((64, 64), lambda i, j: C[i, j] * 2.0, name="D")
s = te.create_schedule(D.op)
)";

}  // namespace

class TestTreeSync : public QObject {
  Q_OBJECT
 private slots:
  void unchangedRowsKeepTheirItemsAndSignalNothing() {
    QTreeWidget tree;
    tree.setColumnCount(2);
    QTreeWidgetItem first;
    Fill(&first, {"A", "B"}, {"i", "j"});
    SyncTreeItems(&tree, &first);
    QCOMPARE(tree.topLevelItemCount(), 2);
    QTreeWidgetItem* a = tree.topLevelItem(0);
    QTreeWidgetItem* b = tree.topLevelItem(1);
    QVERIFY(a->isExpanded() && b->isExpanded());
    tree.setCurrentItem(b->child(1));

    QSignalSpy changed(tree.model(), &QAbstractItemModel::dataChanged);
    QSignalSpy inserted(tree.model(), &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(tree.model(), &QAbstractItemModel::rowsRemoved);
    QTreeWidgetItem same;
    Fill(&same, {"A", "B"}, {"i", "j"});
    SyncTreeItems(&tree, &same);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(inserted.count() + removed.count(), 0);
    QCOMPARE(tree.topLevelItem(0), a);
    QCOMPARE(tree.currentItem(), b->child(1));
  }

  void changedTextsAndDataAreTakenInPlace() {
    QTreeWidget tree;
    tree.setColumnCount(2);
    QTreeWidgetItem first;
    Fill(&first, {"A", "B"}, {"i"});
    first.child(1)->setToolTip(1, "old tip");
    SyncTreeItems(&tree, &first);
    QTreeWidgetItem* b = tree.topLevelItem(1);

    QSignalSpy changed(tree.model(), &QAbstractItemModel::dataChanged);
    QTreeWidgetItem next;
    Fill(&next, {"A", "C"}, {"i"});
    next.child(1)->setBackground(1, QColor(230, 120, 60));
    SyncTreeItems(&tree, &next);
    QCOMPARE(tree.topLevelItem(1), b);  // the same item, new contents
    QCOMPARE(b->text(0), QString("C"));
    QCOMPARE(b->data(0, Qt::UserRole + 1).toString(), QString("C"));
    QCOMPARE(b->child(0)->text(0), QString("C.i"));
    QCOMPARE(b->background(1).color(), QColor(230, 120, 60));
    QVERIFY2(b->toolTip(1).isEmpty(), "a tooltip the new row does not have is dropped");
    QVERIFY(changed.count() > 0);
    // Row A did not change: no signal names it.
    for (const QList<QVariant>& args : changed) {
      QModelIndex index = args.at(0).value<QModelIndex>();
      QVERIFY(!(index.row() == 0 && !index.parent().isValid()));
    }
  }

  // Any role an item holds is taken, however far past Qt::UserRole (a view's own roles
  // are not limited to the first few).
  void farUserRolesAreTaken() {
    QTreeWidget tree;
    tree.setColumnCount(2);
    QTreeWidgetItem first;
    Fill(&first, {"A"}, {});
    first.child(0)->setData(1, Qt::UserRole + 500, 7);
    first.child(0)->setData(0, Qt::UserRole + 90, "dropped");
    SyncTreeItems(&tree, &first);
    QTreeWidgetItem* a = tree.topLevelItem(0);
    QCOMPARE(a->data(1, Qt::UserRole + 500).toInt(), 7);

    QTreeWidgetItem next;
    Fill(&next, {"A"}, {});
    next.child(0)->setData(1, Qt::UserRole + 500, 8);
    next.child(0)->setData(1, Qt::UserRole + 4000, "new");
    SyncTreeItems(&tree, &next);
    QCOMPARE(tree.topLevelItem(0), a);
    QCOMPARE(a->data(1, Qt::UserRole + 500).toInt(), 8);
    QCOMPARE(a->data(1, Qt::UserRole + 4000).toString(), QString("new"));
    QVERIFY2(!a->data(0, Qt::UserRole + 90).isValid(), "a role the new row lacks is dropped");
  }

  // A row that lost a role and is refreshed with the same contents again signals nothing
  // (the cleared role leaves an empty value behind in the item).
  void aClearedRoleDoesNotSignalAgain() {
    QTreeWidget tree;
    tree.setColumnCount(2);
    QTreeWidgetItem first;
    Fill(&first, {"A"}, {});
    first.child(0)->setToolTip(1, "tip");
    SyncTreeItems(&tree, &first);
    QTreeWidgetItem without;
    Fill(&without, {"A"}, {});
    SyncTreeItems(&tree, &without);
    QVERIFY(tree.topLevelItem(0)->toolTip(1).isEmpty());

    QSignalSpy changed(tree.model(), &QAbstractItemModel::dataChanged);
    QTreeWidgetItem same;
    Fill(&same, {"A"}, {});
    SyncTreeItems(&tree, &same);
    QCOMPARE(changed.count(), 0);
  }

  void rowsComeAndGo() {
    QTreeWidget tree;
    tree.setColumnCount(2);
    QTreeWidgetItem first;
    Fill(&first, {"A", "B", "C"}, {"i", "j"});
    SyncTreeItems(&tree, &first);
    tree.topLevelItem(0)->setExpanded(false);  // the user collapsed A

    QTreeWidgetItem fewer;
    Fill(&fewer, {"A", "B"}, {"i"});
    SyncTreeItems(&tree, &fewer);
    QCOMPARE(tree.topLevelItemCount(), 2);
    QCOMPARE(tree.topLevelItem(1)->childCount(), 1);
    QCOMPARE(fewer.childCount(), 2);  // nothing taken from the new rows that matched
    QVERIFY(!tree.topLevelItem(0)->isExpanded());

    QTreeWidgetItem more;
    Fill(&more, {"A", "B", "D"}, {"i", "j", "k"});
    SyncTreeItems(&tree, &more);
    QCOMPARE(tree.topLevelItemCount(), 3);
    QCOMPARE(more.childCount(), 2);  // D moved over to the tree
    QTreeWidgetItem* d = tree.topLevelItem(2);
    QCOMPARE(d->text(0), QString("D"));
    QCOMPARE(d->childCount(), 3);
    QVERIFY(d->isExpanded());
    QCOMPARE(tree.topLevelItem(1)->child(2)->text(0), QString("B.k"));
    QVERIFY(!tree.topLevelItem(0)->isExpanded());  // still as the user left it

    QTreeWidgetItem none;
    SyncTreeItems(&tree, &none);
    QCOMPARE(tree.topLevelItemCount(), 0);
  }

  void boundsViewKeepsTheRowsOfUnchangedStages() {
    views::BoundsView view;
    view.resize(900, 500);
    view.show();
    view.setState(gui::Evaluate(kGemm, "gemm.py"));
    QTreeWidgetItem* a = view.stageItem("A");
    QTreeWidgetItem* c = view.stageItem("C");
    QVERIFY(a && c);
    QCOMPARE(c->text(5), QString("4096"));  // required by D
    const int rows = c->childCount();
    const QString before = c->child(0)->text(3);

    view.setState(
        gui::Evaluate(std::string(kGemm) + "s[C].split(C.op.axis[0], factor=8)\n", "gemm.py"));
    QCOMPARE(view.stageItem("A"), a);  // A's row did not change: the same item
    QCOMPARE(view.stageItem("C"), c);
    QVERIFY2(c->childCount() == rows + 2, "C's split loops are added");
    QCOMPARE(c->child(0)->text(3), before);
    bool outer = false;
    for (int i = 0; i < c->childCount(); ++i)
      outer = outer || c->child(i)->text(0).contains("i.outer");
    QVERIFY(outer);
  }
};

}  // namespace tst_tree_sync

QTEST_MAIN(tst_tree_sync::TestTreeSync)
#include "tst_tree_sync.moc"
