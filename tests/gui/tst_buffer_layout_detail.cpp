// Issue #17 item 7: the Buffer layout view at scale. A grid wider than 64 cells is drawn
// in blocks (shaded by their padding share, every padding element counted once), cell
// texts appear only when the cells are big enough on screen to read them, the zoom
// survives a slice change, and "Next padded slice" jumps to the slices with padding.
#include <QtTest>

#include "ir/ExprOp.h"
#include "layout/PaddedLayout.h"
#include "views/BufferLayoutView.h"
#include "views/graph/GraphView.h"

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::views;

namespace {

BufferLayoutInfo Info(const std::string& name, std::vector<Var> in, std::vector<Expr> out, std::vector<Expr> shape) {
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
    QVERIFY(view.showNextPaddedSlice());  // wraps around to the same one
    QCOMPARE(view.slice(true), (std::vector<int64_t>{2}));
    view.setState(With(GemmA()));  // k = 100 in blocks of 16: only block 6 is padded
    QCOMPARE(view.paddedSlices().size(), size_t(96));  // one per row i: [i, 6, 4..15]
  }
};

QTEST_MAIN(TestBufferLayoutDetail)
#include "tst_buffer_layout_detail.moc"
