// What TVM's schedule tests call beside the primitives: sch.can_decompose_padding (a
// query that changes nothing), PrimFunc.buffer_map, tvm.compile (TVM 0.20's build, a
// runtime value) and ScheduleError imported from tvm.tir.schedule.schedule
// (test_tir_schedule_decompose_padding.py, test_tir_schedule_reindex.py).
#include <QtTest>

#include "script/Evaluator.h"

class TestTirScheduleTestHelpers : public QObject {
  Q_OBJECT

 private slots:
  void queriesAndRuntimeNamesOfTvmTests() {
    auto r = tessera::script::EvaluateScript(
        "import pytest\n"
        "import tvm\n"
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "from tvm.tir.schedule.schedule import ScheduleError\n"
        "@T.prim_func\n"
        "def pad(x: T.Buffer((16, 30), \"float32\"), y: T.Buffer((16, 32), \"float32\")):\n"
        "    for i, j in T.grid(16, 32):\n"
        "        with T.block(\"pad\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            y[vi, vj] = T.if_then_else(1 <= vj and vj < 31, x[vi, vj - 1], T.float32(0))\n"
        "@T.prim_func\n"
        "def trivial(x: T.Buffer((16, 32), \"float32\"), y: T.Buffer((16, 32), \"float32\")):\n"
        "    for i, j in T.grid(16, 32):\n"
        "        with T.block(\"pad\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            y[vi, vj] = T.if_then_else(0 <= vj and vj < 32, x[vi, vj], T.float32(0))\n"
        "sch = tir.Schedule(pad)\n"
        "b = sch.get_block(\"pad\")\n"
        "i, j = sch.get_loops(b)\n"
        "before = sch.mod[\"main\"].script()\n"
        "assert sch.can_decompose_padding(b, i)\n"
        "assert sch.mod[\"main\"].script() == before and len(sch.trace.insts) == 2\n"
        "t = tir.Schedule(trivial)\n"
        "ti, tj = t.get_loops(t.get_block(\"pad\"))\n"
        "assert not t.can_decompose_padding(t.get_block(\"pad\"), ti)\n"
        "sch.decompose_padding(b, i)\n"
        "m = pad.buffer_map\n"
        "assert [int(d) for d in m[pad.params[0]].shape] == [16, 30]\n"
        "assert m[pad.params[1]].dtype == \"float32\"\n"
        "f = tvm.compile(sch.mod, target=\"llvm\")\n"
        "with pytest.raises(ScheduleError):\n"
        "    sch.get_block(\"nope\")\n",
        "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }
};

QTEST_APPLESS_MAIN(TestTirScheduleTestHelpers)
#include "tst_tir_schedule_test_helpers.moc"
