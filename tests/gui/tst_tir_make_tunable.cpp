// Make Tunable on a TensorIR document: the loop menus of the loops graph and the TensorIR
// loop nest show it disabled, with the reason (a TensorIR document is tuned over the
// design space of its blocks); an intent that asks anyway is refused with the same reason
// and changes nothing.
#include <QMenu>
#include <QtTest>

#include "Examples.h"
#include "MainWindow.h"
#include "views/MakeTunableMenu.h"
#include "views/TirLoopGraphView.h"
#include "views/TirLoopNestView.h"

namespace tst_tir_make_tunable {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

QString Example(const QString& name, bool tensorir) {
  for (const QString& f : tensorir ? gui::TensorIRExampleFiles() : gui::ExampleFiles())
    if (f.endsWith("/" + name)) return f;
  return QString();
}

QAction* ActionNamed(QMenu* menu, const QString& name) {
  for (QAction* a : menu->actions())
    if (a->objectName() == name) return a;
  return nullptr;
}

}  // namespace

class TestTirMakeTunable : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

 private slots:
  void initTestCase() { QCoreApplication::setOrganizationName("TesseraTest"); }
  void init() {
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
  }
  void cleanup() { w.reset(); }

  void makeTunableIsDisabledOnTensorIRLoopsWithTheReason() {
    QVERIFY(w->openExample(Example("gemm_tir.py", true)).ok());
    std::unique_ptr<QMenu> graphMenu(w->tirLoopView()->contextMenuFor("i_1"));
    QVERIFY(graphMenu);
    QAction* graph = ActionNamed(graphMenu.get(), "makeTunable");
    QVERIFY(graph);
    QVERIFY(!graph->isEnabled());
    QCOMPARE(graph->toolTip(), views::TirMakeTunableReason());
    QVERIFY(graph->toolTip().contains("Run ▸ Tune"));
    std::unique_ptr<QMenu> nestMenu(
        w->tirLoopNestView()->contextMenuFor(w->tirLoopNestView()->loopItem("C", "i_1")));
    QAction* nest = ActionNamed(nestMenu.get(), "makeTunable");
    QVERIFY(nest && !nest->isEnabled());
    // An intent that asks anyway gets the same reason, not a missing-schedule error.
    QString text = w->document()->text();
    QVERIFY(
        !w->applyIntent(views::Intent{"make_tunable", "C", {"i_1"}, {{"knob", QString("split")}}}));
    QCOMPARE(w->lastMessage(), views::TirMakeTunableReason());
    QCOMPARE(w->document()->text(), text);
  }
};

}  // namespace tst_tir_make_tunable

QTEST_MAIN(tst_tir_make_tunable::TestTirMakeTunable)
#include "tst_tir_make_tunable.moc"
