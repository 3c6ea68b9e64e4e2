// The Bounds and Buffer layout views of TensorIR documents. Bounds: every block's
// compute-at point, computed vs required elements (over-computation marked), and the
// region analysis of a producer at a loop: each reader's region with the loops below
// relaxed, their union, the union clipped to the buffer (a stencil that reads one past
// each end shows B[-1:57] unclipped and B[0:56] clipped, as TVM's compute_at bounds the
// producer), what the producer writes there. Buffer layout: the buffers transform_layout
// rewrote, with their logical shape from before the primitive, the padding cells and pad
// value, and how the schedule honours the padding (assumption, overcompute, branching).
#include <QComboBox>
#include <QLabel>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "ir/ExprOp.h"
#include "te/Compute.h"
#include "tir/CreatePrimFunc.h"
#include "tir/Schedule.h"
#include "views/BufferLayoutView.h"
#include "views/TirBoundsModel.h"
#include "views/TirBoundsView.h"
#include "views/TirBufferLayouts.h"

namespace tst_tir_bounds_layout {

using namespace tessera;
using namespace tessera::views;
using tir::Schedule;

namespace {

const ir::DataType kF32 = ir::DataType::Float(32);

// B = A * 2 (64 x 64); C = B + 1 over the first `n` x `n` elements of B.
tir::PrimFunc Chain(int n = 64) {
  auto A = *te::placeholder({64, 64}, kF32, "A");
  auto B = *te::compute(
      {64, 64}, [&](const std::vector<ir::Var>& i) { return A(i[0], i[1]) * 2; }, "B");
  auto C = *te::compute(
      {n, n}, [&](const std::vector<ir::Var>& i) { return B(i[0], i[1]) + 1; }, "C");
  return *tir::CreatePrimFunc({A, C});
}

// B = A * 2 (56); C[i] = B[i - 1] + B[i] + B[i + 1], zero past the ends: a stencil whose
// readers reach one element past each end of B.
tir::PrimFunc Stencil() {
  auto A = *te::placeholder({56}, kF32, "A");
  auto B = *te::compute(
      {56}, [&](const std::vector<ir::Var>& i) { return A(i[0]) * 2; }, "B");
  auto r = te::reduce_axis(ir::Range(0, 3), "r");
  auto C = *te::compute(
      {56},
      [&](const std::vector<ir::Var>& i) {
        ir::Expr at = i[0] + r->var - 1;
        return te::sum(te::if_then_else(at >= 0 && at < 56, B(at), ir::Expr(0.0f)), {r});
      },
      "C");
  return *tir::CreatePrimFunc({A, C});
}

// B = A * 2 and C = B + 1 over 14 elements.
tir::PrimFunc Vector14() {
  auto A = *te::placeholder({14}, kF32, "A");
  auto B = *te::compute(
      {14}, [&](const std::vector<ir::Var>& i) { return A(i[0]) * 2; }, "B");
  auto C = *te::compute(
      {14}, [&](const std::vector<ir::Var>& i) { return B(i[0]) + 1; }, "C");
  return *tir::CreatePrimFunc({A, C});
}

tir::IndexMap SplitBy4() {
  return tir::MakeIndexMap({"i"}, [](const std::vector<ir::Var>& v) {
    return std::vector<ir::Expr>{ir::floordiv(v[0], 4), ir::floormod(v[0], 4)};
  });
}

tir::IndexMap ZeroPad() { return tir::ConstantIndexMap(ir::make_const(kF32, 0.0), 2); }

DocumentState StateOf(const Schedule& sch) {
  DocumentState st;
  st.tir_schedule = std::make_shared<const Schedule>(sch);
  return st;
}

const TirBlockBounds* BoundsOf(const std::vector<TirBlockBounds>& all, const QString& block) {
  for (const TirBlockBounds& b : all)
    if (b.block == block) return &b;
  return nullptr;
}

const TirRegionTables* TableAt(const std::vector<TirRegionTables>& all, const QString& loop) {
  for (const TirRegionTables& t : all)
    if (t.loop == loop) return &t;
  return nullptr;
}

QTreeWidgetItem* TopItem(QTreeWidget* tree, const QString& prefix) {
  for (int i = 0; i < tree->topLevelItemCount(); ++i)
    if (tree->topLevelItem(i)->text(0).startsWith(prefix)) return tree->topLevelItem(i);
  return nullptr;
}

}  // namespace

class TestTirBoundsLayout : public QObject {
  Q_OBJECT

 private slots:
  void rootBlocksComputeWhatTheirReadersNeed() {
    Schedule sch(Chain());
    auto all = TirBlockBoundsOf(sch);
    const TirBlockBounds* b = BoundsOf(all, "B");
    QVERIFY(b);
    QCOMPARE(b->attach, QString("root"));
    QCOMPARE(b->iterators, QString("SS"));
    QCOMPARE(b->computed_region, QString("B[0:64, 0:64]"));
    QCOMPARE(*b->computed_elements, int64_t(4096));
    QCOMPARE(*b->required_elements, int64_t(4096));
    QVERIFY(!b->overcompute() || *b->overcompute() == 1.0);
    QCOMPARE(int(b->loops.size()), 2);
    QCOMPARE(b->loops[0].name, QString("i"));
    QCOMPARE(b->loops[0].extent, QString("64"));
    QCOMPARE(b->loops[0].kind, QString("serial"));
    const TirBlockBounds* c = BoundsOf(all, "C");
    QVERIFY(c->is_output);
    QCOMPARE(*c->computed_elements, int64_t(4096));

    // The tables of B: C's loops (where compute_at could put it), then the root.
    auto tables = TirRegionTablesOf(sch, "B");
    QCOMPARE(int(tables.size()), 3);
    QCOMPARE(tables[0].loop_block, QString("C"));
    QCOMPARE(tables[0].loop, QString("i"));
    QCOMPARE(tables[1].loop, QString("j"));
    QVERIFY(tables[2].loop.isEmpty());
    QVERIFY(tables[2].producer_here);
    QVERIFY(!tables[0].producer_here);
    QVERIFY(tables[0].provided_dims.empty());  // B is not under C's loops
    QCOMPARE(tables[0].required_region, QString("B[i, 0:64]"));
    QCOMPARE(*tables[0].required_elements, int64_t(64));
    QCOMPARE(tables[1].required_region, QString("B[i, j]"));
    QVERIFY(TirRegionTablesOf(sch, "C").empty());  // nothing reads C
    QVERIFY(TirRegionTablesOf(sch, "nope").empty());
  }

  void computeAtPointAndRelaxedLoops() {
    Schedule sch(Chain());
    auto loops = *sch.GetLoops(*sch.GetBlock("C"));
    QVERIFY(sch.ComputeAt(*sch.GetBlock("B"), loops[0]));
    auto all = TirBlockBoundsOf(sch);
    const TirBlockBounds* b = BoundsOf(all, "B");
    QCOMPARE(b->attach, QString("i"));
    QCOMPARE(b->attach_block, QString("C"));
    QCOMPARE(b->computed_region, QString("B[i, 0:64]"));
    QCOMPARE(*b->computed_elements, int64_t(64));
    QCOMPARE(*b->required_elements, int64_t(64));

    auto tables = TirRegionTablesOf(sch, "B");
    const TirRegionTables* at = TableAt(tables, "i");
    QVERIFY(at);
    QVERIFY(at->producer_here);
    QVERIFY(at->title().contains("where it is computed"));
    QCOMPARE(int(at->consumers.size()), 1);
    QCOMPARE(at->consumers[0].block, QString("C"));
    QCOMPARE(at->consumers[0].region, QString("B[i, 0:64]"));
    QCOMPARE(int(at->consumers[0].relaxed.size()), 1);
    QCOMPARE(at->consumers[0].relaxed[0].name, QString("j"));
    QCOMPARE(at->consumers[0].relaxed[0].set, QString("[0, 63]"));
    QCOMPARE(at->union_dims[0].set, QString("[i, i]"));
    QCOMPARE(at->union_dims[1].set, QString("[0, 63]"));
    QCOMPARE(at->provided_region, QString("B[i, 0:64]"));
    QVERIFY(!at->clipped_dims[0].clipped);
  }

  void overcomputationIsMarked() {
    Schedule sch(Chain(/*n=*/32));
    auto all = TirBlockBoundsOf(sch);
    const TirBlockBounds* b = BoundsOf(all, "B");
    QCOMPARE(*b->computed_elements, int64_t(4096));
    QCOMPARE(*b->required_elements, int64_t(1024));
    QCOMPARE(*b->overcompute(), 4.0);

    TirBoundsView view;
    view.setState(StateOf(sch));
    QTreeWidgetItem* item = view.blockItem("B");
    QVERIFY(item);
    QVERIFY(item->data(0, TirBoundsView::kOvercomputeRole).toBool());
    QCOMPARE(item->text(4), QString("4096"));
    QCOMPARE(item->text(5), QString("1024"));
    QVERIFY(item->toolTip(4).contains("4.00"));
    QVERIFY(!view.blockItem("C")->data(0, TirBoundsView::kOvercomputeRole).toBool());
    QCOMPARE(view.blockItem("C")->text(5), QString("—"));
    QVERIFY(view.loopItem("B", "j"));
  }

  void readersPastTheBufferAreClipped() {
    Schedule sch(Stencil());
    auto tables = TirRegionTablesOf(sch, "B");
    const TirRegionTables* root = TableAt(tables, "");
    QVERIFY(root);
    QCOMPARE(root->unclipped_region, QString("B[-1:57]"));
    QCOMPARE(root->required_region, QString("B[0:56]"));
    QVERIFY(root->clipped_dims[0].clipped);
    QCOMPARE(*root->required_elements, int64_t(56));
    auto all = TirBlockBoundsOf(sch);
    QCOMPARE(*BoundsOf(all, "B")->required_elements, int64_t(56));
    QVERIFY(!BoundsOf(all, "B")->overcompute() || *BoundsOf(all, "B")->overcompute() == 1.0);

    // Per iteration of C's loop: three elements around i, cut at both ends.
    const TirRegionTables* at = TableAt(tables, "i");
    QVERIFY(at);
    QCOMPARE(at->unclipped_region, QString("B[i - 1:i + 2]"));
    QVERIFY(at->clipped_dims[0].clipped);
    QCOMPARE(*at->required_elements, int64_t(3));
    QCOMPARE(at->consumers[0].relaxed[0].name, QString("r"));
  }

  void viewFollowsTheSelectionAndExplainsItself() {
    Schedule sch(Stencil());
    SelectionModel selection;
    TirBoundsView view;
    view.setSelectionModel(&selection);
    view.setState(StateOf(sch));
    QVERIFY(view.note().isEmpty());
    QCOMPARE(view.shownBlock(), QString("B"));  // the first block
    // The table where B is computed (the root) is shown first.
    QVERIFY(view.tableBox()->currentText().contains("the root"));
    QTreeWidgetItem* clipped = TopItem(view.regionTree(), "3.");
    QVERIFY(clipped);
    QCOMPARE(clipped->text(1), QString("B[0:56]"));
    QVERIFY(clipped->child(0)->data(0, TirBoundsView::kClippedRole).toBool());
    QVERIFY(clipped->child(0)->toolTip(1).contains("B[-1:57]"));
    QCOMPARE(TopItem(view.regionTree(), "2.")->text(1), QString("B[-1:57]"));
    QCOMPARE(TopItem(view.regionTree(), "4.")->text(1), QString("B[0:56]"));

    // Another table: C's loop, where B is not (yet) computed.
    view.tableBox()->setCurrentIndex(0);
    QVERIFY(TopItem(view.regionTree(), "4.")->text(1).contains("not under this loop"));

    // Selecting C elsewhere shows C, which nothing reads: the tree says so.
    selection.selectStage("C");
    QCOMPARE(view.shownBlock(), QString("C"));
    QCOMPARE(view.tableBox()->count(), 0);
    QVERIFY(view.regionTree()->topLevelItem(0)->text(0).contains("No block reads what C writes"));
    QCOMPARE(view.blockTree()->currentItem(), view.blockItem("C"));
    // Clicking a loop row selects the loop everywhere.
    view.blockTree()->setCurrentItem(view.loopItem("B", "i"));
    QCOMPARE(selection.stage(), QString("B"));
    QCOMPARE(selection.iterVar(), QString("i"));
    QCOMPARE(view.shownBlock(), QString("B"));

    DocumentState none;
    view.setState(none);
    QVERIFY(!view.note().isEmpty());
    QCOMPARE(view.blockTree()->topLevelItemCount(), 0);
  }

  void producerRewrittenToOvercompute() {
    Schedule sch(Vector14());
    QVERIFY(sch.TransformLayout(*sch.GetBlock("B"), 0, tir::BufferIndexType::Write, SplitBy4(),
                                ZeroPad()));
    auto layouts = TirBufferLayoutsOf(sch);
    QCOMPARE(int(layouts.size()), 1);
    const TirBufferLayout& l = layouts[0];
    QCOMPARE(QString::fromStdString(l.info.name), QString("B"));
    QCOMPARE(l.block, QString("B"));
    QCOMPARE(l.index_map, QString("lambda i: (i // 4, i % 4,)"));
    QCOMPARE(int(l.info.layout.logical_shape.size()), 1);
    QCOMPARE(*ir::as_const_int(l.info.layout.logical_shape[0]), int64_t(14));
    QCOMPARE(*l.info.layout.padding_count, int64_t(2));
    QVERIFY(!l.info.pad_value.empty());
    QCOMPARE(l.plan.size(), 1);
    QVERIFY2(l.plan[0].startsWith("Overcompute: B iterates the padded shape [4, 4]"),
             qPrintable(l.plan[0]));

    BufferLayoutView view;
    view.setState(StateOf(sch));
    QCOMPARE(view.currentBuffer(), QString("B"));
    QCOMPARE(view.paddingCellCount(), 2);
    LayoutCellItem* pad = view.cellAt(true, {3, 3});
    QVERIFY(pad && pad->isPadding());
    QCOMPARE(pad->text(), QString::fromStdString(l.info.pad_value));
    QCOMPARE(*view.cellAt(true, {3, 1})->partner(), std::vector<int64_t>{13});
    QVERIFY(view.summary().contains("padding 2 of 16 elements"));
    QVERIFY(view.paddingPlan().contains("Overcompute"));
    QVERIFY(view.paddingPlan().contains("lambda i: (i // 4, i % 4,)"));
  }

  void producerKeptAndPaddingBlockBranches() {
    // B's loop split first: its loops no longer walk B row-major, so a padding block
    // follows it instead.
    Schedule sch(Vector14());
    tir::BlockRV b = *sch.GetBlock("B");
    QVERIFY(sch.Split((*sch.GetLoops(b))[0], {ir::Expr(2), ir::Expr(7)}).ok());
    QVERIFY(sch.TransformLayout(b, 0, tir::BufferIndexType::Write, SplitBy4(), ZeroPad()));
    auto layouts = TirBufferLayoutsOf(sch);
    QCOMPARE(int(layouts.size()), 1);
    QCOMPARE(*ir::as_const_int(layouts[0].info.layout.logical_shape[0]), int64_t(14));
    QString plan = layouts[0].plan.join("\n");
    QVERIFY2(plan.contains("Branching: B writes only the logical elements; block "
                           "buffer_B_padding"),
             qPrintable(plan));
    QVERIFY(!plan.contains("Overcompute"));
  }

  void paddedInputGetsItsAssumption() {
    Schedule sch(Vector14());
    QVERIFY(sch.TransformLayout(*sch.GetBlock("B"), 0, tir::BufferIndexType::Read, SplitBy4(),
                                ZeroPad()));
    auto layouts = TirBufferLayoutsOf(sch);
    QCOMPARE(int(layouts.size()), 1);
    QCOMPARE(QString::fromStdString(layouts[0].info.name), QString("A"));
    QString plan = layouts[0].plan.join("\n");
    QVERIFY2(plan.startsWith("Input: nothing here writes A, so block buffer_A_assumptions"),
             qPrintable(plan));
    QVERIFY(plan.contains("T.assume(not ("));
  }

  void bijectiveMapHasNoPadding() {
    auto A = *te::placeholder({16}, kF32, "A");
    auto B = *te::compute(
        {16}, [&](const std::vector<ir::Var>& i) { return A(i[0]) + 1; }, "B");
    Schedule sch(*tir::CreatePrimFunc({A, B}));
    QVERIFY(sch.TransformLayout(*sch.GetBlock("B"), 0, tir::BufferIndexType::Write, SplitBy4()));
    auto layouts = TirBufferLayoutsOf(sch);
    QCOMPARE(int(layouts.size()), 1);
    QVERIFY(layouts[0].info.pad_value.empty());
    QCOMPARE(layouts[0].plan,
             QStringList{"No padding: every physical cell holds an element of B."});
    BufferLayoutView view;
    view.setState(StateOf(sch));
    QCOMPARE(view.paddingCellCount(), 0);

    // Nothing transformed: the view says what to do, in TensorIR's words.
    view.setState(StateOf(Schedule(Vector14())));
    QVERIFY(view.currentBuffer().isEmpty());
    QVERIFY(view.summary().contains("a buffer of a block"));
    QVERIFY(view.paddingPlan().isEmpty());
  }
};

}  // namespace tst_tir_bounds_layout

QTEST_MAIN(tst_tir_bounds_layout::TestTirBoundsLayout)
#include "tst_tir_bounds_layout.moc"
