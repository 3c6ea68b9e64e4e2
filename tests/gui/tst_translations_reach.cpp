// Every text the GUI translates reaches the Simplified Chinese translation. lupdate finds
// a text only where a literal is passed to tr()/translate(); a helper that forwards its
// argument to translate() hides every text it is called with, so the .ts file has no
// entry for them (and no unfinished one either) and a Chinese user sees English there.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "Appearance.h"
#include "RunAvailability.h"
#include "SavePaths.h"
#include "views/DocumentState.h"
#include "views/ReferenceName.h"
#include "views/TirIntents.h"
#include "views/TirPrimitiveArguments.h"

namespace tst_translations_reach {

using namespace tessera;

namespace {

// A translate("Context", <anything but a string literal>): the forwarding helper.
const QRegularExpression& ForwardingTranslate() {
  static const QRegularExpression re(R"(\btranslate\s*\(\s*"[^"]*"\s*,\s*(?!["\s]))");
  return re;
}

// The files under `dirs` (relative to `root`) whose code forwards a text to translate().
QStringList FilesForwardingToTranslate(const QString& root, const QStringList& dirs) {
  QStringList found;
  for (const QString& dir : dirs) {
    QDirIterator it(root + "/" + dir, {"*.cpp", "*.h"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
      QFile f(it.next());
      if (!f.open(QIODevice::ReadOnly)) continue;
      if (ForwardingTranslate().match(QString::fromUtf8(f.readAll())).hasMatch())
        found << QDir(root).relativeFilePath(f.fileName());
    }
  }
  found.sort();
  return found;
}

bool IsChinese(const QString& text) { return text.toUtf8() != text.toLatin1(); }

}  // namespace

class TestTranslationsReach : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QVERIFY(gui::InstallTranslators("zh_CN")); }
  void cleanupTestCase() { QVERIFY(gui::InstallTranslators("en")); }

  // The TensorIR menus, dialogs and refusals (views/) speak Chinese.
  void tensorirViewTextsAreTranslated() {
    QCOMPARE(views::TirPrimitiveTitle("annotate"), QString::fromUtf8("添加注解…"));
    QCOMPARE(views::TirPrimitiveTitle("reverse_compute_at"), QString::fromUtf8("反向计算于…"));
    auto factors = views::ParseSplitFactors("None, None");
    QVERIFY(!factors);
    QCOMPARE(QString::fromStdString(factors.error().message),
             QString::fromUtf8("split：最多只能有一个因子为 None"));
    auto separators = views::ParseAxisSeparators("x");
    QVERIFY(!separators);
    QString message = QString::fromStdString(separators.error().message);
    QVERIFY2(message.contains(QString::fromUtf8("不是非负整数")), qPrintable(message));
    QVERIFY2(IsChinese(views::ReferenceName(views::DocumentState{})),
             qPrintable(views::ReferenceName(views::DocumentState{})));
  }

  // The prefetch primitive's menu item, dialog and loop-nest note speak Chinese.
  void prefetchTextsAreTranslated() {
    QCOMPARE(QCoreApplication::translate("tessera::views::PrimitiveText", "Prefetch…"),
             QString::fromUtf8("预取…"));
    QCOMPARE(QCoreApplication::translate("tessera::views::PrimitiveText", "Iterations ahead"),
             QString::fromUtf8("提前的迭代次数"));
    QCOMPARE(QCoreApplication::translate("tessera::views::LoopNestView",
                                         ", prefetches %1 %n iteration(s) ahead", nullptr, 4)
                 .arg("B"),
             QString::fromUtf8("，提前 4 次迭代预取 B"));
  }

  // Run's and Save's refusals (app/gui/) speak Chinese.
  void applicationRefusalsAreTranslated() {
    QCOMPARE(gui::RunProblem(views::DocumentState{}, "llvm"),
             QString::fromUtf8("无法运行：脚本没有降级后的程序。"));
    QString saveAs = gui::SaveAsProblem("/tmp/picture.txt");
    QVERIFY2(saveAs.startsWith(QString::fromUtf8("未保存：")), qPrintable(saveAs));
    QString view = gui::ViewExportProblem("/tmp/picture.txt", QString());
    QVERIFY2(view.startsWith(QString::fromUtf8("未导出：")), qPrintable(view));
  }

  // One text of each context that was once out of lupdate's sight, looked up the way the
  // code looks it up, including the panes that keep the TE Bounds view's context.
  void everyFormerlyHiddenContextIsInTheTranslation_data() {
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::newRow("TirBoundsModel") << "TirBoundsModel"
                                    << "— where it is computed";
    QTest::newRow("TirBufferLayouts") << "TirBufferLayouts"
                                      << "The schedule has no new transform_layout to show.";
    QTest::newRow("TirIntentToScript") << "TirIntentToScript"
                                       << "tile needs two loops";
    QTest::newRow("TirPrimitiveArguments") << "TirPrimitiveArguments"
                                           << "Axis separators";
    QTest::newRow("BoundsPanes") << "tessera::views::BoundsView"
                                 << "Over-computation: %1× the required elements";
  }
  void everyFormerlyHiddenContextIsInTheTranslation() {
    QFETCH(QString, context);
    QFETCH(QString, source);
    QString text =
        QCoreApplication::translate(context.toUtf8().constData(), source.toUtf8().constData());
    QVERIFY2(IsChinese(text), qPrintable(context + ": " + text));
  }

  // The scan below recognises the forwarding helper and lets literal texts pass.
  void theScanRecognisesAForwardingHelper() {
    const QRegularExpression& re = ForwardingTranslate();
    QVERIFY(re.match(R"(QString Tr(const char* t) { return QCoreApplication::translate("A", t); })")
                .hasMatch());
    QVERIFY(re.match("QApplication::translate(\n  \"main\",\n  text)").hasMatch());
    QVERIFY(!re.match(R"(QCoreApplication::translate("A", "Drop: %1").arg(x))").hasMatch());
    QVERIFY(!re.match("QApplication::translate(\"main\",\n    \"A script to open.\")").hasMatch());
  }

  // No GUI source forwards a non-literal text to translate(): use a class with
  // Q_DECLARE_TR_FUNCTIONS(Context) and Context::tr("literal") instead.
  void noGuiSourceHidesTextsFromLupdate() {
    const QString root = qEnvironmentVariable("TESSERA_SOURCE_DIR");  // CTest sets it
    QVERIFY2(!root.isEmpty(), "TESSERA_SOURCE_DIR is not set");
    QVERIFY(QDir(root + "/views").exists());
    QStringList found = FilesForwardingToTranslate(root, {"views", "app/gui"});
    QVERIFY2(found.isEmpty(),
             qPrintable("translate() with a non-literal text (lupdate cannot see it) in: " +
                        found.join(", ")));
  }
};

}  // namespace tst_translations_reach

QTEST_MAIN(tst_translations_reach::TestTranslationsReach)
#include "tst_translations_reach.moc"
