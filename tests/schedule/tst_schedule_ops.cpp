// ScheduleOps / Lower: the loop programs of the InferBound document's examples, tail
// guards of non-dividing splits, reductions (init + update), inlining, loop kinds.
#include <QtTest>

#include "../common/SeedListings.h"
#include "ScheduleTestSupport.h"
#include "ir/Printer.h"
#include "schedule/ScheduleOps.h"

namespace tst_schedule_ops {

using namespace tessera;
using namespace tessera::testing;

namespace {

QString LowerText(const Schedule& sch, bool keep_trivial = false,
                  const InferBoundOptions& bound = {}) {
  ScheduleOpsOptions options;
  options.debug_keep_trivial_loop = keep_trivial;
  options.bound = bound;
  Result<ir::Stmt> s = Lower(sch, options);
  if (!s) return "error: " + Q(s.error().message);
  return Q(ir::to_string(*s));
}

}  // namespace

class TestScheduleOps : public QObject {
  Q_OBJECT

 private slots:
  void ex4_listingWithTrivialLoopsKept() {
    Tensor C = Compute({5, 16}, [](auto&) { return te::const_(int64_t{5}); }, "C", {"i", "j"});
    Tensor D =
        Compute({4, 5, 16}, [&](auto& v) { return C(v[1], v[2]) * 2; }, "D", {"di", "dj", "dk"});
    Schedule sch = std::move(create_schedule({D}).value());
    Stage sd = sch.find("D");
    QVERIFY(ComputeAt(sch, sch.find("C"), sd, sd->leaf_iter_vars[2]).ok());
    QCOMPARE(LowerText(sch, true), QString(kInferBoundEx4Listing));
    // Without debug_keep_trivial_loop the extent-1 loops disappear.
    QVERIFY(LowerText(sch).contains("C(dj, dk) =5"));
    QVERIFY(!LowerText(sch).contains("for (i, 0, 1)"));
  }

  void ex1_rootStagesInSequence() {
    CD w;
    QString text = LowerText(w.sch);
    QVERIFY2(text.indexOf("produce C") < text.indexOf("produce D"), qPrintable(text));
    QVERIFY(text.contains("realize C([0, 5], [0, 16])"));
    QVERIFY(text.contains("C(i, j) =5"));
  }

  void ex5_splitThenComputeAt() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 8);
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), i).ok());
    QString text = LowerText(w.sch);
    QVERIFY2(text.contains("for (j.outer, 0, 2) {"), qPrintable(text));
    QVERIFY(text.contains("realize C([i, 1], [((j.outer*8) + j.inner), 1])"));
    QVERIFY(text.contains("D(i, ((j.outer*8) + j.inner)) =(C(i, ((j.outer*8) + j.inner))*2)"));
    QVERIFY(!text.contains("likely"));  // 8 divides 16: no tail
  }

  void attachPathChainListing() {
    CDE w;
    QVERIFY(ComputeAt(w.sch, w.s("C"), w.s("D"), w.axis("D", 1)).ok());
    QVERIFY(ComputeAt(w.sch, w.s("D"), w.s("E"), w.axis("E", 1)).ok());
    QString text = LowerText(w.sch, true);
    const char* expected =
        "// attr [compute(E)] realize_scope = \"\"\n"
        "realize E([0, 5], [0, 16]) {\n"
        "  produce E {\n"
        "    for (ei, 0, 5) {\n"
        "      for (ej, 0, 16) {\n"
        "        // attr [compute(D)] realize_scope = \"\"\n"
        "        realize D([ei, 1], [ej, 1]) {\n"
        "          produce D {\n"
        "            for (di, 0, 1) {\n"
        "              for (dj, 0, 1) {\n"
        "                // attr [compute(C)] realize_scope = \"\"\n"
        "                realize C([ei, 1], [ej, 1]) {\n"
        "                  produce C {\n"
        "                    for (ci, 0, 1) {\n"
        "                      for (cj, 0, 1) {\n"
        "                        C((ci + ei), (cj + ej)) =5\n"
        "                      }\n"
        "                    }\n"
        "                  }\n"
        "                  D((di + ei), (dj + ej)) =(C((di + ei), (dj + ej))*2)\n"
        "                }\n"
        "              }\n"
        "            }\n"
        "          }\n"
        "          E(ei, ej) =(D(ei, ej)*4)\n"
        "        }\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "}\n";
    QCOMPARE(text, QString(expected));
  }

  void ex6_tvmRecomputesAllOfB() {
    Ex6 w(4);
    QString text = LowerText(w.sch, false, InferBoundOptions::TVM());
    QVERIFY2(text.contains("realize B([0, 4], [0, 4])"), qPrintable(text));
  }

  void ex6_tesseraRealizesOneRow() {
    Ex6 w(4);
    QString text = LowerText(w.sch);
    QVERIFY2(text.contains("realize B([ci.cj.fused.outer, 1], [0, 4])"), qPrintable(text));
    QVERIFY(text.contains("for (bj, 0, 4)"));
  }

  void nonDividingSplitIsGuarded() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 6);
    QString text = LowerText(w.sch);
    QVERIFY2(text.contains("for (j.outer, 0, 3)"), qPrintable(text));
    QVERIFY2(text.contains("if (likely((((j.outer*6) + j.inner) < 16)))"), qPrintable(text));
  }

  void producerOfNonDividingSplitStaysInDomain() {
    // C computed at j.outer of D split by 6: the last iteration needs C[.., 12:16],
    // not C[.., 12:18].
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 6);
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), o).ok());
    QString text = LowerText(w.sch);
    int at = text.indexOf("realize C([i, 1], [(j.outer*6), ");
    QVERIFY2(at >= 0, qPrintable(text));
    // The extent is min(6, 16 - j.outer*6), as the simplifier writes it with its min/max
    // absorption rules (the constant stays first, as TVM's simplifier leaves it).
    QVERIFY2(text.mid(at).section('\n', 0, 0).contains("max((min(5, (15 - (j.outer*6))) + 1), 0)"),
             qPrintable(text));
  }

  void gemmReductionInitAndUpdate() {
    Gemm g(16, 16, 16);
    auto [ko, ki] = *Split(g.sch, g.c(), g.k, 4);
    auto [jo, ji] = *Split(g.sch, g.c(), g.c()->leaf_iter_vars[1], 4);
    QVERIFY(Reorder(g.sch, g.c(), {g.c()->leaf_iter_vars[0], jo, ko, ki, ji}).ok());
    QVERIFY(Vectorize(g.sch, g.c(), ji).ok());
    QString text = LowerText(g.sch);
    QVERIFY2(text.contains("for (j.inner.init, 0, 4)") ||
                 text.contains("vectorized (j.inner.init, 0, 4)"),
             qPrintable(text));
    QVERIFY(text.contains("=0f"));
    QVERIFY(text.contains("for (k.outer, 0, 4)"));
    QVERIFY(text.contains("vectorized (j.inner, 0, 4)"));
    QVERIFY(text.contains(
        "C(i, ((j.outer*4) + j.inner)) =(C(i, ((j.outer*4) + j.inner)) + "
        "(A(i, ((k.outer*4) + k.inner))*B(((k.outer*4) + k.inner), ((j.outer*4) + j.inner))))"));
  }

  void inlineSubstitutesBody() {
    CDE w;
    QVERIFY(ComputeInline(w.sch, w.s("D")).ok());
    QString text = LowerText(w.sch);
    QVERIFY2(!text.contains("produce D"), qPrintable(text));
    QVERIFY(text.contains("E(ei, ej) =((C(ei, ej)*2)*4)"));
  }

  void threadBindingAndParallel() {
    CD w;
    QVERIFY(Bind(w.sch, w.d(), w.d_axis(0), w.sch.thread_axis("blockIdx.x")).ok());
    QVERIFY(Bind(w.sch, w.d(), w.d_axis(1), w.sch.thread_axis("threadIdx.x")).ok());
    QString text = LowerText(w.sch);
    QVERIFY2(text.contains("blockIdx.x (blockIdx.x, 0, 5)"), qPrintable(text));
    QVERIFY(text.contains("threadIdx.x (threadIdx.x, 0, 16)"));
    QVERIFY(text.contains("D(blockIdx.x, threadIdx.x)"));
    CD p;
    QVERIFY(Parallel(p.sch, p.d(), p.d_axis(0)).ok());
    QVERIFY(Unroll(p.sch, p.d(), p.d_axis(1)).ok());
    QVERIFY(LowerText(p.sch).contains("parallel (i, 0, 5)"));
    QVERIFY(LowerText(p.sch).contains("unrolled (j, 0, 16)"));
  }

  void sharedCacheRelaxedOverThreads() {
    // A.shared at C's blockIdx loop is shared by all threads of the block.
    Tensor A = *te::placeholder({64}, DataType::Float(32), "A");
    Tensor C = Compute({64}, [&](auto& v) { return A(v[0]) * 2.0; }, "C", {"i"});
    Schedule sch = std::move(create_schedule({C}).value());
    Stage sc = sch.find("C");
    Stage as = *CacheRead(sch, sch.find("A"), "shared", {sc});
    auto [bo, ti] = *Split(sch, sc, sc->leaf_iter_vars[0], 16);
    QVERIFY(Bind(sch, sc, bo, sch.thread_axis("blockIdx.x")).ok());
    QVERIFY(Bind(sch, sc, ti, sch.thread_axis("threadIdx.x")).ok());
    QVERIFY(ComputeAt(sch, as, sc, ti).ok());
    QString text = LowerText(sch);
    QVERIFY2(text.contains("realize A.shared([(blockIdx.x*16), 16]), storage_scope = shared"),
             qPrintable(text));
  }

  void symbolicShapeTail() {
    Var n = te::size_var("n");
    Tensor A = *te::placeholder({n}, DataType::Float(32), "A");
    Tensor B = Compute({n}, [&](auto& v) { return A(v[0]) + 1.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    Stage sb = sch.find("B");
    QVERIFY(Split(sch, sb, sb->leaf_iter_vars[0], 8).ok());
    QString text = LowerText(sch);
    QVERIFY2(text.contains("if (likely((((i.outer*8) + i.inner) < n)))"), qPrintable(text));
  }

  void rfactorLowersToTwoReductions() {
    Gemm g(4, 4, 16);
    auto [ko, ki] = *Split(g.sch, g.c(), g.k, 4);
    Stage rf = *RFactor(g.sch, g.c(), ki);
    QString text = LowerText(g.sch);
    QVERIFY2(text.contains("realize C.rf([0, 4], [0, 4], [0, 4])"), qPrintable(text));
    QVERIFY(text.contains(
        "C.rf(k.inner, i, j) =(C.rf(k.inner, i, j) + (A(i, ((k.outer*4) + k.inner))"));
    QVERIFY(text.contains("for (k.inner.v, 0, 4)"));
    QVERIFY(text.contains("C(i, j) =(C(i, j) + C.rf(k.inner.v, i, j))"));
  }

  void cacheWriteComputesInLocalScope() {
    Gemm g(8, 8, 8);
    Stage cl = *CacheWrite(g.sch, g.c(), "local");
    QVERIFY(ComputeAt(g.sch, cl, g.c(), g.c()->leaf_iter_vars[0]).ok());
    QString text = LowerText(g.sch);
    QVERIFY2(text.contains("realize C.local([i, 1], [0, 8]), storage_scope = local"),
             qPrintable(text));
    QVERIFY(text.contains("C(i, j) =C.local(i, j)"));
  }

  void pragmaWrapsLoop() {
    CD w;
    QVERIFY(Pragma(w.sch, w.d(), w.d_axis(0), "unroll_explicit", 1).ok());
    QVERIFY(LowerText(w.sch).contains("pragma_unroll_explicit = 1"));
  }
};

}  // namespace tst_schedule_ops

QTEST_APPLESS_MAIN(tst_schedule_ops::TestScheduleOps)
#include "tst_schedule_ops.moc"
