// te.extern (TVM parity): an op whose outputs a statement writes — an ir_builder loop
// nest over its buffers, or a call_packed of runtime code. Evaluated from scripts,
// bounded as TVM bounds an extern (inputs read whole, outputs realized whole), lowered
// with the buffers bound to the realized tensors, run (interpreter and LLVM) and checked
// against the te oracle (which runs the body itself; its values are checked by hand);
// the refusals (compute_inline of an extern, a wrong fcompute result, a packed call at
// run time) with their messages. Also the small tutorial stops that came with it:
// `del`, dtype "float", a pragma with a string value.
#include <QtTest>

#include "TeTestSupport.h"
#include "codegen/ExternCalls.h"
#include "ir/ExprOp.h"
#include "schedule/Bound.h"
#include "schedule/Normalize.h"
#include "schedule/Primitives.h"
#include "script/export/ScriptPrinter.h"
#include "te/Extern.h"

namespace tst_extern {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// TVM's ir_builder test (test_tir_ir_builder.py test_cpu): C = A + B written as a loop,
// then D = C * 2.
std::string VectorAddScript(const std::string& schedule, const std::string& n = "64") {
  return std::string(kHeader) + "n = " + n +
         "\n"
         "A = te.placeholder((n,), name=\"A\")\n"
         "B = te.placeholder((n,), name=\"B\")\n"
         "def body(A, B, C):\n"
         "    ib = tvm.tir.ir_builder.create()\n"
         "    Aptr = ib.buffer_ptr(A)\n"
         "    Bptr = ib.buffer_ptr(B)\n"
         "    Cptr = ib.buffer_ptr(C)\n"
         "    with ib.for_range(0, n, name=\"i\") as i:\n"
         "        Cptr[i] = Aptr[i] + Bptr[i]\n"
         "    return ib.get()\n"
         "C = te.extern(A.shape, [A, B], lambda ins, outs: body(ins[0], ins[1], outs[0]), "
         "name=\"C\")\n"
         "D = te.compute((n,), lambda i: C[i] * 2.0, name=\"D\")\n"
         "s = te.create_schedule(D.op)\n" +
         schedule;
}

// A running sum per row (2-d buffers, if/else, a read of the output being written),
// fed by a compute stage.
std::string RowScanScript(const std::string& schedule) {
  return std::string(kHeader) +
         "m = te.var(\"m\")\n"
         "X = te.placeholder((m, 8), name=\"X\")\n"
         "Y = te.compute((m, 8), lambda i, j: X[i, j] + 1.0, name=\"Y\")\n"
         "def prefix(ins, outs):\n"
         "    ib = tvm.tir.ir_builder.create()\n"
         "    out = ib.buffer_ptr(outs[0])\n"
         "    with ib.for_range(0, m, name=\"i\") as i:\n"
         "        with ib.for_range(0, 8, name=\"j\") as j:\n"
         "            with ib.if_scope(j == 0):\n"
         "                out[i, j] = ins[0][i, j]\n"
         "            with ib.else_scope():\n"
         "                out[i, j] = out[i, j - 1] + ins[0][i, j]\n"
         "    return ib.get()\n"
         "S = te.extern((m, 8), [Y], prefix, name=\"S\")\n"
         "Z = te.compute((m, 8), lambda i, j: S[i, j] - Y[i, j], name=\"Z\")\n"
         "s = te.create_schedule(Z.op)\n" +
         schedule;
}

const runtime::ScalarArgs kRows{{"m", 5}};

}  // namespace

class TestExtern : public QObject {
  Q_OBJECT

 private slots:
  void vectorAddMatchesTheOracle() {
    auto p = script::EvaluateScript(VectorAddScript("xo, xi = s[D].split(D.op.axis[0], factor=8)\n"
                                                    "s[D].vectorize(xi)\n"),
                                    "add.py");
    TE_VERIFY_OK(p);
    auto* op = dynamic_cast<const te::ExternOpNode*>(p->schedule->find("C")->op.get());
    QVERIFY(op);
    QCOMPARE(op->inputs.size(), size_t(2));
    QVERIFY(p->schedule->find("C")->leaf_iter_vars.empty());  // no IterVars of its own
    // TVM's ExternOp fields, read from the script.
    auto fields = script::EvaluateScript(
        VectorAddScript("assert len(C.op.inputs) == 2 and C.op.inputs[1] == B\n"
                        "assert C.op.input_placeholders[0].name == \"A\"\n"
                        "assert C.op.output_placeholders[0].shape[0] == n\n"
                        "body = C.op.body\n"),
        "add.py");
    TE_VERIFY_OK(fields);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // ib.allocate inside the body (a local scratch per iteration of a parallel loop),
  // if / else on it, and ib.likely (test_tir_ir_builder.py's idioms), on int32.
  void localAllocationsAndLikelyInTheBody() {
    auto p = script::EvaluateScript(
        std::string(kHeader) +
            "n = 32\n"
            "A = te.placeholder((n,), name=\"A\", dtype=\"int32\")\n"
            "def body(ins, outs):\n"
            "    ib = tvm.tir.ir_builder.create()\n"
            "    a, c = ib.buffer_ptr(ins[0]), ib.buffer_ptr(outs[0])\n"
            "    with ib.for_range(0, n, name=\"i\", kind=\"parallel\") as i:\n"
            "        t = ib.allocate(\"int32\", (1,), name=\"t\", scope=\"local\")\n"
            "        t[0] = a[i] * 3\n"
            "        with ib.if_scope(ib.likely(tvm.tir.floormod(t[0], 2) == 1)):\n"
            "            c[i] = t[0] + 1\n"
            "        with ib.else_scope():\n"
            "            c[i] = t[0] // 2\n"
            "    return ib.get()\n"
            "C = te.extern((n,), [A], body, name=\"C\")\n"
            "D = te.compute((n,), lambda i: C[i] + 1, name=\"D\")\n"
            "s = te.create_schedule(D.op)\n"
            "xo, xi = s[D].split(D.op.axis[0], factor=4)\n",
        "alloc.py");
    TE_VERIFY_OK(p);
    QCOMPARE(p->schedule->find("C")->op->output_dtype(0).str(), std::string("int32"));
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // TVM's test_extern_multi_out: two outputs (a list of shapes), each a tensor of the op.
  void twoOutputsMatchTheOracle() {
    auto p = script::EvaluateScript(
        std::string(kHeader) +
            "n = 16\n"
            "A = te.placeholder((n,), name=\"A\")\n"
            "B = te.compute((n,), lambda i: A[i] * 10.0, name=\"B\")\n"
            "def body(ins, outs):\n"
            "    ib = tvm.tir.ir_builder.create()\n"
            "    a, b = ib.buffer_ptr(ins[0]), ib.buffer_ptr(ins[1])\n"
            "    s, d = ib.buffer_ptr(outs[0]), ib.buffer_ptr(outs[1])\n"
            "    with ib.for_range(0, n, name=\"i\") as i:\n"
            "        s[i] = a[i] + b[i]\n"
            "        d[i] = b[i] - a[i]\n"
            "    return ib.get()\n"
            "S, D = te.extern([A.shape, A.shape], [A, B], body, name=\"SD\")\n"
            "E = te.compute((n,), lambda i: S[i] * D[i], name=\"E\")\n"
            "s = te.create_schedule(E.op)\n"
            "xo, xi = s[E].split(E.op.axis[0], factor=4)\n",
        "multi.py");
    TE_VERIFY_OK(p);
    const te::Operation& op = p->schedule->find("SD")->op;
    QCOMPARE(op->num_outputs(), 2);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // The oracle runs the body itself: row sums of X + 1, minus Y, by hand.
  void oracleRunsTheBody() {
    auto p = script::EvaluateScript(RowScanScript(""), "scan.py");
    TE_VERIFY_OK(p);
    std::vector<te::Tensor> args = p->Arguments();  // X, Z
    QCOMPARE(args.size(), size_t(2));
    auto x = runtime::NDArray::Empty({2, 8}, ir::DataType::Float(32));
    TE_VERIFY_OK(x);
    for (int e = 0; e < 16; ++e) x->SetDouble(e, e);
    reference::TensorArrays inputs{{args[0].get(), *x}};
    auto out = reference::EvaluateReference({args[1]}, inputs, {{"m", 2}});
    TE_VERIFY_OK(out);
    for (int i = 0; i < 2; ++i) {
      double sum = 0;
      for (int j = 0; j < 8; ++j) {
        double y = i * 8 + j + 1.0;
        sum += y;
        QCOMPARE((*out)[0].GetDouble(i * 8 + j), sum - y);
      }
    }
  }

  void rowScanMatchesTheOracle() {
    auto p = script::EvaluateScript(RowScanScript("yo, yi = s[Y].split(Y.op.axis[1], factor=4)\n"
                                                  "s[Z].parallel(Z.op.axis[0])\n"),
                                    "scan.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kRows));
  }

  // TVM's extern rules: the producer Y is needed whole by S (every row, every column),
  // S is realized whole, the lowered body stores into S and loads Y.
  void inputsNeededWholeOutputsRealizedWhole() {
    auto p = script::EvaluateScript(RowScanScript(""), "scan.py");
    TE_VERIFY_OK(p);
    schedule::Schedule n = schedule::Normalize(*p->schedule);
    auto rmap = schedule::InferBound(n);
    TE_VERIFY_OK(rmap);
    auto* y = dynamic_cast<const te::ComputeOpNode*>(n.find("Y")->op.get());
    // m is a te.var (not a size_var), so the rows needed are max(m, 0).
    QCOMPARE(QString::fromStdString(ir::to_string(rmap->at(y->axis[0]).extent)),
             QString("max(m, 0)"));
    QCOMPARE(QString::fromStdString(ir::to_string(rmap->at(y->axis[1]).extent)), QString("8"));
    auto text = LoweredText(*p);
    TE_VERIFY_OK(text);
    QVERIFY2(Contains(*text, "S["), text->c_str());
    QVERIFY2(Contains(*text, "Y["), text->c_str());
  }

  // TVM lets an extern be computed at a consumer's loop: it runs whole in every iteration.
  void computeAtAConsumerLoopRunsItWhole() {
    auto p = script::EvaluateScript(VectorAddScript("xo, xi = s[D].split(D.op.axis[0], factor=16)\n"
                                                    "s[C].compute_at(s[D], xo)\n"),
                                    "add.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // The extern and its producer both at the consumer's row loop: the producer is still
  // computed whole there (the extern needs all of it), so the result is right; the
  // producer alone at that loop is refused (the extern reads it outside the loop).
  void producerBesideTheExternAtAConsumerLoop() {
    auto p = script::EvaluateScript(RowScanScript("s[S].compute_at(s[Z], Z.op.axis[0])\n"
                                                  "s[Y].compute_at(s[Z], Z.op.axis[0])\n"),
                                    "scan.py");
    TE_VERIFY_OK(p);
    TE_VERIFY_OK(RunAndCheck(*p, kRows));
    auto alone =
        script::EvaluateScript(RowScanScript("s[Y].compute_at(s[Z], Z.op.axis[0])\n"), "scan.py");
    TE_VERIFY_OK(alone);
    auto lowered = transform::LowerSchedule(*alone->schedule, alone->Arguments(), "llvm");
    QVERIFY(!lowered.ok());
    QVERIFY2(Contains(lowered.error().message, "S reads it outside that loop"),
             lowered.error().message.c_str());
  }

  // cache_read of an extern's input: the extern reads the cache through the same buffer.
  void cacheReadOfAnInputFeedsTheExtern() {
    auto p = script::EvaluateScript(VectorAddScript("AA = s.cache_read(A, \"global\", [C])\n"),
                                    "add.py");
    TE_VERIFY_OK(p);
    auto* op = dynamic_cast<const te::ExternOpNode*>(p->schedule->find("C")->op.get());
    QVERIFY(op);
    QCOMPARE(QString::fromStdString(op->inputs[0].name()), QString("A.global"));
    TE_VERIFY_OK(RunAndCheck(*p));
  }

  // TVM's InjectInline: "can only inline compute op".
  void computeInlineOfAnExternIsRefused() {
    std::string error = ScriptError(VectorAddScript("s[C].compute_inline()\n"));
    QVERIFY2(Contains(error, "t.py:17:") && Contains(error, "C is a te.extern"), error.c_str());
  }

  void fcomputeMustReturnAStatement() {
    std::string error =
        ScriptError(std::string(kHeader) +
                    "A = te.placeholder((8,), name=\"A\")\n"
                    "B = te.extern((8,), [A], lambda ins, outs: \"nothing\", name=\"B\")\n");
    QVERIFY2(Contains(error, "t.py:4:") && Contains(error, "should return a statement") &&
                 Contains(error, "returned str"),
             error.c_str());
    error =
        ScriptError(std::string(kHeader) +
                    "A = te.placeholder((8,), name=\"A\")\n"
                    "I = te.placeholder((8,), name=\"I\", dtype=\"int32\")\n"
                    "B = te.extern((8,), [A, I], lambda ins, outs: tvm.tir.call_packed(\"f\"))\n");
    QVERIFY2(Contains(error, "cannot infer the output type"), error.c_str());
    error =
        ScriptError(std::string(kHeader) +
                    "A = te.placeholder((8,), name=\"A\")\n"
                    "B = te.extern((8,), [A, 3], lambda ins, outs: tvm.tir.call_packed(\"f\"))\n");
    QVERIFY2(Contains(error, "expect inputs to be tensors"), error.c_str());
    // in_buffers: dtype as the input's; compact (Tessera binds by logical index).
    const std::string with_buffer = std::string(kHeader) + "A = te.placeholder((8,), name=\"A\")\n";
    error = ScriptError(with_buffer +
                        "Ab = tvm.tir.decl_buffer((8,), \"int32\", \"Ab\")\n"
                        "B = te.extern((8,), [A], lambda ins, outs: tvm.tir.call_packed(\"f\"), "
                        "in_buffers=[Ab])\n");
    QVERIFY2(Contains(error, "t.py:5:") && Contains(error, "holds int32 but the tensor is float32"),
             error.c_str());
    error = ScriptError(with_buffer +
                        "Ab = tvm.tir.decl_buffer((8,), \"float32\", \"Ab\", offset_factor=4)\n"
                        "B = te.extern((8,), [A], lambda ins, outs: tvm.tir.call_packed(\"f\"), "
                        "in_buffers=Ab)\n");
    QVERIFY2(Contains(error, "buffer Ab has strides or an element offset"), error.c_str());
    error = ScriptError(with_buffer +
                        "B = te.extern((8,), [A], lambda ins, outs: tvm.tir.call_packed(\"f\"), "
                        "out_buffers=[])\n");
    QVERIFY2(Contains(error, "number of outputs and out_buffers mismatch: 1 vs 0"), error.c_str());
  }

  // TVM's extern_op tutorial: cblas.matmul and a register_func function lower (the
  // packed call stays in the program) and `run` refuses them by name.
  void packedCallsLowerButDoNotRun() {
    auto p = script::EvaluateScript(
        std::string(kHeader) +
            "from tvm.contrib import cblas\n"
            "A = te.placeholder((16, 8), name=\"A\")\n"
            "B = te.placeholder((8, 4), name=\"B\")\n"
            "C = cblas.matmul(A, B)\n"
            "D = te.compute(C.shape, lambda i, j: C[i, j] + 1.0, name=\"D\")\n"
            "s = te.create_schedule(D.op)\n",
        "mm.py");
    TE_VERIFY_OK(p);
    QCOMPARE(QString::fromStdString(ir::to_string(p->schedule->find("C")->op->output_shape(0)[1])),
             QString("4"));
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    Status refused = codegen::CheckNoExternCalls(lowered->func.body);
    QVERIFY(!refused.ok());
    QVERIFY2(Contains(refused.error().message, "packed function 'tvm.contrib.cblas.matmul'"),
             refused.error().message.c_str());
  }

  // The tutorial's last part: a @tvm.register_func Python function called with
  // call_packed, after its get_global_func check; run refuses the function by name.
  void registeredPythonFunctionIsRefusedByName() {
    auto p = script::EvaluateScript(
        std::string(kHeader) +
            "if not tvm.get_global_func(\"tvm.contrib.cblas.matmul\", allow_missing=True):\n"
            "    raise Exception(\"Not compiled with cblas support\")\n"
            "@tvm.register_func(\"tvm.contrib.my_tvm_addone\")\n"
            "def my_tvm_addone(x, y):\n"
            "    tvm.nd.array(x.numpy() + 1).copyto(y)\n"
            "A = te.placeholder((16,), name=\"A\")\n"
            "B = te.extern(A.shape, [A], lambda ins, outs: tvm.tir.call_packed(\n"
            "    \"tvm.contrib.my_tvm_addone\", ins[0], outs[0]), name=\"C\")\n"
            "s = te.create_schedule(B.op)\n",
        "addone.py");
    TE_VERIFY_OK(p);
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    Status refused = codegen::CheckNoExternCalls(lowered->func.body);
    QVERIFY2(!refused.ok() && Contains(refused.error().message, "'tvm.contrib.my_tvm_addone'"),
             refused.ok() ? "accepted" : refused.error().message.c_str());
  }

  void printsBackToTheSameProgram() {
    auto p = script::EvaluateScript(RowScanScript("s[Z].parallel(Z.op.axis[0])\n"), "scan.py");
    TE_VERIFY_OK(p);
    for (auto dialect : {script::ScriptDialect::Tessera, script::ScriptDialect::TVM}) {
      std::string printed = script::PrintScript(*p, dialect);
      QVERIFY2(Contains(printed, "te.extern((m, 8), [Y], prefix, name=\"S\")"), printed.c_str());
      auto again = script::EvaluateScript(printed, "b.py");
      TE_VERIFY_OK(again);
      TE_VERIFY_OK(RunAndCheck(*again, kRows));
    }
  }

  // The tutorial stops: `del` (tune_conv2d_layer_cuda.py), astype("float")
  // (opt_conv_tensorcore.py), a string pragma value (tensorize.py's import_llvm).
  void delUnbindsNamesItemsAndEntries() {
    auto p = script::EvaluateScript(
        std::string(kHeader) +
            "a, b = 1, 2\nlst = [1, 2, 3]\nd = {\"k\": 1, \"j\": 2}\n"
            "del a, lst[0]\ndel d[\"k\"]\n"
            "assert len(lst) == 2 and lst[0] == 2 and len(d) == 1\n"
            "A = te.placeholder((8,), name=\"A\")\n"
            "B = te.compute((8,), lambda i: A[i].astype(\"float\") + b, name=\"B\")\n"
            "s = te.create_schedule(B.op)\n",
        "del.py");
    TE_VERIFY_OK(p);
    QCOMPARE(p->schedule->find("B")->op->output_dtype(0).str(), std::string("float32"));
    std::string error = ScriptError("a = 1\ndel a\nb = a\n");
    QVERIFY2(Contains(error, "t.py:3:5:") && Contains(error, "name 'a' is not defined"),
             error.c_str());
    error = ScriptError("d = {}\ndel d[\"x\"]\n");
    QVERIFY2(Contains(error, "t.py:2:7:") && Contains(error, "KeyError"), error.c_str());
    error = ScriptError("x = 1\ndel x.y\n");
    QVERIFY2(Contains(error, "cannot delete attribute 'y'"), error.c_str());
    error = ScriptError(std::string(kHeader) + "y = tvm.tir.const(1, \"double\")\n");
    QVERIFY2(Contains(error, "double"), error.c_str());
  }

  void stringPragmaValuesArePrintedAndRefusedAtRun() {
    std::string base = std::string(kHeader) +
                       "A = te.placeholder((8,), name=\"A\")\n"
                       "B = te.compute((8,), lambda i: A[i] + 1.0, name=\"B\")\n"
                       "s = te.create_schedule(B.op)\n";
    auto p = script::EvaluateScript(
        base +
            "s[B].pragma(B.op.axis[0], \"import_llvm\", \"define void @f() {\\n  ret void\\n}\")\n",
        "p.py");
    TE_VERIFY_OK(p);
    std::string printed = script::PrintScript(*p, script::ScriptDialect::Tessera);
    auto again = script::EvaluateScript(printed, "b.py");
    TE_VERIFY_OK(again);
    QCOMPARE(again->schedule->trace.entries.back().strings.at("value"),
             std::string("define void @f() {\n  ret void\n}"));
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "llvm");
    TE_VERIFY_OK(lowered);
    Status refused = codegen::CheckNoExternCalls(lowered->func.body);
    QVERIFY2(!refused.ok() && Contains(refused.error().message, "pragma 'import_llvm'"),
             refused.ok() ? "accepted" : refused.error().message.c_str());
    // A value only the runtime knows (the tutorial's clang.create_llvm) is named.
    std::string error =
        ScriptError(base +
                    "from tvm.contrib import clang\n"
                    "s[B].pragma(B.op.axis[0], \"import_llvm\", clang.create_llvm(\"x\"))\n");
    QVERIFY2(Contains(error, "t.py:7:") && Contains(error, "clang.create_llvm") &&
                 !Contains(error, "must be an integer") && !Contains(error, "pragma(): pragma()"),
             error.c_str());
  }
};

}  // namespace tst_extern

QTEST_APPLESS_MAIN(tst_extern::TestExtern)
#include "tst_extern.moc"
