// VectorizeLoops: the loop variable becomes ramp(min, 1, N), operands are broadcast,
// loads/stores become vector accesses; bodies that cannot be widened are scalarised.
// Every case is also executed by the interpreter and compared with the serial loop.
#include <QtTest>

#include "TransformTestSupport.h"
#include "transform/VectorizeLoops.h"

namespace tst_vectorize_loops {

using namespace tessera;
using namespace tessera::ir;
using namespace tessera::testing;
using namespace tessera::transform;

namespace {
Expr F(double v) { return FloatImm(DataType::Float(32), v); }
ForKind KindOf(const Stmt& s) {
  auto* f = s.as<ForNode>();
  return f ? f->for_kind : ForKind::ThreadBinding;
}
// A row of C over `columns` vectorized j: zeroed, then an 8-step serial reduction over
// k of A[k, j] into it, inside the vector loop (A is 8 x columns).
Stmt ColumnReduction(const Buffer& A, const Buffer& C, int64_t columns) {
  Var j("j"), k("k");
  return MakeFor(
      j, 0, columns, ForKind::Vectorized,
      MakeSeq(
          {MakeBufferStore(C, F(0.0), {j}),
           MakeFor(k, 0, 8, ForKind::Serial,
                   MakeBufferStore(C, MakeBufferLoad(C, {j}) + MakeBufferLoad(A, {k * columns + j}),
                                   {j}))}));
}
// GEMM's register tile: the vector loop over j inside the serial loop over k, C[j]
// accumulating across k.
Stmt TileOverK(const Buffer& A, const Buffer& C, int64_t columns) {
  Var j("j"), k("k");
  return MakeFor(
      k, 0, 8, ForKind::Serial,
      MakeFor(
          j, 0, columns, ForKind::Vectorized,
          MakeBufferStore(C, MakeBufferLoad(C, {j}) + MakeBufferLoad(A, {k * columns + j}), {j})));
}
}  // namespace

class TestVectorizeLoops : public QObject {
  Q_OBJECT
 private slots:
  void elementwiseBodyBecomesVectorOps() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {64});
    Buffer B = MakeBuffer("B", DataType::Float(32), {64});
    Var o("o"), i("i");
    Stmt body = MakeFor(
        o, 0, 8, ForKind::Serial,
        MakeFor(i, 0, 8, ForKind::Vectorized,
                MakeBufferStore(B, MakeBufferLoad(A, {o * 8 + i}) * F(2.0) + F(1.0), {o * 8 + i})));
    Stmt r = VectorizeLoops(body, PassContext());
    QCOMPARE(Text(r), QString("for (o, 0, 8) {\n"
                              "  B[ramp((o*8), 1, 8)] = ((A[ramp((o*8), 1, 8)]*x8(2f)) + x8(1f))\n"
                              "}\n"));
    ExpectSameResults(MakePrimFunc("f", {A, B}, body), MakePrimFunc("f", {A, B}, r), {{64}, {64}});
  }

  void letsAndMathCallsWiden() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {16});
    Buffer B = MakeBuffer("B", DataType::Float(32), {16});
    Var i("i"), t("t", DataType::Float(32));
    Stmt body =
        MakeFor(i, 0, 16, ForKind::Vectorized,
                MakeLetStmt(t, MakeCall(DataType::Float(32), "exp", {MakeBufferLoad(A, {i})}),
                            MakeBufferStore(B, MakeSelect(lt(i, 5), t, F(0.0)), {i})));
    Stmt r = VectorizeLoops(body, PassContext());
    auto* let = r.as<LetStmtNode>();
    QVERIFY2(let, qPrintable(Text(r)));
    QCOMPARE(let->var.dtype(), DataType::Float(32, 16));
    ExpectSameResults(MakePrimFunc("f", {A, B}, body), MakePrimFunc("f", {A, B}, r), {{16}, {16}});
  }

  // A reduction over an inner serial loop with a vectorized outer index (GEMM's j):
  // the inner loop is kept and its body widened.
  void innerSerialLoopIsKept() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {8 * 8});
    Buffer C = MakeBuffer("C", DataType::Float(32), {8});
    Stmt body = ColumnReduction(A, C, 8);
    Stmt r = VectorizeLoops(body, PassContext());
    QVERIFY2(!r.as<ForNode>(), qPrintable(Text(r)));
    QVERIFY(Text(r).contains("for (k, 0, 8)"));
    ExpectSameResults(MakePrimFunc("f", {A, C}, body), MakePrimFunc("f", {A, C}, r), {{64}, {8}});
  }

  // A register tile of 3 vectors (48 lanes on AVX-512) accumulated across a reduction
  // loop: for the LLVM target it runs as power-of-two pieces (32 + 16), as the x86 back
  // end carries a 48-lane accumulator kept in registers through the stack lane by lane;
  // the C target keeps the loop's own 48 lanes, as TVM prints them. Within one register
  // (14 lanes), stored where the enclosing loop moves it, or with the reduction loop
  // inside it (pieces would run that loop once per piece), the loop stays one vector.
  void ownExtentOfNoPowerOfTwoRunsInPiecesOnLLVM() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {8 * 48});
    Buffer C = MakeBuffer("C", DataType::Float(32), {48});
    Stmt body = TileOverK(A, C, 48);
    Stmt r = VectorizeLoops(body, PassContext());
    const QString text = Text(r);
    QVERIFY2(text.contains("C[ramp(0, 1, 32)]") && text.contains("C[ramp(32, 1, 16)]"),
             qPrintable(text));
    QVERIFY2(!text.contains(", 48)"), qPrintable(text));
    QCOMPARE(text.count("for (k, 0, 8)"), 1);
    ExpectSameResults(MakePrimFunc("f", {A, C}, body), MakePrimFunc("f", {A, C}, r),
                      {{8 * 48}, {48}});
    PassContext c_target;
    c_target.target = "c";
    QVERIFY2(Text(VectorizeLoops(body, c_target)).contains("C[ramp(0, 1, 48)]"),
             qPrintable(Text(VectorizeLoops(body, c_target))));

    Stmt inner_reduction = ColumnReduction(A, C, 48);
    QVERIFY2(Text(VectorizeLoops(inner_reduction, PassContext())).contains("C[ramp(0, 1, 48)]"),
             qPrintable(Text(VectorizeLoops(inner_reduction, PassContext()))));
    Buffer B = MakeBuffer("B", DataType::Float(32), {8 * 48});
    Var row("row"), j("j");
    Stmt rows = MakeFor(
        row, 0, 8, ForKind::Serial,
        MakeFor(j, 0, 48, ForKind::Vectorized,
                MakeBufferStore(B, MakeBufferLoad(A, {row * 48 + j}) * F(2.0), {row * 48 + j})));
    QVERIFY2(Text(VectorizeLoops(rows, PassContext())).contains(", 1, 48)]"),
             qPrintable(Text(VectorizeLoops(rows, PassContext()))));
    Stmt narrow = MakeFor(j, 0, 14, ForKind::Vectorized,
                          MakeBufferStore(C, MakeBufferLoad(A, {j}) * F(2.0), {j}));
    QVERIFY2(Text(VectorizeLoops(narrow, PassContext())).contains("C[ramp(0, 1, 14)]"),
             qPrintable(Text(VectorizeLoops(narrow, PassContext()))));
  }

  // The register's width is the target's (PassContext::vector_lanes): a 12-lane
  // accumulator spans two AVX2 registers and runs as 8 + 4, and stays one vector within
  // an AVX-512 register.
  void ownExtentIsCutAtTheTargetsRegisterWidth() {
    Buffer A = MakeBuffer("A", DataType::Float(32), {8 * 12});
    Buffer C = MakeBuffer("C", DataType::Float(32), {12});
    Stmt body = TileOverK(A, C, 12);
    PassContext avx2;
    avx2.vector_lanes = 8;
    Stmt r = VectorizeLoops(body, avx2);
    const QString text = Text(r);
    QVERIFY2(text.contains("C[ramp(0, 1, 8)]") && text.contains("C[ramp(8, 1, 4)]"),
             qPrintable(text));
    QVERIFY2(!text.contains(", 12)"), qPrintable(text));
    ExpectSameResults(MakePrimFunc("f", {A, C}, body), MakePrimFunc("f", {A, C}, r),
                      {{8 * 12}, {12}});
    PassContext avx512;
    avx512.vector_lanes = 16;
    QVERIFY2(Text(VectorizeLoops(body, avx512)).contains("C[ramp(0, 1, 12)]"),
             qPrintable(Text(VectorizeLoops(body, avx512))));
    PassContext c_target;
    c_target.target = "c";
    c_target.vector_lanes = 8;
    QVERIFY2(Text(VectorizeLoops(body, c_target)).contains("C[ramp(0, 1, 12)]"),
             qPrintable(Text(VectorizeLoops(body, c_target))));
  }

  void scalarisedWhenTheBodyCannotBeWidened_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("symbolic extent") << 0;
    QTest::newRow("all lanes store one location") << 1;
    QTest::newRow("branch on the lane, no masks (C target)") << 2;
    QTest::newRow("inner loop bound depends on the lane") << 3;
    QTest::newRow("extern call") << 4;
    QTest::newRow("allocation inside") << 5;
  }
  void scalarisedWhenTheBodyCannotBeWidened() {
    QFETCH(int, which);
    Buffer A = MakeBuffer("A", DataType::Float(32), {16});
    Buffer S = MakeBuffer("S", DataType::Float(32), {16});
    Var i("i"), k("k"), n("n");
    Stmt inner;
    Expr extent = 8;
    switch (which) {
      case 0:
        extent = n;
        inner = MakeBufferStore(A, F(1.0), {i});
        break;
      case 1:
        inner = MakeBufferStore(S, MakeBufferLoad(S, {0}) + MakeBufferLoad(A, {i}), {0});
        break;
      case 2:  // every second lane: no prefix to narrow to
        inner = MakeIf(eq(floormod(i, 2), 0), MakeBufferStore(A, F(1.0), {i}));
        break;
      case 3:
        inner = MakeFor(k, 0, i, ForKind::Serial, MakeBufferStore(A, F(1.0), {k}));
        break;
      case 4:
        inner = MakeBufferStore(
            A, MakeCall(DataType::Float(32), "rand_float", {i}, CallKind::Extern), {i});
        break;
      case 5: {
        Var t("T", DataType::Handle());
        inner = MakeAllocate(t, DataType::Float(32), {1}, Expr(),
                             MakeBufferStore(BufferOn(t, DataType::Float(32), 1), F(1.0), {0}));
        break;
      }
    }
    Stmt s = MakeFor(i, 0, extent, ForKind::Vectorized, inner);
    PassContext ctx;
    if (which == 2) ctx.target = "c";
    Stmt r = VectorizeLoops(s, ctx);
    QCOMPARE(KindOf(r), ForKind::Serial);
    QVERIFY(!Text(r).contains("ramp"));
    if (which == 1)
      ExpectSameResults(MakePrimFunc("f", {A, S}, s), MakePrimFunc("f", {A, S}, r), {{16}, {16}});
  }

  void extentOneIsSubstituted() {
    Buffer A = MakeBuffer("A", DataType::Int(32), {4});
    Var i("i");
    Stmt r = VectorizeLoops(MakeFor(i, 2, 1, ForKind::Vectorized, MakeBufferStore(A, i, {i})),
                            PassContext());
    QCOMPARE(Text(r), QString("A[2] = 2\n"));
  }

  void int64LoopVariable() {
    Buffer A = MakeBuffer("A", DataType::Int(64), {8});
    Var i("i", DataType::Int(64));
    Stmt s = MakeFor(i, IntImm(DataType::Int(64), 0), IntImm(DataType::Int(64), 8),
                     ForKind::Vectorized, MakeBufferStore(A, i * i, {i}));
    Stmt r = VectorizeLoops(s, PassContext());
    auto* store = r.as<BufferStoreNode>();
    QVERIFY(store);
    QCOMPARE(store->value.dtype(), DataType::Int(64, 8));
    ExpectSameResults(MakePrimFunc("f", {A}, s), MakePrimFunc("f", {A}, r), {{8}});
  }
  // TVM's GEMM tutorial reads packedB[n // 32, k, n % 32] with n = no*32 + ni, ni
  // vectorized: every lane lies in block no, so the quotient is one value and the
  // remainder a unit-stride ramp — a contiguous access, not a gather.
  void floorDivModOfAlignedRampStayContiguous() {
    Buffer P = MakeBuffer("P", DataType::Float(32), {4 * 32});
    Buffer C = MakeBuffer("C", DataType::Float(32), {4 * 32});
    Var no("no"), ni("ni");
    Expr n = no * 32 + ni;
    Stmt body = MakeFor(
        no, 0, 4, ForKind::Serial,
        MakeFor(
            ni, 0, 32, ForKind::Vectorized,
            MakeBufferStore(C, MakeBufferLoad(P, {floordiv(n, 32) * 32 + floormod(n, 32)}), {n})));
    Stmt r = VectorizeLoops(body, PassContext());
    QVERIFY2(
        Text(r).contains("P[ramp(((floordiv((no*32), 32)*32) + floormod((no*32), 32)), 1, 32)]"),
        qPrintable(Text(r)));
    ExpectSameResults(MakePrimFunc("f", {P, C}, body), MakePrimFunc("f", {P, C}, r),
                      {{128}, {128}});
  }

  // A stride that is a multiple of the divisor: the quotient steps, the remainder is fixed.
  void floorDivModOfStrideMultipleOfDivisor() {
    Buffer P = MakeBuffer("P", DataType::Float(32), {64});
    Buffer C = MakeBuffer("C", DataType::Float(32), {8});
    Var i("i");
    Expr n = i * 8 + 3;  // ramp(3, 8, 8): quotient ramp(0, 1, 8), remainder x8(3)
    Stmt body =
        MakeFor(i, 0, 8, ForKind::Vectorized,
                MakeBufferStore(C, MakeBufferLoad(P, {floordiv(n, 8) * 8 + floormod(n, 8)}), {i}));
    Stmt r = VectorizeLoops(body, PassContext());
    QVERIFY2(Text(r).contains("P[ramp(3, 8, 8)]"), qPrintable(Text(r)));
    ExpectSameResults(MakePrimFunc("f", {P, C}, body), MakePrimFunc("f", {P, C}, r), {{64}, {8}});
  }

  // A fused (y, x) axis of an NCHW plane, p = po*16 + pi over rows of 28: the flat index
  // (c*28 + p // 28)*28 + p % 28 crosses rows within a vector, yet it is c*784 + p for
  // every p — one contiguous access, not a per-lane division and a gather.
  void rowSpanningIndexIsContiguous() {
    Buffer P = MakeBuffer("P", DataType::Float(32), {2 * 784});
    Buffer C = MakeBuffer("C", DataType::Float(32), {2 * 784});
    Var c("c"), po("po"), pi("pi");
    Expr p = po * 16 + pi;
    Expr flat = (c * 28 + floordiv(p, 28)) * 28 + floormod(p, 28);
    Stmt body =
        MakeFor(c, 0, 2, ForKind::Serial,
                MakeFor(po, 0, 49, ForKind::Serial,
                        MakeFor(pi, 0, 16, ForKind::Vectorized,
                                MakeBufferStore(C, MakeBufferLoad(P, {flat}) * F(2.0), {flat}))));
    Stmt r = VectorizeLoops(body, PassContext());
    QVERIFY2(!Text(r).contains("floordiv") && !Text(r).contains("floormod"), qPrintable(Text(r)));
    QCOMPARE(Text(r).count("ramp("), 2);
    ExpectSameResults(MakePrimFunc("f", {P, C}, body), MakePrimFunc("f", {P, C}, r),
                      {{2 * 784}, {2 * 784}});
  }

  // Lanes that cross a block boundary (base no*32 + 1, 32 lanes) or a base not known
  // modulo the divisor keep a per-lane division; results stay exact.
  void floorDivModAcrossBlocksIsPerLane_data() {
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("scale");
    QTest::newRow("crosses a block") << 1 << 32;
    QTest::newRow("base unknown modulo 32") << 0 << 3;
  }
  void floorDivModAcrossBlocksIsPerLane() {
    QFETCH(int, offset);
    QFETCH(int, scale);
    Buffer P = MakeBuffer("P", DataType::Float(32), {16 * 32 + 64});
    Buffer C = MakeBuffer("C", DataType::Float(32), {16 * 32 + 64});
    Var no("no"), ni("ni");
    Expr n = no * scale + offset + ni;
    Stmt body = MakeFor(
        no, 0, 4, ForKind::Serial,
        MakeFor(
            ni, 0, 32, ForKind::Vectorized,
            MakeBufferStore(C, MakeBufferLoad(P, {floordiv(n, 32) * 33 + floormod(n, 32)}), {n})));
    Stmt r = VectorizeLoops(body, PassContext());
    QVERIFY2(Text(r).contains("floordiv(ramp("), qPrintable(Text(r)));
    ExpectSameResults(MakePrimFunc("f", {P, C}, body), MakePrimFunc("f", {P, C}, r),
                      {{576}, {576}});
  }
};

}  // namespace tst_vectorize_loops

QTEST_APPLESS_MAIN(tst_vectorize_loops::TestVectorizeLoops)
#include "tst_vectorize_loops.moc"
