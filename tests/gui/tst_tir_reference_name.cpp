// What a TensorIR document's checks are against, in the Tune dock: a TVMScript function
// (no te definition) is checked against the unscheduled function run by the IR
// interpreter, a function of te.create_prim_func and a te program against the te oracle.
#include <QTableWidget>
#include <QtTest>

#include "Examples.h"
#include "MainWindow.h"
#include "views/ReferenceName.h"
#include "views/TuneView.h"

namespace tst_tir_reference_name {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

QString Example(const QString& name, bool tensorir) {
  for (const QString& f : tensorir ? gui::TensorIRExampleFiles() : gui::ExampleFiles())
    if (f.endsWith("/" + name)) return f;
  return QString();
}

}  // namespace

class TestTirReferenceName : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

 private slots:
  void initTestCase() { QCoreApplication::setOrganizationName("TesseraTest"); }
  void init() {
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
  }
  void cleanup() { w.reset(); }

  void theTuneDockNamesTheReference() {
    tune::TuningRecord record;
    record.id = 7;
    record.script = "sch = tir.Schedule(f)\n";
    record.gflops = 10;
    record.median_ms = 1;
    record.checked = true;
    auto checkedText = [this] {
      return w->tuneView()->table()->item(0, 4)->text();  // the "checked" column
    };
    // TVMScript: no te definition, so the IR interpreter runs the unscheduled function.
    QVERIFY(w->openExample(Example("matmul_tvmscript.py", true)).ok());
    w->tuneView()->setCandidates({record});
    QCOMPARE(checkedText(), QString("agrees with the unscheduled function (IR interpreter)"));
    QCOMPARE(views::ReferenceName(w->document()->state()),
             QString("the unscheduled function (IR interpreter)"));
    // te.create_prim_func: the te definition is the oracle.
    QVERIFY(w->openExample(Example("gemm_tir.py", true)).ok());
    w->tuneView()->setCandidates({record});
    QCOMPARE(checkedText(), QString("agrees with the te oracle"));
    QVERIFY(w->openExample(Example("gemm.py", false)).ok());
    QCOMPARE(views::ReferenceName(w->document()->state()), QString("the te oracle"));
  }
};

}  // namespace tst_tir_reference_name

QTEST_MAIN(tst_tir_reference_name::TestTirReferenceName)
#include "tst_tir_reference_name.moc"
