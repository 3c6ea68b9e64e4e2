// Issue #17 item 7: the Buffer layout view at scale. A grid wider than 64 cells is drawn
// in blocks (shaded by their padding share, every padding element counted once), cell
// texts appear only when the cells are big enough on screen to read them, the zoom
// survives a slice change, "Next padded slice" jumps to the slices with padding, and a
// large physical grid has summary strips that say which rows and columns hold padding.
#include <QtTest>

#include "ir/ExprOp.h"
#include "layout/PaddedLayout.h"
#include "views/BufferLayoutView.h"
#include "views/graph/GraphView.h"

namespace tst_buffer_layout_detail {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::views;

namespace {

BufferLayoutInfo Info(const std::string& name, std::vector<Var> in, std::vector<Expr> out,
                      std::vector<Expr> shape) {
  auto map = std::make_shared<const IndexMapNode>(IndexMapNode{std::move(in), std::move(out)});
  auto analysed = layout::AnalyzePaddedLayout(map, shape);
  if (!analysed.ok()) qFatal("%s", analysed.error().message.c_str());
  return BufferLayoutInfo{name, DataType::Float(32), *analysed, "0"};
}

// The gemm_padded_operands example's A: [96, 100] stored as [i, k // 16, k % 16].
BufferLayoutInfo GemmA() {
  Var i("i"), k("k");
  return Info("A", {i, k}, {i, floordiv(k, 16), floormod(k, 16)}, {Expr(96), Expr(100)});
}

// [5000] stored as [79, 64]: 56 padding elements at the end of the last row.
BufferLayoutInfo Long() {
  Var i("i");
  return Info("L", {i}, {floordiv(i, 64), floormod(i, 64)}, {Expr(5000)});
}

// [3, 10] stored as [j // 4, i, j % 4]: only slice 2 holds padding.
BufferLayoutInfo PaddedLast() {
  Var i("i"), j("j");
  return Info("P", {i, j}, {floordiv(j, 4), i, floormod(j, 4)}, {Expr(3), Expr(10)});
}

DocumentState With(BufferLayoutInfo info) {
  DocumentState state;
  state.layouts.push_back(std::move(info));
  return state;
}

}  // namespace

class TestBufferLayoutDetail : public QObject {
  Q_OBJECT

 private slots:
  void aLargeGridIsDrawnInBlocks() {
    BufferLayoutView view;
    view.setState(With(GemmA()));
    QCOMPARE(view.blockSide(false), int64_t(2));  // logical [96, 100]: 2 x 2 elements a cell
    QCOMPARE(view.cells(false).size(), 48 * 50);
    QCOMPARE(view.blockSide(true), int64_t(1));  // a physical slice is [7, 16]
    QCOMPARE(view.cells(true).size(), 7 * 16);

    view.setState(With(Long()));
    QCOMPARE(view.blockSide(true), int64_t(2));
    int64_t padding = 0;
    for (LayoutCellItem* c : view.cells(true)) padding += c->blockPadding();
    QCOMPARE(padding, int64_t(56));  // every padding element, once
    QCOMPARE(view.paddingCellCount(), 28);
    QVERIFY(view.summary().contains("56 of 5056"));
  }

  void cellTextOnlyWhereItCanBeRead() {
    BufferLayoutView view;
    view.resize(500, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setState(With(PaddedLast()));
    LayoutCellItem* cell = view.cells(true).first();
    view.graphView()->setZoom(0.2);  // 6 px cells
    view.graphView()->viewport()->grab();
    QVERIFY(!cell->textDrawn());
    view.graphView()->setZoom(2.0);
    view.graphView()->centerOn(cell);
    view.graphView()->viewport()->grab();
    QVERIFY(cell->textDrawn());
  }

  void theZoomSurvivesASliceChange() {
    BufferLayoutView view;
    view.resize(500, 400);
    view.show();
    view.setState(With(PaddedLast()));
    view.graphView()->setZoom(2.5);
    view.setSlice(true, 0, 1);
    QCOMPARE(view.slice(true), (std::vector<int64_t>{1}));
    QCOMPARE(view.graphView()->zoom(), 2.5);
    // A re-evaluation of the same buffer keeps the slice and the zoom too.
    view.setState(With(PaddedLast()));
    QCOMPARE(view.slice(true), (std::vector<int64_t>{1}));
    QCOMPARE(view.graphView()->zoom(), 2.5);
  }

  void nextPaddedSliceJumpsToPadding() {
    BufferLayoutView view;
    view.setState(With(PaddedLast()));
    QCOMPARE(view.paddedSlices(), (std::vector<std::vector<int64_t>>{{2}}));
    QCOMPARE(view.paddingCellCount(), 0);  // slice 0 has none
    QVERIFY(view.showNextPaddedSlice());
    QCOMPARE(view.slice(true), (std::vector<int64_t>{2}));
    QCOMPARE(view.paddingCellCount(), 3 * 2);  // j = 10, 11 for each of the 3 rows
    QVERIFY(view.showNextPaddedSlice());       // wraps around to the same one
    QCOMPARE(view.slice(true), (std::vector<int64_t>{2}));
    view.setState(With(GemmA()));  // k = 100 in blocks of 16: only block 6 is padded
    QCOMPARE(view.paddedSlices().size(), size_t(96));  // one per row i: [i, 6, 4..15]
  }

  // [5000] as [79, 64] in 2 x 2 blocks: one strip cell per drawn row (40) and column
  // (32); only the last row (78, elements 5000..5055 -> columns 8..63) holds padding.
  void summaryStripsShowWherePaddingLies() {
    BufferLayoutView view;
    view.setState(With(Long()));
    QList<PaddingStripItem*> rows = view.strips(true), cols = view.strips(false);
    QCOMPARE(rows.size(), 40);
    QCOMPARE(cols.size(), 32);
    for (int i = 0; i + 1 < rows.size(); ++i) QCOMPARE(rows[i]->padding(), int64_t(0));
    PaddingStripItem* last = rows.back();
    QCOMPARE(last->first(), int64_t(78));
    QCOMPARE(last->last(), int64_t(78));  // 79 rows: the last block row has one row
    QCOMPARE(last->padding(), int64_t(56));
    QCOMPARE(last->elements(), int64_t(64));
    QVERIFY2(last->toolTip().contains("rows 78–78") && last->toolTip().contains("56 of 64"),
             qPrintable(last->toolTip()));
    int64_t total = 0;
    for (int i = 0; i < cols.size(); ++i) {
      QCOMPARE(cols[i]->elements(), int64_t(79 * 2));
      QCOMPARE(cols[i]->padding(), int64_t(i < 4 ? 0 : 2));
      total += cols[i]->padding();
    }
    QCOMPARE(total, int64_t(56));
    // The strips lie beside the grid: right of its last column, below its last row.
    QRectF grid;
    for (LayoutCellItem* c : view.cells(true)) grid |= c->rect();
    QVERIFY(last->rect().left() > grid.right());
    QVERIFY(cols.front()->rect().top() > grid.bottom());
    // Hovering a strip cell reports it in the status bar.
    QSignalSpy status(&view, &ViewBase::statusMessage);
    last->onHover(last, true);
    QCOMPARE(status.count(), 1);
    QCOMPARE(status.first().first().toString(), last->toolTip());
  }

  // Small grids show every cell anyway, and a large slice without padding has nothing to
  // point at: no strips.
  void noStripsForSmallGridsOrWithoutPadding() {
    BufferLayoutView view;
    view.setState(With(PaddedLast()));  // slices of [3, 4]
    QVERIFY(view.strips(true).isEmpty());
    view.setState(With(GemmA()));  // physical [96, 7, 16], slice 0 = [7, 16] of row 0
    QVERIFY(view.strips(true).isEmpty());
    Var i("i"), j("j");
    view.setState(
        With(Info("Q", {i, j}, {j, i}, {Expr(40), Expr(30)})));  // a transpose: no padding
    QVERIFY(view.strips(true).isEmpty());
    QVERIFY(view.strips(false).isEmpty());
  }
};

}  // namespace tst_buffer_layout_detail

QTEST_MAIN(tst_buffer_layout_detail::TestBufferLayoutDetail)
#include "tst_buffer_layout_detail.moc"
