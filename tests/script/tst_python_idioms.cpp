// The Python that TE programs in the wild use beyond the basics: *args / **kwargs and
// keyword-only parameters, argument and display unpacking, slices, tensor calls
// (`lambda *i: A(*i)`, topi's elementwise idiom), string methods and %-formatting, and
// the runtime half of TVM's tutorials (tvm.build's module, tvm.nd, numpy, timeit,
// tvm.testing), which is kept and not run. Python-level results are checked by `assert`
// statements inside the scripts: a failed one is an evaluation error.
#include <QtTest>
#include <fstream>
#include <sstream>

#include "script/Evaluator.h"
#include "te/Operation.h"

namespace tst_python_idioms {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kPrelude) + body, "t.py");
}

std::vector<std::string> AxisNames(const ScriptProgram& p, const std::string& stage) {
  std::vector<std::string> names;
  schedule::Stage st = p.schedule->find(stage);
  if (!st) return {"<no stage " + stage + ">"};
  for (const ir::IterVar& iv : st->op->root_iter_vars()) names.push_back(iv->var.name());
  return names;
}

using Names = std::vector<std::string>;

}  // namespace

class TestPythonIdioms : public QObject {
  Q_OBJECT

 private slots:
  void pythonValues_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("varargs def") << std::string(
        "def f(a, *rest, scale=2, **opts):\n"
        "    return (a, rest, scale, opts)\n"
        "r = f(1, 2, 3, name='x')\n"
        "assert r[0] == 1 and r[1] == (2, 3) and r[2] == 2 and r[3]['name'] == 'x'\n"
        "assert f(1)[1] == ()\n");
    QTest::newRow("keyword-only after bare star") << std::string(
        "def g(a, *, b, c=3):\n"
        "    return a + b + c\n"
        "assert g(1, b=2) == 6\n");
    QTest::newRow("argument unpacking") << std::string(
        "def h(a, b, c):\n"
        "    return a * 100 + b * 10 + c\n"
        "xs = [1, 2]\n"
        "assert h(*xs, 3) == 123\n"
        "assert h(*range(3)) == 12\n"
        "assert h(1, **{'c': 3, 'b': 2}) == 123\n");
    QTest::newRow("varargs lambda") << std::string(
        "f = lambda *i: len(i)\n"
        "assert f() == 0 and f(1, 2, 3) == 3\n"
        "g = lambda a, *i: a + len(i)\n"
        "assert g(10, 1, 1) == 12\n");
    QTest::newRow("starred displays") << std::string(
        "a = [1, 2]\n"
        "assert [*a, 3] == [1, 2, 3]\n"
        "assert (0, *a) == (0, 1, 2)\n"
        "assert [*range(2), *a] == [0, 1, 1, 2]\n");
    QTest::newRow("slices") << std::string(
        "xs = [0, 1, 2, 3, 4]\n"
        "assert xs[1:] == [1, 2, 3, 4] and xs[:-1] == [0, 1, 2, 3] and xs[::2] == [0, 2, 4]\n"
        "assert xs[::-1] == [4, 3, 2, 1, 0] and xs[3:1:-1] == [3, 2] and xs[10:] == []\n"
        "assert (1, 2, 3)[1:] == (2, 3)\n"
        "assert 'abcdef'[1:3] == 'bc' and 'abc'[-1] == 'c'\n"
        "ys = xs[1:]\n"
        "ys.append(9)\n"
        "assert len(xs) == 5\n");  // a slice of a list is a new list
    QTest::newRow("string methods") << std::string(
        "assert '{}_{}'.format('conv', 2) == 'conv_2'\n"
        "assert '{0}{1}{0}'.format('a', 'b') == 'aba'\n"
        "assert '{name}:{v:.2f}'.format(name='t', v=1.5) == 't:1.50'\n"
        "assert '{:>5}|{:<4}|{:^5}|{:05d}'.format('ab', 'c', 'x', 42) == '   ab|c   |  x  |00042'\n"
        "assert ', '.join(['a', 'b']) == 'a, b'\n"
        "assert 'a b  c'.split() == ['a', 'b', 'c'] and 'a,b'.split(',') == ['a', 'b']\n"
        "assert '  x '.strip() == 'x' and 'AB'.lower() == 'ab' and 'ab'.upper() == 'AB'\n"
        "assert 'abc'.startswith('ab') and 'abc'.endswith('bc') and 'abc'.find('c') == 2\n"
        "assert 'a.b.c'.replace('.', '_') == 'a_b_c' and 'x'.rjust(3) == '  x' and 'x'.ljust(2) == "
        "'x '\n"
        "assert '7'.zfill(3) == '007' and 'aXbX'.count('X') == 2\n");
    QTest::newRow("imports inside a function") << std::string(
        "def f():\n"
        "    from tvm import te as tt\n"
        "    from tvm.contrib import utils, clang\n"
        "    import numpy as np\n"
        "    return tt\n"
        "assert f() is te\n"
        "assert tvm.topi.testing.conv2d_nhwc_python is not None\n");
    QTest::newRow("classes") << std::string(
        "class Shape(object):\n"
        "    count = 0\n"
        "    def __init__(self, dims, name='s'):\n"
        "        self.dims = list(dims)\n"
        "        self.name = name\n"
        "        Shape.count += 1\n"
        "    def size(self):\n"
        "        n = 1\n"
        "        for d in self.dims:\n"
        "            n *= d\n"
        "        return n\n"
        "    @staticmethod\n"
        "    def unit():\n"
        "        return Shape([1])\n"
        "    @classmethod\n"
        "    def square(cls, n):\n"
        "        return cls([n, n])\n"
        "class Tile(Shape):\n"
        "    def size(self):\n"
        "        return 2 * Shape.size(self)\n"
        "s = Shape((2, 3))\n"
        "t = Tile.square(4)\n"
        "assert s.size() == 6 and t.size() == 32 and Shape.unit().size() == 1\n"
        "assert Shape.count == 3 and t.name == 's' and t.__class__.__name__ == 'Tile'\n"
        "assert isinstance(t, Shape) and not isinstance(s, Tile)\n"
        "s.dims.append(4)\n"
        "s.name += '!'\n"
        "assert s.size() == 24 and s.name == 's!'\n"
        "size = 'module level'\n"
        "class Reads:\n"
        "    size = 3\n"
        "    twice = size * 2\n"
        "    def which(self):\n"
        "        return size\n"
        "assert Reads.twice == 6 and Reads().which() == 'module level'\n"
        "calls = []\n"
        "def pick(obj):\n"
        "    calls.append(1)\n"
        "    return obj\n"
        "pick(s).name += '?'\n"
        "pick(Shape).count *= 2\n"
        "assert s.name == 's!?' and Shape.count == 6 and len(calls) == 2\n");
    QTest::newRow("a test class deriving from the runtime half") << std::string(
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "class TestZero(tvm.testing.CompareBeforeAfter):\n"
        "    def transform(self):\n"
        "        def f(mod):\n"
        "            return mod\n"
        "        return f\n"
        "    @T.prim_func\n"
        "    def before(A: T.Buffer((16,), 'float32')):\n"
        "        for i in range(16):\n"
        "            with T.block('b'):\n"
        "                vi = T.axis.remap('S', [i])\n"
        "                A[vi] = T.float32(0)\n"
        "sch = tir.Schedule(TestZero.before)\n"
        "assert len(sch.get_loops(sch.get_block('b'))) == 1\n"
        "assert TestZero().transform()(3) == 3\n");
    QTest::newRow("starred targets") << std::string(
        "first, *rest = [1, 2, 3]\n"
        "assert first == 1 and rest == [2, 3]\n"
        "*init, last = (1, 2)\n"
        "assert init == [1] and last == 2\n"
        "a, *mid, b = range(2)\n"
        "assert (a, mid, b) == (0, [], 1)\n"
        "seen = []\n"
        "for k, *v in [(1, 2, 3), (4,)]:\n"
        "    seen.append((k, v))\n"
        "assert seen == [(1, [2, 3]), (4, [])]\n"
        "[x, *_] = 'ab', 'cd', 'ef'\n"
        "assert x == 'ab' and _ == ['cd', 'ef']\n");
    QTest::newRow("global and nonlocal") << std::string(
        "count = 0\n"
        "def bump(n):\n"
        "    global count\n"
        "    count += n\n"
        "    return [count for _ in range(1)][0]\n"
        "assert bump(2) == 2 and bump(3) == 5 and count == 5\n"
        "def counter():\n"
        "    total = 0\n"
        "    def add(k):\n"
        "        nonlocal total\n"
        "        total = total + k\n"
        "        return total\n"
        "    def read():\n"
        "        return total\n"
        "    return add, read\n"
        "add, read = counter()\n"
        "add(4)\n"
        "assert add(1) == 5 and read() == 5\n"
        "def shadow():\n"
        "    count = 'local'\n"
        "    def inner():\n"
        "        global count\n"
        "        return count\n"
        "    return inner()\n"
        "assert shadow() == 5\n"
        "def rebind():\n"
        "    global fresh\n"
        "    fresh = 7\n"
        "    del fresh\n"
        "    fresh = 8\n"
        "rebind()\n"
        "assert fresh == 8\n"
        "global count\n");
    QTest::newRow("set displays and comprehensions") << std::string(
        "cases = [('add', 1), ('sub', 2), ('add', 3)]\n"
        "kinds = {k for k, *_ in cases}\n"
        "assert kinds == {'sub', 'add'} and len(kinds) == 2 and 'add' in kinds\n"
        "assert {1, 2, 2, *[3, 1]} == set([1, 2, 3])\n"
        "assert {x * x for x in range(4) if x} == {1, 4, 9}\n"
        "assert isinstance({}, dict) and len({}) == 0\n");
    QTest::newRow("percent formatting") << std::string(
        "assert 'B_%d' % 3 == 'B_3'\n"
        "assert '%s: %f' % ('naive', 0.5) == 'naive: 0.500000'\n"
        "assert '%5.2f|%-4s|%03d|%x|%%' % (3.14159, 'ab', 7, 255) == ' 3.14|ab  |007|ff|%'\n"
        "assert '%(a)s-%(b)d' % {'a': 'x', 'b': 2} == 'x-2'\n"
        "assert '%e' % 12345.0 == '1.234500e+04'\n");
  }
  void fStrings_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("names and specs") << std::string(
        "i = 3\n"
        "assert f'B_{i}' == 'B_3'\n"
        "assert f\"{i * 2:>4}|{0.5:.2f}|{'ab'}\" == '   6|0.50|ab'\n"
        "assert f'{{literal}} {i}' == '{literal} 3'\n"
        "d = {'k': 7}\n"
        "assert f\"{d['k']}-{[1, 2][1]}-{(lambda x: x + 1)(i)}\" == '7-2-4'\n"
        "assert f'{i if i > 2 else 0}{i != 3}' == '3False'\n"
        "assert rf'\\d{i}' == '\\\\d3'\n");
    QTest::newRow("stage names built by f-strings") << std::string(
        "A = te.placeholder((4,), name='A')\n"
        "stages = [A]\n"
        "for k in range(2):\n"
        "    prev = stages[-1]\n"
        "    stages.append(te.compute((4,), lambda i: prev[i] + 1.0, name=f'S{k}'))\n"
        "s = te.create_schedule(stages[-1].op)\n"
        "assert stages[-1].op.name == 'S1'\n");
  }
  // TVM's negative tests: a refused primitive raises TVMError, caught; raise / finally /
  // nested handlers / re-raise as in Python.
  void tryExceptRaise_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("refused primitive is a TVMError") << std::string(
        "A = te.placeholder((8,), name='A')\n"
        "B = te.compute((8,), lambda i: A[i] + 1.0, name='B')\n"
        "C = te.compute((8,), lambda i: B[i] * 2.0, name='C')\n"
        "s = te.create_schedule(C.op)\n"
        "caught = []\n"
        "try:\n"
        "    s[B].compute_at(s[C], B.op.axis[0])\n"
        "    assert False\n"
        "except tvm.error.TVMError as e:\n"
        "    caught.append(str(e))\n"
        "assert len(caught) == 1 and 'compute_at' in caught[0], caught\n"
        "assert s[B].op.name == 'B'\n");
    QTest::newRow("raise, tuple handler, else, finally") << std::string(
        "log = []\n"
        "try:\n"
        "    raise ValueError('bad %d' % 3)\n"
        "except (KeyError, ValueError) as e:\n"
        "    log.append(str(e))\n"
        "else:\n"
        "    log.append('else')\n"
        "finally:\n"
        "    log.append('finally')\n"
        "assert log == ['bad 3', 'finally'], log\n"
        "try:\n"
        "    x = 1\n"
        "except Exception:\n"
        "    x = 2\n"
        "else:\n"
        "    x = 3\n"
        "assert x == 3\n");
    QTest::newRow("return through finally, nested, re-raise") << std::string(
        "log = []\n"
        "def f():\n"
        "    try:\n"
        "        return 1\n"
        "    finally:\n"
        "        log.append('f')\n"
        "assert f() == 1 and log == ['f']\n"
        "ok = False\n"
        "try:\n"
        "    try:\n"
        "        assert 1 == 2, 'inner'\n"
        "    except ValueError:\n"
        "        pass\n"
        "except AssertionError as e:\n"
        "    ok = str(e) == 'inner'\n"
        "assert ok\n"
        "try:\n"
        "    try:\n"
        "        raise KeyError('k')\n"
        "    except KeyError:\n"
        "        raise\n"
        "except LookupError as e:\n"
        "    assert str(e) == \"'k'\" or str(e) == 'k', e\n");
  }
  void generatorExpressions() {
    auto r = Eval(
        "A = te.placeholder((4, 6), name='A')\n"
        "B = te.compute((4, 6), lambda i, j: A[i, j] * 2.0, name='B')\n"
        "outs = [B]\n"
        "s = te.create_schedule(tuple(x.op for x in outs))\n"
        "assert sum(i * i for i in range(4) if i % 2) == 10\n"
        "assert any(x > 2 for x in [1, 3]) and not all(x > 2 for x in (1, 3))\n"
        "assert ','.join(str(k) for k in range(3)) == '0,1,2'\n"
        "assert list((a, b) for a in range(2) for b in range(2)) == [(0, 0), (0, 1), (1, 0), (1, "
        "1)]\n"
        "assert [v for v in (n + 1 for n in range(3))] == [1, 2, 3]\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // A generator function runs to its end when called, giving what it yielded, in order
  // (TVM's tests parametrize with them).
  void generators() {
    auto r = Eval(
        "def count(n):\n"
        "    for i in range(n):\n"
        "        if i == 3:\n"
        "            return\n"
        "        yield i * i\n"
        "assert list(count(10)) == [0, 1, 4]\n"
        "def chained():\n"
        "    yield\n"
        "    yield from count(2)\n"
        "    def inner():\n"
        "        return 7\n"
        "    yield inner(), 'x'\n"
        "assert [v for v in chained()] == [None, 0, 1, (7, 'x')]\n"
        "def plain():\n"
        "    def gen():\n"
        "        yield 1\n"
        "    return gen\n"
        "assert plain()() == [1] and len(list(count(0))) == 0\n"
        "total = 0\n"
        "for g in chained():\n"
        "    total += 1\n"
        "assert total == 4\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void tryExceptRaise() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void fStrings() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void pythonValues() {
    QFETCH(std::string, code);
    auto r = Eval(code);
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void varargsComputeNamesAxesAsTvm() {
    // te.compute names the axes of `*i` i0, i1, ... after their position, as TVM does;
    // named parameters keep their names.
    auto r = Eval(
        "A = te.placeholder((4, 5, 6), name='A')\n"
        "B = te.compute(A.shape, lambda *i: A(*i) * 2.0, name='B')\n"
        "C = te.compute(A.shape, lambda n, *rest: B(n, *rest) + A[n, rest[0], rest[1]], name='C')\n"
        "D = te.compute((), lambda: A(0, 1, 2), name='D')\n"
        "s = te.create_schedule([C.op, D.op])\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    QCOMPARE(AxisNames(*r, "B"), (Names{"i0", "i1", "i2"}));
    QCOMPARE(AxisNames(*r, "C"), (Names{"n", "i1", "i2"}));
    QCOMPARE(AxisNames(*r, "D"), Names{});
  }

  void tutorialRuntimePartIsKeptAndNotRun() {
    // tensor_expr_get_started's runtime half: build, device, nd arrays from numpy, a call
    // of the built function, time_evaluator, assert_allclose, timeit and formatting.
    auto r = EvaluateScript(
        "import tvm\nimport tvm.testing\nfrom tvm import te\nimport numpy as np\nimport timeit\n"
        "tgt = tvm.target.Target(target='llvm', host='llvm')\n"
        "assert tgt.kind.name == 'llvm' and tgt.host.kind.name == 'llvm' and 'cpu' in tgt.keys\n"
        "n = te.var('n')\n"
        "A = te.placeholder((n,), name='A')\n"
        "B = te.placeholder((n,), name='B')\n"
        "C = te.compute(A.shape, lambda i: A[i] + B[i], name='C')\n"
        "s = te.create_schedule(C.op)\n"
        "fadd = tvm.build(s, [A, B, C], tgt, name='myadd')\n"
        "dev = tvm.device(tgt.kind.name, 0)\n"
        "a = tvm.nd.array(np.random.uniform(size=1024).astype(A.dtype), dev)\n"
        "c = tvm.nd.array(np.zeros(1024, dtype=C.dtype), dev)\n"
        "fadd(a, a, c)\n"
        "tvm.testing.assert_allclose(c.numpy(), a.numpy() + a.numpy())\n"
        "evaluator = fadd.time_evaluator(fadd.entry_name, dev, number=10)\n"
        "print('%s: %f' % ('naive', evaluator(a, a, c).mean))\n"
        "t = timeit.timeit(setup='import numpy', stmt='x = 1', number=10)\n"
        "print('Numpy running time: %f' % (t / 10))\n"
        "assert fadd\n"
        "outer, inner = s[C].split(C.op.axis[0], factor=4)\n"
        "s[C].vectorize(inner)\n"
        "if tgt.kind.name == 'cuda':\n"
        "    s[C].bind(outer, te.thread_axis('blockIdx.x'))\n",
        "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    QCOMPARE(r->schedule->trace.entries.size(), size_t{2});  // split, vectorize; no bind on llvm
  }

  // numpy's multi-dimensional slicing of a runtime array (TVM's tensor-core tests:
  // c_np[bs, :, :] = np.dot(a_np[bs, :, :], b_np[bs, :, :])): reads, stores and deletes
  // are runtime code the value absorbs; a slice mixed with indices of a list is still an
  // error with its location.
  void numpySlicingOfRuntimeArraysIsNotRun() {
    auto r = EvaluateScript(
        "import tvm\nfrom tvm import te\nimport numpy as np\n"
        "A = te.placeholder((4, 8), name='A')\n"
        "B = te.compute((4, 8), lambda i, j: A[i, j] * 2.0, name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "a_np = np.random.uniform(size=(4, 8, 8)).astype('float32')\n"
        "c_np = np.zeros((4, 8, 8), dtype='float32')\n"
        "for bs in range(4):\n"
        "    c_np[bs, :, :] = np.dot(a_np[bs, :, :], a_np[bs, :, :])\n"
        "c_np[1:3] = 0\n"
        "x = a_np[:, 0] + c_np[:, 1]\n"
        "del c_np[0, :]\n",
        "t.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    auto bad = EvaluateScript("xs = [1, 2, 3]\ny = xs[0, 1:2]\n", "t.py");
    QVERIFY(!bad.ok());
    QVERIFY2(bad.error().format().find("t.py:2:11: error: a slice must be the only index") !=
                 std::string::npos,
             bad.error().format().c_str());
  }

  void boundAssertsOfTvmUnitTestsRun() {
    // tests/script/data/bound_inference_asserts.py is written as TVM's
    // test_te_schedule_bound_inference.py is (functions of asserts on
    // tvm.te.schedule.InferBound(s), called at module level); each assert checks Tessera.
    std::ifstream in(std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) +
                     "/tests/script/data/bound_inference_asserts.py");
    QVERIFY2(in, "the script is found through TESSERA_SOURCE_DIR");
    std::stringstream text;
    text << in.rdbuf();
    auto r = EvaluateScript(text.str(), "bound_inference_asserts.py");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    // A wrong expectation fails at its line, with its message.
    auto wrong = Eval(
        "A = te.placeholder((16,), name='A')\n"
        "B = te.compute((16,), lambda i: A[i], name='B')\n"
        "s = te.create_schedule(B.op)\n"
        "xo, xi = s[B].split(B.op.axis[0], 4)\n"
        "bounds = tvm.te.schedule.InferBound(s)\n"
        "assert bounds[xo].extent.value == 4 and bounds[xi].extent.value == 4\n"
        "assert bounds[xi].extent.value == 5, 'wrong on purpose: %d' % bounds[xi].extent.value\n");
    QVERIFY(!wrong.ok());
    QCOMPARE(QString::fromStdString(wrong.error().format()),
             QString("t.py:9:1: error: assertion failed: wrong on purpose: 4"));
  }

  void decoratorsApplyAndRuntimeOnesAreKept() {
    auto r = Eval(
        "import pytest\n"
        "def twice(f):\n"
        "    return lambda x: f(f(x))\n"
        "@twice\n"
        "def inc(x):\n"
        "    return x + 1\n"
        "assert inc(1) == 3\n"
        "@tvm.testing.requires_llvm\n"
        "@pytest.mark.parametrize('n', [1, 2])\n"
        "def check(n=4):\n"
        "    return n * 2\n"
        "assert check() == 8\n"
        "assert __name__ == '__main__'\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void contextManagersOfTeProgramsWork() {
    // te.tag_scope as a with block and as topi's decorator; PassContext and Target blocks
    // (they configure tvm.build, which Tessera does not run) keep their bodies.
    auto r = Eval(
        "import numpy as np\n"
        "A = te.placeholder((8,), name='A')\n"
        "with tvm.te.tag_scope(tag='elemwise'):\n"
        "    B = te.compute((8,), lambda i: A[i] + 1.0, name='B')\n"
        "@tvm.te.tag_scope(tag='broadcast')\n"
        "def scaled(t):\n"
        "    return te.compute(t.shape, lambda i: t[i] * 2.0, name='C')\n"
        "C = scaled(B)\n"
        "D = te.compute((8,), lambda i: C[i] - 1.0, name='D')\n"
        "assert B.op.tag == 'elemwise' and C.op.tag == 'broadcast' and D.op.tag == ''\n"
        "s = te.create_schedule(D.op)\n"
        "with tvm.transform.PassContext(opt_level=3, config={'tir.disable_vectorize': False}):\n"
        "    with tvm.target.Target('llvm'):\n"
        "        xo, xi = s[D].split(D.op.axis[0], factor=4)\n"
        "        f = tvm.build(s, [A, D])\n"
        "s[D].vectorize(xi)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    QCOMPARE(r->schedule->trace.entries.size(), size_t{2});
  }

  void errors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<QString>("expected");
    QTest::newRow("runtime value as a shape")
        << std::string("import numpy as np\nA = te.placeholder((np.int32(4),), name='A')\n")
        << "t.py:4:20: error: placeholder(): dimension 0 of the shape must be an integer, not "
           "'numpy.int32(...)' (runtime code Tessera does not run)";
    QTest::newRow("tensor call with too few indices")
        << std::string(
               "A = te.placeholder((4, 4), name='A')\nB = te.compute((4,), lambda i: A(i), "
               "name='B')\n")
        << "t.py:4:32: error: tensor 'A' needs 2 indices but 1 was given";
    QTest::newRow("varargs lambda with too many named axes")
        << std::string(
               "A = te.placeholder((4,), name='A')\nB = te.compute((4,), lambda i, j, *k: A[i], "
               "name='B')\n")
        << "t.py:4:22: error: the compute function takes at least 2 arguments but the shape has 1 "
           "dimension";
    QTest::newRow("f-string with an unclosed field")
        << std::string("x = f'{1 + 2'\n") << "t.py:3:5: error: f-string: expecting '}'";
    QTest::newRow("f-string self-documenting field")
        << std::string("x = 1\ny = f'{x=}'\n")
        << "t.py:4:5: error: f-string: the '=' (self-documenting)";
    QTest::newRow("f-string bad expression") << std::string("y = f'{1 +}'\n") << "t.py:3:5: error:";
    QTest::newRow("uncaught raise") << std::string("raise ValueError('x must be positive')\n")
                                    << "t.py:3:1: error: ValueError: x must be positive";
    QTest::newRow("handler of another class")
        << std::string("try:\n    raise KeyError('k')\nexcept ValueError:\n    pass\n")
        << "t.py:4:5: error: KeyError: k";
    QTest::newRow("raise a non-exception")
        << std::string("raise 3\n")
        << "t.py:3:7: error: TypeError: exceptions must derive from BaseException";
    QTest::newRow("try without handlers")
        << std::string("try:\n    x = 1\ny = 2\n")
        << "t.py:5:1: error: expected 'except' or 'finally' after the 'try' block on line 3";
    QTest::newRow("except without try") << std::string("except ValueError:\n    pass\n")
                                        << "t.py:3:1: error: 'except' without a matching 'try'";
    QTest::newRow("a caught loop still hits the step limit")
        << std::string(
               "while True:\n    try:\n        x = 1\n    except Exception:\n        pass\n")
        << "t.py:5:9: error: the script ran more than 200000 steps";
    QTest::newRow("slice step zero")
        << std::string("x = [1, 2][::0]\n") << "t.py:3:14: error: slice step cannot be zero";
    QTest::newRow("slice of a tensor")
        << std::string("A = te.placeholder((4,), name='A')\nx = A[1:]\n")
        << "t.py:4:7: error: slices apply to tuples, lists and strings, not Tensor";
    QTest::newRow("two slices") << std::string("x = [[1]][0:1, 0:1]\n")
                                << "t.py:3:11: error: a slice must be the only index";
    QTest::newRow("double star of a list")
        << std::string("def f(a):\n    return a\nf(**[1])\n")
        << "t.py:5:5: error: argument after ** must be a dict, not list";
    QTest::newRow("missing keyword-only")
        << std::string("def g(a, *, b):\n    return a\ng(1)\n")
        << "t.py:5:1: error: g() missing required keyword-only argument 'b'";
    QTest::newRow("too many positional")
        << std::string("def g(a, *, b=1):\n    return a\ng(1, 2)\n")
        << "t.py:5:1: error: g() takes 1 positional argument but 2 were given";
    QTest::newRow("parameter after kwargs") << std::string("def g(**kw, a):\n    pass\n")
                                            << "t.py:3:13: error: no parameter may follow '**kw'";
    QTest::newRow("double star in a lambda")
        << std::string("f = lambda **kw: 1\n")
        << "t.py:3:12: error: '**' parameters are not supported in lambdas (use def)";
    QTest::newRow("bad format key")
        << std::string("x = '{b}'.format(a=1)\n") << "t.py:3:11: error: KeyError: 'b'";
    QTest::newRow("percent with too few arguments")
        << std::string("x = '%d %d' % (1,)\n")
        << "t.py:3:13: error: not enough arguments for format string";
    QTest::newRow("decorator on an assignment")
        << std::string("@foo\nx = 1\n") << "t.py:4:1: error: a decorator must be followed by a def";
    QTest::newRow("bounds of something else")
        << std::string(
               "A = te.placeholder((4,), name='A')\nB = te.compute((4,), lambda i: A[i], "
               "name='B')\n"
               "s = te.create_schedule(B.op)\nb = tvm.te.schedule.InferBound(s)\nx = b[3]\n")
        << "t.py:7:7: error: the bounds are indexed by an IterVar";
    QTest::newRow("isinstance of an unknown type")
        << std::string("x = isinstance(1, len)\n")
        << "t.py:3:19: error: isinstance() arg 2 must be a type Tessera knows";
    QTest::newRow("tag inside a tag_scope")
        << std::string(
               "A = te.placeholder((4,), name='A')\nwith tvm.te.tag_scope(tag='x'):\n"
               "    B = te.compute((4,), lambda i: A[i], name='B', tag='y')\n")
        << "t.py:5:52: error: compute(): nested tag is not allowed for now (inside tag_scope 'x')";
    QTest::newRow("arguments to a class without __init__")
        << std::string("class A:\n    pass\nA(1)\n") << "t.py:5:1: error: A() takes no arguments";
    QTest::newRow("a missing attribute of an instance")
        << std::string("class A:\n    pass\nA().x\n")
        << "t.py:5:5: error: 'A' object has no attribute 'x'";
    QTest::newRow("an __init__ that returns a value")
        << std::string("class A:\n    def __init__(self):\n        return 1\nA()\n")
        << "t.py:6:1: error: __init__() should return None, not 'int'";
    QTest::newRow("setting an attribute of a tensor")
        << std::string("A = te.placeholder((4,), name='A')\nA.name = 'B'\n")
        << "t.py:4:3: error: cannot set attribute 'name' of a 'Tensor' object";
    QTest::newRow("two starred targets")
        << std::string("a, *b, *c = [1, 2, 3]\n")
        << "t.py:3:8: error: multiple starred expressions in assignment";
    QTest::newRow("too few values for a starred target")
        << std::string("a, b, *c = [1]\n")
        << "t.py:3:1: error: not enough values to unpack (expected at least 2, got 1)";
    QTest::newRow("nonlocal without an enclosing binding")
        << std::string("def f():\n    nonlocal x\n    x = 1\nf()\n")
        << "t.py:4:14: error: no binding for nonlocal 'x' found";
    QTest::newRow("global after an assignment")
        << std::string("def f():\n    x = 1\n    global x\nf()\n")
        << "t.py:5:12: error: name 'x' is assigned to before global declaration";
    QTest::newRow("nonlocal at module level")
        << std::string("nonlocal x\n")
        << "t.py:3:1: error: nonlocal declaration not allowed at module level";
    QTest::newRow("yield outside a function")
        << std::string("yield 1\n") << "t.py:3:1: error: 'yield' outside a function";
    QTest::newRow("yield as an expression")
        << std::string("def f():\n    x = yield 1\n") << "t.py:4:9: error:";
    QTest::newRow("yield from a number")
        << std::string("def f():\n    yield from 3\nf()\n") << "t.py:4:16: error:";
    QTest::newRow("global without a name") << std::string("def f():\n    global\n")
                                           << "t.py:4:11: error: expected a name after 'global'";
    QTest::newRow("varargs index map")
        << std::string(
               "A = te.placeholder((8,), name='A')\nB = te.compute((8,), lambda i: A[i], "
               "name='B')\n"
               "s = te.create_schedule(B.op)\ns[B].transform_layout(lambda *i: [i[0] // 4, i[0] % "
               "4])\n")
        << "t.py:6:23: error: name each index in this lambda";
  }
  void errors() {
    QFETCH(std::string, code);
    QFETCH(QString, expected);
    auto r = Eval(code);
    QVERIFY2(!r.ok(), "evaluated without an error");
    QString actual = QString::fromStdString(r.error().format());
    QVERIFY2(actual.startsWith(expected), qPrintable(actual));
  }
};

}  // namespace tst_python_idioms

QTEST_APPLESS_MAIN(tst_python_idioms::TestPythonIdioms)
#include "tst_python_idioms.moc"
