// What tvm.lower and schedule_to_module return (script/tvm/driver/TirModule.h): an IRModule whose
// PrimFunc bodies a script walks with TVM's class names and attributes, isinstance,
// post_order_visit and single passes (tvm.tir.transform.X()(mod)). The checks are
// `assert` statements inside the scripts: a failed one is an evaluation error.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_tir_module {

using namespace tessera;
using namespace tessera::script;

namespace {

// c = a + b over 16 x 16, its rows split by 5 (a tail of one row: a guarded loop nest).
const char* kSplitProgram =
    "import tvm\n"
    "from tvm import te\n"
    "from tvm.driver.build_module import schedule_to_module\n"
    "a = te.placeholder((16, 16), name='a')\n"
    "b = te.placeholder((16, 16), name='b')\n"
    "c = te.compute((16, 16), lambda x, y: a[x, y] + b[x, y], name='c')\n"
    "s = te.create_schedule(c.op)\n"
    "xo, xi = s[c].split(c.op.axis[0], 5)\n";

// Collects the nodes of one class under a statement.
const char* kCollect =
    "def collect(stmt, cls):\n"
    "    found = []\n"
    "    tvm.tir.stmt_functor.post_order_visit(stmt, lambda n: found.append(n) if isinstance(n, "
    "cls) else None)\n"
    "    return found\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kSplitProgram) + kCollect + body, "t.py");
}

}  // namespace

class TestTirModule : public QObject {
  Q_OBJECT

 private slots:
  void scriptsWalkTheLoweredProgram_data() {
    QTest::addColumn<std::string>("code");
    QTest::newRow("lower returns a module of one PrimFunc") << std::string(
        "mod = tvm.lower(s, [a, b, c], simple_mode=True)\n"
        "assert isinstance(mod, tvm.IRModule)\n"
        "f = mod['main']\n"
        "assert isinstance(f, tvm.tir.PrimFunc)\n"
        "assert f.attrs['global_symbol'] == 'main'\n"
        "assert len(f.params) == 3 and len(f.buffer_map) == 3\n"
        "assert [n for n, g in mod.items()] == ['main']\n"
        "assert mod['main'] == f and mod.functions['main'] == f\n"
        "assert tvm.tir.transform.VectorizeLoop()(mod)['main'] != f\n"
        "assert tvm.lower(s, [a, b, c], name='kernel')['kernel'].attrs['global_symbol'] == "
        "'kernel'\n");
    // LoopPartition splits x.outer into the 3 full tiles and the tail: 2 nests of 3 loops.
    QTest::newRow("the pipeline's loops, walked by attribute") << std::string(
        "body = tvm.lower(s, [a, b, c])['main'].body\n"
        "assert len(collect(body, tvm.tir.For)) == 6\n"
        "n = body\n"
        "while isinstance(n, tvm.tir.AttrStmt):\n"
        "    n = n.body\n"
        "assert isinstance(n, tvm.tir.SeqStmt) and len(n.seq) == 2\n"
        "n = n[0]\n"
        "assert n.loop_var.name == 'x.outer' and n.min.value == 0 and n.extent.value == 3\n"
        "assert n.kind == tvm.tir.ForKind.SERIAL\n"
        "assert isinstance(n.body, tvm.tir.For) and n.body.extent.value == 5\n"
        "assert n.body.body.body.value.a.buffer.name == 'a'\n");
    QTest::newRow("post_order_visit: children first, each node once") << std::string(
        "body = schedule_to_module(s, [a, b, c])['main'].body\n"
        "order = []\n"
        "tvm.tir.stmt_functor.post_order_visit(body, lambda n: order.append(n))\n"
        "assert order[-1] == body and order[-1].same_as(body)\n"
        "loops = [n for n in order if isinstance(n, tvm.tir.For)]\n"
        "assert [l.loop_var.name for l in loops] == ['y', 'x.inner', 'x.outer']\n"
        "assert len([n for n in order if isinstance(n, tvm.tir.Var) and n.name == 'x.outer']) == "
        "1\n");
    QTest::newRow("schedule_to_module keeps ScheduleOps' program") << std::string(
        "mod = schedule_to_module(s, [a, b, c], 'main')\n"
        "body = mod['main'].body\n"
        "assert len(collect(body, tvm.tir.ProducerRealize)) == 1\n"
        "ifs = collect(body, tvm.tir.stmt.IfThenElse)\n"
        "assert len(ifs) == 1 and ifs[0].else_case is None\n"
        "assert isinstance(ifs[0].condition, tvm.tir.Call)\n"
        "assert isinstance(ifs[0].condition.args[0], tvm.tir.LT)\n"
        "store = ifs[0].then_case\n"
        "assert isinstance(store, tvm.tir.ProducerStore) and store.producer.name == 'c'\n"
        "assert isinstance(store.value, tvm.tir.Add) and isinstance(store.value.a, "
        "tvm.tir.ProducerLoad)\n"
        "assert len(store.indices) == 2 and store.value.b.producer.name == 'b'\n");
    QTest::newRow("ScheduleOps is schedule_to_module's body") << std::string(
        "stmt = tvm.te.schedule.ScheduleOps(s, tvm.te.schedule.InferBound(s))\n"
        "assert isinstance(stmt, tvm.tir.Stmt) and len(collect(stmt, tvm.tir.For)) == 3\n"
        "assert str(stmt) == str(schedule_to_module(s, [a, b, c])['main'].body)\n");
    QTest::newRow("one pass at a time") << std::string(
        "mod = schedule_to_module(s, [a, b, c])\n"
        "flat = tvm.tir.transform.StorageFlatten(64)(mod)\n"
        "assert len(collect(flat['main'].body, tvm.tir.ProducerStore)) == 0\n"
        "stores = collect(flat['main'].body, tvm.tir.BufferStore)\n"
        "assert len(stores) == 1 and stores[0].buffer.name == 'c' and len(stores[0].indices) == 1\n"
        "assert len(collect(mod['main'].body, tvm.tir.ProducerStore)) == 1\n"  // the input is
                                                                               // unchanged
        "part = tvm.tir.transform.LoopPartition()(tvm.tir.transform.Simplify()(flat))\n"
        "assert len(collect(part['main'].body, tvm.tir.For)) == 6\n"
        "assert str(tvm.tir.transform.VectorizeLoop()(flat)) == str(flat)\n");
    QTest::newRow("sequences, attributes, allocations") << std::string(
        "d = te.compute((16, 16), lambda i, j: c[i, j] * 2.0, name='d')\n"
        "s2 = te.create_schedule(d.op)\n"
        "body = tvm.lower(s2, [a, b, d])['main'].body\n"
        "allocs = collect(body, tvm.tir.Allocate)\n"
        "assert len(allocs) == 1 and allocs[0].dtype == 'float32'\n"
        "assert allocs[0].extents[0].value == 256\n"
        "seq = collect(body, tvm.tir.SeqStmt)[0]\n"
        "assert len(seq.seq) == 2 and seq[0].same_as(seq.seq[0]) and seq[-1] == seq.seq[1]\n"
        "keys = [n.attr_key for n in collect(body, tvm.tir.AttrStmt)]\n"
        "assert 'produce' in keys\n");
    QTest::newRow("str prints the program") << std::string(
        "mod = tvm.lower(s, [a, b, c])\n"
        "text = str(mod)\n"
        "assert text.startswith('# PrimFunc main(a, b, c)\\n')\n"
        "assert 'for (x.outer, 0, 3)' in text and text == mod.script()\n"
        "assert str(mod['main']) == text\n"
        "loop = collect(mod['main'].body, tvm.tir.For)[2]\n"
        "assert str(loop).startswith('for (x.outer, 0, 3) {')\n"
        "assert str(loop.extent) == '3' and str(loop.loop_var + 1) == '(x.outer + 1)'\n");
    // Exported scripts end with print(tvm.lower(...)): still only records the arguments.
    QTest::newRow("print(tvm.lower(...)) as exports write it")
        << std::string("print(tvm.lower(s, [a, b, c], simple_mode=True))\n");
  }
  void scriptsWalkTheLoweredProgram() {
    QFETCH(std::string, code);
    auto p = Eval(code);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
  }

  void lowerRecordsTheArguments() {
    auto p = Eval("mod = tvm.lower(s, [c, a, b])\n");
    QVERIFY(p.ok());
    QCOMPARE(p->lower_args.size(), size_t{3});
    QCOMPARE(p->lower_args[0]->op->name, std::string("c"));
  }

  // Each error names what is wrong and points at the script's text.
  void locatedErrors_data() {
    QTest::addColumn<std::string>("code");
    QTest::addColumn<std::string>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    const int first = 13;  // the first line after the program and collect()
    QTest::newRow("a function the module lacks")
        << std::string("mod = tvm.lower(s, [a, b, c])\nf = mod['nope']\n")
        << std::string("KeyError: the IRModule has no function 'nope' (it has 'main')") << first + 1
        << 9;
    QTest::newRow("an attribute the node lacks")
        << std::string(
               "loop = collect(tvm.lower(s, [a, b, c])['main'].body, tvm.tir.For)[0]\nx = "
               "loop.condition\n")
        << std::string("'For' object has no attribute 'condition'") << first + 1 << 10;
    QTest::newRow("a pass Tessera does not have")
        << std::string(
               "mod = tvm.lower(s, [a, b, c])\nmod = "
               "tvm.tir.transform.InjectVirtualThread()(mod)\n")
        << std::string("InjectVirtualThread") << first + 1 << 25;
    QTest::newRow("a pass applied to a statement")
        << std::string(
               "mod = tvm.lower(s, [a, b, c])\nmod = "
               "tvm.tir.transform.Simplify()(mod['main'].body)\n")
        << std::string("Simplify expects an IRModule, not AttrStmt") << first + 1 << 36;
    QTest::newRow("a pass option Tessera cannot honour")
        << std::string("p = tvm.tir.transform.VectorizeLoop(False)\n")
        << std::string("VectorizeLoop(False)") << first << 23;
    QTest::newRow("ScheduleOps without InferBound's map")
        << std::string("stmt = tvm.te.schedule.ScheduleOps(s, {})\n") << std::string("dom_map")
        << first << 39;
    // A's attach loop replaced by a later split: ScheduleOps refuses the schedule, which
    // the script may still print; reading the module reports it.
    QTest::newRow("a module whose schedule does not lower")
        << std::string(
               "d = te.compute((16, 16), lambda i, j: c[i, j] * 2.0, name='d')\n"
               "s2 = te.create_schedule(d.op)\n"
               "s2[c].compute_at(s2[d], d.op.axis[1])\n"
               "s2[d].split(d.op.axis[1], 2)\n"
               "mod = tvm.lower(s2, [a, b, d])\n"
               "print(mod)\n"
               "body = mod['main'].body\n")
        << std::string(
               "the module of tvm.lower on line 17 has no function: c is computed at loop j of d")
        << first + 6 << 11;
    QTest::newRow("post_order_visit of a tensor")
        << std::string("tvm.tir.stmt_functor.post_order_visit(c, print)\n")
        << std::string("a statement or an expression") << first << 39;
  }
  void locatedErrors() {
    QFETCH(std::string, code);
    QFETCH(std::string, message);
    QFETCH(int, line);
    QFETCH(int, column);
    auto p = Eval(code);
    QVERIFY(!p.ok());
    QVERIFY2(p.error().message.find(message) != std::string::npos, p.error().message.c_str());
    QCOMPARE(p.error().loc.line, line);
    QCOMPARE(p.error().loc.column, column);
  }
};

}  // namespace tst_tir_module

QTEST_APPLESS_MAIN(tst_tir_module::TestTirModule)
#include "tst_tir_module.moc"
