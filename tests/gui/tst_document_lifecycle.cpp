// Issue #17 items 4, 5 and 15, over a document's life: what is selected belongs to one
// document (never leaks into the next) and is saved in its project; discarded or saved
// work is never offered for recovery again; Undo says what it undid; typing and then
// deleting it leaves the document unmodified; Simplified Chinese uses one set of terms.
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "Appearance.h"
#include "Autosave.h"
#include "MainWindow.h"
#include "views/BoundsView.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/ScriptView.h"
#include "views/StageDagView.h"

namespace tst_document_lifecycle {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

QString Write(const QTemporaryDir& dir, const QString& name, const QString& text) {
  QString path = dir.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
  f.write(text.toUtf8());
  return path;
}

// B is a compute stage here...
const char* kBComputed =
    "import tvm\nfrom tvm import te\n"
    "A = te.placeholder((16, 16), name=\"A\")\n"
    "B = te.compute((16, 16), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
    "C = te.compute((16, 16), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
    "s = te.create_schedule(C.op)\n";
// ... and an input there.
const char* kBInput =
    "import tvm\nfrom tvm import te\n"
    "B = te.placeholder((16, 16), name=\"B\")\n"
    "C = te.compute((16, 16), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
    "s = te.create_schedule(C.op)\n"
    "i, j = s[C].op.axis\n"
    "s[C].parallel(i)\n"
    "s[C].vectorize(j)\n";

}  // namespace

class TestDocumentLifecycle : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_document_lifecycle");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());
  }

  // Item 4: the stage selected in one file is forgotten when another opens, even when
  // the other has a stage of the same name (here an input).
  void theSelectionDoesNotLeakIntoTheNextDocument() {
    QTemporaryDir dir;
    QString first = Write(dir, "first.py", kBComputed), second = Write(dir, "second.py", kBInput);
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(first).ok());
    w.selection()->selectStage("B");
    QCOMPARE(w.iterVarView()->shownStage(), QString("B"));
    QVERIFY(w.openFile(second).ok());
    QVERIFY(w.selection()->stage().isEmpty());
    QCOMPARE(w.iterVarView()->shownStage(), QString("C"));  // the output, as for a fresh start
    QVERIFY2(!w.iterVarView()->note().contains("placeholder"), qPrintable(w.iterVarView()->note()));
  }

  // Item 4: a project keeps the stage in view, also when no loop is selected.
  // A script that does not evaluate, opened after another document, shows no graph of
  // the other one: there is nothing of its own to show yet.
  void aBrokenScriptShowsNoGraphOfThePreviousDocument() {
    QTemporaryDir dir;
    QString first = Write(dir, "first.py", kBComputed);
    QString broken =
        Write(dir, "broken.py",
              "import tvm\nfrom tvm import te\nA = te.placeholder((16,), name=\"A\"\nB = \n");
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(first).ok());
    QVERIFY(!w.stageDagView()->scene()->items().isEmpty());
    QVERIFY(!w.iterVarView()->scene()->items().isEmpty());
    QVERIFY(w.openFile(broken).ok());
    QVERIFY(!w.document()->state().errors.empty());
    QVERIFY(w.stageDagView()->scene()->items().isEmpty());
    QVERIFY(w.iterVarView()->scene()->items().isEmpty());
    QVERIFY(w.stageDagView()->note().contains("errors"));
  }

  void theStageIsSavedInTheProject() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(w.openFile(Write(dir, "first.py", kBComputed)).ok());
    w.selection()->selectStage("B");
    QString project = dir.filePath("first.tessera");
    QVERIFY(w.saveAs(project));
    QFile f(project);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray json = f.readAll();
    QVERIFY2(QString::fromUtf8(json).remove(' ').remove('\\').contains("\"stage\":\"B\""),
             json.constData());
    MainWindow again;
    again.setInteractive(false);
    again.show();
    QVERIFY(again.openFile(project).ok());
    QCOMPARE(again.selection()->stage(), QString("B"));
    QCOMPARE(again.iterVarView()->shownStage(), QString("B"));
  }

  // Item 5: changes discarded at close are not offered at the next start.
  void discardedWorkIsNotOfferedAgain() {
    QTemporaryDir dir;
    QString path = Write(dir, "work.py", kBComputed);
    QTest::qWait(20);
    {
      MainWindow w;
      w.setInteractive(false);
      QVERIFY(w.openFile(path).ok());
      w.document()->editScript(w.document()->text() + "# thrown away\n");
      QVERIFY(w.autosave()->saveNow());
      QVERIFY(gui::Autosave::recoverable(path));
      w.close();  // non-interactive: "Discard"
    }
    QVERIFY(!gui::Autosave::recoverable(path));
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(again.openFile(path).ok());
    QVERIFY(!again.document()->text().contains("thrown away"));
    QVERIFY(!again.document()->isModified());
  }

  // Item 5: after Save As neither the old name nor the new one has work to recover.
  void savedAsWorkIsNotOfferedAgain() {
    QTemporaryDir dir;
    QString path = Write(dir, "work.py", kBComputed);
    QTest::qWait(20);
    QString other = dir.filePath("elsewhere.py");
    {
      MainWindow w;
      w.setInteractive(false);
      QVERIFY(w.openFile(path).ok());
      w.document()->editScript(w.document()->text() + "# kept\n");
      QVERIFY(w.autosave()->saveNow());
      QVERIFY(w.saveAs(other));
    }
    QVERIFY(!gui::Autosave::recoverable(path));
    QVERIFY(!gui::Autosave::recoverable(other));
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(again.openFile(path).ok());
    QVERIFY(!again.document()->text().contains("# kept"));
  }

  // Item 15: Undo and Redo say what they did.
  void undoSaysWhatItUndid() {
    MainWindow w;
    w.setInteractive(false);
    w.document()->reset(kBComputed, "two.py");
    w.selection()->selectIterVar("C", "i");
    w.action("action_parallel")->trigger();
    w.action("actionUndo")->trigger();
    QVERIFY2(w.lastMessage().startsWith("Undid parallel"), qPrintable(w.lastMessage()));
    w.action("actionRedo")->trigger();
    QVERIFY2(w.lastMessage().startsWith("Redid parallel"), qPrintable(w.lastMessage()));
  }

  // Item 15: typing a line and deleting it again (with pauses, so in several edits)
  // leaves the document as it was: unmodified, nothing to undo.
  void typingThenDeletingLeavesTheDocumentUnmodified() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(Write(dir, "work.py", kBComputed)).ok());
    QVERIFY(!w.document()->isModified());
    QPlainTextEdit* editor = w.scriptView()->editor();
    QTextCursor end(editor->document());
    end.movePosition(QTextCursor::End);
    editor->setTextCursor(end);
    QTest::keyClicks(editor, "# a no");
    w.scriptView()->flush();
    QVERIFY(w.document()->isModified());
    QTest::keyClicks(editor, "te");
    w.scriptView()->flush();
    for (int i = 0; i < 8; ++i) QTest::keyClick(editor, Qt::Key_Backspace);
    w.scriptView()->flush();
    QCOMPARE(w.document()->text(), QString(kBComputed));
    QVERIFY(!w.document()->isModified());
    QVERIFY(!w.isWindowModified());
  }

  // Item 15: in Simplified Chinese the loop kinds are translated like every other term
  // (no "parallel" beside 实现 / 生产), and "placeholder" is the same word everywhere.
  void simplifiedChineseUsesOneSetOfTerms() {
    QVERIFY(gui::InstallTranslators("zh_CN"));
    {
      MainWindow w;
      w.setInteractive(false);
      w.document()->reset(kBInput, "input.py");
      views::LoopNestView* nest = w.loopNestView();
      QTreeWidgetItem* i = nest->loopItem("C", "i");
      QTreeWidgetItem* j = nest->loopItem("C", "j");
      QVERIFY(i && j);
      QCOMPARE(i->text(1), QCoreApplication::translate("tessera::views::LoopNestView", "parallel"));
      QVERIFY2(i->text(1) != "parallel", qPrintable(i->text(1)));
      QVERIFY2(j->text(1) != "vectorized", qPrintable(j->text(1)));
      QTreeWidgetItem* b = w.boundsView()->stageItem("B");
      QVERIFY(b);
      QCOMPARE(b->text(1), QObject::tr("placeholder"));  // the Stage DAG's word
      for (QTreeWidgetItemIterator it(nest->tree()); *it; ++it)
        for (const char* english :
             {"serial", "parallel", "vectorized", "unrolled", "produce", "realize"})
          QVERIFY2((*it)->text(1) != english, english);
    }
    QVERIFY(gui::InstallTranslators("en"));
  }
};

}  // namespace tst_document_lifecycle

QTEST_MAIN(tst_document_lifecycle::TestDocumentLifecycle)
#include "tst_document_lifecycle.moc"
