// The Bounds view: every stage and IterVar of InferBound's result, over-computation
// (computed > required elements) highlighted, and the phase tables of the InferBound
// document's Ex. 6 (fuse, split by 4, compute_at) for the pair B -> C.
#include <QComboBox>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

#include "Evaluation.h"
#include "views/BoundsView.h"

namespace tst_bounds_view {

using namespace tessera;
using namespace tessera::views;

namespace {

schedule::StageBounds Stage(const char* name, int64_t computed, int64_t required) {
  schedule::StageBounds b;
  b.name = name;
  b.op = "compute";
  b.attach_type = "root";
  b.computed_elements = computed;
  b.required_elements = required;
  b.iter_vars.push_back({"i", "0", "16", "data_par", "", true});
  return b;
}

const char* kEx6 =
    "import tvm\nfrom tvm import te\n"
    "A = te.placeholder((4, 4), name=\"A\")\n"
    "B = te.compute((4, 4), lambda bi, bj: A[bi, bj] + 2, name=\"B\")\n"
    "C = te.compute((4, 4), lambda ci, cj: B[ci, cj] * 3, name=\"C\")\n"
    "s = te.create_schedule(C.op)\n"
    "fused = s[C].fuse(C.op.axis[0], C.op.axis[1])\n"
    "xo, xi = s[C].split(fused, 4)\n"
    "s[B].compute_at(s[C], xo)\n";

}  // namespace

class TestBoundsView : public QObject {
  Q_OBJECT

 private slots:
  void overComputationIsHighlighted() {
    auto report = std::make_shared<schedule::BoundsReport>();
    report->stages = {Stage("B", 32, 16), Stage("C", 16, 16)};
    DocumentState state;
    state.bounds = report;
    BoundsView view;
    view.setState(state);
    QVERIFY(view.stageItem("B")->data(0, BoundsView::kOvercomputeRole).toBool());
    QVERIFY(!view.stageItem("C")->data(0, BoundsView::kOvercomputeRole).toBool());
    QVERIFY(view.stageItem("B")->toolTip(4).contains("2.00"));
    QCOMPARE(view.stageItem("B")->text(4), QString("32"));
    QCOMPARE(view.stageItem("B")->text(5), QString("16"));
    QVERIFY(view.iterVarItem("B", "i"));
  }

  void ex6PhaseTablesForBAndC() {
    DocumentState state = gui::Evaluate(kEx6, "ex6.py");
    QVERIFY2(state.errors.empty(),
             state.errors.empty() ? "" : state.errors.front().format().c_str());
    BoundsView view;
    view.setState(state);
    QCOMPARE(view.pairBox()->currentText(), QString("B → C"));
    QCOMPARE(view.phaseTree()->topLevelItemCount(), 4);
    QVERIFY(view.phaseTree()->topLevelItem(0)->childCount() >= 2);  // C's leaf vars
    QVERIFY(view.phaseTree()->topLevelItem(3)->childCount() == 2);  // B's bi, bj
    QCOMPARE(view.stageItem("B")->text(7), QString("C.ci.cj.fused.outer"));
    // Tessera removes the document's over-computation of B (exact fuse rectangles).
    QVERIFY(!view.stageItem("B")->data(0, BoundsView::kOvercomputeRole).toBool());
  }

  // A refresh with the same producer/consumer pairs leaves the box as it is (a refill
  // repaints it and what is behind it); other pairs replace them, the shown one kept.
  void thePairBoxIsRefilledOnlyWhenThePairsChange() {
    DocumentState state = gui::Evaluate(kEx6, "ex6.py");
    BoundsView view;
    view.setState(state);
    QSignalSpy removed(view.pairBox()->model(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(view.pairBox()->model(), &QAbstractItemModel::rowsInserted);
    view.setState(gui::Evaluate(kEx6, "ex6.py"));
    QCOMPARE(removed.count() + inserted.count(), 0);
    QCOMPARE(view.pairBox()->currentText(), QString("B → C"));
    QCOMPARE(view.phaseTree()->topLevelItemCount(), 4);
    const QString three =
        QString(kEx6).replace("s[B].compute_at(s[C], xo)\n",
                              "D = te.compute((4, 4), lambda di, dj: C[di, dj] - 1, name=\"D\")\n"
                              "s = te.create_schedule(D.op)\n"
                              "s[B].compute_at(s[C], C.op.axis[0])\n"
                              "s[C].compute_at(s[D], D.op.axis[0])\n");
    view.setState(gui::Evaluate(three.toStdString(), "three.py"));
    QVERIFY(removed.count() > 0 && inserted.count() > 0);
    QVERIFY2(view.pairBox()->count() >= 2, qPrintable(QString::number(view.pairBox()->count())));
    QCOMPARE(view.pairBox()->currentText(), QString("B → C"));
  }

  void rowsFollowAndMakeSelections() {
    DocumentState state = gui::Evaluate(kEx6, "ex6.py");
    SelectionModel selection;
    BoundsView view;
    view.setSelectionModel(&selection);
    view.setState(state);
    selection.selectIterVar("C", "ci.cj.fused.inner");
    QCOMPARE(view.stageTree()->currentItem(), view.iterVarItem("C", "ci.cj.fused.inner"));
    view.stageTree()->setCurrentItem(view.stageItem("B"));
    QCOMPARE(selection.stage(), QString("B"));
    QVERIFY(selection.iterVar().isEmpty());
  }

  void noScheduleSaysWhy() {
    DocumentState state;
    state.errors.push_back(Error("boom"));
    BoundsView view;
    view.setState(state);
    QCOMPARE(view.stageTree()->topLevelItemCount(), 0);
  }
};

}  // namespace tst_bounds_view

QTEST_MAIN(tst_bounds_view::TestBoundsView)
#include "tst_bounds_view.moc"
