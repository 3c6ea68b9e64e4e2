// The Buffer layout view on the RFC 0077 examples: [14] -> [4, 4] shows exactly two
// padding cells holding the pad value; slices of a rank-3 layout; hover links the
// logical and physical cells. Assertions query the scene, never pixels.
#include <QtTest>
#include <set>

#include "ir/ExprOp.h"
#include "layout/PaddedLayout.h"
#include "views/BufferLayoutView.h"

namespace tst_buffer_layout_view {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::views;

namespace {

IndexMap MakeMap(std::vector<Var> in, std::vector<Expr> out) {
  return std::make_shared<const IndexMapNode>(IndexMapNode{std::move(in), std::move(out)});
}

BufferLayoutInfo Info(const std::string& name, IndexMap map, std::vector<Expr> shape,
                      const std::string& pad) {
  auto analysed = layout::AnalyzePaddedLayout(map, shape);
  if (!analysed.ok()) qFatal("%s", analysed.error().message.c_str());
  return BufferLayoutInfo{name, DataType::Float(32), *analysed, pad};
}

// RFC 0077 §1.1: A[14] stored as A[4, 4] with lambda i: [i // 4, i % 4].
BufferLayoutInfo Rfc14To4x4() {
  Var i("i");
  return Info("A", MakeMap({i}, {floordiv(i, 4), floormod(i, 4)}), {Expr(14)}, "0");
}

// (i, j) in [2, 6] -> [i, j // 4, j % 4]: physical [2, 2, 4], two padding cells per i.
BufferLayoutInfo Rank3() {
  Var i("i"), j("j");
  return Info("B", MakeMap({i, j}, {i, floordiv(j, 4), floormod(j, 4)}), {Expr(2), Expr(6)}, "-1");
}

std::set<std::vector<int64_t>> PaddingIndices(const BufferLayoutView& view) {
  std::set<std::vector<int64_t>> out;
  for (LayoutCellItem* c : view.cells(true))
    if (c->isPadding()) out.insert(c->index());
  return out;
}

}  // namespace

class TestBufferLayoutView : public QObject {
  Q_OBJECT

 private slots:
  void rfc14To4x4ShowsTwoPaddingCells() {
    BufferLayoutView view;
    DocumentState state;
    state.layouts.push_back(Rfc14To4x4());
    view.setState(state);
    QCOMPARE(view.currentBuffer(), QString("A"));
    QCOMPARE(view.cells(false).size(), 14);
    QCOMPARE(view.cells(true).size(), 16);
    QCOMPARE(view.paddingCellCount(), 2);
    std::set<std::vector<int64_t>> expected{{3, 2}, {3, 3}};
    QCOMPARE(PaddingIndices(view), expected);
    for (LayoutCellItem* c : view.cells(true))
      if (c->isPadding()) QCOMPARE(c->text(), QString("0"));
    // Physical [1, 2] holds logical element 6.
    LayoutCellItem* cell = view.cellAt(true, {1, 2});
    QVERIFY(cell);
    QCOMPARE(cell->partner().value(), std::vector<int64_t>{6});
    QVERIFY(cell->toolTip().contains("[6]"));
  }

  void summaryCountsPaddingAndWastedBytes() {
    BufferLayoutView view;
    DocumentState state;
    state.layouts.push_back(Rfc14To4x4());
    view.setState(state);
    QString s = view.summary();
    QVERIFY2(s.contains("2 of 16"), qPrintable(s));
    QVERIFY2(s.contains("12.5 %"), qPrintable(s));
    QVERIFY2(s.contains("8 bytes"), qPrintable(s));  // two float32 cells
    QVERIFY2(s.contains("pad value 0"), qPrintable(s));
  }

  void hoverMarksThePartnerCell() {
    BufferLayoutView view;
    DocumentState state;
    state.layouts.push_back(Rfc14To4x4());
    view.setState(state);
    QSignalSpy status(&view, &ViewBase::statusMessage);
    LayoutCellItem* logical = view.cellAt(false, {13});
    view.hoverCell(logical, true);
    QVERIFY(view.cellAt(true, {3, 1})->marked());
    QCOMPARE(status.count(), 1);
    QVERIFY(status.at(0).at(0).toString().contains("[3, 1]"));
    view.hoverCell(logical, false);
    QVERIFY(!view.cellAt(true, {3, 1})->marked());
  }

  void rank3LayoutIsShownOneSliceAtATime() {
    BufferLayoutView view;
    DocumentState state;
    state.layouts.push_back(Rank3());
    view.setState(state);
    QCOMPARE(view.cells(true).size(), 8);  // slice phys[0] = 0: a 2 x 4 grid
    QCOMPARE(view.paddingCellCount(), 2);
    std::set<std::vector<int64_t>> first{{0, 1, 2}, {0, 1, 3}};
    QCOMPARE(PaddingIndices(view), first);
    view.setSlice(true, 0, 1);
    std::set<std::vector<int64_t>> second{{1, 1, 2}, {1, 1, 3}};
    QCOMPARE(PaddingIndices(view), second);
    for (LayoutCellItem* c : view.cells(true))
      if (c->isPadding()) QCOMPARE(c->text(), QString("-1"));
    QVERIFY(view.summary().contains("4 of 16"));
  }

  void noLayoutsSaysHowToGetOne() {
    BufferLayoutView view;
    view.setState(DocumentState{});
    QVERIFY(view.cells(true).isEmpty());
    QVERIFY(view.summary().contains("transform_layout"));
  }

  void selectionPicksTheBuffer() {
    BufferLayoutView view;
    SelectionModel selection;
    view.setSelectionModel(&selection);
    DocumentState state;
    state.layouts.push_back(Rfc14To4x4());
    state.layouts.push_back(Rank3());
    view.setState(state);
    selection.selectBuffer("B");
    QCOMPARE(view.currentBuffer(), QString("B"));
    QCOMPARE(view.cells(false).size(), 12);  // logical [2, 6], shown whole
  }
};

}  // namespace tst_buffer_layout_view

QTEST_MAIN(tst_buffer_layout_view::TestBufferLayoutView)
#include "tst_buffer_layout_view.moc"
