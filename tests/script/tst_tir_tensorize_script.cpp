// tir.TensorIntrin and sch.tensorize in scripts (script/tvm/tir/TirTensorIntrinObjects.h):
// register / get with TVM's errors, tensorize by name, the TVMScript a description and
// implementation are written in (T.match_buffer with offset_factor and align), and the
// errors a script sees, located. TVM's own output for full programs is compared by
// tst_tir_tvm_reference (tests/tir/programs/tensorize_*.py).
#include <QtTest>
#include <fstream>
#include <sstream>

#include "TirDot4Intrin.h"
#include "runtime/IRInterpreter.h"
#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "transform/LowerTensorIR.h"

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

std::string ReadProgram(const std::string& name) {
  std::ifstream in(std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) + "/tests/tir/programs/" +
                   name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// `f` lowered and run on `count` float32 arrays of `shape`, random from `seed` on.
Result<std::vector<runtime::NDArray>> RunOnRandomArrays(const tir::PrimFunc& f,
                                                        std::vector<int64_t> shape, int count,
                                                        uint64_t seed) {
  auto lowered = transform::LowerTensorIR(f);
  if (!lowered.ok()) return lowered.error();
  std::vector<runtime::NDArray> arrays;
  for (int i = 0; i < count; ++i) {
    auto a = runtime::NDArray::Empty(shape, ir::DataType::Float(32));
    if (!a.ok()) return a.error();
    a->FillRandom(seed + static_cast<uint64_t>(i));
    arrays.push_back(std::move(*a));
  }
  if (Status s = runtime::Interpret(lowered->func, arrays); !s.ok()) return s.error();
  return arrays;
}

// A 16 x 16 x 16 matmul, C[i, j] = sum_k A[i, k] * B[j, k], over the
// tensorize_strided_views program's function lowered: C as computed, less the plain sum.
Result<double> MatmulError(const tir::PrimFunc& f) {
  auto ran = RunOnRandomArrays(f, {16, 16}, 3, 7);
  if (!ran.ok()) return ran.error();
  const std::vector<runtime::NDArray>& arrays = *ran;
  double worst = 0;
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      double sum = 0;
      for (int k = 0; k < 16; ++k)
        sum += arrays[0].GetDouble(i * 16 + k) * arrays[1].GetDouble(j * 16 + k);
      worst = std::max(worst, std::abs(arrays[2].GetDouble(i * 16 + j) - sum));
    }
  }
  return worst;
}

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
                "assert 'T.call_extern(\"int32\", \"vec4add\", C_1.data, C_1.elem_offset, ' "
                "in text\n"
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

  void viewsWithStridesAndAnOffsetRunWithThemBound() {
    // B's view in the implementation has a symbolic row stride and its offset, which the
    // body uses; lowering binds them to B's (the terms are zero only when bound right).
    auto r = EvaluateScript(ReadProgram("tensorize_strided_views.py"), "t.py");
    QVERIFY2(r, Failure(r).c_str());
    std::string text = tir::AsTVMScript(r->tir_schedule->func(), tir::TvmDialect::Tir);
    QVERIFY2(text.find("T.Cast(\"float32\", B_1.strides[0])") != std::string::npos, text.c_str());
    auto error = MatmulError(r->tir_schedule->func());
    QVERIFY2(error.ok(), error.ok() ? "" : error.error().format().c_str());
    QVERIFY2(*error < 1e-4, std::to_string(*error).c_str());
  }

  void aBlocksViewsBindTheirOffsetsAndStrides() {
    // match_buffer_strides_offsets.py: B1[ii, jj] = A1[ii, jj] + (A1's offset - e) +
    // (B1's offset + A1's row stride - s), where e and s are A1's offset and stride: B is
    // A plus the offset of each 4 x 4 tile in B.
    auto r = EvaluateScript(ReadProgram("match_buffer_strides_offsets.py"), "t.py");
    QVERIFY2(r, Failure(r).c_str());
    auto ran = RunOnRandomArrays(r->tir_schedule->func(), {16, 16}, 2, 3);
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().format().c_str());
    const std::vector<runtime::NDArray>& arrays = *ran;
    for (int row = 0; row < 16; ++row) {
      for (int col = 0; col < 16; ++col) {
        double tile_offset = (row / 4) * 4 * 16 + (col / 4) * 4;
        double want = arrays[0].GetDouble(row * 16 + col) + tile_offset;
        QVERIFY2(std::abs(arrays[1].GetDouble(row * 16 + col) - want) < 1e-4,
                 (std::to_string(row) + ", " + std::to_string(col)).c_str());
      }
    }
  }

  void aParametersOffsetVariableIsZero() {
    // offset_factor=1 gives A and B offset variables; the arrays passed start at 0.
    auto r = EvaluateScript(
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def f(a: T.handle, b: T.handle):\n"
        "    A = T.match_buffer(a, (16,), offset_factor=1)\n"
        "    B = T.match_buffer(b, (16,), offset_factor=1)\n"
        "    for i in range(16):\n"
        "        with T.block('c'):\n"
        "            vi = T.axis.remap('S', [i])\n"
        "            B[vi] = A[vi] + T.Cast('float32', A.elem_offset + B.elem_offset)\n"
        "assert 'A = T.match_buffer(a, (16,), offset_factor=1)' in f.script()\n"
        "assert 'T.Cast(\"float32\", A.elem_offset + B.elem_offset)' in f.script()\n"
        "sch = tir.Schedule(f)\n",
        "t.py");
    QVERIFY2(r, Failure(r).c_str());
    auto ran = RunOnRandomArrays(r->tir_schedule->func(), {16}, 2, 11);
    QVERIFY2(ran.ok(), ran.ok() ? "" : ran.error().format().c_str());
    const std::vector<runtime::NDArray>& arrays = *ran;
    for (int i = 0; i < 16; ++i) QCOMPARE(arrays[1].GetDouble(i), arrays[0].GetDouble(i));
  }

  void aParameterWithOtherStridesIsRefusedWhenLowered() {
    auto r = EvaluateScript(
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def f(a: T.handle, B: T.Buffer((16, 16), 'float32')):\n"
        "    A = T.match_buffer(a, (16, 16), strides=(32, 1))\n"
        "    for i, j in T.grid(16, 16):\n"
        "        with T.block('c'):\n"
        "            vi, vj = T.axis.remap('SS', [i, j])\n"
        "            B[vi, vj] = A[vi, vj]\n"
        "text = f.script()\n"
        "assert 'A = T.match_buffer(a, (16, 16), strides=(32, 1))' in text\n"
        "assert len(f.buffer_map[f.params[0]].strides) == 2\n"
        "sch = tir.Schedule(f)\n",
        "t.py");
    QVERIFY2(r, Failure(r).c_str());
    auto lowered = transform::LowerTensorIR(r->tir_schedule->func());
    QVERIFY(!lowered.ok());
    QVERIFY2(
        lowered.error().format().find("parameter A has strides or an offset") != std::string::npos,
        lowered.error().format().c_str());
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
