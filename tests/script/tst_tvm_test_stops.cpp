// Script-language features TVM's te unit tests stopped at: chained comparisons
// (test_te_hybrid_script.py: `if 0 <= i < 5`), tvm.tir.vscale() (test_te_schedule.py's
// parametrized split factor, with split's disable_predication), topi.full / full_like
// (test_te_autodiff.py) and tvm.ir.structural_equal / assert_structural_equal
// (test_te_schedule_tensorize.py). The facts are `assert` statements inside the scripts; refusals
// are located errors.
#include <QtTest>

#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "script/lang/Ast.h"
#include "script/lang/Parser.h"

namespace tst_tvm_test_stops {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\nfrom tvm import topi\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kPrelude) + body, "t.py");
}

}  // namespace

class TestTvmTestStops : public QObject {
  Q_OBJECT

 private slots:
  // Python's semantics on plain values: a < b < c is (a < b) and (b < c), b evaluated
  // once, the chain stops at the first false link (whose value is the result).
  void chainedComparisonsOnValues() {
    auto r = Eval(
        "calls = []\n"
        "def f(x):\n"
        "    calls.append(x)\n"
        "    return x\n"
        "assert 0 <= 3 < 5\n"
        "assert not (0 <= 7 < 5)\n"
        "assert (1 < f(2) < 3) and calls == [2]\n"
        "assert (1 < 0 < f(9)) is False and calls == [2]\n"
        "assert 1 < 2 < 3 < 4 <= 4 != 5 and not (1 < 2 < 3 < 3)\n"
        "x = [1, 2]\n"
        "assert 1 in x in [x] and 3 not in x is not None\n"
        "assert [i for i in range(10) if 2 <= i < 5] == [2, 3, 4]\n"
        "y = 4\n"
        "assert (0 < y < 3) == False and (0 < y > 3) == True\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // On expressions the links are combined with And (TVM's hybrid script makes a chain
  // tvm.tir.all of its links), the middle operand appearing in both.
  void chainedComparisonsOnExpressions() {
    auto r = Eval(
        "A = te.placeholder((10,), name='A')\n"
        "B = te.compute((10,), lambda i: tvm.tir.if_then_else(2 <= i < 5, A[i], 0.0), name='B')\n"
        "assert str(B.op.body[0]) == 'if_then_else(((2 <= i) && (i < 5)), A(i), 0f)', "
        "str(B.op.body[0])\n"
        "n = te.var('n')\n"
        "c = 0 <= n < 8 <= 2 * n\n"
        "assert str(c) == str(tvm.tir.all(0 <= n, n < 8, 8 <= 2 * n)), str(c)\n"
        "s = te.create_schedule(B.op)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // The chain keeps one node per link in the syntax tree and prints back as one chain.
  void chainedComparisonSource() {
    auto module = ParseModule("z = a < b <= c\n", "t.py");
    QVERIFY2(module.ok(), module ? "" : module.error().format().c_str());
    const AstExpr& value = *module->body.at(0).value;
    QVERIFY(value.kind == AstKind::Compare && value.chained);
    QVERIFY(value.left->kind == AstKind::Compare && !value.left->chained);
    QCOMPARE(QString::fromStdString(to_source(value)), QString("(a < b <= c)"));
  }

  // test_te_schedule.py's parametrized split factor: 4 * tvm.tir.vscale() builds (the
  // decorator argument), a split by it is refused where it is written, and a program
  // reading it lowers but does not compile.
  void vscale() {
    auto r = Eval(
        "f = 4 * tvm.tir.vscale()\n"
        "assert str(f) == '(4*vscale())', str(f)\n"
        "assert f.dtype == 'int32'\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    auto split = Eval(
        "A = te.placeholder((43,), name='A')\n"
        "B = te.compute(A.shape, lambda i: A[i] + 2, name='C')\n"
        "s = te.create_schedule(B.op)\n"
        "xo, xi = s[B].split(B.op.axis[0], factor=4 * tvm.tir.vscale())\n");
    QVERIFY(!split.ok());
    QVERIFY2(QString::fromStdString(split.error().format())
                 .startsWith(
                     "t.py:7:35: error: split(): factor cannot be a multiple of tvm.tir.vscale()"),
             split.error().format().c_str());
    auto args = Eval("tvm.tir.vscale(1)\n");
    QVERIFY(!args.ok());
    QCOMPARE(QString::fromStdString(args.error().format()),
             QString("t.py:4:9: error: vscale() takes no arguments"));
    // test_tir_schedule_split_fuse.py's SVE splits: T.vscale() outside a prim_func builds,
    // a TensorIR split by it is refused at its factors (not a wrong-product error).
    auto tir_split = Eval(
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "A = te.placeholder((128,), name='A')\n"
        "B = te.compute(A.shape, lambda i: A[i] + 2, name='B')\n"
        "sch = tir.Schedule(te.create_prim_func([A, B]))\n"
        "outer = tvm.arith.Analyzer().simplify(T.ceildiv(128, 4 * T.vscale()))\n"
        "sch.split(sch.get_loops(sch.get_block('B'))[0], factors=[outer, 4 * T.vscale()])\n");
    QVERIFY(!tir_split.ok());
    QVERIFY2(QString::fromStdString(tir_split.error().format())
                 .startsWith("t.py:10:49: error: split(): a factor cannot be a multiple of "
                             "tvm.tir.vscale()"),
             tir_split.error().format().c_str());
  }

  // test_te_schedule.py's test_split_disable_predicate, run for each parametrization:
  // with a constant factor the tail's predicate is there unless disable_predication=True;
  // the vscale cases fail, at the split, with the located refusal.
  void splitDisablePredicationAsTvmsTest_data() {
    QTest::addColumn<std::string>("factor");
    QTest::addColumn<std::string>("disable");
    QTest::addColumn<bool>("ok");
    QTest::newRow("4, True") << std::string("4") << std::string("True") << true;
    QTest::newRow("4, False") << std::string("4") << std::string("False") << true;
    QTest::newRow("4 * vscale, True")
        << std::string("4 * tvm.tir.vscale()") << std::string("True") << false;
    QTest::newRow("4 * vscale, False")
        << std::string("4 * tvm.tir.vscale()") << std::string("False") << false;
  }
  void splitDisablePredicationAsTvmsTest() {
    QFETCH(std::string, factor);
    QFETCH(std::string, disable);
    QFETCH(bool, ok);
    auto r = Eval(
        "from tvm.driver.build_module import schedule_to_module\n"
        "def test_split_disable_predicate(split_factor, disable_predication):\n"
        "    A = te.placeholder((43,), name='A')\n"
        "    B = te.compute(A.shape, lambda i: A[i] + 2, name='C')\n"
        "    sch = te.create_schedule(B.op)\n"
        "    (i,) = sch[B].op.axis\n"
        "    _, _ = sch[B].split(i, factor=split_factor, disable_predication=disable_predication)\n"
        "    mod = schedule_to_module(sch, [A, B], 'main')\n"
        "    predicates = []\n"
        "    def _find_predicates(stmt):\n"
        "        if isinstance(stmt, tvm.tir.stmt.IfThenElse):\n"
        "            predicates.append(stmt)\n"
        "    tvm.tir.stmt_functor.post_order_visit(mod['main'].body, _find_predicates)\n"
        "    assert bool(len(predicates)) != disable_predication\n"
        "test_split_disable_predicate(" +
        factor + ", " + disable + ")\n");
    if (ok) {
      QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
      return;
    }
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().format())
                 .startsWith(
                     "t.py:10:28: error: split(): factor cannot be a multiple of tvm.tir.vscale()"),
             r.error().format().c_str());
  }

  // The option is part of the schedule: the script printer writes it back, and the
  // printed script replays to the same program.
  void disablePredicationPrintsAndReplays() {
    auto r = Eval(
        "A = te.placeholder((43,), name='A')\n"
        "B = te.compute(A.shape, lambda i: A[i] + 2, name='C')\n"
        "s = te.create_schedule(B.op)\n"
        "xo, xi = s[B].split(B.op.axis[0], factor=4, disable_predication=True)\n"
        "m = tvm.lower(s, [A, B], simple_mode=True)\n"
        "assert 'likely' not in str(m), str(m)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    std::string printed = PrintScript(*r);
    QVERIFY2(printed.find("split(") != std::string::npos &&
                 printed.find("factor=4, disable_predication=True)") != std::string::npos,
             printed.c_str());
    auto again = EvaluateScript(printed, "printed.py");
    QVERIFY2(again.ok(), again ? "" : again.error().format().c_str());
    auto plain = Eval(
        "A = te.placeholder((43,), name='A')\n"
        "B = te.compute(A.shape, lambda i: A[i] + 2, name='C')\n"
        "s = te.create_schedule(B.op)\n"
        "xo, xi = s[B].split(B.op.axis[0], factor=4)\n"
        "m = tvm.lower(s, [A, B], simple_mode=True)\n"
        "assert 'likely' in str(m), str(m)\n");
    QVERIFY2(plain.ok(), plain ? "" : plain.error().format().c_str());
  }

  // test_te_tensor.py's test_extern: the body's arguments are Buffers for isinstance
  // (tvm.te.schedule.Buffer, tvm.tir.Buffer).
  void externBuffersAreBuffers() {
    auto r = Eval(
        "m = te.size_var('m')\n"
        "A = te.placeholder((m,), name='A')\n"
        "def extern_func(ins, outs):\n"
        "    assert isinstance(ins[0], tvm.te.schedule.Buffer) and isinstance(outs[0], "
        "tvm.tir.Buffer)\n"
        "    assert not isinstance(A, tvm.tir.Buffer)\n"
        "    return tvm.tir.call_packed('myadd', ins[0].data, outs[0].data, m)\n"
        "B = te.extern((m,), [A], extern_func)\n"
        "assert tuple(B.shape) == (m,)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // topi.full / full_like (TVM's C++ elemwise.h): a constant of the dtype over the shape,
  // stages T_full / T_full_like tagged elemwise.
  void fullAndFullLike() {
    auto r = Eval(
        "A = te.placeholder((3, 4), name='A')\n"
        "ones = topi.full_like(A, 1.0)\n"
        "assert ones.op.name == 'T_full_like' and ones.op.tag == 'elemwise'\n"
        "assert ones.dtype == 'float32' and [int(d) for d in ones.shape] == [3, 4]\n"
        "assert str(ones.op.body[0]) == '1f', str(ones.op.body[0])\n"
        "Z = topi.full((2, 5), 'int32', 7)\n"
        "assert Z.op.name == 'T_full' and Z.dtype == 'int32' and str(Z.op.body[0]) == '7'\n"
        "H = topi.full_like(A, A.shape[0])\n"
        "assert H.dtype == 'float32', H.dtype\n"
        "s = te.create_schedule(ones.op)\n"
        "m = tvm.lower(s, [ones], simple_mode=True)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    auto bad = Eval("topi.full_like(3, 1.0)\n");
    QVERIFY(!bad.ok());
    QVERIFY2(QString::fromStdString(bad.error().format()).contains("full_like expects a te.Tensor"),
             bad.error().format().c_str());
  }

  // Expressions compare by structure (free variables by identity unless map_free_vars),
  // Python ints as int32 immediates, lists item by item, objects by identity; the assert
  // is a ValueError showing both sides.
  void structuralEqual() {
    auto r = Eval(
        "n = te.var('n')\nm = te.var('m')\n"
        "assert tvm.ir.structural_equal(n * 2 + 1, n * 2 + 1)\n"
        "assert not tvm.ir.structural_equal(n * 2 + 1, m * 2 + 1)\n"
        "assert tvm.ir.structural_equal(n * 2 + 1, m * 2 + 1, map_free_vars=True)\n"
        "assert not tvm.ir.structural_equal(tvm.tir.const(1, 'int64'), 1)\n"
        "tvm.ir.assert_structural_equal(tvm.tir.const(16, 'int32'), 16)\n"
        "tvm.ir.assert_structural_equal([n, 2, 'a'], [n, 2, 'a'])\n"
        "assert not tvm.ir.structural_equal([n], [n, n])\n"
        "A = te.placeholder((4,), name='A')\n"
        "assert tvm.ir.structural_equal(A, A) and not tvm.ir.structural_equal(A, "
        "te.placeholder((4,), name='A'))\n"
        "try:\n"
        "    tvm.ir.assert_structural_equal(n + 1, n + 2)\n"
        "    assert False\n"
        "except ValueError as e:\n"
        "    assert '(n + 1) is not structurally equal to (n + 2)' in str(e), str(e)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }
};

}  // namespace tst_tvm_test_stops

QTEST_GUILESS_MAIN(tst_tvm_test_stops::TestTvmTestStops)
#include "tst_tvm_test_stops.moc"
