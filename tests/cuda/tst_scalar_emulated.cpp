// A float scalar parameter (b = te.var("b", dtype="float32")) in CUDA kernels: the host
// program passes its bits in the kernel's argument slot (CudaHostProgram's PackFloat)
// and the emulator's packed entry reads them as a float, not as a number to convert;
// the kernels' outputs match the te oracle reading the same b. Runs on the GPU
// emulator (no GPU needed; a host C++ compiler is).
#include <QtTest>

#include "reference/EmulatorCheck.h"
#include "runtime/cuda/Emulator.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tst_scalar_emulated {

using namespace tessera;

namespace {

const char* kScaleOnThreads =
    "import tvm\n"
    "from tvm import te\n"
    "n = te.var(\"n\")\n"
    "A = te.placeholder((n,), name=\"A\")\n"
    "b = te.var(\"b\", dtype=\"float32\")\n"
    "c = te.var(\"c\", dtype=\"float64\")\n"
    "B = te.compute((n,), lambda i: A[i] * b + c.astype(\"float32\"), name=\"B\")\n"
    "s = te.create_schedule(B.op)\n"
    "bx, tx = s[B].split(B.op.axis[0], factor=64)\n"
    "s[B].bind(bx, te.thread_axis(\"blockIdx.x\"))\n"
    "s[B].bind(tx, te.thread_axis(\"threadIdx.x\"))\n"
    "mod = tvm.lower(s, [A, B, b, c])\n";

}  // namespace

class TestScalarEmulated : public QObject {
  Q_OBJECT

 private slots:
  void floatScalarsReachTheKernels() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("the GPU emulator needs a host C++ compiler");
    auto p = script::EvaluateScript(kScaleOnThreads, "t.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = transform::LowerSchedule(*p->schedule, p->Arguments(), "cuda", "main",
                                            p->ScalarParameters());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    runtime::ScalarArgs scalars{{"n", 200}, {"b", -1.25}, {"c", 0.375}};
    auto report = reference::CheckOnEmulator(*p->schedule, p->Arguments(), *lowered, scalars);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
    QVERIFY2(report->ok(), (report->run_error + report->text).c_str());
  }
};

}  // namespace tst_scalar_emulated

QTEST_APPLESS_MAIN(tst_scalar_emulated::TestScalarEmulated)
#include "tst_scalar_emulated.moc"
