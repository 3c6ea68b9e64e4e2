// The main window: opens the built-in GEMM example, has every dock of DESIGN.md,
// keeps its settings, refuses corrupt files, undoes script edits.
#include <qcustomplot.h>

#include <QDockWidget>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "AppSettings.h"
#include "Appearance.h"
#include "Autosave.h"
#include "MainWindow.h"
#include "views/BoundsView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/ProfileView.h"
#include "views/ScriptView.h"
#include "views/TuneView.h"

namespace tst_main_window {

using namespace tessera;
using tessera::gui::AppSettings;
using tessera::gui::MainWindow;

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_main_window");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());  // dialogs answer themselves
  }

  void opensTheGemmExampleAtStartup() {
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(QString());
    // An untitled copy of the shipped example (#17 item 12): Save never writes over it.
    QCOMPARE(w.document()->displayName(), QString("gemm.py (example)"));
    QVERIFY(w.document()->path().isEmpty());
    QVERIFY(w.document()->text().contains("te.compute"));
    QCOMPARE(w.scriptView()->text(), w.document()->text());
    QVERIFY2(w.document()->state().errors.empty(),
             w.document()->state().errors.empty()
                 ? ""
                 : w.document()->state().errors.front().format().c_str());
  }

  void opensAFileGivenOnTheCommandLine() {
    QTemporaryDir dir;
    QString path = dir.filePath("small.py");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("import tvm\nfrom tvm import te\nA = te.placeholder((4,), name=\"A\")\n");
    f.close();
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(path);
    QCOMPARE(w.document()->path(), QFileInfo(path).absoluteFilePath());
    QVERIFY(AppSettings::recentFiles().contains(QFileInfo(path).absoluteFilePath()));
  }

  void hasEveryDock_data() {
    QTest::addColumn<QString>("name");
    for (const char* n : {"ScriptDock", "StageDagDock", "IterVarDock", "LoopNestDock",
                          "BufferLayoutDock", "BoundsDock", "CodeDock", "ProfileDock"})
      QTest::newRow(n) << QString(n);
  }
  void hasEveryDock() {
    QFETCH(QString, name);
    MainWindow w;
    QDockWidget* d = w.dock(name);
    QVERIFY(d);
    QVERIFY(d->widget());
    QVERIFY(qobject_cast<views::ViewBase*>(d->widget()));
    // Every dock can be toggled from the View menu.
    bool inViewMenu = false;
    for (QAction* menu : w.menuBar()->actions())
      if (menu->menu())
        for (QAction* a : menu->menu()->actions()) inViewMenu |= a == d->toggleViewAction();
    QVERIFY(inViewMenu);
  }

  void hasTheMenusAndActions_data() {
    QTest::addColumn<QString>("action");
    for (const char* a :
         {"actionOpen", "actionSave", "actionSaveAs", "actionExportScript", "actionExportView",
          "actionQuit", "actionUndo", "actionRedo", "action_split", "action_fuse", "action_reorder",
          "action_compute_at", "actionRunCpu", "actionProfile", "actionCancel", "actionDarkPalette",
          "actionLanguage_zh_CN", "actionAbout"})
      QTest::newRow(a) << QString(a);
  }
  void hasTheMenusAndActions() {
    QFETCH(QString, action);
    MainWindow w;
    QVERIFY(w.action(action));
  }

  void dockLayoutSurvivesARestart() {
    {
      MainWindow w;
      w.dock("ProfileDock")->setFloating(false);
      w.dock("BoundsDock")->hide();
      w.saveSettings();
    }
    MainWindow again;
    QVERIFY(again.dock("BoundsDock")->isHidden());
    QVERIFY(!again.dock("CodeDock")->isHidden());
    again.dock("BoundsDock")->show();
    again.saveSettings();
  }

  // View ▸ Reset Layout undoes what a session did to the docks: hidden, floated,
  // moved out of their tab group; and the reset layout is the one saved.
  void resetLayoutBringsBackTheDefaultDocks() {
    MainWindow w;
    w.setInteractive(false);
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QAction* reset = w.action("actionResetLayout");
    QVERIFY(reset);
    w.dock("ScriptDock")->hide();
    w.dock("StageDagDock")->setFloating(true);
    w.addDockWidget(Qt::BottomDockWidgetArea, w.dock("TuneDock"));
    w.addDockWidget(Qt::BottomDockWidgetArea, w.dock("RooflineDock"));
    reset->trigger();
    QVERIFY(w.dock("ScriptDock")->isVisible());
    QVERIFY(!w.dock("StageDagDock")->isFloating());
    QCOMPARE(w.dockWidgetArea(w.dock("ScriptDock")), Qt::LeftDockWidgetArea);
    QVERIFY(w.tabifiedDockWidgets(w.dock("BoundsDock")).contains(w.dock("TuneDock")));
    QVERIFY(w.tabifiedDockWidgets(w.dock("ProfileDock")).contains(w.dock("RooflineDock")));
    w.saveSettings();
    MainWindow again;
    QVERIFY(!again.dock("ScriptDock")->isHidden());
    QVERIFY(!again.dock("StageDagDock")->isFloating());
  }

  void settingsRoundTrip() {
    AppSettings::setPalette(gui::PaletteMode::Dark);
    QCOMPARE(AppSettings::palette(), gui::PaletteMode::Dark);
    AppSettings::setPalette(gui::PaletteMode::Light);
    QCOMPARE(AppSettings::palette(), gui::PaletteMode::Light);
    AppSettings::setLanguage("zh_CN");
    QCOMPARE(AppSettings::language(), QString("zh_CN"));
    AppSettings::setLanguage("klingon");
    QCOMPARE(AppSettings::language(), QString("en"));
    AppSettings::setLanguage("en");
  }

  void simplifiedChineseTranslatesTheWindowAndTheViews() {
    QVERIFY(gui::InstallTranslators("zh_CN"));
    {
      MainWindow w;
      QCOMPARE(w.menuBar()->actions().first()->text(), QString::fromUtf8("文件(&F)"));
      QCOMPARE(w.dock("StageDagDock")->windowTitle(), QString::fromUtf8("阶段 DAG"));
      QCOMPARE(w.action("action_split")->text(), QString::fromUtf8("拆分(&S)…"));
      QCOMPARE(QCoreApplication::translate("tessera::views::BufferLayoutView", "Physical"),
               QString::fromUtf8("物理"));
      QCOMPARE(QCoreApplication::translate("tessera::views::PrimitiveText", "Compute Inline"),
               QString::fromUtf8("内联计算"));
    }
    QVERIFY(gui::InstallTranslators("en"));
    MainWindow english;
    QCOMPARE(english.menuBar()->actions().first()->text(), QString("&File"));
  }

  // Simplified Chinese covers every dock (Tune and Roofline too), the loop nest's headers,
  // the Tune dock's buttons and Qt's own texts (standard buttons, file dialogs: qtbase's
  // translation, from the qt6-translations-l10n package); the shipped translation has no
  // unfinished entry.
  void simplifiedChineseIsComplete() {
    QVERIFY(gui::InstallTranslators("zh_CN"));
    {
      MainWindow w;
      for (QDockWidget* d : w.findChildren<QDockWidget*>()) {
        QString title = d->windowTitle();
        QVERIFY2(!title.isEmpty() && title.toUtf8() != title.toLatin1(),
                 qPrintable(d->objectName() + ": " + title));
      }
      QCOMPARE(w.dock("TuneDock")->windowTitle(), QString::fromUtf8("调优"));
      QCOMPARE(w.dock("RooflineDock")->windowTitle(), QString::fromUtf8("屋顶线"));
      QTreeWidgetItem* header = w.loopNestView()->tree()->headerItem();
      for (int c = 0; c < header->columnCount(); ++c)
        QVERIFY2(header->text(c).toUtf8() != header->text(c).toLatin1(),
                 qPrintable(header->text(c)));
      QPushButton* start = w.tuneView()->findChild<QPushButton*>("tuneStart");
      QVERIFY(start);
      QCOMPARE(start->text(), QString::fromUtf8("开始"));
    }
    QString qtbase = QLibraryInfo::path(QLibraryInfo::TranslationsPath) + "/qtbase_zh_CN.qm";
    QVERIFY2(QFileInfo::exists(qtbase),
             qPrintable(qtbase + " is missing (apt-get install qt6-translations-l10n)"));
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QString::fromUtf8("取消"));
    QVERIFY(QCoreApplication::translate("QFileDialog", "Look in:") != QString("Look in:"));
    QVERIFY(gui::InstallTranslators("en"));
    QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QString("Cancel"));

    const QString root = qEnvironmentVariable("TESSERA_SOURCE_DIR");  // CTest sets it
    QVERIFY2(!root.isEmpty(), "TESSERA_SOURCE_DIR is not set");
    QFile ts(root + "/translations/tessera_zh_CN.ts");
    QVERIFY(ts.open(QIODevice::ReadOnly));
    QByteArray text = ts.readAll();
    QCOMPARE(text.count("type=\"unfinished\""), 0);
  }

  // View > Language switches live: menus, actions, dock titles, the views' headers and
  // their state-made texts follow at once, and back again; the choice is saved.
  void languageChangesWithoutARestart() {
    QVERIFY(gui::InstallTranslators("en"));
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(QString());
    w.show();
    w.selection()->selectIterVar("C", "k.inner");
    w.action("action_unroll")->trigger();  // an undo entry, so Undo has a text
    QString undoText = w.action("actionUndo")->text();
    QVERIFY2(undoText.startsWith("&Undo ") && undoText.contains("unroll"), qPrintable(undoText));
    w.action("actionLanguage_zh_CN")->trigger();
    QTRY_COMPARE(w.menuBar()->actions().first()->text(), QString::fromUtf8("文件(&F)"));
    QCOMPARE(AppSettings::language(), QString("zh_CN"));
    QCOMPARE(gui::CurrentLanguage(), QString("zh_CN"));
    QCOMPARE(w.dock("StageDagDock")->windowTitle(), QString::fromUtf8("阶段 DAG"));
    QCOMPARE(w.action("action_split")->text(), QString::fromUtf8("拆分(&S)…"));
    QVERIFY2(w.action("actionUndo")->text().startsWith(QString::fromUtf8("撤销 ")),
             qPrintable(w.action("actionUndo")->text()));
    QCOMPARE(w.boundsView()->stageTree()->headerItem()->text(0),
             QString::fromUtf8("阶段 / 迭代变量"));
    QCOMPARE(w.loopNestView()->tree()->headerItem()->text(0), QString::fromUtf8("语句"));
    QCOMPARE(w.profileView()->timeAxis()->label(), QString::fromUtf8("时间（毫秒）"));
    QVERIFY(w.action("actionLanguage_zh_CN")->isChecked());
    QVERIFY(w.lastMessage().contains(QString::fromUtf8("简体中文")));
    // The document is untouched by the switch.
    QCOMPARE(w.document()->undoStack()->count(), 1);

    w.action("actionLanguage_en")->trigger();
    QTRY_COMPARE(w.menuBar()->actions().first()->text(), QString("&File"));
    QCOMPARE(w.dock("StageDagDock")->windowTitle(), QString("Stage DAG"));
    QCOMPARE(w.boundsView()->stageTree()->headerItem()->text(0), QString("Stage / IterVar"));
    QCOMPARE(AppSettings::language(), QString("en"));
  }

  void recentFilesAreMostRecentFirstWithoutDuplicates() {
    QSettings().remove("file/recent");
    for (int i = 0; i < 12; ++i) AppSettings::addRecentFile(QString("/tmp/f%1.py").arg(i));
    AppSettings::addRecentFile("/tmp/f5.py");
    QStringList files = AppSettings::recentFiles();
    QCOMPARE(files.size(), AppSettings::kMaxRecentFiles);
    QCOMPARE(files.first(), QString("/tmp/f5.py"));
    QCOMPARE(files.count("/tmp/f5.py"), 1);
    QCOMPARE(files[1], QString("/tmp/f11.py"));
  }

  void openingACorruptFileShowsAnErrorAndKeepsTheDocument() {
    QTemporaryDir dir;
    QString path = dir.filePath("corrupt.py");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray("A = te.placeholder(\0\0\xff\xfe", 24));
    f.close();
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(QString());
    QString before = w.document()->text();
    Status st = w.openFile(path);
    QVERIFY(!st.ok());
    QVERIFY(w.lastMessage().contains("corrupt.py"));
    QVERIFY(w.lastMessage().contains("binary"));
    QCOMPARE(w.document()->text(), before);
    QVERIFY(!w.openFile(dir.filePath("missing.py")).ok());
    QVERIFY(w.lastMessage().contains("missing.py"));
  }

  // A program that tunes (TVM's autotvm tutorial) opens without starting a tuning job:
  // the window evaluates the program after every edit, so its tune call is skipped and
  // apply_history_best of the log it would have written gives the template's fallback
  // configuration (before, each evaluation tuned and wrote the log).
  void aProgramThatTunesOpensWithoutTuning() {
    QTemporaryDir dir;
    const QString log = dir.filePath("matmul.log");
    const QString path = dir.filePath("tuning.py");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QString("import tvm\nfrom tvm import te\nfrom tvm import autotvm\n\n"
                    "@autotvm.template(\"gui/matmul\")\n"
                    "def matmul(N, L, M, dtype):\n"
                    "    A = te.placeholder((N, L), name=\"A\", dtype=dtype)\n"
                    "    B = te.placeholder((L, M), name=\"B\", dtype=dtype)\n"
                    "    k = te.reduce_axis((0, L), name=\"k\")\n"
                    "    C = te.compute((N, M), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), "
                    "name=\"C\")\n"
                    "    s = te.create_schedule(C.op)\n"
                    "    y, x = s[C].op.axis\n"
                    "    cfg = autotvm.get_config()\n"
                    "    cfg.define_split(\"tile_y\", y, num_outputs=2)\n"
                    "    yo, yi = cfg[\"tile_y\"].apply(s, C, y)\n"
                    "    return s, [A, B, C]\n\n"
                    "task = autotvm.task.create(\"gui/matmul\", args=(32, 32, 32, \"float32\"), "
                    "target=\"llvm\")\n"
                    "tuner = autotvm.tuner.RandomTuner(task)\n"
                    "tuner.tune(n_trial=4, callbacks=[autotvm.callback.log_to_file(\"%1\")])\n"
                    "with autotvm.apply_history_best(\"%1\"):\n"
                    "    s, args = matmul(32, 32, 32, \"float32\")\n"
                    "print(tvm.lower(s, args, simple_mode=True))\n")
                .arg(log)
                .toUtf8());
    f.close();
    MainWindow w;
    w.setInteractive(false);
    QVERIFY(w.openFile(path).ok());
    const auto& state = w.document()->state();
    QVERIFY2(state.errors.empty(),
             state.errors.empty() ? "" : state.errors.front().format().c_str());
    QVERIFY(state.schedule);
    QVERIFY(!QFile::exists(log));  // nothing was tuned
    // An edit evaluates again, still without tuning.
    w.scriptView()->editor()->appendPlainText("# edited");
    w.scriptView()->flush();
    QVERIFY(w.document()->state().errors.empty());
    QVERIFY(!QFile::exists(log));
  }

  void scriptEditsAreUndoneAndRedone() {
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(QString());
    QString original = w.document()->text();
    w.scriptView()->editor()->appendPlainText("# a comment");
    w.scriptView()->flush();
    QVERIFY(w.document()->text().endsWith("# a comment"));
    QVERIFY(w.document()->isModified());
    w.action("actionUndo")->trigger();
    QCOMPARE(w.document()->text(), original);
    QCOMPARE(w.scriptView()->text(), original);
    w.action("actionRedo")->trigger();
    QVERIFY(w.document()->text().endsWith("# a comment"));
  }

  void unsavedChangesAreAutosavedAndRecovered() {
    QTemporaryDir dir;
    QString path = dir.filePath("work.py");
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("import tvm\nfrom tvm import te\nA = te.placeholder((4,), name=\"A\")\n");
    }
    QTest::qWait(20);  // the autosave must be newer than the file
    {
      MainWindow w;
      w.setInteractive(false);
      QVERIFY(w.openFile(path).ok());
      QVERIFY(!w.autosave()->saveNow());  // nothing to save while clean
      w.document()->editScript(w.document()->text() + "# unsaved\n");
      QVERIFY(w.autosave()->saveNow());
      QVERIFY(QFile::exists(gui::Autosave::fileFor(path)));
    }  // "crash": the window goes without saving or closing
    MainWindow again;
    again.setInteractive(false);
    QVERIFY(again.openFile(path).ok());
    QVERIFY(again.document()->text().endsWith("# unsaved\n"));
    QVERIFY(again.document()->isModified());
    QVERIFY(again.save());
    QVERIFY(!QFile::exists(gui::Autosave::fileFor(path)));
    QVERIFY(!gui::Autosave::recoverable(path));
  }

  // File > Save As with a .tessera name writes a project; opening it restores the
  // script, the selection, the dock layout and the profile history.
  void aProjectKeepsTheScriptTheViewsAndTheProfiles() {
    QTemporaryDir dir;
    QString path = dir.filePath("gemm.tessera");
    QString script;
    {
      MainWindow w;
      w.setInteractive(false);
      w.openStartupFile(QString());
      w.show();
      w.selection()->selectIterVar("C", "k.inner");
      w.action("action_unroll")->trigger();
      w.selection()->selectIterVar("C", "j.inner");
      w.document()->addProfile({"#1 unroll", "llvm", 0.004, 512.0});
      w.dock("BoundsDock")->hide();
      script = w.document()->text();
      QVERIFY(w.saveAs(path));
      QVERIFY(!w.document()->isModified());
      QCOMPARE(w.document()->displayName(), QString("gemm.tessera"));
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray json = f.readAll();
    QVERIFY(json.contains("\"format\": \"tessera-project\""));
    QVERIFY2(json.contains("unroll"), json.constData());  // the trace lines

    MainWindow again;
    again.setInteractive(false);
    again.show();
    QVERIFY2(again.openFile(path).ok(), qPrintable(again.lastMessage()));
    QCOMPARE(again.document()->text(), script);
    QVERIFY(!again.document()->isModified());
    QCOMPARE(again.selection()->stage(), QString("C"));
    QCOMPARE(again.selection()->iterVar(), QString("j.inner"));
    QVERIFY(again.dock("BoundsDock")->isHidden());
    QCOMPARE(int(again.document()->state().profiles.size()), 1);
    QCOMPARE(again.document()->state().profiles[0].gflops, 512.0);
    QVERIFY(AppSettings::recentFiles().contains(QFileInfo(path).absoluteFilePath()));
    // Opening another file starts its own profile history.
    QVERIFY(again.openFile(path).ok());
    QCOMPARE(int(again.document()->state().profiles.size()), 1);
    again.dock("BoundsDock")->show();
    again.saveSettings();
  }

  // A corrupt, foreign or newer project is refused through the real open path: the
  // message is shown in a dialog and in the status bar, the document stays as it was.
  void openingABadProjectShowsWhyAndKeepsTheDocument_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QTest::newRow("truncated JSON") << QByteArray("{\"format\": \"tessera-project\", \"vers") << "";
    QTest::newRow("unknown format")
        << QByteArray("{\"format\": \"something-else\", \"version\": 1, \"script\": \"\"}")
        << "not a Tessera project";
    QTest::newRow("newer version")
        << QByteArray("{\"format\": \"tessera-project\", \"version\": 99, \"script\": \"\"}")
        << "newer Tessera";
    QTest::newRow("binary") << QByteArray("\x00\x01\xff{", 4) << "binary";
  }
  void openingABadProjectShowsWhyAndKeepsTheDocument() {
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QString path = dir.filePath("bad.tessera");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(QString());
    w.show();
    QString before = w.document()->text(), beforePath = w.document()->path();
    w.setInteractive(true);  // the real path: a dialog (window-modal, so it does not block)
    QVERIFY(!w.openFile(path).ok());
    QVERIFY2(w.lastMessage().contains("bad.tessera") && w.lastMessage().contains(expected),
             qPrintable(w.lastMessage()));
    QCOMPARE(w.statusBar()->currentMessage(), w.lastMessage());
    QMessageBox* box = w.findChild<QMessageBox*>();
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->text(), w.lastMessage());
    box->accept();
    QCOMPARE(w.document()->text(), before);
    QCOMPARE(w.document()->path(), beforePath);
    QVERIFY(!AppSettings::recentFiles().contains(path));
  }

  void aScriptErrorReachesTheStatusBar() {
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(QString());
    w.scriptView()->editor()->appendPlainText("s[C].split(");
    w.scriptView()->flush();
    QVERIFY(!w.document()->state().errors.empty());
    QVERIFY2(w.lastMessage().contains("error:"), qPrintable(w.lastMessage()));
    QCOMPARE(w.scriptView()->errorSelections().size(), 1);
  }

  void savesAtomicallyAndBecomesClean() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    w.openStartupFile(QString());
    w.document()->editScript(w.document()->text() + "\n# saved\n");
    QVERIFY(w.saveAs(dir.filePath("out.py")));
    QVERIFY(!w.document()->isModified());
    QFile f(dir.filePath("out.py"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().endsWith("# saved\n"));
  }
};

}  // namespace tst_main_window

QTEST_MAIN(tst_main_window::TestMainWindow)
#include "tst_main_window.moc"
