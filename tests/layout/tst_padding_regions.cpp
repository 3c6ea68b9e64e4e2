// PaddingRegions: the boxes a padding write visits (RFC 0077's "Reduce Loop Extents",
// shared/seeds/rfc0077-digest.md §1.8 item 9). Each test checks the boxes against the
// element map: every padding cell is selected exactly once, no data cell ever.
#include <QtTest>
#include <map>

#include "LayoutTestSupport.h"
#include "layout/ConstEval.h"
#include "layout/PaddingRegions.h"

namespace tst_padding_regions {

using namespace tessera;
using namespace tessera::testing;

namespace {

using Index = std::vector<int64_t>;

// How many times each cell is selected by the regions.
std::map<Index, int> Selected(const layout::PaddedLayout& l) {
  std::map<Index, int> hits;
  for (const layout::PaddingRegion& r : layout::PaddingRegions(l)) {
    std::vector<int64_t> lo, ext;
    for (const ir::Range& b : r.box) {
      lo.push_back(*ir::as_const_int(b.min));
      ext.push_back(*ir::as_const_int(b.extent));
    }
    int64_t total = 1;
    for (int64_t e : ext) total *= e;
    for (int64_t flat = 0; flat < total; ++flat) {
      Index idx(lo.size());
      for (int64_t rest = flat, k = static_cast<int64_t>(lo.size()) - 1; k >= 0; --k) {
        idx[k] = lo[k] + rest % ext[k];
        rest /= ext[k];
      }
      layout::ConstEnv env;
      for (size_t k = 0; k < idx.size(); ++k)
        env[static_cast<const ir::VarNode*>(l.physical_vars[k].get())] = idx[k];
      if (*layout::EvalConstInt(r.condition, env)) ++hits[idx];
    }
  }
  return hits;
}

void CheckExact(const layout::PaddedLayout& l) {
  std::map<Index, int> hits = Selected(l);
  auto cells = layout::EnumerateElements(l);
  QVERIFY(cells.ok());
  for (const layout::LayoutElement& c : *cells) {
    int n = hits.count(c.physical) ? hits[c.physical] : 0;
    QCOMPARE(n, c.logical ? 0 : 1);
  }
}

int64_t Cells(const layout::PaddingRegion& r) {
  int64_t n = 1;
  for (const ir::Range& b : r.box) n *= *ir::as_const_int(b.extent);
  return n;
}

}  // namespace

class TestPaddingRegions : public QObject {
  Q_OBJECT

 private slots:
  void b14SplitBy4IsOneUnguardedBox() {
    auto l = *layout::AnalyzePaddedLayout(SplitMap(4), {Expr(14)});
    auto regions = layout::PaddingRegions(l);
    QCOMPARE(regions.size(), size_t{1});
    QVERIFY(ir::is_one(regions[0].condition));
    QCOMPARE(Cells(regions[0]), int64_t{2});
    CheckExact(l);
  }

  void noPaddingNoRegion() {
    auto l = *layout::AnalyzePaddedLayout(SplitMap(8), {Expr(16)});
    QVERIFY(layout::PaddingRegions(l).empty());
  }

  void offsetMapsPadAtBothEnds() {
    // A[16] under [(i+2)//8, (i+2)%8]: padding [0,0..1] and [2,2..7] (digest §1.1).
    Var i("i");
    Expr e = i + 2;
    auto l = *layout::AnalyzePaddedLayout(
        Map({i}, {ir::floordiv(e, Expr(8)), ir::floormod(e, Expr(8))}), {Expr(16)});
    CheckExact(l);
    int64_t visited = 0;
    for (auto& r : layout::PaddingRegions(l)) visited += Cells(r);
    QVERIFY2(visited <= 16, std::to_string(visited).c_str());  // far fewer than the 24 cells
  }

  void blocked2DVisitsEachPaddingCellOnce() {
    // [i, j] -> [i//4, j//4, i%4, j%4] on 10x6: 36 padding cells of 96.
    Var i("i"), j("j");
    auto map = Map({i, j}, {ir::floordiv(i, Expr(4)), ir::floordiv(j, Expr(4)),
                            ir::floormod(i, Expr(4)), ir::floormod(j, Expr(4))});
    auto l = *layout::AnalyzePaddedLayout(map, {Expr(10), Expr(6)});
    CheckExact(l);
    int64_t visited = 0;
    for (auto& r : layout::PaddingRegions(l)) visited += Cells(r);
    QVERIFY2(visited < 96, std::to_string(visited).c_str());
  }

  void stridedMapHoles() {
    Var i("i");
    auto l = *layout::AnalyzePaddedLayout(Map({i}, {i * 2}), {Expr(5)});
    CheckExact(l);
  }

  void symbolicShapeIsTheWholeBufferGuarded() {
    Var n = ir::SizeVar("n");
    auto l = *layout::AnalyzePaddedLayout(SplitMap(4), {n});
    auto regions = layout::PaddingRegions(l);
    QCOMPARE(regions.size(), size_t{1});
    QVERIFY(regions[0].condition.same_as(l.padding_predicate));
  }
};

}  // namespace tst_padding_regions

QTEST_APPLESS_MAIN(tst_padding_regions::TestPaddingRegions)
#include "tst_padding_regions.moc"
