// TensorIR documents in the main window: the transform_layout dialog previews the
// transformed shape and its padding (cells, %, wasted bytes) from a dry run of the
// schedule, or shows TVM's reason for an illegal map, without changing the document;
// a loop moved in the loop nest and a block computed at a loop from the Bounds view are
// one undoable step each; a transform_block_layout shows the block's iteration space
// before and after in the Buffer layout view.
#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QMimeData>
#include <QTreeWidget>
#include <QtTest>

#include "MainWindow.h"
#include "views/BufferLayoutView.h"
#include "views/ParameterDialog.h"
#include "views/TirBlockGraphView.h"
#include "views/TirBoundsView.h"
#include "views/TirIntents.h"
#include "views/TirLoopNestView.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_layout_preview {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

// B = A * 2 and C = B + 1 over 14 elements: a split by 4 pads B to 4 x 4.
const char* kVector14 =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((14,), \"float32\", name=\"A\")\n"
    "B = te.compute((14,), lambda i: A[i] * 2.0, name=\"B\")\n"
    "C = te.compute((14,), lambda i: B[i] + 1.0, name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, C]))\n";

// B = A * 2, C = B + 1 as TensorIR, nothing scheduled yet.
const char* kChain =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 64), \"float32\", name=\"A\")\n"
    "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
    "C = te.compute((64, 64), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, C]))\n";

std::unique_ptr<QMimeData> Mime(const QString& id) {
  return std::unique_ptr<QMimeData>(views::GraphScene::mimeForNode(id));
}

QString FirstError(const views::DocumentState& s) {
  return s.errors.empty() ? QString() : QString::fromStdString(s.errors.front().format());
}

QString LastLine(const QString& text) { return text.trimmed().section('\n', -1); }

QAction* ActionNamed(QMenu* menu, const QString& name) {
  for (QAction* a : menu->actions())
    if (a->objectName() == name) return a;
  return nullptr;
}

// An asker that builds the real dialog, types `map` and `pad` into it, records the
// preview line it shows, and cancels (or accepts, with `accept`).
views::ParameterAsker TypeInto(const QString& map, const QString& pad, QString* preview,
                               bool accept = false) {
  return [=](QWidget* parent, const QString& title,
             const QList<views::ParamField>& fields) -> std::optional<QVariantMap> {
    views::ParameterDialog dialog(parent, title, fields);
    auto* mapEdit = qobject_cast<QLineEdit*>(dialog.editor("index_map"));
    auto* padEdit = qobject_cast<QLineEdit*>(dialog.editor("pad_value"));
    if (!mapEdit || !padEdit) return std::nullopt;
    mapEdit->setText(map);
    padEdit->setText(pad);
    *preview = dialog.previewText();
    if (!accept) return std::nullopt;
    return dialog.values();
  };
}

}  // namespace

class TestTirLayoutPreview : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

  const tir::Schedule& Sch() const { return *w->document()->state().tir_schedule; }

  void open(const char* script, const char* name) {
    w->document()->reset(script, name);
    QVERIFY2(w->document()->state().tir_schedule, qPrintable(FirstError(w->document()->state())));
  }

  // Transform Layout… from B's context menu in the block graph, with `asker`.
  void transformLayoutOfB(views::ParameterAsker asker) {
    views::SetParameterAsker(std::move(asker));
    std::unique_ptr<QMenu> menu(w->tirBlockView()->contextMenuFor("B"));
    QVERIFY(menu);
    ActionNamed(menu.get(), "transform_layout")->trigger();
  }

 private slots:
  void initTestCase() { QCoreApplication::setOrganizationName("TesseraTest"); }

  void init() {
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
  }
  void cleanup() {
    w.reset();
    views::SetParameterAsker(nullptr);
  }

  void previewShowsTheTransformedShapeAndItsPadding() {
    open(kVector14, "vector14_tir.py");
    QString text = w->document()->text();
    int steps = w->document()->undoStack()->count();
    QString preview;
    transformLayoutOfB(TypeInto("lambda i: (i // 4, i % 4)", "0.0", &preview));
    // 14 elements in 4 x 4 cells: 2 padding cells of 16, 4 bytes each.
    QVERIFY2(preview.contains("B: [14] → [4, 4]"), qPrintable(preview));
    QVERIFY2(preview.contains("padding 2 of 16 cells (12.5 %) · 8 bytes wasted"),
             qPrintable(preview));
    // How the padding is honoured: B's block is rewritten to overcompute or followed by
    // a padding block, as the dry-run schedule did it.
    QVERIFY2(preview.contains("Overcompute") || preview.contains("Branching"), qPrintable(preview));
    // Cancelled: the dry runs changed nothing.
    QCOMPARE(w->document()->text(), text);
    QCOMPARE(w->document()->undoStack()->count(), steps);

    // A map that tiles the buffer exactly has no padding.
    transformLayoutOfB(TypeInto("lambda i: (i // 7, i % 7)", "", &preview));
    QVERIFY2(preview.contains("B: [14] → [2, 7]"), qPrintable(preview));
    QVERIFY2(preview.contains("padding 0 of 14 cells (0.0 %) · 0 bytes wasted"),
             qPrintable(preview));
  }

  void illegalMapShowsTvmsReasonInTheDialog() {
    open(kVector14, "vector14_tir.py");
    QString text = w->document()->text();
    QString preview;
    // A padding map without a pad value: TVM's TransformationIntroducesPaddingError.
    transformLayoutOfB(TypeInto("lambda i: (i // 4, i % 4)", "", &preview));
    QVERIFY2(preview.startsWith("Refused:"), qPrintable(preview));
    QVERIFY2(preview.contains("TransformationIntroducesPaddingError"), qPrintable(preview));
    // A map of the wrong arity: the reason, in the dialog.
    transformLayoutOfB(TypeInto("lambda i, j: (i, j)", "", &preview));
    QVERIFY2(preview.startsWith("Refused:"), qPrintable(preview));
    // Not a lambda: the argument check says how to write it.
    transformLayoutOfB(TypeInto("i // 4", "", &preview));
    QVERIFY2(preview.contains("lambda"), qPrintable(preview));
    QCOMPARE(w->document()->text(), text);

    // Accepted with a legal map, the preview's layout is the one applied.
    transformLayoutOfB(TypeInto("lambda i: (i // 4, i % 4)", "0.0", &preview, true));
    QVERIFY2(LastLine(w->document()->text()).contains("transform_layout"),
             qPrintable(w->lastMessage()));
    QCOMPARE(w->bufferLayoutView()->currentBuffer(), QString("B"));
    QVERIFY2(w->bufferLayoutView()->summary().contains("padding 2 of 16"),
             qPrintable(w->bufferLayoutView()->summary()));
  }

  void loopMovedInTheNestIsOneUndoableReorder() {
    open(kChain, "chain_tir.py");
    int steps = w->document()->undoStack()->count();
    views::TirLoopNestView* nest = w->tirLoopNestView();
    QVERIFY(nest->dropOn(Mime("loop:C/j").get(), nest->loopItem("C", "i"),
                         views::TirDropPlace::Before));
    QVERIFY2(LastLine(w->document()->text()).startsWith("sch.reorder("),
             qPrintable(w->lastMessage()));
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"j", "i"}));
    QCOMPARE(w->document()->undoStack()->count(), steps + 1);
    w->document()->undoStack()->undo();
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i", "j"}));
  }

  void boundsViewReverseComputeAtIsOneUndoableStep() {
    open(kChain, "chain_tir.py");
    int steps = w->document()->undoStack()->count();
    views::TirBoundsView* bounds = w->tirBoundsView();
    QVERIFY(bounds->dropOn(Mime("block:C").get(), bounds->loopItem("B", "i")));
    QVERIFY2(LastLine(w->document()->text()).startsWith("sch.reverse_compute_at("),
             qPrintable(w->lastMessage()));
    QCOMPARE(w->document()->undoStack()->count(), steps + 1);
    // C now sits under B's loop i: the Bounds view shows it computed there.
    QVERIFY(views::TirLoopNames(Sch(), "C").startsWith("i"));
    QVERIFY(bounds->loopItem("C", "i"));
    w->document()->undoStack()->undo();
    QCOMPARE(w->document()->undoStack()->index(), steps);
    // From the loop row's menu too.
    std::unique_ptr<QMenu> menu(bounds->contextMenuFor(bounds->loopItem("B", "j")));
    QVERIFY(menu);
    ActionNamed(menu.get(), "reverse_compute_at:C")->trigger();
    QVERIFY2(LastLine(w->document()->text()).startsWith("sch.reverse_compute_at("),
             qPrintable(w->lastMessage()));
    QCOMPARE(w->document()->undoStack()->count(), steps + 1);
  }

  void blockLayoutShowsTheIterationSpace() {
    QString script = QString(kChain) +
                     "sch.transform_block_layout(sch.get_block(\"C\"), "
                     "lambda i, j: (i // 8, j, i % 8))\n";
    w->document()->reset(script, "chain_block_layout.py");
    QVERIFY2(w->document()->state().tir_schedule, qPrintable(FirstError(w->document()->state())));
    QVERIFY(w->document()->state().errors.empty());
    views::BufferLayoutView* layout = w->bufferLayoutView();
    QVERIFY(layout->showBuffer("block C"));
    QVERIFY2(layout->summary().contains("iterations [64, 64] → [8, 64, 8]"),
             qPrintable(layout->summary()));
    QVERIFY2(layout->paddingPlan().contains("transform_block_layout"),
             qPrintable(layout->paddingPlan()));
    // Every new iteration is one old one: no padding cells.
    QVERIFY2(layout->summary().contains("4096 iterations"), qPrintable(layout->summary()));
  }
};

}  // namespace tst_tir_layout_preview

QTEST_MAIN(tst_tir_layout_preview::TestTirLayoutPreview)
#include "tst_tir_layout_preview.moc"
