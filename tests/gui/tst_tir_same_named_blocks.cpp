// Two blocks of one name (TVM allows them; its cache_inplace makes two): the block graph
// draws each with its own node ("block:B", "block:B#2") and its own data flow, and a
// primitive on that name is disabled with TVM's NotSingleResult, the script unchanged.
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/TirBlockGraphModel.h"
#include "views/TirLoopNestView.h"

namespace tst_tir_same_named_blocks {

using namespace tessera;

namespace {

// B doubles A into T, a second B adds one to T into C.
QString Program() {
  return "from tvm import tir\n"
         "from tvm.script import tir as T\n"
         "@T.prim_func\n"
         "def twice(A: T.Buffer((16,), 'float32'), C: T.Buffer((16,), 'float32')):\n"
         "    Tmp = T.alloc_buffer((16,))\n"
         "    for i in range(16):\n"
         "        with T.block('B'):\n"
         "            vi = T.axis.spatial(16, i)\n"
         "            Tmp[vi] = A[vi] * T.float32(2)\n"
         "    for i in range(16):\n"
         "        with T.block('B'):\n"
         "            vi = T.axis.spatial(16, i)\n"
         "            C[vi] = Tmp[vi] + T.float32(1)\n"
         "sch = tir.Schedule(twice)\n";
}

const views::GraphEdge* FindEdge(const views::GraphModel& m, const QString& from,
                                 const QString& to) {
  for (const views::GraphEdge& e : m.edges())
    if (e.from == from && e.to == to) return &e;
  return nullptr;
}

}  // namespace

class TestTirSameNamedBlocks : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void cleanup() { Close(); }

  void eachBlockHasItsNode() {
    QVERIFY2(Open(Program(), "twice_tir.py"), qPrintable(w->lastMessage()));
    views::GraphModel m = views::BuildTirBlockGraph(Sch());
    QVERIFY(m.hasNode("block:B"));
    QVERIFY(m.hasNode("block:B#2"));
    QVERIFY(m.node("block:B#2")->tooltip.contains("One of 2 blocks named B"));
    QVERIFY(FindEdge(m, "buffer:A", "block:B"));
    QVERIFY(FindEdge(m, "block:B", "block:B#2"));
    QVERIFY(FindEdge(m, "block:B#2", "buffer:C"));
    QVERIFY(!FindEdge(m, "buffer:A", "block:B#2"));
    QCOMPARE(views::TirBlockOfNodeId("block:B#2"), QString("B"));
    QCOMPARE(views::TirBlockOfNodeId("block:B"), QString("B"));
  }

  void aPrimitiveOnTheNameIsRefused() {
    QVERIFY2(Open(Program(), "twice_refused_tir.py"), qPrintable(w->lastMessage()));
    const QString before = Text();
    views::TirLoopNestView* nest = w->tirLoopNestView();
    std::unique_ptr<QMenu> menu(nest->contextMenuFor(nest->blockItem("B")));
    QVERIFY(menu);
    QAction* inline_ = testing::ActionNamed(menu.get(), "compute_inline");
    QVERIFY(inline_);
    QVERIFY(!inline_->isEnabled());
    QVERIFY2(inline_->toolTip().contains("NotSingleResult: Multiple blocks with the name B"),
             qPrintable(inline_->toolTip()));
    inline_->trigger();
    QCOMPARE(Text(), before);
  }
};

}  // namespace tst_tir_same_named_blocks

QTEST_MAIN(tst_tir_same_named_blocks::TestTirSameNamedBlocks)
#include "tst_tir_same_named_blocks.moc"
