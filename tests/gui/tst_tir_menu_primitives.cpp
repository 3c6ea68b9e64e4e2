// The TensorIR primitives the block and loop menus gained: set_scope, storage_align,
// reindex, pad_einsum and decompose_padding on a block, add_unit_loop on a loop. Each asks
// its arguments in the parameter dialog, appends the line TVM 0.20 runs (checked there:
// sch.storage_align(sch.get_block("C"), 0, 0, 32, 1), ...) as one undoable step, and a value
// the schedule refuses becomes no line, its reason in the status bar. The loop nest's loop
// menu, like the loops graph's, disables what the schedule refuses, with TVM's reason.
#include <QMenu>
#include <QStatusBar>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/ParameterDialog.h"
#include "views/TirBlockGraphView.h"
#include "views/TirIntents.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"

namespace tst_tir_menu_primitives {

using namespace tessera;
using tessera::gui::MainWindow;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// A 127 x 127 matmul C (127 pads to 128 by pad_einsum) doubled into D, and a padding
// block Xpad read by Y.
const char* kScript =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((127, 127), \"float32\", name=\"A\")\n"
    "B = te.placeholder((127, 127), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 127), name=\"k\")\n"
    "C = te.compute((127, 127), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
    "D = te.compute((127, 127), lambda i, j: C[i, j] * 2.0, name=\"D\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n";

const char* kPadding =
    "import tvm\n"
    "from tvm import te, tir\n"
    "X = te.placeholder((1, 4, 8, 8), \"float32\", name=\"X\")\n"
    "Xpad = te.compute((1, 4, 10, 10), lambda n, c, y, x: tvm.tir.if_then_else(tvm.tir.all(y >= "
    "1, y < 9, x >= 1, x < 9), X[n, c, y - 1, x - 1], tvm.tir.const(0.0, \"float32\")), "
    "name=\"Xpad\")\n"
    "Y = te.compute((1, 4, 10, 10), lambda n, c, y, x: Xpad[n, c, y, x] + 1.0, name=\"Y\")\n"
    "sch = tir.Schedule(te.create_prim_func([X, Y]))\n";

}  // namespace

class TestTirMenuPrimitives : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void init() { QVERIFY2(Open(kScript, "prims_tir.py"), qPrintable(w->lastMessage())); }
  void cleanup() { Close(); }

  void blockMenuPrimitivesAppendTvmsLines() {
    views::SetParameterAsker(Answer({{"buffer", "0: C"}, {"storage_scope", "shared"}}));
    QVERIFY2(FromBlockGraph("C", "set_scope"), qPrintable(w->lastMessage()));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.set_scope(sch.get_block(\"C\"), 0, \"shared\")"));
    UndoOnce();

    views::SetParameterAsker(
        Answer({{"buffer", "0: C"}, {"axis", 0}, {"factor", 32}, {"offset", 1}}));
    QVERIFY2(FromBlockGraph("C", "storage_align"), qPrintable(w->lastMessage()));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.storage_align(sch.get_block(\"C\"), 0, 0, 32, 1)"));
    UndoOnce();

    views::SetParameterAsker(Answer({{"layout_buffer", "read 0: C"}}));
    QVERIFY2(FromBlockGraph("D", "reindex"), qPrintable(w->lastMessage()));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.reindex(sch.get_block(\"D\"), (\"read\", 0))"));
    // TVM v0.20 names the copy block after the new buffer C_reindex: "C_reindex_reindex".
    QVERIFY(views::TirFindBlock(*w->document()->state().tir_schedule, "C_reindex_reindex"));
    UndoOnce();

    views::SetParameterAsker(Answer({{"padding", "32, 32, 32"}}));
    QVERIFY2(FromBlockGraph("C", "pad_einsum"), qPrintable(w->lastMessage()));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.pad_einsum(sch.get_block(\"C\"), [32, 32, 32])"));
    QCOMPARE(
        views::TirConstExtent(*views::TirLoopsOf(*w->document()->state().tir_schedule, "C")[0]),
        std::optional<int64_t>(128));
    UndoOnce();
    QCOMPARE(w->document()->text(), QString(kScript));
  }

  void refusedValuesAddNoLine() {
    // A factor of 0 and a padding that is not a positive integer never reach the script.
    views::SetParameterAsker(
        Answer({{"buffer", "0: C"}, {"axis", 0}, {"factor", 0}, {"offset", 1}}));
    QVERIFY(!FromBlockGraph("C", "storage_align"));
    QVERIFY2(Status().contains("positive factor"), qPrintable(Status()));
    views::SetParameterAsker(Answer({{"padding", "32, x, 32"}}));
    QVERIFY(!FromBlockGraph("C", "pad_einsum"));
    QVERIFY2(Status().contains("'x' is not a positive integer"), qPrintable(Status()));
    // D has two iterators: three multiples are refused by the schedule.
    views::SetParameterAsker(Answer({{"padding", "32, 32, 32"}}));
    QVERIFY(!FromBlockGraph("D", "pad_einsum"));
    QVERIFY(!Status().isEmpty());
    QCOMPARE(w->document()->text(), QString(kScript));
    QCOMPARE(w->document()->undoStack()->index(), 0);
  }

  void theLoopNestsMenuDisablesWhatTheScheduleRefuses() {
    // As in the loops graph: the primitives without arguments are tried first.
    views::TirLoopNestView* nest = w->tirLoopNestView();
    std::unique_ptr<QMenu> atK(nest->contextMenuFor(nest->loopItem("C", "k")));
    QAction* parallelK = ActionNamed(atK.get(), "parallel");
    QVERIFY(parallelK && !parallelK->isEnabled());
    QVERIFY2(!parallelK->toolTip().isEmpty(), "the reason is the tooltip");
    QCOMPARE(parallelK->toolTip(),
             views::TirIntentProblem(*w->document()->state().tir_schedule,
                                     views::Intent{"parallel", "C", {"k"}, {}}));
    QVERIFY(!ActionNamed(atK.get(), "fuse")->isEnabled());  // k is innermost
    std::unique_ptr<QMenu> atI(nest->contextMenuFor(nest->loopItem("C", "i")));
    QVERIFY(ActionNamed(atI.get(), "parallel")->isEnabled());
    QVERIFY(ActionNamed(atI.get(), "fuse")->isEnabled());
    QVERIFY(ActionNamed(atI.get(), "split")->isEnabled());  // asks its factors first
  }

  void decomposePaddingAndAddUnitLoop() {
    w->document()->reset(kPadding, "pad_tir.py");
    QVERIFY(w->document()->state().tir_schedule);
    views::SetParameterAsker(Answer({{"loop", "n"}}));
    QVERIFY2(FromBlockGraph("Xpad", "decompose_padding"), qPrintable(w->lastMessage()));
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.decompose_padding(sch.get_block(\"Xpad\"), "
                     "sch.get_loops(sch.get_block(\"Xpad\"))[0])"));
    QVERIFY(views::TirFindBlock(*w->document()->state().tir_schedule, "Xpad_pad_const"));
    UndoOnce();

    w->selection()->selectStage("Y");
    QCOMPARE(w->tirLoopView()->shownBlock(), QString("Y"));
    std::unique_ptr<QMenu> menu(w->tirLoopView()->contextMenuFor("n"));
    QAction* unit = ActionNamed(menu.get(), "add_unit_loop");
    QVERIFY(unit && unit->isEnabled());
    unit->trigger();
    QCOMPARE(LastLine(w->document()->text()),
             QString("sch.add_unit_loop(sch.get_loops(sch.get_block(\"Y\"))[0])"));
    QCOMPARE(views::TirLoopNames(*w->document()->state().tir_schedule, "Y").size(), 5);
    UndoOnce();
    QCOMPARE(w->document()->text(), QString(kPadding));
  }
};

}  // namespace tst_tir_menu_primitives

QTEST_MAIN(tst_tir_menu_primitives::TestTirMenuPrimitives)
#include "tst_tir_menu_primitives.moc"
