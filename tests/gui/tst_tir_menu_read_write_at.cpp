// read_at / write_at from the loops' menus (loop graph and loop nest): offered where one of
// the block's buffers can be copied per iteration of the loop, asked for the buffer and the
// storage scope, applied as one undoable step whose line is the one TVM 0.20 runs
//   sch.read_at(sch.get_loops(sch.get_block("C"))[2], sch.get_block("C"), 1, "shared")
// and disabled with the schedule's reason where the copy would run past the buffer (a loop
// split with a tail).
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/TirIntents.h"

namespace tst_tir_menu_read_write_at {

using namespace tessera;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// A GEMM tiled 8 x 8 with k in steps of 4 (i_0, j_0, k_0, i_1, j_1, k_1), then a ReLU.
QString Program() {
  return "import tvm\n"
         "from tvm import te, tir\n"
         "A = te.placeholder((32, 16), \"float32\", name=\"A\")\n"
         "B = te.placeholder((16, 24), \"float32\", name=\"B\")\n"
         "k = te.reduce_axis((0, 16), name=\"k\")\n"
         "C = te.compute((32, 24), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "D = te.compute((32, 24), lambda i, j: te.max(C[i, j], 0.0), name=\"D\")\n"
         "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n"
         "i, j, k = sch.get_loops(sch.get_block(\"C\"))\n"
         "i0, i1 = sch.split(i, factors=[None, 8])\n"
         "j0, j1 = sch.split(j, factors=[None, 8])\n"
         "k0, k1 = sch.split(k, factors=[None, 4])\n"
         "sch.reorder(i0, j0, k0, i1, j1, k1)\n";
}

bool HasBlock(const tir::Schedule& sch, const QString& name) {
  return views::TirFindBlock(sch, name) != nullptr;
}

}  // namespace

class TestTirMenuReadWriteAt : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void cleanup() { Close(); }

  // B's panel copied per k_0 step into shared memory, from the loop nest's menu; undo
  // restores the script and the function.
  void readAtFromTheLoopNest() {
    QVERIFY2(Open(Program(), "read_at_tir.py"), qPrintable(w->lastMessage()));
    const QString before = Text();
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({{"buffer", "1: B"}, {"storage_scope", "shared"}}, &asked));
    QVERIFY2(FromNestLoop("C", "k_0", "read_at"), qPrintable(Status()));
    QCOMPARE(asked.value(0).choices, (QStringList{"0: A", "1: B"}));
    QCOMPARE(LastLine(Text()), QString("sch.read_at(sch.get_loops(sch.get_block(\"C\"))[2], "
                                       "sch.get_block(\"C\"), 1, \"shared\")"));
    QVERIFY(HasBlock(Sch(), "B_shared"));
    QCOMPARE(views::TirFindBlock(Sch(), "C")->block->reads.at(1).buffer->name,
             std::string("B_shared"));
    UndoOnce();
    QCOMPARE(Text(), before);
    QVERIFY(!HasBlock(Sch(), "B_shared"));
  }

  // C's tile accumulated in a local copy over the k loop and written back after it, from
  // the loop graph's menu.
  void writeAtFromTheLoopGraph() {
    QVERIFY2(Open(Program(), "write_at_tir.py"), qPrintable(w->lastMessage()));
    views::SetParameterAsker(Answer({{"buffer", "0: C"}, {"storage_scope", "local"}}));
    QVERIFY2(FromLoopGraph("C", "j_0", "write_at"), qPrintable(Status()));
    QVERIFY2(LastLine(Text()).startsWith("sch.write_at(sch.get_loops(sch.get_block(\"C\"))[1], "
                                         "sch.get_block(\"C\"), 0, \"local\")"),
             qPrintable(LastLine(Text())));
    QVERIFY(HasBlock(Sch(), "C_local"));
  }

  // D's rows split by 5 of 32: the last tile's copy would run past the buffer, so both
  // entries are disabled there with the schedule's reason.
  void disabledWhereTheCopyWouldRunPastTheBuffer() {
    const QString program =
        Program() +
        "d0, d1 = sch.split(sch.get_loops(sch.get_block(\"D\"))[0], factors=[None, 5])\n";
    QVERIFY2(Open(program, "read_at_disabled_tir.py"), qPrintable(w->lastMessage()));
    views::TirLoopNestView* nest = w->tirLoopNestView();
    std::unique_ptr<QMenu> menu(nest->contextMenuFor(nest->loopItem("D", "i_0")));
    QVERIFY(menu);
    QAction* read = ActionNamed(menu.get(), "read_at");
    QAction* write = ActionNamed(menu.get(), "write_at");
    QVERIFY(read && write);
    QVERIFY2(!read->isEnabled() && read->toolTip().contains("reaches 35 in axis 0 of C"),
             qPrintable(read->toolTip()));
    QVERIFY2(!write->isEnabled() && write->toolTip().contains("reaches 35 in axis 0 of D"),
             qPrintable(write->toolTip()));
  }
};

}  // namespace tst_tir_menu_read_write_at

QTEST_MAIN(tst_tir_menu_read_write_at::TestTirMenuReadWriteAt)
#include "tst_tir_menu_read_write_at.moc"
