// The TensorIR primitives the block and loop menus gained last: annotate and unannotate (a
// block or a loop; an int, float or str value), transform_block_layout (a lambda),
// set_axis_separator, tensorize (a registered TensorIntrin by name) and add_unit_loop on a
// block. Each is applied by its menu action as one undoable step whose line is the one
// TVM 0.20 runs (each line below was run there on the same program):
//   sch.annotate(sch.get_loops(sch.get_block("C"))[0], ann_key="pragma_auto_unroll_max_step",
//                ann_val=16)
//   sch.transform_block_layout(sch.get_block("D"), lambda i, j: (i * 16 + j,))
//   sch.set_axis_separator(sch.get_block("C"), ("write", 0), [1])
//   sch.tensorize(sch.get_loops(sch.get_block("C_update"))[3], "test_dot4")
// TVM refuses `lambda i, j: (i // 3, j)` with "The index map ... is not bijective affine"
// and an unregistered name with "ValueError: TensorIntrin 'nope' is not registered".
// Every refusal leaves the document as it was and says why.
#include <QLineEdit>
#include <QMenu>
#include <QStatusBar>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/ParameterDialog.h"
#include "views/ScriptView.h"
#include "views/TirBlockGraphView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"
#include "views/TirPrimitiveArguments.h"

namespace tst_tir_menus_more {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// The dot-product intrinsic of tests/tir/programs/tensorize_dot_product.py, and a 16 x 16
// product C over k = 64 doubled into D.
const char* kPrelude =
    "import tvm\n"
    "from tvm import te, tir\n"
    "from tvm.script import tir as T\n"
    "\n"
    "@T.prim_func\n"
    "def dot4_desc(a: T.handle, b: T.handle, c: T.handle) -> None:\n"
    "    A = T.match_buffer(a, (4,), offset_factor=1)\n"
    "    B = T.match_buffer(b, (4,), offset_factor=1)\n"
    "    C = T.match_buffer(c, (), offset_factor=1)\n"
    "    with T.block(\"root\"):\n"
    "        T.reads(C[()], A[0:4], B[0:4])\n"
    "        T.writes(C[()])\n"
    "        for i in range(4):\n"
    "            with T.block(\"update\"):\n"
    "                vi = T.axis.remap(\"R\", [i])\n"
    "                C[()] = C[()] + A[vi] * B[vi]\n"
    "\n"
    "@T.prim_func\n"
    "def dot4_impl(a: T.handle, b: T.handle, c: T.handle) -> None:\n"
    "    A = T.match_buffer(a, (4,), offset_factor=1)\n"
    "    B = T.match_buffer(b, (4,), offset_factor=1)\n"
    "    C = T.match_buffer(c, (), offset_factor=1)\n"
    "    with T.block(\"root\"):\n"
    "        T.reads(C[()], A[0:4], B[0:4])\n"
    "        T.writes(C[()])\n"
    "        for i in T.unroll(4):\n"
    "            with T.block(\"update\"):\n"
    "                vi = T.axis.remap(\"R\", [i])\n"
    "                C[()] = C[()] + A[vi] * B[vi]\n"
    "\n"
    "tir.TensorIntrin.register(\"test_dot4\", dot4_desc, dot4_impl)\n";

const char* kProgram =
    "A = te.placeholder((16, 64), \"float32\", name=\"A\")\n"
    "B = te.placeholder((16, 64), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 64), name=\"k\")\n"
    "C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name=\"C\")\n"
    "D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name=\"D\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n";

// k split by 4 and the reduction's init taken out: C_update's innermost loop is a dot4.
const char* kReady =
    "sch.split(sch.get_loops(sch.get_block(\"C\"))[2], factors=[None, 4])\n"
    "sch.decompose_reduction(sch.get_block(\"C\"), sch.get_loops(sch.get_block(\"C\"))[2])\n";

QString Script() { return QString(kPrelude) + kProgram; }
// The same program without any TensorIntrin.
QString PlainScript() { return QString("import tvm\nfrom tvm import te, tir\n") + kProgram; }

}  // namespace

class TestTirMenusMore : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

  // Undo gives `before` back, redo the text after the step, and the Script view follows.
  void UndoRedo(const QString& before) {
    QString after = Text();
    w->document()->undoStack()->undo();
    QCOMPARE(Text(), before);
    w->document()->undoStack()->redo();
    QCOMPARE(Text(), after);
    QCOMPARE(w->scriptView()->text(), after);
  }

  // A refusal: no line, no undo step, and the reason in the status bar containing `why`.
  void Refused(bool applied, const QString& before, int steps, const QString& why) {
    QVERIFY(!applied);
    QCOMPARE(Text(), before);
    QCOMPARE(Steps(), steps);
    QVERIFY2(Status().contains(why), qPrintable(Status()));
  }

  // The loop of `block` named `loop`, in the document's schedule now.
  const tir::ForNode* Loop(const QString& block, const QString& loop) const {
    for (const tir::ForNode* l : views::TirLoopsOf(Sch(), block))
      if (QString::fromStdString(l->loop_var.name()) == loop) return l;
    return nullptr;
  }

 private slots:
  void init() { QVERIFY2(Open(Script(), "menus_more_tir.py"), qPrintable(w->lastMessage())); }
  void cleanup() { Close(); }

  void everyMenuOffersTheNewPrimitives() {
    const QStringList block = {"annotate",           "unannotate",    "tensorize",
                               "set_axis_separator", "add_unit_loop", "transform_block_layout"};
    const QStringList loop = {"annotate", "unannotate", "tensorize"};
    std::unique_ptr<QMenu> graph(w->tirBlockView()->contextMenuFor("C"));
    views::TirLoopNestView* nest = w->tirLoopNestView();
    std::unique_ptr<QMenu> nestBlock(nest->contextMenuFor(nest->blockItem("C")));
    w->selection()->selectStage("C");
    std::unique_ptr<QMenu> loops(w->tirLoopView()->contextMenuFor("i"));
    std::unique_ptr<QMenu> nestLoop(nest->contextMenuFor(nest->loopItem("C", "i")));
    for (QMenu* m : {graph.get(), nestBlock.get()})
      for (const QString& p : block) QVERIFY2(m && ActionNamed(m, p), qPrintable(p));
    for (QMenu* m : {loops.get(), nestLoop.get()})
      for (const QString& p : loop) QVERIFY2(m && ActionNamed(m, p), qPrintable(p));
    // Nothing is annotated yet: unannotate is disabled with the reason; the others apply.
    QAction* un = ActionNamed(graph.get(), "unannotate");
    QVERIFY(!un->isEnabled());
    QCOMPARE(un->toolTip(), QString("unannotate: block C has no annotation"));
    QVERIFY(!ActionNamed(loops.get(), "unannotate")->isEnabled());
    QVERIFY(ActionNamed(graph.get(), "annotate")->isEnabled());
    QVERIFY(ActionNamed(graph.get(), "tensorize")->isEnabled());
    QVERIFY(ActionNamed(nestLoop.get(), "tensorize")->isEnabled());
    // D is bound to its loops one to one: transform_block_layout can apply to it.
    std::unique_ptr<QMenu> d(w->tirBlockView()->contextMenuFor("D"));
    QVERIFY2(ActionNamed(d.get(), "transform_block_layout")->isEnabled(),
             qPrintable(ActionNamed(d.get(), "transform_block_layout")->toolTip()));
  }

  void annotateALoopAndABlockThenUnannotate() {
    const QString start = Text();
    views::SetParameterAsker(Answer(
        {{"ann_key", "pragma_auto_unroll_max_step"}, {"ann_type", "int"}, {"ann_val", "16"}}));
    QVERIFY2(FromLoopGraph("C", "i", "annotate"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()), QString("sch.annotate(sch.get_loops(sch.get_block(\"C\"))[0], "
                                       "ann_key=\"pragma_auto_unroll_max_step\", ann_val=16)"));
    QVERIFY(Loop("C", "i")->annotations.count("pragma_auto_unroll_max_step"));
    UndoRedo(start);

    const QString loopDone = Text();
    views::SetParameterAsker(
        Answer({{"ann_key", "my.key"}, {"ann_type", "float"}, {"ann_val", "0.5"}}));
    QVERIFY2(FromBlockGraph("C", "annotate"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()),
             QString("sch.annotate(sch.get_block(\"C\"), ann_key=\"my.key\", ann_val=0.5)"));
    UndoRedo(loopDone);

    const QString floatDone = Text();
    views::SetParameterAsker(Answer({{"ann_key", "meta_schedule.tiling_structure"},
                                     {"ann_type", "str"},
                                     {"ann_val", "SSRSRS"}}));
    QVERIFY2(FromNestBlock("C", "annotate"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()), QString("sch.annotate(sch.get_block(\"C\"), "
                                       "ann_key=\"meta_schedule.tiling_structure\", "
                                       "ann_val=\"SSRSRS\")"));
    const tir::BlockRealizeNode* c = views::TirFindBlock(Sch(), "C");
    QCOMPARE(c->block->annotations.size(), size_t(2));
    QVERIFY(w->scriptView()->text().contains("ann_val=\"SSRSRS\""));
    UndoRedo(floatDone);

    // Now the block and the loop have annotations to remove: one choice per key.
    const QString annotated = Text();
    QStringList offered;
    views::SetParameterAsker(
        [&](QWidget*, const QString&,
            const QList<views::ParamField>& fields) -> std::optional<QVariantMap> {
          offered = fields.value(0).choices;
          return QVariantMap{{"ann_key", "my.key"}};
        });
    QVERIFY2(FromBlockGraph("C", "unannotate"), qPrintable(Status()));
    QCOMPARE(offered, QStringList({"meta_schedule.tiling_structure", "my.key"}));
    QCOMPARE(LastLine(Text()), QString("sch.unannotate(sch.get_block(\"C\"), ann_key=\"my.key\")"));
    QCOMPARE(views::TirFindBlock(Sch(), "C")->block->annotations.size(), size_t(1));
    UndoRedo(annotated);
    views::SetParameterAsker(Answer({{"ann_key", "pragma_auto_unroll_max_step"}}));
    QVERIFY2(FromNestLoop("C", "i", "unannotate"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()), QString("sch.unannotate(sch.get_loops(sch.get_block(\"C\"))[0], "
                                       "ann_key=\"pragma_auto_unroll_max_step\")"));
    QVERIFY(Loop("C", "i")->annotations.empty());
  }

  void annotateRefusesValuesThatAreNotOfTheirType() {
    const QString before = Text();
    views::SetParameterAsker(Answer({{"ann_key", "x"}, {"ann_type", "int"}, {"ann_val", "1.5x"}}));
    Refused(FromLoopGraph("C", "j", "annotate"), before, 0, "ann_val: '1.5x' is not an int");
    views::SetParameterAsker(Answer({{"ann_key", "x"}, {"ann_type", "float"}, {"ann_val", "inf"}}));
    Refused(FromBlockGraph("C", "annotate"), before, 0, "is not a finite float");
    views::SetParameterAsker(Answer({{"ann_key", " "}, {"ann_type", "int"}, {"ann_val", "1"}}));
    Refused(FromBlockGraph("C", "annotate"), before, 0, "annotation key");
    // The dialog says so while the value is typed, and keeps OK disabled.
    views::SetParameterAsker([](QWidget*, const QString& title,
                                const QList<views::ParamField>& fields) {
      views::ParameterDialog dialog(nullptr, title, fields);
      auto* value = qobject_cast<QLineEdit*>(dialog.editor("ann_val"));
      value->setText("12a");
      [&] {
        QVERIFY2(dialog.previewText().contains("✗ ann_val: '12a' is not an int"),
                 qPrintable(dialog.previewText()));
        QVERIFY(!dialog.acceptable());
      }();
      value->setText("12");
      [&] {
        QVERIFY2(dialog.previewText().startsWith("✓ ann_key="), qPrintable(dialog.previewText()));
        QVERIFY(dialog.acceptable());
      }();
      return std::optional<QVariantMap>();  // cancelled
    });
    QVERIFY(!FromBlockGraph("C", "annotate"));
    QCOMPARE(Text(), before);
  }

  void transformBlockLayoutFusesTwoIterators() {
    const QString before = Text();
    views::SetParameterAsker(Answer({{"index_map", "lambda i, j: (i * 16 + j,)"}}));
    QVERIFY2(FromBlockGraph("D", "transform_block_layout"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()), QString("sch.transform_block_layout(sch.get_block(\"D\"), "
                                       "lambda i, j: (i * 16 + j,))"));
    const tir::BlockRealizeNode* d = views::TirFindBlock(Sch(), "D");
    QCOMPARE(d->block->iter_vars.size(), size_t(1));
    QCOMPARE(views::TirConstExtent(*views::TirLoopsOf(Sch(), "D").front()),
             std::optional<int64_t>(256));
    UndoRedo(before);
  }

  void transformBlockLayoutRefusals() {
    const QString before = Text();
    // A syntax error says where it is in the lambda.
    views::SetParameterAsker(Answer({{"index_map", "lambda i, j (i, j)"}}));
    Refused(FromBlockGraph("D", "transform_block_layout"), before, 0, "index_map: column ");
    views::SetParameterAsker(Answer({{"index_map", "lambda i: (i,)"}}));
    Refused(FromBlockGraph("D", "transform_block_layout"), before, 0,
            "the lambda takes 1 index(es); the block has 2 iterator(s)");
    views::SetParameterAsker(Answer({{"index_map", "[i, j]"}}));
    Refused(FromBlockGraph("D", "transform_block_layout"), before, 0, "write a lambda");
    // The schedule's own refusal, with TVM's error kind.
    views::SetParameterAsker(Answer({{"index_map", "lambda i, j: (i // 3, j)"}}));
    Refused(FromBlockGraph("D", "transform_block_layout"), before, 0,
            "NotBijectiveAffineIndexMapError");

    // The dialog checks the lambda as it is typed: syntax first, then the dry run.
    views::SetParameterAsker([](QWidget*, const QString& title,
                                const QList<views::ParamField>& fields) {
      views::ParameterDialog dialog(nullptr, title, fields);
      auto* map = qobject_cast<QLineEdit*>(dialog.editor("index_map"));
      [&] {
        // The default fuses D's two spatial iterators, and applies.
        QCOMPARE(map->text(), QString("lambda i, j: (i * 16 + j,)"));
        QVERIFY2(dialog.previewText().startsWith("✓ D iterates over"),
                 qPrintable(dialog.previewText()));
      }();
      map->setText("lambda i, j: (i * 16 + , j)");
      [&] {
        QVERIFY2(dialog.previewText().contains("✗ transform_block_layout: index_map: column 24"),
                 qPrintable(dialog.previewText()));
        QVERIFY(!dialog.acceptable());
      }();
      map->setText("lambda i, j: (i // 3, j)");
      [&] {
        QVERIFY2(dialog.previewText().contains("NotBijectiveAffineIndexMapError"),
                 qPrintable(dialog.previewText()));
        QVERIFY(!dialog.acceptable());
      }();
      return std::optional<QVariantMap>();
    });
    QVERIFY(!FromBlockGraph("D", "transform_block_layout"));
    QCOMPARE(Text(), before);
    // C's reduction block sits under loops bound one to one too; a block below a split
    // loop is not: the menu entry is disabled with the schedule's reason.
    w->document()->reset(Script() + kReady, "menus_more_tir.py");
    std::unique_ptr<QMenu> menu(w->tirBlockView()->contextMenuFor("C_update"));
    QAction* a = ActionNamed(menu.get(), "transform_block_layout");
    QVERIFY(a && !a->isEnabled());
    QVERIFY2(a->toolTip().contains("Error"), qPrintable(a->toolTip()));
  }

  void setAxisSeparator() {
    const QString before = Text();
    views::SetParameterAsker(
        Answer({{"separator_buffer", "write 0: C"}, {"axis_separators", "[1]"}}));
    QVERIFY2(FromNestBlock("C", "set_axis_separator"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()),
             QString("sch.set_axis_separator(sch.get_block(\"C\"), (\"write\", 0), [1])"));
    const tir::BlockRealizeNode* c = views::TirFindBlock(Sch(), "C");
    QCOMPARE(c->block->writes.front().buffer->axis_separators, std::vector<int>({1}));
    UndoRedo(before);
    w->document()->undoStack()->undo();

    views::SetParameterAsker(
        Answer({{"separator_buffer", "read 0: C"}, {"axis_separators", "1, x"}}));
    Refused(FromBlockGraph("D", "set_axis_separator"), before, 0,
            "axis_separators: 'x' is not a non-negative integer");
    views::SetParameterAsker(
        Answer({{"separator_buffer", "write 0: C"}, {"axis_separators", "5"}}));
    Refused(FromBlockGraph("C", "set_axis_separator"), before, 0, "ValueError");
  }

  void tensorizeByRegisteredName() {
    w->document()->reset(Script() + kReady, "menus_more_tir.py");
    QVERIFY(w->document()->state().tir_schedule);
    const QString before = Text();
    QStringList loops = views::TirLoopNames(Sch(), "C_update");
    QCOMPARE(loops.size(), 4);
    views::SetParameterAsker(Answer({{"intrin", "nope"}}));
    Refused(FromLoopGraph("C_update", loops[3], "tensorize"), before, 0,
            "ValueError: TensorIntrin 'nope' is not registered; the document registers test_dot4");
    // A registered intrinsic that does not match: the schedule's error kind.
    views::SetParameterAsker(Answer({{"intrin", "test_dot4"}}));
    Refused(FromBlockGraph("D", "tensorize"), before, 0, "TensorIntrinMismatchError");

    // The dialog lists what the document registers and checks the name as it is typed.
    views::SetParameterAsker(
        [](QWidget*, const QString& title, const QList<views::ParamField>& fields) {
          views::ParameterDialog dialog(nullptr, title, fields);
          auto* name = qobject_cast<QLineEdit*>(dialog.editor("intrin"));
          [&] {
            QCOMPARE(name->text(), QString("test_dot4"));
            QVERIFY2(name->toolTip().contains("test_dot4"), qPrintable(name->toolTip()));
            QVERIFY2(dialog.previewText().startsWith("✓ test_dot4 matches loop"),
                     qPrintable(dialog.previewText()));
          }();
          name->setText("test_dot");
          [&] {
            QVERIFY2(dialog.previewText().contains("registers test_dot4"),
                     qPrintable(dialog.previewText()));
            QVERIFY(!dialog.acceptable());
          }();
          name->setText("test_dot4");
          return std::optional<QVariantMap>(dialog.values());
        });
    QVERIFY2(FromNestLoop("C_update", loops[3], "tensorize"), qPrintable(Status()));
    QCOMPARE(
        LastLine(Text()),
        QString("sch.tensorize(sch.get_loops(sch.get_block(\"C_update\"))[3], \"test_dot4\")"));
    QVERIFY(views::TirFindBlock(Sch(), "C_update_o"));
    UndoRedo(before);
  }

  // TVM's x86 package registers its intrinsics (dot_16x4_avx512, ...) beside the
  // document's own; none of them fits a float dot4, so the name offered is test_dot4, the
  // one that matches, and the tooltip says which match.
  void tensorizeOffersTheIntrinsicThatMatches() {
    w->document()->reset(QString(kPrelude) +
                             "from tvm.tir.tensor_intrin.x86 import VNNI_DOT_16x4_INTRIN\n" +
                             kProgram + kReady,
                         "menus_more_tir.py");
    QVERIFY(w->document()->state().tir_schedule);
    QVERIFY(views::TirIntrinNames(Sch()).size() > 1);
    QCOMPARE(views::TirIntrinNames(Sch()).value(0), QString("dot_16x4_avx512"));
    QStringList loops = views::TirLoopNames(Sch(), "C_update");
    QString offered, tooltip;
    views::SetParameterAsker(
        [&](QWidget*, const QString& title, const QList<views::ParamField>& fields) {
          views::ParameterDialog dialog(nullptr, title, fields);
          auto* name = qobject_cast<QLineEdit*>(dialog.editor("intrin"));
          offered = name->text();
          tooltip = name->toolTip();
          return std::optional<QVariantMap>(dialog.values());
        });
    QVERIFY2(FromNestLoop("C_update", loops[3], "tensorize"), qPrintable(Status()));
    QCOMPARE(offered, QString("test_dot4"));
    QVERIFY2(tooltip.startsWith("Matching here: test_dot4. Also registered: dot_16x4_avx512"),
             qPrintable(tooltip));
    QVERIFY(views::TirFindBlock(Sch(), "C_update_o"));
  }

  void tensorizeIsDisabledWithoutIntrinsics() {
    w->document()->reset(PlainScript(), "plain_tir.py");
    std::unique_ptr<QMenu> menu(w->tirBlockView()->contextMenuFor("C"));
    QAction* a = ActionNamed(menu.get(), "tensorize");
    QVERIFY(a && !a->isEnabled());
    QVERIFY2(a->toolTip().contains("registers no TensorIntrin"), qPrintable(a->toolTip()));
  }

  void addUnitLoopAboveABlock() {
    const QString before = Text();
    QVERIFY2(FromBlockGraph("D", "add_unit_loop"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()), QString("sch.add_unit_loop(sch.get_block(\"D\"))"));
    QCOMPARE(views::TirLoopNames(Sch(), "D").size(), 3);
    UndoRedo(before);
  }

  void theLineFollowsTheScriptsSpelling() {
    QString script = PlainScript()
                         .replace("from tvm import te, tir", "from tvm import te, s_tir")
                         .replace("tir.Schedule(", "s_tir.Schedule(");
    w->document()->reset(script, "plain_s_tir.py");
    QVERIFY2(w->document()->state().tir_schedule, qPrintable(w->lastMessage()));
    views::SetParameterAsker(Answer({{"ann_key", "k"}, {"ann_type", "int"}, {"ann_val", "-3"}}));
    QVERIFY2(FromBlockGraph("C", "annotate"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()),
             QString("sch.annotate(sch.get_sblock(\"C\"), ann_key=\"k\", ann_val=-3)"));
  }

  void argumentTextIsReadAsPythonWritesIt() {
    QCOMPARE(views::ParseAnnotationValue("float", "1")->python, QString("1.0"));
    QCOMPARE(views::ParseAnnotationValue("float", "2.5e-7")->python, QString("2.5e-07"));
    QCOMPARE(views::ParseAnnotationValue("int", "3000000000")->expr.dtype(), ir::DataType::Int(64));
    QCOMPARE(views::ParseAnnotationValue("str", "a\"b\\c")->python, QString("\"a\\\"b\\\\c\""));
    QVERIFY(!views::ParseAnnotationValue("bool", "1").ok());
    QCOMPARE(*views::ParseAxisSeparators("[]"), std::vector<int64_t>());
    QCOMPARE(*views::ParseAxisSeparators("1, 2"), std::vector<int64_t>({1, 2}));
    QVERIFY(!views::ParseAxisSeparators("-1").ok());
    QCOMPARE(views::IndexMapLambdaProblem("lambda *i: i", 3), QString());
    QVERIFY(views::IndexMapLambdaProblem("lambda i: (i,", 1).startsWith("index_map: column "));
  }
};

}  // namespace tst_tir_menus_more

QTEST_MAIN(tst_tir_menus_more::TestTirMenusMore)
#include "tst_tir_menus_more.moc"
