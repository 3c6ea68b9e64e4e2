// LoopPartition: the guard a non-dividing split leaves (`likely(io*8 + ii < n)`) is
// removed from a main loop over the iterations where it always holds; a tail loop keeps
// it. The border test of an inlined padding stage (if_then_else on the window's row and
// column) is cut out of the columns and rows, or tested once outside a loop when the
// enclosing loops decide it. Checked on the program's structure and by running both
// programs for several sizes.
#include <QtTest>

#include "TransformTestSupport.h"
#include "ir/Functor.h"
#include "transform/LoopPartition.h"
#include "transform/RemoveNoOp.h"
#include "transform/Simplify.h"
#include "transform/UnrollLoops.h"

namespace tst_loop_partition {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {

Expr Likely(Expr c) { return MakeCall(DataType::Bool(), "likely", {std::move(c)}); }

// B[io*8 + ii] = A[io*8 + ii] * 2 under `guard`, split by 8 over `extent` outer iterations.
PrimFunc SplitKernel(Expr n, Expr outer_extent, const std::function<Expr(Expr)>& guard,
                     ForKind inner = ForKind::Serial) {
  Buffer A = MakeBuffer("A", DataType::Float(32), {n});
  Buffer B = MakeBuffer("B", DataType::Float(32), {n});
  Var io("io"), ii("ii");
  Expr idx = io * 8 + ii;
  Stmt store =
      MakeBufferStore(B, MakeBufferLoad(A, {idx}) * FloatImm(DataType::Float(32), 2.0), {idx});
  Stmt s = MakeFor(io, 0, outer_extent, ForKind::Serial,
                   MakeFor(ii, 0, 8, inner, MakeIf(Likely(guard(idx)), store)));
  return MakePrimFunc("split", {A, B}, s);
}

// if_then_else(inside, value, 0f): what an inlined padding stage reads.
Expr ZeroOutside(Expr inside, Expr value) {
  return MakeCall(DataType::Float(32), "if_then_else",
                  {std::move(inside), std::move(value), FloatImm(DataType::Float(32), 0.0)});
}

// B[y, x] = sum over a 3 x 3 window of the zero-padded A (H x W, padding 1), the padding
// inlined: if_then_else(y + r >= 1 && y + r < H + 1 && x + c >= 1 && x + c < W + 1,
// A[y + r - 1, x + c - 1], 0). Rows come from `rows` (a loop of its own, or a parallel loop
// over two images' rows, y = p % H); the window loops are unrolled.
enum class Rows { Serial, FusedParallel };
PrimFunc PaddedWindowSum(Expr H, Expr W, Rows rows, std::vector<Var> scalars = {}) {
  Buffer A = MakeBuffer("A", DataType::Float(32), {H * W});
  Buffer B = MakeBuffer("B", DataType::Float(32), {H * W * 2});
  Var p("p"), x("x"), r("r"), c("c");
  Expr y = rows == Rows::Serial ? Expr(p) : floormod(p, H);
  Expr image = rows == Rows::Serial ? Expr(0) : floordiv(p, H) * H * W;
  Expr h = y + r, w = x + c;
  Expr inside =
      logical_and(logical_and(ge(h, 1), lt(h, H + 1)), logical_and(ge(w, 1), lt(w, W + 1)));
  Expr value = ZeroOutside(inside, MakeBufferLoad(A, {(h - 1) * W + w - 1}));
  Expr out = image + y * W + x;
  Stmt acc = MakeBufferStore(B, MakeBufferLoad(B, {out}) + value, {out});
  Stmt window = MakeFor(r, 0, 3, ForKind::Unrolled, MakeFor(c, 0, 3, ForKind::Unrolled, acc));
  Stmt body = MakeFor(x, 0, W, ForKind::Serial, window);
  Stmt s = rows == Rows::Serial ? MakeFor(p, 0, H, ForKind::Serial, body)
                                : MakeFor(p, 0, H * 2, ForKind::Parallel, body);
  return MakePrimFunc("window", {A, B}, s, scalars);
}

// The loops and if_then_else calls of a program, for structural checks.
struct Shape : IRVisitor {
  std::vector<const ForNode*> loops;
  std::vector<const IfThenElseNode*> ifs;
  int selects = 0;
  int stores = 0;
  explicit Shape(const Stmt& s) { VisitStmt(s); }
  void VisitFor(const ForNode* n, const Stmt& s) override {
    loops.push_back(n);
    IRVisitor::VisitFor(n, s);
  }
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    ifs.push_back(n);
    IRVisitor::VisitIfThenElse(n, s);
  }
  void VisitCall(const CallNode* n, const Expr& e) override {
    if (n->op == "if_then_else") ++selects;
    IRVisitor::VisitCall(n, e);
  }
  void VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    ++stores;
    IRVisitor::VisitBufferStore(n, s);
  }
  const ForNode* Loop(const std::string& var, int64_t min, int64_t extent) const {
    for (auto* l : loops)
      if (l->loop_var.name() == var && is_const_int(l->min, min) && is_const_int(l->extent, extent))
        return l;
    return nullptr;
  }
};

PrimFunc Partitioned(const PrimFunc& f) {
  PrimFunc g = f;
  g.body = LoopPartition(f.body, PassContext());
  return g;
}

}  // namespace

class TestLoopPartition : public QObject {
  Q_OBJECT
 private slots:
  void symbolicTailIsSplitOff() {
    Var n = SizeVar("n");
    PrimFunc f = SplitKernel(n, ceildiv(n, 8), [&](Expr idx) { return lt(idx, n); });
    PrimFunc g = Partitioned(f);
    QString text = Text(g.body);
    // main loop: no guard; tail loop: the original guard.
    QStringList loops = text.split("for (io, ");
    QCOMPARE(loops.size(), 3);
    QVERIFY2(!loops[1].contains("likely"), qPrintable(text));
    QVERIFY2(loops[2].contains("likely"), qPrintable(text));
    QVERIFY2(loops[1].startsWith("0, floordiv(n, 8))"), qPrintable(text));
    for (int64_t size : {0, 5, 8, 13, 16, 23}) ExpectSameResults(f, g, {{size}, {size}});
  }

  void constantTail() {
    PrimFunc f = SplitKernel(20, 3, [&](Expr idx) { return lt(idx, 20); });
    PrimFunc g = Partitioned(f);
    QString text = Text(g.body);
    QVERIFY2(text.startsWith("for (io, 0, 2) {\n  for (ii, 0, 8) {\n    B["), qPrintable(text));
    QVERIFY2(text.contains("for (io, 2, 1) {"), qPrintable(text));
    ExpectSameResults(f, g, {{20}, {20}});
  }

  void alwaysTrueGuardNeedsNoTail() {
    PrimFunc f = SplitKernel(24, 3, [&](Expr idx) { return lt(idx, 24); });
    QString text = Text(Partitioned(f).body);
    QVERIFY2(!text.contains("likely"), qPrintable(text));
    QCOMPARE(text.count("for (io"), 1);
  }

  void otherGuardFormsAreNormalised_data() {
    QTest::addColumn<int>("form");
    QTest::newRow("idx <= n - 1") << 0;
    QTest::newRow("n > idx") << 1;
    QTest::newRow("n - idx >= 1") << 2;
    QTest::newRow("conjunction with an invariant term") << 3;
  }
  void otherGuardFormsAreNormalised() {
    QFETCH(int, form);
    Var n = SizeVar("n");
    auto guard = [&](Expr idx) -> Expr {
      switch (form) {
        case 0:
          return le(idx, n - 1);
        case 1:
          return gt(n, idx);
        case 2:
          return ge(n - idx, 1);
        default:
          return logical_and(lt(idx, n), lt(idx, n + 3));
      }
    };
    PrimFunc f = SplitKernel(n, ceildiv(n, 8), guard);
    PrimFunc g = Partitioned(f);
    QCOMPARE(Text(g.body).count("for (io"), 2);
    for (int64_t size : {0, 7, 9, 16}) ExpectSameResults(f, g, {{size}, {size}});
  }

  void unsupportedGuardsAreLeftAlone_data() {
    QTest::addColumn<int>("form");
    QTest::newRow("inequality") << 1;
    QTest::newRow("not likely") << 2;
  }
  void unsupportedGuardsAreLeftAlone() {
    QFETCH(int, form);
    Var n = SizeVar("n");
    PrimFunc f;
    if (form == 2) {
      Buffer A = MakeBuffer("A", DataType::Float(32), {n});
      Var i("i");
      f = MakePrimFunc(
          "f", {A},
          MakeFor(i, 0, n, ForKind::Serial,
                  MakeIf(lt(i, n), MakeBufferStore(A, FloatImm(DataType::Float(32), 1.0), {i}))));
    } else {
      f = SplitKernel(n, ceildiv(n, 8),
                      [&](Expr idx) { return form == 0 ? ge(idx, 3) : ne(idx, 5); });
    }
    QVERIFY(LoopPartition(f.body, PassContext()).same_as(f.body));
  }

  void lowerBoundSplitsOffAHead() {
    // likely(io*8 + ii >= 3 && io*8 + ii < n): the first term is false for io = 0 only, so
    // a head keeps the guard; the main loop has none; the tail keeps it.
    Var n = SizeVar("n");
    PrimFunc f = SplitKernel(n, ceildiv(n, 8),
                             [&](Expr idx) { return logical_and(ge(idx, 3), lt(idx, n)); });
    PrimFunc g = Partitioned(f);
    QString text = Text(g.body);
    QStringList loops = text.split("for (io, ");
    QCOMPARE(loops.size(), 4);
    QVERIFY2(loops[1].startsWith("0, ") && loops[1].contains("likely"), qPrintable(text));
    QVERIFY2(!loops[2].contains("likely"), qPrintable(text));
    QVERIFY2(loops[3].contains("likely"), qPrintable(text));
    for (int64_t size : {0, 2, 8, 13}) ExpectSameResults(f, g, {{size}, {size}});
  }

  void inlinedPaddingIsCutOutOfRowsAndColumns() {
    PrimFunc f = PaddedWindowSum(6, 7, Rows::Serial);
    PrimFunc g = Partitioned(f);
    Shape shape(g.body);
    // rows 1..4 and, inside them, columns 1..5 read no padding: no guard left there; the
    // first and last row and column are single iterations with their index substituted.
    const ForNode* rows = shape.Loop("p", 1, 4);
    QVERIFY2(rows, qPrintable(Text(g.body)));
    Shape middle(rows->body);
    const ForNode* columns = middle.Loop("x", 1, 5);
    QVERIFY2(columns, qPrintable(Text(g.body)));
    QCOMPARE(Shape(columns->body).selects, 0);
    int column_middles = 0;  // one in each of the 3 row parts
    for (auto* l : shape.loops)
      column_middles += l->loop_var.name() == "x" && is_const_int(l->min, 1);
    QCOMPARE(column_middles, 3);
    ExpectSameResults(f, g, {{6 * 7}, {6 * 7 * 2}});
  }

  void inlinedPaddingWithSymbolicSizes() {
    Var H = SizeVar("H"), W = SizeVar("W");
    PrimFunc f = PaddedWindowSum(H, W, Rows::Serial, {H, W});
    PrimFunc g = Partitioned(f);
    QVERIFY2(Text(g.body).count("for (p, ") >= 2, qPrintable(Text(g.body)));
    for (auto [h, w] : {std::pair<int64_t, int64_t>{1, 1}, {2, 3}, {3, 2}, {5, 8}})
      ExpectSameResults(f, g, {{h * w}, {h * w * 2}}, {{"H", h}, {"W", w}});
  }

  void rowsOfAFusedParallelLoopAreTestedOnceOutsideTheColumns() {
    // y = p % H cannot be cut out of the parallel loop; the columns loop is unswitched on
    // "every window row inside", the then-branch free of row terms.
    PrimFunc f = PaddedWindowSum(5, 6, Rows::FusedParallel);
    PrimFunc g = Partitioned(f);
    Shape shape(g.body);
    QCOMPARE(shape.loops.front()->for_kind, ForKind::Parallel);
    QCOMPARE(Text(shape.loops.front()->extent), QString("10"));
    QVERIFY2(!shape.ifs.empty(), qPrintable(Text(g.body)));
    const IfThenElseNode* test = shape.ifs.front();
    QVERIFY2(!Text(test->condition).contains("likely") &&
                 Text(test->condition).contains("floormod(p, 5)"),
             qPrintable(Text(g.body)));
    Shape clean(test->then_case);
    const ForNode* columns = clean.Loop("x", 1, 4);
    QVERIFY2(columns, qPrintable(Text(g.body)));
    QCOMPARE(Shape(columns->body).selects, 0);
    QVERIFY2(Shape(test->else_case).Loop("x", 0, 6),
             qPrintable(Text(g.body)));  // border rows: not cut
    ExpectSameResults(f, g, {{5 * 6}, {5 * 6 * 2}});
  }

  void eachBorderRowOfAFusedParallelLoopGetsItsOwnCopy() {
    // Where "every window row inside" fails, one copy of the columns loop per hoisted test:
    // if (!(0 < y)) {top row} else if (!(y < 4)) {bottom row}. After unrolling and
    // Simplify (which reads those conditions), the top row's taps of the row above are the
    // padding's 0 and fold away with their additions, as the bottom row's of the row
    // below: 6 of the 9 accumulations are left in each copy, where one copy for both kept
    // all 9, guarded.
    PrimFunc f = PaddedWindowSum(5, 6, Rows::FusedParallel);
    PrimFunc g = f;
    PassContext ctx;
    g.body = RemoveNoOp(Simplify(UnrollLoops(LoopPartition(f.body, ctx), ctx), ctx), ctx);
    Shape shape(g.body);
    QVERIFY2(!shape.ifs.empty(), qPrintable(Text(g.body)));
    const IfThenElseNode* border = shape.ifs.front()->else_case.as<IfThenElseNode>();
    QVERIFY2(border && border->else_case.defined(), qPrintable(Text(g.body)));
    const IfThenElseNode* bottom = border->else_case.as<IfThenElseNode>();
    QVERIFY2(bottom, qPrintable(Text(g.body)));
    QCOMPARE(Shape(border->then_case).stores, 6);
    QCOMPARE(Shape(bottom->then_case).stores, 6);
    ExpectSameResults(f, g, {{5 * 6}, {5 * 6 * 2}});
  }

  void paddingTermsLeaveParallelAndVectorLoopsWhole_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("parallel") << int(ForKind::Parallel);
    QTest::newRow("vectorized") << int(ForKind::Vectorized);
  }
  void paddingTermsLeaveParallelAndVectorLoopsWhole() {
    // B[x] = sum_c if_then_else(x + c >= 1 && x + c < 9, A[x + c - 1], 0) over x in such
    // a loop (the window unrolled): no cut (one parallel region; one vector loop, as an
    // accumulation's lanes stay aligned with the other taps' updates of B).
    QFETCH(int, kind);
    Buffer A = MakeBuffer("A", DataType::Float(32), {8});
    Buffer B = MakeBuffer("B", DataType::Float(32), {8});
    Var x("x"), c("c");
    Expr w = x + c;
    Expr value = ZeroOutside(logical_and(ge(w, 1), lt(w, 9)), MakeBufferLoad(A, {w - 1}));
    Stmt s = MakeFor(x, 0, 8, ForKind(kind),
                     MakeFor(c, 0, 3, ForKind::Unrolled,
                             MakeBufferStore(B, MakeBufferLoad(B, {x}) + value, {x})));
    QVERIFY(LoopPartition(s, PassContext()).same_as(s));
  }

  void aVectorCopyOfAPaddingIsCutAtConstantLanes() {
    // P[h, w] = if_then_else(w >= 1 && w < 9, A[h, w - 1], 0) over w in [0, 10) vectorized:
    // the middle lanes [1, 9) become one vector without the guard, the border lanes
    // serial loops.
    Buffer A = MakeBuffer("A", DataType::Float(32), {24});
    Buffer P = MakeBuffer("P", DataType::Float(32), {30});
    Var h("h"), w("w");
    Expr value = ZeroOutside(logical_and(ge(w, 1), lt(w, 9)), MakeBufferLoad(A, {h * 8 + w - 1}));
    Stmt s =
        MakeFor(h, 0, 3, ForKind::Serial,
                MakeFor(w, 0, 10, ForKind::Vectorized, MakeBufferStore(P, value, {h * 10 + w})));
    PrimFunc f = MakePrimFunc("pad", {A, P}, s);
    PrimFunc g = Partitioned(f);
    Shape shape(g.body);
    const ForNode* middle = shape.Loop("w", 1, 8);
    QVERIFY2(middle && middle->for_kind == ForKind::Vectorized, qPrintable(Text(g.body)));
    QCOMPARE(Shape(middle->body).selects, 0);
    for (const ForNode* l : shape.loops)
      QVERIFY2(l == middle || l->for_kind != ForKind::Vectorized, qPrintable(Text(g.body)));
    ExpectSameResults(f, g, {{24}, {30}});
  }

  void aVectorIsNotCutAtASymbolicLane() {
    // A copy of a row of symbolic width n into 10 lanes: the cut at lane 1 is made, the
    // one at lane n + 1 is not (the middle would not be a constant number of lanes); its
    // term stays in the vector's guard.
    Var n = SizeVar("n"), w("w");
    Buffer A = MakeBuffer("A", DataType::Float(32), {16});
    Buffer P = MakeBuffer("P", DataType::Float(32), {10});
    Expr value = ZeroOutside(logical_and(ge(w, 1), lt(w, n + 1)), MakeBufferLoad(A, {w - 1}));
    Stmt s = MakeFor(w, 0, 10, ForKind::Vectorized, MakeBufferStore(P, value, {w}));
    PrimFunc f = MakePrimFunc("row", {A, P}, s, {n});
    PrimFunc g = Partitioned(f);
    const ForNode* middle = Shape(g.body).Loop("w", 1, 9);
    QVERIFY2(middle && middle->for_kind == ForKind::Vectorized, qPrintable(Text(g.body)));
    QVERIFY(Text(middle->body).contains("(w < (n + 1))"));
    for (int64_t nv : {3, 8, 9}) ExpectSameResults(f, g, {{16}, {10}}, {{"n", nv}});
  }

  void aLoopIsDecidedOverItsOwnRangeAfterItsHeadWasCut() {
    // A padding copy stored in two phases, P[h, p, j] = padded row h at column w = 2j + p:
    // if_then_else(h >= 1 && w >= 1 && w < 9, A[h - 1, w - 1], 0). The cut of h visits the
    // head h = 0 first, where the p loop is cut into p = 0 and p = 1 (one value); the main
    // h loop's p loop must then be decided over its own range [0, 2), not that value: it
    // is cut too, and no j loop is left with a bound that depends on p.
    Buffer A = MakeBuffer("A", DataType::Float(32), {24});
    Buffer P = MakeBuffer("P", DataType::Float(32), {40});
    Var h("h"), p("p"), j("j");
    Expr col = j * 2 + p;
    Expr inside = logical_and(ge(h, 1), logical_and(ge(col, 1), lt(col, 9)));
    Expr value = ZeroOutside(inside, MakeBufferLoad(A, {(h - 1) * 8 + col - 1}));
    Stmt s = MakeFor(h, 0, 4, ForKind::Serial,
                     MakeFor(p, 0, 2, ForKind::Serial,
                             MakeFor(j, 0, 5, ForKind::Serial,
                                     MakeBufferStore(P, value, {h * 10 + p * 5 + j}))));
    PrimFunc f = MakePrimFunc("phases", {A, P}, s);
    PrimFunc g = Partitioned(f);
    for (const ForNode* l : Shape(g.body).loops)
      QVERIFY2(!UsesVar(l->min, p) && !UsesVar(l->extent, p), qPrintable(Text(g.body)));
    ExpectSameResults(f, g, {{24}, {40}});
  }

  void termsThatReadMemoryOrDivideAreLeftAlone_data() {
    QTest::addColumn<int>("form");
    QTest::newRow("reads an index buffer") << 0;
    QTest::newRow("divides by a variable") << 1;
  }
  void termsThatReadMemoryOrDivideAreLeftAlone() {
    // Inside `for (o) for (i)`, a term on o alone would be hoisted out of the i loop (and
    // one on i cut); these must not be: hoisted, they could fault where the loop never ran.
    QFETCH(int, form);
    Var n = SizeVar("n"), o("o"), i("i");
    Buffer I = MakeBuffer("I", DataType::Int(32), {4});
    Buffer A = MakeBuffer("A", DataType::Float(32), {32});
    Expr term = form == 0 ? lt(MakeBufferLoad(I, {o}), 2) : lt(floordiv(o * 8 + i, n), 2);
    Expr value = ZeroOutside(term, MakeBufferLoad(A, {o * 8 + i}));
    Stmt s = MakeFor(o, 0, 4, ForKind::Serial,
                     MakeFor(i, 0, 8, ForKind::Serial, MakeBufferStore(A, value, {o * 8 + i})));
    QVERIFY(LoopPartition(s, PassContext()).same_as(s));
  }

  void nestedCutsAreBounded() {
    // Padding in five dimensions: cuts nest at most kMaxGuardSplits deep, so the window
    // statement is copied at most 3^kMaxGuardSplits times (not 3^5), and stays correct.
    constexpr int kDims = 5;
    Buffer A = MakeBuffer("A", DataType::Float(32), {243});
    Buffer B = MakeBuffer("B", DataType::Float(32), {243});
    std::vector<Var> v;
    Expr inside, index = 0, shifted = 0;
    for (int d = 0; d < kDims; ++d) {
      v.push_back(Var("v" + std::to_string(d)));
      Expr term = logical_and(ge(v[d], 1), lt(v[d], 2));  // holds for v = 1 only
      inside = inside.defined() ? logical_and(inside, term) : term;
      index = index * 3 + v[d];
      shifted = shifted * 3 + v[d] - 1;
    }
    Expr value = ZeroOutside(inside, MakeBufferLoad(A, {shifted}));
    Stmt s = MakeBufferStore(B, value, {index});
    for (int d = kDims - 1; d >= 0; --d) s = MakeFor(v[d], 0, 3, ForKind::Serial, s);
    PrimFunc f = MakePrimFunc("pad5", {A, B}, s);
    PrimFunc g = Partitioned(f);
    int copies = Shape(g.body).stores;
    QVERIFY2(copies > 1 && copies <= 27, qPrintable(QString::number(copies)));
    ExpectSameResults(f, g, {{243}, {243}});
  }

  void guardOnTheInnerVariableOnly() {
    // for (o, 0, 4) for (i, 0, 8) if (likely(i < m)) ...: the inner loop is cut at m.
    Var m = SizeVar("m"), o("o"), i("i");
    Buffer A = MakeBuffer("A", DataType::Float(32), {32});
    Stmt s = MakeFor(
        o, 0, 4, ForKind::Serial,
        MakeFor(i, 0, 8, ForKind::Serial,
                MakeIf(Likely(lt(i, m)),
                       MakeBufferStore(A, FloatImm(DataType::Float(32), 1.0), {o * 8 + i}))));
    PrimFunc f = MakePrimFunc("f", {A}, s, {m});
    PrimFunc g = Partitioned(f);
    QCOMPARE(Text(g.body).count("for (i, "), 2);
    for (int64_t mv : {0, 3, 8, 12}) ExpectSameResults(f, g, {{32}}, {{"m", mv}});
  }
};

}  // namespace tst_loop_partition

QTEST_APPLESS_MAIN(tst_loop_partition::TestLoopPartition)
#include "tst_loop_partition.moc"
