// No action writes over work it is not saving: File ▸ Export ▸ Script for TVM never
// proposes nor accepts the project (or any .tessera path, or the open script), View
// export writes only pictures and never the document, Save As writes only a project or
// a script. The dialogs are answered by an installed asker (SavePaths.h), which also
// records what each one proposed.
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "Examples.h"
#include "MainWindow.h"
#include "SavePaths.h"
#include "views/ParameterDialog.h"

namespace tst_no_lost_work {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

QByteArray Contents(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString Copy(const QString& from, const QString& to) {
  QFile::remove(to);
  if (!QFile::copy(from, to)) qFatal("cannot copy %s", qPrintable(from));
  QFile(to).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
  return to;
}

// What the dialog proposed last, and the answer it gives: the proposal itself (the
// user pressed Enter) unless `answer` is set.
struct Dialog {
  QString proposed;
  QString filters;
  QString answer;
  int asked = 0;
};

void Answer(Dialog& d) {
  gui::SetSavePathAsker(
      [&d](QWidget*, const QString&, const QString& proposed, const QString& filters) {
        ++d.asked;
        d.proposed = proposed;
        d.filters = filters;
        return d.answer.isEmpty() ? proposed : d.answer;
      });
}

// The shipped convolution, copied into `dir`, opened, one primitive applied and saved
// as the project `name`: the state the user was in when the export overwrote it.
QString SavedProject(MainWindow& w, const QTemporaryDir& dir, const QString& name) {
  QString script = Copy(gui::ExamplePath("conv2d.py"), dir.filePath("conv2d.py"));
  if (!w.openFile(script).ok()) qFatal("cannot open %s", qPrintable(script));
  if (!w.applyIntent(views::Intent{"split", "conv", {"y"}, {{"factor", 4}}}))
    qFatal("split refused: %s", qPrintable(w.lastMessage()));
  QString project = dir.filePath(name);
  if (!w.saveAs(project)) qFatal("cannot save %s", qPrintable(project));
  return project;
}

}  // namespace

class TestNoLostWork : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_no_lost_work");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());
    QVERIFY(!gui::ExamplePath("conv2d.py").isEmpty());
  }
  void cleanup() { gui::SetSavePathAsker(nullptr); }

  // The reported sequence: example, primitive, Save As hand.tessera, export to
  // hand.tessera. The project must still open with the primitive in it.
  void exportingOverTheProjectIsRefused() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    QString project = SavedProject(w, dir, "hand.tessera");
    QByteArray before = Contents(project);
    QVERIFY(before.startsWith("{"));
    QVERIFY(!w.exportScriptTo(project));
    QCOMPARE(Contents(project), before);
    QVERIFY2(w.lastMessage().contains("hand.tessera") && w.lastMessage().contains("open document"),
             qPrintable(w.lastMessage()));
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(again.openFile(project).ok());
    QVERIFY(again.document()->text().contains("split"));
  }

  void exportingToAnyProjectPathIsRefused() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    SavedProject(w, dir, "hand.tessera");
    QString other = dir.filePath("other.tessera");
    QVERIFY(!w.exportScriptTo(other));
    QVERIFY(!QFile::exists(other));
    QVERIFY(!w.exportScriptTo(dir.filePath("OTHER.TESSERA")));
    QVERIFY(!QFile::exists(dir.filePath("OTHER.TESSERA")));
    QVERIFY2(w.lastMessage().contains(".py"), qPrintable(w.lastMessage()));
  }

  // An edited script exported over itself would replace the file the user may still
  // want to go back to (File ▸ Save is the way to write it).
  void exportingOverTheOpenScriptIsRefused() {
    QTemporaryDir dir;
    QString script = Copy(gui::ExamplePath("conv2d.py"), dir.filePath("conv2d.py"));
    QByteArray before = Contents(script);
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(script).ok());
    QVERIFY(w.applyIntent(views::Intent{"split", "conv", {"y"}, {{"factor", 4}}}));
    QVERIFY(!w.exportScriptTo(script));
    QVERIFY(!w.exportScriptTo(dir.filePath("sub/../conv2d.py")));
    QCOMPARE(Contents(script), before);
  }

  // Ctrl+E after Save As: Enter on the proposal writes a script beside the project.
  void theExportDialogProposesAScriptBesideTheProject() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    QString project = SavedProject(w, dir, "hand.tessera");
    QByteArray before = Contents(project);
    Dialog d;
    Answer(d);
    w.action("actionExportScript")->trigger();
    QCOMPARE(d.asked, 1);
    QCOMPARE(d.proposed, dir.filePath("hand_tvm.py"));
    QCOMPARE(d.filters, QString("Python (*.py)"));
    QCOMPARE(Contents(project), before);
    QString exported = QString::fromUtf8(Contents(dir.filePath("hand_tvm.py")));
    QVERIFY(exported.contains("split") && exported.contains("te.create_schedule"));
    // Typing the project's name instead is refused, and nothing is written.
    d.answer = project;
    w.action("actionExportScript")->trigger();
    QCOMPARE(Contents(project), before);
    QVERIFY(w.lastMessage().startsWith("Not exported"));
  }

  void anUntitledExampleIsProposedUnderItsOwnStem() {
    QCOMPARE(gui::ProposedScriptExport(QString(), "conv2d.py (example)"),
             QDir::current().filePath("conv2d_tvm.py"));
    QCOMPARE(gui::ProposedScriptExport("/work/k/dw.py", "dw.py"), QString("/work/k/dw_tvm.py"));
    QVERIFY(gui::ScriptExportProblem("/work/k/dw_tvm.py", "/work/k/dw.py").isEmpty());
    QVERIFY(!gui::ScriptExportProblem("/work/k/dw.py", "/work/k/dw.py").isEmpty());
    QVERIFY(!gui::ScriptExportProblem("/work/k/x/../dw.py", "/work/k/dw.py").isEmpty());
  }

  // A view is exported as a picture only: a project name would be truncated by the
  // image writer (it opens the file before it finds no encoder for the suffix).
  void aViewIsExportedOnlyAsAPictureBesideTheDocument() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    w.resize(1280, 800);
    w.show();
    QString project = SavedProject(w, dir, "hand.tessera");
    QByteArray before = Contents(project);
    Dialog d;
    Answer(d);
    w.action("actionExportView")->trigger();
    QCOMPARE(d.asked, 1);
    QVERIFY2(d.proposed.startsWith(dir.filePath("hand-")) && d.proposed.endsWith(".png"),
             qPrintable(d.proposed));
    QVERIFY(QFile::exists(d.proposed));
    for (const QString& target :
         {project, dir.filePath("other.tessera"), dir.filePath("picture.py")}) {
      d.answer = target;
      w.action("actionExportView")->trigger();
      QVERIFY2(w.lastMessage().startsWith("Not exported"), qPrintable(w.lastMessage()));
    }
    QCOMPARE(Contents(project), before);
    QVERIFY(!QFile::exists(dir.filePath("other.tessera")));
    QVERIFY(!QFile::exists(dir.filePath("picture.py")));
    d.answer = dir.filePath("dag.svg");
    w.action("actionExportView")->trigger();
    QVERIFY(Contents(dir.filePath("dag.svg")).contains("<svg"));
  }

  // Save As proposes a project beside the document; it writes only projects and
  // scripts, and a name without a suffix becomes a project.
  void saveAsWritesOnlyProjectsAndScripts() {
    QTemporaryDir dir;
    QString script = Copy(gui::ExamplePath("conv2d.py"), dir.filePath("conv2d.py"));
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(script).ok());
    Dialog d;
    Answer(d);
    d.answer = dir.filePath("notes.png");
    QVERIFY(!w.saveAs(QString()));
    QCOMPARE(d.proposed, dir.filePath("conv2d.tessera"));
    QVERIFY(!QFile::exists(dir.filePath("notes.png")));
    QVERIFY(w.lastMessage().startsWith("Not saved"));
    d.answer = dir.filePath("kept");
    QVERIFY(w.saveAs(QString()));
    QVERIFY(Contents(dir.filePath("kept.tessera")).startsWith("{"));
    QCOMPARE(w.document()->path(), dir.filePath("kept.tessera"));
  }
};

}  // namespace tst_no_lost_work

QTEST_MAIN(tst_no_lost_work::TestNoLostWork)
#include "tst_no_lost_work.moc"
