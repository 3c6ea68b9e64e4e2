// InferBound, example by example as shared/seeds/inferbound-pass.rst.txt works them:
// attach paths, the ranges of every IterVar (which are the realize regions and the
// loop extents), and the phase tables of InferRootBound.
#include <QtTest>

#include "ScheduleTestSupport.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/Bound.h"
#include "schedule/Graph.h"
#include "schedule/Normalize.h"
#include "script/Evaluator.h"

namespace tst_infer_bound {

using namespace tessera;
using namespace tessera::testing;

namespace {

RangeMap Bounds(const Schedule& sch, const InferBoundOptions& options = {}) {
  Schedule n = Normalize(sch);
  Result<RangeMap> r = InferBound(n, options);
  if (!r) qFatal("%s", r.error().message.c_str());
  return *r;
}

QString RangeStr(const RangeMap& rmap, const IterVar& iv) {
  auto it = rmap.find(iv);
  return it == rmap.end() ? QString("<none>") : Q(ir::to_string(it->second));
}

// "[min, extent]" of every root var of `stage`, joined by spaces.
QString RootRanges(const RangeMap& rmap, const Stage& stage) {
  QStringList parts;
  for (const IterVar& iv : stage->op->root_iter_vars()) parts << RangeStr(rmap, iv);
  return parts.join(" ");
}

QString LeafRanges(const RangeMap& rmap, const Stage& stage) {
  QStringList parts;
  for (const IterVar& iv : stage->leaf_iter_vars) parts << Q(iv->var.name()) + RangeStr(rmap, iv);
  return parts.join(" ");
}

QStringList AttachPathOf(const Schedule& sch, const char* stage) {
  AttachPath paths = CreateAttachPath(sch);
  return Names(paths.at(sch.find(stage)->op.get()));
}

}  // namespace

class TestInferBound : public QObject {
  Q_OBJECT

 private slots:
  void ex1_noAttachmentComputesAllOfC() {
    CD w;
    RangeMap r = Bounds(w.sch);
    QCOMPARE(RootRanges(r, w.c()), QString("[0, 5] [0, 16]"));
    QCOMPARE(RootRanges(r, w.d()), QString("[0, 5] [0, 16]"));
    QVERIFY(AttachPathOf(w.sch, "C").isEmpty());
  }

  void ex2_computeAtInnerAxisNeedsOneElement() {
    CD w;
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), w.d_axis(1)).ok());
    RangeMap r = Bounds(w.sch);
    QCOMPARE(RootRanges(r, w.c()), QString("[i, 1] [j, 1]"));
    QCOMPARE(AttachPathOf(w.sch, "C"), QStringList({"j", "i"}));
  }

  void ex3_computeAtOuterAxisNeedsARow() {
    CD w;
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), w.d_axis(0)).ok());
    RangeMap r = Bounds(w.sch);
    QCOMPARE(RootRanges(r, w.c()), QString("[i, 1] [0, 16]"));
    QCOMPARE(AttachPathOf(w.sch, "C"), QStringList({"i"}));
  }

  void ex4_attachPathIncludesUnusedOuterLoop() {
    Tensor C = Compute({5, 16}, [](auto&) { return te::const_(int64_t{5}); }, "C", {"i", "j"});
    Tensor D =
        Compute({4, 5, 16}, [&](auto& v) { return C(v[1], v[2]) * 2; }, "D", {"di", "dj", "dk"});
    Schedule sch = std::move(create_schedule({D}).value());
    Stage sd = sch.find("D");
    QVERIFY(ComputeAt(sch, sch.find("C"), sd, sd->leaf_iter_vars[2]).ok());
    RangeMap r = Bounds(sch);
    QCOMPARE(RootRanges(r, sch.find("C")), QString("[dj, 1] [dk, 1]"));
    QCOMPARE(RootRanges(r, sd), QString("[0, 4] [0, 5] [0, 16]"));
    QCOMPARE(AttachPathOf(sch, "C"), QStringList({"dk", "dj", "di"}));
  }

  void ex5_computeAtAfterSplit() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 8);
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), i).ok());
    RangeMap r = Bounds(w.sch);
    QCOMPARE(LeafRanges(r, w.d()), QString("i[0, 5] j.outer[0, 2] j.inner[0, 8]"));
    QCOMPARE(RootRanges(r, w.c()), QString("[i, 1] [((j.outer*8) + j.inner), 1]"));
    QCOMPARE(AttachPathOf(w.sch, "C"), QStringList({"j.inner", "j.outer", "i"}));
  }

  void attachPathChain_CatD_DatE() {
    CDE w;
    QVERIFY(ComputeAt(w.sch, w.s("C"), w.s("D"), w.axis("D", 1)).ok());
    QVERIFY(ComputeAt(w.sch, w.s("D"), w.s("E"), w.axis("E", 1)).ok());
    QCOMPARE(AttachPathOf(w.sch, "C"), QStringList({"dj", "di", "ej", "ei"}));
    QCOMPARE(AttachPathOf(w.sch, "D"), QStringList({"ej", "ei"}));
    RangeMap r = Bounds(w.sch);
    QCOMPARE(RootRanges(r, w.s("D")), QString("[ei, 1] [ej, 1]"));
    QCOMPARE(RootRanges(r, w.s("C")), QString("[ei, 1] [ej, 1]"));
  }

  void attachPathChain_CatRoot_DatE_relaxesE() {
    // "C is not attached anywhere, but its consumer D is attached in stage E": C must
    // be computed over all of E's loops.
    CDE w;
    QVERIFY(ComputeAt(w.sch, w.s("D"), w.s("E"), w.axis("E", 1)).ok());
    RangeMap r = Bounds(w.sch);
    QCOMPARE(RootRanges(r, w.s("D")), QString("[ei, 1] [ej, 1]"));
    QCOMPARE(RootRanges(r, w.s("C")), QString("[0, 5] [0, 16]"));
  }

  void passDownDomain_splitAndFuse() {
    // Split: inner = [0, factor), outer = [0, ceil(extent / factor)); fuse: the product.
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 6);
    RangeMap r = Bounds(w.sch);
    QCOMPARE(LeafRanges(r, w.d()), QString("i[0, 5] j.outer[0, 3] j.inner[0, 6]"));
    CD f;
    IterVar fused = *Fuse(f.sch, f.d(), {f.d_axis(0), f.d_axis(1)});
    RangeMap rf = Bounds(f.sch);
    QCOMPARE(RangeStr(rf, fused), QString("[0, 80]"));
  }

  void gatherBound_unionOfIntervals() {
    // Two consumers request T[0:2] and T[2:4] (per dimension): the union is T[0:4] in
    // each dimension, so all 16 elements are computed although 8 are needed.
    Tensor T = Compute({4, 4}, [](auto& v) { return v[0] + v[1]; }, "T", {"ti", "tj"});
    Tensor A = Compute({2, 2}, [&](auto& v) { return T(v[0], v[1]); }, "A", {"ai", "aj"});
    Tensor B = Compute({2, 2}, [&](auto& v) { return T(v[0] + 2, v[1] + 2); }, "B", {"bi", "bj"});
    Schedule sch = std::move(create_schedule({A, B}).value());
    RangeMap r = Bounds(sch);
    QCOMPARE(RootRanges(r, sch.find("T")), QString("[0, 4] [0, 4]"));
  }

  void gatherBound_singleConsumerSubset() {
    Tensor T = Compute({8}, [](auto& v) { return v[0] * 2; }, "T", {"t"});
    Tensor B = Compute({3}, [&](auto& v) { return T(v[0] + 2); }, "B", {"b"});
    Schedule sch = std::move(create_schedule({B}).value());
    RangeMap r = Bounds(sch);
    QCOMPARE(RootRanges(r, sch.find("T")), QString("[2, 3]"));
  }

  // ---- Ex. 6: fuse then split -----------------------------------------------------
  void ex6_tvmComputesAllOfBEveryIteration() {
    Ex6 w(4);
    RangeMap r = Bounds(w.sch, InferBoundOptions::TVM());
    QCOMPARE(RootRanges(r, w.sch.find("B")), QString("[0, 4] [0, 4]"));
  }

  void ex6_tesseraComputesOneRowPerIteration() {
    Ex6 w(4);
    RangeMap r = Bounds(w.sch);
    QCOMPARE(RootRanges(r, w.sch.find("B")), QString("[ci.cj.fused.outer, 1] [0, 4]"));
  }

  void ex6_phaseTables() {
    Ex6 w(4);
    Result<PhaseTables> t = ExplainInferRootBound(w.sch, "B", "C", InferBoundOptions::TVM());
    QVERIFY(t.ok());
    QCOMPARE(t->phase1.size(), size_t(2));
    QCOMPARE(Q(t->phase1[0].name), QString("ci.cj.fused.outer"));
    QCOMPARE(Q(t->phase1[0].set), QString("[ci.cj.fused.outer, ci.cj.fused.outer]"));
    QCOMPARE(Q(t->phase1[1].set), QString("[0, 3]"));
    QCOMPARE(t->phase2_steps.size(), size_t(2));
    QCOMPARE(Q(t->phase2_steps[0].relation).left(5), QString("split"));
    QCOMPARE(Q(t->phase2_steps[1].relation).left(4), QString("fuse"));
    // After the split: ci.cj.fused = [outer*4, outer*4 + 3].
    QString fused;
    for (const PhaseRow& row : t->phase2_steps[0].rows)
      if (row.name == "ci.cj.fused") fused = Q(row.set);
    QCOMPARE(fused, QString("[(ci.cj.fused.outer*4), ((ci.cj.fused.outer*4) + 3)]"));
    // TVM's fallback on fuse: the whole of ci and cj.
    QCOMPARE(Q(t->phase2[0].set), QString("[0, 3]"));
    QCOMPARE(Q(t->phase2[1].set), QString("[0, 3]"));
    // Phase 4's Range (min 0, extent 4) in the same closed notation as the sets.
    QCOMPARE(Q(t->phase4[0].set), QString("[0, 3]"));
    QCOMPARE(Q(t->phase4[0].max_or_extent), QString("4"));

    Result<PhaseTables> better = ExplainInferRootBound(w.sch, "B", "C");
    QVERIFY(better.ok());
    QCOMPARE(Q(better->phase2[0].set), QString("[ci.cj.fused.outer, ci.cj.fused.outer]"));
    QCOMPARE(Q(better->phase2[1].set), QString("[0, 3]"));
    QCOMPARE(Q(better->phase3[0].name), QString("B[0]"));
  }

  void ex6_nonRectangularFactorGivesCoveringRectangle() {
    Ex6 w(3);
    RangeMap r = Bounds(w.sch);
    QString b = RootRanges(r, w.sch.find("B"));
    // Rows floordiv(3*o, 4) .. floordiv(min(3*o + 2, 15), 4): one or two rows.
    QVERIFY2(b.contains("floordiv"), qPrintable(b));
  }

  void explainRejectsUnrelatedPair() {
    CDE w;
    QVERIFY(!ExplainInferRootBound(w.sch, "C", "E").ok());
    QVERIFY(!ExplainInferRootBound(w.sch, "Q", "E").ok());
  }

  void symbolicShape() {
    Var n = te::size_var("n");
    Tensor A = *te::placeholder({n}, DataType::Float(32), "A");
    Tensor B = Compute({n}, [&](auto& v) { return A(v[0]) + 1.0; }, "B", {"i"});
    Tensor C = Compute({n}, [&](auto& v) { return B(v[0]) * 2.0; }, "C", {"i"});
    Schedule sch = std::move(create_schedule({C}).value());
    Stage sc = sch.find("C");
    auto [o, i] = *Split(sch, sc, sc->leaf_iter_vars[0], 8);
    QVERIFY(ComputeAt(sch, sch.find("B"), sc, o).ok());
    RangeMap r = Bounds(sch);
    QCOMPARE(LeafRanges(r, sc), QString("i.outer[0, floordiv((n + 7), 8)] i.inner[0, 8]"));
    QString b = RootRanges(r, sch.find("B"));
    QVERIFY2(b.startsWith("[(i.outer*8), "), qPrintable(b));
  }

  void gemmReduceAxisKeepsDomain() {
    Gemm g;
    auto [ko, ki] = *Split(g.sch, g.c(), g.k, 16);
    RangeMap r = Bounds(g.sch);
    QCOMPARE(LeafRanges(r, g.c()), QString("i[0, 64] j[0, 64] k.outer[0, 4] k.inner[0, 16]"));
    QCOMPARE(RangeStr(r, g.k), QString("[0, 64]"));
  }

  void gemmCacheReadAttachedAtReduceLoop() {
    Gemm g;
    Stage aa = *CacheRead(g.sch, g.sch.find("A"), "local", {g.c()});
    auto [ko, ki] = *Split(g.sch, g.c(), g.k, 16);
    QVERIFY(ComputeAt(g.sch, aa, g.c(), ko).ok());
    RangeMap r = Bounds(g.sch);
    QCOMPARE(RootRanges(r, aa), QString("[i, 1] [(k.outer*16), 16]"));
  }

  // Found by the differential tester (elementwise, symbolic n): C is computed at the
  // innermost loop of D's padded layout, so C's region is [x, min(x, n - 1)] with x
  // running into the padding. Relaxed over D's loops that request reaches past n for B
  // (interval arithmetic loses min(x, n - 1) - x <= 0); it must still be clipped to B's
  // shape — B at the root would otherwise read A out of bounds.
  void requestThroughPaddedConsumerIsClippedToTheShape() {
    auto program = script::EvaluateScript(
        "import tvm\nfrom tvm import te\n"
        "n = te.size_var(\"n\")\n"
        "A = te.placeholder((4, n), name=\"A\")\n"
        "B = te.compute((4, n), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
        "C = te.compute((4, n), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
        "D = te.compute((4, n), lambda i, j: C[i, j] * 3.0, name=\"D\")\n"
        "s = te.create_schedule(D.op)\n"
        "a0, a1, a2 = s[D].transform_layout(lambda i, j: [i, j // 2, j % 2])\n"
        "s[C].compute_at(s[D], a2)\n");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    RangeMap r = Bounds(*program->schedule);
    QCOMPARE(RootRanges(r, program->schedule->find("B")), QString("[0, 4] [0, n]"));
  }

  // Found by the differential tester (softmax seed 356): expsum at the innermost loop of
  // a tile whose factor 7 does not divide m. In the tail, i = i.outer*7 + i.inner runs
  // past m - 1; clipped to the shape the region [i, min(i, m - 1)] is empty there and
  // its extent must be 0, never negative (a negative allocation).
  void regionPastTheShapeIsEmptyNotNegative() {
    auto program = script::EvaluateScript(
        "import tvm\nfrom tvm import te\n"
        "m = te.size_var(\"m\")\n"
        "A = te.placeholder((m, 6), name=\"A\")\n"
        "k2 = te.reduce_axis((0, 6), name=\"k2\")\n"
        "expsum = te.compute((m,), lambda i: te.sum(A[i, k2], axis=k2), name=\"expsum\")\n"
        "B = te.compute((m, 6), lambda i, j: A[i, j] / expsum[i], name=\"B\")\n"
        "s = te.create_schedule(B.op)\n"
        "io, jo, ii, ji = s[B].tile(B.op.axis[0], B.op.axis[1], x_factor=7, y_factor=5)\n"
        "s[expsum].compute_at(s[B], ji)\n");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    const Schedule& sch = *program->schedule;
    RangeMap r = Bounds(sch);
    Stage b = sch.find("B"), e = sch.find("expsum");
    ir::VarMap at;  // m = 10, the last tile row: i.outer = 1, i.inner = 6 (i = 13)
    for (const IterVar& iv : b->all_iter_vars) {
      if (iv->var.name() == "i.outer") at[iv->var] = ir::make_const(DataType::Int(32), int64_t{1});
      if (iv->var.name() == "i.inner") at[iv->var] = ir::make_const(DataType::Int(32), int64_t{6});
    }
    Expr extent = r.at(e->op->root_iter_vars()[0]).extent;
    extent = ir::Substitute(extent, [&](const ir::Var& v) -> Expr {
      if (v.name() == "m") return ir::make_const(v.dtype(), int64_t{10});
      auto it = at.find(v);
      return it == at.end() ? Expr() : it->second;
    });
    arith::Analyzer a;
    const Expr simplified = a.Simplify(extent);  // outlives `value`
    const int64_t* value = ir::as_const_int(simplified);
    QVERIFY2(value, ir::to_string(extent).c_str());
    QCOMPARE(*value, int64_t{0});
  }

  // Found by the differential tester (depthwise seed 5139): data.global at pad's loop x
  // is requested at data[x - 1], a read pad guards with if_then_else. At x = 0 that
  // request lies outside data; clipped to the shape, the region there is empty instead
  // of reading data[-1].
  void guardedReadOutsideTheShapeIsClipped() {
    auto program = script::EvaluateScript(
        "import tvm\nfrom tvm import te\n"
        "data = te.placeholder((5,), name=\"data\")\n"
        "pad = te.compute((7,), lambda x: te.if_then_else(tvm.tir.all(x >= 1, x < 6), data[x - 1], "
        "tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n"
        "s = te.create_schedule(pad.op)\n"
        "dg = s.cache_read(data, \"global\", [pad])\n"
        "s[dg].compute_at(s[pad], pad.op.axis[0])\n");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    const Schedule& sch = *program->schedule;
    RangeMap r = Bounds(sch);
    ir::Range region = r.at(sch.find("data.global")->op->root_iter_vars()[0]);
    arith::Analyzer a;
    auto at_x = [&](const Expr& e, int64_t x) {
      Expr v = ir::Substitute(e, [&](const ir::Var& var) -> Expr {
        return var.name() == "x" ? ir::make_const(var.dtype(), x) : Expr();
      });
      const Expr simplified = a.Simplify(v);  // outlives `c`
      const int64_t* c = ir::as_const_int(simplified);
      return c ? *c : int64_t{-1000};
    };
    QCOMPARE(at_x(region.extent, 0), int64_t{0});  // x = 0: nothing to read
    QCOMPARE(at_x(region.min, 3), int64_t{2});     // x = 3: data[2]
    QCOMPARE(at_x(region.extent, 3), int64_t{1});
    QCOMPARE(at_x(region.extent, 6), int64_t{0});  // x = 6: data[5] is outside too
  }
};

}  // namespace tst_infer_bound

QTEST_APPLESS_MAIN(tst_infer_bound::TestInferBound)
#include "tst_infer_bound.moc"
