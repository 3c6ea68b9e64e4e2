// tvm.topi (script/tvm/topi/Topi.h): the operators are real te stages with TVM 0.19's names,
// tags, shapes and axis names; a tensor in `+ - * /` is topi's broadcast operator; the
// schedules the tutorials call build on them; bad input is a located error with TVM's
// message. Python-level facts are checked by `assert`s inside the scripts (a failed one
// is an evaluation error); the values are checked against the te oracle by the
// tests/tvm_programs/topi_*.py programs (tst_tvm_programs) and the CLI test below.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "ir/Printer.h"
#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"
#include "te/Operation.h"

namespace tst_topi {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kTopiPrelude = "import tvm\nfrom tvm import te\nfrom tvm import topi\n";

Result<ScriptProgram> EvalTopi(const std::string& body) {
  return EvaluateScript(std::string(kTopiPrelude) + body, "t.py");
}

std::vector<std::string> RootAxisNames(const ScriptProgram& p, const std::string& stage) {
  std::vector<std::string> names;
  schedule::Stage st = p.schedule->find(stage);
  if (!st) return {"<no stage " + stage + ">"};
  for (const ir::IterVar& iv : st->op->root_iter_vars()) names.push_back(iv->var.name());
  return names;
}

using Names = std::vector<std::string>;

}  // namespace

class TestTopi : public QObject {
  Q_OBJECT

 private slots:
  // Each row is a script whose asserts state TVM's names, tags and shapes.
  void operatorsAreTvmShaped_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("sum over one axis") << std::string(
        "A = te.placeholder((6, 5), name='A')\n"
        "C = topi.sum(A, axis=1)\n"
        "assert C.op.name == 'A_red' and C.op.tag == 'comm_reduce' and C.shape == (6,)\n"
        "assert C.op.reduce_axis[0].var.name == 'k1' and C.op.axis[0].var.name == 'ax0'\n");
    QTest::newRow("reductions: keepdims, tuples, negative axes, every axis") << std::string(
        "A = te.placeholder((2, 3, 4), name='A')\n"
        "assert topi.sum(A, axis=1, keepdims=True).shape == (2, 1, 4)\n"
        "assert topi.max(A, axis=(0, 2)).shape == (3,)\n"
        "assert topi.min(A, axis=-1).shape == (2, 3)\n"
        "assert topi.prod(A, axis=[0, -1], keepdims=True).shape == (1, 3, 1)\n"
        "assert topi.sum(A).shape == ()\n"
        "assert topi.sum(A, keepdims=True).shape == (1, 1, 1)\n");
    QTest::newRow("tensor operators broadcast like numpy") << std::string(
        "a = te.placeholder((100, 10, 10), name='a')\n"
        "b = te.placeholder((10, 10), name='b')\n"
        "c = a + b\n"
        "d = a * b\n"
        "assert c.shape == (100, 10, 10) and c.op.name == 'T_add' and c.op.tag == 'broadcast'\n"
        "assert d.op.name == 'T_multiply' and topi.tag.is_broadcast(d.op.tag)\n"
        "e = topi.elemwise_sum([c, d])\n"
        "assert e.op.name == 'T_elemwise_sum' and e.op.tag == 'elemwise'\n"
        "f = e / 2.0\n"
        "assert f.op.name == 'T_divide' and f.op.tag == 'elemwise'\n"
        "g = 2.0 - f\n"
        "assert g.op.name == 'T_subtract' and g.op.input_tensors[0].op.name == 'T_divide'\n"
        "x = te.placeholder((4, 1), name='x')\n"
        "y = te.placeholder((1, 5), name='y')\n"
        "assert topi.broadcast_mul(x, y).shape == (4, 5)\n"
        "assert topi.maximum(x, y).shape == (4, 5)\n"
        "assert topi.add(x, y).op.name == 'T_add_1'\n"  // TVM would repeat T_add
        "assert [t.op.name for t in c.op.input_tensors] == ['a', 'b']\n"
        "assert c.op.axis[2].var.name == 'ax2'\n");
    QTest::newRow("elementwise math and relu") << std::string(
        "A = te.placeholder((3, 4), name='A')\n"
        "for f in [topi.exp, topi.log, topi.sqrt, topi.tanh, topi.sigmoid, topi.nn.relu]:\n"
        "    t = f(A)\n"
        "    assert t.op.tag == 'elemwise' and t.shape == (3, 4)\n"
        "    assert t.op.axis[0].var.name == 'i0'\n");
    QTest::newRow("transpose and reshape") << std::string(
        "A = te.placeholder((2, 3, 4), name='A')\n"
        "assert topi.transpose(A).shape == (4, 3, 2)\n"
        "t = topi.transpose(A, (1, 0, 2))\n"
        "assert t.shape == (3, 2, 4) and t.op.name == 'T_transpose_1' and t.op.tag == 'injective'\n"
        "r = topi.reshape(A, (6, 4))\n"
        "assert r.shape == (6, 4) and r.op.name == 'T_reshape' and "
        "topi.tag.is_injective(r.op.tag)\n");
    QTest::newRow("pad") << std::string(
        "A = te.placeholder((2, 3), name='A')\n"
        "P = topi.nn.pad(A, [1, 0], [2, 3], pad_value=1.0)\n"
        "assert P.shape == (5, 6) and P.op.name == 'PadInput' and P.op.tag == 'injective,pad'\n"
        "assert topi.nn.pad(A, (1, 1)).shape == (4, 5)\n");
    QTest::newRow("conv2d layouts, strides, padding forms") << std::string(
        "data = te.placeholder((1, 3, 224, 224), name='data')\n"
        "kernel = te.placeholder((10, 3, 5, 5), name='kernel')\n"
        "conv = topi.nn.conv2d_nchw(data, kernel, 1, 2, 1)\n"
        "assert conv.shape == (1, 10, 224, 224) and conv.op.name == 'conv2d_nchw'\n"
        "assert 'conv2d_nchw' in conv.op.tag\n"
        "assert [iv.var.name for iv in conv.op.axis] == ['nn', 'ff', 'yy', 'xx']\n"
        "assert [iv.var.name for iv in conv.op.reduce_axis] == ['rc', 'ry', 'rx']\n"
        "assert conv.op.input_tensors[0].op.name == 'pad_temp'\n"
        "assert topi.nn.conv2d_nchw(data, kernel, (2, 2), 'VALID', 1).shape == (1, 10, 110, 110)\n"
        "assert topi.nn.conv2d_nchw(data, kernel, 1, 'SAME', (2, 2)).shape == (1, 10, 224, 224)\n"
        "assert topi.nn.conv2d_nchw(data, kernel, 1, (1, 2, 3, 4), 1).shape == (1, 10, 224, 226)\n"
        "assert topi.nn.conv2d(data, kernel, 1, 0, 1, data_layout='NCHW').shape == (1, 10, 220, "
        "220)\n"
        "A = te.placeholder((32, 32, 16, 1), name='A')\n"
        "W = te.placeholder((3, 3, 16, 8), name='W')\n"
        "h = topi.nn.conv2d_hwcn(A, W, 1, 'SAME', 1)\n"
        "assert h.shape == (32, 32, 8, 1) and h.op.tag == 'conv2d_hwcn'\n"
        "assert [iv.var.name for iv in h.op.axis] == ['yy', 'xx', 'ff', 'nn']\n"
        "assert [iv.var.name for iv in h.op.reduce_axis] == ['rx', 'ry', 'rc']\n"
        "N = te.placeholder((1, 32, 32, 16), name='N')\n"
        "assert topi.nn.conv2d_nhwc(N, W, 2, 1, 1).shape == (1, 16, 16, 8)\n"
        "with tvm.target.Target('cuda'):\n"
        "    cc = topi.cuda.conv2d_nchw(data, kernel, 1, 2, 1)\n"
        "assert cc.shape == conv.shape and cc.op.tag == 'conv2d_nchw'\n");
    QTest::newRow("pool2d and dense") << std::string(
        "x = te.placeholder((1, 4, 13, 13), name='x')\n"
        "p = topi.nn.pool2d(x, (3, 3), (2, 2), (1, 1), (1, 1, 1, 1), 'max')\n"
        "assert p.shape == (1, 4, 7, 7) and p.op.name == 'pool_max' and p.op.tag == 'pool_max'\n"
        "assert p.op.input_tensors[0].op.name == 'pad_temp'\n"
        "assert [iv.var.name for iv in p.op.reduce_axis] == ['rv0', 'rv1']\n"
        "q = topi.nn.pool2d(x, (2, 2), (2, 2), (1, 1), (0, 0, 0, 0), 'avg', ceil_mode=True)\n"
        "assert q.shape == (1, 4, 7, 7) and q.op.name == 'pool_avg'\n"
        "assert q.op.input_tensors[0].op.name == 'pool_sum'\n"
        "h = te.placeholder((4, 13, 13, 2), name='h')\n"
        "assert topi.nn.pool2d(h, 3, 1, 1, (0, 0, 0, 0), 'avg', layout='NHWC').shape == (4, 11, "
        "11, 2)\n"
        "d = te.placeholder((8, 16), name='d')\n"
        "w = te.placeholder((5, 16), name='w')\n"
        "o = topi.nn.dense(d, w)\n"
        "assert o.shape == (8, 5) and o.op.name == 'T_matmul_NT' and o.op.tag == 'dense'\n");
    QTest::newRow("softmax") << std::string(
        "x = te.placeholder((4, 6), name='x')\n"
        "sm = topi.nn.softmax(x)\n"
        "assert sm.op.name == 'T_softmax_norm' and sm.op.tag == 'softmax_output'\n"
        "assert sm.op.attrs['axis'] == 1\n"
        "assert [t.op.name for t in sm.op.input_tensors] == ['T_softmax_exp', 'T_softmax_expsum']\n"
        "assert topi.nn.softmax(x, axis=0).op.input_tensors[1].shape == (6,)\n");
    QTest::newRow("tag and utils modules") << std::string(
        "from tvm.topi import tag\n"
        "from tvm.topi.utils import get_const_tuple, get_const_int\n"
        "assert tag.BROADCAST == 'broadcast' and tag.ELEMWISE == 'elemwise'\n"
        "assert tag.is_broadcast('elemwise') and not tag.is_broadcast('injective')\n"
        "assert tag.is_injective('injective,pad') and not tag.is_injective('comm_reduce')\n"
        "A = te.placeholder((4, 5), name='A')\n"
        "assert get_const_tuple(A.shape) == (4, 5) and get_const_int(A.shape[1]) == 5\n");
    QTest::newRow("a script's own max does not change topi's") << std::string(
        "max = 3\n"
        "len = None\n"
        "a = te.placeholder((2, 3), name='a')\n"
        "b = te.placeholder((3,), name='b')\n"
        "assert (a + b).shape == (2, 3)\n"
        "assert topi.max(a, axis=0).shape == (3,)\n");
    QTest::newRow("the current target") << std::string(
        "assert tvm.target.Target.current() is None\n"
        "with tvm.target.Target('cuda'):\n"
        "    assert tvm.target.Target.current(allow_none=False).kind.name == 'cuda'\n"
        "    with tvm.target.Target('llvm'):\n"
        "        assert tvm.target.Target.current().kind.name == 'llvm'\n"
        "    assert tvm.target.Target.current().kind.name == 'cuda'\n"
        "assert tvm.target.Target.current() is None\n"
        "t = tvm.target.Target('llvm', host='llvm')\n"
        "assert t.kind.name == 'llvm'\n");
    QTest::newRow("topi.testing stays the runtime half") << std::string(
        "import tvm.topi.testing\n"
        "ref = tvm.topi.testing.conv2d_nchw_python(1, 2, 3, 4)\n");
  }
  void operatorsAreTvmShaped() {
    QFETCH(std::string, code);
    auto p = EvalTopi(code);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
  }

  // topi-style schedule code walking input_tensors and testing tags (TVM's traverse_inline
  // idiom) works on topi's stages.
  void topiStyleTraversal() {
    auto p = EvalTopi(
        "data = te.placeholder((1, 3, 16, 16), name='data')\n"
        "kernel = te.placeholder((4, 3, 3, 3), name='kernel')\n"
        "out = topi.nn.relu(topi.nn.conv2d_nchw(data, kernel, 1, 1, 1))\n"
        "s = te.create_schedule(out.op)\n"
        "seen = []\n"
        "def traverse(op):\n"
        "    if topi.tag.is_injective(op.tag) and op.name != 'pad_temp':\n"
        "        if op not in [out.op]:\n"
        "            s[op].compute_inline()\n"
        "    if 'conv2d_nchw' in op.tag:\n"
        "        seen.append(op.name)\n"
        "        s[op.input_tensors[0]].compute_inline()\n"
        "    for t in op.input_tensors:\n"
        "        if len(t.op.input_tensors) > 0:\n"
        "            traverse(t.op)\n"
        "traverse(out.op)\n"
        "assert seen == ['conv2d_nchw']\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    QCOMPARE(RootAxisNames(*p, "conv2d_nchw"), (Names{"nn", "ff", "yy", "xx", "rc", "ry", "rx"}));
    QVERIFY(p->schedule->find("pad_temp")->attach_type == schedule::AttachType::Inline);
  }

  // TVM's submodule paths name the same functions (TVM's test_te_tensor.py imports
  // pool2d from tvm.topi.nn.pooling; it stopped there).
  void submodulePathsNameTheSameFunctions() {
    auto p = EvaluateScript(
        "import tvm\nfrom tvm import te\n"
        "from tvm.topi.nn.pooling import pool2d\n"
        "from tvm.topi.reduction import sum as rsum\n"
        "from tvm.topi import nn\n"
        "A = te.placeholder((1, 2, 8, 8), name='A')\n"
        "P = pool2d(A, [2, 2], [2, 2], [1, 1], [0, 0, 0, 0], 'max')\n"
        "assert [int(d) for d in P.shape] == [1, 2, 4, 4]\n"
        "R = rsum(nn.elemwise.relu(P), axis=1)\n"
        "assert [int(d) for d in R.shape] == [1, 4, 4]\n"
        "s = te.create_schedule(R.op)\n",
        "t.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
  }

  // The schedules the tutorials call, under their targets.
  void schedulesBuildOnTopiStages() {
    auto p = EvalTopi(
        "a = te.placeholder((20, 8, 8), name='a')\n"
        "g = topi.sum(topi.elemwise_sum([a + a, a * 2.0]) / 2.0)\n"
        "with tvm.target.cuda():\n"
        "    sg = topi.cuda.schedule_reduce(g)\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    std::vector<std::string> primitives;
    for (const schedule::TraceEntry& e : p->schedule->trace.entries)
      primitives.push_back(e.primitive);
    QVERIFY(std::count(primitives.begin(), primitives.end(), "compute_inline") == 4);
    QVERIFY(std::count(primitives.begin(), primitives.end(), "rfactor") == 1);
    QVERIFY(std::count(primitives.begin(), primitives.end(), "set_store_predicate") == 1);

    auto generic = EvalTopi(
        "A = te.placeholder((8, 8, 4, 1), name='A')\n"
        "W = te.placeholder((3, 3, 4, 4), name='W')\n"
        "with tvm.target.Target('llvm'):\n"
        "    out = topi.nn.relu(topi.nn.conv2d_hwcn(A, W, 1, 'SAME', 1))\n"
        "    s = topi.generic.schedule_conv2d_hwcn([out])\n"
        "    r = topi.generic.schedule_reduce(topi.sum(A + 1.0, axis=0))\n"
        "    r0 = topi.generic.schedule_reduce(topi.sum(A * 2.0))\n");
    QVERIFY2(generic.ok(), generic.ok() ? "" : generic.error().format().c_str());
  }

  // topi.x86's injective and reduce schedules (TVM's loop structure: leading axes fused
  // and parallel, the innermost split by 16 and vectorized; a reduction's leading axes
  // fused up to 128-way parallelism) and topi.testing's dispatch on the target's keys
  // (cpu -> x86, gpu -> cuda, otherwise generic), as TOPI's unit tests call them.
  void x86SchedulesAndTestingDispatch_data() {
    QTest::addColumn<std::string>("body");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("injective 1-D")
        << std::string(
               "a = te.placeholder((300,), name='a')\n"
               "s = tvm.topi.testing.get_injective_schedule('llvm')(topi.exp(a))\n")
        << QStringList{"parallel (i0.outer, 0, 19)", "vectorized (i0.inner, 0, 16)"};
    QTest::newRow("injective 3-D")
        << std::string(
               "b = te.placeholder((4, 6, 32), name='b')\n"
               "s = topi.x86.schedule_injective(b + 1.0)\n")
        << QStringList{"parallel (ax0.ax1.fused, 0, 24)", "vectorized (ax2.inner, 0, 16)"};
    QTest::newRow("reduce: 64 x 4 rows fused")
        << std::string(
               "c = te.placeholder((64, 4, 100), name='c')\n"
               "s = tvm.topi.testing.get_reduce_schedule(tvm.target.Target('llvm'))(topi.sum(c * "
               "2.0, axis=2))\n")
        << QStringList{"parallel (ax0.ax1.fused, 0, 256)"};
    QTest::newRow("reduce: 200 rows, the first axis alone")
        << std::string(
               "c = te.placeholder((200, 4, 100), name='c')\n"
               "s = topi.x86.schedule_reduce(topi.sum(c, axis=2))\n")
        << QStringList{"parallel (ax0, 0, 200)"};
    QTest::newRow("gpu keys dispatch to topi.cuda")
        << std::string(
               "c = te.placeholder((64, 100), name='c')\n"
               "with tvm.target.Target('cuda'):\n"
               "    s = tvm.topi.testing.get_reduce_schedule('cuda')(topi.sum(c, axis=1))\n")
        << QStringList{"threadIdx.x"};
    QTest::newRow("conv2d implement for llvm")
        << std::string(
               "conv, sched = tvm.topi.testing.get_conv2d_nchw_implement('llvm')\n"
               "A = te.placeholder((1, 3, 10, 10), name='A')\n"
               "W = te.placeholder((4, 3, 3, 3), name='W')\n"
               "with tvm.target.Target('llvm'):\n"
               "    C = conv(A, W, 1, 1, (1, 1), A.dtype) * 2.0\n"
               "    s = sched([C])\n"
               "assert C.op.input_tensors[0].op.tag == 'conv2d_nchw'\n")
        << QStringList{"realize conv2d_nchw(", "T_multiply"};
  }
  void x86SchedulesAndTestingDispatch() {
    QFETCH(std::string, body);
    QFETCH(QStringList, expected);
    auto p = EvalTopi("import tvm.topi.testing\n" + body);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = schedule::Lower(*p->schedule);
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    const QString text = QString::fromStdString(ir::to_string(*lowered));
    for (const QString& e : expected)
      QVERIFY2(text.contains(e), qPrintable(e + " not in\n" + text));
  }

  // Bad input: located at the script's call (or operator), with TVM's message.
  void errorsAreLocated_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("where");
    QTest::addColumn<std::string>("message");
    QTest::newRow("incompatible broadcast")
        << std::string(
               "a = te.placeholder((3, 4), name='a')\n"
               "b = te.placeholder((5,), name='b')\n"
               "c = a + b\n")
        << std::string("t.py:6:7") << std::string("Incompatible broadcast dims: 4 and 5");
    QTest::newRow("axis out of range")
        << std::string(
               "A = te.placeholder((3, 4), name='A')\n"
               "B = topi.sum(A, axis=2)\n")
        << std::string("t.py:5:10") << std::string("exceeds the maximum dimension 2");
    QTest::newRow("reduce a 0-d tensor")
        << std::string(
               "A = te.placeholder((3,), name='A')\n"
               "B = topi.sum(topi.sum(A))\n")
        << std::string("t.py:5:10") << std::string("Cannot reduce a 0 dim Tensor");
    QTest::newRow("pad of the wrong rank")
        << std::string(
               "A = te.placeholder((3, 4), name='A')\n"
               "B = topi.nn.pad(A, [1, 1, 1])\n")
        << std::string("t.py:5:13")
        << std::string("Input dimension and pad_before dismatch : 2 vs 3");
    QTest::newRow("conv2d padding option")
        << std::string(
               "d = te.placeholder((1, 3, 8, 8), name='d')\n"
               "k = te.placeholder((2, 3, 3, 3), name='k')\n"
               "c = topi.nn.conv2d_nchw(d, k, 1, 'FULL', 1)\n")
        << std::string("t.py:6:13") << std::string("Unknown padding option FULL");
    QTest::newRow("conv2d channel mismatch")
        << std::string(
               "d = te.placeholder((1, 3, 8, 8), name='d')\n"
               "k = te.placeholder((2, 4, 3, 3), name='k')\n"
               "c = topi.nn.conv2d_nchw(d, k, 1, 1, 1)\n")
        << std::string("t.py:6:13") << std::string("the input has 3 channels but the kernel 4");
    QTest::newRow("softmax axis") << std::string(
                                         "x = te.placeholder((4, 6), name='x')\n"
                                         "y = topi.nn.softmax(x, axis=2)\n")
                                  << std::string("t.py:5:13")
                                  << std::string("axis parameter should be less than input dim");
    QTest::newRow("not a tensor") << std::string("y = topi.nn.relu(3)\n")
                                  << std::string("t.py:4:13")
                                  << std::string("relu expects a te.Tensor");
    QTest::newRow("cuda schedule outside a target")
        << std::string(
               "A = te.placeholder((3, 4), name='A')\n"
               "s = topi.cuda.schedule_reduce(topi.sum(A))\n")
        << std::string("t.py:5:15") << std::string("Target context required");
    QTest::newRow("generic schedule for cuda")
        << std::string(
               "A = te.placeholder((3, 4), name='A')\n"
               "with tvm.target.Target('cuda'):\n"
               "    s = topi.generic.schedule_dense(topi.nn.relu(A))\n")
        << std::string("t.py:6:22") << std::string("schedule not registered for 'cuda'");
    QTest::newRow("no current target")
        << std::string("t = tvm.target.Target.current(allow_none=False)\n")
        << std::string("t.py:4:23") << std::string("Target context required");
    QTest::newRow("unknown operator")
        << std::string("y = topi.nn.conv3d_ncdhw\n") << std::string("t.py:4:")
        << std::string("module 'tvm.topi.nn' has no attribute 'conv3d_ncdhw'");
  }
  void errorsAreLocated() {
    QFETCH(std::string, code);
    QFETCH(std::string, where);
    QFETCH(std::string, message);
    auto p = EvalTopi(code);
    QVERIFY(!p.ok());
    std::string text = p.error().format();
    QVERIFY2(text.rfind(where, 0) == 0, text.c_str());
    QVERIFY2(text.find(message) != std::string::npos, text.c_str());
  }

  // As in TVM, whose `import tvm` loads topi, a tensor in `+ - * /` is topi's operator
  // whether or not the script names topi; Tessera loads topi when a script first reaches it.
  void tensorOperatorsNeedNoTopiImport() {
    const char* body =
        "a = te.placeholder((3, 4), name='a')\n"
        "c = a + a\n"
        "d = c * 2\n"
        "s = te.create_schedule(d.op)\n";
    auto without = EvaluateScript(std::string("import tvm\nfrom tvm import te\n") + body, "t.py");
    QVERIFY2(without.ok(), without.ok() ? "" : without.error().format().c_str());
    QVERIFY(without->schedule->find("T_add"));
    QVERIFY(without->schedule->find("T_multiply"));
    auto with = EvalTopi(body);
    QVERIFY2(with.ok(), with.ok() ? "" : with.error().format().c_str());
  }

  // A refused call caught by the script leaves the interpreter usable (the target scope
  // is left, later topi calls work).
  void caughtErrorsLeaveTopiUsable() {
    auto p = EvalTopi(
        "A = te.placeholder((3, 4), name='A')\n"
        "try:\n"
        "    with tvm.target.Target('cuda'):\n"
        "        topi.sum(A, axis=7)\n"
        "except ValueError as e:\n"
        "    assert 'exceeds' in str(e)\n"
        "try:\n"
        "    topi.cuda.schedule_reduce(topi.sum(A))\n"
        "    assert False\n"
        "except RuntimeError:\n"
        "    pass\n"
        "B = topi.sum(A, axis=0)\n"
        "s = te.create_schedule(B.op)\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
  }

  // The te oracle checks topi's values through the CLI: `run --check` of a conv2d +
  // relu program under topi.generic's schedule.
  void cliRunCheckMatchesTheOracle() {
#ifndef TESSERA_CLI_PATH
    QSKIP("tessera-cli is not built");
#else
    QTemporaryDir dir;
    QString file = dir.filePath("topi_conv_relu.py");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kTopiPrelude);
    f.write(
        "data = te.placeholder((1, 2, 9, 9), name='data')\n"
        "kernel = te.placeholder((3, 2, 3, 3), name='kernel')\n"
        "with tvm.target.Target('llvm'):\n"
        "    out = topi.nn.relu(topi.nn.conv2d_nchw(data, kernel, 2, 1, 1) + 0.5)\n"
        "    s = topi.generic.schedule_conv2d_nchw([out])\n"
        "s[out].parallel(out.op.axis[1])\n");
    f.close();
    QProcess cli;
    cli.start(QStringLiteral(TESSERA_CLI_PATH), {"run", file, "--check"});
    QVERIFY(cli.waitForFinished(120000));
    QString out = cli.readAllStandardOutput() + cli.readAllStandardError();
    QVERIFY2(cli.exitCode() == 0, qPrintable(out));
    QVERIFY2(out.contains("0 mismatches"), qPrintable(out));
#endif
  }

  // The tutorials' cross-thread schedules (topi.cuda.schedule_reduce, schedule_softmax)
  // on the CUDA emulator against the te oracle: `run --check --target cuda-emulator`.
  // (They are not in tests/tvm_programs: its IR-interpreter run cannot execute a
  // cross-thread all-reduce.)
  void cudaSchedulesMatchTheOracleOnTheEmulator_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("schedule_reduce") << "topi_sum_cuda.py";
    QTest::newRow("schedule_softmax") << "topi_softmax_cuda.py";
    QTest::newRow("schedule_reduce, one axis") << "topi_row_sum_cuda.py";
    QTest::newRow("schedule_softmax, log_softmax") << "topi_log_softmax_cuda.py";
    QTest::newRow("schedule_softmax, 3-D") << "topi_softmax3d_cuda.py";
  }
  void cudaSchedulesMatchTheOracleOnTheEmulator() {
#ifndef TESSERA_CLI_PATH
    QSKIP("tessera-cli is not built");
#else
    QFETCH(QString, file);
    QString path =
        QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) + "/tests/script/data/topi/" + file;
    QProcess cli;
    cli.start(QStringLiteral(TESSERA_CLI_PATH),
              {"run", path, "--check", "--target", "cuda-emulator"});
    QVERIFY(cli.waitForFinished(300000));
    QString out = cli.readAllStandardOutput() + cli.readAllStandardError();
    if (cli.exitCode() != 0 && out.contains("C++ compiler"))
      QSKIP("the GPU emulator needs a host C++ compiler");
    QVERIFY2(cli.exitCode() == 0, qPrintable(out));
    QVERIFY2(out.contains(" 0 mismatches") && !out.contains(": race:"), qPrintable(out));
    QVERIFY2(out.contains("main_kernel0: no race seen"), qPrintable(out));
#endif
  }
};

}  // namespace tst_topi

QTEST_APPLESS_MAIN(tst_topi::TestTopi)
#include "tst_topi.moc"
