// Drags in the TensorIR views that the graphs' drops do not cover: a loop dropped on
// the insertion line before or after another loop of its block in the loop nest moves
// there (reorder, adjacent loops included), judged while dragging by real drag events;
// the Bounds view's block tree computes a block at a loop of another block (compute_at,
// reverse_compute_at for a consumer) by drop and by context menu, refused before
// release with the schedule's reason.
#include <QApplication>
#include <QDragMoveEvent>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

#include "ir/ExprOp.h"
#include "te/Compute.h"
#include "tir/CreatePrimFunc.h"
#include "tir/Schedule.h"
#include "views/ParameterDialog.h"
#include "views/TirBoundsView.h"
#include "views/TirIntents.h"
#include "views/TirLoopNestView.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_drag_drop {

using namespace tessera;
using namespace tessera::views;
using tir::Schedule;

namespace {

const ir::DataType kF32 = ir::DataType::Float(32);

// C[i, j] = sum_k A[i, k] * B[k, j].
tir::PrimFunc Gemm(int n = 64) {
  auto A = *te::placeholder({n, n}, kF32, "A");
  auto B = *te::placeholder({n, n}, kF32, "B");
  auto k = te::reduce_axis(ir::Range(0, n), "k");
  auto C = *te::compute(
      {n, n},
      [&](const std::vector<ir::Var>& i) {
        return te::sum(A(i[0], k->var) * B(k->var, i[1]), {k});
      },
      "C");
  return *tir::CreatePrimFunc({A, B, C});
}

// B = A * 2; C = B + 1; with `twoConsumers` also D = B * 3.
tir::PrimFunc Chain(bool twoConsumers = false) {
  auto A = *te::placeholder({64, 64}, kF32, "A");
  auto B = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  auto C = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
  if (!twoConsumers) return *tir::CreatePrimFunc({A, C});
  auto D = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) * 3; }, "D");
  return *tir::CreatePrimFunc({A, C, D});
}

DocumentState StateOf(const Schedule& sch) {
  DocumentState st;
  st.tir_schedule = std::make_shared<const Schedule>(sch);
  return st;
}

std::unique_ptr<QMimeData> Mime(const QString& id) {
  return std::unique_ptr<QMimeData>(GraphScene::mimeForNode(id));
}

Intent LastIntent(const QSignalSpy& spy) { return spy.last().at(0).value<Intent>(); }

QAction* ActionNamed(QMenu* menu, const QString& name) {
  for (QAction* a : menu->actions())
    if (a->objectName() == name) return a;
  return nullptr;
}

// Where in a row a drag hovers: its middle, or just inside its top or bottom edge (the
// insertion line before or after it).
enum class Spot { Middle, Top, Bottom };

QPoint PointIn(QTreeWidget* tree, QTreeWidgetItem* item, Spot spot) {
  QRect r = tree->visualItemRect(item);
  int y = spot == Spot::Middle ? r.center().y() : spot == Spot::Top ? r.top() + 1 : r.bottom() - 1;
  return QPoint(r.left() + 40, y);
}

// A real drag over `item` of `tree`: enter, move; whether the tree accepts it there.
bool DragOver(QTreeWidget* tree, const QMimeData* mime, QTreeWidgetItem* item, Spot spot) {
  QPoint at = PointIn(tree, item, spot);
  QDragEnterEvent enter(at, Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(tree->viewport(), &enter);
  QDragMoveEvent move(at, Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(tree->viewport(), &move);
  return move.isAccepted();
}

// The release after DragOver at the same place.
bool Release(QTreeWidget* tree, const QMimeData* mime, QTreeWidgetItem* item, Spot spot) {
  QDropEvent drop(PointIn(tree, item, spot), Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton,
                  Qt::NoModifier);
  QApplication::sendEvent(tree->viewport(), &drop);
  return drop.isAccepted();
}

}  // namespace

class TestTirDragDrop : public QObject {
  Q_OBJECT

 private slots:
  void cleanup() { SetParameterAsker(nullptr); }

  void loopMovedBeforeOrAfterAnotherReorders() {
    Schedule sch(Gemm());
    TirLoopNestView nest;
    nest.setState(StateOf(sch));
    QSignalSpy intents(&nest, &ViewBase::intentRequested);
    // k before i: the three loops rotate.
    QVERIFY(nest.dropOn(Mime("loop:C/k").get(), nest.loopItem("C", "i"), TirDropPlace::Before));
    QCOMPARE(LastIntent(intents).primitive, QString("reorder"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"k", "i", "j"}));
    // Neighbours swap by the insertion line (On would fuse them).
    QVERIFY(nest.dropOn(Mime("loop:C/i").get(), nest.loopItem("C", "j"), TirDropPlace::After));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"j", "i"}));
    QVERIFY(nest.dropOn(Mime("loop:C/i").get(), nest.loopItem("C", "k"), TirDropPlace::After));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"j", "k", "i"}));
    QCOMPARE(nest.dropPreview("loop:C/k", nest.loopItem("C", "j"), TirDropPlace::Before),
             QString("reorder(C, k, j)"));
    // Where the loop already is: nothing to do, refused.
    QSignalSpy messages(&nest, &ViewBase::statusMessage);
    QVERIFY(!nest.dropOn(Mime("loop:C/i").get(), nest.loopItem("C", "j"), TirDropPlace::Before));
    QVERIFY(messages.last().at(0).toString().contains("already there"));
    QCOMPARE(intents.size(), 3);
    // Each order the drops ask for is one the schedule takes.
    Schedule copy = sch;
    QVERIFY(ApplyTirIntent(copy, Intent{"reorder", "C", {"k", "i", "j"}, {}}).ok());
    QCOMPARE(TirLoopNames(copy, "C"), QStringList({"k", "i", "j"}));
  }

  void illegalReorderIsRefusedWithTvmsReason() {
    // B computed at C's loop i sits under i beside j: i and j no longer form a chain,
    // so j cannot move above i (TVM's reason, from the schedule).
    Schedule sch(Chain());
    QVERIFY(ApplyTirIntent(sch, Intent{"compute_at", "B", {"i"}, {{"loop_block", "C"}}}).ok());
    TirLoopNestView nest;
    nest.setState(StateOf(sch));
    QVERIFY(nest.loopItem("C", "i"));
    QString problem = nest.dropProblem("loop:C/j", nest.loopItem("C", "i"), TirDropPlace::Before);
    QVERIFY2(problem.contains("Error"), qPrintable(problem));
    QCOMPARE(problem, TirIntentProblem(sch, Intent{"reorder", "C", {"j", "i"}, {}}));
    QSignalSpy intents(&nest, &ViewBase::intentRequested);
    QVERIFY(!nest.dropOn(Mime("loop:C/j").get(), nest.loopItem("C", "i"), TirDropPlace::Before));
    QCOMPARE(intents.size(), 0);
  }

  void realDragEventsAreJudgedBeforeRelease() {
    Schedule sch(Chain(/*twoConsumers=*/true));
    TirLoopNestView nest;
    nest.resize(900, 500);
    nest.setState(StateOf(sch));
    nest.show();
    QVERIFY(QTest::qWaitForWindowExposed(&nest));
    QTreeWidget* tree = nest.tree();
    QSignalSpy intents(&nest, &ViewBase::intentRequested);
    QSignalSpy messages(&nest, &ViewBase::statusMessage);

    // C's j over the middle of C's i: fuse, accepted while dragging.
    auto j = Mime("loop:C/j");
    QVERIFY(DragOver(tree, j.get(), nest.loopItem("C", "i"), Spot::Middle));
    QVERIFY2(messages.last().at(0).toString().contains("fuse"),
             qPrintable(messages.last().at(0).toString()));
    // Over the top edge of i: the insertion line before i, a reorder.
    QVERIFY(DragOver(tree, j.get(), nest.loopItem("C", "i"), Spot::Top));
    QVERIFY2(messages.last().at(0).toString().contains("reorder"),
             qPrintable(messages.last().at(0).toString()));
    QVERIFY(Release(tree, j.get(), nest.loopItem("C", "i"), Spot::Top));
    QCOMPARE(LastIntent(intents).primitive, QString("reorder"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"j", "i"}));

    // B over C's loop i: B feeds D too, so TVM refuses it; the drag is not accepted and
    // the status bar says why, before any release.
    auto b = Mime("block:B");
    QVERIFY(!DragOver(tree, b.get(), nest.loopItem("C", "i"), Spot::Middle));
    QVERIFY2(messages.last().at(0).toString().startsWith("NotAllRequiredBlocksAreVisitedError"),
             qPrintable(messages.last().at(0).toString()));
    QVERIFY(!Release(tree, b.get(), nest.loopItem("C", "i"), Spot::Middle));
    QCOMPARE(intents.size(), 1);
    // A loop over a block row: nothing to drop on.
    QVERIFY(!DragOver(tree, j.get(), nest.blockItem("C"), Spot::Middle));
  }

  void boundsViewComputesABlockAtADroppedLoop() {
    Schedule sch(Chain());
    TirBoundsView view;
    view.setState(StateOf(sch));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    // The producer on the consumer's loop: compute_at.
    QVERIFY(view.dropOn(Mime("block:B").get(), view.loopItem("C", "j")));
    QCOMPARE(LastIntent(intents).primitive, QString("compute_at"));
    QCOMPARE(LastIntent(intents).stage, QString("B"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList{"j"});
    QCOMPARE(LastIntent(intents).params.value("loop_block").toString(), QString("C"));
    // The consumer on the producer's loop: reverse_compute_at.
    QVERIFY(view.dropOn(Mime("block:C").get(), view.loopItem("B", "i")));
    QCOMPARE(LastIntent(intents).primitive, QString("reverse_compute_at"));
    QCOMPARE(LastIntent(intents).stage, QString("C"));
    QCOMPARE(LastIntent(intents).params.value("loop_block").toString(), QString("B"));
    // Not on a block row, not on the block's own loops.
    QVERIFY(!view.dropProblem("block:B", view.blockItem("C")).isEmpty());
    QVERIFY(!view.dropProblem("block:B", view.loopItem("B", "i")).isEmpty());
    QCOMPARE(intents.size(), 2);
  }

  void boundsViewRefusesWithTvmsReasonWhileDragging() {
    Schedule sch(Chain(/*twoConsumers=*/true));
    TirBoundsView view;
    view.resize(900, 600);
    view.setState(StateOf(sch));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTreeWidget* tree = view.blockTree();
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    QSignalSpy messages(&view, &ViewBase::statusMessage);
    auto b = Mime("block:B");
    QVERIFY(!DragOver(tree, b.get(), view.loopItem("C", "i"), Spot::Middle));
    QVERIFY2(messages.last().at(0).toString().startsWith("NotAllRequiredBlocksAreVisitedError"),
             qPrintable(messages.last().at(0).toString()));
    QVERIFY(!Release(tree, b.get(), view.loopItem("C", "i"), Spot::Middle));
    QCOMPARE(intents.size(), 0);
    // D after its producer, at B's loop j: legal, accepted while dragging, applied on release.
    auto d = Mime("block:D");
    QVERIFY(DragOver(tree, d.get(), view.loopItem("B", "j"), Spot::Middle));
    QVERIFY(Release(tree, d.get(), view.loopItem("B", "j"), Spot::Middle));
    QCOMPARE(LastIntent(intents).primitive, QString("reverse_compute_at"));
    QCOMPARE(LastIntent(intents).stage, QString("D"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList{"j"});
  }

  void boundsViewMenusOfferComputeAtAndReverseComputeAt() {
    Schedule sch(Chain(/*twoConsumers=*/true));
    TirBoundsView view;
    view.setState(StateOf(sch));
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    // B's loop i: C and D can follow B there; each action is the drop's intent.
    std::unique_ptr<QMenu> menu(view.contextMenuFor(view.loopItem("B", "i")));
    QVERIFY(menu);
    QAction* c = ActionNamed(menu.get(), "reverse_compute_at:C");
    QVERIFY(c);
    QVERIFY(c->isEnabled());
    c->trigger();
    QCOMPARE(LastIntent(intents).primitive, QString("reverse_compute_at"));
    QCOMPARE(LastIntent(intents).stage, QString("C"));
    QCOMPARE(LastIntent(intents).params.value("loop_block").toString(), QString("B"));
    QVERIFY(ActionNamed(menu.get(), "reverse_compute_at:D"));
    // C's loop i: B cannot go there (D reads it too), disabled with TVM's reason.
    std::unique_ptr<QMenu> atC(view.contextMenuFor(view.loopItem("C", "i")));
    QAction* b = ActionNamed(atC.get(), "compute_at:B");
    QVERIFY(b);
    QVERIFY(!b->isEnabled());
    QVERIFY2(b->toolTip().startsWith("NotAllRequiredBlocksAreVisitedError"),
             qPrintable(b->toolTip()));

    // A block row's menu asks where, as the block graph's does.
    SetParameterAsker([](QWidget*, const QString&,
                         const QList<ParamField>& fields) -> std::optional<QVariantMap> {
      for (const ParamField& f : fields)
        if (f.key == "target" && f.choices.contains("B: j")) return QVariantMap{{"target", "B: j"}};
      return std::nullopt;
    });
    std::unique_ptr<QMenu> blockMenu(view.contextMenuFor(view.blockItem("D")));
    QVERIFY(blockMenu);
    ActionNamed(blockMenu.get(), "reverse_compute_at")->trigger();
    QCOMPARE(LastIntent(intents).primitive, QString("reverse_compute_at"));
    QCOMPARE(LastIntent(intents).stage, QString("D"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList{"j"});
    QCOMPARE(intents.size(), 2);
  }
};

}  // namespace tst_tir_drag_drop

QTEST_MAIN(tst_tir_drag_drop::TestTirDragDrop)
#include "tst_tir_drag_drop.moc"
