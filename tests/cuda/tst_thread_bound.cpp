// InferBound with thread-bound loops (schedule/Bound.h: InferStorageScope,
// RelaxedForThread): a stage is computed for every thread that shares its storage, so
// its region is relaxed over the thread loops whose rank is at least its storage rank
// (TVM's NeedRelax) — a shared tile covers the whole block, a local one one thread,
// global memory every block. A stage without a scope takes the one its position implies
// (inside blockIdx loops only: shared; inside a threadIdx loop: local).
#include <QtTest>

#include "CudaTestSupport.h"
#include "schedule/BoundsReport.h"
#include "schedule/Graph.h"
#include "schedule/Normalize.h"

namespace tst_thread_bound {

using namespace tessera;
using namespace tessera::schedule;
using namespace tessera::testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

Result<BoundsReport> Report(const std::string& script) {
  Result<script::ScriptProgram> p = LoadScript(kHeader + script);
  if (!p) return p.error();
  return MakeBoundsReport(*p->schedule);
}

std::vector<std::string> Extents(const StageBounds& s) {
  std::vector<std::string> out;
  for (const RealizeDim& d : s.realize) out.push_back(d.extent);
  return out;
}

// B attached inside C, whose rows are bound to blockIdx.x and columns to threadIdx.x;
// `attach` is the C loop B is computed at. Without a scope B = A * 2 (default scope),
// otherwise B is A cached in `scope`.
std::string RowStage(const std::string& scope, const std::string& attach) {
  std::string b =
      scope.empty() ? "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n" : "";
  std::string cache = scope.empty() ? "" : "B = s.cache_read(A, \"" + scope + "\", [C])\n";
  return "A = te.placeholder((64, 64), name=\"A\")\n" + b +
         "C = te.compute((64, 64), lambda i, j: " + (scope.empty() ? "B" : "A") +
         "[i, j] + 1.0, name=\"C\")\n"
         "s = te.create_schedule(C.op)\n" +
         cache +
         "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
         "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"
         "s[B].compute_at(s[C], C.op.axis[" +
         attach + "])\n";
}

}  // namespace

class TestThreadBound : public QObject {
  Q_OBJECT

 private slots:
  // The GEMM example: A.shared is attached at C.local's k loop, inside C's four bound
  // loops. Shared memory is relaxed over threadIdx.x/y (the tile serves the block:
  // 128 rows) but not over the block indices; C.local (local) is one thread's 8x8.
  void gemm_shared_tile_covers_the_block_local_tile_one_thread() {
    Result<script::ScriptProgram> p = LoadExample("gpu_gemm");
    TSR_VERIFY_OK(p);
    Result<BoundsReport> r = MakeBoundsReport(*p->schedule);
    TSR_VERIFY_OK(r);
    const StageBounds* aa = r->find("A.shared");
    const StageBounds* cl = r->find("C.local");
    QVERIFY(aa && cl);
    QCOMPARE(Extents(*aa), (std::vector<std::string>{"128", "8"}));
    QCOMPARE(Extents(*cl), (std::vector<std::string>{"8", "8"}));
    QVERIFY2(aa->realize[0].min.find("blockIdx.y") != std::string::npos,
             aa->realize[0].min.c_str());
    QVERIFY2(aa->realize[0].min.find("threadIdx") == std::string::npos, aa->realize[0].min.c_str());
    QVERIFY2(cl->realize[0].min.find("threadIdx.y") != std::string::npos,
             cl->realize[0].min.c_str());
    // Computed once per block and k step (not once per thread): 64 blocks * 128 * 1024.
    QCOMPARE(aa->computed_elements.value_or(-1), int64_t{64} * 128 * 1024);
    QCOMPARE(cl->computed_elements.value_or(-1), int64_t{1024} * 1024);
  }

  void storage_rank_decides_relaxation_data() {
    QTest::addColumn<QString>("scope");
    QTest::addColumn<QString>("attach");
    QTest::addColumn<QString>("extents");
    QTest::newRow("default scope at the block loop: shared, the whole row") << ""
                                                                            << "0"
                                                                            << "1,64";
    QTest::newRow("default scope at the thread loop: local, one element") << ""
                                                                          << "1"
                                                                          << "1,1";
    QTest::newRow("explicit local at the block loop: one element per thread (TVM's rule)")
        << "local"
        << "0"
        << "1,1";
    QTest::newRow("explicit shared at the thread loop: relaxed over the threads") << "shared"
                                                                                  << "1"
                                                                                  << "1,64";
    QTest::newRow("explicit global at the block loop: relaxed over the blocks too") << "global"
                                                                                    << "0"
                                                                                    << "64,64";
  }
  void storage_rank_decides_relaxation() {
    QFETCH(QString, scope);
    QFETCH(QString, attach);
    QFETCH(QString, extents);
    Result<BoundsReport> r = Report(RowStage(scope.toStdString(), attach.toStdString()));
    TSR_VERIFY_OK(r);
    const StageBounds* b = nullptr;
    for (const StageBounds& s : r->stages)
      if (s.attach_type == "scope") b = &s;
    QVERIFY(b);
    QCOMPARE(QString::fromStdString(Extents(*b)[0] + "," + Extents(*b)[1]), extents);
  }

  void inferred_scopes() {
    Result<script::ScriptProgram> p = LoadScript(kRfactorSoftmaxScript);
    TSR_VERIFY_OK(p);
    Schedule normalized = Normalize(*p->schedule);
    AttachPath paths = CreateAttachPath(normalized);
    BindMap binds;
    for (const Stage& s : normalized.stages)
      for (const auto& [iv, attr] : s->iter_var_attrs)
        if (attr.bind_thread) binds[iv] = attr.bind_thread;
    auto scope = [&](const std::string& name) {
      return InferStorageScope(normalized.find(name), paths, binds);
    };
    QCOMPARE(scope("B"), std::string("global"));
    QCOMPARE(scope("maxelem"), std::string("shared"));
    QCOMPARE(scope("maxelem.rf"), std::string("shared"));
  }

  void relaxed_for_thread_follows_ranks() {
    QVERIFY(RelaxedForThread("global", "blockIdx.x"));
    QVERIFY(RelaxedForThread("global", "threadIdx.x"));
    QVERIFY(!RelaxedForThread("shared", "blockIdx.x"));
    QVERIFY(RelaxedForThread("shared", "threadIdx.y"));
    QVERIFY(!RelaxedForThread("local", "threadIdx.x"));
    QVERIFY(RelaxedForThread("warp", "threadIdx.x"));
    QVERIFY(!RelaxedForThread("warp", "threadIdx.y"));
  }
};

}  // namespace tst_thread_bound

QTEST_APPLESS_MAIN(tst_thread_bound::TestThreadBound)
#include "tst_thread_bound.moc"
