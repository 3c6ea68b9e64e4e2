// The "Done when" of the desktop application, as one user session on the real window:
// open the GEMM workload, tile it, reorder and vectorize, cache a stage and compute it
// at a loop by dragging, look at the bounds and at a padded layout, run on the CPU,
// profile, apply one more primitive, profile again and see the speed-up, export the
// script, save a project, reopen it and find the same session.
#include <QListWidget>
#include <QMenu>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "MainWindow.h"
#include "codegen/LLVMBackend.h"
#include "views/BoundsView.h"
#include "views/BufferLayoutView.h"
#include "views/IterVarGraphView.h"
#include "views/LoopNestView.h"
#include "views/ParameterDialog.h"
#include "views/ProfileView.h"
#include "views/StageDagView.h"
#include "views/graph/GraphScene.h"

namespace tst_user_flow {

using namespace tessera;
using tessera::gui::MainWindow;

namespace {

// gemm.py without its schedule lines (and at 128^3 so that checking is quick): the
// workload a new user starts from.
QString GemmWorkload(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QString text;
  for (const QString& line : QString::fromUtf8(f.readAll()).split('\n')) {
    text += QString(line).replace("1024", "128") + "\n";
    if (line.contains("create_schedule")) break;
  }
  return text;
}

QStringList Leaves(const MainWindow& w, const char* stage) {
  QStringList out;
  for (const auto& iv : w.document()->state().schedule->find(stage)->leaf_iter_vars)
    out << QString::fromStdString(iv->var.name());
  return out;
}

// The parameter dialog answers with `answers` (other fields keep their defaults).
void Answer(const QVariantMap& answers) {
  views::SetParameterAsker(
      [answers](QWidget*, const QString&, const QList<views::ParamField>& fields) {
        QVariantMap out;
        for (const auto& f : fields) out[f.key] = answers.value(f.key, f.value);
        return std::optional<QVariantMap>(out);
      });
}

bool WaitForRun(MainWindow& w) {
  QSignalSpy finished(w.runner(), &gui::RunController::finished);
  return finished.wait(120000);
}

}  // namespace

class TestUserFlow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_user_flow");
  }

  void aNewUserSchedulesRunsAndSavesGemm() {
    if (!codegen::LLVMAvailable()) QSKIP("no LLVM backend in this build");
    QTemporaryDir dir;
    QString source = QFINDTESTDATA("../../resources/examples/gemm.py");
    QVERIFY(!source.isEmpty());
    QString gemm = dir.filePath("gemm.py");
    {
      QFile out(gemm);
      QVERIFY(out.open(QIODevice::WriteOnly));
      out.write(GemmWorkload(source).toUtf8());
    }
    MainWindow w;
    w.setInteractive(false);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openFile(gemm).ok());
    QCOMPARE(Leaves(w, "C"), (QStringList{"i", "j", "k"}));

    // Tile i, j by 32 x 32 from the Schedule menu.
    Answer({{"x_factor", 32}, {"y_factor", 32}});
    w.selection()->selectIterVar("C", "i");
    w.action("action_tile")->trigger();
    QCOMPARE(Leaves(w, "C"), (QStringList{"i.outer", "j.outer", "i.inner", "j.inner", "k"}));

    // Move k out of the tile by dragging it in the loop-order strip, then vectorize
    // j.inner from its context menu.
    w.selection()->selectStage("C");
    QListWidget* strip = w.iterVarView()->loopOrderStrip();
    QVERIFY(strip->model()->moveRow(QModelIndex(), 4, QModelIndex(), 2));
    QCOMPARE(Leaves(w, "C"), (QStringList{"i.outer", "j.outer", "k", "i.inner", "j.inner"}));
    std::unique_ptr<QMenu> ivMenu(w.iterVarView()->contextMenuFor("j.inner"));
    ivMenu->findChild<QAction*>("vectorize")->trigger();
    QVERIFY(w.iterVarView()->scene()->nodeItem("iv:j.inner")->node().badges.contains("vectorized"));

    // Cache A (Stage DAG context menu), then drag the cache stage onto loop k.
    Answer({{"scope", "local"}});
    std::unique_ptr<QMenu> stageMenu(w.stageDagView()->contextMenuFor("A"));
    stageMenu->findChild<QAction*>("cache_read")->trigger();
    QVERIFY2(w.document()->state().schedule->find("A.local"), qPrintable(w.lastMessage()));
    views::LoopNestView* nest = w.loopNestView();
    std::unique_ptr<QMimeData> drag(views::GraphScene::mimeForNode("stage:A.local"));
    QVERIFY2(nest->dropOn(drag.get(), nest->loopItem("C", "k")), qPrintable(w.lastMessage()));
    auto cache = w.document()->state().schedule->find("A.local");
    QCOMPARE(cache->attach_type, schedule::AttachType::Scope);
    QCOMPARE(QString::fromStdString(cache->attach_ivar->var.name()), QString("k"));

    // The bounds: the cache holds one 32-row column of A per k (realize [32, 1]).
    views::BoundsView* bounds = w.boundsView();
    QTreeWidgetItem* cacheRow = bounds->stageItem("A.local");
    QVERIFY(cacheRow);
    QVERIFY2(cacheRow->text(6) == "[32, 1]", qPrintable(cacheRow->text(6)));
    QVERIFY(bounds->iterVarItem("C", "j.inner"));

    // The padding: store the input B as [3, 48, 128] (rows padded from 128 to 144) and
    // look at it in the Buffer layout view, then take it back.
    views::Intent layout{
        "transform_layout",
        "B",
        {},
        {{"index_map", "lambda k, j: [k // 48, k % 48, j]"}, {"pad_value", "0.0"}}};
    QVERIFY2(w.applyIntent(layout), qPrintable(w.lastMessage()));
    // Its tab is behind Bounds: it is drawn when the user brings it forward.
    w.dock("BufferLayoutDock")->raise();
    QCoreApplication::processEvents();
    views::BufferLayoutView* buffers = w.bufferLayoutView();
    QCOMPARE(buffers->currentBuffer(), QString("B"));
    buffers->setSlice(true, 0, 2);             // the last block of 48 rows: 16 of them are padding
    QVERIFY(buffers->paddingCellCount() > 0);  // large slices are drawn in part
    QVERIFY2(buffers->summary().contains("2048"), qPrintable(buffers->summary()));
    w.action("actionUndo")->trigger();
    QVERIFY(w.document()->state().layouts.empty());

    // Run on the CPU, checked against the reference; then profile.
    QVERIFY(w.startRun(false));
    QVERIFY(WaitForRun(w));
    QVERIFY2(w.lastMessage().contains("matches the reference"), qPrintable(w.lastMessage()));
    QVERIFY(w.startRun(true));
    QVERIFY(WaitForRun(w));
    QCOMPARE(w.profileView()->barCount(), 1);

    // One more primitive, one more profile: the second point and its speed-up.
    w.selection()->selectIterVar("C", "i.outer");
    w.action("action_parallel")->trigger();
    QVERIFY(w.document()->text().contains("parallel"));
    QVERIFY(w.startRun(true));
    QVERIFY(WaitForRun(w));
    QCOMPARE(w.profileView()->barCount(), 2);
    const auto& runs = w.document()->state().profiles;
    QCOMPARE(w.profileView()->speedups().size(), size_t(2));
    // The first version was timed again in the second profile's interleaved rounds: the
    // speed-up compares those calls.
    QCOMPARE(runs[1].calls.baseline_version, runs[0].version);
    QCOMPARE(w.profileView()->speedups()[1], runner::MedianOf(runs[1].calls.baseline_times_ms) /
                                                 runner::MedianOf(runs[1].calls.times_ms));

    // Export the script: the schedule as the user built it, a TVM program.
    QString exported = dir.filePath("gemm_scheduled.py");
    QVERIFY(w.exportScriptTo(exported));
    QFile script(exported);
    QVERIFY(script.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(script.readAll());
    for (const char* primitive :
         {"tile", "reorder", "vectorize", "cache_read", "compute_at", "parallel"})
      QVERIFY2(text.contains(primitive), primitive);

    // Save a project and reopen it in a new window.
    QString project = dir.filePath("gemm.tessera");
    QVERIFY(w.saveAs(project));
    MainWindow again;
    again.setInteractive(false);
    again.show();
    QVERIFY2(again.openFile(project).ok(), qPrintable(again.lastMessage()));
    QCOMPARE(again.document()->text(), w.document()->text());
    QCOMPARE(int(again.document()->state().profiles.size()), 2);
    QCOMPARE(again.profileView()->barCount(), 2);
    QCOMPARE(again.selection()->iterVar(), QString("i.outer"));
    QVERIFY(again.document()->state().schedule->find("A.local"));
  }
};

}  // namespace tst_user_flow

QTEST_MAIN(tst_user_flow::TestUserFlow)
#include "tst_user_flow.moc"
