// rfactor, blockize and the sampling methods of a script's tir.Schedule: the values they
// return, the trace they record (`decision=...`, sampled split factors) and the seed.
// Most checks are `assert` statements inside the scripts: a failed one is an evaluation
// error.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_schedule_sampling_script {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kGemm =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((128, 128), name='A')\n"
    "B = te.placeholder((128, 128), name='B')\n"
    "k = te.reduce_axis((0, 128), name='k')\n"
    "C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n"
    "f = te.create_prim_func([A, B, C])\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kGemm) + body, "t.py");
}

std::string Failure(const Result<ScriptProgram>& r) { return r ? "" : r.error().format(); }

}  // namespace

class TestTirScheduleSamplingScript : public QObject {
  Q_OBJECT

 private slots:
  void methods_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("sampled tiles split the loop and print as TVM") << std::string(
        "sch = tir.Schedule(f, seed=7)\n"
        "b = sch.get_block('C')\n"
        "i, j, kk = sch.get_loops(b)\n"
        "v = sch.sample_perfect_tile(i, n=2, max_innermost_factor=16, decision=[8, 16])\n"
        "assert len(v) == 2\n"
        "io, ii = sch.split(i, factors=v)\n"
        "t = str(sch.trace)\n"
        "assert 'v4, v5 = sch.sample_perfect_tile(loop=l1, n=2, max_innermost_factor=16, "
        "decision=[8, 16])' in t\n"
        "assert 'l6, l7 = sch.split(loop=l1, factors=[v4, v5], preserve_unit_iters=True, "
        "disable_predication=False)' in t\n"
        "assert 'T.grid(8, 16, 128, 128)' in sch.mod['main'].script()\n");
    QTest::newRow("categorical and compute location") << std::string(
        "sch = tir.Schedule(f, seed=3)\n"
        "c = sch.sample_categorical(candidates=[1, 2, 4], probs=[0.5, 0.25, 0.25], decision=1)\n"
        "assert 'v0 = sch.sample_categorical(candidates=[1, 2, 4], probs=[0.5, 0.25, 0.25], "
        "decision=1)' in str(sch.trace)\n"
        "l = sch.sample_compute_location(sch.get_block('C'), decision=-1)\n"
        "assert 'sch.sample_compute_location(block=b1, decision=-1)' in str(sch.trace)\n");
    QTest::newRow("rfactor and blockize return blocks") << std::string(
        "sch = tir.Schedule(f)\n"
        "i, j, kk = sch.get_loops(sch.get_block('C'))\n"
        "ko, ki = sch.split(kk, factors=[None, 4])\n"
        "rf = sch.rfactor(ki, factor_axis=0)\n"
        "assert 'C_rf = T.alloc_buffer((4, 128, 128))' in sch.mod['main'].script()\n"
        "assert 'b6 = sch.rfactor(loop=l5, factor_axis=0)' in str(sch.trace)\n"
        "assert sch.get(rf).name_hint == 'C_rf'\n"
        "try:\n"
        "    sch.blockize(ko)\n"
        "    assert False\n"
        "except ValueError as e:\n"
        "    assert 'no longer in the function' in str(e)\n"
        "sch.decompose_reduction(rf, sch.get_loops(rf)[2])\n"
        "outer = sch.blockize(sch.get_loops(sch.get_block('C_rf_update'))[3])\n"
        "assert 'b17 = sch.blockize(target=l16, preserve_unit_iters=True)' in str(sch.trace)\n"
        "assert sch.get(outer).name_hint == 'C_rf_update_o'\n");
  }

  void methods() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), Failure(r).c_str());
  }

  void sameSeedSameTrace() {
    auto r = Eval(
        "def draw(seed):\n"
        "    sch = tir.Schedule(f, seed=seed)\n"
        "    i, j, kk = sch.get_loops(sch.get_block('C'))\n"
        "    v = sch.sample_perfect_tile(j, n=4, max_innermost_factor=64)\n"
        "    sch.split(j, factors=v)\n"
        "    return str(sch.trace)\n"
        "assert draw(12345) == draw(12345)\n"
        "assert len(set([draw(s * 53687091) for s in range(1, 12)])) > 2\n");
    QVERIFY2(r.ok(), Failure(r).c_str());
  }
};

}  // namespace tst_tir_schedule_sampling_script

QTEST_APPLESS_MAIN(tst_tir_schedule_sampling_script::TestTirScheduleSamplingScript)
#include "tst_tir_schedule_sampling_script.moc"
