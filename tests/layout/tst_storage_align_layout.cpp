// storage_align as a layout (layout/StorageAlign.h): TVM's padded strides, the buffer the
// views show (rows of the padded length, padding cells counted and described), the
// schedule's buffer_layouts() listing an aligned stage, and AnalyzePaddedLayoutIn's
// refusal of an allocation smaller than the map's range.
#include <QtTest>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "layout/StorageAlign.h"
#include "script/Evaluator.h"

namespace tst_storage_align_layout {

using namespace tessera;
using namespace tessera::ir;

namespace {

std::vector<Expr> Shape(std::initializer_list<int> dims) {
  std::vector<Expr> s;
  for (int d : dims) s.push_back(Expr(d));
  return s;
}

std::vector<int64_t> Const(const std::vector<Expr>& v) {
  std::vector<int64_t> out;
  for (const Expr& e : v) {
    const int64_t* c = as_const_int(e);
    out.push_back(c ? *c : -1);
  }
  return out;
}

}  // namespace

class TestStorageAlignLayout : public QObject {
  Q_OBJECT
 private slots:
  // TVM's rule, innermost first: [16, 30] rows aligned to 32k + 1 -> row stride 33;
  // elements aligned to 8k + 3 -> 3, then rows 90 -> 16k + 5 = 101.
  void stridesFollowTvm() {
    using layout::DimAlign;
    QCOMPARE(Const(layout::AlignedStrides(Shape({16, 30}), {{32, 1}})),
             (std::vector<int64_t>{33, 1}));
    QCOMPARE(Const(layout::AlignedStrides(Shape({16, 30}), {{16, 5}, {8, 3}})),
             (std::vector<int64_t>{101, 3}));
    // Already aligned: unchanged; no alignment: row-major.
    QCOMPARE(Const(layout::AlignedStrides(Shape({4, 32}), {{32, 0}})),
             (std::vector<int64_t>{32, 1}));
    QCOMPARE(Const(layout::AlignedStrides(Shape({2, 3, 4}), {})), (std::vector<int64_t>{12, 4, 1}));
    // A middle dimension: [2, 3, 4] with dim 1 at 8k + 1 -> 9, dim 0 = 27.
    QCOMPARE(Const(layout::AlignedStrides(Shape({2, 3, 4}), {DimAlign{}, DimAlign{8, 1}})),
             (std::vector<int64_t>{27, 9, 1}));
  }

  // The rows of a [16, 30] buffer at stride 33: physical [16, 33], 48 padding cells, the
  // last three of every row.
  void rowsOfThePaddedLength() {
    auto l = layout::AlignedLayout(Shape({16, 30}), {{32, 1}});
    QVERIFY2(l.ok(), l.ok() ? "" : l.error().message.c_str());
    QCOMPARE(Const(l->physical_shape), (std::vector<int64_t>{16, 33}));
    QVERIFY(l->padding_count.has_value());
    QCOMPARE(*l->padding_count, int64_t{48});
    QVERIFY(l->padding_predicate.defined());
    QCOMPARE(QString::fromStdString(to_string(l->padding_predicate)), QString("(i1 >= 30)"));
    auto cells = layout::EnumerateElements(*l);
    QVERIFY(cells.ok());
    QCOMPARE(cells->size(), size_t{528});
    QVERIFY((*cells)[29].logical.has_value());   // [0, 29] holds (0, 29)
    QVERIFY(!(*cells)[30].logical.has_value());  // [0, 30]: padding
    QCOMPARE(*(*cells)[33].logical, (std::vector<int64_t>{1, 0}));
  }

  // Strided elements: every third cell of a row holds an element (a 1-D buffer too).
  void stridedElementsLeaveGaps() {
    auto l = layout::AlignedLayout(Shape({4, 5}), {{8, 1}, {4, 3}});  // elements 3, rows 15 -> 17
    QVERIFY2(l.ok(), l.ok() ? "" : l.error().message.c_str());
    QCOMPARE(Const(l->physical_shape), (std::vector<int64_t>{4, 17}));
    QCOMPARE(*l->padding_count, int64_t{4 * 17 - 20});
    auto one = layout::AlignedLayout(Shape({6}), {{4, 2}});  // stride 1 + 5 % 4 = 2
    QVERIFY2(one.ok(), one.ok() ? "" : one.error().message.c_str());
    QCOMPARE(Const(one->physical_shape), (std::vector<int64_t>{12}));
    QCOMPARE(*one->padding_count, int64_t{6});
    auto cells = layout::EnumerateElements(*one);
    QVERIFY(cells.ok());
    for (size_t c = 0; c < cells->size(); ++c)
      QCOMPARE((*cells)[c].logical.has_value(), c % 2 == 0);
  }

  // The views list an aligned stage's buffer (B), not an unaligned one (C).
  void scheduleListsTheAlignedBuffer() {
    auto program = script::EvaluateScript(
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((16, 30), name=\"A\")\n"
        "B = te.compute((16, 30), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
        "C = te.compute((16, 30), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "s[B].storage_align(B.op.axis[0], 32, 1)\n");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    auto layouts = program->schedule->buffer_layouts();
    QCOMPARE(layouts.size(), size_t{1});
    QCOMPARE(QString::fromStdString(layouts[0].name), QString("B"));
    QCOMPARE(Const(layouts[0].layout.physical_shape), (std::vector<int64_t>{16, 33}));
  }

  // An allocation that does not cover the map's range is refused with the dimension.
  void allocationSmallerThanTheRangeIsRefused() {
    Var i("i"), j("j");
    auto map = std::make_shared<const IndexMapNode>(IndexMapNode{{i, j}, {i, j}});
    auto l = layout::AnalyzePaddedLayoutIn(map, Shape({4, 8}), Shape({4, 7}));
    QVERIFY(!l.ok());
    QVERIFY2(l.error().message.find("beyond the allocation's extent 7") != std::string::npos,
             l.error().message.c_str());
    auto rank = layout::AnalyzePaddedLayoutIn(map, Shape({4, 8}), Shape({32}));
    QVERIFY(!rank.ok());
    QVERIFY2(rank.error().message.find("rank") != std::string::npos, rank.error().message.c_str());
  }
};

}  // namespace tst_storage_align_layout

QTEST_APPLESS_MAIN(tst_storage_align_layout::TestStorageAlignLayout)
#include "tst_storage_align_layout.moc"
