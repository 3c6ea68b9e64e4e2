// cache_write after split / fuse / reorder / annotate (TVM's CacheWriteWithReLayout):
// the cache stage's axes are the stage's data-parallel leaf loops in leaf order, the
// stage becomes a copy over its original axes, and the program still computes what the
// te oracle computes. Also the trace round trip (Tessera and TVM dialects, Replay) and
// the cases TVM cannot handle, refused with located errors.
#include <QtTest>

#include "../te/TeTestSupport.h"
#include "ir/ExprOp.h"
#include "schedule/Replay.h"
#include "script/export/ScriptPrinter.h"

namespace tst_cache_write_relayout {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\n";

QStringList AxisNames(const std::vector<ir::IterVar>& ivs) {
  QStringList names;
  for (const ir::IterVar& iv : ivs) names << QString::fromStdString(iv->var.name());
  return names;
}

QList<qint64> Extents(const std::vector<ir::IterVar>& ivs) {
  QList<qint64> out;
  for (const ir::IterVar& iv : ivs) {
    auto* c = iv->dom.extent.as<ir::IntImmNode>();
    out << (c ? c->value : -1);
  }
  return out;
}

const te::ComputeOpNode* ComputeOf(const schedule::Stage& s) {
  return dynamic_cast<const te::ComputeOpNode*>(s->op.get());
}

// Tiled C = A x B^T (60 x 30, k = 48, tiles that do not divide), cache_write after the
// tiling, C tiled again and the cache stage computed at its block loop: the GPU matmul
// pattern of TVM's test_te_schedule_bound_inference_tiling, run on the CPU.
const char* kTiledGemm =
    "A = te.placeholder((60, 48), name='A')\n"
    "B = te.placeholder((30, 48), name='B')\n"
    "k = te.reduce_axis((0, 48), name='k')\n"
    "C = te.compute((60, 30), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name='C')\n"
    "s = te.create_schedule(C.op)\n"
    "bi, bj, ti, tj = s[C].tile(C.op.axis[0], C.op.axis[1], 16, 8)\n"
    "CL = s.cache_write(C, 'local')\n"
    "bi, bj, ti, tj = s[C].tile(s[C].op.axis[0], s[C].op.axis[1], 16, 8)\n"
    "s[CL].compute_at(s[C], bj)\n"
    "ko, ki = s[CL].split(CL.op.reduce_axis[0], factor=5)\n"
    "a, b, c, d = CL.op.axis\n"
    "s[CL].reorder(ko, c, ki, d)\n"
    "s[CL].unroll(ki)\n";

}  // namespace

class TestCacheWriteRelayout : public QObject {
  Q_OBJECT

 private slots:
  // A split that does not divide: the cache stage is [i.outer, i.inner, j] with the
  // tail guarded, the stage reads it back through floordiv / floormod.
  void splitThenCacheWrite() {
    auto p = script::EvaluateScript(
        std::string(kPrelude) +
            "A = te.placeholder((30, 20), name='A')\n"
            "B = te.compute((30, 20), lambda i, j: A[i, j] * 2.0 + 1.0, name='B')\n"
            "s = te.create_schedule(B.op)\n"
            "io, ii = s[B].split(B.op.axis[0], factor=8)\n"
            "BL = s.cache_write(B, 'local')\n"
            "s[BL].compute_at(s[B], s[B].op.axis[0])\n",
        "t.py");
    TE_VERIFY_OK(p);
    schedule::Stage bl = p->schedule->find("B.local"), b = p->schedule->find("B");
    QVERIFY(bl && b);
    QCOMPARE(AxisNames(ComputeOf(bl)->axis), QStringList({"i.outer.c", "i.inner.c", "j.c"}));
    QCOMPARE(Extents(ComputeOf(bl)->axis), QList<qint64>({4, 8, 20}));
    QCOMPARE(AxisNames(b->leaf_iter_vars), QStringList({"i", "j"}));
    QVERIFY(b->relations.empty());
    // 30 = 4 * 8 - 2: the tail of the cache layout is guarded (TVM's InjectPredicate).
    std::string body = ir::to_string(ComputeOf(bl)->body[0]);
    QVERIFY2(Contains(body, "if_then_else"), body.c_str());
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  }

  // Found by the differential tester (elementwise seed 1000): the guarded tail of the
  // cache layout (3 rows split by 2) must not read C past its 60 elements; TVM's Select
  // evaluates both branches, the if_then_else reads only where the guard holds.
  void guardedTailReadsNothingPastTheEnd() {
    auto p = script::EvaluateScript(
        std::string(kPrelude) +
            "A = te.placeholder((3, 20), name='A')\n"
            "B = te.compute((3, 20), lambda i, j: A[i, j] * 2.0, name='B')\n"
            "C = te.compute((3, 20), lambda i, j: B[i, j] + 1.0, name='C')\n"
            "D = te.compute((3, 20), lambda i, j: te.exp(C[i, j]) * A[i, j], name='D')\n"
            "s = te.create_schedule(D.op)\n"
            "io, ii = s[D].split(D.op.axis[0], factor=2)\n"
            "DL = s.cache_write(D, 'local')\n"
            "f = s[DL].fuse(DL.op.axis[1], DL.op.axis[2])\n",
        "t.py");
    TE_VERIFY_OK(p);
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  }

  void fuseThenCacheWrite() {
    auto p = script::EvaluateScript(
        std::string(kPrelude) +
            "A = te.placeholder((6, 10), name='A')\n"
            "B = te.compute((6, 10), lambda i, j: A[i, j] + A[5 - i, 9 - j], name='B')\n"
            "s = te.create_schedule(B.op)\n"
            "f = s[B].fuse(B.op.axis[0], B.op.axis[1])\n"
            "BL = s.cache_write(B, 'global')\n"
            "fo, fi = s[BL].split(BL.op.axis[0], factor=7)\n"
            "s[BL].vectorize(fi)\n",
        "t.py");
    TE_VERIFY_OK(p);
    schedule::Stage bl = p->schedule->find("B.global");
    QVERIFY(bl);
    QCOMPARE(AxisNames(ComputeOf(bl)->axis), QStringList({"i.j.fused.c"}));
    QCOMPARE(Extents(ComputeOf(bl)->axis), QList<qint64>({60}));
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  }

  // Leaf order is the layout (a reorder transposes the cache); the annotation of a loop
  // that disappears goes, the one of an original axis stays on the copy stage.
  void reorderAndAnnotateThenCacheWrite() {
    auto p = script::EvaluateScript(
        std::string(kPrelude) +
            "A = te.placeholder((12, 20), name='A')\n"
            "B = te.compute((12, 20), lambda i, j: A[i, j] * 3.0, name='B')\n"
            "s = te.create_schedule(B.op)\n"
            "jo, ji = s[B].split(B.op.axis[1], factor=4)\n"
            "s[B].reorder(jo, B.op.axis[0], ji)\n"
            "s[B].vectorize(ji)\n"
            "s[B].parallel(jo)\n"
            "BL = s.cache_write(B, 'local')\n"
            "s[B].parallel(s[B].op.axis[0])\n",
        "t.py");
    TE_VERIFY_OK(p);
    schedule::Stage bl = p->schedule->find("B.local"), b = p->schedule->find("B");
    QCOMPARE(AxisNames(ComputeOf(bl)->axis), QStringList({"j.outer.c", "i.c", "j.inner.c"}));
    QCOMPARE(Extents(ComputeOf(bl)->axis), QList<qint64>({5, 12, 4}));
    QVERIFY(bl->iter_var_attrs.empty());
    QCOMPARE(int(b->iter_var_attrs.size()), 1);  // only the parallel set afterwards
    QCOMPARE(b->attr(b->leaf_iter_vars[0]).annotation, ir::IterVarType::Parallelized);
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  }

  // An annotation of an original axis is kept by cache_write (TVM keeps the stage's
  // iter_var_attrs), and an unsplit stage gets the classic layout.
  void annotationOfOriginalAxisIsKept() {
    auto p =
        script::EvaluateScript(std::string(kPrelude) +
                                   "A = te.placeholder((8, 16), name='A')\n"
                                   "B = te.compute((8, 16), lambda i, j: A[i, j] + 1.0, name='B')\n"
                                   "s = te.create_schedule(B.op)\n"
                                   "s[B].parallel(B.op.axis[0])\n"
                                   "BL = s.cache_write(B, 'local')\n",
                               "t.py");
    TE_VERIFY_OK(p);
    schedule::Stage bl = p->schedule->find("B.local"), b = p->schedule->find("B");
    QCOMPARE(AxisNames(ComputeOf(bl)->axis), QStringList({"i.c", "j.c"}));
    QCOMPARE(b->attr(b->leaf_iter_vars[0]).annotation, ir::IterVarType::Parallelized);
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  }

  // A stage computed at its consumer keeps its attach point; the cache stage is a fresh
  // root stage (TVM lowers this the same way: C.local whole, C per row of D).
  void attachedStageKeepsItsAttachPoint() {
    auto p = script::EvaluateScript(
        std::string(kPrelude) +
            "A = te.placeholder((32, 24), name='A')\n"
            "C = te.compute((32, 24), lambda i, j: A[i, j] * 2.0, name='C')\n"
            "D = te.compute((32, 24), lambda i, j: C[i, j] + 1.0, name='D')\n"
            "s = te.create_schedule(D.op)\n"
            "s[C].compute_at(s[D], D.op.axis[0])\n"
            "jo, ji = s[C].split(C.op.axis[1], factor=8)\n"
            "CL = s.cache_write(C, 'local')\n",
        "t.py");
    TE_VERIFY_OK(p);
    schedule::Stage cl = p->schedule->find("C.local"), c = p->schedule->find("C");
    QCOMPARE(AxisNames(ComputeOf(cl)->axis), QStringList({"i.c", "j.outer.c", "j.inner.c"}));
    QCOMPARE(c->attach_type, schedule::AttachType::Scope);
    QCOMPARE(c->attach_stage, p->schedule->find("D"));
    QCOMPARE(cl->attach_type, schedule::AttachType::GroupRoot);
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  }

  // The cache takes the reduction (its tail guarded in the Reduce's condition), is
  // computed per block of C and its reduction is split there.
  void tiledReductionCachedLocally() {
    auto p = script::EvaluateScript(std::string(kPrelude) + kTiledGemm, "t.py");
    TE_VERIFY_OK(p);
    schedule::Stage cl = p->schedule->find("C.local"), c = p->schedule->find("C");
    QCOMPARE(AxisNames(ComputeOf(cl)->axis),
             QStringList({"i.outer.c", "j.outer.c", "i.inner.c", "j.inner.c"}));
    QCOMPARE(Extents(ComputeOf(cl)->axis), QList<qint64>({4, 4, 16, 8}));
    QCOMPARE(AxisNames(ComputeOf(cl)->reduce_axis), QStringList({"k"}));
    QVERIFY(ComputeOf(c)->reduce_axis.empty());
    auto* r = ComputeOf(cl)->body[0].as<ir::ReduceNode>();
    QVERIFY(r && r->condition.defined() && !ir::is_one(r->condition));
    QCOMPARE(AxisNames(cl->leaf_iter_vars), QStringList({"i.outer.c", "j.outer.c", "k.outer",
                                                         "i.inner.c", "k.inner", "j.inner.c"}));
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
    // Per block of C the cache holds one 16 x 8 tile.
    auto lowered = LoweredText(*p);
    TE_VERIFY_OK(lowered);
    QVERIFY2(Contains(*lowered, "C.local[float32 * 128]"), lowered->c_str());
  }

  // The copy reads the cache at floormod(i, 3) with i one row of a tile that does not
  // divide (27 = 14 * 2 - 1): the row's set is [x, min(x, 26)], at most a point, so the
  // cache needs one element per row, as in TVM (IntSet's floormod of a clipped point
  // used to give the whole [0, 3)).
  void clippedPointNeedsOneElement() {
    auto p = script::EvaluateScript(
        std::string(kPrelude) +
            "A = te.placeholder((27, 7), name='A')\n"
            "B = te.placeholder((40, 7), name='B')\n"
            "k = te.reduce_axis((0, 7), name='k')\n"
            "C = te.compute((27, 40), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), name='C')\n"
            "s = te.create_schedule(C.op)\n"
            "v3, v4 = s[C].split(C.op.axis[0], factor=3)\n"
            "s[C].reorder(C.op.axis[1], v3, v4)\n"
            "CL = s.cache_write(C, 'global')\n"
            "bi, bj, ti, tj = s[C].tile(s[C].op.axis[0], s[C].op.axis[1], 2, 1)\n"
            "s[CL].compute_at(s[C], ti)\n",
        "t.py");
    TE_VERIFY_OK(p);
    auto lowered = LoweredText(*p);
    TE_VERIFY_OK(lowered);
    QVERIFY2(Contains(*lowered, "C.global[float32 * 1]"), lowered->c_str());
    QVERIFY2(!Contains(*lowered, "C.global[float32 * 3]"), lowered->c_str());
    Status st = RunAndCheck(*p);
    QVERIFY2(st.ok(), st.ok() ? "" : st.error().message.c_str());
  }

  // Printed (both dialects) and evaluated again, the schedule is the same; Replay of the
  // trace rebuilds the same cache layout.
  void roundTrips() {
    auto p = script::EvaluateScript(std::string(kPrelude) + kTiledGemm, "t.py");
    TE_VERIFY_OK(p);
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      QVERIFY2(Contains(printed, "CL = s.cache_write(C, \"local\")"), printed.c_str());
      auto again = script::EvaluateScript(printed, "again.py");
      QVERIFY2(again.ok(), again ? "" : (again.error().format() + "\n" + printed).c_str());
      QVERIFY2(again->schedule->trace == p->schedule->trace, printed.c_str());
      QCOMPARE(AxisNames(ComputeOf(again->schedule->find("C.local"))->axis),
               AxisNames(ComputeOf(p->schedule->find("C.local"))->axis));
    }
    auto replayed = schedule::Replay(p->schedule->trace, p->schedule->outputs);
    TE_VERIFY_OK(replayed);
    schedule::Stage cl = replayed->find("C.local");
    QVERIFY(cl);
    QCOMPARE(Extents(ComputeOf(cl)->axis), QList<qint64>({4, 4, 16, 8}));
    QCOMPARE(AxisNames(cl->leaf_iter_vars),
             AxisNames(p->schedule->find("C.local")->leaf_iter_vars));
  }

  // What TVM cannot relayout (or lowers into a wrong program) is refused at the call.
  void refusals_data() {
    QTest::addColumn<QString>("lines");
    QTest::addColumn<QString>("message");
    const char* gemm =
        "A = te.placeholder((16, 16), name='A')\n"
        "k = te.reduce_axis((0, 16), name='k')\n"
        "C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * A[k, j], axis=k), name='C')\n"
        "s = te.create_schedule(C.op)\n";
    QTest::newRow("split reduction")
        << QString(gemm) +
               "ko, ki = s[C].split(k, factor=4)\n"
               "CL = s.cache_write(C, 'local')\n"
        << "t.py:8:8: error: cache_write: C's loop k.outer comes from a reduction axis";
    QTest::newRow("producer computed at the stage")
        << QString(gemm) +
               "AA = s.cache_read(A, 'shared', [C])\n"
               "s[AA].compute_at(s[C], C.op.axis[0])\n"
               "CL = s.cache_write(C, 'local')\n"
        << "t.py:9:8: error: cache_write: A.shared is computed at C's loop i";
    QTest::newRow("transform_layout")
        << QString(gemm) +
               "s[C].transform_layout(lambda i, j: [j, i])\n"
               "CL = s.cache_write(C, 'local')\n"
        << "t.py:8:8: error: cache_write: C's loops were changed by transform_layout";
    QTest::newRow("store predicate over a split loop")
        << QString(gemm) +
               "io, ii = s[C].split(C.op.axis[0], factor=4)\n"
               "s[C].set_store_predicate(ii < 2)\n"
               "CL = s.cache_write(C, 'local')\n"
        << "t.py:9:8: error: cache_write: C's store predicate reads the loop i.inner";
    QTest::newRow("thread binding of a split loop")
        << QString(gemm) +
               "io, ii = s[C].split(C.op.axis[0], factor=4)\n"
               "s[C].bind(io, te.thread_axis('blockIdx.x'))\n"
               "CL = s.cache_write(C, 'local')\n"
        << "t.py:9:8: error: cache_write: C's loop i.outer is bound to blockIdx.x and cache_write "
           "removes it";
  }

  void refusals() {
    QFETCH(QString, lines);
    QFETCH(QString, message);
    std::string error = ScriptError(kPrelude + lines.toStdString());
    QVERIFY2(Contains(error, message.toStdString()), error.c_str());
  }
};

}  // namespace tst_cache_write_relayout

QTEST_APPLESS_MAIN(tst_cache_write_relayout::TestCacheWriteRelayout)
#include "tst_cache_write_relayout.moc"
