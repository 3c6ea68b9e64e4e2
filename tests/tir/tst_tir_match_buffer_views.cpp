// T.match_buffer views (TVM's MatchBufferRegion) in blocks written without T.reads /
// T.writes: an access of a view is an access of its source region (TVM's
// ConvertMatchedRegion), and set_scope moves the views of the buffer with it (TVM's
// StorageScopeMutator). TVM v0.20's test_tir_schedule_set_scope.py
// (test_set_scope_subregion) checks the same.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_match_buffer_views {

class TestTirMatchBufferViews : public QObject {
  Q_OBJECT

 private slots:
  void viewsCountAsTheirSourceAndFollowSetScope() {
    auto r = tessera::script::EvaluateScript(
        "import tvm\n"
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def f(A: T.Buffer((128, 128), \"float32\"), C: T.Buffer((128, 128), \"float32\")):\n"
        "    B = T.alloc_buffer((128, 128))\n"
        "    for i, j in T.grid(128, 128):\n"
        "        with T.block(\"B\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            Bv = T.match_buffer(B[vi, vj], [], offset_factor=1)\n"
        "            Bv[()] = A[vi, vj] * 2.0\n"
        "    for i, j in T.grid(32, 128):\n"
        "        with T.block(\"C\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            Bt = T.match_buffer(B[vi * 4:vi * 4 + 4, vj], (4, 1), offset_factor=1)\n"
        "            for k in range(4):\n"
        "                C[vi * 4 + k, vj] = Bt[k, 0] + 1.0\n"
        "@T.prim_func\n"
        "def expected(A: T.Buffer((128, 128), \"float32\"), C: T.Buffer((128, 128), "
        "\"float32\")):\n"
        "    B = T.alloc_buffer((128, 128), scope=\"shared\")\n"
        "    for i, j in T.grid(128, 128):\n"
        "        with T.block(\"B\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            T.reads(A[vi, vj])\n"
        "            T.writes(B[vi, vj])\n"
        "            Bv = T.match_buffer(B[vi, vj], [], offset_factor=1, scope=\"shared\")\n"
        "            Bv[()] = A[vi, vj] * 2.0\n"
        "    for i, j in T.grid(32, 128):\n"
        "        with T.block(\"C\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            T.reads(B[vi * 4:vi * 4 + 4, vj])\n"
        "            T.writes(C[vi * 4:vi * 4 + 4, vj])\n"
        "            Bt = T.match_buffer(B[vi * 4:vi * 4 + 4, vj], (4, 1), offset_factor=1, "
        "scope=\"shared\")\n"
        "            for k in range(4):\n"
        "                C[vi * 4 + k, vj] = Bt[k, 0] + 1.0\n"
        "sch = tir.Schedule(f)\n"
        "sch.set_scope(sch.get_block(\"B\"), 0, \"shared\")\n"
        "tvm.ir.assert_structural_equal(sch.mod[\"main\"], expected.with_attr(\"global_symbol\", "
        "\"f\"))\n",
        "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }
};

}  // namespace tst_tir_match_buffer_views

QTEST_APPLESS_MAIN(tst_tir_match_buffer_views::TestTirMatchBufferViews)
#include "tst_tir_match_buffer_views.moc"
