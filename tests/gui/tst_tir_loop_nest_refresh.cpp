// The TensorIR loop nest refreshed in place: a schedule change that keeps the nest's
// shape keeps every row (the same items), what the user collapsed and the current row,
// and updates only the texts that changed; a change of shape adds the new loops
// expanded and keeps the rows before them.
#include <QSignalSpy>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "../tir/TirTestSupport.h"
#include "ir/ExprOp.h"
#include "te/Compute.h"
#include "tir/CreatePrimFunc.h"
#include "tir/Schedule.h"
#include "views/DocumentState.h"
#include "views/SelectionModel.h"
#include "views/TirLoopNestView.h"

namespace tst_tir_loop_nest_refresh {

using namespace tessera;
using namespace tessera::views;
using tir::Schedule;

namespace {

// C[i, j] = sum_k A[i, k] * B[k, j], 64 x 64 x 64.
tir::PrimFunc Gemm() { return tir::testing::Gemm(64); }

DocumentState StateOf(const Schedule& sch) {
  DocumentState st;
  st.tir_schedule = std::make_shared<const Schedule>(sch);
  return st;
}

QList<QTreeWidgetItem*> Rows(QTreeWidget* tree) {
  QList<QTreeWidgetItem*> rows;
  for (QTreeWidgetItemIterator it(tree); *it; ++it) rows << *it;
  return rows;
}

}  // namespace

class TestTirLoopNestRefresh : public QObject {
  Q_OBJECT

 private slots:
  void sameShapeKeepsRowsCollapseAndCurrent() {
    Schedule sch(Gemm());
    SelectionModel selection;
    TirLoopNestView nest;
    nest.setSelectionModel(&selection);
    nest.setState(StateOf(sch));
    QTreeWidgetItem* i = nest.loopItem("C", "i");
    QTreeWidgetItem* j = nest.loopItem("C", "j");
    QTreeWidgetItem* k = nest.loopItem("C", "k");
    QVERIFY(i && j && k);
    QCOMPARE(k->text(1), QString("serial"));
    const QList<QTreeWidgetItem*> before = Rows(nest.tree());
    j->setExpanded(false);
    selection.selectIterVar("C", "i");
    QCOMPARE(nest.tree()->currentItem(), i);

    Schedule unrolled = sch;
    tir::BlockRV c = *unrolled.GetBlock("C");
    QVERIFY(unrolled.Unroll((*unrolled.GetLoops(c))[2]).ok());
    QSignalSpy removed(nest.tree()->model(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(nest.tree()->model(), &QAbstractItemModel::rowsInserted);
    nest.setState(StateOf(unrolled));

    QCOMPARE(Rows(nest.tree()), before);  // the same items, no row rebuilt
    QCOMPARE(removed.count() + inserted.count(), 0);
    QCOMPARE(nest.loopItem("C", "k"), k);
    QCOMPARE(k->text(1), QString("unrolled"));
    QVERIFY(!j->isExpanded());  // what the user collapsed stays collapsed
    QVERIFY(i->isExpanded());
    QCOMPARE(nest.tree()->currentItem(), i);
  }

  void newLoopsComeExpandedAfterTheKeptRows() {
    Schedule sch(Gemm());
    TirLoopNestView nest;
    nest.setState(StateOf(sch));
    QTreeWidgetItem* i = nest.loopItem("C", "i");
    QTreeWidgetItem* j = nest.loopItem("C", "j");
    Schedule split = sch;
    tir::BlockRV c = *split.GetBlock("C");
    QVERIFY(split.Split((*split.GetLoops(c))[2], {ir::Expr(), ir::Expr(8)}).ok());
    nest.setState(StateOf(split));
    QCOMPARE(nest.loopItem("C", "i"), i);
    QCOMPARE(nest.loopItem("C", "j"), j);
    QTreeWidgetItem* k0 = nest.loopItem("C", "k_0");
    QTreeWidgetItem* k1 = nest.loopItem("C", "k_1");
    QVERIFY(k0 && k1);
    QCOMPARE(k1->parent(), k0);
    QVERIFY(k0->isExpanded());
    QVERIFY(k1->isExpanded());
    QVERIFY(nest.blockItem("C"));
    QCOMPARE(nest.blockItem("C")->parent(), k1);
    QVERIFY(k1->text(0).contains("range(8)"));
    // Undone: the nest is as it was, the extra loop gone.
    nest.setState(StateOf(sch));
    QVERIFY(!nest.loopItem("C", "k_1"));
    QCOMPARE(nest.loopItem("C", "k")->parent(), j);
    QCOMPARE(nest.blockItem("C")->parent(), nest.loopItem("C", "k"));
  }
};

}  // namespace tst_tir_loop_nest_refresh

QTEST_MAIN(tst_tir_loop_nest_refresh::TestTirLoopNestRefresh)
#include "tst_tir_loop_nest_refresh.moc"
