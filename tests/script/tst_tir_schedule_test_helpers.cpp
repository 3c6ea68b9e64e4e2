// What TVM's schedule tests call beside the primitives: sch.can_decompose_padding (a
// query that changes nothing), PrimFunc.buffer_map, tvm.compile (TVM 0.20's build, a
// runtime value) and ScheduleError imported from tvm.tir.schedule.schedule
// (test_tir_schedule_decompose_padding.py, test_tir_schedule_reindex.py), and
// tvm.script.from_source, how TVMScript printed or saved as text is read back.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_schedule_test_helpers {

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

  // tvm.script.from_source: a printed function or module read back, then scheduled; the
  // schedule's module printed and read again is the same module.
  void fromSourceReadsPrintedTVMScript() {
    auto r = tessera::script::EvaluateScript(
        "import tvm\n"
        "from tvm import tir\n"
        "text = '''\n"
        "# from tvm.script import tir as T\n"
        "\n"
        "@T.prim_func\n"
        "def main(A: T.Buffer((64, 32), \"float32\"), B: T.Buffer((64, 32), \"float32\")):\n"
        "    T.func_attr({\"global_symbol\": \"main\", \"tir.noalias\": True})\n"
        "    for i, j in T.grid(64, 32):\n"
        "        with T.block(\"B\"):\n"
        "            vi, vj = T.axis.remap(\"SS\", [i, j])\n"
        "            B[vi, vj] = A[vi, vj] * 2.0\n"
        "'''\n"
        "f = tvm.script.from_source(text)\n"
        "sch = tir.Schedule(f)\n"
        "i, j = sch.get_loops(sch.get_block(\"B\"))\n"
        "sch.split(i, factors=[None, 8])\n"
        "g = tvm.script.from_source(sch.mod.script())\n"
        "tvm.ir.assert_structural_equal(g, sch.mod)\n"
        "m = tvm.script.from_source(\"\"\"\n"
        "@I.ir_module\n"
        "class Module:\n"
        "    @T.prim_func\n"
        "    def main(A: T.Buffer((8,), \"float32\")):\n"
        "        for i in range(8):\n"
        "            with T.block(\"A\"):\n"
        "                vi = T.axis.remap(\"S\", [i])\n"
        "                A[vi] = T.float32(1)\n"
        "\"\"\")\n"
        "sch2 = tir.Schedule(m)\n"
        "sch2.get_block(\"A\")\n",
        "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // An error in the text is located in it and at the call.
  void fromSourceErrorsAreLocated() {
    auto r = tessera::script::EvaluateScript(
        "import tvm\n"
        "f = tvm.script.from_source('@T.prim_func\\ndef main(A: T.Buffer((8,), \"float32\")):\\n"
        "    A[0] = undefined_name\\n')\n",
        "t.py");
    QVERIFY(!r.ok());
    const std::string m = r.error().format();
    QVERIFY2(
        m.find("t.py:2:") == 0 && m.find("<tvm.script.from_source>:3:12: error: name "
                                         "'undefined_name' is not defined") != std::string::npos,
        m.c_str());
    auto none = tessera::script::EvaluateScript("import tvm\nf = tvm.script.from_source('x = 1')\n",
                                                "t.py");
    QVERIFY(!none.ok());
    QVERIFY2(none.error().message.find("defines no @T.prim_func function") != std::string::npos,
             none.error().message.c_str());
  }
};

}  // namespace tst_tir_schedule_test_helpers

QTEST_APPLESS_MAIN(tst_tir_schedule_test_helpers::TestTirScheduleTestHelpers)
#include "tst_tir_schedule_test_helpers.moc"
