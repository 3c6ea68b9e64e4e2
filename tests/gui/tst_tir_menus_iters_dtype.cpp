// reorder_block_iter_var and unsafe_set_dtype from the block menus: each applied by its
// menu action as one undoable step whose line is the one TVM 0.20 runs:
//   sch.reorder_block_iter_var(sch.get_block("C"), [2, 0, 1])
//   sch.unsafe_set_dtype(sch.get_block("C"), 0, "float16")
// and each refused with the schedule's reason, the document left as it was: a block with
// one iterator, an order that is no permutation, an output buffer.
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/TirIntents.h"

namespace tst_tir_menus_iters_dtype {

using namespace tessera;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// C is an intermediate (a reduction over k), D the output.
const char* kProgram =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((16, 64), \"float32\", name=\"A\")\n"
    "B = te.placeholder((16, 64), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 64), name=\"k\")\n"
    "C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name=\"C\")\n"
    "D = te.compute((16, 16), lambda i, j: C[i, j] * 2.0, name=\"D\")\n"
    "E = te.compute((16,), lambda i: D[i, 0] + 1.0, name=\"E\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, D, E]))\n";

}  // namespace

class TestTirMenusItersDType : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

  void Refused(bool applied, const QString& before, const QString& why) {
    QVERIFY(!applied);
    QCOMPARE(Text(), before);
    QCOMPARE(Steps(), 0);
    QVERIFY2(Status().contains(why), qPrintable(Status()));
  }

  QStringList IterNames(const QString& block) const {
    QStringList names;
    for (const auto& iv : views::TirFindBlock(Sch(), block)->block->iter_vars)
      names << QString::fromStdString(iv->var.name());
    return names;
  }

 private slots:
  void init() { QVERIFY2(Open(kProgram, "iters_dtype_tir.py"), qPrintable(w->lastMessage())); }
  void cleanup() { Close(); }

  void bothMenusOfferThem() {
    std::unique_ptr<QMenu> graph(w->tirBlockView()->contextMenuFor("C"));
    views::TirLoopNestView* nest = w->tirLoopNestView();
    std::unique_ptr<QMenu> nestBlock(nest->contextMenuFor(nest->blockItem("C")));
    for (QMenu* m : {graph.get(), nestBlock.get()})
      for (const char* p : {"reorder_block_iter_var", "unsafe_set_dtype"}) {
        QAction* a = m ? ActionNamed(m, p) : nullptr;
        QVERIFY2(a && a->isEnabled(), p);
      }
    // E has one iterator; D writes the function's output: disabled, with the reason.
    std::unique_ptr<QMenu> e(w->tirBlockView()->contextMenuFor("E"));
    QAction* one = ActionNamed(e.get(), "reorder_block_iter_var");
    QVERIFY(one && !one->isEnabled());
    QCOMPARE(one->toolTip(), QString("reorder_block_iter_var: E has fewer than two iterators"));
    std::unique_ptr<QMenu> d(w->tirBlockView()->contextMenuFor("D"));
    QAction* output = ActionNamed(d.get(), "unsafe_set_dtype");
    QVERIFY(output && !output->isEnabled());
    QVERIFY2(output->toolTip().contains("NonAllocatedBufferError"), qPrintable(output->toolTip()));
  }

  void reorderBlockIteratorsByTheirNames() {
    const QString before = Text();
    QStringList iters = IterNames("C");
    QCOMPARE(iters.size(), 3);
    QList<views::ParamField> asked;
    views::SetParameterAsker(
        Answer({{"iter_order", QStringList{iters[2], iters[0], iters[1]}}}, &asked));
    QVERIFY2(FromBlockGraph("C", "reorder_block_iter_var"), qPrintable(Status()));
    // The dialog offered the iterators in their order.
    QCOMPARE(asked.value(0).value.toStringList(), iters);
    QCOMPARE(LastLine(Text()),
             QString("sch.reorder_block_iter_var(sch.get_block(\"C\"), [2, 0, 1])"));
    QCOMPARE(IterNames("C"), QStringList({iters[2], iters[0], iters[1]}));
    w->document()->undoStack()->undo();
    QCOMPARE(Text(), before);
    QCOMPARE(IterNames("C"), iters);
    w->document()->undoStack()->redo();
    QCOMPARE(IterNames("C"), QStringList({iters[2], iters[0], iters[1]}));
  }

  void reorderRefusesAnOrderThatIsNoPermutation() {
    const QString before = Text();
    QStringList iters = IterNames("C");
    views::SetParameterAsker(Answer({{"iter_order", QStringList{iters[0], iters[1]}}}));
    Refused(FromNestBlock("C", "reorder_block_iter_var"), before, "InvalidReorderIndex");
  }

  void setDTypeOfAnIntermediate() {
    const QString before = Text();
    views::SetParameterAsker(Answer({{"buffer", "0: C"}, {"dtype", "float16"}}));
    QVERIFY2(FromNestBlock("C", "unsafe_set_dtype"), qPrintable(Status()));
    QCOMPARE(LastLine(Text()),
             QString("sch.unsafe_set_dtype(sch.get_block(\"C\"), 0, \"float16\")"));
    QCOMPARE(views::TirFindBlock(Sch(), "C")->block->writes.front().buffer->dtype.str(),
             std::string("float16"));
    w->document()->undoStack()->undo();
    QCOMPARE(Text(), before);
    QCOMPARE(views::TirFindBlock(Sch(), "C")->block->writes.front().buffer->dtype.str(),
             std::string("float32"));
  }
};

}  // namespace tst_tir_menus_iters_dtype

QTEST_MAIN(tst_tir_menus_iters_dtype::TestTirMenusItersDType)
#include "tst_tir_menus_iters_dtype.moc"
