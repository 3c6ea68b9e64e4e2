// rolling_buffer from the block menus: offered where a written buffer's tiles overlap,
// applied as one undoable step whose line is the one TVM 0.20 runs
//   sch.rolling_buffer(sch.get_block("B"), 0)
// and disabled with the schedule's reason elsewhere: an output block, a producer not yet
// computed at a tile of its consumer.
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "ir/ExprOp.h"
#include "views/TirIntents.h"

namespace tst_tir_menu_rolling_buffer {

using namespace tessera;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// Two cascaded 3-row windows; `tiled` computes B at a tile of 4 rows of C.
QString Program(bool tiled) {
  QString text =
      "import tvm\n"
      "from tvm import te, tir\n"
      "A = te.placeholder((16, 8), \"float32\", name=\"A\")\n"
      "r = te.reduce_axis((0, 3), name=\"r\")\n"
      "B = te.compute((14, 8), lambda i, j: te.sum(A[i + r, j], axis=r), name=\"B\")\n"
      "s = te.reduce_axis((0, 3), name=\"s\")\n"
      "C = te.compute((12, 8), lambda i, j: te.sum(B[i + s, j], axis=s), name=\"C\")\n"
      "sch = tir.Schedule(te.create_prim_func([A, C]))\n";
  if (tiled)
    text +=
        "io, ii = sch.split(sch.get_loops(sch.get_block(\"C\"))[0], factors=[None, 4])\n"
        "sch.compute_at(sch.get_block(\"B\"), io)\n";
  return text;
}

}  // namespace

class TestTirMenuRollingBuffer : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

  QAction* BlockAction(std::unique_ptr<QMenu>& menu, const QString& block) {
    menu.reset(w->tirBlockView()->contextMenuFor(block));
    return menu ? ActionNamed(menu.get(), "rolling_buffer") : nullptr;
  }
  int64_t RowsOfB() const {
    const ir::Expr& rows = views::TirFindBlock(Sch(), "B")->block->writes.front().buffer->shape[0];
    const int64_t* n = ir::as_const_int(rows);
    return n ? *n : -1;
  }

 private slots:
  void cleanup() { Close(); }

  void rollsTheTiledProducer() {
    QVERIFY2(Open(Program(true), "rolling_tir.py"), qPrintable(w->lastMessage()));
    std::unique_ptr<QMenu> menu;
    QAction* b = BlockAction(menu, "B");
    QVERIFY(b && b->isEnabled());
    QAction* c = BlockAction(menu, "C");
    QVERIFY(c && !c->isEnabled());
    QVERIFY2(c->toolTip().contains("OutputBlockError"), qPrintable(c->toolTip()));

    const QString before = Text();
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({{"buffer", "0: B"}}, &asked));
    QVERIFY2(FromNestBlock("B", "rolling_buffer"), qPrintable(Status()));
    QCOMPARE(asked.value(0).choices, QStringList{"0: B"});
    QCOMPARE(LastLine(Text()), QString("sch.rolling_buffer(sch.get_block(\"B\"), 0)"));
    QCOMPARE(RowsOfB(), int64_t{6});
    UndoOnce();
    QCOMPARE(Text(), before);
    QCOMPARE(RowsOfB(), int64_t{14});
  }

  void disabledBeforeComputeAt() {
    QVERIFY2(Open(Program(false), "rolling_untiled_tir.py"), qPrintable(w->lastMessage()));
    std::unique_ptr<QMenu> menu;
    QAction* b = BlockAction(menu, "B");
    QVERIFY(b && !b->isEnabled());
    QVERIFY2(b->toolTip().contains("RollingBufferInsertionError"), qPrintable(b->toolTip()));
  }
};

}  // namespace tst_tir_menu_rolling_buffer

QTEST_MAIN(tst_tir_menu_rolling_buffer::TestTirMenuRollingBuffer)
#include "tst_tir_menu_rolling_buffer.moc"
