// File ▸ Open as TensorIR writes the TVM release chosen in File ▸ TensorIR Spelling:
// TVM 0.20 (tir.Schedule, T.block) until the user chooses, TVM 0.26 (s_tir.Schedule,
// T.sblock) once chosen; the choice is remembered by the next window (AppSettings), and
// the document it makes is scheduled in its own spelling.
#include <QActionGroup>
#include <QSettings>
#include <QtTest>

#include "AppSettings.h"
#include "Examples.h"
#include "MainWindow.h"
#include "views/ParameterDialog.h"

namespace tst_tir_open_spelling {

using namespace tessera;
using tessera::gui::AppSettings;
using tessera::gui::MainWindow;

namespace {

QString Example(const QString& name) {
  for (const QString& f : gui::ExampleFiles())
    if (f.endsWith("/" + name)) return f;
  return QString();
}

QString FirstError(const views::DocumentState& s) {
  return s.errors.empty() ? QString() : QString::fromStdString(s.errors.front().format());
}

// The Code view's first text: the scheduled function as TVMScript.
QString TVMScriptText(const MainWindow& w) {
  const auto& passes = w.document()->state().passes;
  return passes.empty() ? QString() : QString::fromStdString(passes.front().text);
}

}  // namespace

class TestTirOpenSpelling : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;

  void openSoftmaxAsTensorIR() {
    QVERIFY(w->openExample(Example("softmax.py")).ok());
    QVERIFY(w->document()->state().schedule);
    QVERIFY2(w->openAsTensorIR().ok(), qPrintable(w->lastMessage()));
    QVERIFY2(w->document()->state().tir_schedule && w->document()->state().errors.empty(),
             qPrintable(FirstError(w->document()->state())));
  }

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_tir_open_spelling");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());
  }
  void init() {
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
  }
  void cleanup() { w.reset(); }

  void tvm020IsTheSpellingUntilTheUserChooses() {
    QAction* v20 = w->action("actionTensorIRSpelling020");
    QAction* v26 = w->action("actionTensorIRSpelling026");
    QVERIFY(v20 && v26);
    QVERIFY(v20->isChecked() && !v26->isChecked());
    QVERIFY(v20->actionGroup() && v20->actionGroup() == v26->actionGroup());
    openSoftmaxAsTensorIR();
    const QString text = w->document()->text();
    QVERIFY2(text.contains("sch = tir.Schedule(func)") && !text.contains("s_tir"),
             qPrintable(text));
    QCOMPARE(w->document()->state().program->tir_dialect, tir::TvmDialect::Tir);
    QVERIFY2(TVMScriptText(*w).contains("with T.block(\"B\")"), qPrintable(TVMScriptText(*w)));
    QVERIFY2(w->lastMessage().contains("TVM 0.20"), qPrintable(w->lastMessage()));
  }

  void tvm026WritesSTirAndIsRemembered() {
    QAction* v26 = w->action("actionTensorIRSpelling026");
    v26->trigger();
    QVERIFY(v26->isChecked());
    QVERIFY(!w->action("actionTensorIRSpelling020")->isChecked());
    QCOMPARE(AppSettings::tensorIRVersion(), 26);
    QVERIFY(w->openExample(Example("softmax.py")).ok());
    QVERIFY2(w->action("actionOpenAsTensorIR")->toolTip().contains("TVM 0.26"),
             qPrintable(w->action("actionOpenAsTensorIR")->toolTip()));
    openSoftmaxAsTensorIR();
    const QString text = w->document()->text();
    QVERIFY2(text.contains("sch = s_tir.Schedule(func)"), qPrintable(text));
    QCOMPARE(w->document()->state().program->tir_dialect, tir::TvmDialect::STir);
    QVERIFY2(TVMScriptText(*w).contains("with T.sblock(\"B\")"), qPrintable(TVMScriptText(*w)));
    QVERIFY2(w->lastMessage().contains("TVM 0.26"), qPrintable(w->lastMessage()));
    // Scheduled on in its own spelling: one more s_tir line, one undoable step.
    QVERIFY(w->applyIntent(views::Intent{"unroll", "B", {"j"}, {}}));
    QCOMPARE(w->document()->undoStack()->count(), 1);
    QVERIFY2(w->document()->state().tir_schedule && w->document()->state().errors.empty(),
             qPrintable(FirstError(w->document()->state())));
    QVERIFY(w->document()->text().contains("sch.unroll("));
    QCOMPARE(w->document()->state().program->tir_dialect, tir::TvmDialect::STir);

    // The next window starts with the choice and writes 0.26 again.
    w = std::make_unique<MainWindow>();
    w->setInteractive(false);
    QVERIFY(w->action("actionTensorIRSpelling026")->isChecked());
    QVERIFY(!w->action("actionTensorIRSpelling020")->isChecked());
    openSoftmaxAsTensorIR();
    QVERIFY(w->document()->text().contains("sch = s_tir.Schedule(func)"));

    // And back to 0.20.
    w->action("actionTensorIRSpelling020")->trigger();
    QCOMPARE(AppSettings::tensorIRVersion(), 20);
    openSoftmaxAsTensorIR();
    QVERIFY(w->document()->text().contains("sch = tir.Schedule(func)"));
  }
};

}  // namespace tst_tir_open_spelling

QTEST_MAIN(tst_tir_open_spelling::TestTirOpenSpelling)
#include "tst_tir_open_spelling.moc"
