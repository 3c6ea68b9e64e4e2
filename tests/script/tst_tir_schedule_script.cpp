// TensorIR in scripts: te.create_prim_func, tvm.IRModule and the PrimFunc / IRModule
// values (script/tvm/TirPrimFuncValue.h), and tir.Schedule / s_tir.Schedule with every
// method, their errors and trace (script/tvm/TirScheduleValue.h). Most checks are `assert`
// statements inside the scripts: a failed one is an evaluation error.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_schedule_script {

using namespace tessera;
using namespace tessera::script;

namespace {

// C = A @ B over 128 x 128 x 128, as TVM's TensorIR tutorials write it.
const char* kGemm =
    "import tvm\n"
    "from tvm import te\n"
    "A = te.placeholder((128, 128), name='A')\n"
    "B = te.placeholder((128, 128), name='B')\n"
    "k = te.reduce_axis((0, 128), name='k')\n"
    "C = te.compute((128, 128), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kGemm) + body, "t.py");
}

std::string Failure(const Result<ScriptProgram>& r) { return r ? "" : r.error().format(); }

}  // namespace

class TestTirScheduleScript : public QObject {
  Q_OBJECT

 private slots:
  void primFuncsAndModules_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("create_prim_func prints as TVMScript") << std::string(
        "f = te.create_prim_func([A, B, C])\n"
        "assert isinstance(f, tvm.tir.PrimFunc)\n"
        "text = f.script()\n"
        "assert text.startswith('# from tvm.script import tir as T')\n"
        "assert 'with T.block(\"C\"):' in text\n"
        "assert f.params == ['A', 'B', 'C']\n"
        "assert f.attrs['global_symbol'] == 'main'\n");
    QTest::newRow("IRModule by name, from_expr, functions") << std::string(
        "f = te.create_prim_func([A, B, C])\n"
        "mod = tvm.IRModule({'main': f})\n"
        "assert isinstance(mod, tvm.IRModule)\n"
        "assert mod['main'].script() == f.script()\n"
        "assert mod.script().startswith('# from tvm.script import ir as I\\n"
        "# from tvm.script import tir as T\\n\\n@I.ir_module\\nclass Module:\\n    "
        "@T.prim_func\\n    def main(')\n"
        "assert list(mod.functions.keys()) == ['main']\n"
        "assert mod.get_global_vars() == ['main']\n"
        "assert tvm.IRModule.from_expr(f)['main'].script() == f.script()\n"
        "assert tvm.ir.IRModule({'gemm': f})['gemm'].script().find('def gemm(') > 0\n");
    QTest::newRow("with_attr renames and clears noalias") << std::string(
        "f = te.create_prim_func([A, B, C]).with_attr('global_symbol', 'gemm')\n"
        "assert 'def gemm(' in f.script()\n"
        "g = f.with_attr('tir.noalias', False)\n"
        "assert 'noalias' not in g.script() and 'noalias' in f.script()\n");
    QTest::newRow("the immediate types construct, as TVM's tests call them") << std::string(
        "from tvm.tir.expr import IntImm, FloatImm\n"
        "x = IntImm(dtype='int64', value=10)\n"
        "assert isinstance(x, IntImm) and x.dtype == 'int64' and x.value == 10\n"
        "assert isinstance(FloatImm('float32', 0.5), FloatImm)\n"
        "assert not isinstance(x, FloatImm)\n");
    QTest::newRow("with_attr of a dict, as TVM's tutorial writes it") << std::string(
        "f = te.create_prim_func([A, B, C]).with_attr({'global_symbol': 'mm', 'tir.noalias': "
        "False})\n"
        "assert 'def mm(' in f.script() and 'noalias' not in f.script()\n");
    QTest::newRow("with_attr of other attributes, kept and printed") << std::string(
        "f = te.create_prim_func([A, B, C]).with_attr({'op_pattern': 4, 'layout': {'A': 'NC'}})\n"
        "assert 'T.func_attr({\"layout\": {\"A\": \"NC\"}, \"op_pattern\": 4, \"tir.noalias\": "
        "T.bool(True)})' in f.script()\n"
        "assert not tvm.ir.structural_equal(f, te.create_prim_func([A, B, C]))\n");
  }
  void primFuncsAndModules() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), Failure(r).c_str());
  }

  void primFuncErrors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("expected");
    QTest::newRow("an unknown function name")
        << std::string(
               "mod = tvm.IRModule({'main': te.create_prim_func([A, B, C])})\n"
               "f = mod['gemm']\n")
        << std::string(
               "t.py:8:9: error: KeyError: the IRModule has no function 'gemm' (it has "
               "'main')");
    QTest::newRow("not a tensor") << std::string("f = te.create_prim_func([A, 3])\n")
                                  << std::string("every argument must be a te.Tensor, not int");
    QTest::newRow("a placeholder left out")
        << std::string("f = te.create_prim_func([B, C])\n")
        << std::string("t.py:7:8: error: create_prim_func: placeholder 'A' is read");
    QTest::newRow("an attribute value that is a function")
        << std::string("f = te.create_prim_func([A, B, C]).with_attr('target', len)\n")
        << std::string(
               "with_attr(): the value of \"target\" must be a number, a string, an "
               "expression, a list or a dict of them, not builtin_function");
    QTest::newRow("a dict with a value besides")
        << std::string("f = te.create_prim_func([A, B, C]).with_attr({'global_symbol': 'g'}, 1)\n")
        << std::string("with_attr(): a dict of attributes takes no attr_value");
    QTest::newRow("a key without its value")
        << std::string("f = te.create_prim_func([A, B, C]).with_attr('global_symbol')\n")
        << std::string("with_attr(): missing required argument 'attr_value'");
    QTest::newRow("a module of something else")
        << std::string("mod = tvm.IRModule({'main': 3})\n")
        << std::string("the function 'main' must be a TensorIR PrimFunc, not int");
  }
  void primFuncErrors() {
    QFETCH(std::string, code);
    QFETCH(std::string, expected);
    auto r = Eval(code);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().format().find(expected) != std::string::npos, r.error().format().c_str());
  }

  void scheduleMethods_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("get_block, get_loops unpacked, split, reorder, trace") << std::string(
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]), debug_mask='all', seed=1)\n"
        "b = sch.get_block('C')\n"
        "i, j, k = sch.get_loops(b)\n"
        "assert isinstance(b, tir.schedule.BlockRV) and isinstance(i, tir.schedule.LoopRV)\n"
        "assert str(b) == 'b0' and str(k) == 'l3'\n"
        "io, ii = sch.split(i, factors=[None, 32])\n"
        "sch.reorder(io, j, ii)\n"
        "assert sch.get(io).extent == 4 and sch.get(b).name_hint == 'C'\n"
        "t = str(sch.trace)\n"
        "assert t.startswith('# from tvm import tir\\ndef apply_trace(sch: tir.Schedule) -> "
        "None:\\n')\n"
        "assert '  l4, l5 = sch.split(loop=l1, factors=[None, 32], preserve_unit_iters=True, "
        "disable_predication=False)' in t\n"
        "assert '  sch.reorder(l4, l2, l5)' in t\n"
        "assert sch.trace.as_python()[0] == 'b0 = sch.get_block(name=\"C\", func_name=\"main\")'\n"
        "assert 'for i_0, j, i_1, k in T.grid(4, 128, 32, 128):' in sch.mod.script()\n"
        "sch.show()\n"
        "sch.work_on('main')\n");
    QTest::newRow("positional arguments in TVM's order") << std::string(
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "i, j, k = sch.get_loops(sch.get_block('C', 'main'))\n"
        "a, b = sch.split(j, [4, None], True, False)\n"
        "f = sch.fuse(i, a)\n"
        "sch.parallel(f)\n"
        "sch.vectorize(b)\n"
        "sch.unroll(k)\n"
        "assert sch.get(f).kind == tvm.tir.ForKind.PARALLEL\n"
        "assert sch.get(b).kind == tvm.tir.ForKind.VECTORIZED\n"
        "assert 'sch.fuse(l1, l4, preserve_unit_iters=True)' in str(sch.trace)\n");
    QTest::newRow("a block name for a block, fuse of a list") << std::string(
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "loops = sch.get_loops('C')\n"
        "f = sch.fuse(*loops[:2])\n"
        "assert len(sch.get_loops('C')) == 2\n"
        "assert str(sch.trace).count('sch.get_block(name=\"C\"') == 2\n");
    QTest::newRow("bind, annotate, unannotate, add_unit_loop") << std::string(
        "from tvm import tir\n"
        "sch = tir.Schedule(tvm.IRModule({'main': te.create_prim_func([A, B, C])}))\n"
        "b = sch.get_block('C')\n"
        "i, j, k = sch.get_loops(b)\n"
        "sch.bind(i, 'blockIdx.x')\n"
        "sch.bind(loop=j, thread_axis='threadIdx.x')\n"
        "sch.annotate(k, 'pragma_auto_unroll_max_step', 16)\n"
        "sch.annotate(block_or_loop=b, ann_key='meta_schedule.tiling_structure', "
        "ann_val='SSRSRS')\n"
        "assert sch.get(k).annotations['pragma_auto_unroll_max_step'] == 16\n"
        "sch.unannotate(k, 'pragma_auto_unroll_max_step')\n"
        "assert len(sch.get(k).annotations) == 0\n"
        "sch.annotate(b, 'extra', {'k': 2, 'name': 'v', 'on': True})\n"
        "extra = sch.get(b).annotations['extra']\n"
        "assert int(extra['k']) == 2 and str(extra['name']) == 'v' and bool(extra['on'])\n"
        "assert 'ann_val={\"k\": 2, \"name\": \"v\", \"on\": True})' in str(sch.trace)\n"
        "u = sch.add_unit_loop(b)\n"
        "assert sch.get(u).extent == 1\n"
        "assert 'T.thread_binding(128, thread=\"blockIdx.x\")' in sch.mod.script()\n");
    QTest::newRow("producers, consumers, child blocks, compute_inline") << std::string(
        "from tvm import tir\n"
        "D = te.compute((128, 128), lambda i, j: C[i, j] * 2.0, name='D')\n"
        "E = te.compute((128, 128), lambda i, j: D[i, j] + 1.0, name='E')\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, E]))\n"
        "d = sch.get_block('D')\n"
        "assert [sch.get(p).name_hint for p in sch.get_producers(d)] == ['C']\n"
        "assert [sch.get(c).name_hint for c in sch.get_consumers(d)] == ['E']\n"
        "root = sch.get_block('root')\n"
        "assert len(sch.get_child_blocks(root)) == 3\n"
        "sch.compute_inline(d)\n"
        "assert len(sch.get_child_blocks(root)) == 2\n"
        "assert 'sch.compute_inline(block=b0)' in str(sch.trace)\n"
        "other = tir.Schedule(te.create_prim_func([A, B, E]))\n"
        "other.reverse_compute_inline(other.get_block('E'))\n"
        "assert [other.get(b).name_hint for b in other.get_child_blocks(other.get_block('root'))] "
        "== ['C', 'D']\n");
    QTest::newRow("compute_at, reverse_compute_at, decompose_reduction") << std::string(
        "from tvm import tir\n"
        "D = te.compute((128, 128), lambda i, j: C[i, j] + 1.0, name='D')\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n"
        "c = sch.get_block('C')\n"
        "d = sch.get_block('D')\n"
        "i, j = sch.get_loops(d)\n"
        "sch.compute_at(c, i, preserve_unit_loops=True, index=-1)\n"
        "i0, unit, j0, k0 = sch.get_loops(c)\n"
        "assert sch.get(unit).extent == 1\n"
        "init = sch.decompose_reduction(c, k0)\n"
        "assert sch.get(init).name_hint == 'C_init'\n"
        "assert 'compute_at(block=b0, loop=l2, preserve_unit_loops=True, index=-1)' in "
        "str(sch.trace)\n");
    QTest::newRow("reverse_compute_at") << std::string(
        "from tvm import tir\n"
        "D = te.compute((128, 128), lambda i, j: C[i, j] + 1.0, name='D')\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n"
        "i, j, k = sch.get_loops(sch.get_block('C'))\n"
        "sch.reverse_compute_at(sch.get_block('D'), i)\n"
        "assert len(sch.get_loops(sch.get_block('D'))) == 2\n");
    QTest::newRow("cache_read, cache_write by index and by name, set_scope") << std::string(
        "from tvm import tir\n"
        "D = te.compute((128, 128), lambda i, j: C[i, j] + 1.0, name='D')\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, D]))\n"
        "c = sch.get_block('C')\n"
        "a_local = sch.cache_read(c, 0, 'local')\n"
        "b_shared = sch.cache_read(c, 'B', 'shared')\n"
        "c_local = sch.cache_write(c, 0, 'local')\n"
        "assert sch.get(a_local).name_hint == 'A_local'\n"
        "assert sch.get(b_shared).name_hint == 'B_shared'\n"
        "sch.set_scope('C', 0, 'shared')\n"
        "t = str(sch.trace)\n"
        "assert 'sch.cache_read(block=b0, read_buffer_index=1, storage_scope=\"shared\"' in t\n");
    QTest::newRow("s_tir spelling (TVM 0.24+)") << std::string(
        "from tvm import s_tir\n"
        "sch = s_tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "b = sch.get_sblock('C')\n"
        "i, j, k = sch.get_loops(b)\n"
        "sch.split(i, factors=[None, 16])\n"
        "t = str(sch.trace)\n"
        "assert t.startswith('# from tvm import s_tir\\ndef apply_trace(sch: s_tir.Schedule)')\n"
        "assert 'sch.get_sblock(name=\"C\"' in t\n"
        "assert 'T.sblock(\"C\")' in sch.mod.script()\n"
        "assert isinstance(sch, tvm.s_tir.Schedule)\n"
        "assert isinstance(b, s_tir.schedule.SBlockRV)\n");
    QTest::newRow("tvm.tir.Schedule spelled in full, copy") << std::string(
        "sch = tvm.tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "other = sch.copy()\n"
        "sch.split(sch.get_loops(sch.get_block('C'))[0], factors=[2, 64])\n"
        "assert len(other.get_loops(other.get_block('C'))) == 3\n"
        "assert len(sch.get_loops(sch.get_block('C'))) == 4\n");
    QTest::newRow("a copy keeps the random variables made before it") << std::string(
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]), seed=3)\n"
        "b = sch.get_block('C')\n"
        "i, j, k = sch.get_loops(b)\n"
        "v = sch.sample_categorical([1, 2, 4], [0.2, 0.3, 0.5])\n"
        "other = sch.copy()\n"
        "assert int(other.get(v)) == int(sch.get(v))\n"
        "io, ii = other.split(i, factors=[None, 8])\n"
        "assert len(other.get_loops(b)) == 4 and len(sch.get_loops(b)) == 3\n"
        "third = other.copy()\n"
        "assert len(third.get_loops(b)) == 4 and int(third.get(v)) == int(sch.get(v))\n"
        "later = sch.get_block('C')\n"
        "try:\n"
        "    other.get(later)\n"
        "    assert False\n"
        "except ValueError as e:\n"
        "    assert 'another schedule' in str(e)\n");
    // What TVM 0.20's Trace.as_json() returned for the same schedule: plain lists.
    QTest::newRow("trace.as_json as TVM's lists") << std::string(
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(A: T.Buffer((4, 12), 'int32'), C: T.Buffer((4, 8), 'int32')):\n"
        "    B = T.alloc_buffer((4, 10), 'int32')\n"
        "    for c, i, k in T.grid(4, 10, 3):\n"
        "        with T.block('B'):\n"
        "            cc, vi, vk = T.axis.remap('SSR', [c, i, k])\n"
        "            with T.init():\n"
        "                B[cc, vi] = 0\n"
        "            B[cc, vi] = B[cc, vi] + A[cc, vi + vk]\n"
        "    for c, i, k in T.grid(4, 8, 3):\n"
        "        with T.block('C'):\n"
        "            cc, vi, vk = T.axis.remap('SSR', [c, i, k])\n"
        "            with T.init():\n"
        "                C[cc, vi] = 0\n"
        "            C[cc, vi] = C[cc, vi] + B[cc, vi + vk]\n"
        "sch = tir.Schedule(main)\n"
        "b = sch.get_block('B')\n"
        "c, i, k = sch.get_loops(sch.get_block('C'))\n"
        "io, ii = sch.split(i, [2, 4])\n"
        "sch.compute_at(b, io)\n"
        "sch.rolling_buffer(b, 0)\n"
        "v = sch.sample_categorical([2, 4], [0.5, 0.5], decision=1)\n"
        "j = sch.trace.as_json()\n"
        "assert j == [[['GetBlock', [], ['B', 'main'], ['b0']], "
        "['GetBlock', [], ['C', 'main'], ['b1']], "
        "['GetLoops', ['b1'], [], ['l2', 'l3', 'l4']], "
        "['Split', ['l3', 2, 4], [1, 0], ['l5', 'l6']], "
        "['ComputeAt', ['b0', 'l5'], [0, -1], []], "
        "['RollingBuffer', ['b0'], [0], []], "
        "['SampleCategorical', [], [[2, 4], [0.5, 0.5]], ['v7']]], [[6, 1]]], j\n"
        "assert isinstance(j, list) and isinstance(j[0][5][2][0], int)\n");
    // TVM's Trace.decisions / get_decision: keyed by the Instruction objects of
    // trace.insts, the same key on every read of the trace and in a copy.
    QTest::newRow("trace.decisions keyed by instruction") << std::string(
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "i, j, k = sch.get_loops(sch.get_block('C'))\n"
        "v = sch.sample_categorical([2, 4, 8], [0.0, 1.0, 0.0])\n"
        "t = sch.sample_perfect_tile(j, n=3, decision=[2, 8, 8])\n"
        "insts = sch.trace.insts\n"
        "assert [x.kind.name for x in insts] == ['GetBlock', 'GetLoops', "
        "'SampleCategorical', 'SamplePerfectTile']\n"
        "d = sch.trace.decisions\n"
        "assert len(d) == 2\n"
        "assert d[insts[2]] == 1 and list(d[insts[3]]) == [2, 8, 8]\n"
        "assert sch.trace.get_decision(sch.trace.insts[0]) is None\n"
        "assert sch.trace.get_decision(insts[3]) == [2, 8, 8]\n"
        "assert insts[2].same_as(sch.trace.insts[2]) and not insts[2].same_as(insts[3])\n"
        "assert insts[0].kind.same_as(sch.trace.insts[0].kind)\n"
        "assert sch.copy().trace.decisions[insts[2]] == 1\n"
        "sch.split(j, factors=t)\n"
        "assert sch.trace.decisions[insts[3]] == [2, 8, 8]\n"
        "other = tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "other.sample_categorical([2, 4], [1.0, 0.0])\n"
        "assert other.trace.get_decision(insts[2]) is None\n"
        "try:\n"
        "    d[other.trace.insts[0]]\n"
        "    assert False\n"
        "except KeyError:\n"
        "    pass\n");
    QTest::newRow("a ScheduleError is caught as TVM's class") << std::string(
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "i, j, k = sch.get_loops(sch.get_block('C'))\n"
        "try:\n"
        "    sch.split(i, factors=[3, 7])\n"
        "    assert False\n"
        "except tvm.tir.ScheduleError as e:\n"
        "    assert 'WrongFactorProductError' in str(e)\n"
        "try:\n"
        "    sch.split(i, factors=[3, 7])\n"
        "except tvm.error.TVMError:\n"
        "    pass\n"
        "assert len(sch.trace.insts) == 2\n");
  }
  void scheduleMethods() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), Failure(r).c_str());
  }

  void scheduleErrors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("expected");
    const std::string head =
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "b = sch.get_block('C')\n"
        "i, j, k = sch.get_loops(b)\n";  // lines 7-10
    QTest::newRow("factors that do not multiply to the extent")
        << head + "sch.split(i, factors=[3, 7])\n"
        << std::string(
               "t.py:11:5: error: ScheduleError: An error occurred in the schedule "
               "primitive 'split': WrongFactorProductError:");
    // TVM 0.20: "ScheduleError: ... The primitive does not operate on the root block".
    QTest::newRow("rolling_buffer of a root block that declares what it writes")
        << std::string(
               "from tvm import tir\n"
               "from tvm.script import tir as T\n"
               "@T.prim_func\n"
               "def f(X: T.Buffer((8,), 'float32')):\n"
               "    with T.block('root'):\n"
               "        T.reads()\n"
               "        T.writes(X[0:8])\n"
               "        for i in range(8):\n"
               "            with T.block('B'):\n"
               "                vi = T.axis.spatial(8, i)\n"
               "                X[vi] = T.float32(0)\n"
               "sch = tir.Schedule(f)\n"
               "sch.rolling_buffer(sch.get_block('root'), 0)\n")
        << std::string("RootBlockError: The primitive does not operate on the root block");
    QTest::newRow("an unknown block")
        << head + "sch.get_block('D')\n"
        << std::string(
               "t.py:11:5: error: ScheduleError: An error occurred in the schedule "
               "primitive 'get_block': NotSingleResult: Cannot find a block with the name: D");
    QTest::newRow("an expired loop")
        << head + "sch.split(i, factors=[None, 32])\nsch.parallel(i)\n"
        << std::string("t.py:12:5: error: ValueError: The loop i is no longer in the function");
    QTest::newRow("a block where a loop goes")
        << head + "sch.parallel(b)\n"
        << std::string(
               "t.py:11:14: error: parallel(): argument 'loop' must be a LoopRV, not BlockRV");
    QTest::newRow("a missing argument")
        << head + "sch.split(i)\n"
        << std::string("t.py:11:5: error: split() missing required argument 'factors'");
    QTest::newRow("an unknown keyword")
        << head + "sch.split(i, factor=[None, 4])\n"
        << std::string("t.py:11:14: error: split() got an unexpected keyword argument 'factor'");
    QTest::newRow("a string factor")
        << head + "sch.split(i, factors=['4', None])\n"
        << std::string("error: split(): a factor must be an int, a PrimExpr or None, not str");
    QTest::newRow("a float length")
        << head + "sch.loop_partition(i, [8.5])\n"
        << std::string(
               "error: loop_partition(): a factor must be an int, an integer constant or None, "
               "not float");
    QTest::newRow("two inferred lengths")
        << head + "sch.loop_partition(i, [None, 4, None])\n"
        << std::string("NotSingleInferFactorError: Only one factor can be specified");
    QTest::newRow("read_at with the block first")
        << head + "sch.read_at(b, i, 0, 'shared')\n"
        << std::string("read_at(): argument 'loop' must be a LoopRV, not BlockRV");
    QTest::newRow("write_at into an unknown scope")
        << head + "sch.write_at(i, b, 0, 'texture')\n"
        << std::string("InvalidStorageScopeError: Invalid storage scope \"texture\"");
    QTest::newRow("a random variable of another schedule")
        << head + "other = tir.Schedule(te.create_prim_func([A, B, C]))\nother.parallel(i)\n"
        << std::string(
               "t.py:12:16: error: ValueError: parallel(): the LoopRV belongs to another "
               "schedule");
    QTest::newRow("compute_at with an index under its own loop")
        << head + "sch.compute_at(b, i, index=0)\n"
        << std::string("NotInSameScopeError: Expected the block C and loop i");
    QTest::newRow("a loop among cache_read's consumers")
        << head + "sch.cache_read(b, 0, 'local', consumer_blocks=[i])\n"
        << std::string("argument 'consumer_blocks' must be a list of BlockRVs");
    QTest::newRow("a loop among cache_write's consumers")
        << head + "sch.cache_write(b, 0, 'local', consumer_blocks=[i])\n"
        << std::string("argument 'consumer_blocks' must be a list of BlockRVs");
    QTest::newRow("a buffer the block does not read")
        << head + "sch.cache_read(b, 'X', 'local')\n"
        << std::string("ValueError: the block C reads no buffer named 'X'");
    QTest::newRow("no such method") << head + "sch.tile(i, 4)\n" << std::string("t.py:11:");
    QTest::newRow("a schedule of something else")
        << std::string("from tvm import tir\nsch = tir.Schedule(C)\n")
        << std::string(
               "Schedule(): argument 'mod' must be a TensorIR PrimFunc or IRModule, not "
               "Tensor");
    QTest::newRow("get_decision of something else")
        << head + "sch.trace.get_decision(3)\n"
        << std::string("get_decision(): argument 'inst' must be an Instruction of the trace");
    QTest::newRow("with_decision of an instruction that decides nothing")
        << head + "t = sch.trace\nt.with_decision(t.insts[0], 3, True)\n"
        << std::string(
               "t.py:12:17: error: with_decision(): ValueError: GetBlock makes no decision");
    QTest::newRow("a tile decision that is not a list")
        << head +
               "v = sch.sample_perfect_tile(i, n=2)\nt = sch.trace\n"
               "t.with_decision(t.insts[2], 4, True)\n"
        << std::string(
               "t.py:13:29: error: ValueError: the decision of SamplePerfectTile is a list "
               "of integers");
    QTest::newRow("a decision provider")
        << head + "sch.trace.apply_to_schedule(sch, False, decision_provider=len)\n"
        << std::string("a decision_provider is not supported");
    QTest::newRow("fuse of nothing") << head + "sch.fuse()\n"
                                     << std::string("fuse() needs at least one loop");
    QTest::newRow("work_on another function")
        << head + "sch.work_on('gemm')\n"
        << std::string("ValueError: the module has no function 'gemm'");
  }
  void scheduleErrors() {
    QFETCH(std::string, code);
    QFETCH(std::string, expected);
    auto r = Eval(code);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().format().find(expected) != std::string::npos, r.error().format().c_str());
  }

  void programRecordsTheSchedule() {
    auto r = Eval(
        "from tvm import s_tir\n"
        "sch = s_tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "sch.split(sch.get_loops(sch.get_sblock('C'))[0], factors=[None, 8])\n");
    QVERIFY2(r.ok(), Failure(r).c_str());
    QVERIFY(r->is_tensorir());
    QVERIFY(r->tir_schedule != nullptr);
    QCOMPARE(r->tir_schedule->trace().insts.size(), size_t(3));
    QVERIFY(r->tir_dialect == tir::TvmDialect::STir);
    QCOMPARE(r->tir_te_args.size(), size_t(3));
    QCOMPARE(r->tir_schedule_line, 8);
    QVERIFY(r->schedule == nullptr);
    // A TE schedule made after it makes the script a TE document again.
    auto te = Eval(
        "from tvm import tir\n"
        "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
        "s = te.create_schedule(C.op)\n");
    QVERIFY2(te.ok(), Failure(te).c_str());
    QVERIFY(!te->is_tensorir());
    QVERIFY(te->schedule != nullptr);
    auto plain = Eval("s = te.create_schedule(C.op)\n");
    QVERIFY(plain.ok() && !plain->is_tensorir() && plain->tir_schedule == nullptr);
  }
};

}  // namespace tst_tir_schedule_script

QTEST_GUILESS_MAIN(tst_tir_schedule_script::TestTirScheduleScript)
#include "tst_tir_schedule_script.moc"
