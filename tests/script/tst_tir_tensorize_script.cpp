// tir.TensorIntrin and sch.tensorize in scripts (script/tvm/tir/TirTensorIntrinObjects.h):
// register / get with TVM's errors, tensorize by name, the TVMScript a description and
// implementation are written in (T.match_buffer with offset_factor and align), and the
// errors a script sees, located. TVM's own output for full programs is compared by
// tst_tir_tvm_reference (tests/tir/programs/tensorize_*.py).
#include <QtTest>

#include "TirDot4Intrin.h"
#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"

namespace tst_tir_tensorize_script {

using namespace tessera;
using namespace tessera::script;

namespace {

// A dot product of 4 (desc, and impl with the loop unrolled) and a te matmul whose k is
// split by `factor` and decomposed at k_0.
std::string Program(int factor, const std::string& tail) {
  return std::string(
             "import tvm\n"
             "from tvm import te, tir\n"
             "from tvm.script import tir as T\n") +
         kTirDot4IntrinDesc +
         std::string(
             "@T.prim_func\n"
             "def impl(a: T.handle, b: T.handle, c: T.handle) -> None:\n"
             "    A = T.match_buffer(a, (4,), offset_factor=1)\n"
             "    B = T.match_buffer(b, (4,), offset_factor=1)\n"
             "    C = T.match_buffer(c, (), offset_factor=1)\n"
             "    with T.block('root'):\n"
             "        T.reads(C[()], A[0:4], B[0:4])\n"
             "        T.writes(C[()])\n"
             "        T.evaluate(T.call_extern('int32', 'vec4add', C.data, C.elem_offset, "
             "A.data, B.data))\n"
             "A = te.placeholder((16, 64), name='A')\n"
             "B = te.placeholder((16, 64), name='B')\n"
             "k = te.reduce_axis((0, 64), name='k')\n"
             "Cc = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[j, k], axis=k), "
             "name='C')\n"
             "sch = tir.Schedule(te.create_prim_func([A, B, Cc]))\n"
             "b0 = sch.get_block('C')\n"
             "i, j, kk = sch.get_loops(b0)\n"
             "ko, ki = sch.split(kk, factors=[None, ") +
         std::to_string(factor) +
         "])\n"
         "sch.decompose_reduction(b0, ko)\n" +
         tail;
}

std::string Failure(const Result<ScriptProgram>& r) { return r ? "" : r.error().format(); }

}  // namespace

class TestTirTensorizeScript : public QObject {
  Q_OBJECT

 private slots:
  void registerGetAndTensorize() {
    auto r = EvaluateScript(
        Program(4,
                "tir.TensorIntrin.register('dot4', desc, impl)\n"
                "t = tir.TensorIntrin.get('dot4')\n"
                "assert 'offset_factor=1' in t.desc.script()\n"
                "assert 'align=128' in t.desc.script()\n"
                "assert tir.TensorIntrin.get('other', allow_missing=True) is None\n"
                "sch.tensorize(ki, 'dot4')\n"
                "text = sch.mod['main'].script()\n"
                "assert 'C_1 = T.match_buffer(C[v_i_o, v_j_o], (), offset_factor=1)' in text\n"
                "assert 'T.call_extern(\"int32\", \"vec4add\", ' in text\n"
                "assert str(sch.trace).endswith('sch.tensorize(block_or_loop=l5, "
                "tensor_intrin=\"dot4\", preserve_unit_iters=True)')\n"),
        "t.py");
    QVERIFY2(r, Failure(r).c_str());
    QVERIFY(r->tir_schedule);
    QCOMPARE(r->tir_schedule->trace().insts.back().name, std::string("dot4"));
  }

  void errorsAreLocated_data() {
    QTest::addColumn<std::string>("tail");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("get of a missing intrinsic")
        << std::string("tir.TensorIntrin.get('nope')\n")
        << std::string("t.py:34:18: error: ValueError: TensorIntrin 'nope' is not registered");
    QTest::newRow("register twice")
        << std::string(
               "tir.TensorIntrin.register('dot4', desc, impl)\n"
               "tir.TensorIntrin.register('dot4', desc, impl)\n")
        << std::string(
               "t.py:35:18: error: ValueError: TensorIntrin 'dot4' has already been "
               "registered");
    QTest::newRow("tensorize with an unregistered name")
        << std::string("sch.tensorize(ki, 'dot4')\n") << std::string("t.py:34:");
    QTest::newRow("a loop that does not match")
        << std::string(
               "tir.TensorIntrin.register('dot4', desc, impl)\n"
               "sch.tensorize(ki, 'dot4')\n")
        << std::string("t.py:35:");
    QTest::newRow("tensor_intrin must be a name")
        << std::string(
               "tir.TensorIntrin.register('dot4', desc, impl)\n"
               "sch.tensorize(ki, tir.TensorIntrin.get('dot4'))\n")
        << std::string("t.py:35:");
  }
  void errorsAreLocated() {
    QFETCH(std::string, tail);
    QFETCH(std::string, expected);
    // factor 8 for the mismatch row only; 4 elsewhere
    int factor = QString(QTest::currentDataTag()).contains("match") ? 8 : 4;
    auto r = EvaluateScript(Program(factor, tail), "t.py");
    QVERIFY(!r);
    std::string message = r.error().format();
    QVERIFY2(message.rfind(expected, 0) == 0, message.c_str());
  }

  void aMismatchNamesTvmsErrorClass() {
    auto r = EvaluateScript(Program(8,
                                    "tir.TensorIntrin.register('dot4', desc, impl)\n"
                                    "try:\n"
                                    "    sch.tensorize(ki, 'dot4')\n"
                                    "    assert False\n"
                                    "except tvm.tir.ScheduleError as e:\n"
                                    "    assert 'TensorIntrinMismatchError' in str(e)\n"),
                            "t.py");
    QVERIFY2(r, Failure(r).c_str());
  }

  void eachEvaluationHasItsOwnRegistry() {
    std::string source = Program(4,
                                 "tir.TensorIntrin.register('dot4', desc, impl)\n"
                                 "sch.tensorize(ki, 'dot4')\n");
    auto first = EvaluateScript(source, "t.py");
    QVERIFY2(first, Failure(first).c_str());
    auto second = EvaluateScript(source, "t.py");
    QVERIFY2(second, Failure(second).c_str());
  }
};

}  // namespace tst_tir_tensorize_script

QTEST_APPLESS_MAIN(tst_tir_tensorize_script::TestTirTensorizeScript)
#include "tst_tir_tensorize_script.moc"
