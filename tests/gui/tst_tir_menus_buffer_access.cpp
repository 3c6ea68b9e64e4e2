// annotate_buffer_access from the block menus: the dialog offers the block's buffers (reads
// first) with the region each declares now as an editable lambda; applied as one undoable
// line that TVM 0.20 runs,
//   sch.annotate_buffer_access(sch.get_block("B"), 0, "read", lambda v_i, v_j: [...])
// and refused with the reason, the document left as it was, for a lambda over other
// iterators or a range list of the wrong length.
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "tir/ScriptPrinter.h"
#include "views/TirIntents.h"

namespace tst_tir_menus_buffer_access {

using namespace tessera;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

const char* kProgram =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((32, 48), \"float32\", name=\"A\")\n"
    "B = te.compute((32, 48), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
    "C = te.compute((32, 48), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, C]))\n";

QString ReadRegion(const tir::Schedule& sch, const QString& block) {
  const tir::BlockRealizeNode* r = views::TirFindBlock(sch, block);
  QStringList dims;
  for (const ir::Range& range : r->block->reads.front().region)
    dims << QString::fromStdString(tir::ExprToTVMScript(range.min)) + "+" +
                QString::fromStdString(tir::ExprToTVMScript(range.extent));
  return dims.join(", ");
}

}  // namespace

class TestTirMenusBufferAccess : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void init() { QVERIFY2(Open(kProgram, "buffer_access_tir.py"), qPrintable(w->lastMessage())); }
  void cleanup() { Close(); }

  void annotateAReadRegion() {
    const QString before = Text();
    QList<views::ParamField> asked;
    const QString ranges = "lambda v_i, v_j: [(v_i - 1, v_i + 2), v_j]";
    views::SetParameterAsker(
        Answer({{"access_buffer", "read 0: A"}, {"gen_new_ranges", ranges}}, &asked));
    QVERIFY2(FromBlockGraph("B", "annotate_buffer_access"), qPrintable(Status()));
    // Offered: the read first, with the region B declares now.
    QCOMPARE(asked.value(0).choices, QStringList({"read 0: A", "write 0: B"}));
    QCOMPARE(asked.value(1).value.toString(),
             QString("lambda v_i, v_j: [(v_i, v_i + 1), (v_j, v_j + 1)]"));
    QCOMPARE(
        LastLine(Text()),
        QString("sch.annotate_buffer_access(sch.get_block(\"B\"), 0, \"read\", %1)").arg(ranges));
    QCOMPARE(ReadRegion(Sch(), "B"), QString("v_i - 1+3, v_j+1"));
    QVERIFY(views::TirFindBlock(Sch(), "B")->block->annotations.count("explicit_read_region"));
    UndoOnce();
    QCOMPARE(Text(), before);
    QCOMPARE(ReadRegion(Sch(), "B"), QString("v_i+1, v_j+1"));
  }

  void refusedRangesChangeNothing() {
    const QString before = Text();
    views::SetParameterAsker(
        Answer({{"access_buffer", "read 0: A"}, {"gen_new_ranges", "lambda i: [(i, i + 1)]"}}));
    QVERIFY(!FromNestBlock("B", "annotate_buffer_access"));
    QVERIFY2(Status().contains("annotate_buffer_access"), qPrintable(Status()));
    views::SetParameterAsker(
        Answer({{"access_buffer", "read 0: A"}, {"gen_new_ranges", "lambda a, b: [(a, a + 1)]"}}));
    QVERIFY(!FromNestBlock("B", "annotate_buffer_access"));
    QVERIFY2(Status().contains("must match"), qPrintable(Status()));
    QCOMPARE(Text(), before);
    QCOMPARE(Steps(), 0);
  }
};

}  // namespace tst_tir_menus_buffer_access

QTEST_MAIN(tst_tir_menus_buffer_access::TestTirMenusBufferAccess)
#include "tst_tir_menus_buffer_access.moc"
