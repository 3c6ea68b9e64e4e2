// cache_index from the block menus: the storage scope and cse_thresh asked, applied as one
// undoable step whose line is the one TVM 0.20 runs
//   sch.cache_index(sch.get_block("B"), "global", 0)
// and offered only where the block computes an index to precompute.
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/TirIntents.h"

namespace tst_tir_menu_cache_index {

using namespace tessera;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// A nearest-neighbour resize (B) and a copy (C) whose indices are its iterators.
QString Program() {
  return "from tvm import tir\n"
         "from tvm.script import tir as T\n"
         "@T.prim_func\n"
         "def resize(A: T.Buffer((24, 24), 'float32'), B: T.Buffer((48, 48), 'float32'),\n"
         "           C: T.Buffer((48, 48), 'float32')):\n"
         "    for h, w in T.grid(48, 48):\n"
         "        with T.block('B'):\n"
         "            vh, vw = T.axis.remap('SS', [h, w])\n"
         "            B[vh, vw] = A[vh // 4 + vw // 4, vw // 2]\n"
         "    for h, w in T.grid(48, 48):\n"
         "        with T.block('C'):\n"
         "            vh, vw = T.axis.remap('SS', [h, w])\n"
         "            C[vh, vw] = B[vh, vw]\n"
         "sch = tir.Schedule(resize)\n";
}

}  // namespace

class TestTirMenuCacheIndex : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void cleanup() { Close(); }

  void precomputesTheIndicesAsOneStep() {
    QVERIFY2(Open(Program(), "resize_tir.py"), qPrintable(w->lastMessage()));
    const QString before = Text();
    QList<views::ParamField> asked;
    views::SetParameterAsker(
        Answer({{"storage_scope", QString("global")}, {"cse_thresh", 0}}, &asked));
    QVERIFY2(FromNestBlock("B", "cache_index"), qPrintable(Status()));
    QCOMPARE(asked.value(0).choices, (QStringList{"global", "shared", "local"}));
    QCOMPARE(LastLine(Text()), QString("sch.cache_index(sch.get_block(\"B\"), \"global\", 0)"));
    QVERIFY(views::TirFindBlock(Sch(), "index_0"));
    QVERIFY(views::TirFindBlock(Sch(), "index_1"));
    UndoOnce();
    QCOMPARE(Text(), before);
    QVERIFY(!views::TirFindBlock(Sch(), "index_0"));
  }

  // C's indices are its iterators: the entry says so instead of adding an empty step.
  void offeredOnlyWhereAnIndexIsComputed() {
    QVERIFY2(Open(Program(), "resize_copy_tir.py"), qPrintable(w->lastMessage()));
    QVERIFY(views::TirBlockMenuProblem(Sch(), "cache_index", "B").isEmpty());
    const QString why = views::TirBlockMenuProblem(Sch(), "cache_index", "C");
    QVERIFY2(why.contains("computes no index expression"), qPrintable(why));
  }
};

}  // namespace tst_tir_menu_cache_index

QTEST_MAIN(tst_tir_menu_cache_index::TestTirMenuCacheIndex)
#include "tst_tir_menu_cache_index.moc"
