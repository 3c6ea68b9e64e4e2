// The TensorIR loop graph's loop-order strip: real drag events over its items are judged
// before release. A loop over the gap before or after another loop moves there (reorder,
// neighbours included); over the middle of its neighbour it fuses with it; a block over
// a loop of another block is computed there; illegal drops are refused with TVM's reason
// and ask for nothing. In the window each accepted drop is one undoable step.
#include <QApplication>
#include <QDragMoveEvent>
#include <QMimeData>
#include <QSignalSpy>
#include <QtTest>

#include "../tir/TirTestSupport.h"
#include "Examples.h"
#include "MainWindow.h"
#include "ir/ExprOp.h"
#include "te/Compute.h"
#include "tir/CreatePrimFunc.h"
#include "tir/Schedule.h"
#include "views/ParameterDialog.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopStrip.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_loop_strip {

using namespace tessera;
using namespace tessera::views;
using tir::Schedule;

namespace {

const ir::DataType kF32 = ir::DataType::Float(32);

// C[i, j] = sum_k A[i, k] * B[k, j], 64 x 64 x 64.
tir::PrimFunc Gemm() { return tir::testing::Gemm(64); }

// B = A * 2; C = B + 1; D = B * 3.
tir::PrimFunc TwoConsumers() {
  auto A = *te::placeholder({64, 64}, kF32, "A");
  auto B = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  auto C = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
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
QString LastMessage(const QSignalSpy& spy) { return spy.last().at(0).toString(); }

// Where over an item a drag hovers: its left edge, its middle, its right edge.
enum class Spot { Left, Middle, Right };

QPoint PointIn(TirLoopStrip* strip, const QString& loop, Spot spot) {
  QRect r = strip->visualItemRect(strip->loopItem(loop));
  int x = spot == Spot::Middle ? r.center().x() : spot == Spot::Left ? r.left() + 1 : r.right() - 1;
  return QPoint(x, r.center().y());
}

// A real drag over `loop`: enter, move; whether the strip accepts it there.
bool DragOver(TirLoopStrip* strip, const QMimeData* mime, const QString& loop, Spot spot) {
  QPoint at = PointIn(strip, loop, spot);
  QDragEnterEvent enter(at, Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(strip->viewport(), &enter);
  QDragMoveEvent move(at, Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(strip->viewport(), &move);
  return move.isAccepted();
}

bool Release(TirLoopStrip* strip, const QMimeData* mime, const QString& loop, Spot spot) {
  QDropEvent drop(PointIn(strip, loop, spot), Qt::CopyAction | Qt::MoveAction, mime, Qt::LeftButton,
                  Qt::NoModifier);
  QApplication::sendEvent(strip->viewport(), &drop);
  return drop.isAccepted();
}

QStringList StripLoops(TirLoopStrip* strip) {
  QStringList out;
  for (int row = 0; row < strip->count(); ++row) out << strip->item(row)->text();
  return out;
}

}  // namespace

class TestTirLoopStrip : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QCoreApplication::setOrganizationName("TesseraTest"); }

  void theStripListsTheShownBlocksLoops() {
    Schedule sch(Gemm());
    TirLoopGraphView view;
    view.setState(StateOf(sch));
    QCOMPARE(view.shownBlock(), QString("C"));
    QCOMPARE(StripLoops(view.loopOrderStrip()), QStringList({"i", "j", "k"}));
    QCOMPARE(view.loopOrderStrip()->loopItem("j")->data(TirLoopStrip::kPayloadRole).toString(),
             QString("loop:C/j"));
    // No schedule: nothing to drag.
    view.setState(DocumentState());
    QCOMPARE(view.loopOrderStrip()->count(), 0);
  }

  void dragsBetweenLoopsReorderAndOntoANeighbourFuse() {
    Schedule sch(Gemm());
    TirLoopGraphView view;
    view.resize(700, 500);
    view.setState(StateOf(sch));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    TirLoopStrip* strip = view.loopOrderStrip();
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    QSignalSpy messages(&view, &ViewBase::statusMessage);

    auto i = Mime("loop:C/i");
    // i over the middle of its neighbour j: fuse, accepted before release.
    QVERIFY(DragOver(strip, i.get(), "j", Spot::Middle));
    QVERIFY2(LastMessage(messages).contains("fuse"), qPrintable(LastMessage(messages)));
    // i over j's right edge: the gap after j, a reorder of the neighbours.
    QVERIFY(DragOver(strip, i.get(), "j", Spot::Right));
    QVERIFY2(LastMessage(messages).contains("reorder"), qPrintable(LastMessage(messages)));
    QVERIFY(Release(strip, i.get(), "j", Spot::Right));
    QCOMPARE(LastIntent(intents).primitive, QString("reorder"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"j", "i"}));
    // k before i: the three loops rotate.
    auto k = Mime("loop:C/k");
    QVERIFY(DragOver(strip, k.get(), "i", Spot::Left));
    QVERIFY(Release(strip, k.get(), "i", Spot::Left));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"k", "i", "j"}));
    // k on the middle of i (not its neighbour): the two swap.
    QVERIFY2(DragOver(strip, k.get(), "i", Spot::Middle), qPrintable(LastMessage(messages)));
    QVERIFY2(Release(strip, k.get(), "i", Spot::Middle), qPrintable(LastMessage(messages)));
    QCOMPARE(LastIntent(intents).primitive, QString("reorder"));
    QCOMPARE(LastIntent(intents).iterVars, QStringList({"k", "i"}));
    // Where i already is: nothing to do, refused while dragging.
    QVERIFY(!DragOver(strip, i.get(), "j", Spot::Left));
    QVERIFY2(LastMessage(messages).contains("already there"), qPrintable(LastMessage(messages)));
    QCOMPARE(intents.size(), 3);
  }

  void illegalDropsAreRefusedWithTvmsReason() {
    Schedule chain(TwoConsumers());
    TirLoopGraphView view;
    view.resize(700, 500);
    view.setState(StateOf(chain));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCOMPARE(view.shownBlock(), QString("D"));
    TirLoopStrip* strip = view.loopOrderStrip();
    QSignalSpy intents(&view, &ViewBase::intentRequested);
    QSignalSpy messages(&view, &ViewBase::statusMessage);
    // B dropped on D's loop i: B feeds C too, so compute_at is refused before release
    // with TVM's error name; the release asks for nothing.
    auto b = Mime("block:B");
    QVERIFY(!DragOver(strip, b.get(), "i", Spot::Middle));
    QVERIFY2(LastMessage(messages).startsWith("NotAllRequiredBlocksAreVisitedError"),
             qPrintable(LastMessage(messages)));
    QVERIFY(!Release(strip, b.get(), "i", Spot::Middle));
    // A loop of another block is refused too.
    auto other = Mime("loop:C/i");
    QVERIFY(!DragOver(strip, other.get(), "j", Spot::Middle));
    QVERIFY2(LastMessage(messages).contains("Only loops of D"), qPrintable(LastMessage(messages)));
    QCOMPARE(intents.size(), 0);
  }

  void inTheWindowAStripDropIsOneUndoableStep() {
    views::SetParameterAsker(views::AcceptDefaults());
    gui::MainWindow w;
    w.setInteractive(false);
    QString gemm;
    for (const QString& f : gui::TensorIRExampleFiles())
      if (f.endsWith("/gemm_tir.py")) gemm = f;
    QVERIFY(w.openExample(gemm).ok());
    w.selection()->selectStage("C");
    TirLoopStrip* strip = w.tirLoopView()->loopOrderStrip();
    QCOMPARE(StripLoops(strip), QStringList({"i_0", "j_0", "k", "i_1", "j_1"}));
    QString before = w.document()->text();
    int steps = w.document()->undoStack()->count();
    // j_0 onto its neighbour i_0: fused, one line, one step.
    QVERIFY(strip->drop(Mime("loop:C/j_0").get(), "i_0", TirDropPlace::On));
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    QCOMPARE(StripLoops(w.tirLoopView()->loopOrderStrip()),
             QStringList({"i_0_j_0_fused", "k", "i_1", "j_1"}));
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->text(), before);
    // k moved after i_1: a reorder, undone as one step.
    QVERIFY(strip->drop(Mime("loop:C/k").get(), "i_1", TirDropPlace::After));
    QCOMPARE(views::TirLoopNames(*w.document()->state().tir_schedule, "C"),
             QStringList({"i_0", "j_0", "i_1", "k", "j_1"}));
    QCOMPARE(w.document()->undoStack()->count(), steps + 1);
    w.document()->undoStack()->undo();
    QCOMPARE(w.document()->text(), before);
    views::SetParameterAsker(nullptr);
  }
};

}  // namespace tst_tir_loop_strip

QTEST_MAIN(tst_tir_loop_strip::TestTirLoopStrip)
#include "tst_tir_loop_strip.moc"
