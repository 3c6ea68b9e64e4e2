// The application's Run on a program with a scalar te.var parameter (b = te.var("b",
// dtype="float32") listed in tvm.lower's arguments): the document lowers it with b as a
// parameter, and Run gives b the CLI's default (1.5), the shape variable the document's
// value, and matches the te oracle reading the same values — no crash, no missing
// argument. An unlisted variable is a document error naming it, located at the
// tvm.lower call, not a crash either.
#include <QtTest>
#include <atomic>

#include "Evaluation.h"
#include "KernelRunner.h"
#include "codegen/LLVMBackend.h"

namespace tst_scalar_gui_run {

using namespace tessera;

namespace {

std::string ScaleScript(const std::string& list) {
  return "import tvm\n"
         "from tvm import te\n"
         "n = te.var(\"n\")\n"
         "A = te.placeholder((n,), name=\"A\")\n"
         "b = te.var(\"b\", dtype=\"float32\")\n"
         "B = te.compute((n,), lambda i: A[i] * b, name=\"B\")\n"
         "s = te.create_schedule(B.op)\n"
         "xo, xi = s[B].split(B.op.axis[0], factor=8)\n"
         "print(tvm.lower(s, [" +
         list + "], simple_mode=True))\n";
}

}  // namespace

class TestScalarGuiRun : public QObject {
  Q_OBJECT

 private slots:
  void runWithAScalarParameterMatchesTheOracle() {
    if (!codegen::LLVMAvailable()) QSKIP("Run compiles with LLVM; this build has none");
    views::DocumentState state = gui::Evaluate(ScaleScript("A, B, b"), "scale.py");
    QVERIFY2(state.errors.empty(),
             state.errors.empty() ? "" : state.errors.front().format().c_str());
    QVERIFY(state.function);
    gui::RunRequest request;
    request.program = state.program;
    request.function = state.function;
    request.shape_var_value = 40;
    std::atomic<bool> cancel{false};
    gui::RunResult r = gui::RunKernel(request, cancel, [](int, const std::string&) {});
    QVERIFY2(r.ok, r.message.c_str());
    QVERIFY(r.checked);
    QVERIFY2(r.matches, r.message.c_str());
  }

  void unlistedVariableIsADocumentError() {
    views::DocumentState state = gui::Evaluate(ScaleScript("A, B"), "scale.py");
    QVERIFY(!state.function);
    bool named = false;
    for (const Error& e : state.errors)
      if (e.message.find("variable b (float32) is not bound") != std::string::npos) {
        named = true;
        QCOMPARE(e.loc.line, 9);  // the tvm.lower call whose list left b out
      }
    QVERIFY(named);
  }
};

}  // namespace tst_scalar_gui_run

QTEST_MAIN(tst_scalar_gui_run::TestScalarGuiRun)
#include "tst_scalar_gui_run.moc"
