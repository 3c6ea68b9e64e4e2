// File ▸ Export ▸ TensorIR Program for TVM 0.20 / 0.26: the open schedule written as a
// TensorIR program in that version's spelling (script/tvm/TirExport.h), proposed beside
// the document, never over it; a schedule TensorIR cannot express is refused with the
// exporter's located reason and nothing is written.
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "Examples.h"
#include "MainWindow.h"
#include "SavePaths.h"
#include "views/ParameterDialog.h"

namespace tst_tir_export_gui {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

QString Contents(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString Copy(const QString& from, const QString& to) {
  QFile::remove(to);
  if (!QFile::copy(from, to)) qFatal("cannot copy %s", qPrintable(from));
  QFile(to).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
  return to;
}

}  // namespace

class TestTirExportGui : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_tir_export_gui");
    QSettings().clear();
    views::SetParameterAsker(views::AcceptDefaults());
  }
  void cleanup() { gui::SetSavePathAsker(nullptr); }

  // The action proposes "<stem>_tir_0_20.py" beside the script; Enter writes the 0.20
  // spelling with the primitive the user applied.
  void theActionWritesTheVersionsSpelling() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    QString script = Copy(gui::ExamplePath("gemm.py"), dir.filePath("gemm.py"));
    QVERIFY(w.openFile(script).ok());
    QVERIFY2(w.applyIntent(views::Intent{"split", "C", {"i.inner"}, {{"factor", 8}}}),
             qPrintable(w.lastMessage()));
    QString proposed;
    gui::SetSavePathAsker([&](QWidget*, const QString&, const QString& p, const QString&) {
      proposed = p;
      return p;
    });
    w.action("actionExportTir020")->trigger();
    QCOMPARE(proposed, dir.filePath("gemm_tir_0_20.py"));
    const QString v20 = Contents(proposed);
    QVERIFY2(v20.contains("sch = tir.Schedule(func)"), qPrintable(v20));
    QVERIFY(v20.contains("sch.get_block(\"C\")"));
    QVERIFY(v20.contains("factors=[None, 8]"));
    QVERIFY(v20.contains("tvm.build("));

    QVERIFY(w.exportTirTo(dir.filePath("gemm_026.py"), 26));
    const QString v26 = Contents(dir.filePath("gemm_026.py"));
    QVERIFY2(v26.contains("sch = s_tir.Schedule(func)"), qPrintable(v26));
    QVERIFY(v26.contains("sch.get_sblock(\"C\")"));
    QVERIFY(v26.contains("tvm.compile("));
  }

  // The document itself and any project are refused, as for the TE export.
  void theDocumentIsNeverOverwritten() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    QString script = Copy(gui::ExamplePath("gemm.py"), dir.filePath("gemm.py"));
    QVERIFY(w.openFile(script).ok());
    const QString before = Contents(script);
    QVERIFY(!w.exportTirTo(script, 20));
    QVERIFY(!w.exportTirTo(dir.filePath("gemm.tessera"), 20));
    QCOMPARE(Contents(script), before);
    QVERIFY(!QFile::exists(dir.filePath("gemm.tessera")));
    QVERIFY(w.lastMessage().startsWith("Not exported"));
  }

  // te.scan has no TensorIR equivalent: the exporter's located sentence, no file.
  void aScheduleTensorIrLacksIsRefusedWithItsPlace() {
    QTemporaryDir dir;
    MainWindow w;
    w.setInteractive(false);
    const QString root = qEnvironmentVariable("TESSERA_SOURCE_DIR");  // CTest sets it
    QVERIFY(!root.isEmpty());
    const QString source = root + "/tests/tvm_programs/scan_cumsum.py";
    QString path = Copy(source, dir.filePath("scan.py"));
    QVERIFY(w.openFile(path).ok());
    const QString out = dir.filePath("scan_tir.py");
    QVERIFY(!w.exportTirTo(out, 26));
    QVERIFY(!QFile::exists(out));
    QVERIFY2(w.lastMessage().contains("scan.py:") && w.lastMessage().contains("scan"),
             qPrintable(w.lastMessage()));
  }
};

}  // namespace tst_tir_export_gui

QTEST_MAIN(tst_tir_export_gui::TestTirExportGui)
#include "tst_tir_export_gui.moc"
