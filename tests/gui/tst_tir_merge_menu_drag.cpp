// merge from the loop menus and by dropping a loop on a loop of another nest in the loop
// nest: one undoable step whose line is the one TVM 0.20 runs,
//   sch.merge(sch.get_loops(sch.get_block("C"))[0], sch.get_loops(sch.get_block("D"))[0])
// the dialog offering only the loops the schedule merges with; refused before release
// (a loop at another depth), and disabled with the reason where no nest matches.
#include <QMenu>
#include <QMimeData>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "views/TirIntents.h"
#include "views/graph/GraphScene.h"

namespace tst_tir_merge_menu_drag {

using namespace tessera;
using tessera::testing::ActionNamed;
using tessera::testing::Answer;
using tessera::testing::LastLine;

namespace {

// B, then C and D over B (64x64 each), and E over a row of D (its one loop runs 64 times).
const char* kProgram =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 64), \"float32\", name=\"A\")\n"
    "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
    "C = te.compute((64, 64), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
    "D = te.compute((64, 64), lambda i, j: B[i, j] * 3.0, name=\"D\")\n"
    "E = te.compute((32,), lambda i: D[i, 0] - 1.0, name=\"E\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, C, D, E]))\n";

std::unique_ptr<QMimeData> Mime(const QString& payload) {
  auto mime = std::make_unique<QMimeData>();
  mime->setData(views::GraphScene::kNodeMimeType, payload.toUtf8());
  return mime;
}

}  // namespace

class TestTirMergeMenuDrag : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

 private slots:
  void init() { QVERIFY2(Open(kProgram, "merge_tir.py"), qPrintable(w->lastMessage())); }
  void cleanup() { Close(); }

  void mergeFromTheLoopMenu() {
    const QString before = Text();
    QList<views::ParamField> asked;
    views::SetParameterAsker(Answer({{"merge_with", QStringList{"D: i"}}}, &asked));
    QVERIFY2(FromNestLoop("C", "i", "merge"), qPrintable(Status()));
    // Offered: the outer loops of B and D (E's runs 32 times; the inner loops lie deeper).
    QCOMPARE(asked.value(0).choices, QStringList({"B: i", "D: i"}));
    QCOMPARE(LastLine(Text()), QString("sch.merge(sch.get_loops(sch.get_block(\"C\"))[0], "
                                       "sch.get_loops(sch.get_block(\"D\"))[0])"));
    QCOMPARE(views::TirLoopNames(Sch(), "C"), QStringList({"i_m", "j"}));
    QCOMPARE(views::TirLoopNames(Sch(), "D"), QStringList({"i_m", "j"}));
    UndoOnce();
    QCOMPARE(Text(), before);
    QCOMPARE(views::TirLoopNames(Sch(), "D"), QStringList({"i", "j"}));
  }

  void mergeWithTwoNestsFromTheLoopGraph() {
    views::SetParameterAsker(Answer({{"merge_with", QStringList{"B: i", "D: i"}}}));
    QVERIFY2(FromLoopGraph("C", "i", "merge"), qPrintable(Status()));
    QVERIFY2(LastLine(Text()).endsWith(", sch.get_loops(sch.get_block(\"D\"))[0])"),
             qPrintable(Text()));
    for (const char* block : {"B", "C", "D"})
      QCOMPARE(views::TirLoopNames(Sch(), block).value(0), QString("i_m"));
    QCOMPARE(Steps(), 1);
  }

  void disabledWhereNoNestMatches() {
    std::unique_ptr<QMenu> menu(
        w->tirLoopNestView()->contextMenuFor(w->tirLoopNestView()->loopItem("E", "i")));
    QAction* merge = ActionNamed(menu.get(), "merge");
    QVERIFY(merge && !merge->isEnabled());
    QVERIFY2(merge->toolTip().contains("no loop of another nest"), qPrintable(merge->toolTip()));
  }

  void dropALoopOnALoopOfAnotherNest() {
    views::TirLoopNestView* nest = w->tirLoopNestView();
    QCOMPARE(nest->dropPreview("loop:C/i", nest->loopItem("D", "i"), views::TirDropPlace::On),
             QString("merge(C, i, merge_with=D: i)"));
    QVERIFY(
        nest->dropOn(Mime("loop:C/i").get(), nest->loopItem("D", "i"), views::TirDropPlace::On));
    QCOMPARE(LastLine(Text()), QString("sch.merge(sch.get_loops(sch.get_block(\"C\"))[0], "
                                       "sch.get_loops(sch.get_block(\"D\"))[0])"));
    QCOMPARE(Steps(), 1);
  }

  void dropAtAnotherDepthIsRefused() {
    views::TirLoopNestView* nest = w->tirLoopNestView();
    const QString before = Text();
    QString problem =
        nest->dropProblem("loop:C/i", nest->loopItem("D", "j"), views::TirDropPlace::On);
    QVERIFY2(problem.contains("nesting depth"), qPrintable(problem));
    QVERIFY(
        !nest->dropOn(Mime("loop:C/i").get(), nest->loopItem("D", "j"), views::TirDropPlace::On));
    // Between loops of another nest: no merge, and the message says how to merge.
    problem = nest->dropProblem("loop:C/i", nest->loopItem("D", "i"), views::TirDropPlace::Before);
    QVERIFY2(problem.contains("merge"), qPrintable(problem));
    QCOMPARE(Text(), before);
    QCOMPARE(Steps(), 0);
  }
};

}  // namespace tst_tir_merge_menu_drag

QTEST_MAIN(tst_tir_merge_menu_drag::TestTirMergeMenuDrag)
#include "tst_tir_merge_menu_drag.moc"
