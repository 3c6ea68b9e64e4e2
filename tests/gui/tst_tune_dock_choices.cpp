// The Tune dock remembers its choices (trials, time budget, strategy, argument layouts and
// their block) between runs of the application (AppSettings): a new window starts from
// what the last one left. Nothing stored, the dock's own defaults; a stored value out of range or a
// strategy the dock does not know leaves that setting at its default.
#include <QComboBox>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

#include "AppSettings.h"
#include "MainWindow.h"
#include "views/TuneView.h"

namespace tst_tune_dock_choices {

using namespace tessera;

struct Dock {
  gui::MainWindow w;
  views::TuneView* view = nullptr;
  Dock() {
    w.setInteractive(false);
    view = w.findChild<views::TuneView*>();
  }
  QSpinBox* budget() const { return view->findChild<QSpinBox*>("tuneBudget"); }
  QComboBox* strategy() const { return view->findChild<QComboBox*>("tuneStrategy"); }
  QComboBox* layouts() const { return view->findChild<QComboBox*>("tuneArgumentLayouts"); }
  QComboBox* block() const { return view->findChild<QComboBox*>("tuneArgumentBlock"); }
};

class TestTuneDockChoices : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("TesseraTest");
    QCoreApplication::setApplicationName("tst_tune_dock_choices");
  }
  void init() { QSettings().clear(); }
  void cleanupTestCase() { QSettings().clear(); }

  void aNewWindowStartsFromTheLastChoices() {
    {
      Dock first;
      QVERIFY(first.view && first.budget() && first.strategy() && first.layouts() && first.block());
      QVERIFY(!first.block()->isEnabled());    // the arguments as defined: no block to choose
      QCOMPARE(first.view->trialCount(), 32);  // nothing stored: the dock's defaults
      QCOMPARE(first.view->strategy(), QString("evolution"));
      first.view->trialsBox()->setValue(77);
      first.budget()->setValue(120);
      first.strategy()->setCurrentIndex(first.strategy()->findData("random"));
      first.layouts()->setCurrentIndex(first.layouts()->findData(3));
      QVERIFY(first.block()->isEnabled());
      first.block()->setCurrentIndex(first.block()->findData(16));
    }
    Dock second;
    QCOMPARE(second.view->trialCount(), 77);
    QCOMPARE(second.view->timeBudgetSeconds(), 120.0);
    QCOMPARE(second.view->strategy(), QString("random"));
    const tune::BlockedArguments blocked = second.view->argumentLayouts();
    QVERIFY(blocked.inputs && blocked.outputs);
    QCOMPARE(blocked.block, int64_t{16});
    // Back to the layouts as defined, the block is no part of the workload.
    second.layouts()->setCurrentIndex(second.layouts()->findData(0));
    QCOMPARE(second.view->argumentLayouts().block, int64_t{0});
    QVERIFY(!second.block()->isEnabled());
  }

  void storedValuesOutOfRangeLeaveTheDefaults() {
    QSettings settings;
    settings.setValue("tune/trials", "many");
    settings.setValue("tune/timeBudgetSeconds", -5);
    settings.setValue("tune/strategy", "annealing");
    settings.sync();
    const std::optional<gui::TuneChoices> read = gui::AppSettings::tuneChoices();
    QVERIFY(read.has_value());
    QCOMPARE(read->trials, 32);
    QCOMPARE(read->time_budget_s, 0.0);
    QCOMPARE(read->strategy, QString("evolution"));
    Dock dock;
    QCOMPARE(dock.view->trialCount(), 32);
    QCOMPARE(dock.view->timeBudgetSeconds(), 0.0);
    QCOMPARE(dock.view->strategy(), QString("evolution"));
  }
};

}  // namespace tst_tune_dock_choices

QTEST_MAIN(tst_tune_dock_choices::TestTuneDockChoices)
#include "tst_tune_dock_choices.moc"
