// tir.Schedule of an @I.ir_module of several functions, one schedule over all of them as
// in TVM (work_on, get_block(func_name=), primitives on any function in any order, an RV
// of one function used while working on another, sch.mod[name], the trace across
// functions and its replay, the document's function), and the script forms of axis
// separators (IndexMap.AXIS_SEPARATOR in a transform_layout lambda,
// IndexMap.from_func_with_separators, set_axis_separator), with their errors located at
// the call. What they print is compared with TVM's output by tst_tir_tvm_reference
// (tests/tir/programs/module_*.py, layout_axis_separator.py).
#include <QtTest>

#include "script/Evaluator.h"
#include "tir/Schedule.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

namespace tst_tir_module_schedule {

using namespace tessera;
using namespace tessera::script;

namespace {

// Two functions; the schedule statements follow at line 21.
const char* kModule =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.tir import IndexMap\n"
    "from tvm.script import ir as I\n"
    "from tvm.script import tir as T\n"
    "@I.ir_module\n"
    "class Module:\n"
    "    @T.prim_func\n"
    "    def scale(A: T.Buffer((64, 8), 'float32'), B: T.Buffer((64, 8), 'float32')):\n"
    "        for i, j in T.grid(64, 8):\n"
    "            with T.block('B'):\n"
    "                vi, vj = T.axis.remap('SS', [i, j])\n"
    "                B[vi, vj] = A[vi, vj] * T.float32(2.0)\n"
    "    @T.prim_func\n"
    "    def shift(A: T.Buffer((64, 8), 'float32'), C: T.Buffer((64, 8), 'float32')):\n"
    "        for i, j in T.grid(64, 8):\n"
    "            with T.block('C'):\n"
    "                vi, vj = T.axis.remap('SS', [i, j])\n"
    "                C[vi, vj] = A[vi, vj] + T.float32(1.0)\n"
    "sch = tir.Schedule(Module)\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kModule) + body, "t.py");
}

std::string Failure(const Result<ScriptProgram>& r) { return r ? "" : r.error().format(); }

}  // namespace

class TestTirModuleSchedule : public QObject {
  Q_OBJECT

 private slots:
  void schedulesTheChosenFunction_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("work_on") << std::string(
        "sch.work_on('shift')\n"
        "assert sch.func_working_on == 'shift'\n"
        "sch.split(sch.get_loops('C')[0], factors=[None, 16])\n"
        "assert 'i_0, i_1, j in T.grid(4, 16, 8)' in sch.mod['shift'].script()\n"
        "assert 'for i, j in T.grid(64, 8)' in sch.mod['scale'].script()\n"
        "text = sch.mod.script()\n"
        "assert text.find('def scale(') < text.find('def shift(')\n");
    QTest::newRow("get_block with func_name") << std::string(
        "b = sch.get_block('B', func_name='scale')\n"
        "sch.parallel(sch.get_loops(b)[0])\n"
        "assert 'T.parallel(64)' in sch.mod['scale'].script()\n"
        "assert 'func_name=\"scale\"' in str(sch.trace)\n");
    QTest::newRow("a second function after a primitive") << std::string(
        "sch.work_on('shift')\n"
        "sch.parallel(sch.get_loops('C')[0])\n"
        "b = sch.get_block('B', func_name='scale')\n"
        "sch.vectorize(sch.get_loops(b)[1])\n"
        "assert 'T.parallel(64)' in sch.mod['shift'].script()\n"
        "assert 'T.vectorized(8)' in sch.mod['scale'].script()\n"
        "assert 'T.parallel' not in sch.mod['scale'].script()\n"
        "assert sch.func_working_on == 'shift'\n");
    QTest::newRow("interleaved primitives on both functions") << std::string(
        "sch.work_on('scale')\n"
        "b = sch.get_block('B')\n"
        "sch.work_on('shift')\n"
        "c = sch.get_block('C')\n"
        "ic, jc = sch.get_loops(c)\n"
        "ib, jb = sch.get_loops(b)\n"
        "sch.split(ib, factors=[None, 8])\n"
        "sch.split(ic, factors=[4, None])\n"
        "sch.parallel(sch.get_loops(b)[0])\n"
        "sch.unroll(jc)\n"
        "assert 'i_0, i_1 in T.grid(8, 8)' not in sch.mod['scale'].script()\n"
        "assert 'for i_0 in T.parallel(8):' in sch.mod['scale'].script()\n"
        "assert 'for i_0, i_1 in T.grid(4, 16):' in sch.mod['shift'].script()\n"
        "assert 'T.unroll(8)' in sch.mod['shift'].script()\n");
    QTest::newRow("an RV of one function after work_on of another") << std::string(
        "sch.work_on('scale')\n"
        "b = sch.get_block('B')\n"
        "i, j = sch.get_loops(b)\n"
        "sch.work_on('shift')\n"
        "sch.fuse(i, j)\n"
        "assert 'for i_j_fused in range(512)' in sch.mod['scale'].script()\n"
        "assert 'for i, j in T.grid(64, 8)' in sch.mod['shift'].script()\n"
        "assert sch.get(b).name_hint == 'B'\n"
        "sch.get_block('C')\n");
    QTest::newRow("get_block with func_name leaves func_working_on") << std::string(
        "sch.get_block('B', func_name='scale')\n"
        "assert sch.func_working_on is None\n");
    QTest::newRow("a module with main works on main") << std::string(
        "@I.ir_module\n"
        "class WithMain:\n"
        "    @T.prim_func\n"
        "    def aux(A: T.Buffer((8,), 'float32'), B: T.Buffer((8,), 'float32')):\n"
        "        for i in range(8):\n"
        "            with T.block('X'):\n"
        "                vi = T.axis.spatial(8, i)\n"
        "                B[vi] = A[vi]\n"
        "    @T.prim_func\n"
        "    def main(A: T.Buffer((8,), 'float32'), B: T.Buffer((8,), 'float32')):\n"
        "        for i in range(8):\n"
        "            with T.block('M'):\n"
        "                vi = T.axis.spatial(8, i)\n"
        "                B[vi] = A[vi]\n"
        "s2 = tir.Schedule(WithMain)\n"
        "assert s2.func_working_on == 'main'\n"
        "s2.parallel(s2.get_loops(s2.get_block('M'))[0])\n");
    QTest::newRow("work_on again, before any primitive") << std::string(
        "sch.work_on('scale')\n"
        "sch.work_on('shift')\n"
        "sch.get_block('C')\n");
    QTest::newRow("axis separator in a layout lambda") << std::string(
        "sch.work_on('shift')\n"
        "sch.transform_layout('C', ('write', 0),\n"
        "                     lambda i, j: [i // 8, IndexMap.AXIS_SEPARATOR, i % 8, j])\n"
        "text = sch.mod['shift'].script()\n"
        "assert 'C = T.match_buffer(C_handle, (8, 8, 8), axis_separators=[1])' in text, text\n"
        "assert 'sch.set_axis_separator(block=b0, buffer=(\"write\", 0), "
        "axis_separators=[1])' in str(sch.trace)\n");
    QTest::newRow("from_func_with_separators") << std::string(
        "m, seps = IndexMap.from_func_with_separators(\n"
        "    lambda i, j: [i // 8, IndexMap.AXIS_SEPARATOR, i % 8, IndexMap.AXIS_SEPARATOR, j])\n"
        "assert seps == [1, 2]\n"
        "assert len(m.final_indices) == 3\n");
    QTest::newRow("set_axis_separator") << std::string(
        "sch.work_on('scale')\n"
        "sch.set_axis_separator('B', ('read', 0), [1])\n"
        "sch.set_axis_separator('B', ('write', 0), None)\n"
        "text = sch.mod['scale'].script()\n"
        "assert 'A = T.match_buffer(A_handle, (64, 8), axis_separators=[1])' in text, text\n"
        "assert 'B: T.Buffer((64, 8), \"float32\")' in text, text\n");
  }
  void schedulesTheChosenFunction() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), Failure(r).c_str());
  }

  // The scheduled function is the document's: the CLI runs and checks it.
  void theDocumentIsTheChosenFunction() {
    auto r = Eval("sch.work_on('shift')\nsch.parallel(sch.get_loops('C')[0])\n");
    QVERIFY2(r.ok(), Failure(r).c_str());
    QVERIFY(r->is_tensorir());
    QCOMPARE(QString::fromStdString(r->tir_schedule->func().name), QString("shift"));
    QCOMPARE(QString::fromStdString(r->tir_original.name), QString("shift"));
  }

  // Primitives on both functions, interleaved: the trace holds them in order, each
  // get_block naming its function, and replays on the module as given to the same
  // functions.
  void traceAcrossFunctions() {
    auto r = Eval(
        "sch.work_on('shift')\n"
        "c = sch.get_block('C')\n"
        "b = sch.get_block('B', func_name='scale')\n"
        "sch.parallel(sch.get_loops(b)[0])\n"
        "sch.split(sch.get_loops(c)[0], factors=[None, 16])\n"
        "sch.vectorize(sch.get_loops(b)[1])\n");
    QVERIFY2(r.ok(), Failure(r).c_str());
    const tir::Schedule& sch = *r->tir_schedule;
    QCOMPARE(QString::fromStdString(tir::TraceAsPython(sch.trace(), tir::TvmDialect::Tir)),
             QString("# from tvm import tir\n"
                     "def apply_trace(sch: tir.Schedule) -> None:\n"
                     "  b0 = sch.get_block(name=\"C\", func_name=\"shift\")\n"
                     "  b1 = sch.get_block(name=\"B\", func_name=\"scale\")\n"
                     "  l2, l3 = sch.get_loops(block=b1)\n"
                     "  sch.parallel(loop=l2)\n"
                     "  l4, l5 = sch.get_loops(block=b0)\n"
                     "  l6, l7 = sch.split(loop=l4, factors=[None, 16], "
                     "preserve_unit_iters=True, disable_predication=False)\n"
                     "  l8, l9 = sch.get_loops(block=b1)\n"
                     "  sch.vectorize(loop=l9)"));
    tir::Schedule replay = sch.Unscheduled(/*seed=*/1);
    QVERIFY(replay.trace().insts.empty());
    QCOMPARE(QString::fromStdString(replay.func_name()), QString("shift"));
    Status applied = tir::ApplyTrace(sch.trace(), &replay);
    QVERIFY2(applied.ok(), applied.ok() ? "" : applied.error().message.c_str());
    auto want = sch.module(), got = replay.module();
    QCOMPARE(got.size(), size_t(2));
    for (size_t i = 0; i < want.size(); ++i) {
      QCOMPARE(QString::fromStdString(got[i].first), QString::fromStdString(want[i].first));
      QCOMPARE(QString::fromStdString(tir::AsTVMScript(got[i].second)),
               QString::fromStdString(tir::AsTVMScript(want[i].second)));
    }
    // A replay on the other function alone stops at the first instruction of 'shift'.
    tir::Schedule alone(r->tir_module[0].second, 1, "scale");
    Status refused = tir::ApplyTrace(sch.trace(), &alone);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().message.find("instruction 0 (GetBlock): ValueError: the module has "
                                          "no function 'shift'") != std::string::npos,
             refused.error().message.c_str());
  }

  // The document is the function worked on, scheduled; SelectTensorIRFunction shows the
  // other with its own schedule and its own original as the oracle.
  void theDocumentHoldsEveryScheduledFunction() {
    auto r = Eval(
        "b = sch.get_block('B', func_name='scale')\n"
        "sch.parallel(sch.get_loops(b)[0])\n"
        "sch.work_on('shift')\n"
        "sch.unroll(sch.get_loops('C')[1])\n");
    QVERIFY2(r.ok(), Failure(r).c_str());
    QCOMPARE(QString::fromStdString(r->tir_func_name), QString("shift"));
    QCOMPARE(r->tir_module.size(), size_t(2));
    QVERIFY(tir::AsTVMScript(r->tir_module[0].second).find("T.parallel(64)") != std::string::npos);
    QVERIFY(tir::AsTVMScript(r->tir_module[1].second).find("T.unroll(8)") != std::string::npos);
    QVERIFY(tir::AsTVMScript(r->tir_schedule->func()).find("T.unroll(8)") != std::string::npos);
    auto before = r->tir_schedule;
    Status chosen = script::SelectTensorIRFunction(&*r, "scale");
    QVERIFY2(chosen.ok(), chosen.ok() ? "" : chosen.error().message.c_str());
    QCOMPARE(QString::fromStdString(r->tir_schedule->func().name), QString("scale"));
    QVERIFY(tir::AsTVMScript(r->tir_schedule->func()).find("T.parallel(64)") != std::string::npos);
    QVERIFY(tir::AsTVMScript(r->tir_original).find("T.parallel") == std::string::npos);
    QCOMPARE(QString::fromStdString(r->tir_original.name), QString("scale"));
    QCOMPARE(r->tir_schedule->trace().insts.size(), before->trace().insts.size());
    QCOMPARE(QString::fromStdString(before->func_name()), QString("shift"));  // a copy switched
    QVERIFY(!script::SelectTensorIRFunction(&*r, "nope").ok());
  }

  // Without work_on, the document is the function the last get_block looked in.
  void theDocumentWithoutWorkOn() {
    auto r = Eval(
        "sch.parallel(sch.get_loops(sch.get_block('C', func_name='shift'))[0])\n"
        "sch.parallel(sch.get_loops(sch.get_block('B', func_name='scale'))[0])\n");
    QVERIFY2(r.ok(), Failure(r).c_str());
    QCOMPARE(QString::fromStdString(r->tir_func_name), QString("scale"));
    QCOMPARE(QString::fromStdString(r->tir_original.name), QString("scale"));
  }

  // The views (T.match_buffer) of a buffer given separators take them: the same when the
  // ranks agree, as many zeros when not (TVM's test_set_axis_separator_subregion, its
  // functions as TVM's tests write them, compared with TVM's expected one).
  void axisSeparatorsReachTheViews() {
    const std::string program = R"py(import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import assert_structural_equal_ignore_global_symbol

@T.prim_func
def element_wise_subregion_match(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")) -> None:
    B = T.alloc_buffer((128, 128), dtype="float32")
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B_subregion0 = T.match_buffer(B[vi, vj], [], offset_factor=1)
            B_subregion0[()] = A[vi, vj] * 2.0
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            B_subregion1 = T.match_buffer(B[vi, vj], [], offset_factor=1)
            C[vi, vj] = B_subregion1[()] + 1.0

@T.prim_func
def element_wise_subregion_match_set_axis_separator(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float32")) -> None:
    B = T.alloc_buffer([128, 128], dtype="float32", axis_separators=[1])
    for i, j in T.grid(128, 128):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            B_subregion0 = T.match_buffer(B[vi, vj], [], dtype="float32", offset_factor=1, axis_separators=[0])
            B_subregion0[()] = A[vi, vj] * T.float32(2)
    for i, j in T.grid(128, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            B_subregion1 = T.match_buffer(B[vi, vj], [], dtype="float32", offset_factor=1, axis_separators=[0])
            C[vi, vj] = B_subregion1[()] + T.float32(1)

sch = tir.Schedule(element_wise_subregion_match)
sch.set_axis_separator(sch.get_block("B"), ("write", 0), [1])
assert_structural_equal_ignore_global_symbol(element_wise_subregion_match_set_axis_separator, sch.mod["main"])
rows = tir.Schedule(element_wise_subregion_match)
rows.set_axis_separator(rows.get_block("B"), ("write", 0), [0, 2])
)py";
    auto r = EvaluateScript(program, "t.py");
    QVERIFY2(r, Failure(r).c_str());
    const std::string text = tir::AsTVMScript(r->tir_schedule->func());
    QVERIFY2(
        text.find("B = T.alloc_buffer((128, 128), axis_separators=[0, 2])") != std::string::npos,
        text.c_str());
    QVERIFY2(text.find("axis_separators=[0, 0])") != std::string::npos, text.c_str());
  }

  // A mapping function with keyword-only indices after *indices: they take the last
  // axes (TVM's test_var_args_sugar, its functions as TVM's test writes them).
  void indexMapKeywordOnlyIndices() {
    const std::string program = R"py(import tvm
from tvm import tir
from tvm.script import tir as T
from tvm.tir.schedule.testing import assert_structural_equal_ignore_global_symbol

@T.prim_func
def summation_3d(A: T.Buffer((1024, 1024, 32), "float32"), B: T.Buffer((1,), "float32")) -> None:
    B[0] = 0
    for i, j, k in T.grid(1024, 1024, 32):
        with T.block("compute"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[0] = B[0] + A[vi, vj, vk]

@T.prim_func
def summation_3d_split(A: T.Buffer((1024, 1024, 8, 4), "float32"), B: T.Buffer((1,), "float32")) -> None:
    B[0] = 0
    for i, j, k in T.grid(1024, 1024, 32):
        with T.block("compute"):
            vi, vj, vk = T.axis.remap("SSS", [i, j, k])
            B[0] = B[0] + A[vi, vj, vk // 4, vk % 4]

sch = tir.Schedule(summation_3d, debug_mask="all")
sch.transform_layout(index_map=lambda *indices, k: [*indices, k // 4, k % 4], block="compute", buffer="A")
assert_structural_equal_ignore_global_symbol(summation_3d_split, sch.mod["main"])
f = lambda *xs, k: (len(xs), k)
assert f(1, 2, k=3) == (2, 3)
)py";
    auto r = EvaluateScript(program, "t.py");
    QVERIFY2(r, Failure(r).c_str());
  }

  void errors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("get_block before work_on")
        << std::string("sch.get_block('C')\n")
        << std::string("t.py:21:5: error: ValueError: `get_block` does not know which function");
    QTest::newRow("a block name before work_on")
        << std::string("sch.parallel(sch.get_loops('C')[0])\n")
        << std::string("t.py:21:28: error: ValueError: `get_block` does not know which");
    QTest::newRow("work_on an unknown function")
        << std::string("sch.work_on('nope')\n")
        << std::string(
               "t.py:21:13: error: work_on(): ValueError: the module has no function 'nope'; "
               "candidates "
               "are: [\"scale\", \"shift\"]");
    QTest::newRow("get_block with an unknown func_name")
        << std::string("sch.get_block('B', func_name='nope')\n")
        << std::string(
               "t.py:21:20: error: get_block(): ValueError: the module has no function 'nope'; "
               "candidates are: [\"scale\", \"shift\"]");
    QTest::newRow("a block of another function")
        << std::string("sch.get_block('C', func_name='scale')\n")
        << std::string("t.py:21:5: error:");
    QTest::newRow("a block name after get_block with func_name")
        << std::string("sch.get_block('B', func_name='scale')\nsch.get_block('B')\n")
        << std::string("t.py:22:5: error: ValueError: `get_block` does not know which function");
    QTest::newRow("loops of two functions in one reorder")
        << std::string(
               "i, j = sch.get_loops(sch.get_block('B', func_name='scale'))\n"
               "k, l = sch.get_loops(sch.get_block('C', func_name='shift'))\n"
               "sch.reorder(j, l)\n")
        << std::string(
               "t.py:23:5: error: ValueError: the random variables belong to different "
               "functions of the module: one to 'scale', one to 'shift'");
    QTest::newRow("a block and a loop of two functions in compute_at")
        << std::string(
               "b = sch.get_block('B', func_name='scale')\n"
               "k, l = sch.get_loops(sch.get_block('C', func_name='shift'))\n"
               "sch.compute_at(b, l)\n")
        << std::string(
               "t.py:23:5: error: ValueError: the random variables belong to different "
               "functions of the module: one to 'scale', one to 'shift'");
    QTest::newRow("AXIS_SEPARATOR in from_func")
        << std::string("IndexMap.from_func(lambda i: [i // 8, IndexMap.AXIS_SEPARATOR, i % 8])\n")
        << std::string(
               "AssertionError: IndexMap.from_func(): the mapping function may not "
               "return IndexMap.AXIS_SEPARATOR");
    QTest::newRow("a separator out of range")
        << std::string("sch.work_on('scale')\nsch.set_axis_separator('B', ('write', 0), [1, 3])\n")
        << std::string(
               "t.py:22:5: error: ValueError: axis_separators of B must not decrease and lie "
               "within 0..2, but got 3");
    QTest::newRow("decreasing separators")
        << std::string("sch.work_on('scale')\nsch.set_axis_separator('B', ('write', 0), [2, 1])\n")
        << std::string("t.py:22:5: error: ValueError: axis_separators of B must not decrease");
    QTest::newRow("separators that are not ints")
        << std::string("sch.work_on('scale')\nsch.set_axis_separator('B', ('write', 0), 'x')\n")
        << std::string("t.py:22:43: error: set_axis_separator(): argument 'axis_separators'");
    QTest::newRow("a TVMScript buffer with a bad separator")
        << std::string(
               "@T.prim_func\n"
               "def f(A: T.Buffer((4, 4), 'float32', axis_separators=[3])):\n"
               "    T.evaluate(0)\n")
        << std::string("axis_separators must be integers in 0..2 that do not decrease");
  }
  void errors() {
    QFETCH(std::string, code);
    QFETCH(std::string, expected);
    auto r = Eval(code);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().format().find(expected) != std::string::npos, r.error().format().c_str());
  }
};

}  // namespace tst_tir_module_schedule

QTEST_APPLESS_MAIN(tst_tir_module_schedule::TestTirModuleSchedule)
#include "tst_tir_module_schedule.moc"
