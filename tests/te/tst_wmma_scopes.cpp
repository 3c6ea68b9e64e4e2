// The wmma.matrix_a / wmma.matrix_b / wmma.accumulator storage scopes (issue #18), in
// the idiom of TVM's opt_conv_tensorcore tutorial: cache_read into shared memory and on
// into fragments, cache_write into an accumulator, the fragments computed at the
// accumulator's reduction loop. On the CPU they are ordinary local buffers: the GEMM
// lowers, runs (interpreter and LLVM) and matches the te oracle. set_scope takes them;
// an unknown scope names the ones that exist.
#include <QtTest>

#include "TeTestSupport.h"
#include "schedule/Bound.h"

namespace tst_wmma_scopes {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

std::string GemmScript(const std::string& schedule) {
  return "import tvm\nfrom tvm import te\n"
         "A = te.placeholder((32, 16), name=\"A\")\n"
         "B = te.placeholder((16, 32), name=\"B\")\n"
         "k = te.reduce_axis((0, 16), name=\"k\")\n"
         "C = te.compute((32, 32), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n" +
         schedule;
}

const char* kFragments =
    "AS = s.cache_read(A, \"shared\", [C])\n"
    "AF = s.cache_read(AS, \"wmma.matrix_a\", [C])\n"
    "BF = s.cache_read(B, \"wmma.matrix_b\", [C])\n"
    "CF = s.cache_write(C, \"wmma.accumulator\")\n"
    "io, jo, ii, ji = s[C].tile(C.op.axis[0], C.op.axis[1], 16, 16)\n"
    "s[CF].compute_at(s[C], jo)\n"
    "ko, ki = s[CF].split(CF.op.reduce_axis[0], factor=8)\n"
    "s[CF].reorder(ko, CF.op.axis[0], CF.op.axis[1], ki)\n"
    "s[AF].compute_at(s[CF], ko)\n"
    "s[BF].compute_at(s[CF], ko)\n";

}  // namespace

class TestWmmaScopes : public QObject {
  Q_OBJECT

 private slots:
  void fragmentsRunAsLocalBuffersOnTheCpu() {
    auto p = script::EvaluateScript(GemmScript(kFragments), "tc.py");
    TE_VERIFY_OK(p);
    QCOMPARE(p->schedule->find("A.shared.wmma.matrix_a")->scope, std::string("wmma.matrix_a"));
    QCOMPARE(p->schedule->find("B.wmma.matrix_b")->scope, std::string("wmma.matrix_b"));
    QCOMPARE(p->schedule->find("C.wmma.accumulator")->scope, std::string("wmma.accumulator"));
    TE_VERIFY_OK(RunAndCheck(*p));
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    QVERIFY2(Contains(*text, "wmma.accumulator"), text->c_str());
  }

  // The fragment is realized per tile of the accumulator's loops, not over the whole
  // matrix: 16 rows x 8 columns of A per reduction step.
  void fragmentRegionIsOneTile() {
    auto p = script::EvaluateScript(GemmScript(kFragments), "tc.py");
    TE_VERIFY_OK(p);
    auto report = schedule::ExplainInferRootBound(*p->schedule, "A.shared.wmma.matrix_a",
                                                  "C.wmma.accumulator");
    TE_VERIFY_OK(report);
    QCOMPARE(report->phase4.size(), size_t(2));
    QCOMPARE(QString::fromStdString(report->phase4[0].max_or_extent), QString("16"));
    QCOMPARE(QString::fromStdString(report->phase4[1].max_or_extent), QString("8"));
  }

  void setScopeTakesTheFragmentScopes() {
    auto p = script::EvaluateScript(
        GemmScript("") +
            "E = te.compute((32, 32), lambda i, j: C[i, j] * 2.0, name=\"E\")\n"
            "s = te.create_schedule(E.op)\n"
            "s[C].set_scope(\"wmma.accumulator\")\n"
            "s[C].compute_at(s[E], E.op.axis[0])\n",
        "scope.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  void unknownScopeNamesTheKnownOnes() {
    std::string error = ScriptError(GemmScript("AF = s.cache_read(A, \"wmma.matrix_c\", [C])\n"));
    QVERIFY2(Contains(error,
                      "t.py:8:8: error: cache_read: unknown storage scope 'wmma.matrix_c' "
                      "(use global, shared, shared.dyn, local, warp, wmma.matrix_a, "
                      "wmma.matrix_b or wmma.accumulator)"),
             error.c_str());
  }
};

}  // namespace tst_wmma_scopes

QTEST_APPLESS_MAIN(tst_wmma_scopes::TestWmmaScopes)
#include "tst_wmma_scopes.moc"
