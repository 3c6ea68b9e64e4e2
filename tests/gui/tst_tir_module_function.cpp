// View ▸ TensorIR Function: a module of several functions shows the one chosen, the
// choice holds across primitives and undo while the module has it, and the primitives
// applied from the views name that function (get_block's func_name), leaving the others
// as they were.
#include <QAction>
#include <QMenu>
#include <QtTest>

#include "MainWindow.h"
#include "TirMenuFixture.h"
#include "ViewState.h"
#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "views/TirIntents.h"
#include "views/TirLoopNestView.h"

namespace tst_tir_module_function {

using namespace tessera;
using tessera::testing::LastLine;

namespace {

// Two functions, both with a block "B": f over 8 elements, g over 4 x 16.
const QString kModule =
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "from tvm import tir\n"
    "\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def f(A: T.Buffer((8,), \"float32\"), B: T.Buffer((8,), \"float32\")):\n"
    "        for i in range(8):\n"
    "            with T.block(\"B\"):\n"
    "                vi = T.axis.spatial(8, i)\n"
    "                B[vi] = A[vi] + T.float32(1)\n"
    "\n"
    "    @T.prim_func\n"
    "    def g(A: T.Buffer((4, 16), \"float32\"), B: T.Buffer((4, 16), \"float32\")):\n"
    "        for i, j in T.grid(4, 16):\n"
    "            with T.block(\"B\"):\n"
    "                vi, vj = T.axis.remap(\"SS\", [i, j])\n"
    "                B[vi, vj] = A[vi, vj] * T.float32(3)\n"
    "\n";

const QString kScheduled = kModule + "sch = tir.Schedule(Module)\nsch.work_on(\"f\")\n";

}  // namespace

class TirModuleFunctionTest : public QObject, protected testing::TirMenuWindow {
  Q_OBJECT

  QMenu* Menu() const { return w->findChild<QMenu*>("menuTensorIRFunction"); }
  QAction* Item(const QString& name) const {
    return w->findChild<QAction*>("actionTensorIRFunction_" + name);
  }
  QString Shown() const { return w->document()->shownTirFunction(); }
  // The module's function `name` as the document holds it, printed as TVMScript.
  QString Printed(const QString& name) const {
    for (const auto& [f, func] : w->document()->state().program->tir_module)
      if (QString::fromStdString(f) == name) return QString::fromStdString(tir::AsTVMScript(func));
    return QString();
  }

 private slots:
  void cleanup() { Close(); }

  void menuListsTheFunctionsWithTheShownOneChecked() {
    QVERIFY(Open(kScheduled, "module.py"));
    QVERIFY(Menu());
    QVERIFY(Menu()->menuAction()->isVisible());
    QCOMPARE(Menu()->actions().size(), 2);
    QVERIFY(Item("f") && Item("g"));
    QVERIFY(Item("f")->isChecked());
    QVERIFY(!Item("g")->isChecked());
    QCOMPARE(Shown(), QString("f"));
  }

  void choosingAFunctionShowsItsLoops() {
    QVERIFY(Open(kScheduled, "module.py"));
    QCOMPARE(views::TirLoopNames(Sch(), "B"), QStringList({"i"}));
    QVERIFY(!w->tirLoopNestView()->loopItem("B", "j"));
    Item("g")->trigger();
    QCOMPARE(Shown(), QString("g"));
    QCOMPARE(QString::fromStdString(Sch().func_name()), QString("g"));
    QCOMPARE(views::TirLoopNames(Sch(), "B"), QStringList({"i", "j"}));
    QVERIFY(w->tirLoopNestView()->loopItem("B", "j"));
    QVERIFY(Item("g")->isChecked());
    QVERIFY(!Item("f")->isChecked());
    // Choosing changes no text and adds no undo step.
    QCOMPARE(Text(), kScheduled);
    QCOMPARE(Steps(), 0);
  }

  void primitiveActsOnTheShownFunctionOnly() {
    QVERIFY(Open(kScheduled, "module.py"));
    Item("g")->trigger();
    QString f = Printed("f");
    QVERIFY(FromNestLoop("B", "i", "parallel"));
    // A bare get_block would look in f, the script's work_on function. TVM 0.20 runs this
    // line on the script and parallelizes g's i only; its trace prints
    // sch.get_block(name="B", func_name="g").
    QCOMPARE(LastLine(Text()),
             QString("sch.parallel(sch.get_loops(sch.get_block(\"B\", func_name=\"g\"))[0])"));
    QCOMPARE(Shown(), QString("g"));
    QVERIFY(Printed("g").contains("T.parallel(4)"));
    QCOMPARE(Printed("f"), f);
    QVERIFY(!f.contains("T.parallel"));
    // Undo keeps the choice; f comes back when chosen.
    UndoOnce();
    QCOMPARE(Text(), kScheduled);
    QCOMPARE(Shown(), QString("g"));
    QVERIFY(!Printed("g").contains("T.parallel"));
    Item("f")->trigger();
    QCOMPARE(Shown(), QString("f"));
    QVERIFY(Item("f")->isChecked());
    QVERIFY(FromNestLoop("B", "i", "parallel"));
    QCOMPARE(LastLine(Text()),
             QString("sch.parallel(sch.get_loops(sch.get_block(\"B\", func_name=\"f\"))[0])"));
    QVERIFY(Printed("f").contains("T.parallel(8)"));
  }

  void choiceHoldsAcrossEditsUntilTheFunctionIsGone() {
    QVERIFY(Open(kScheduled, "module.py"));
    Item("g")->trigger();
    w->document()->editScript(kScheduled + "# a comment\n");
    QCOMPARE(Shown(), QString("g"));
    QString renamed = kScheduled;
    renamed.replace("def g(", "def h(");
    w->document()->editScript(renamed);
    QCOMPARE(Shown(), QString("f"));
    QVERIFY(w->document()->tirFunction().isEmpty());
    QVERIFY2(Status().contains("g"), qPrintable(Status()));
    QVERIFY(Item("h") && Item("f")->isChecked());
    // The name coming back later does not bring the old choice back.
    w->document()->editScript(kScheduled);
    QCOMPARE(Shown(), QString("f"));
  }

  void unscheduledModuleShowsItsFirstFunctionUntilOneIsChosen() {
    QVERIFY(Open(kModule, "module.py"));
    QCOMPARE(Shown(), QString("f"));
    QVERIFY(Menu()->menuAction()->isVisible());
    Item("g")->trigger();
    QCOMPARE(Shown(), QString("g"));
    QCOMPARE(views::TirLoopNames(Sch(), "B"), QStringList({"i", "j"}));
    // The first primitive makes the schedule the script lacks, over the module.
    QVERIFY(FromNestLoop("B", "i", "parallel"));
    QVERIFY2(Text().endsWith("import tvm\nsch = tvm.tir.Schedule(Module)\n"
                             "sch.parallel(sch.get_loops(sch.get_block(\"B\", "
                             "func_name=\"g\"))[0])\n"),
             qPrintable(Text()));
    QCOMPARE(Shown(), QString("g"));
    QVERIFY(Printed("g").contains("T.parallel(4)"));
    UndoOnce();
    QCOMPARE(Text(), kModule);
  }

  // A TVMScript function as written (0.24+'s tirx spelling): a primitive from the views
  // makes its schedule, in the file's spelling, then applies.
  void aBareFunctionGetsItsScheduleFromTheFirstPrimitive() {
    const QString bare =
        "import tvm\n"
        "from tvm.script import tirx as T\n"
        "\n"
        "@T.prim_func(s_tir=True)\n"
        "def scale(A: T.Buffer((4, 16), \"float32\"), B: T.Buffer((4, 16), \"float32\")):\n"
        "    for i, j in T.grid(4, 16):\n"
        "        with T.sblock(\"B\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            B[vi, vj] = A[vi, vj] * T.float32(3)\n";
    QVERIFY(Open(bare, "scale.py"));
    QVERIFY(FromNestLoop("B", "i", "parallel"));
    QCOMPARE(Text(), bare +
                         "sch = tvm.s_tir.Schedule(scale)\n"
                         "sch.parallel(sch.get_loops(sch.get_sblock(\"B\"))[0])\n");
    QVERIFY(Printed("main").contains("T.parallel(4)") ||
            Printed("scale").contains("T.parallel(4)"));
  }

  // A project remembers the function shown; a name the module lost is skipped.
  void theViewStateKeepsTheShownFunction() {
    QVERIFY(Open(kScheduled, "module.py"));
    Item("g")->trigger();
    std::string state = gui::CaptureViewState(*w);
    QVERIFY2(state.find("\"tir_function\":\"g\"") != std::string::npos, state.c_str());
    QVERIFY(Open(kScheduled, "module.py"));
    QCOMPARE(Shown(), QString("f"));
    gui::ApplyViewState(*w, state);
    QCOMPARE(Shown(), QString("g"));
    QVERIFY(Item("g")->isChecked());
    QVERIFY(Open(kScheduled, "module.py"));
    gui::ApplyViewState(*w, "{\"tir_function\": \"gone\"}");
    QCOMPARE(Shown(), QString("f"));
  }

  void oneFunctionHidesTheMenu() {
    QString single = kModule;
    single.truncate(single.indexOf("    @T.prim_func\n    def g("));
    QVERIFY(Open(single + "sch = tir.Schedule(Module)\n", "single.py"));
    QVERIFY(!Menu()->menuAction()->isVisible());
    // An unknown choice is no choice: the script's function stays.
    w->document()->setTirFunction("nope");
    QCOMPARE(QString::fromStdString(Sch().func_name()), QString("f"));
  }

  void openingAnotherDocumentForgetsTheChoice() {
    QVERIFY(Open(kScheduled, "module.py"));
    Item("g")->trigger();
    w->document()->reset(kScheduled, "again.py");
    QVERIFY(w->document()->tirFunction().isEmpty());
    QCOMPARE(Shown(), QString("f"));
  }
};

}  // namespace tst_tir_module_function

QTEST_MAIN(tst_tir_module_function::TirModuleFunctionTest)
#include "tst_tir_module_function.moc"
