// loop_partition from the loops' menus: asked for the partitions' lengths with a preview of
// their ranges, applied as one undoable step whose line is the one TVM 0.20 runs
//   sch.loop_partition(sch.get_loops(sch.get_block("B"))[0], factors=[24, None])
// and disabled with the schedule's reason where the loop cannot be cut (the reduction loop
// of a block with an init).
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/TirIntents.h"

namespace tst_tir_menu_loop_partition {

using namespace tessera;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

QString Program() {
  return "import tvm\n"
         "from tvm import te, tir\n"
         "A = te.placeholder((30, 16), \"float32\", name=\"A\")\n"
         "B = te.compute((30, 16), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
         "k = te.reduce_axis((0, 16), name=\"k\")\n"
         "C = te.compute((30,), lambda i: te.sum(B[i, k], axis=k), name=\"C\")\n"
         "sch = tir.Schedule(te.create_prim_func([A, C]))\n";
}

}  // namespace

class TestTirMenuLoopPartition : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void cleanup() { Close(); }

  // B's rows cut at 24 (the default: the largest multiple of 8) from the loop nest; the
  // preview lists the ranges; undo restores script and function.
  void partitionsFromTheLoopNest() {
    QVERIFY2(Open(Program(), "partition_tir.py"), qPrintable(w->lastMessage()));
    const QString before = Text();
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({}, &asked));
    QVERIFY2(FromNestLoop("B", "i", "loop_partition"), qPrintable(Status()));
    QCOMPARE(asked.value(0).value.toString(), QString("24, None"));
    QCOMPARE(asked.value(1).preview(QVariantMap{{"factors", "24, None"}}),
             QString("loops over [0, 24) [24, 30)"));
    QCOMPARE(asked.value(1).preview(QVariantMap{{"factors", "10, 10"}}),
             QString("loops over [0, 10) [10, 20) [20, 30)"));
    QVERIFY(asked.value(1).preview(QVariantMap{{"factors", "30"}}).contains("reach the extent"));
    QCOMPARE(LastLine(Text()), QString("sch.loop_partition(sch.get_loops(sch.get_block(\"B\"))[0], "
                                       "factors=[24, None])"));
    QVERIFY(views::TirFindBlock(Sch(), "B_i1"));
    QVERIFY(views::TirFindBlock(Sch(), "B_i_common"));
    UndoOnce();
    QCOMPARE(Text(), before);
    QVERIFY(views::TirFindBlock(Sch(), "B"));
  }

  // C's k loop binds its reduction iterator and C has an init: disabled, with the reason.
  void disabledOnTheReductionLoopOfABlockWithAnInit() {
    QVERIFY2(Open(Program(), "partition_init_tir.py"), qPrintable(w->lastMessage()));
    w->selection()->selectStage("C");
    std::unique_ptr<QMenu> menu(w->tirLoopView()->contextMenuFor("k"));
    QVERIFY(menu);
    QAction* cut = ActionNamed(menu.get(), "loop_partition");
    QVERIFY(cut);
    QVERIFY2(!cut->isEnabled() && cut->toolTip().contains("LoopPartitionInitError"),
             qPrintable(cut->toolTip()));
  }
};

}  // namespace tst_tir_menu_loop_partition

QTEST_MAIN(tst_tir_menu_loop_partition::TestTirMenuLoopPartition)
#include "tst_tir_menu_loop_partition.moc"
