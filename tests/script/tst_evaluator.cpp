// The script evaluator: TVM te programs (the InferBound document's examples, the
// bound-info RFC's flatten) become tensors, a Schedule and its Trace; every kind of
// mistake is reported at its line and column.
#include <QtTest>

#include "ir/Printer.h"
#include "script/Evaluator.h"
#include "te/Operation.h"

namespace tst_evaluator {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kPrelude = "import tvm\nfrom tvm import te\n";

Result<ScriptProgram> Eval(const std::string& body) {
  return EvaluateScript(std::string(kPrelude) + body, "t.py");
}

QString ErrorOf(const std::string& body) {
  auto r = Eval(body);
  if (r) return "no error";
  return QString::fromStdString(r.error().format());
}

std::vector<std::string> LeafNames(const schedule::Stage& st) {
  std::vector<std::string> names;
  for (const ir::IterVar& iv : st->leaf_iter_vars) names.push_back(iv->var.name());
  return names;
}

using Names = std::vector<std::string>;

}  // namespace

class TestEvaluator : public QObject {
  Q_OBJECT

 private slots:
  void design_doc_example() {
    auto r = Eval(
        "n = te.size_var(\"n\")\n"
        "A = te.placeholder((n, 64), name=\"A\", dtype=\"float32\")\n"
        "k = te.reduce_axis((0, 64), name=\"k\")\n"
        "B = te.compute((n,), lambda i: te.sum(A[i, k], axis=k), name=\"B\")\n"
        "s = te.create_schedule(B.op)\n"
        "io, ii = s[B].split(B.op.axis[0], factor=8)\n"
        "s[B].vectorize(ii)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    QVERIFY(r->schedule);
    QCOMPARE(r->tensors.size(), size_t{2});
    schedule::Stage b = r->schedule->find("B");
    QVERIFY(b);
    QCOMPARE(LeafNames(b), (Names{"i.outer", "i.inner", "k"}));
    const auto& entries = r->schedule->trace.entries;
    QCOMPARE(entries.size(), size_t{2});
    QCOMPARE(entries[0].primitive, std::string("split"));
    QCOMPARE(entries[0].ints.at("factor"), int64_t{8});
    QCOMPARE(entries[1].primitive, std::string("vectorize"));
    QCOMPARE(r->names.entry_outputs.at({0, 1}), std::string("ii"));
    QCOMPARE(r->names.tensor_vars.at("B"), std::string("B"));
    // A's shape keeps the size var (non-negative by construction).
    const auto* n = r->tensors[0]->shape[0].as<ir::VarNode>();
    QVERIFY(n && n->is_size_var);
  }

  void inferbound_ex4_attach() {
    auto r = Eval(
        "C = te.compute((5, 16), lambda i, j: tvm.tir.const(5, \"int32\"), name=\"C\")\n"
        "D = te.compute((4, 5, 16), lambda di, dj, dk: C[dj, dk] * 2, name=\"D\")\n"
        "s = te.create_schedule(D.op)\n"
        "s[C].compute_at(s[D], D.op.axis[2])\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    schedule::Stage c = r->schedule->find("C");
    QCOMPARE(c->attach_type, schedule::AttachType::Scope);
    QCOMPARE(c->attach_stage->name(), std::string("D"));
    QCOMPARE(c->attach_ivar->var.name(), std::string("dk"));
    // The lambda's parameter names name the axes.
    auto* d = dynamic_cast<const te::ComputeOpNode*>(r->schedule->find("D")->op.get());
    QCOMPARE(d->axis[1]->var.name(), std::string("dj"));
  }

  void inferbound_ex6_fuse_then_split() {
    auto r = Eval(
        "n = 4\nm = 4\n"
        "A = te.placeholder((n, m), name='A')\n"
        "B = te.compute((n, m), lambda bi, bj: A[bi, bj]+2, name='B')\n"
        "C = te.compute((n, m), lambda ci, cj: B[ci, cj]*3, name='C')\n"
        "s = te.create_schedule(C.op)\n"
        "fused_axes = s[C].fuse(C.op.axis[0], C.op.axis[1])\n"
        "xo, xi = s[C].split(fused_axes, 4)\n"
        "s[B].compute_at(s[C], xo)\n"
        "print(tvm.lower(s, [A, C], simple_mode=True))\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    QCOMPARE(LeafNames(r->schedule->find("C")), (Names{"ci.cj.fused.outer", "ci.cj.fused.inner"}));
    QVERIFY(r->has_lower_call);
    QCOMPARE(r->Arguments().size(), size_t{2});
    QCOMPARE(r->Arguments()[1].name(), std::string("C"));
  }

  void flatten_symbolic_bound_info_rfc() {
    auto r = Eval(
        "n = te.size_var(\"n\")\n"
        "A = te.placeholder((n, n), name=\"A\")\n"
        "B = te.compute((n * n,), lambda i: A[tvm.tir.floormod(i, n), tvm.tir.floordiv(i, n)], "
        "name=\"B\")\n"
        "s = te.create_schedule(B.op)\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    auto* b = dynamic_cast<const te::ComputeOpNode*>(r->schedule->find("B")->op.get());
    QCOMPARE(QString::fromStdString(ir::to_string(b->body[0])),
             QString("A(floormod(i, n), floordiv(i, n))"));
    // Default arguments: the placeholders the outputs read, then the outputs.
    QCOMPARE(r->Arguments().size(), size_t{2});
    QCOMPARE(r->Arguments()[0].name(), std::string("A"));
  }

  void chained_subscript_is_a_slice() {
    auto r = Eval(
        "A = te.placeholder((4, 4), name=\"A\")\n"
        "B = te.compute((4, 4), lambda i, j: A[i][j] + 1, name=\"B\")\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    QVERIFY(!r->schedule);
  }

  void primitives_and_cache_stages() {
    auto r = Eval(
        "A = te.placeholder((64, 64), name=\"A\")\n"
        "B = te.placeholder((64, 64), name=\"B\")\n"
        "k = te.reduce_axis((0, 64), name=\"k\")\n"
        "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "AA = s.cache_read(A, \"shared\", [C])\n"
        "CL = s.cache_write(C, \"local\")\n"
        "xo, yo, xi, yi = s[C].tile(C.op.axis[0], C.op.axis[1], x_factor=8, y_factor=8)\n"
        "s[CL].compute_at(s[C], yo)\n"
        "s[AA].compute_at(s[CL], CL.op.reduce_axis[0])\n"
        "f = s[C].fuse(xi, yi)\n"
        "s[C].unroll(f)\n"
        "s[C].pragma(xo, \"auto_unroll_max_step\", 16)\n"
        "s[C].bind(xo, te.thread_axis(\"blockIdx.x\"))\n");
    QVERIFY2(r.ok(), r ? "" : r.error().format().c_str());
    QVERIFY(r->schedule->find("A.shared"));
    QVERIFY(r->schedule->find("C.local"));
    QCOMPARE(r->names.tensor_vars.at("A.shared"), std::string("AA"));
    QCOMPARE(r->names.tensor_vars.at("C.local"), std::string("CL"));
    QCOMPARE(r->schedule->trace.entries.size(), size_t{9});
  }

  void errors_data() {
    QTest::addColumn<std::string>("body");
    QTest::addColumn<QString>("expected");
    QTest::newRow("lambda arity")
        << std::string(
               "A = te.placeholder((4, 4), name='A')\n"
               "B = te.compute((4, 4), lambda i: A[i, 0], name='B')\n")
        << "t.py:4:24: error: the compute function takes 1 argument but the shape has 2 dimensions";
    QTest::newRow("wrong rank in subscript")
        << std::string(
               "A = te.placeholder((4, 4), name='A')\n"
               "B = te.compute((4,), lambda i: A[i, 0, 1], name='B')\n")
        << "t.py:4:33: error: tensor 'A' has 2 dimensions but 3 indices were given";
    QTest::newRow("unknown name") << std::string("A = te.placeholder((4,), name='A')\nB = A + C\n")
                                  << "t.py:4:9: error: name 'C' is not defined";
    QTest::newRow("te without import") << std::string("x = tvm.te.var('x')\ny = te2.var('y')\n")
                                       << "t.py:4:5: error: name 'te2' is not defined";
    QTest::newRow("unknown te function")
        << std::string("A = te.placeholdr((4,), name='A')\n")
        << "t.py:3:8: error: module 'tvm.te' has no attribute 'placeholdr' in Tessera";
    QTest::newRow("missing argument")
        << std::string("A = te.placeholder(name='A')\n")
        << "t.py:3:8: error: placeholder() missing required argument 'shape'";
    QTest::newRow("bad dtype") << std::string("A = te.placeholder((4,), dtype='float33')\n")
                               << "t.py:3:26: error: placeholder(): unknown dtype \"float33\"";
    QTest::newRow("shape of strings")
        << std::string("A = te.placeholder(('a', 4))\n")
        << "t.py:3:20: error: placeholder(): dimension 0 of the shape must be an integer, not str";
    QTest::newRow("split needs factor or nparts")
        << std::string(
               "A = te.placeholder((16,), name='A')\n"
               "B = te.compute((16,), lambda i: A[i] * 2, name='B')\n"
               "s = te.create_schedule(B.op)\n"
               "xo, xi = s[B].split(B.op.axis[0])\n")
        << "t.py:6:15: error: split() needs exactly one of factor= and nparts=";
    QTest::newRow("split of a non-iter-var")
        << std::string(
               "A = te.placeholder((16,), name='A')\n"
               "B = te.compute((16,), lambda i: A[i] * 2, name='B')\n"
               "s = te.create_schedule(B.op)\n"
               "xo, xi = s[B].split(3, factor=4)\n")
        << "t.py:6:21: error: split(): argument 'parent' must be an IterVar (e.g. B.op.axis[0]), "
           "not int";
    QTest::newRow("unknown stage method")
        << std::string(
               "A = te.placeholder((16,), name='A')\n"
               "B = te.compute((16,), lambda i: A[i] * 2, name='B')\n"
               "s = te.create_schedule(B.op)\n"
               "s[B].splat(B.op.axis[0])\n")
        << "t.py:6:6: error: 'Stage' object has no attribute 'splat' in Tessera";
    QTest::newRow("unpack count") << std::string(
                                         "A = te.placeholder((16,), name='A')\n"
                                         "B = te.compute((16,), lambda i: A[i] * 2, name='B')\n"
                                         "s = te.create_schedule(B.op)\n"
                                         "xo, xi, xx = s[B].split(B.op.axis[0], factor=4)\n")
                                  << "t.py:6:1: error: cannot unpack 2 values into 3 names";
    QTest::newRow("illegal primitive keeps the schedule's message")
        << std::string(
               "A = te.placeholder((16,), name='A')\n"
               "B = te.compute((16,), lambda i: A[i] * 2, name='B')\n"
               "s = te.create_schedule(B.op)\n"
               "xo, xi = s[B].split(B.op.axis[0], factor=4)\n"
               "s[B].vectorize(B.op.axis[0])\n")
        << "illegal";
    QTest::newRow("stage of a foreign tensor")
        << std::string(
               "A = te.placeholder((16,), name='A')\n"
               "B = te.compute((16,), lambda i: A[i] * 2, name='B')\n"
               "X = te.placeholder((16,), name='X')\n"
               "s = te.create_schedule(B.op)\n"
               "s[X].compute_inline()\n")
        << "t.py:7:3: error: 'X' is not an operation of this schedule";
    QTest::newRow("sum over a data axis")
        << std::string(
               "A = te.placeholder((16,), name='A')\n"
               "B = te.compute((16,), lambda i: A[i], name='B')\n"
               "C = te.compute((1,), lambda i: te.sum(B[i], axis=B.op.axis[0]), name='C')\n")
        << "t.py:5:45: error: sum(): axis 'i' is not a reduce axis (create it with te.reduce_axis)";
    QTest::newRow("float index")
        << std::string("A = te.placeholder((16,), name='A')\nx = A[1.5]\n")
        << "t.py:4:7: error: index 0 of tensor 'A' must be an integer expression, not float32";
    QTest::newRow("compute body must be an expression")
        << std::string("B = te.compute((4,), lambda i: 'x', name='B')\n")
        << "t.py:3:22: error: the compute function must return an expression, not str";
    QTest::newRow("transform_layout needs a lambda")
        << std::string(
               "A = te.placeholder((14,), name='A')\n"
               "B = te.compute((14,), lambda i: A[i], name='B')\n"
               "s = te.create_schedule(B.op)\n"
               "s[B].transform_layout([4, 4])\n")
        << "t.py:6:23: error: transform_layout(): argument 'mapping_function' must be a lambda "
           "(lambda i: [i // 4, i % 4]), not list";
    QTest::newRow("index map of floats") << std::string(
                                                "A = te.placeholder((14,), name='A')\n"
                                                "B = te.compute((14,), lambda i: A[i], name='B')\n"
                                                "s = te.create_schedule(B.op)\n"
                                                "s[B].transform_layout(lambda i: [i * 0.5])\n")
                                         << "t.py:6:23: error: transform_layout(): the index map "
                                            "must return integer indices, not PrimExpr";
    QTest::newRow("pad value of the wrong kind")
        << std::string(
               "A = te.placeholder((14,), name='A')\n"
               "B = te.compute((14,), lambda i: A[i], name='B')\n"
               "s = te.create_schedule(B.op)\n"
               "s[B].transform_layout(lambda i: [i // 4, i % 4], pad_value='zero')\n")
        << "t.py:6:50: error: transform_layout(): argument 'pad_value' must be a number, a lambda, "
           "tvm.tir.undef() or None, not str";
    QTest::newRow("syntax error") << std::string("A = te.placeholder((16,), name='A'\n")
                                  << "t.py:3:19: error: '(' was never closed";
    QTest::newRow("numpy values do not reach the tensor program")
        << std::string("import numpy as np\nA = te.placeholder(np.zeros(3).shape, name='A')\n")
        << "t.py:4:23: error: placeholder(): dimension 0 of the shape must be an integer, not "
           "'numpy.zeros(...).shape' (runtime code Tessera does not run)";
  }
  void errors() {
    QFETCH(std::string, body);
    QFETCH(QString, expected);
    QString actual = ErrorOf(body);
    if (expected == "illegal") {
      // The schedule layer words the message; the evaluator locates it at the call.
      QVERIFY2(actual.startsWith("t.py:7:6: error: "), qPrintable(actual));
      return;
    }
    QCOMPARE(actual, expected);
  }

  // Scripts cannot recurse or grow without bound.
  void runaway_scripts_are_errors() {
    QCOMPARE(
        ErrorOf("f = lambda x: f(x)\ny = f(1)\n"),
        QString("t.py:3:15: error: lambda calls nested deeper than 64 levels (a lambda calling "
                "itself?)"));
    std::string doubling = "a = 'xxxxxxxx'\n";
    for (int i = 0; i < 40; ++i) doubling += "a = a + a\n";
    QVERIFY(ErrorOf(doubling).contains("string too long"));
    std::string tuples = "a = (1, 2, 3, 4)\n";
    for (int i = 0; i < 40; ++i) tuples += "a = a + a\n";
    QVERIFY(ErrorOf(tuples).contains("sequence too long"));
    // Doubling an expression by reassignment, or by applying a lambda to its own result.
    std::string exprs = "t = te.var('t')\n";
    for (int i = 0; i < 64; ++i) exprs += "t = t + t\n";
    QVERIFY(ErrorOf(exprs).contains("expression too large"));
    std::string nested = "t = te.var('t')\nf = lambda x: x * x\ny = ";
    for (int i = 0; i < 60; ++i) nested += "f(";
    nested += "t" + std::string(60, ')') + "\n";
    QVERIFY(ErrorOf(nested).contains("expression too large"));
  }

  void binary_garbage_is_an_error_not_a_crash() {
    QRandomGenerator rng(5);
    for (int round = 0; round < 100; ++round) {
      std::string s(static_cast<size_t>(rng.bounded(1, 200)), '\0');
      for (char& c : s) c = static_cast<char>(rng.bounded(256));
      auto r = EvaluateScript(s, "garbage");
      QVERIFY(r.ok() || !r.error().message.empty());
    }
    auto deep = EvaluateScript(std::string(20000, '('), "deep.py");
    QVERIFY(!deep.ok());
  }
};

}  // namespace tst_evaluator

QTEST_APPLESS_MAIN(tst_evaluator::TestEvaluator)
#include "tst_evaluator.moc"
