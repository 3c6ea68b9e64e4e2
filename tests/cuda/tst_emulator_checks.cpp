// The checks `tessera-cli run --target cuda-emulator --check` builds on, on deliberately
// broken kernels: a removed barrier is a race (the outputs change when the warps run in
// the other order between barriers), a store past the end of an array is an
// out-of-bounds write named with its kernel, buffer and element, and intact kernels
// give the same outputs in both orders.
#include <QtTest>

#include "CudaEmulator.h"
#include "CudaTestSupport.h"
#include "codegen/cuda/CudaLowering.h"
#include "reference/Compare.h"
#include "runtime/cuda/Emulator.h"

namespace tst_emulator_checks {

using namespace tessera;

namespace {

// Two warps per block share a 32 x 64 tile of A: thread j reads the element thread
// 63 - j wrote, so the copy and the reads must be separated by a barrier.
const std::string kSharedTranspose = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
C = te.compute(A.shape, lambda i, j: A[i, 63 - j] + 1.0, name="C")
s = te.create_schedule(C.op)
AA = s.cache_read(A, "shared", [C])
io, ii = s[C].split(C.op.axis[0], factor=32)
s[C].bind(io, te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
s[AA].compute_at(s[C], io)
s[AA].bind(AA.op.axis[1], te.thread_axis("threadIdx.x"))
)";

std::string WithoutBarriers(std::string source) {
  const std::string barrier = "__syncthreads();";
  for (size_t at = source.find(barrier); at != std::string::npos; at = source.find(barrier))
    source.erase(at, barrier.size());
  return source;
}

struct Emulation {
  std::unique_ptr<runtime::EmulatedCudaModule> module;
  std::vector<runtime::NDArray> inputs;
  transform::LoweredProgram lowered;
  codegen::CudaLowered cuda;
};

}  // namespace

class TestEmulatorChecks : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // Builds `script`'s kernels (after `edit`) and random inputs.
  bool Prepare(const std::string& script, const std::function<std::string(std::string)>& edit,
               Emulation* e) {
    auto program = testing::LoadScript(script);
    if (!program) return false;
    auto lowered = testing::LowerProgram(*program);
    if (!lowered) return false;
    e->lowered = *lowered;
    auto cuda = codegen::LowerForCUDA(e->lowered);
    if (!cuda) return false;
    e->cuda = std::move(*cuda);
    auto module =
        runtime::EmulatedCudaModule::Build(e->cuda.program, dir_.path().toStdString(), edit);
    if (!module) {
      qWarning("%s", module.error().message.c_str());
      return false;
    }
    e->module = std::move(*module);
    auto arrays = testing::MakeArrays(e->lowered.func, {}, 5);
    if (!arrays) return false;
    e->inputs = *arrays;
    return true;
  }

  // The outputs of one run in the given warp order.
  std::vector<runtime::NDArray> Run(Emulation& e, bool reversed, Status* status) {
    std::vector<runtime::NDArray> arrays = testing::CloneArrays(e.inputs);
    e.module->reverse_warp_order = reversed;
    *status = e.module->Call(arrays, {});
    return arrays;
  }

 private slots:
  void initTestCase() {
    if (runtime::EmulatedCudaModule::Compiler().empty())
      QSKIP("no C++ compiler on PATH: the emulation tests are skipped");
    QVERIFY(dir_.isValid());
  }

  void intactKernelIsTheSameInBothWarpOrders() {
    Emulation e;
    QVERIFY(Prepare(kSharedTranspose, {}, &e));
    Status a, b;
    auto forward = Run(e, false, &a);
    auto reversed = Run(e, true, &b);
    TSR_VERIFY_OK(a);
    TSR_VERIFY_OK(b);
    for (size_t i = 0; i < forward.size(); ++i)
      QVERIFY(reference::Compare(forward[i], reversed[i], reference::Tolerance{0, 0}).ok());
  }

  void missingBarrierChangesTheResultWithTheWarpOrder() {
    Emulation e;
    QVERIFY(Prepare(kSharedTranspose, WithoutBarriers, &e));
    Status a, b;
    auto forward = Run(e, false, &a);
    auto reversed = Run(e, true, &b);
    TSR_VERIFY_OK(a);
    TSR_VERIFY_OK(b);
    bool differs = false;
    for (size_t i = 0; i < forward.size(); ++i)
      differs |= !reference::Compare(forward[i], reversed[i], reference::Tolerance{0, 0}).ok();
    QVERIFY2(differs, "a kernel without its barrier gave the same result in both warp orders");
  }

  // The store of C moved 64 elements on: the last row lands past the end of C.
  void outOfBoundsWriteNamesKernelBufferAndElement() {
    auto shift = [](std::string source) {
      size_t at = source.find("C[");
      if (at != std::string::npos) source.replace(at, 2, "C[64 + ");
      return source;
    };
    Emulation e;
    QVERIFY(Prepare(kSharedTranspose, shift, &e));
    e.module->guard_bytes = 4096;
    Status s;
    Run(e, false, &s);
    QVERIFY(!s.ok());
    const std::string& m = s.error().message;
    QVERIFY2(m.find("out-of-bounds write") != std::string::npos, m.c_str());
    QVERIFY2(m.find("buffer C") != std::string::npos, m.c_str());
    QVERIFY2(m.find("element 4096") != std::string::npos, m.c_str());
    QVERIFY2(m.find(e.cuda.program.kernels[0].name) != std::string::npos, m.c_str());
    // The intact kernel leaves every guard zone as it was.
    Emulation plain;
    QVERIFY(Prepare(kSharedTranspose, {}, &plain));
    plain.module->guard_bytes = 4096;
    Status ok;
    Run(plain, false, &ok);
    TSR_VERIFY_OK(ok);
  }
};

}  // namespace tst_emulator_checks

QTEST_GUILESS_MAIN(tst_emulator_checks::TestEmulatorChecks)
#include "tst_emulator_checks.moc"
