// TensorIR documents in the main window: the shipped TensorIR examples open (both TVM
// spellings) and show the block graph, the loop graph and the loop nest instead of the
// TE views; primitives from the views' menus and drags append one schedule line each
// to the script, one undoable step each; illegal ones change nothing and say TVM's
// reason; File > Open of a TensorIR script works.
#include <QDockWidget>
#include <QMenu>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "Examples.h"
#include "MainWindow.h"
#include "views/BufferLayoutView.h"
#include "views/ParameterDialog.h"
#include "views/StageDagView.h"
#include "views/TirBlockGraphView.h"
#include "views/TirBoundsView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_document {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

// B = A * 2, C = B + 1 as TensorIR, nothing scheduled yet.
const char* kChain =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 64), \"float32\", name=\"A\")\n"
    "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
    "C = te.compute((64, 64), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, C]))\n";

// B = A * 2 and C = B + 1 over 14 elements: a split by 4 pads B to 4 x 4.
const char* kVector14 =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((14,), \"float32\", name=\"A\")\n"
    "B = te.compute((14,), lambda i: A[i] * 2.0, name=\"B\")\n"
    "C = te.compute((14,), lambda i: B[i] + 1.0, name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, C]))\n";

std::unique_ptr<QMimeData> Mime(const QString& id) {
  return std::unique_ptr<QMimeData>(views::GraphScene::mimeForNode(id));
}

QString FirstError(const views::DocumentState& s) {
  return s.errors.empty() ? QString() : QString::fromStdString(s.errors.front().format());
}

QString TensorIRExample(const QString& name) {
  for (const QString& f : gui::TensorIRExampleFiles())
    if (f.endsWith("/" + name)) return f;
  return QString();
}

QString LastLine(const QString& text) { return text.trimmed().section('\n', -1); }

}  // namespace

class TestTirDocument : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

  const tir::Schedule& Sch() const { return *w->document()->state().tir_schedule; }

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    views::SetParameterAsker(views::AcceptDefaults());
  }

  void init() {
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
    w->document()->reset(kChain, "chain_tir.py");
    QVERIFY2(w->document()->state().tir_schedule, qPrintable(FirstError(w->document()->state())));
  }
  void cleanup() { w.reset(); }

  void tensorIRDocumentsShowTheTensorIRViews() {
    QVERIFY(w->showsTensorIRViews());
    QVERIFY(!w->dock("BlockGraphDock")->isHidden());
    QVERIFY(!w->dock("LoopGraphDock")->isHidden());
    QVERIFY(!w->dock("TirLoopNestDock")->isHidden());
    QVERIFY(w->dock("StageDagDock")->isHidden());
    QVERIFY(w->tirBlockView()->scene()->nodeItem("block:B"));
    QVERIFY(w->tirLoopNestView()->blockItem("C"));
    QCOMPARE(w->tirLoopView()->shownBlock(), QString("C"));
    QVERIFY(!w->document()->state().passes.empty());  // the blocks lowered for the Code view

    // A TE script brings the TE views back.
    w->document()->reset(
        "import tvm\nfrom tvm import te\nA = te.placeholder((8,), name=\"A\")\n"
        "B = te.compute((8,), lambda i: A[i] + 1, name=\"B\")\ns = te.create_schedule(B.op)\n",
        "te.py");
    QVERIFY(!w->showsTensorIRViews());
    QVERIFY(!w->dock("StageDagDock")->isHidden());
    QVERIFY(w->dock("BlockGraphDock")->isHidden());
    QVERIFY(w->stageDagView()->scene()->nodeItem("stage:B"));
  }

  void tileIsOneUndoableStepAndARefusalChangesNothing() {
    QVERIFY(!w->dock("TirBoundsDock")->isHidden());
    QVERIFY(w->dock("BoundsDock")->isHidden());
    QVERIFY(w->tirBoundsView()->blockItem("B"));
    const QString before = w->document()->text();
    QVERIFY(w->applyIntent(
        views::Intent{"tile", "C", {"i", "j"}, {{"x_factor", 8}, {"y_factor", 16}}}));
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i_0", "j_0", "i_1", "j_1"}));
    QVERIFY(LastLine(w->document()->text()).startsWith("sch.reorder("));
    QCOMPARE(w->document()->undoStack()->count(), 1);
    // The Bounds view follows: B, at the root, still computes all of B for C.
    QVERIFY(w->tirBoundsView()->loopItem("C", "j_1"));
    w->document()->undoStack()->undo();
    QCOMPARE(w->document()->text(), before);
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i", "j"}));

    // C reduces nothing: rfactor is refused with the core's reason, the script unchanged.
    QVERIFY(!w->applyIntent(views::Intent{"rfactor", "C", {"j"}, {{"factor_axis", 0}}}));
    QVERIFY2(w->lastMessage().contains("Error"), qPrintable(w->lastMessage()));
    QCOMPARE(w->document()->text(), before);
    QCOMPARE(w->document()->undoStack()->index(), 0);
  }

  void transformLayoutPadsThroughItsScriptLine() {
    w->document()->reset(kVector14, "vector14_tir.py");
    QVERIFY2(w->document()->state().tir_schedule, qPrintable(FirstError(w->document()->state())));
    const QString before = w->document()->text();
    views::Intent pad{"transform_layout",
                      "B",
                      {},
                      {{"buffer_type", "write"},
                       {"buffer_index", 0},
                       {"index_map", "lambda i: (i // 4, i % 4)"},
                       {"pad_value", ""}}};
    // Without a pad value the map would leave the padding unspecified: TVM's refusal.
    QString problem = w->document()->problemOf(pad);
    QVERIFY2(problem.contains("TransformationIntroducesPaddingError"), qPrintable(problem));
    QVERIFY(!w->applyIntent(pad));
    QVERIFY(w->lastMessage().contains("TransformationIntroducesPaddingError"));
    QCOMPARE(w->document()->text(), before);

    pad.params["pad_value"] = "0.0";
    QCOMPARE(w->document()->problemOf(pad), QString());
    QVERIFY2(w->applyIntent(pad), qPrintable(w->lastMessage()));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.transform_layout(sch.get_block(\"B\"), (\"write\", 0), "
                     "lambda i: (i // 4, i % 4), pad_value=0.0)"));
    views::BufferLayoutView* layout = w->bufferLayoutView();
    QCOMPARE(layout->currentBuffer(), QString("B"));
    QCOMPARE(layout->paddingCellCount(), 2);
    QVERIFY2(layout->paddingPlan().contains("Overcompute"), qPrintable(layout->paddingPlan()));
    w->document()->undoStack()->undo();
    QCOMPARE(w->document()->text(), before);
    QVERIFY(layout->currentBuffer().isEmpty());
  }

  void everyShippedTensorIRExampleOpens() {
    QStringList files = gui::TensorIRExampleFiles();
    QVERIFY(files.size() >= 3);
    for (const QString& file : files) {
      QVERIFY(w->openExample(file).ok());
      const views::DocumentState& s = w->document()->state();
      QVERIFY2(s.tir_schedule, qPrintable(file + ": " + FirstError(s)));
      QVERIFY2(s.errors.empty(), qPrintable(file + ": " + FirstError(s)));
      QVERIFY(w->showsTensorIRViews());
      QVERIFY(!w->tirBlockView()->scene()->model().empty());
    }
  }

  void theExamplesAreScheduled() {
    QVERIFY(w->openExample(TensorIRExample("gemm_tir.py")).ok());
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i_0", "j_0", "k", "i_1", "j_1"}));
    QVERIFY(w->tirLoopView()->scene()->nodeItem("loop:j_1")->node().badges.contains("vectorized"));

    QVERIFY(w->openExample(TensorIRExample("gemm_s_tir.py")).ok());
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i_0", "j_0", "k", "i_1", "j_1"}));

    // TVMScript functions, in both spellings: a primitive appends a line in the script's own.
    QVERIFY(w->openExample(TensorIRExample("matmul_tvmscript.py")).ok());
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i_0", "j_0", "k", "i_1", "j_1"}));
    QVERIFY(w->applyIntent(views::Intent{"parallel", "C", {"i_0"}, {}}));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.parallel(sch.get_loops(sch.get_block(\"C\"))[0])"));
    QVERIFY(w->openExample(TensorIRExample("matmul_tvmscript_s_tir.py")).ok());
    QVERIFY(w->applyIntent(views::Intent{"unroll", "C", {"i_1"}, {}}));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.unroll(sch.get_loops(sch.get_sblock(\"C\"))[3])"));
    QCOMPARE(Sch().state().LoopsAbove(views::TirFindBlock(Sch(), "C"))[3]->for_kind,
             ir::ForKind::Unrolled);

    QVERIFY(w->openExample(TensorIRExample("conv2d_pad_tir.py")).ok());
    // The padding block sits under the convolution's row loop.
    QVERIFY(w->tirBlockView()->scene()->nodeItem("block:Apad")->node().badges.contains("@y"));
    QVERIFY(w->tirBlockView()->scene()->nodeItem("block:root")->node().label.contains("Apad"));
  }

  void aPrimitiveIsOneScriptLineAndOneUndoStep() {
    QString before = w->document()->text();
    int steps = w->document()->undoStack()->count();
    QVERIFY(w->applyIntent(views::Intent{"split", "C", {"i"}, {{"factors", "None, 16"}}}));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.split(sch.get_loops(sch.get_block(\"C\"))[0], factors=[None, 16])"));
    QCOMPARE(w->document()->text(), before + LastLine(w->document()->text()) + "\n");
    QCOMPARE(w->document()->undoStack()->count(), steps + 1);
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i_0", "i_1", "j"}));
    QVERIFY(w->tirLoopView()->scene()->nodeItem("loop:i_1"));

    w->document()->undoStack()->undo();
    QCOMPARE(w->document()->text(), before);
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i", "j"}));
    QVERIFY(!w->tirLoopView()->scene()->nodeItem("loop:i_1"));
    w->document()->undoStack()->redo();
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i_0", "i_1", "j"}));
  }

  // Every primitive of the menus, through the document, on a schedule that takes it.
  void everyPrimitiveEvaluates_data() {
    QTest::addColumn<QString>("primitive");
    QTest::addColumn<QString>("block");
    QTest::addColumn<QStringList>("loops");
    QTest::addColumn<QVariantMap>("params");
    QTest::addColumn<QString>("check");  // a block or loop name the result must have
    QTest::newRow("fuse") << "fuse"
                          << "C" << QStringList{"i", "j"} << QVariantMap{} << "i_j_fused";
    QTest::newRow("reorder") << "reorder"
                             << "C" << QStringList{"j", "i"} << QVariantMap{} << "j";
    QTest::newRow("parallel") << "parallel"
                              << "C" << QStringList{"i"} << QVariantMap{} << "i";
    QTest::newRow("vectorize") << "vectorize"
                               << "C" << QStringList{"j"} << QVariantMap{} << "j";
    QTest::newRow("unroll") << "unroll"
                            << "C" << QStringList{"j"} << QVariantMap{} << "j";
    QTest::newRow("bind") << "bind"
                          << "C" << QStringList{"i"} << QVariantMap{{"thread_axis", "blockIdx.x"}}
                          << "i";
    QTest::newRow("compute_at") << "compute_at"
                                << "B" << QStringList{"i"} << QVariantMap{{"loop_block", "C"}}
                                << "B";
    QTest::newRow("reverse_compute_at")
        << "reverse_compute_at"
        << "C" << QStringList{"i"} << QVariantMap{{"loop_block", "B"}} << "C";
    QTest::newRow("compute_inline") << "compute_inline"
                                    << "B" << QStringList{} << QVariantMap{} << "C";
    QTest::newRow("reverse_compute_inline") << "reverse_compute_inline"
                                            << "C" << QStringList{} << QVariantMap{} << "B";
    QTest::newRow("cache_read") << "cache_read"
                                << "C" << QStringList{}
                                << QVariantMap{{"buffer_index", 0}, {"storage_scope", "shared"}}
                                << "B_shared";
    QTest::newRow("cache_write") << "cache_write"
                                 << "B" << QStringList{}
                                 << QVariantMap{{"buffer_index", 0}, {"storage_scope", "local"}}
                                 << "B_local";
  }
  void everyPrimitiveEvaluates() {
    QFETCH(QString, primitive);
    QFETCH(QString, block);
    QFETCH(QStringList, loops);
    QFETCH(QVariantMap, params);
    QFETCH(QString, check);
    int steps = w->document()->undoStack()->count();
    bool applied = w->applyIntent(views::Intent{primitive, block, loops, params});
    QVERIFY2(applied, qPrintable(w->lastMessage()));
    QCOMPARE(w->document()->undoStack()->count(), steps + 1);
    QVERIFY2(LastLine(w->document()->text()).startsWith("sch." + primitive + "("),
             qPrintable(w->document()->text()));
    QVERIFY2(w->document()->state().errors.empty(), qPrintable(FirstError(w->document()->state())));
    const tir::Schedule& sch = Sch();
    bool found = views::TirFindBlock(sch, check) != nullptr;
    for (const tir::BlockRealizeNode* r : views::TirBlocks(sch))
      found =
          found || views::TirLoopNames(sch, QString::fromStdString(r->block->name)).contains(check);
    QVERIFY2(found, qPrintable(check));
  }

  void decomposeReductionOnTheGemmExample() {
    QVERIFY(w->openExample(TensorIRExample("gemm_tir.py")).ok());
    QVERIFY(w->applyIntent(views::Intent{"decompose_reduction", "C", {"k"}, {}}));
    QVERIFY(views::TirFindBlock(Sch(), "C_init"));
    QCOMPARE(w->tirBlockView()->scene()->nodeItem("block:C_init")->node().kind, QString("init"));
  }

  void dragsApplyAndIllegalDropsChangeNothing() {
    // The loop graph: B's loop j dropped on its neighbour i fuses them; undo.
    w->selection()->selectStage("B");
    QCOMPARE(w->tirLoopView()->shownBlock(), QString("B"));
    int steps = w->document()->undoStack()->count();
    QVERIFY(w->tirLoopView()->scene()->dropOnNode(Mime("loop:j").get(), "loop:i"));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.fuse(sch.get_loops(sch.get_block(\"B\"))[0], "
                     "sch.get_loops(sch.get_block(\"B\"))[1])"));
    QCOMPARE(views::TirLoopNames(Sch(), "B"), QStringList{"i_j_fused"});
    QCOMPARE(w->document()->undoStack()->count(), steps + 1);
    w->document()->undoStack()->undo();
    QCOMPARE(views::TirLoopNames(Sch(), "B"), QStringList({"i", "j"}));

    // The loop nest: B dropped on C's loop i is computed there.
    QVERIFY(w->tirLoopNestView()->dropOn(Mime("block:B").get(),
                                         w->tirLoopNestView()->loopItem("C", "i")));
    QVERIFY2(LastLine(w->document()->text()).startsWith("sch.compute_at(sch.get_block(\"B\")"),
             qPrintable(w->lastMessage()));
    QVERIFY(w->tirBlockView()->scene()->nodeItem("block:B")->node().badges.contains("@i"));
    QVERIFY(w->tirLoopNestView()->loopItem("B", "i"));

    // C's loop j dropped on i would fuse them, but B now sits under i too: the drop is
    // refused with the schedule's reason and changes nothing.
    w->selection()->selectStage("C");
    QCOMPARE(w->tirLoopView()->shownBlock(), QString("C"));
    QString text = w->document()->text();
    steps = w->document()->undoStack()->count();
    QString problem = w->tirLoopView()->scene()->dropProblem("loop:j", "loop:i");
    QVERIFY2(problem.contains("Error"), qPrintable(problem));
    QVERIFY(!w->tirLoopView()->scene()->dropOnNode(Mime("loop:j").get(), "loop:i"));
    // A compute_at of the output block: TVM's OutputBlockError, from the schedule.
    QVERIFY(!w->applyIntent(views::Intent{"compute_at", "C", {"i"}, {{"loop_block", "B"}}}));
    QVERIFY2(w->lastMessage().contains("Error"), qPrintable(w->lastMessage()));
    QCOMPARE(w->document()->text(), text);
    QCOMPARE(w->document()->undoStack()->count(), steps);
  }

  void theScheduleMenuAppliesToTheSelectedLoop() {
    w->selection()->selectIterVar("C", "i");
    QVERIFY(w->action("action_split")->isEnabled());
    QVERIFY(w->action("action_tile")->isEnabled());  // split, split and reorder
    QVERIFY(w->action("action_parallel")->isEnabled());
    w->action("action_split")->trigger();
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.split(sch.get_loops(sch.get_block(\"C\"))[0], factors=[None, 32])"));
    w->selection()->selectIterVar("C", "i_1");
    w->action("action_vectorize")->trigger();
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.vectorize(sch.get_loops(sch.get_block(\"C\"))[1])"));
    // The actions follow the selection: in the GEMM example k is a reduction loop, which
    // cannot be vectorized nor run in parallel, and the reason is TVM's.
    QVERIFY(w->openExample(TensorIRExample("gemm_tir.py")).ok());
    w->selection()->selectIterVar("C", "k");
    for (const char* name : {"action_vectorize", "action_parallel"}) {
      QAction* a = w->action(name);
      QVERIFY(!a->isEnabled());
      QVERIFY2(a->toolTip().contains("Error"), qPrintable(a->toolTip()));
    }
    w->selection()->selectIterVar("C", "j_1");
    QVERIFY(!w->action("action_fuse")->isEnabled());  // j_1 is the innermost loop
    QVERIFY(w->action("action_unroll")->isEnabled());
  }

  void fileOpenReadsATensorIRScript() {
    QTemporaryDir dir;
    QString path = dir.filePath("gemm.py");
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    QFile in(TensorIRExample("gemm_tir.py"));
    QVERIFY(in.open(QIODevice::ReadOnly));
    out.write(in.readAll());
    out.close();
    QVERIFY(w->openFile(path).ok());
    QVERIFY(w->document()->state().tir_schedule);
    QVERIFY(w->showsTensorIRViews());
    QCOMPARE(w->document()->path(), path);
  }

  void theExampleMenuListsTheTensorIRExamples() {
    auto* menu = w->findChild<QMenu*>("menuTensorIRExamples");
    QVERIFY(menu);
    QStringList names;
    for (QAction* a : menu->actions()) names << a->text();
    QVERIFY(names.contains("gemm_tir.py"));
    QVERIFY(names.contains("gemm_s_tir.py"));
    QVERIFY(names.contains("conv2d_pad_tir.py"));
  }
};

}  // namespace tst_tir_document

QTEST_MAIN(tst_tir_document::TestTirDocument)
#include "tst_tir_document.moc"
