// transform_layout and transform_block_layout in a script's tir.Schedule (TVM 0.20's
// schedule.py): the buffer as ("read" | "write", i), a name or a Buffer; the index map as a
// lambda, a def, tvm.tir.IndexMap.from_func or T.index_map, its parameter names becoming
// the map's variables; pad_value as None, a number, a lambda or an IndexMap; the trace
// lines TVM prints; and the errors of each argument, located, as TVM raises them.
#include <QtTest>

#include "script/Evaluator.h"
#include "tir/Trace.h"

namespace tst_tir_transform_layout_script {

using namespace tessera;
using namespace tessera::script;

namespace {

// C = A @ B over 16 x 16 x 16, then D = C + 1; and E (14 floats) = F + 1.
const char* kProgram =
    "import tvm\n"
    "from tvm import te, tir\n"
    "from tvm.script import tir as T\n"
    "A = te.placeholder((16, 16), name='A')\n"
    "B = te.placeholder((16, 16), name='B')\n"
    "k = te.reduce_axis((0, 16), name='k')\n"
    "C = te.compute((16, 16), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n"
    "D = te.compute((16, 16), lambda i, j: C[i, j] + 1.0, name='D')\n"
    "F = te.placeholder((14,), name='F')\n"
    "E = te.compute((14,), lambda i: F[i] + 1.0, name='E')\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n"
    "pad = tir.Schedule(te.create_prim_func([F, E]))\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kProgram) + body, "t.py");
}

}  // namespace

class TestTirTransformLayoutScript : public QObject {
  Q_OBJECT

 private slots:
  void methods_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("a lambda's parameter names are the map's variables") << std::string(
        "sch.transform_layout(sch.get_block('C'), ('write', 0), lambda p, q: (p // 4, q, p % 4))\n"
        "assert 'sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda p, q: "
        "(p // 4, q, p % 4,), pad_value=None, assume_injective_transform=False)' in "
        "str(sch.trace)\n"
        "assert 'C = T.alloc_buffer((4, 16, 4))' in sch.mod.script()\n");
    QTest::newRow("every argument by keyword") << std::string(
        "sch.transform_layout(block='D', buffer=('read', 0), index_map=lambda i, j: (j, i), "
        "pad_value=None, assume_injective_transform=True)\n"
        "assert 'buffer=(\"read\", 0), index_map=lambda i, j: (j, i,), pad_value=None, "
        "assume_injective_transform=True)' in str(sch.trace)\n");
    QTest::newRow("a buffer name and a Buffer from sch.get") << std::string(
        "c = sch.get_block('C')\n"
        "sch.transform_layout(c, 'B', lambda i, j: (j, i))\n"
        "buf = sch.get(c).reads[0].buffer\n"
        "assert buf.name == 'A'\n"
        "sch.transform_layout(c, buf, lambda i, j: (j, i))\n"
        "t = str(sch.trace)\n"
        "assert 'buffer=(\"read\", 1)' in t and 'buffer=(\"read\", 0)' in t\n");
    QTest::newRow("*idx names the variables idx_0, idx_1") << std::string(
        "sch.transform_layout('C', ('write', 0), lambda *idx: (idx[1], idx[0]))\n"
        "assert 'index_map=lambda idx_0, idx_1: (idx_1, idx_0,)' in str(sch.trace)\n");
    QTest::newRow("a def as the index map") << std::string(
        "def tile(i, j):\n"
        "    return [i // 8, j // 8, i % 8, j % 8]\n"
        "sch.transform_layout('C', ('write', 0), tile)\n"
        "assert 'index_map=lambda i, j: (i // 8, j // 8, i % 8, j % 8,)' in str(sch.trace)\n");
    QTest::newRow("IndexMap.from_func and T.index_map values") << std::string(
        "m = tvm.tir.IndexMap.from_func(lambda i, j: (i // 4, j, i % 4), index_dtype='int32')\n"
        "assert len(m.initial_indices) == 2 and len(m.final_indices) == 3\n"
        "assert str(m) == 'lambda i, j: (i // 4, j, i % 4,)'\n"
        "sch.transform_layout('C', ('write', 0), m)\n"
        "n = T.index_map(lambda i, j: (j, i), index_dtype='int32')\n"
        "sch.transform_layout('D', ('write', 0), n)\n"
        "assert 'D: T.Buffer((16, 16), \"float32\")' in sch.mod.script()\n");
    QTest::newRow("a float pad value takes the buffer's type") << std::string(
        "pad.transform_layout('E', ('write', 0), lambda i: (i // 4, i % 4), pad_value=0.0)\n"
        "assert 'pad_value=lambda indices_0, indices_1: (T.float32(0.0),)' in str(pad.trace)\n"
        "assert 'T.if_then_else(v_axis0 == 3 and 2 <= v_axis1, T.float32(0.0)' in "
        "pad.mod.script()\n");
    QTest::newRow("a pad value lambda over the transformed indices") << std::string(
        "pad.transform_layout('E', ('write', 0), lambda i: [i // 4, i % 4],\n"
        "                     pad_value=lambda io, ii: T.float32(1.5))\n"
        "assert 'pad_value=lambda io, ii: (T.float32(1.5),)' in str(pad.trace)\n");
    QTest::newRow("an input's pad value becomes an assumption") << std::string(
        "pad.transform_layout('E', 'F', lambda i: [i // 4, i % 4], pad_value=-1.0)\n"
        "assert 'with T.block(\"buffer_F_assumptions\"):' in pad.mod.script()\n");
    QTest::newRow("transform_block_layout fuses iterators") << std::string(
        "sch.transform_block_layout(sch.get_block('D'), lambda i, j: (i * 16 + j,))\n"
        "assert 'sch.transform_block_layout(block=b0, index_map=lambda i, j: (i * 16 + j,))' "
        "in str(sch.trace)\n"
        "assert 'for ax0 in range(256):' in sch.mod.script()\n");
  }
  void methods() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void errors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("expected");
    QTest::addColumn<int>("line");  // the line of the program the error points at
    // The program above is 12 lines; the code starts at line 13.
    QTest::newRow("a map of the wrong arity")
        << std::string("sch.transform_layout('C', ('write', 0), lambda i: (i,))\n")
        << std::string("takes 1 indices, but the buffer C has 2 dimensions") << 13;
    QTest::newRow("a map that is not injective")
        << std::string(
               "sch.transform_layout('C', ('write', 0), lambda i, j: (i // 2, i // 4, j))\n")
        << std::string("ScheduleError") << 13;
    QTest::newRow("padding without a pad value")
        << std::string("pad.transform_layout('E', ('write', 0), lambda i: (i // 4, i % 4))\n")
        << std::string("TransformationIntroducesPaddingError") << 13;
    QTest::newRow("an int pad value on a float buffer")
        << std::string("pad.transform_layout('E', ('write', 0), lambda i: (i // 4, i % 4), 0)\n")
        << std::string("TransformationPaddingTypeError") << 13;
    QTest::newRow("a pad value lambda of the wrong arity")
        << std::string(
               "pad.transform_layout('E', ('write', 0), lambda i: (i // 4, i % 4),\n"
               "                     pad_value=lambda a: 0.0)\n")
        << std::string("takes 1 indices, but the transformed buffer has 2 dimensions") << 13;
    QTest::newRow("a pad value of two values")
        << std::string(
               "pad.transform_layout('E', ('write', 0), lambda i: (i // 4, i % 4),\n"
               "                     pad_value=lambda a, b: (T.float32(0), T.float32(1)))\n")
        << std::string("TransformationPaddingIndexMapError") << 13;
    QTest::newRow("a pad value string")
        << std::string("pad.transform_layout('E', ('write', 0), lambda i: (i // 4, i % 4), 'x')\n")
        << std::string("argument 'pad_value'") << 13;
    QTest::newRow("an unknown buffer name")
        << std::string("x = 1\nsch.transform_layout('C', 'X', lambda i, j: (j, i))\n")
        << std::string("Could not find buffer 'X' in block 'C'") << 14;
    QTest::newRow("a buffer index out of range")
        << std::string("sch.transform_layout('C', ('read', 3), lambda i, j: (j, i))\n")
        << std::string("Invalid buffer_index 3.  Block C has only 2 read buffers.") << 13;
    QTest::newRow("a buffer kind that does not exist")
        << std::string("sch.transform_layout('C', ('modify', 0), lambda i, j: (j, i))\n")
        << std::string("Expected 'read' or 'write', but received modify") << 13;
    QTest::newRow("a bare buffer index")
        << std::string("sch.transform_layout('C', 0, lambda i, j: (j, i))\n")
        << std::string("argument 'buffer'") << 13;
    QTest::newRow("an index map that is no function")
        << std::string("sch.transform_layout('C', ('write', 0), 3)\n")
        << std::string("index_map must be an IndexMap or a function") << 13;
    QTest::newRow("a map returning a string")
        << std::string("sch.transform_layout('C', ('write', 0), lambda i, j: ['x', i])\n")
        << std::string("return a PrimExpr or a list of PrimExpr, but received a str") << 13;
    QTest::newRow("a map failing inside")
        << std::string(
               "sch.transform_layout('C', ('write', 0),\n"
               "                     lambda i, j: (i // 4, undefined_name))\n")
        << std::string("name 'undefined_name' is not defined") << 14;
    QTest::newRow("transform_block_layout of the wrong arity")
        << std::string("sch.transform_block_layout('D', lambda i: (i,))\n")
        << std::string("IndexMapNotApplicableToBlockIterError") << 13;
    QTest::newRow("transform_block_layout not bijective")
        << std::string("sch.transform_block_layout('D', lambda i, j: (i // 2, j))\n")
        << std::string("NotBijectiveAffineIndexMapError") << 13;
    QTest::newRow("from_func of *args without ndim")
        << std::string("m = tvm.tir.IndexMap.from_func(lambda *i: i)\n")
        << std::string("ndim must be specified when *args is used") << 13;
    QTest::newRow("from_func with an inverse")
        << std::string(
               "m = tvm.tir.IndexMap.from_func(lambda i: i, inverse_index_map=lambda i: i)\n")
        << std::string("inverse_index_map is not supported") << 13;
  }
  void errors() {
    QFETCH(std::string, code);
    QFETCH(std::string, expected);
    QFETCH(int, line);
    auto r = Eval(code);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().format().find(expected) != std::string::npos, r.error().format().c_str());
    QCOMPARE(r.error().loc.line, line);
  }

  void aFailedTransformLeavesTheScheduleAsItWas() {
    auto r = Eval(
        "before = sch.mod.script()\n"
        "try:\n"
        "    sch.transform_layout('C', ('write', 0), lambda i, j: (i // 2, i // 4, j))\n"
        "except tir.ScheduleError:\n"
        "    pass\n"
        "assert sch.mod.script() == before\n"
        "assert 'transform_layout' not in str(sch.trace)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }
};

}  // namespace tst_tir_transform_layout_script

QTEST_APPLESS_MAIN(tst_tir_transform_layout_script::TestTirTransformLayoutScript)
#include "tst_tir_transform_layout_script.moc"
