// Schedule primitives: TVM naming of the IterVars and stages they create, the relations
// they record, and every illegal application (the schedule must be unchanged after it).
#include <QtTest>

#include "ScheduleTestSupport.h"
#include "schedule/Graph.h"
#include "script/Evaluator.h"

namespace tst_primitives {

using namespace tessera;
using namespace tessera::testing;

class TestPrimitives : public QObject {
  Q_OBJECT

 private slots:
  void createScheduleOrdersStagesTopologically() {
    CDE w;
    QStringList names;
    for (const Stage& s : w.sch.stages) names << Q(s->name());
    QCOMPARE(names, QStringList({"C", "D", "E"}));
    QVERIFY(w.s("E")->is_output);
    QVERIFY(!w.s("D")->is_output);
    QCOMPARE(Names(w.s("D")->leaf_iter_vars), QStringList({"di", "dj"}));
  }

  void createScheduleRejectsDuplicateNames() {
    Tensor A = *te::placeholder({4}, DataType::Float(32), "X");
    Tensor B = Compute({4}, [&](auto& v) { return A(v[0]); }, "X", {"i"});
    Result<Schedule> sch = create_schedule({B});
    QVERIFY(!sch.ok());
    QVERIFY(sch.error().message.find("'X'") != std::string::npos);
  }

  void splitNamesOuterAndInner() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 8);
    QCOMPARE(Q(o->var.name()), QString("j.outer"));
    QCOMPARE(Q(i->var.name()), QString("j.inner"));
    QCOMPARE(Names(w.d()->leaf_iter_vars), QStringList({"i", "j.outer", "j.inner"}));
    QCOMPARE(Names(w.d()->all_iter_vars), QStringList({"i", "j", "j.outer", "j.inner"}));
    auto* rel = std::get_if<SplitRelation>(&w.d()->relations.at(0));
    QVERIFY(rel && rel->parent == w.d_axis(1) && ir::is_const_int(rel->factor, 8));
    QVERIFY(!rel->nparts.defined());
  }

  void splitTwiceGivesTheDocumentsHyperGraph() {
    // The "IterVar Hyper-graph" figure: i split, then i.inner split again.
    CD w;
    auto first = *Split(w.sch, w.d(), w.d_axis(0), 4);
    auto second = *SplitByNParts(w.sch, w.d(), first.second, 2);
    QCOMPARE(Names(w.d()->leaf_iter_vars),
             QStringList({"i.outer", "i.inner.outer", "i.inner.inner", "j"}));
    auto* rel = std::get_if<SplitRelation>(&w.d()->relations.at(1));
    QVERIFY(rel && ir::is_const_int(rel->nparts, 2) && !rel->factor.defined());
  }

  void fuseNamesFusedVar() {
    CD w;
    IterVar f = *Fuse(w.sch, w.d(), {w.d_axis(0), w.d_axis(1)});
    QCOMPARE(Q(f->var.name()), QString("i.j.fused"));
    QCOMPARE(Names(w.d()->leaf_iter_vars), QStringList({"i.j.fused"}));
    auto [o, i] = *Split(w.sch, w.d(), f, 4);
    QCOMPARE(Q(o->var.name()), QString("i.j.fused.outer"));
  }

  void reorderPermutesLeafPositions() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 4);
    QVERIFY(Reorder(w.sch, w.d(), {i, w.d_axis(0)}).ok());
    QCOMPARE(Names(w.d()->leaf_iter_vars), QStringList({"j.inner", "j.outer", "i"}));
  }

  void tileSplitsAndReorders() {
    Gemm g;
    auto t = *Tile(g.sch, g.c(), g.c()->leaf_iter_vars[0], g.c()->leaf_iter_vars[1], 8, 4);
    QCOMPARE(Names({t.begin(), t.end()}),
             QStringList({"i.outer", "j.outer", "i.inner", "j.inner"}));
    QCOMPARE(Names(g.c()->leaf_iter_vars),
             QStringList({"i.outer", "j.outer", "i.inner", "j.inner", "k"}));
    QCOMPARE(g.sch.trace.entries.size(), size_t(1));
    QCOMPARE(Q(g.sch.trace.entries[0].primitive), QString("tile"));
  }

  void computeAtSetsAttachment() {
    CD w;
    QVERIFY(ComputeAt(w.sch, w.c(), w.d(), w.d_axis(1)).ok());
    QCOMPARE(w.c()->attach_type, AttachType::Scope);
    QVERIFY(w.c()->attach_stage == w.d());
    QVERIFY(w.c()->attach_ivar == w.d_axis(1));
    QVERIFY(ComputeRoot(w.sch, w.c()).ok());
    QCOMPARE(w.c()->attach_type, AttachType::GroupRoot);
  }

  void computeAtThroughInlinedStage() {
    // E reads C only through the inlined D: TVM accepts C at E.
    CDE w;
    QVERIFY(ComputeInline(w.sch, w.s("D")).ok());
    QVERIFY(ComputeAt(w.sch, w.s("C"), w.s("E"), w.axis("E", 1)).ok());
  }

  void cacheReadCreatesSharedStage() {
    Gemm g;
    Stage a = g.sch.find("A");
    Stage aa = *CacheRead(g.sch, a, "shared", {g.c()});
    QCOMPARE(Q(aa->name()), QString("A.shared"));
    QCOMPARE(Q(aa->scope), QString("shared"));
    QCOMPARE(Names(aa->leaf_iter_vars), QStringList({"ax0", "ax1"}));
    QStringList names;
    for (const Stage& s : g.sch.stages) names << Q(s->name());
    QCOMPARE(names, QStringList({"A", "A.shared", "B", "C"}));
    // C now reads A.shared, not A.
    std::vector<Stage> producers = ProducerStages(g.sch, g.c());
    QCOMPARE(producers.size(), size_t(2));
    QCOMPARE(Q(producers[0]->name()), QString("A.shared"));
  }

  void cacheWriteCreatesLocalStage() {
    Gemm g;
    Stage cl = *CacheWrite(g.sch, g.c(), "local");
    QCOMPARE(Q(cl->name()), QString("C.local"));
    QCOMPARE(Names(cl->leaf_iter_vars), QStringList({"i.c", "j.c", "k"}));
    QCOMPARE(Names(g.c()->leaf_iter_vars), QStringList({"i", "j"}));
    QVERIFY(g.c()->is_output);
    QStringList names;
    for (const Stage& s : g.sch.stages) names << Q(s->name());
    QCOMPARE(names, QStringList({"A", "B", "C.local", "C"}));
    QVERIFY(ComputeAt(g.sch, cl, g.c(), g.c()->leaf_iter_vars[0]).ok());
  }

  void rfactorCreatesRfStage() {
    Gemm g;
    auto [ko, ki] = *Split(g.sch, g.c(), g.k, 16);
    Stage rf = *RFactor(g.sch, g.c(), ki);
    QCOMPARE(Q(rf->name()), QString("C.rf"));
    QCOMPARE(Names(rf->leaf_iter_vars), QStringList({"k.inner", "i", "j", "k.outer"}));
    QCOMPARE(Names(g.c()->leaf_iter_vars), QStringList({"i", "j", "k.inner.v"}));
    QVERIFY(ReadsThroughInlined(g.sch, g.c(), rf));
  }

  void annotationsAndBind() {
    CD w;
    auto [o, i] = *Split(w.sch, w.d(), w.d_axis(1), 8);
    QVERIFY(Vectorize(w.sch, w.d(), i).ok());
    QVERIFY(Parallel(w.sch, w.d(), w.d_axis(0)).ok());
    QVERIFY(Unroll(w.sch, w.d(), o).ok());
    QCOMPARE(w.d()->attr(i).annotation, ir::IterVarType::Vectorized);
    CD b;
    QVERIFY(Bind(b.sch, b.d(), b.d_axis(0), b.sch.thread_axis("blockIdx.x")).ok());
    QVERIFY(Bind(b.sch, b.d(), b.d_axis(1), te::thread_axis("threadIdx.x")).ok());
    QCOMPARE(Q(b.d()->attr(b.d_axis(1)).bind_thread->thread_tag), QString("threadIdx.x"));
    QVERIFY(Pragma(b.sch, b.d(), b.d_axis(0), "unroll_explicit", 1).ok());
    QVERIFY(StorageAlign(b.sch, b.d(), b.d_axis(0), 16, 1).ok());
  }

  // ---- illegal applications: a clear error, and the schedule unchanged -------------
  void illegal_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("message");
    auto row = [](const char* name, const char* message) {
      QTest::newRow(name) << QString(name) << QString(message);
    };
    row("split factor zero", "factor must be positive");
    row("split factor negative", "factor must be positive");
    row("split nparts zero", "nparts must be positive");
    row("split non-leaf", "not a leaf axis");
    row("split axis of another stage", "is an axis of stage C");
    row("split placeholder", "placeholder");
    row("fuse non-adjacent", "not adjacent");
    row("fuse wrong order", "not adjacent");
    row("fuse non-leaf", "not a leaf axis");
    row("fuse axis of another stage", "is an axis of stage");
    // Found by the differential tester (softmax seed 36): i.k.fused lowered with the
    // reduction's initialisation for element 0 only.
    row("fuse data and reduction axes", "data-parallel and reduction");
    row("reorder duplicates", "appears twice");
    row("reorder non-leaf", "not a leaf axis");
    row("compute_at non-consumer", "does not read");
    row("compute_at non-leaf", "not a leaf axis");
    row("compute_at axis of another stage", "is an axis of stage");
    row("compute_at cycle", "does not read");
    row("compute_at output", "is an output");
    row("compute_inline output", "is an output");
    row("compute_inline reduction", "is a reduction");
    row("vectorize non-leaf", "not a leaf axis");
    row("vectorize reduction", "reduction axis");
    row("parallel reduction", "reduction axis");
    row("bind thread twice", "already bound");
    row("bind var twice", "already bound");
    row("bind non-thread", "not a thread axis");
    row("cache_read non-reader", "does not read");
    row("cache_read bad scope", "unknown storage scope");
    row("cache_read duplicate reader", "listed twice");
    row("cache_write after reduction split", "comes from a reduction axis");
    row("cache_write with a stage computed at it", "is computed at D's loop");
    row("storage_align offset", "offset must be in");
    row("rfactor data axis", "not a reduction axis");
    row("tile zero factor", "factors must be positive");
  }

  void illegal() {
    QFETCH(QString, name);
    QFETCH(QString, message);
    Gemm g;
    Stage c = g.c();
    IterVar i = c->leaf_iter_vars[0], j = c->leaf_iter_vars[1];
    CDE w;
    Stage sc = w.s("C"), sd = w.s("D"), se = w.s("E");
    // Some preparation that the cases build on.
    auto [jo, ji] = *Split(g.sch, c, j, 8);
    QVERIFY(Bind(w.sch, se, w.axis("E", 0), te::thread_axis("threadIdx.x")).ok());
    QVERIFY(ComputeAt(w.sch, sc, sd, w.axis("D", 1)).ok());
    QString before_g = Snapshot(g.sch), before_w = Snapshot(w.sch);

    Status st;
    const std::string n = name.toStdString();
    auto keep = [](auto r) { return r.ok() ? Status::Ok() : Status(r.error()); };
    if (n == "split factor zero")
      st = keep(Split(g.sch, c, i, 0));
    else if (n == "split factor negative")
      st = keep(Split(g.sch, c, i, -4));
    else if (n == "split nparts zero")
      st = keep(SplitByNParts(g.sch, c, i, 0));
    else if (n == "split non-leaf")
      st = keep(Split(g.sch, c, j, 2));
    else if (n == "split axis of another stage")
      st = keep(Split(w.sch, sd, w.axis("C", 0), 2));
    else if (n == "split placeholder")
      st = keep(Split(g.sch, g.sch.find("A"), i, 2));
    else if (n == "fuse non-adjacent")
      st = keep(Fuse(g.sch, c, {i, ji}));
    else if (n == "fuse wrong order")
      st = keep(Fuse(g.sch, c, {jo, i}));
    else if (n == "fuse non-leaf")
      st = keep(Fuse(g.sch, c, {i, j}));
    else if (n == "fuse axis of another stage")
      st = keep(Fuse(w.sch, sd, {w.axis("E", 0), w.axis("E", 1)}));
    else if (n == "fuse data and reduction axes")
      st = keep(Fuse(g.sch, c, {ji, g.k}));
    else if (n == "reorder duplicates")
      st = Reorder(g.sch, c, {i, jo, i});
    else if (n == "reorder non-leaf")
      st = Reorder(g.sch, c, {j, i});
    // D reads C, but C is upstream of D, not downstream: C cannot hold D's computation.
    else if (n == "compute_at non-consumer")
      st = ComputeAt(w.sch, sd, sc, w.axis("C", 1));
    else if (n == "compute_at non-leaf") {
      QVERIFY(Split(w.sch, se, w.axis("E", 1), 4).ok());
      before_w = Snapshot(w.sch);
      st = ComputeAt(w.sch, sd, se, w.axis("E", 1));
    } else if (n == "compute_at axis of another stage")
      st = ComputeAt(w.sch, sd, se, w.axis("D", 0));
    else if (n == "compute_at cycle")
      st = ComputeAt(w.sch, sd, sc, w.axis("C", 0));
    else if (n == "compute_at output")
      st = ComputeAt(w.sch, se, sd, w.axis("D", 0));
    else if (n == "compute_inline output")
      st = ComputeInline(w.sch, se);
    else if (n == "compute_inline reduction") {
      Tensor D = Compute({64, 64}, [&](auto& v) { return g.C(v[0], v[1]) + 1.0; }, "D", {"i", "j"});
      Schedule s2 = std::move(create_schedule({D}).value());
      QString before = Snapshot(s2);
      st = ComputeInline(s2, s2.find("C"));
      QCOMPARE(Snapshot(s2), before);
    } else if (n == "vectorize non-leaf")
      st = Vectorize(g.sch, c, j);
    else if (n == "vectorize reduction")
      st = Vectorize(g.sch, c, g.k);
    else if (n == "parallel reduction")
      st = Parallel(g.sch, c, g.k);
    else if (n == "bind thread twice")
      st = Bind(w.sch, se, w.axis("E", 1), te::thread_axis("threadIdx.x"));
    else if (n == "bind var twice")
      st = Bind(w.sch, se, w.axis("E", 0), te::thread_axis("threadIdx.y"));
    else if (n == "bind non-thread")
      st = Bind(w.sch, se, w.axis("E", 1), w.axis("D", 0));
    else if (n == "cache_read non-reader")
      st = keep(CacheRead(w.sch, sc, "shared", {se}));
    else if (n == "cache_read bad scope")
      st = keep(CacheRead(g.sch, g.sch.find("A"), "sharde", {c}));
    else if (n == "cache_read duplicate reader")
      st = keep(CacheRead(g.sch, g.sch.find("A"), "shared", {c, c}));
    else if (n == "cache_write after reduction split") {
      QVERIFY(Split(g.sch, c, g.k, 4).ok());
      before_g = Snapshot(g.sch);
      st = keep(CacheWrite(g.sch, c, "local"));
    } else if (n == "cache_write with a stage computed at it")
      st = keep(CacheWrite(w.sch, sd, "local"));
    else if (n == "storage_align offset")
      st = StorageAlign(g.sch, c, i, 8, 8);
    else if (n == "rfactor data axis")
      st = keep(RFactor(g.sch, c, i));
    else if (n == "tile zero factor")
      st = keep(Tile(g.sch, c, i, jo, 0, 4));
    else
      QFAIL("unknown case");

    QVERIFY2(!st.ok(), "the primitive should have failed");
    QVERIFY2(st.error().message.find(message.toStdString()) != std::string::npos,
             st.error().message.c_str());
    QCOMPARE(Snapshot(g.sch), before_g);
    QCOMPARE(Snapshot(w.sch), before_w);
  }

  // Found by the differential tester (reduction seed 30030): transform_layout replaces
  // B's axis i by new loops while B.local is computed at i; lowering then cannot find
  // the attach loop. The primitive refuses and leaves the schedule unchanged.
  void transformLayoutOfAnAttachLoopIsRefused() {
    auto program = script::EvaluateScript(
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((20, 21), name=\"A\")\n"
        "k = te.reduce_axis((0, 21), name=\"k\")\n"
        "B = te.compute((20,), lambda i: te.sum(A[i, k], axis=k), name=\"B\")\n"
        "s = te.create_schedule(B.op)\n"
        "B_local = s.cache_write(B, \"local\")\n"
        "s[B_local].compute_at(s[B], s[B].op.axis[0])\n");
    QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
    Schedule& sch = *program->schedule;
    QString before = Snapshot(sch);
    auto map = std::make_shared<ir::IndexMapNode>();
    ir::Var l0("l0");
    map->initial_indices = {l0};
    map->final_indices = {ir::floordiv(l0, 4), ir::floormod(l0, 4)};
    auto r = TransformLayout(sch, sch.find("B"), map);
    QVERIFY2(!r.ok(), "transform_layout should have failed");
    QVERIFY2(r.error().message.find("B.local is computed at") != std::string::npos,
             r.error().message.c_str());
    QCOMPARE(Snapshot(sch), before);
  }

  // storage_align and transform_layout would both decide one allocation's strides: the
  // second one is refused with the reason, whichever comes first, and nothing changes.
  void storageAlignAndTransformLayoutExcludeEachOther() {
    const char* kSource =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((16, 30), name=\"A\")\n"
        "B = te.compute((16, 30), lambda i, j: A[i, j] + 1.0, name=\"B\")\n"
        "C = te.compute((16, 30), lambda i, j: B[i, j] * 2.0, name=\"C\")\n"
        "s = te.create_schedule(C.op)\n";
    auto map = std::make_shared<ir::IndexMapNode>();
    ir::Var l0("l0"), l1("l1");
    map->initial_indices = {l0, l1};
    map->final_indices = {l1, l0};
    {
      auto program = script::EvaluateScript(kSource);
      QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
      Schedule& sch = *program->schedule;
      Stage b = sch.find("B");
      auto* op = dynamic_cast<const te::ComputeOpNode*>(b->op.get());
      QVERIFY(StorageAlign(sch, b, op->axis[0], 32, 1).ok());
      QString before = Snapshot(sch);
      auto r = TransformLayout(sch, b, map);
      QVERIFY(!r.ok());
      QVERIFY2(r.error().message.find("has a storage_align on i") != std::string::npos,
               r.error().message.c_str());
      QCOMPARE(Snapshot(sch), before);
    }
    {
      auto program = script::EvaluateScript(kSource);
      QVERIFY2(program.ok(), program.ok() ? "" : program.error().message.c_str());
      Schedule& sch = *program->schedule;
      Stage b = sch.find("B");
      auto* op = dynamic_cast<const te::ComputeOpNode*>(b->op.get());
      QVERIFY(TransformLayout(sch, b, map).ok());
      QString before = Snapshot(sch);
      Status st = StorageAlign(sch, b, op->axis[0], 32, 1);
      QVERIFY(!st.ok());
      QVERIFY2(st.error().message.find("has a transform_layout") != std::string::npos,
               st.error().message.c_str());
      QCOMPARE(Snapshot(sch), before);
    }
  }
};

}  // namespace tst_primitives

QTEST_APPLESS_MAIN(tst_primitives::TestPrimitives)
#include "tst_primitives.moc"
