// VectorizeLoops on guarded and ragged vector loops: a split's peeled tail (`if
// (likely(o*8 + i < n))` around the body, decided per lane by the enclosing loops'
// ranges) becomes a narrower vector of the lanes the guard keeps (pieces of powers of two), its
// terms on other variables a scalar `if` around it; an extent that bound inference left symbolic is
// constant where the enclosing ranges decide it, else (LLVM target) a masked vector of its bound; a
// per-lane condition (LLVM target) an `if` on a vector of lanes. Every case is executed by the
// interpreter and compared with the serial loop: tails of 1 to lanes - 1, in-place updates, strided
// accesses.
#include <QtTest>
#include <algorithm>

#include "TransformTestSupport.h"
#include "ir/Functor.h"
#include "transform/VectorizeLoops.h"

namespace tst_vectorize_guards {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {

Expr F(double v) { return FloatImm(DataType::Float(32), v); }
Expr Likely(Expr c) { return MakeCall(DataType::Bool(), "likely", {std::move(c)}); }

// What a vectorized statement holds: the widest vector store, its loop kinds, whether an
// `if` tests a vector of lanes.
struct Shape : IRVisitor {
  int store_lanes = 0;
  std::vector<ForKind> loops;
  bool vector_if = false;
  void VisitBufferStore(const BufferStoreNode* n, const Stmt& s) override {
    store_lanes = std::max(store_lanes, n->value.dtype().lanes());
    IRVisitor::VisitBufferStore(n, s);
  }
  void VisitFor(const ForNode* n, const Stmt& s) override {
    loops.push_back(n->for_kind);
    IRVisitor::VisitFor(n, s);
  }
  void VisitIfThenElse(const IfThenElseNode* n, const Stmt& s) override {
    vector_if = vector_if || n->condition.dtype().lanes() > 1;
    IRVisitor::VisitIfThenElse(n, s);
  }
};
Shape ShapeOf(const Stmt& s) {
  Shape shape;
  shape.VisitStmt(s);
  return shape;
}
int StoreLanes(const Stmt& s) { return ShapeOf(s).store_lanes; }
bool HasLoop(const Stmt& s, ForKind kind) {
  const std::vector<ForKind> loops = ShapeOf(s).loops;
  return std::find(loops.begin(), loops.end(), kind) != loops.end();
}
bool HasVectorIf(const Stmt& s) { return ShapeOf(s).vector_if; }
// The widest piece a tail of `n` lanes runs as (pieces of decreasing powers of two).
int Pieces(int n) {
  int w = 1;
  while (w * 2 <= n) w *= 2;
  return w;
}

// The peeled last tile of `n` elements split by `lanes`: o runs once, at the tile the
// guard cuts, as LoopPartition leaves it.
//   for (o, n / lanes, 1) vectorized (i, 0, lanes) if (likely(o*lanes + i < n)) body(o*lanes + i)
Stmt PeeledTail(int64_t n, int lanes, const std::function<Stmt(const Expr&)>& body) {
  Var o("o"), i("i");
  Expr index = o * lanes + i;
  return MakeFor(
      o, n / lanes, 1, ForKind::Serial,
      MakeFor(i, 0, lanes, ForKind::Vectorized, MakeIf(Likely(lt(index, Expr(n))), body(index))));
}

}  // namespace

class TestVectorizeGuards : public QObject {
  Q_OBJECT
 private slots:
  // B[x] = A[x] * 2 + 1 on the tail of 8 and 16 lanes, 1 to lanes - 1 elements long: the
  // tail is one vector of that many lanes, without the guard.
  void peeledTailBecomesANarrowerVector_data() {
    QTest::addColumn<int>("lanes");
    QTest::addColumn<int>("tail");
    for (int lanes : {8, 16})
      for (int tail = 1; tail < lanes; ++tail)
        QTest::addRow("%d lanes, tail %d", lanes, tail) << lanes << tail;
  }
  void peeledTailBecomesANarrowerVector() {
    QFETCH(int, lanes);
    QFETCH(int, tail);
    const int64_t n = 3 * lanes + tail;
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n});
    Stmt s = PeeledTail(n, lanes, [&](const Expr& x) {
      return MakeBufferStore(B, MakeBufferLoad(A, {x}) * F(2.0) + F(1.0), {x});
    });
    for (const std::string target : {"llvm", "c"}) {
      PassContext ctx;
      ctx.target = target;
      Stmt r = VectorizeLoops(s, ctx);
      QCOMPARE(StoreLanes(r), Pieces(tail));
      QVERIFY2(!Text(r).contains("if ("), qPrintable(Text(r)));
      QVERIFY2(!HasLoop(r, ForKind::Serial) || Text(r).startsWith("for (o"), qPrintable(Text(r)));
      ExpectSameResults(MakePrimFunc("f", {A, B}, s), MakePrimFunc("f", {A, B}, r), {{n}, {n}});
    }
  }

  // An in-place update over an inner reduction loop (an accumulator row of a GEMM tile):
  // the reduction loop is kept, its body widened to the tail's lanes.
  void inPlaceTailWithAReductionLoop() {
    const int lanes = 16, n = 16 * 2 + 5, k = 7;
    Buffer A = MakeBuffer("A", DataType::Float(32), {k * n});
    Buffer C = MakeBuffer("C", DataType::Float(32), {n});
    Var r("r");
    Stmt s = PeeledTail(n, lanes, [&](const Expr& x) {
      return MakeFor(
          r, 0, k, ForKind::Serial,
          MakeBufferStore(C, MakeBufferLoad(C, {x}) + MakeBufferLoad(A, {r * n + x}), {x}));
    });
    PassContext c;
    c.target = "c";
    for (const PassContext& ctx : {PassContext(), c}) {
      Stmt v = VectorizeLoops(s, ctx);
      QCOMPARE(StoreLanes(v), 4);  // 4 + 1
      QVERIFY(!HasVectorIf(v));
      QVERIFY(HasLoop(v, ForKind::Serial));
      ExpectSameResults(MakePrimFunc("f", {A, C}, s), MakePrimFunc("f", {A, C}, v), {{k * n}, {n}});
    }
  }

  // A guard with a term the lanes do not decide (the rows of a ragged row split): the
  // loop is narrowed on the lane terms and the other terms test once, a scalar `if`.
  void otherTermsStayAScalarIf() {
    Var m = SizeVar("m"), r("r"), o("o"), i("i");
    Buffer A = MakeBuffer("A", DataType::Float(32), {4 * 32});
    Expr x = r * 32 + o * 8 + i;
    Stmt s =
        MakeFor(r, 0, 4, ForKind::Serial,
                MakeFor(o, 3, 1, ForKind::Serial,
                        MakeFor(i, 0, 8, ForKind::Vectorized,
                                MakeIf(Likely(lt(r, m) && lt(o * 8 + i, 29)),
                                       MakeBufferStore(A, MakeBufferLoad(A, {x}) * F(3.0), {x})))));
    Stmt v = VectorizeLoops(s, PassContext());
    QCOMPARE(StoreLanes(v), 4);  // 4 + 1
    QVERIFY(!HasVectorIf(v));
    QVERIFY2(Text(v).contains("if ((r < m))"), qPrintable(Text(v)));
    for (int64_t rows : {0, 2, 4})
      ExpectSameResults(MakePrimFunc("f", {A}, s, {m}), MakePrimFunc("f", {A}, v, {m}), {{128}},
                        {{"m", rows}});
  }

  // A guard false on every lane (a tile wholly past the end) removes the loop; one that
  // holds on every lane only drops the guard.
  void guardOnNoLaneOrEveryLane() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {32});
    Var o("o"), i("i");
    Stmt none = MakeFor(
        o, 3, 1, ForKind::Serial,
        MakeFor(i, 0, 8, ForKind::Vectorized,
                MakeIf(Likely(lt(o * 8 + i, 24)), MakeBufferStore(A, F(1.0), {o * 8 + i}))));
    Stmt r = VectorizeLoops(none, PassContext());
    QCOMPARE(StoreLanes(r), 0);
    Stmt all = MakeFor(
        o, 2, 1, ForKind::Serial,
        MakeFor(i, 0, 8, ForKind::Vectorized,
                MakeIf(Likely(lt(o * 8 + i, 24)), MakeBufferStore(A, F(1.0), {o * 8 + i}))));
    Stmt w = VectorizeLoops(all, PassContext());
    QCOMPARE(StoreLanes(w), 8);
    QVERIFY2(!Text(w).contains("if ("), qPrintable(Text(w)));
    ExpectSameResults(MakePrimFunc("f", {A}, all), MakePrimFunc("f", {A}, w), {{32}});
  }

  // A guard the enclosing loops do not decide (the tile is any of them, the size a
  // parameter): on LLVM an `if` on the vector of lanes, elsewhere a serial loop.
  void undecidedGuardIsMaskedOnLLVM() {
    Var n = SizeVar("n"), o("o"), i("i");
    Buffer A = MakeBuffer("A", DataType::Float(32), {n});
    Buffer B = MakeBuffer("B", DataType::Float(32), {n});
    Expr x = o * 8 + i;
    Stmt s = MakeFor(o, 0, ceildiv(n, 8), ForKind::Serial,
                     MakeFor(i, 0, 8, ForKind::Vectorized,
                             MakeIf(Likely(lt(x, n)),
                                    MakeBufferStore(B, MakeBufferLoad(A, {x}) + F(1.0), {x}))));
    Stmt masked = VectorizeLoops(s, PassContext());
    QVERIFY2(HasVectorIf(masked), qPrintable(Text(masked)));
    QCOMPARE(StoreLanes(masked), 8);
    QVERIFY(!HasLoop(masked, ForKind::Vectorized));
    for (int64_t size : {1, 7, 8, 13, 29})
      ExpectSameResults(MakePrimFunc("f", {A, B}, s), MakePrimFunc("f", {A, B}, masked),
                        {{size}, {size}}, {{"n", size}});
    PassContext c;
    c.target = "c";
    Stmt serial = VectorizeLoops(s, c);
    QVERIFY(!HasVectorIf(serial));
    QCOMPARE(StoreLanes(serial), 1);
  }

  // A condition true on lanes that are no prefix (every third) is masked, not narrowed;
  // strided loads and stores keep their strides.
  void stridedAccessUnderAMask() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {48});
    Buffer B = MakeBuffer("B", DataType::Float(32), {64});
    Var i("i");
    Stmt s = MakeFor(i, 0, 16, ForKind::Vectorized,
                     MakeIf(eq(floormod(i, 3), 0),
                            MakeBufferStore(B, MakeBufferLoad(A, {i * 3}) * F(2.0), {i * 4}),
                            MakeBufferStore(B, F(-1.0), {i * 4 + 1})));
    Stmt r = VectorizeLoops(s, PassContext());
    QVERIFY2(HasVectorIf(r), qPrintable(Text(r)));
    QVERIFY2(Text(r).contains("ramp(0, 3, 16)") && Text(r).contains("ramp(0, 4, 16)"),
             qPrintable(Text(r)));
    ExpectSameResults(MakePrimFunc("f", {A, B}, s), MakePrimFunc("f", {A, B}, r), {{48}, {64}});
  }

  // The extent bound inference writes for a tile of a ragged split, max(min(28 - o*8,
  // 7) + 1, 0): constant (8) inside the loop over the whole tiles, 5 in the peeled tile;
  // where o ranges over both (no partition) a masked vector of 8 lanes.
  void symbolicExtentDecidedByTheEnclosingLoop_data() {
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("tiles");
    QTest::addColumn<int>("lanes");
    QTest::addColumn<bool>("masked");
    QTest::newRow("whole tiles") << 0 << 3 << 8 << false;
    QTest::newRow("the peeled tile (4 + 1 lanes)") << 3 << 1 << 4 << false;
    QTest::newRow("all tiles") << 0 << 4 << 8 << true;
  }
  void symbolicExtentDecidedByTheEnclosingLoop() {
    QFETCH(int, first);
    QFETCH(int, tiles);
    QFETCH(int, lanes);
    QFETCH(bool, masked);
    Buffer A = MakeBuffer("A", DataType::Float(32), {29});
    Buffer B = MakeBuffer("B", DataType::Float(32), {29});
    Var o("o"), j("j");
    Expr extent = max(min(28 - o * 8, 7) + 1, 0);
    Stmt s =
        MakeFor(o, first, tiles, ForKind::Serial,
                MakeFor(j, o * 8, extent, ForKind::Vectorized,
                        MakeBufferStore(B, MakeBufferLoad(B, {j}) + MakeBufferLoad(A, {j}), {j})));
    Stmt r = VectorizeLoops(s, PassContext());
    QCOMPARE(StoreLanes(r), lanes);
    QCOMPARE(HasVectorIf(r), masked);
    ExpectSameResults(MakePrimFunc("f", {A, B}, s), MakePrimFunc("f", {A, B}, r), {{29}, {29}});
    if (!masked) return;
    PassContext c;
    c.target = "c";
    QCOMPARE(StoreLanes(VectorizeLoops(s, c)), 1);
  }

  // Nested guards: a decided one narrows the loop, the undecided one inside is masked.
  void maskInsideANarrowedTail() {
    Var n = SizeVar("n"), i("i"), o("o");
    Buffer A = MakeBuffer("A", DataType::Float(32), {32});
    Buffer B = MakeBuffer("B", DataType::Float(32), {32});
    Stmt s = MakeFor(
        o, 3, 1, ForKind::Serial,
        MakeFor(i, 0, 8, ForKind::Vectorized,
                MakeIf(Likely(lt(o * 8 + i, 28)),
                       MakeIf(lt(i, n),
                              MakeBufferStore(B, MakeBufferLoad(A, {o * 8 + i}), {o * 8 + i})))));
    Stmt r = VectorizeLoops(s, PassContext());
    QCOMPARE(StoreLanes(r), 4);
    QVERIFY(HasVectorIf(r));
    for (int64_t limit : {0, 2, 6, 9})
      ExpectSameResults(MakePrimFunc("f", {A, B}, s, {n}), MakePrimFunc("f", {A, B}, r, {n}),
                        {{32}, {32}}, {{"n", limit}});
  }
};

}  // namespace tst_vectorize_guards

QTEST_APPLESS_MAIN(tst_vectorize_guards::TestVectorizeGuards)
#include "tst_vectorize_guards.moc"
