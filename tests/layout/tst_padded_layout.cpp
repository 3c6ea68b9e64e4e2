// The worked examples of the Buffer Layout Padding RFC (shared/seeds/rfc0077-digest.md,
// §1.1 and §4), plus 2-D, 4-D and symbolic layouts and the error paths.
#include <QtTest>
#include <set>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "layout/ConstEval.h"
#include "layout/PaddedLayout.h"

namespace tst_padded_layout {

using namespace tessera;
using namespace tessera::ir;
using Index = std::vector<int64_t>;

namespace {

IndexMap MakeMap(std::vector<Var> in, std::vector<Expr> out) {
  return std::make_shared<const IndexMapNode>(IndexMapNode{std::move(in), std::move(out)});
}

std::vector<Expr> Shape(std::initializer_list<int> dims) {
  std::vector<Expr> s;
  for (int d : dims) s.push_back(Expr(d));
  return s;
}

std::vector<int64_t> ConstShape(const std::vector<Expr>& shape) {
  std::vector<int64_t> out;
  for (auto& e : shape) {
    auto* v = as_const_int(e);
    out.push_back(v ? *v : -1);
  }
  return out;
}

std::set<Index> PaddingCells(const layout::PaddedLayout& l) {
  auto cells = layout::EnumerateElements(l);
  std::set<Index> pad;
  if (!cells.ok()) return pad;
  for (auto& c : *cells)
    if (!c.logical) pad.insert(c.physical);
  return pad;
}

// The symbolic predicate must agree with enumeration on every cell.
void CheckPredicateAgreesWithEnumeration(const layout::PaddedLayout& l) {
  QVERIFY(l.padding_predicate.defined());
  auto cells = layout::EnumerateElements(l);
  QVERIFY2(cells.ok(), cells.ok() ? "" : cells.error().message.c_str());
  for (auto& c : *cells) {
    layout::ConstEnv env;
    for (size_t k = 0; k < c.physical.size(); ++k)
      env[static_cast<const VarNode*>(l.physical_vars[k].get())] = c.physical[k];
    auto v = layout::EvalConstInt(l.padding_predicate, env);
    QVERIFY(v.has_value());
    QCOMPARE(*v != 0, !c.logical.has_value());
  }
}

// i -> [(i + offset) // d, (i + offset) % d]
IndexMap SplitMap(int offset, int d) {
  Var i("i");
  Expr e = add(i, Expr(offset));
  return MakeMap({i}, {floordiv(e, Expr(d)), floormod(e, Expr(d))});
}

}  // namespace

class TestPaddedLayout : public QObject {
  Q_OBJECT

 private slots:
  void digestExamples_data() {
    QTest::addColumn<int>("length");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("divisor");
    QTest::addColumn<QList<qint64>>("physical");
    QTest::addColumn<QList<QList<qint64>>>("padding");
    QTest::newRow("A[16] i//8,i%8 -> [2,8], no padding")
        << 16 << 0 << 8 << QList<qint64>{2, 8} << QList<QList<qint64>>{};
    QTest::newRow("B[14] i//8,i%8 -> [2,8], pad [1,6],[1,7]")
        << 14 << 0 << 8 << QList<qint64>{2, 8} << QList<QList<qint64>>{{1, 6}, {1, 7}};
    QTest::newRow("B[14] (i+2)//8 -> [2,8], pad [0,0],[0,1]")
        << 14 << 2 << 8 << QList<qint64>{2, 8} << QList<QList<qint64>>{{0, 0}, {0, 1}};
    QTest::newRow("A[16] (i+2)//8 -> [3,8], pad [0,0..1],[2,2..7]")
        << 16 << 2 << 8 << QList<qint64>{3, 8}
        << QList<QList<qint64>>{{0, 0}, {0, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {2, 7}};
    QTest::newRow("B[14] i//4,i%4 -> [4,4], pad (3,2),(3,3)")
        << 14 << 0 << 4 << QList<qint64>{4, 4} << QList<QList<qint64>>{{3, 2}, {3, 3}};
  }
  void digestExamples() {
    QFETCH(int, length);
    QFETCH(int, offset);
    QFETCH(int, divisor);
    QFETCH(QList<qint64>, physical);
    QFETCH(QList<QList<qint64>>, padding);
    auto l = layout::AnalyzePaddedLayout(SplitMap(offset, divisor), Shape({length}));
    QVERIFY2(l.ok(), l.ok() ? "" : l.error().message.c_str());
    QCOMPARE(ConstShape(l->physical_shape), std::vector<int64_t>(physical.begin(), physical.end()));
    std::set<Index> expected;
    for (auto& p : padding) expected.insert(Index(p.begin(), p.end()));
    QCOMPARE(PaddingCells(*l), expected);
    QCOMPARE(*l->padding_count, static_cast<int64_t>(expected.size()));
    CheckPredicateAgreesWithEnumeration(*l);
    for (auto& cell : expected) QVERIFY(*layout::IsPaddingCell(*l, cell));
  }

  void predicateOfB14IsFourIoPlusIiAtLeast14() {
    auto l = layout::AnalyzePaddedLayout(SplitMap(0, 4), Shape({14}));
    QVERIFY(l.ok());
    QCOMPARE(l->physical_vars[0].name(), std::string("io"));
    QCOMPARE(l->physical_vars[1].name(), std::string("ii"));
    // Whatever the simplifier's canonical form, it must be the RFC's `4*io + ii >= 14`
    // and must not mention floor division any more.
    std::string text = to_string(l->padding_predicate);
    QVERIFY2(text.find("14") != std::string::npos, text.c_str());
    QVERIFY2(text.find("floordiv") == std::string::npos, text.c_str());
    CheckPredicateAgreesWithEnumeration(*l);
  }

  void blocked2DLayout() {
    // [i, j] -> [i//4, j//4, i%4, j%4] on a 10x6 buffer: physical [3, 2, 4, 4].
    Var i("i"), j("j");
    auto map = MakeMap({i, j}, {floordiv(i, Expr(4)), floordiv(j, Expr(4)), floormod(i, Expr(4)),
                                floormod(j, Expr(4))});
    auto l = layout::AnalyzePaddedLayout(map, Shape({10, 6}));
    QVERIFY2(l.ok(), l.ok() ? "" : l.error().message.c_str());
    QCOMPARE(ConstShape(l->physical_shape), (std::vector<int64_t>{3, 2, 4, 4}));
    QCOMPARE(*l->padding_count, int64_t{96 - 60});
    CheckPredicateAgreesWithEnumeration(*l);
  }

  void fourDimensionalNCHWc() {
    // NCHW -> NCHW4c: [n, c, h, w] -> [n, c//4, h, w, c%4] with C = 6.
    Var n("n"), c("c"), h("h"), w("w");
    auto map = MakeMap({n, c, h, w}, {n, floordiv(c, Expr(4)), h, w, floormod(c, Expr(4))});
    auto l = layout::AnalyzePaddedLayout(map, Shape({2, 6, 3, 3}));
    QVERIFY(l.ok());
    QCOMPARE(ConstShape(l->physical_shape), (std::vector<int64_t>{2, 2, 3, 3, 4}));
    QCOMPARE(*l->padding_count, int64_t{2 * 2 * 3 * 3 * 4 - 2 * 6 * 3 * 3});
    CheckPredicateAgreesWithEnumeration(*l);
  }

  void fusedThenSplit() {
    // [i, j] -> [(i*14 + j) // 8, (i*14 + j) % 8] on 3x14: 42 elements in [6, 8].
    Var i("i"), j("j");
    Expr f = add(mul(i, Expr(14)), j);
    auto l = layout::AnalyzePaddedLayout(
        MakeMap({i, j}, {floordiv(f, Expr(8)), floormod(f, Expr(8))}), Shape({3, 14}));
    QVERIFY(l.ok());
    QCOMPARE(ConstShape(l->physical_shape), (std::vector<int64_t>{6, 8}));
    QCOMPARE(*l->padding_count, int64_t{6});
    CheckPredicateAgreesWithEnumeration(*l);
  }

  void stridedMapHasHoles() {
    // i -> [2*i] on [5]: physical [9], every odd cell is padding.
    Var i("i");
    auto l = layout::AnalyzePaddedLayout(MakeMap({i}, {mul(i, Expr(2))}), Shape({5}));
    QVERIFY(l.ok());
    QCOMPARE(ConstShape(l->physical_shape), (std::vector<int64_t>{9}));
    QCOMPARE(PaddingCells(*l), (std::set<Index>{{1}, {3}, {5}, {7}}));
    CheckPredicateAgreesWithEnumeration(*l);
  }

  void symbolicShape() {
    // [n] under i -> [i//4, i%4]: physical [(n + 3) // 4, 4] for a size var n.
    Var n = SizeVar("n");
    auto l = layout::AnalyzePaddedLayout(SplitMap(0, 4), {n});
    QVERIFY2(l.ok(), l.ok() ? "" : l.error().message.c_str());
    QVERIFY(!l->padding_count.has_value());
    QVERIFY(is_const_int(l->physical_shape[1], 4));
    // Check the outer extent numerically: ceil(n / 4) for several n.
    for (int64_t nv : {1, 3, 4, 5, 14, 16, 17}) {
      layout::ConstEnv env{{static_cast<const VarNode*>(n.get()), nv}};
      auto v = layout::EvalConstInt(l->physical_shape[0], env);
      QVERIFY(v.has_value());
      QCOMPARE(*v, (nv + 3) / 4);
    }
    QVERIFY(l->padding_predicate.defined());
    QVERIFY(!layout::EnumerateElements(*l).ok());  // symbolic: no element map
  }

  void rankMismatchIsAnError() {
    auto l = layout::AnalyzePaddedLayout(SplitMap(0, 4), Shape({4, 4}));
    QVERIFY(!l.ok());
    QVERIFY(l.error().message.find("rank") != std::string::npos);
  }

  void negativePhysicalIndexIsAnError() {
    Var i("i");
    auto l = layout::AnalyzePaddedLayout(MakeMap({i}, {sub(i, Expr(2))}), Shape({8}));
    QVERIFY(!l.ok());
    QVERIFY(l.error().message.find("negative") != std::string::npos);
  }

  void nonInjectiveMapIsAnError() {
    Var i("i");
    auto l = layout::AnalyzePaddedLayout(MakeMap({i}, {floormod(i, Expr(4))}), Shape({8}));
    QVERIFY(!l.ok());
    QVERIFY2(l.error().message.find("not injective") != std::string::npos,
             l.error().message.c_str());
  }

  // Split, blocked, fused-then-split, strided, transposed and channel-blocked maps are
  // injective by their inverse: no enumeration needed, whatever the buffer's size.
  void injectivityIsProvenFromTheInverse_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("B[14] (i+2)//8, (i+2)%8") << 0;
    QTest::newRow("10x6 blocked 4x4") << 1;
    QTest::newRow("3x14 fused then split by 8") << 2;
    QTest::newRow("i -> 2i") << 3;
    QTest::newRow("8x6 transposed") << 4;
    QTest::newRow("1x144x56x56 NCHW -> [c//8, n, h, w, c%8]") << 5;
  }
  void injectivityIsProvenFromTheInverse() {
    QFETCH(int, which);
    Var i("i"), j("j"), n("n"), c("c"), h("h"), w("w");
    const Expr f = add(mul(i, Expr(14)), j);
    const std::vector<std::pair<IndexMap, std::vector<Expr>>> maps = {
        {SplitMap(2, 8), Shape({14})},
        {MakeMap({i, j}, {floordiv(i, Expr(4)), floordiv(j, Expr(4)), floormod(i, Expr(4)),
                          floormod(j, Expr(4))}),
         Shape({10, 6})},
        {MakeMap({i, j}, {floordiv(f, Expr(8)), floormod(f, Expr(8))}), Shape({3, 14})},
        {MakeMap({i}, {mul(i, Expr(2))}), Shape({5})},
        {MakeMap({i, j}, {j, i}), Shape({8, 6})},
        {MakeMap({n, c, h, w}, {floordiv(c, Expr(8)), n, h, w, floormod(c, Expr(8))}),
         Shape({1, 144, 56, 56})},
    };
    auto l = layout::AnalyzePaddedLayout(maps[which].first, maps[which].second);
    QVERIFY2(l.ok(), l.ok() ? "" : l.error().message.c_str());
    QVERIFY(layout::ProvenInjective(*l));
    // Enumeration agrees: every logical element has a cell of its own.
    auto cells = layout::EnumerateElements(*l, 1 << 20);
    QVERIFY2(cells.ok(), cells.ok() ? "" : cells.error().message.c_str());
    int64_t stored = 0;
    for (const auto& cell : *cells) stored += cell.logical ? 1 : 0;
    int64_t logical = 1;
    for (int64_t e : ConstShape(l->logical_shape)) logical *= e;
    QCOMPARE(stored, logical);
  }

  // Maps that send two elements to one cell are not proven, and the enumeration names
  // the two elements and the cell.
  void nonInjectiveMapsAreFoundByEnumeration_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("i % 4 on 8") << 0
                                << "logical indices (0) and (4) both map to physical index (0)";
    QTest::newRow("[i // 4, i % 2] on 8")
        << 1 << "logical indices (0) and (2) both map to physical index (0, 0)";
    QTest::newRow("[i + j] on 3x4")
        << 2 << "logical indices (0, 1) and (1, 0) both map to physical index (1)";
  }
  void nonInjectiveMapsAreFoundByEnumeration() {
    QFETCH(int, which);
    QFETCH(QString, message);
    Var i("i"), j("j");
    const std::vector<std::pair<IndexMap, std::vector<Expr>>> maps = {
        {MakeMap({i}, {floormod(i, Expr(4))}), Shape({8})},
        {MakeMap({i}, {floordiv(i, Expr(4)), floormod(i, Expr(2))}), Shape({8})},
        {MakeMap({i, j}, {add(i, j)}), Shape({3, 4})},
    };
    auto l = layout::AnalyzePaddedLayout(maps[which].first, maps[which].second);
    QVERIFY(!l.ok());
    QVERIFY2(l.error().message.find(message.toStdString()) != std::string::npos,
             l.error().message.c_str());
  }

  void elementMapOfB14() {
    auto l = layout::AnalyzePaddedLayout(SplitMap(0, 4), Shape({14}));
    QVERIFY(l.ok());
    auto cells = layout::EnumerateElements(*l);
    QVERIFY(cells.ok());
    QCOMPARE(cells->size(), size_t{16});
    QCOMPARE((*cells)[5].physical, (Index{1, 1}));
    QCOMPARE(*(*cells)[5].logical, (Index{5}));
    QVERIFY(!(*cells)[15].logical.has_value());
  }

  void elementMapRefusesLargeBuffers() {
    auto l = layout::AnalyzePaddedLayout(SplitMap(0, 4), Shape({1 << 18}));
    QVERIFY(l.ok());
    auto cells = layout::EnumerateElements(*l);
    QVERIFY(!cells.ok());
    QVERIFY(cells.error().message.find("65536") != std::string::npos);
  }
};

}  // namespace tst_padded_layout

QTEST_APPLESS_MAIN(tst_padded_layout::TestPaddedLayout)
#include "tst_padded_layout.moc"
