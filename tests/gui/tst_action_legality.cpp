// Issue #17 items 8, 9 and 11: what the GUI offers is what applies. A drag preview runs
// the drop's own legality check and says where a loop will go; menu items that cannot
// apply are disabled with the reason as their tooltip; the split dialog offers factor
// or number of parts with a preview of the extents, and the reorder dialog is a list
// to drag into order with a legality check.
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QTreeWidget>
#include <QtTest>

#include "MainWindow.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/PrimitiveRequests.h"
#include "views/TuneView.h"
#include "views/graph/GraphScene.h"

namespace tst_action_legality {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

const char* kTwoStages =
    "import tvm\n"
    "from tvm import te\n"
    "A = te.placeholder((64, 64), name=\"A\")\n"
    "B = te.compute((64, 64), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
    "k = te.reduce_axis((0, 64), name=\"k\")\n"
    "C = te.compute((64, 64), lambda i, j: te.sum(B[i, k] * A[k, j], axis=k), name=\"C\")\n"
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

// An asker that builds the real dialog, lets `act` work on it (as a user would), and
// answers with what the dialog then holds.
views::ParameterAsker Through(std::function<void(views::ParameterDialog&)> act,
                              QString* title = nullptr, QString* preview = nullptr) {
  return [=](QWidget* parent, const QString& t, const QList<views::ParamField>& fields) {
    views::ParameterDialog dialog(parent, t, fields);
    act(dialog);
    if (title) *title = t;
    if (preview) *preview = dialog.previewText();
    return std::optional<QVariantMap>(dialog.values());
  };
}

}  // namespace

class TestActionLegality : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

 private slots:
  void initTestCase() { QCoreApplication::setOrganizationName("TesseraTest"); }

  void init() {
    views::SetParameterAsker(views::AcceptDefaults());
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
    w->document()->reset(kTwoStages, "two_stages.py");
    QVERIFY(w->document()->state().errors.empty());
  }
  void cleanup() {
    w.reset();
    views::SetParameterAsker(views::AcceptDefaults());
  }

  // Tune and the GPU emulator work on the document's schedule: while the script has an
  // error they are disabled (the schedule views meanwhile show the last one that
  // evaluated, which is not what a session or a check would get).
  void tuneAndTheEmulatorWaitForAScriptWithoutErrors() {
    QAction* check = w->action("actionCheckEmulator");
    QPushButton* start = w->tuneView()->button("tuneStart");
    QVERIFY(check && start);
    QVERIFY(check->isEnabled());
    QVERIFY(start->isEnabled());
    w->document()->editScript(QString(kTwoStages) + "s[C].split(\n");
    QVERIFY(!w->document()->state().errors.empty());
    QVERIFY(!check->isEnabled());
    QVERIFY(!start->isEnabled());
    QVERIFY(start->toolTip().contains("error"));
    w->document()->editScript(kTwoStages);
    QVERIFY(check->isEnabled());
    QVERIFY(start->isEnabled());
  }

  // A transform_layout that would be refused says so in its dialog while the map is
  // edited (a modal dialog hides the status bar); one that applies says that too.
  void theTransformLayoutDialogShowsItsRefusal() {
    QString preview;
    views::SetParameterAsker(Through(
        [](views::ParameterDialog& d) {
          static_cast<QLineEdit*>(d.editor("index_map"))->setText("lambda i: [i // 4, i % 4]");
        },
        nullptr, &preview));
    w->selection()->selectStage("B");
    w->action("action_transform_layout")->trigger();
    QVERIFY2(preview.startsWith(QString::fromUtf8("✗")) && preview.contains("transform_layout"),
             qPrintable(preview));
    QVERIFY(w->document()->state().layouts.empty());
    views::SetParameterAsker(Through([](views::ParameterDialog&) {}, nullptr, &preview));
    w->action("action_transform_layout")->trigger();
    QVERIFY2(preview.contains("applies"), qPrintable(preview));
    QVERIFY(!w->document()->state().layouts.empty());
  }

  // Item 8: fusing with a parallelized loop is refused by the preview (no green
  // outline) with the same words as the drop, and the drop changes nothing.
  void theFusePreviewRunsTheDropsCheck() {
    w->selection()->selectIterVar("C", "i");
    w->action("action_split")->trigger();  // i.outer, i.inner, j, k
    w->selection()->selectIterVar("C", "i.outer");
    w->action("action_parallel")->trigger();
    w->selection()->selectStage("C");
    views::GraphScene* scene = w->iterVarView()->scene();
    QString preview = scene->dropProblem("iv:i.inner", "iv:i.outer");
    QVERIFY2(preview.contains("parallel"), qPrintable(preview));
    QString before = w->document()->text();
    QVERIFY(!scene->dropOnNode(Mime("iv:i.inner").get(), "iv:i.outer"));
    QCOMPARE(w->document()->text(), before);
    QCOMPARE(w->statusBar()->currentMessage(), preview);
    // A legal pair previews clean and applies.
    QVERIFY(scene->dropProblem("iv:j", "iv:i.inner").isEmpty());
    QVERIFY(scene->dropOnNode(Mime("iv:j").get(), "iv:i.inner"));
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i.outer", "i.inner.j.fused", "k"}));
  }

  // Item 8: a loop dropped on another goes before it (upper half) or after it (lower
  // half), as the insertion line shows; the preview names the resulting order.
  void aLoopNestDropMovesTheLoopWhereTheMarkerIs() {
    views::LoopNestView* nest = w->loopNestView();
    auto k = std::unique_ptr<QMimeData>(views::LoopNestView::mimeForItem(nest->loopItem("C", "k")));
    QTreeWidgetItem* i = nest->loopItem("C", "i");
    QString payload = QString::fromUtf8(k->data(views::GraphScene::kNodeMimeType));
    QCOMPARE(nest->dropPreview(payload, i, false), QString("Drop: reorder C to k, i, j"));
    QCOMPARE(nest->dropPreview(payload, i, true), QString("Drop: reorder C to i, k, j"));
    QVERIFY(nest->dropOn(k.get(), i, true));
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i", "k", "j"}));  // moved, not swapped with i
    // Dropping where it already is: nothing to do, said so.
    auto again =
        std::unique_ptr<QMimeData>(views::LoopNestView::mimeForItem(nest->loopItem("C", "k")));
    QString same =
        nest->dropProblem(QString::fromUtf8(again->data(views::GraphScene::kNodeMimeType)),
                          nest->loopItem("C", "i"), true);
    QVERIFY2(same.contains("already"), qPrintable(same));
    QVERIFY(!nest->dropOn(again.get(), nest->loopItem("C", "i"), true));
  }

  // Item 9: Vectorize on a vectorized loop, Fuse on the innermost loop, Split of an
  // annotated loop: disabled, the reason as tooltip, in the menu and the context menu.
  void impossibleActionsAreDisabledWithTheReason() {
    w->selection()->selectIterVar("C", "k");
    QAction* fuse = w->action("action_fuse");
    QVERIFY(!fuse->isEnabled());
    QVERIFY2(fuse->toolTip().contains("innermost"), qPrintable(fuse->toolTip()));
    w->selection()->selectIterVar("C", "j");
    QVERIFY(w->action("action_vectorize")->isEnabled());
    w->action("action_vectorize")->trigger();
    QVERIFY(w->document()->text().contains("vectorize"));
    QAction* vectorize = w->action("action_vectorize");
    QVERIFY(!vectorize->isEnabled());
    QVERIFY2(vectorize->toolTip().contains("already vectorized"), qPrintable(vectorize->toolTip()));
    QAction* split = w->action("action_split");
    QVERIFY(!split->isEnabled());
    QVERIFY(!split->toolTip().isEmpty());
    w->selection()->selectStage("C");
    std::unique_ptr<QMenu> menu(w->iterVarView()->contextMenuFor("j"));
    QVERIFY(!menu->findChild<QAction*>("vectorize")->isEnabled());
    QVERIFY(!menu->findChild<QAction*>("vectorize")->toolTip().isEmpty());
    std::unique_ptr<QMenu> inner(w->iterVarView()->contextMenuFor("k"));
    QVERIFY(!inner->findChild<QAction*>("fuse")->isEnabled());
    // The document refuses the duplicate too, whatever asks for it.
    int entries = w->document()->undoStack()->count();
    QVERIFY(!w->applyIntent(views::Intent{"vectorize", "C", {"j"}, {}}));
    QCOMPARE(w->document()->undoStack()->count(), entries);
    // Another loop: the reason follows the selection.
    w->selection()->selectIterVar("C", "i");
    QVERIFY(!w->action("action_vectorize")->toolTip().contains("already vectorized"));
  }

  // Item 11: the split dialog names the loop and its extent, offers nparts, and its
  // preview gives the resulting extents.
  void theSplitDialogOffersNpartsWithAPreview() {
    QString title, preview;
    views::SetParameterAsker(Through(
        [](views::ParameterDialog& d) { static_cast<QSpinBox*>(d.editor("nparts"))->setValue(4); },
        &title, &preview));
    w->selection()->selectIterVar("C", "j");
    w->action("action_split")->trigger();
    QCOMPARE(title, QString("Split C.j (extent 64)"));
    QCOMPARE(preview, QString("j.outer: 4 × j.inner: 16"));
    QCOMPARE(Leaves(*w, "C"), (QStringList{"i", "j.outer", "j.inner", "k"}));
    QVERIFY2(w->document()->text().contains("nparts=4"), qPrintable(w->document()->text()));
    QCOMPARE(views::SplitPreview("j", "64", 24, 0),
             QString("j.outer: 3 × j.inner: 24 (3 × 24 = 72 > 64: the last iterations are guarded "
                     "by a condition)"));
    QVERIFY(views::SplitPreview("j", "n", 8, 0).contains("ceil(n / 8)"));
  }

  // Item 11: the reorder dialog is a list dragged into order; its check line says
  // whether the order is legal before OK.
  void theReorderDialogIsADraggableList() {
    QString preview;
    views::SetParameterAsker(Through(
        [](views::ParameterDialog& d) {
          auto* list = qobject_cast<QListWidget*>(d.editor("order"));
          QVERIFY(list);
          QCOMPARE(list->count(), 3);
          QVERIFY(list->dragDropMode() == QAbstractItemView::InternalMove);
          list->model()->moveRow(QModelIndex(), 2, QModelIndex(), 0);  // drag k to the top
        },
        nullptr, &preview));
    w->selection()->selectIterVar("C", "i");
    w->action("action_reorder")->trigger();
    QCOMPARE(Leaves(*w, "C"), (QStringList{"k", "i", "j"}));
    QVERIFY2(preview.contains("legal"), qPrintable(preview));
  }
};

}  // namespace tst_action_legality

QTEST_MAIN(tst_action_legality::TestActionLegality)
#include "tst_action_legality.moc"
