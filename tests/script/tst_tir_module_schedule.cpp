// tir.Schedule of an @I.ir_module of several functions (work_on, get_block(func_name=),
// sch.mod[name]) and the script forms of axis separators (IndexMap.AXIS_SEPARATOR in a
// transform_layout lambda, IndexMap.from_func_with_separators, set_axis_separator), with
// their errors located at the call. What they print is compared with TVM's output by
// tst_tir_tvm_reference (tests/tir/programs/module_*.py, layout_axis_separator.py).
#include <QtTest>

#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "tir/Trace.h"

using namespace tessera;
using namespace tessera::script;

Q_DECLARE_METATYPE(std::string)

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
    QTest::newRow("a second function after a primitive")
        << std::string(
               "sch.work_on('shift')\nsch.parallel(sch.get_loops('C')[0])\n"
               "sch.get_block('B', func_name='scale')\n")
        << std::string(
               "t.py:23:20: error: get_block(): ValueError: Tessera schedules one function of a "
               "module per "
               "Schedule; this one already works on 'shift'");
    QTest::newRow("AXIS_SEPARATOR in from_func")
        << std::string("IndexMap.from_func(lambda i: [i // 8, IndexMap.AXIS_SEPARATOR, i % 8])\n")
        << std::string(
               "AssertionError: IndexMap.from_func(): the mapping function may not "
               "return IndexMap.AXIS_SEPARATOR");
    QTest::newRow("a separator out of range")
        << std::string("sch.work_on('scale')\nsch.set_axis_separator('B', ('write', 0), [2])\n")
        << std::string("t.py:22:5: error: ValueError: axis_separators of B must increase");
    QTest::newRow("separators that are not ints")
        << std::string("sch.work_on('scale')\nsch.set_axis_separator('B', ('write', 0), 'x')\n")
        << std::string("t.py:22:43: error: set_axis_separator(): argument 'axis_separators'");
    QTest::newRow("a TVMScript buffer with a bad separator")
        << std::string(
               "@T.prim_func\n"
               "def f(A: T.Buffer((4, 4), 'float32', axis_separators=[3])):\n"
               "    T.evaluate(0)\n")
        << std::string("axis_separators must be increasing integers in 1..1");
  }
  void errors() {
    QFETCH(std::string, code);
    QFETCH(std::string, expected);
    auto r = Eval(code);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().format().find(expected) != std::string::npos, r.error().format().c_str());
  }
};

QTEST_APPLESS_MAIN(TestTirModuleSchedule)
#include "tst_tir_module_schedule.moc"
