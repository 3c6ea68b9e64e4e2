// tvm.te.schedule's graph analyses as TVM's unit tests call them from Python
// (test_te_schedule_graph.py): CreateReadGraph / PostDFSOrder, CreateAttachPath,
// ScanGetBody and ScanFixPointAnalysis. The facts are `assert` statements inside the
// scripts (a failing one fails the evaluation at its line); wrong arguments get located
// errors.
#include <QtTest>

#include "script/Evaluator.h"

namespace tst_schedule_graph {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kPrelude) + body, "t.py");
}

// A 3-D scan over time l whose state is read by the update through `reads` (a Python
// expression over t, i, j and s_state) — the scan-fix-point cases.
std::string Scan3(const std::string& extra_stages, const std::string& update) {
  return "m = te.var('m')\nn = te.var('n')\nl = te.var('l')\n"
         "x = te.compute((l, m, n), lambda *i: tvm.tir.const(1, 'float32'), name='x')\n"
         "s_state = te.placeholder((l, m, n))\n"
         "s_init = te.compute((1, m, n), lambda _, i, j: x[0, i, j], name='s_init')\n" +
         extra_stages + "s_update = te.compute((l, m, n), lambda t, i, j: " + update +
         ", name='update')\n"
         "s_scan = tvm.te.scan(s_init, s_update, s_state)\n"
         "fxpt = tvm.te.schedule.ScanFixPointAnalysis(s_scan.op)\n"
         "axes = s_scan.op.spatial_axis_\n"
         "sch = te.create_schedule(s_scan.op)\n";
}

}  // namespace

class TestScheduleGraph : public QObject {
  Q_OBJECT

 private slots:
  void readGraphAndPostOrder() {
    auto r = Eval(
        "m = te.var('m')\nl = te.var('l')\n"
        "A = te.placeholder((m, l), name='A')\n"
        "A1 = te.compute((m, l), lambda i, j: A[i, j], name='A1')\n"
        "A2 = te.compute((m, l), lambda i, j: A1[i, j] + 3, name='A2')\n"
        "g = tvm.te.schedule.CreateReadGraph([A2.op])\n"
        "assert isinstance(g, tvm.container.Map) and len(g) == 3\n"
        "assert g[A2.op][0] == A1 and g[A1.op][0] == A and len(g[A.op]) == 0\n"
        "order = tvm.te.schedule.PostDFSOrder([A2.op], g)\n"
        "assert [op.name for op in order] == ['A', 'A1', 'A2'], str([op.name for op in order])\n"
        "s = te.create_schedule(A2.op)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void attachPathInnermostFirst() {
    auto r = Eval(
        "m = te.var('m')\nn = te.var('n')\n"
        "x = te.compute((m, n), lambda i, j: tvm.tir.const(1, 'float32'), name='x')\n"
        "s_state = te.placeholder((m, n))\n"
        "s_init = te.compute((1, n), lambda _, i: x[0, i], name='s_init')\n"
        "x_trans = te.compute((m, n), lambda i, j: x[i, j] + 1, name='x_trans')\n"
        "s_up1 = te.compute((m, n), lambda t, i: s_state[t - 1, i] + 1, name='up1')\n"
        "s_update = te.compute((m, n), lambda t, i: s_up1[t, i] + x_trans[t, i], name='update')\n"
        "s_scan = tvm.te.scan(s_init, s_update, s_state)\n"
        "body = tvm.te.schedule.ScanGetBody(s_scan.op)\n"
        "assert [op.name for op in body] == ['up1', 'update'], str([op.name for op in body])\n"
        "s = te.create_schedule(s_scan.op)\n"
        "s[x_trans].compute_at(s[s_update], s_update.op.axis[0])\n"
        "apath = tvm.te.schedule.CreateAttachPath(s)\n"
        "assert tuple(apath[s_update.op]) == tuple([s_scan.op.scan_axis])\n"
        "assert tuple(apath[x_trans.op]) == tuple([s_update.op.axis[0], s_scan.op.scan_axis])\n"
        "assert len(apath[s_scan.op]) == 0\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // Each axis: 1 when the update reads the state only at that same index along every
  // path, 0 when transposed, read at a constant, or two axes meet in one index.
  void scanFixPoint_data() {
    QTest::addColumn<std::string>("extra");
    QTest::addColumn<std::string>("update");
    QTest::addColumn<int>("axis0");
    QTest::addColumn<int>("axis1");
    QTest::newRow("same indices") << std::string()
                                  << std::string("x[t, j, i] + s_state[t - 1, i, j]") << 1 << 1;
    QTest::newRow("transposed") << std::string() << std::string("x[t, j, i] + s_state[t - 1, j, i]")
                                << 0 << 0;
    QTest::newRow("constant index")
        << std::string(
               "s_h1 = te.compute((l, n, m), lambda t, j, i: s_state[t - 1, i, j], name='h1')\n"
               "s_h2 = te.compute((l, m, n), lambda t, i, j: s_state[t - 1, i, 10] * 2, "
               "name='h2')\n")
        << std::string("s_h1[t, j, i] + s_h2[t, i, j]") << 1 << 0;
    QTest::newRow("one axis read twice")
        << std::string(
               "s_h1 = te.compute((l, n, m), lambda t, j, i: s_state[t - 1, j, j], name='h1')\n"
               "s_h2 = te.compute((l, m, n), lambda t, i, j: s_state[t - 1, i, j] * 2, "
               "name='h2')\n")
        << std::string("s_h1[t, j, i] + s_h2[t, i, j]") << 0 << 0;
    QTest::newRow("shifted index")
        << std::string() << std::string("s_state[t - 1, i, j] + s_state[t - 1, i, n - 1 - j]") << 1
        << 0;
  }
  void scanFixPoint() {
    QFETCH(std::string, extra);
    QFETCH(std::string, update);
    QFETCH(int, axis0);
    QFETCH(int, axis1);
    auto r = Eval(Scan3(extra, update) +
                  "assert len(fxpt) == 2 and len(axes) == 2\n"
                  "got = (fxpt[axes[0]].value, fxpt[axes[1]].value)\n"
                  "assert got == (" +
                  std::to_string(axis0) + ", " + std::to_string(axis1) + "), str(got)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void multiOutputScan() {
    auto r = Eval(
        "m = te.var('m')\nn = te.var('n')\n"
        "x1 = te.placeholder((m, n))\ns1 = te.placeholder((m, n))\n"
        "x2 = te.placeholder((m, n))\ns2 = te.placeholder((m, n))\n"
        "s1_init = te.compute((1, n), lambda _, i: x1[0, i])\n"
        "s2_init = te.compute((1, n), lambda _, i: x2[0, i])\n"
        "s1_update = te.compute((m, n), lambda t, i: s1[t - 1, i] + x1[t, i])\n"
        "s2_update = te.compute((m, n), lambda t, i: x2[t, i] + s2[t - 1, n - 1 - i])\n"
        "r0, r1 = tvm.te.scan([s1_init, s2_init], [s1_update, s2_update], [s1, s2])\n"
        "fxpt = tvm.te.schedule.ScanFixPointAnalysis(r0.op)\n"
        "assert fxpt[r0.op.spatial_axis_[0]].value == 1\n"
        "assert fxpt[r1.op.spatial_axis_[1]].value == 0\n"
        "s = te.create_schedule(r0.op)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  // isinstance with te's operation classes (TVM's test_te_tensor.py asserts
  // isinstance(A.op, tvm.te.PlaceholderOp) and isinstance(scan, tvm.te.ScanOp)).
  void operationClasses() {
    auto r = Eval(
        "m = te.var('m')\nn = te.var('n')\n"
        "A = te.placeholder((m, n), name='A')\n"
        "B = te.compute((m, n), lambda i, j: A[i, j] + 1, name='B')\n"
        "state = te.placeholder((m, n))\n"
        "init = te.compute((1, n), lambda _, i: A[0, i], name='init')\n"
        "update = te.compute((m, n), lambda t, i: state[t - 1, i] + A[t, i], name='update')\n"
        "res = tvm.te.scan(init, update, state)\n"
        "assert isinstance(A.op, tvm.te.PlaceholderOp) and not isinstance(A.op, tvm.te.ComputeOp)\n"
        "assert isinstance(B.op, tvm.te.ComputeOp) and isinstance(B.op, tvm.te.Operation)\n"
        "assert isinstance(res.op, tvm.te.ScanOp) and not isinstance(res.op, tvm.te.ExternOp)\n"
        "assert not isinstance(B, tvm.te.Operation) and isinstance(B.op, (int, "
        "tvm.te.tensor.ComputeOp))\n"
        "assert B.op.output(0).__hash__() == B.__hash__() and B.__hash__() != A.__hash__()\n"
        "d = {B.op.output(0): 1}\n"
        "assert d[B] == 1\n"
        "s = te.create_schedule(B.op)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
  }

  void errors_data() {
    QTest::addColumn<std::string>("body");
    QTest::addColumn<QString>("message");
    const std::string two =
        "A = te.placeholder((4,), name='A')\nB = te.compute((4,), lambda i: A[i], name='B')\n";
    QTest::newRow("fix point of a compute")
        << two + "tvm.te.schedule.ScanFixPointAnalysis(B.op)\n"
        << "t.py:5:38: error: ScanFixPointAnalysis(): argument 'scan_op' must be a scan operation "
           "(te.scan(...).op)";
    QTest::newRow("post order of a list")
        << two + "tvm.te.schedule.PostDFSOrder([B.op], [1])\n"
        << "t.py:5:38: error: PostDFSOrder(): argument 'g' must be a read graph "
           "(tvm.te.schedule.CreateReadGraph(...))";
    QTest::newRow("read graph of numbers")
        << two + "tvm.te.schedule.CreateReadGraph([1])\n"
        << "t.py:5:33: error: CreateReadGraph(): argument 'roots' must be a list of operations";
  }
  void errors() {
    QFETCH(std::string, body);
    QFETCH(QString, message);
    auto r = Eval(body);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().format()).startsWith(message),
             r.error().format().c_str());
  }
};

}  // namespace tst_schedule_graph

QTEST_APPLESS_MAIN(tst_schedule_graph::TestScheduleGraph)
#include "tst_schedule_graph.moc"
