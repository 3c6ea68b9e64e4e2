// Scheduling from the GUI, as a user would: primitives from the Schedule menu and the
// context menus (parameters from a scripted dialog), drags in the IterVar graph, the
// loop-order strip, the Stage DAG and the loop nest, illegal drops that only explain
// themselves, undo / redo through the Edit menu, and run / profile off the GUI thread.
#include <QComboBox>
#include <QDockWidget>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QSet>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "MainWindow.h"
#include "TargetCode.h"
#include "codegen/LLVMBackend.h"
#include "codegen/cuda/NVRTC.h"
#include "runtime/cuda/CudaDriver.h"
#include "views/BoundsView.h"
#include "views/BufferLayoutView.h"
#include "views/CodeView.h"
#include "views/Intent.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/ProfileView.h"
#include "views/StageDagModel.h"
#include "views/StageDagView.h"
#include "views/graph/GraphScene.h"

namespace tst_schedule_interactions {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

// B = A + 1, C = B * 2 over 64 x 64: two stages to compute_at and inline.
const char* kTwoStages =
    "import tvm\n"
    "from tvm import te\n"
    "A = te.placeholder((64, 64), name=\"A\")\n"
    "B = te.compute((64, 64), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
    "C = te.compute((64, 64), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
    "s = te.create_schedule(C.op)\n";

QStringList Leaves(const MainWindow& w, const char* stage) {
  QStringList out;
  for (const auto& iv : w.document()->state().schedule->find(stage)->leaf_iter_vars)
    out << QString::fromStdString(iv->var.name());
  return out;
}

std::unique_ptr<QMimeData> Mime(const QString& id) {
  return std::unique_ptr<QMimeData>(views::GraphScene::mimeForNode(id));
}

}  // namespace

class TestScheduleInteractions : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    views::SetParameterAsker(views::AcceptDefaults());
  }

  void init() {
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
    w->document()->reset(kTwoStages, "two_stages.py");
    QVERIFY2(w->document()->state().errors.empty(),
             w->document()->state().errors.empty()
                 ? ""
                 : w->document()->state().errors.front().format().c_str());
  }
  void cleanup() { w.reset(); }

  void splitFromTheScheduleMenu() {
    w->selection()->selectIterVar("C", "i");
    w->action("action_split")->trigger();
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i.outer", "i.inner", "j"}));
    QVERIFY(w->document()->text().contains("split"));
    QCOMPARE(w->iterVarView()->loopOrderStrip()->count(), 3);
    QVERIFY(w->iterVarView()->scene()->nodeItem("iv:i.outer"));
    QVERIFY(w->loopNestView()->loopItem("C", "i.inner"));
  }

  // Each loop primitive from the Schedule menu, its dialog answered by a script.
  void loopPrimitivesFromTheScheduleMenu_data() {
    QTest::addColumn<QString>("primitive");
    QTest::addColumn<QString>("selectedVar");
    QTest::addColumn<QVariantMap>("answers");
    QTest::addColumn<QStringList>("leaves");
    QTest::newRow("split") << "split"
                           << "j" << QVariantMap{{"factor", 16}}
                           << QStringList{"i", "j.outer", "j.inner"};
    QTest::newRow("tile") << "tile"
                          << "i" << QVariantMap{{"x_factor", 8}, {"y_factor", 4}}
                          << QStringList{"i.outer", "j.outer", "i.inner", "j.inner"};
    QTest::newRow("fuse") << "fuse"
                          << "i" << QVariantMap{} << QStringList{"i.j.fused"};
    QTest::newRow("reorder") << "reorder"
                             << "i" << QVariantMap{{"order", "j, i"}} << QStringList{"j", "i"};
    QTest::newRow("parallel") << "parallel"
                              << "i" << QVariantMap{} << QStringList{"i", "j"};
    QTest::newRow("prefetch") << "prefetch"
                              << "i" << QVariantMap{{"tensor", "B"}, {"offset", 2}}
                              << QStringList{"i", "j"};
  }
  void loopPrimitivesFromTheScheduleMenu() {
    QFETCH(QString, primitive);
    QFETCH(QString, selectedVar);
    QFETCH(QVariantMap, answers);
    QFETCH(QStringList, leaves);
    views::SetParameterAsker(
        [answers](QWidget*, const QString&, const QList<views::ParamField>& fields) {
          QVariantMap out;
          for (const auto& f : fields) out[f.key] = answers.value(f.key, f.value);
          return std::optional<QVariantMap>(out);
        });
    w->selection()->selectIterVar("C", selectedVar);
    w->action("action_" + primitive)->trigger();
    views::SetParameterAsker(views::AcceptDefaults());
    QCOMPARE(Leaves(*w, "C"), leaves);
    QCOMPARE(w->document()->undoStack()->count(), 1);
    QVERIFY2(w->document()->text().contains(primitive), qPrintable(w->lastMessage()));
  }

  // Prefetch asks which tensor the stage reads and how far ahead; on a vectorized loop the
  // menu item is disabled with the reason.
  void prefetchFromTheScheduleMenu() {
    w->selection()->selectIterVar("C", "j");
    w->action("action_vectorize")->trigger();
    w->selection()->selectIterVar("C", "i");
    w->selection()->selectIterVar("C", "j");
    QAction* prefetch = w->action("action_prefetch");
    QVERIFY(!prefetch->isEnabled());
    QVERIFY2(prefetch->toolTip().contains("vectorized"), qPrintable(prefetch->toolTip()));
    QStringList offered;
    views::SetParameterAsker(
        [&offered](QWidget*, const QString&, const QList<views::ParamField>& fields) {
          QVariantMap out;
          for (const auto& f : fields) {
            if (f.key == "tensor") offered = f.choices;
            out[f.key] = f.key == "tensor" ? QVariant("B") : f.key == "offset" ? 3 : f.value;
          }
          return std::optional<QVariantMap>(out);
        });
    w->selection()->selectIterVar("C", "i");
    QVERIFY(prefetch->isEnabled());
    prefetch->trigger();
    views::SetParameterAsker(views::AcceptDefaults());
    QCOMPARE(offered, QStringList{"B"});
    QVERIFY2(w->document()->text().contains("s[C].prefetch(B, C.op.axis[0], 3)"),
             qPrintable(w->document()->text() + "\n" + w->lastMessage()));
    auto c = w->document()->state().schedule->find("C");
    QCOMPARE(c->attr(c->leaf_iter_vars[0]).prefetches.size(), size_t(1));
    // The loop nest says which loop prefetches what.
    QTreeWidgetItem* row =
        w->loopNestView()->loopItem("C", c->leaf_iter_vars[0]->var.name().c_str());
    QVERIFY(row);
    QVERIFY2(row->text(1).contains(", prefetches B 3 iteration"), qPrintable(row->text(1)));
  }

  void computeAtAndCacheWriteFromTheScheduleMenu() {
    views::SetParameterAsker([](QWidget*, const QString&, const QList<views::ParamField>& fields) {
      QVariantMap out;
      for (const auto& f : fields) out[f.key] = f.key == "target" ? QVariant("C: j") : f.value;
      return std::optional<QVariantMap>(out);
    });
    w->selection()->selectStage("B");
    w->action("action_compute_at")->trigger();
    views::SetParameterAsker(views::AcceptDefaults());
    auto b = w->document()->state().schedule->find("B");
    QCOMPARE(b->attach_type, schedule::AttachType::Scope);
    QCOMPARE(QString::fromStdString(b->attach_ivar->var.name()), QString("j"));
    // cache_write of C now would leave B computed at C's loop but read by C.local at the
    // root (TVM 0.19's InferBound fails: "cannot find the producer B along the loop nest"):
    // refused, saying what to do, the document unchanged.
    const QString before = w->document()->text();
    w->selection()->selectStage("C");
    w->action("action_cache_write")->trigger();  // scope "local"
    QVERIFY(!w->document()->state().schedule->find("C.local"));
    QVERIFY2(w->lastMessage().contains("call cache_write before compute_at"),
             qPrintable(w->lastMessage()));
    QCOMPARE(w->document()->text(), before);
    // Undo the compute_at, and cache_write applies.
    w->document()->undoStack()->undo();
    w->selection()->selectStage("C");
    w->action("action_cache_write")->trigger();
    QVERIFY2(w->document()->state().schedule->find("C.local"), qPrintable(w->lastMessage()));
    QVERIFY(w->stageDagView()->scene()->nodeItem("stage:C.local"));
    QCOMPARE(w->stageDagView()->scene()->nodeItem("stage:C.local")->node().kind, QString("cache"));
  }

  void splitWithoutASelectedLoopExplainsWhy() {
    w->selection()->selectStage("C");
    w->action("action_split")->trigger();
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i", "j"}));
    QVERIFY2(w->lastMessage().contains("select a loop"), qPrintable(w->lastMessage()));
  }

  void fuseByDraggingAVarOntoItsNeighbour() {
    w->selection()->selectStage("C");
    views::GraphScene* scene = w->iterVarView()->scene();
    QVERIFY(scene->dropOnNode(Mime("iv:j").get(), "iv:i"));
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i.j.fused"}));
  }

  void illegalFuseDropChangesNothingAndSaysWhy() {
    w->selection()->selectIterVar("C", "i");
    w->action("action_split")->trigger();  // leaves i.outer, i.inner, j
    QString before = w->document()->text();
    views::GraphScene* scene = w->iterVarView()->scene();
    QVERIFY(!scene->dropOnNode(Mime("iv:i.outer").get(), "iv:j"));
    QCOMPARE(w->document()->text(), before);
    QVERIFY2(w->statusBar()->currentMessage().contains("not neighbours"),
             qPrintable(w->statusBar()->currentMessage()));
    QVERIFY(!scene->dropOnNode(Mime("iv:i").get(), "iv:j"));  // i is no longer a loop
    QCOMPARE(w->document()->text(), before);
  }

  void reorderByDraggingInTheLoopOrderStrip() {
    w->selection()->selectStage("C");
    QListWidget* strip = w->iterVarView()->loopOrderStrip();
    QCOMPARE(strip->count(), 2);
    QVERIFY(strip->model()->moveRow(QModelIndex(), 1, QModelIndex(), 0));
    QCOMPARE(Leaves(*w, "C"), (QStringList{"j", "i"}));
    QCOMPARE(strip->item(0)->text(), QString("j"));
  }

  void computeAtByDroppingAStageOnItsConsumer() {
    auto* dag = w->stageDagView();
    dag->setLoopChooser([](const QString& target, const QStringList& loops) {
      return target == "C" && loops.contains("j") ? QString("j") : QString();
    });
    QVERIFY(dag->scene()->dropOnNode(Mime("stage:B").get(), "stage:C"));
    auto b = w->document()->state().schedule->find("B");
    QCOMPARE(b->attach_type, schedule::AttachType::Scope);
    QCOMPARE(QString::fromStdString(b->attach_ivar->var.name()), QString("j"));
    // The DAG now shows the attach edge.
    bool attach = false;
    for (auto* e : dag->scene()->edgeItems()) attach |= e->edge().kind == "attach";
    QVERIFY(attach);
  }

  void computeAtTheWrongWayRoundIsRefused() {
    auto* dag = w->stageDagView();
    QString before = w->document()->text();
    QVERIFY(!dag->scene()->dropOnNode(Mime("stage:C").get(), "stage:B"));
    QVERIFY(!dag->scene()->dropOnNode(Mime("stage:A").get(), "stage:C"));
    QCOMPARE(w->document()->text(), before);
    QVERIFY(w->statusBar()->currentMessage().contains("placeholder"));
  }

  void computeAtByDroppingOnALoopOfTheLoopNest() {
    views::LoopNestView* nest = w->loopNestView();
    QTreeWidgetItem* loop = nest->loopItem("C", "i");
    QVERIFY(loop);
    QVERIFY(nest->dropOn(Mime("stage:B").get(), loop));
    auto b = w->document()->state().schedule->find("B");
    QCOMPARE(QString::fromStdString(b->attach_ivar->var.name()), QString("i"));
    // B's produce scope now sits inside C's loop i.
    QTreeWidgetItem* produceB = nest->produceItem("B");
    QVERIFY(produceB);
    bool insideLoopI = false;
    for (auto* p = produceB->parent(); p; p = p->parent())
      insideLoopI |= p->data(0, views::LoopNestView::kVarRole).toString() == "i";
    QVERIFY(insideLoopI);
  }

  void reorderBySwappingLoopsInTheLoopNest() {
    views::LoopNestView* nest = w->loopNestView();
    std::unique_ptr<QMimeData> mime(views::LoopNestView::mimeForItem(nest->loopItem("C", "j")));
    QVERIFY(nest->dropOn(mime.get(), nest->loopItem("C", "i")));
    QCOMPARE(Leaves(*w, "C"), (QStringList{"j", "i"}));
  }

  void inlineFromTheStageContextMenu() {
    std::unique_ptr<QMenu> menu(w->stageDagView()->contextMenuFor("B"));
    QVERIFY(menu);
    QAction* inlineAction = menu->findChild<QAction*>("compute_inline");
    QVERIFY(inlineAction && inlineAction->isEnabled());
    inlineAction->trigger();
    QCOMPARE(w->document()->state().schedule->find("B")->attach_type, schedule::AttachType::Inline);
    QVERIFY(w->stageDagView()->scene()->nodeItem("stage:B")->node().greyed);
    // Placeholders offer only cache_read.
    std::unique_ptr<QMenu> inputMenu(w->stageDagView()->contextMenuFor("A"));
    QVERIFY(!inputMenu->findChild<QAction*>("compute_inline")->isEnabled());
    QVERIFY(inputMenu->findChild<QAction*>("cache_read")->isEnabled());
  }

  // The loop nest's context menu offers the IterVar graph's primitives, each disabled with
  // its reason when it cannot apply, and the stages that can be computed at the loop; a
  // produce scope's menu offers its stage's primitives. The view only emits intents.
  void primitivesFromTheLoopNestContextMenu() {
    views::LoopNestView* nest = w->loopNestView();
    std::unique_ptr<QMenu> menu(nest->contextMenuFor(nest->loopItem("C", "j")));
    QVERIFY(menu);
    for (const char* p : {"split", "tile", "fuse", "reorder", "vectorize", "unroll", "parallel",
                          "prefetch", "bind", "rfactor"})
      QVERIFY2(menu->findChild<QAction*>(p), p);
    QAction* fuse = menu->findChild<QAction*>("fuse");  // j is innermost: nothing to fuse with
    QVERIFY(!fuse->isEnabled());
    QVERIFY(!fuse->toolTip().isEmpty());
    QVERIFY(menu->findChild<QMenu*>("menuMakeTunable"));
    QSignalSpy intents(nest, &views::ViewBase::intentRequested);
    menu->findChild<QAction*>("vectorize")->trigger();
    QCOMPARE(intents.count(), 1);
    QCOMPARE(intents.at(0).at(0).value<views::Intent>().primitive, QString("vectorize"));
    auto c = w->document()->state().schedule->find("C");
    QCOMPARE(c->attr(c->leaf_iter_vars[1]).annotation, ir::IterVarType::Vectorized);
    // Split with the dialog's values, through the same menu on the rebuilt tree.
    menu.reset(nest->contextMenuFor(nest->loopItem("C", "i")));
    menu->findChild<QAction*>("split")->trigger();
    QCOMPARE(Leaves(*w, "C").size(), 3);
    QVERIFY(Leaves(*w, "C").first().startsWith("i."));
  }

  void computeAStageHereFromTheLoopNest() {
    views::LoopNestView* nest = w->loopNestView();
    std::unique_ptr<QMenu> menu(nest->contextMenuFor(nest->loopItem("C", "i")));
    QVERIFY(menu);
    auto* here = menu->findChild<QMenu*>("menuComputeHere");
    QVERIFY(here);
    QVERIFY(!here->findChild<QAction*>("computeHere_A"));  // an input is not computed
    QVERIFY(!here->findChild<QAction*>("computeHere_C"));  // nor a stage at its own loop
    QAction* b = here->findChild<QAction*>("computeHere_B");
    QVERIFY(b && b->isEnabled());
    b->trigger();
    schedule::Stage bStage = w->document()->state().schedule->find("B");
    QCOMPARE(bStage->attach_type, schedule::AttachType::Scope);
    QCOMPARE(QString::fromStdString(bStage->attach_ivar->var.name()), QString("i"));
    // B's own loops: nothing reads from inside them, so nothing can be computed there.
    menu.reset(nest->contextMenuFor(nest->loopItem("B", "j")));
    here = menu->findChild<QMenu*>("menuComputeHere");
    QCOMPARE(here->actions().size(), 1);
    QVERIFY(!here->actions().front()->isEnabled());
  }

  void stagePrimitivesFromAProduceScope() {
    views::LoopNestView* nest = w->loopNestView();
    QTreeWidgetItem* produce = nest->produceItem("B");
    QVERIFY(produce);
    std::unique_ptr<QMenu> menu(nest->contextMenuFor(produce));
    QVERIFY(menu);
    for (const char* p : {"compute_at", "compute_inline", "compute_root", "cache_read",
                          "cache_write", "transform_layout"})
      QVERIFY2(menu->findChild<QAction*>(p), p);
    menu->findChild<QAction*>("compute_inline")->trigger();
    QCOMPARE(w->document()->state().schedule->find("B")->attach_type, schedule::AttachType::Inline);
    QVERIFY(w->document()->text().contains("compute_inline"));
  }

  void vectorizeFromTheIterVarContextMenu() {
    w->selection()->selectStage("C");
    std::unique_ptr<QMenu> menu(w->iterVarView()->contextMenuFor("j"));
    menu->findChild<QAction*>("vectorize")->trigger();
    auto c = w->document()->state().schedule->find("C");
    QCOMPARE(c->attr(c->leaf_iter_vars[1]).annotation, ir::IterVarType::Vectorized);
    QVERIFY(w->iterVarView()->scene()->nodeItem("iv:j")->node().badges.contains("vectorized"));
  }

  void undoAndRedoThroughTheEditMenu() {
    w->selection()->selectIterVar("C", "j");
    w->action("action_split")->trigger();
    QString afterSplit = w->document()->text();
    w->selection()->selectIterVar("C", "i");
    w->action("action_parallel")->trigger();
    QVERIFY(w->document()->text() != afterSplit);
    w->action("actionUndo")->trigger();
    QCOMPARE(w->document()->text(), afterSplit);
    w->action("actionUndo")->trigger();
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i", "j"}));
    QVERIFY(!w->action("actionUndo")->isEnabled());
    w->action("actionRedo")->trigger();
    w->action("actionRedo")->trigger();
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i", "j.outer", "j.inner"}));
  }

  // A primitive applied from the menu reaches every view the user can see, in the same
  // call. How fast is not asserted here (a loaded machine must not fail a test): the
  // frame-time benchmark, tessera-bench-gui, times the same unroll on the same example.
  void applyingAPrimitiveRefreshesEveryViewInSight() {
    QString path = QFINDTESTDATA("../../resources/examples/gemm.py");
    if (path.isEmpty()) QSKIP("gemm.py is missing");
    QVERIFY(w->openFile(path).ok());
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    w->selection()->selectIterVar("C", "k.inner");
    QSet<views::ViewBase*> refreshed;
    w->setRefreshProbe([&](views::ViewBase* view, bool begin) {
      if (begin) refreshed.insert(view);
    });
    w->action("action_unroll")->trigger();
    w->setRefreshProbe({});
    QVERIFY2(w->document()->text().contains("unroll"), qPrintable(w->lastMessage()));
    QVERIFY(w->codeView()->editor()->toPlainText().contains("unrolled") ||
            w->codeView()->editor()->toPlainText().contains("for"));
    // The views of the docks in sight (shown, not behind a tab, not squeezed to nothing)
    // were given the new state; the ones out of sight are refreshed when they come back.
    int inSight = 0;
    for (QDockWidget* d : w->docks()) {
      if (!d->isVisible() || d->visibleRegion().isEmpty()) continue;
      auto* view = qobject_cast<views::ViewBase*>(d->widget());
      if (!view) view = d->findChild<views::ViewBase*>();
      if (!view) continue;
      ++inSight;
      QVERIFY2(refreshed.contains(view), qPrintable(d->objectName() + " was not refreshed"));
    }
    QVERIFY2(inSight >= 3, qPrintable(QString::number(inSight) + " views in sight"));
  }

  // One selection for all views: a click on a loop in the code selects its IterVar in
  // the IterVar graph, the loop nest and the bounds table.
  void selectionInOneViewHighlightsTheSameObjectEverywhere() {
    views::CodeView* code = w->codeView();
    code->artifactBox()->setCurrentIndex(0);  // ScheduleOps: printed with spans
    int at = code->offsetOfLoop("C", "j");
    QVERIFY(at >= 0);
    QVERIFY(code->selectLoopAt(at + 1));
    QCOMPARE(w->selection()->iterVar(), QString("j"));
    QVERIFY(w->iterVarView()->scene()->nodeItem("iv:j")->highlighted());
    QVERIFY(!w->iterVarView()->scene()->nodeItem("iv:i")->highlighted());
    QCOMPARE(w->loopNestView()->tree()->currentItem(), w->loopNestView()->loopItem("C", "j"));
    QCOMPARE(w->boundsView()->stageTree()->currentItem(), w->boundsView()->iterVarItem("C", "j"));
    QVERIFY(w->stageDagView()->scene()->nodeItem("stage:C")->highlighted());
    // Clicking a stage in the DAG selects it (and no loop).
    w->stageDagView()->scene()->itemClicked("stage:B");
    QCOMPARE(w->selection()->stage(), QString("B"));
    QVERIFY(w->selection()->iterVar().isEmpty());
    QCOMPARE(w->iterVarView()->shownStage(), QString("B"));
  }

  void everyViewExportsPngAndSvg() {
    QTemporaryDir dir;
    for (QDockWidget* d : w->docks()) {
      // The view is the dock's widget, or inside it (the Tune view scrolls in its dock).
      auto* view = qobject_cast<views::ViewBase*>(d->widget());
      if (!view) view = d->findChild<views::ViewBase*>();
      QVERIFY2(view, qPrintable(d->objectName()));
      for (const char* ext : {"png", "svg"}) {
        QString path = dir.filePath(d->objectName() + "." + ext);
        QVERIFY2(view->exportImage(path), qPrintable(path));
        QVERIFY(QFileInfo(path).size() > 0);
      }
    }
  }

  void boundsViewListsEveryStage() {
    views::BoundsView* bounds = w->boundsView();
    QVERIFY(bounds->stageItem("A"));
    QVERIFY(bounds->stageItem("B"));
    QVERIFY(bounds->iterVarItem("C", "j"));
    QCOMPARE(bounds->pairBox()->count(), 1);  // B -> C
    QVERIFY(bounds->phaseTree()->topLevelItemCount() == 4);
    w->selection()->selectIterVar("C", "j");
    QCOMPARE(bounds->stageTree()->currentItem(), bounds->iterVarItem("C", "j"));
  }

  void runAndProfileOffTheGuiThread() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    QVERIFY(w->startRun(false));
    QVERIFY(!w->action("actionRunCpu")->isEnabled());
    QVERIFY(w->action("actionCancel")->isEnabled());
    QVERIFY(finished.wait(60000));
    QVERIFY2(w->lastMessage().contains("matches the reference"), qPrintable(w->lastMessage()));
    QVERIFY(w->startRun(true));
    QVERIFY(finished.wait(60000));
    QCOMPARE(int(w->document()->state().profiles.size()), 1);
    QVERIFY(w->document()->state().profiles[0].gflops > 0);
    QCOMPARE(w->profileView()->barCount(), 1);
  }

  // RFC 0077's example from the GUI: B[14] stored as [4, 4] with two padding cells.
  void transformLayoutFromTheStageMenuShowsThePadding() {
    w->document()->reset(
        "import tvm\nfrom tvm import te\nA = te.placeholder((14,), name=\"A\")\n"
        "B = te.compute((14,), lambda i: A[i] * 2.0, name=\"B\")\ns = te.create_schedule(B.op)\n");
    std::unique_ptr<QMenu> menu(w->stageDagView()->contextMenuFor("B"));
    menu->findChild<QAction*>("transform_layout")->trigger();  // defaults: i // 4, i % 4, 0.0
    QVERIFY2(w->document()->text().contains("transform_layout"), qPrintable(w->lastMessage()));
    QCOMPARE(int(w->document()->state().layouts.size()), 1);
    views::BufferLayoutView* view = w->bufferLayoutView();
    QCOMPARE(view->currentBuffer(), QString("B"));
    QCOMPARE(view->cells(true).size(), 16);
    QCOMPARE(view->paddingCellCount(), 2);
    w->action("actionUndo")->trigger();
    QVERIFY(w->document()->state().layouts.empty());
    QCOMPARE(view->paddingCellCount(), 0);
  }

  void aBrokenIndexMapIsRefusedWithTheEvaluatorsMessage() {
    QString before = w->document()->text();
    views::Intent intent{"transform_layout", "B", {}, {{"index_map", "lambda i, j: [i // 4 +]"}}};
    QVERIFY(!w->applyIntent(intent));
    QCOMPARE(w->document()->text(), before);
    QVERIFY(w->lastMessage().contains("transform_layout"));
    intent.params["index_map"] = "[1, 2]";
    QVERIFY(!w->applyIntent(intent));
    QVERIFY(w->lastMessage().contains("lambda"));
  }

  // C, LLVM IR and assembly are built off the GUI thread and appear in the Code view.
  void generatedCodeAppearsInTheCodeView() {
    QSignalSpy targets(w->document(), &gui::Document::targetsChanged);
    w->targetCode()->buildNow();
    QVERIFY(targets.wait(60000));
    QStringList titles;
    for (const auto& a : w->document()->state().targets) titles << QString::fromStdString(a.title);
    QVERIFY(titles.contains("C source"));
    if (codegen::LLVMAvailable()) QVERIFY(titles.contains("LLVM IR"));
    QComboBox* box = w->codeView()->artifactBox();
    QVERIFY(box->findText("C source") >= 0);
    box->setCurrentIndex(box->findText("C source"));
    QVERIFY(w->codeView()->editor()->toPlainText().contains("default_function"));
  }

  void cudaSourceForTheGpuExample() {
    if (!codegen::NVRTCAvailable()) QSKIP("NVRTC is not in this build");
    QString path = QFINDTESTDATA("../../resources/examples/gpu_elementwise.py");
    if (path.isEmpty()) QSKIP("gpu_elementwise.py is missing");
    QVERIFY(w->openFile(path).ok());
    QSignalSpy targets(w->document(), &gui::Document::targetsChanged);
    w->targetCode()->buildNow();
    QVERIFY(targets.wait(120000));
    const views::CodeArtifact* cuda = nullptr;
    for (const auto& a : w->document()->state().targets)
      if (a.title == "CUDA C++") cuda = &a;
    QVERIFY(cuda);
    QVERIFY2(QString::fromStdString(cuda->text).contains("__global__"), cuda->text.c_str());
  }

  void runAndProfileOnTheGpu() {
    std::string why;
    if (!runtime::CudaAvailable(&why)) {
      QVERIFY(!w->action("actionRunGpu")->isEnabled());
      QSKIP(qPrintable("no CUDA GPU here: " + QString::fromStdString(why)));
    }
    QString path = QFINDTESTDATA("../../resources/examples/gpu_elementwise.py");
    QVERIFY(w->openFile(path).ok());
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    QVERIFY(w->startRun(false, "cuda"));
    QVERIFY(finished.wait(120000));
    QVERIFY2(w->lastMessage().contains("matches the reference"), qPrintable(w->lastMessage()));
    QVERIFY(w->startRun(true, "cuda"));
    QVERIFY(finished.wait(120000));
    QCOMPARE(w->document()->state().profiles.back().target, std::string("cuda"));
  }

  void cancellingAProfileStopsIt() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QSignalSpy finished(w->runner(), &gui::RunController::finished);
    QVERIFY(w->startRun(true));
    w->action("actionCancel")->trigger();
    QVERIFY(finished.wait(60000));
    auto result = finished.at(0).at(0).value<gui::RunResult>();
    QVERIFY(result.cancelled || result.ok);  // a very fast run may finish first
    QVERIFY(w->action("actionRunCpu")->isEnabled());
  }
};

}  // namespace tst_schedule_interactions

QTEST_MAIN(tst_schedule_interactions::TestScheduleInteractions)
#include "tst_schedule_interactions.moc"
