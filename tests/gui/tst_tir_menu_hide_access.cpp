// unsafe_hide_buffer_access from the block menus: the block's declared accesses offered as
// a checklist, applied as one undoable step whose line is the one TVM 0.20 runs
//   sch.unsafe_hide_buffer_access(sch.get_block("Y"), "read", [1])
// and refused (before any line) when reads and writes are checked together.
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/TirIntents.h"

namespace tst_tir_menu_hide_access {

using namespace tessera;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// A gather: Y reads X at the rows idx names.
QString Program() {
  return "from tvm import tir\n"
         "from tvm.script import tir as T\n"
         "@T.prim_func\n"
         "def gather(X: T.Buffer((32, 4), 'float32'), idx: T.Buffer((8,), 'int32'),\n"
         "           Y: T.Buffer((8, 4), 'float32')):\n"
         "    for i, j in T.grid(8, 4):\n"
         "        with T.block('Y'):\n"
         "            vi, vj = T.axis.remap('SS', [i, j])\n"
         "            Y[vi, vj] = X[idx[vi], vj]\n"
         "sch = tir.Schedule(gather)\n";
}

QStringList ReadNames(const tir::Schedule& sch) {
  QStringList out;
  for (const tir::BufferRegion& r : views::TirFindBlock(sch, "Y")->block->reads)
    out << QString::fromStdString(r.buffer->name);
  return out;
}

}  // namespace

class TestTirMenuHideAccess : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void cleanup() { Close(); }

  void hidesTheIndexRead() {
    QVERIFY2(Open(Program(), "gather_tir.py"), qPrintable(w->lastMessage()));
    const QString before = Text();
    QCOMPARE(ReadNames(Sch()), (QStringList{"X", "idx"}));
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({{"hidden_accesses", QStringList{"read 1: idx"}}}, &asked));
    QVERIFY2(FromNestBlock("Y", "unsafe_hide_buffer_access"), qPrintable(Status()));
    QCOMPARE(asked.value(0).choices, (QStringList{"read 0: X", "read 1: idx", "write 0: Y"}));
    QCOMPARE(LastLine(Text()),
             QString("sch.unsafe_hide_buffer_access(sch.get_block(\"Y\"), \"read\", [1])"));
    QCOMPARE(ReadNames(Sch()), QStringList{"X"});
    UndoOnce();
    QCOMPARE(Text(), before);
    QCOMPARE(ReadNames(Sch()), (QStringList{"X", "idx"}));
  }

  // The dialog's check refuses reads and writes together; nothing is applied.
  void readsAndWritesTogetherAreRefused() {
    QVERIFY2(Open(Program(), "gather_both_tir.py"), qPrintable(w->lastMessage()));
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({}, &asked));
    FromNestBlock("Y", "unsafe_hide_buffer_access");
    const views::ParamField& check = asked.value(1);
    QVERIFY(check.verdict);
    auto both =
        check.verdict(QVariantMap{{"hidden_accesses", QStringList{"read 0: X", "write 0: Y"}}});
    QVERIFY(!both.ok());
    QVERIFY(!check.verdict(QVariantMap{{"hidden_accesses", QStringList{}}}).ok());
    QVERIFY(check.verdict(QVariantMap{{"hidden_accesses", QStringList{"read 1: idx"}}}).ok());
    QCOMPARE(ReadNames(Sch()), (QStringList{"X", "idx"}));
  }
};

}  // namespace tst_tir_menu_hide_access

QTEST_MAIN(tst_tir_menu_hide_access::TestTirMenuHideAccess)
#include "tst_tir_menu_hide_access.moc"
