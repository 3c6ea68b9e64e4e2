// Scalar te.var parameters (TVM parity): `b = te.var("b", dtype="float32")` read by a
// compute body and listed in tvm.lower's arguments becomes a scalar parameter of the
// PrimFunc, in the order given (TVM's schedule_to_module: a Var argument is a param);
// a shape variable may be listed too (tvm.build(s, [A, n, B])). The kernel runs with
// typed scalar values (ScalarValue: an integer or a float), on the interpreter and the
// LLVM backend, both checked against the te oracle reading the same values. A variable
// the computation reads that is not listed is refused, naming it, as TVM refuses an
// unbound variable.
#include <QtTest>

#include "TeTestSupport.h"
#include "runtime/ArgBinder.h"
#include "script/export/ScriptPrinter.h"

namespace tst_scalar_params {

using namespace tessera;
using namespace tessera::te_testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// B = A * b with b a float32 scalar; `lower_args` is tvm.lower's list ("" for no call).
std::string ScaleScript(const std::string& lower_args, const std::string& dtype = "float32") {
  std::string s = std::string(kHeader) +
                  "n = te.var(\"n\")\n"
                  "A = te.placeholder((n,), name=\"A\", dtype=\"" +
                  dtype +
                  "\")\n"
                  "b = te.var(\"b\", dtype=\"" +
                  dtype +
                  "\")\n"
                  "B = te.compute((n,), lambda i: A[i] * b, name=\"B\")\n"
                  "s = te.create_schedule(B.op)\n"
                  "xo, xi = s[B].split(B.op.axis[0], factor=4)\n";
  if (!lower_args.empty()) s += "mod = tvm.lower(s, [" + lower_args + "], simple_mode=True)\n";
  return s;
}

script::ScriptProgram Evaluate(const std::string& source) {
  auto p = script::EvaluateScript(source, "t.py");
  if (!p) qFatal("%s", p.error().format().c_str());
  return std::move(p.value());
}

Result<transform::LoweredProgram> Lower(const script::ScriptProgram& p) {
  return transform::LowerSchedule(*p.schedule, p.Arguments(), "llvm", "main", p.ScalarParameters());
}

std::string ParamNames(const transform::PrimFunc& f) {
  std::string out;
  for (const auto& p : f.params)
    out += (out.empty() ? "" : ", ") + p.var.name() + ":" + p.var.dtype().str();
  return out;
}

}  // namespace

class TestScalarParams : public QObject {
  Q_OBJECT

 private slots:
  // TVM's order: the list as given, then (Tessera's ABI needs them) unlisted shape vars.
  void floatScalarIsAParameterInListOrder() {
    script::ScriptProgram p = Evaluate(ScaleScript("A, B, b"));
    auto lowered = Lower(p);
    TE_VERIFY_OK(lowered);
    QCOMPARE(ParamNames(lowered->func), std::string("A:handle, B:handle, b:float32, n:int32"));
    TE_VERIFY_OK(RunAndCheck(p, {{"b", 2.5}, {"n", 20}}));
  }

  // The scalar's value reaches the kernel: B = A * 2.5 element by element, on the
  // interpreter and (when built) LLVM; and a wrong value would not match the oracle.
  void floatScalarValueReachesBothBackends() {
    script::ScriptProgram p = Evaluate(ScaleScript("A, B, b", "float64"));
    auto lowered = Lower(p);
    TE_VERIFY_OK(lowered);
    runtime::ScalarArgs vars{{"b", 2.5}, {"n", 8}};
    for (int backend = 0; backend < 2; ++backend) {
      if (backend == 1 && !codegen::LLVMAvailable()) break;
      auto buffers =
          runtime::MakeKernelArguments(*p.schedule, p.Arguments(), lowered->func, vars, 3);
      TE_VERIFY_OK(buffers);
      if (backend == 0) {
        TE_VERIFY_OK(runtime::Interpret(lowered->func, *buffers, vars));
      } else {
        auto f = runtime::BuildLLVM(lowered->func);
        TE_VERIFY_OK(f);
        TE_VERIFY_OK(f->Call(*buffers, vars));
      }
      const double* a = static_cast<const double*>((*buffers)[0].data());
      const double* out = static_cast<const double*>((*buffers)[1].data());
      for (int i = 0; i < 8; ++i) QCOMPARE(out[i], a[i] * 2.5);
      auto checks = reference::CheckAgainstReference(*p.schedule, p.Arguments(), *buffers, vars);
      TE_VERIFY_OK(checks);
      QVERIFY((*checks)[0].result.ok());
      auto wrong = reference::CheckAgainstReference(*p.schedule, p.Arguments(), *buffers,
                                                    {{"b", 3.5}, {"n", 8}});
      TE_VERIFY_OK(wrong);
      QVERIFY(!(*wrong)[0].result.ok());
    }
  }

  // An int32 scalar read as an index offset and as a factor.
  void intScalar() {
    script::ScriptProgram p =
        Evaluate(std::string(kHeader) +
                 "off = te.var(\"off\")\n"
                 "A = te.placeholder((24,), name=\"A\", dtype=\"int32\")\n"
                 "B = te.compute((16,), lambda i: A[i + off] * off, name=\"B\")\n"
                 "s = te.create_schedule(B.op)\n"
                 "mod = tvm.lower(s, [A, off, B])\n");
    auto lowered = Lower(p);
    TE_VERIFY_OK(lowered);
    QCOMPARE(ParamNames(lowered->func), std::string("A:handle, off:int32, B:handle"));
    TE_VERIFY_OK(RunAndCheck(p, {{"off", 5}}));
  }

  // GEMM's alpha and beta and a row limit: scalars in a reduction's body and condition
  // and in a following stage.
  void scalarsInReductionBodyAndCondition() {
    script::ScriptProgram p =
        Evaluate(std::string(kHeader) +
                 "alpha = te.var(\"alpha\", dtype=\"float32\")\n"
                 "beta = te.var(\"beta\", dtype=\"float32\")\n"
                 "lim = te.var(\"lim\")\n"
                 "A = te.placeholder((8, 16), name=\"A\")\n"
                 "C = te.placeholder((8,), name=\"C\")\n"
                 "k = te.reduce_axis((0, 16), name=\"k\")\n"
                 "S = te.compute((8,), lambda i: te.sum(A[i, k] * alpha, axis=k, where=k < lim), "
                 "name=\"S\")\n"
                 "D = te.compute((8,), lambda i: S[i] + beta * C[i], name=\"D\")\n"
                 "s = te.create_schedule(D.op)\n"
                 "s[S].compute_at(s[D], D.op.axis[0])\n"
                 "mod = tvm.lower(s, [A, C, D, alpha, beta, lim])\n");
    auto lowered = Lower(p);
    TE_VERIFY_OK(lowered);
    QCOMPARE(ParamNames(lowered->func),
             std::string("A:handle, C:handle, D:handle, alpha:float32, beta:float32, lim:int32"));
    TE_VERIFY_OK(RunAndCheck(p, {{"alpha", 0.5}, {"beta", -2.0}, {"lim", 11}}));
  }

  // tvm.build(s, [A, n, B]): a shape variable listed explicitly keeps its place; arrays
  // still determine its value.
  void explicitShapeVarInList() {
    std::string source = ScaleScript("") + "f = tvm.build(s, [A, n, b, B], \"llvm\")\n";
    script::ScriptProgram p = Evaluate(source);
    auto lowered = Lower(p);
    TE_VERIFY_OK(lowered);
    QCOMPARE(ParamNames(lowered->func), std::string("A:handle, n:int32, b:float32, B:handle"));
    TE_VERIFY_OK(RunAndCheck(p, {{"n", 12}, {"b", 0.25}}));
    // The script's own module prints the parameters in that order.
    auto printed = script::EvaluateScript(
        ScaleScript("A, n, B, b") +
            "assert mod[\"main\"].script().startswith(\"# PrimFunc main(A, n, B, b)\\n\")\n",
        "t.py");
    TE_VERIFY_OK(printed);
  }

  // TVM: a variable the computation reads must be an argument. The error names it, where
  // the module is read (the line of tvm.lower) and in the CLI's lowering.
  void unlistedVariableIsAnError() {
    script::ScriptProgram p = Evaluate(ScaleScript("A, B"));
    auto lowered = Lower(p);
    QVERIFY(!lowered);
    QVERIFY2(lowered.error().message.find("variable b (float32) is not bound") != std::string::npos,
             lowered.error().message.c_str());
    auto printed = script::EvaluateScript(ScaleScript("A, B") + "f = mod[\"main\"]\n", "t.py");
    QVERIFY(!printed);
    std::string message = printed.error().format();
    QVERIFY2(message.find("t.py:10:") == 0, message.c_str());
    QVERIFY2(message.find("tvm.lower on line 9") != std::string::npos, message.c_str());
    QVERIFY2(message.find("variable b (float32) is not bound") != std::string::npos,
             message.c_str());
  }

  // Without an argument list, every variable the computation reads is a trailing
  // parameter (the CLI runs such scripts); the TVM export lists it.
  void noListBindsReadVariables() {
    script::ScriptProgram p = Evaluate(ScaleScript(""));
    auto lowered = Lower(p);
    TE_VERIFY_OK(lowered);
    QCOMPARE(ParamNames(lowered->func), std::string("A:handle, B:handle, n:int32, b:float32"));
    std::string tvm = script::PrintScript(p, script::ScriptDialect::TVM);
    QVERIFY2(tvm.find("tvm.lower(s, [A, B, b], simple_mode=True)") != std::string::npos,
             tvm.c_str());
  }

  // The export passes the list as written, scalars in place; printing is a fixed point.
  void exportKeepsTheListAsWritten() {
    script::ScriptProgram p = Evaluate(ScaleScript("A, b, B"));
    std::string tvm = script::PrintScript(p, script::ScriptDialect::TVM);
    QVERIFY2(tvm.find("tvm.lower(s, [A, b, B], simple_mode=True)") != std::string::npos,
             tvm.c_str());
    std::string printed = script::PrintScript(p);
    auto again = script::EvaluateScript(printed, "again.py");
    TE_VERIFY_OK(again);
    QCOMPARE(script::PrintScript(*again), printed);
  }

  void badListItems_data() {
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("expected");
    QTest::newRow("constant") << "A, B, 2"
                              << "item 2 is int";
    QTest::newRow("expression") << "A, B, b * 2"
                                << "item 2 is PrimExpr (an expression, not a variable)";
    QTest::newRow("twice") << "A, B, b, b"
                           << "lists the variable b twice";
  }
  void badListItems() {
    QFETCH(QString, args);
    QFETCH(QString, expected);
    auto p = script::EvaluateScript(ScaleScript(args.toStdString()), "t.py");
    QVERIFY(!p);
    std::string message = p.error().format();
    QVERIFY2(message.find("t.py:9:") == 0, message.c_str());
    QVERIFY2(message.find(expected.toStdString()) != std::string::npos, message.c_str());
  }

  // How values print (run's "scalar b = 2.5" lines, error messages) and where a float
  // has no integer (no undefined cast: UBSan halts on one).
  void scalarValueTextAndRange() {
    QCOMPARE(runtime::ScalarValue(2.5).str(), std::string("2.5"));
    QCOMPARE(runtime::ScalarValue(0.1).str(), std::string("0.1"));
    QCOMPARE(runtime::ScalarValue(int64_t{-7}).str(), std::string("-7"));
    QCOMPARE(runtime::ScalarValue(5e-324).str(), std::string("5e-324"));
    runtime::ScalarValue huge(1e30);
    QCOMPARE(huge.as_int(), int64_t{0});
    QVERIFY(!huge.is_integral());
    QVERIFY(runtime::ScalarValue(3.0).is_integral());
    QVERIFY(!(runtime::ScalarValue(3.0) == runtime::ScalarValue(int64_t{3})));
  }

  // The binder converts and checks each value against its parameter's type.
  void binderChecksTypes_data() {
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("is_float");
    QTest::addColumn<QString>("expected");  // "" when accepted
    QTest::newRow("float for int32")
        << "int32" << 2.5 << true << "c = 2.5 is not a whole number; c is int32";
    QTest::newRow("whole float for int32") << "int32" << 3.0 << true << "";
    QTest::newRow("int for float32") << "float32" << 3.0 << false << "";
    QTest::newRow("out of int8") << "int8" << 300.0 << false << "c = 300 does not fit int8";
    QTest::newRow("bool 2") << "bool" << 2.0 << false << "c = 2 is not a bool (0 or 1)";
    QTest::newRow("bool 1") << "bool" << 1.0 << false << "";
  }
  void binderChecksTypes() {
    QFETCH(QString, dtype);
    QFETCH(double, value);
    QFETCH(bool, is_float);
    QFETCH(QString, expected);
    ir::Var c("c", ir::DataType::parse(dtype.toStdString()).value());
    runtime::ScalarValue v =
        is_float ? runtime::ScalarValue(value) : runtime::ScalarValue(static_cast<int64_t>(value));
    Status st = runtime::CheckScalarArgument(c, v);
    if (expected.isEmpty()) {
      TE_VERIFY_OK(st);
    } else {
      QVERIFY(!st);
      QVERIFY2(st.error().message.find(expected.toStdString()) != std::string::npos,
               st.error().message.c_str());
    }
  }
};

}  // namespace tst_scalar_params

QTEST_APPLESS_MAIN(tst_scalar_params::TestScalarParams)
#include "tst_scalar_params.moc"
