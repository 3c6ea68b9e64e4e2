// The bounds report (tessera-cli bounds --json): realize regions with their constant
// bounds, computed vs required elements, and the document's over-computation cases
// next to Tessera's fixes (Ex. 6, non-dividing splits, GatherBound).
#include <QtTest>

#include "ScheduleTestSupport.h"
#include "schedule/BoundsReport.h"
#include "support/Json.h"

namespace tst_bounds_report {

using namespace tessera;
using namespace tessera::testing;

namespace {

BoundsReport Report(const Schedule& sch, const InferBoundOptions& options = {}) {
  Result<BoundsReport> r = MakeBoundsReport(sch, options);
  if (!r) qFatal("%s", r.error().message.c_str());
  return *r;
}

}  // namespace

class TestBoundsReport : public QObject {
  Q_OBJECT

 private slots:
  // A cache stage deep inside a tiled GEMM (512 x 512 x 512): its region (one element)
  // does not depend on the loops around it, so the count multiplies instead of
  // enumerating 2^27 iterations — before, the enumeration gave up and said "unknown"
  // (and took most of a second, longer than a GUI frame by far).
  void cacheStageInATiledLoopNestIsCountedByMultiplying() {
    const int64_t n = 512;
    Tensor A = Compute({n, n}, [](auto& v) { return v[0] + v[1]; }, "A", {"ai", "aj"});
    Tensor B = Compute({n, n}, [](auto& v) { return v[0] - v[1]; }, "B", {"bi", "bj"});
    IterVar k = te::reduce_axis(ir::Range(0, n), "k");
    Tensor C =
        Compute({n, n}, [&](auto& v) { return te::sum(A(v[0], k->var) * B(k->var, v[1]), {k}); },
                "C", {"i", "j"});
    Schedule sch = std::move(create_schedule({C}).value());
    Stage c = sch.find("C");
    auto tiles = Tile(sch, c, c->leaf_iter_vars[0], c->leaf_iter_vars[1], 32, 32);
    QVERIFY(tiles.ok());
    auto ks = Split(sch, c, k, 4);
    QVERIFY(ks.ok());
    auto [io, jo, ii, ji] = *tiles;
    QVERIFY(Reorder(sch, c, {io, jo, ks->first, ii, ks->second, ji}).ok());
    QVERIFY(ComputeAt(sch, sch.find("A"), c, ks->second).ok());
    BoundsReport r = Report(sch);
    const StageBounds* a = r.find("A");
    QVERIFY(a);
    QVERIFY2(a->computed_elements, "unknown");
    QCOMPARE(*a->computed_elements, n * n * (n / 32));  // A(i, k) once per (i, k, jo)
    // Required: C reads A(i, k) for every j; only (i, k) is enumerated (was "unknown":
    // the whole 512^3 domain of C was over the enumeration budget).
    QCOMPARE(a->required_elements, std::optional<int64_t>(n * n));
  }

  void ex6_factor4_isRectangularAndExact() {
    Ex6 w(4);
    BoundsReport r = Report(w.sch);
    const StageBounds* b = r.find("B");
    QVERIFY(b);
    QCOMPARE(b->computed_elements, std::optional<int64_t>(16));
    QCOMPARE(b->required_elements, std::optional<int64_t>(16));
    QCOMPARE(*b->overcompute(), 1.0);
    QCOMPARE(b->realize.size(), size_t(2));
    QCOMPARE(Q(b->realize[0].min), QString("ci.cj.fused.outer"));
    QCOMPARE(Q(b->realize[0].extent), QString("1"));
    QCOMPARE(b->realize[0].max_extent, std::optional<int64_t>(1));
    QCOMPARE(b->realize[1].max_extent, std::optional<int64_t>(4));
    QString json = Q(ToJson(r, 0));
    QVERIFY2(json.contains("\"attach\": {\"stage\": \"C\", \"iter_var\": \"ci.cj.fused.outer\"}"),
             qPrintable(json));
    QVERIFY(
        json.contains("{\"min\": \"ci.cj.fused.outer\", \"extent\": \"1\", \"max_extent\": 1}"));
    QVERIFY(json.contains("\"computed_elements\": 16, \"required_elements\": 16"));
    QVERIFY(
        json.contains("{\"name\": \"bi\", \"min\": \"ci.cj.fused.outer\", \"extent\": \"1\", "
                      "\"kind\": \"data_par\", \"leaf\": true}"));
    QVERIFY(
        json.contains("{\"name\": \"bj\", \"min\": \"0\", \"extent\": \"4\", \"kind\": "
                      "\"data_par\", \"leaf\": true}"));
  }

  // Regression (softmax.py): maxelem and expsum both computed at B.i, expsum reading
  // maxelem. B.i is on both attach paths, so expsum's request for maxelem must not be
  // relaxed over B.i: one element of maxelem per iteration, not the whole row space.
  void producerAndConsumerAttachedAtTheSameLoop() {
    Tensor A = *te::placeholder({8, 8}, DataType::Float(32), "A");
    Tensor M = Compute({8}, [&](auto& v) { return A(v[0], 0) * 2.0; }, "M", {"mi"});
    Tensor S = Compute({8}, [&](auto& v) { return M(v[0]) + 1.0; }, "S", {"si"});
    Tensor B = Compute({8, 8}, [&](auto& v) { return A(v[0], v[1]) - M(v[0]) + S(v[0]); }, "B",
                       {"bi", "bj"});
    Schedule sch = std::move(create_schedule({B}).value());
    Stage b = sch.find("B");
    QVERIFY(ComputeAt(sch, sch.find("M"), b, b->leaf_iter_vars[0]).ok());
    QVERIFY(ComputeAt(sch, sch.find("S"), b, b->leaf_iter_vars[0]).ok());
    BoundsReport r = Report(sch);
    for (const char* name : {"M", "S"}) {
      const StageBounds* st = r.find(name);
      QVERIFY(st);
      QCOMPARE(Q(st->realize[0].extent), QString("1"));
      QCOMPARE(st->computed_elements, std::optional<int64_t>(8));
      QCOMPARE(st->required_elements, std::optional<int64_t>(8));
    }
  }

  void ex6_factor4_tvmComputesB4Times() {
    Ex6 w(4);
    const auto report = Report(w.sch, InferBoundOptions::TVM());  // outlives the pointer below
    const StageBounds* b = report.find("B");
    QCOMPARE(b->computed_elements, std::optional<int64_t>(64));
    QCOMPARE(*b->overcompute(), 4.0);
  }

  void ex6_nonRectangularFactors_data() {
    QTest::addColumn<int>("factor");
    QTest::addColumn<int>("tessera");
    QTest::addColumn<int>("tvm");
    // factor 3: per outer iteration the covering rectangles hold 3, 8, 8, 3, 3, 1 elements.
    QTest::newRow("factor 3") << 3 << 26 << 96;
    // factor 6: rows 0-1, rows 1-2, row 3 (clipped to the domain).
    QTest::newRow("factor 6") << 6 << 20 << 48;
    QTest::newRow("factor 8") << 8 << 16 << 32;
  }

  void ex6_nonRectangularFactors() {
    QFETCH(int, factor);
    QFETCH(int, tessera);
    QFETCH(int, tvm);
    Ex6 w(factor);
    const auto report = Report(w.sch);  // outlives the pointer below
    const StageBounds* b = report.find("B");
    QCOMPARE(b->computed_elements, std::optional<int64_t>(tessera));
    QCOMPARE(b->required_elements, std::optional<int64_t>(16));
    QVERIFY(*b->overcompute() >= 1.0);
    QCOMPARE(Report(w.sch, InferBoundOptions::TVM()).find("B")->computed_elements,
             std::optional<int64_t>(tvm));
  }

  void nonDividingSplitComputesOnlyTheDomain() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 6);
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), o).ok());
    const auto report = Report(w.sch);  // outlives the pointer below
    const StageBounds* c = report.find("C");
    QCOMPARE(c->computed_elements, std::optional<int64_t>(80));
    QCOMPARE(c->required_elements, std::optional<int64_t>(80));
    QCOMPARE(c->realize[1].max_extent, std::optional<int64_t>(6));
    // TVM computes C[.., 12:18] in the last iteration: 5 * 18 elements.
    QCOMPARE(Report(w.sch, InferBoundOptions::TVM()).find("C")->computed_elements,
             std::optional<int64_t>(90));
  }

  void ex2_oneElementPerIteration() {
    CD w;
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), w.d_axis(1)).ok());
    BoundsReport r = Report(w.sch);
    const StageBounds* c = r.find("C");
    QCOMPARE(c->computed_elements, std::optional<int64_t>(80));
    QCOMPARE(c->realize[0].max_extent, std::optional<int64_t>(1));
    QCOMPARE(Q(c->attach_iter_var), QString("j"));
    const StageBounds* d = r.find("D");
    QCOMPARE(d->computed_elements, d->required_elements);
    QVERIFY(d->is_output);
  }

  void gatherBound_disjointRequestsOvercompute() {
    Tensor T = Compute({4, 4}, [](auto& v) { return v[0] + v[1]; }, "T", {"ti", "tj"});
    Tensor A = Compute({2, 2}, [&](auto& v) { return T(v[0], v[1]); }, "A", {"ai", "aj"});
    Tensor B = Compute({2, 2}, [&](auto& v) { return T(v[0] + 2, v[1] + 2); }, "B", {"bi", "bj"});
    Schedule sch = std::move(create_schedule({A, B}).value());
    const auto report = Report(sch);  // outlives the pointer below
    const StageBounds* t = report.find("T");
    QCOMPARE(t->computed_elements, std::optional<int64_t>(16));
    QCOMPARE(t->required_elements, std::optional<int64_t>(8));
    QCOMPARE(*t->overcompute(), 2.0);
  }

  void placeholderAndInlinedStages() {
    CDE w;
    QVERIFY(ComputeInline(w.sch, w.s("D")).ok());
    BoundsReport r = Report(w.sch);
    QCOMPARE(Q(r.find("D")->attach_type), QString("inline"));
    QVERIFY(!r.find("D")->computed_elements);
    Gemm g;
    const auto report = Report(g.sch);  // outlives the pointer below
    const StageBounds* a = report.find("A");
    QCOMPARE(Q(a->op), QString("placeholder"));
    QCOMPARE(a->required_elements, std::optional<int64_t>(64 * 64));
    QVERIFY(!a->computed_elements);
  }

  void symbolicShapesAreUnknownCounts() {
    Var n = te::size_var("n");
    Tensor A = *te::placeholder({n}, DataType::Float(32), "A");
    Tensor B = Compute({n}, [&](auto& v) { return A(v[0]) + 1.0; }, "B", {"i"});
    Schedule sch = std::move(create_schedule({B}).value());
    BoundsReport r = Report(sch);
    QVERIFY(!r.find("B")->computed_elements);
    QVERIFY(Q(ToJson(r, 0)).contains("\"computed_elements\": null"));
    QCOMPARE(Q(r.find("B")->realize[0].extent), QString("n"));
  }

  void gemmWithThreadsAndSharedCache() {
    Gemm g;
    Stage as = *CacheRead(g.sch, g.sch.find("A"), "shared", {g.c()});
    auto t = *Tile(g.sch, g.c(), g.c()->leaf_iter_vars[0], g.c()->leaf_iter_vars[1], 8, 8);
    QVERIFY(Bind(g.sch, g.c(), t[0], g.sch.thread_axis("blockIdx.x")).ok());
    QVERIFY(Bind(g.sch, g.c(), t[2], g.sch.thread_axis("threadIdx.x")).ok());
    QVERIFY(ComputeAt(g.sch, as, g.c(), t[3]).ok());
    const auto report = Report(g.sch);  // outlives the pointer below
    const StageBounds* s = report.find("A.shared");
    // One 8 x 64 slab of A per block row (threadIdx.x relaxed), for 8 x 8 (j.outer, j.inner).
    QCOMPARE(s->realize[0].max_extent, std::optional<int64_t>(8));
    QCOMPARE(s->realize[1].max_extent, std::optional<int64_t>(64));
    QCOMPARE(s->computed_elements, std::optional<int64_t>(8 * 8 * 8 * 8 * 64));
  }

  void jsonWriter() {
    JsonWriter w;
    w.begin_object()
        .key("s")
        .value("a\"b\n")
        .key("n")
        .value(int64_t{-3})
        .key("x")
        .value(0.5)
        .key("t")
        .value(true)
        .key("z")
        .null()
        .key("e")
        .begin_array()
        .end_array()
        .end_object();
    QCOMPARE(
        Q(w.str()),
        QString(
            "{\"s\": \"a\\\"b\\n\", \"n\": -3, \"x\": 0.5, \"t\": true, \"z\": null, \"e\": []}"));
    JsonWriter p(2);
    p.begin_object().key("a").begin_array().value(1).value(2).end_array().end_object();
    QCOMPARE(Q(p.str()), QString("{\n  \"a\": [\n    1,\n    2\n  ]\n}"));
  }
};

}  // namespace tst_bounds_report

QTEST_APPLESS_MAIN(tst_bounds_report::TestBoundsReport)
#include "tst_bounds_report.moc"
