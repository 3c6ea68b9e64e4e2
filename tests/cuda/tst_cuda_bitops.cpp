// The bit operators in CUDA kernels: tests/tvm_programs/bitwise_unpack_gpu.py (4-bit
// unpacking with shifts, masks, xor / or / not) lowers to one kernel whose source
// writes them as C operators — a signed left shift through the unsigned type, the
// uint32 shift right on an unsigned operand — and NVRTC compiles it to PTX (no GPU
// needed; skipped where NVRTC is missing). The run itself is checked against the te
// oracle on the emulator by tst_tvm_programs.
#include <QtTest>
#include <fstream>
#include <sstream>

#include "CudaTestSupport.h"
#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"

namespace tst_cuda_bitops {

using namespace tessera;
using namespace tessera::codegen;
using namespace tessera::testing;

namespace {

Result<std::string> BitopsKernelSource() {
  std::string path = SourceDir() + "/tests/tvm_programs/bitwise_unpack_gpu.py";
  std::ifstream in(path);
  if (!in) return Error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  Result<transform::LoweredProgram> lowered = LowerText(text.str());
  if (!lowered) return lowered.error();
  return EmitCUDASource(*lowered, {});
}

}  // namespace

class TestCudaBitops : public QObject {
  Q_OBJECT

 private slots:
  void kernel_writes_c_operators() {
    Result<std::string> source = BitopsKernelSource();
    TSR_VERIFY_OK(source);
    for (const char* expected :
         {" >> ", " & 15)", " ^ ", " | ", "(~", "((uint32_t)", "((int32_t)((uint32_t)"})
      QVERIFY2(source->find(expected) != std::string::npos,
               (std::string("missing: ") + expected + "\n" + *source).c_str());
    QVERIFY2(source->find("shift_right") == std::string::npos, source->c_str());
    QVERIFY2(source->find("bitwise_") == std::string::npos, source->c_str());
  }

  void kernel_compiles_to_ptx() {
    if (!NVRTCAvailable()) QSKIP(NVRTCVersion().c_str());
    Result<std::string> source = BitopsKernelSource();
    TSR_VERIFY_OK(source);
    Result<std::string> ptx = CompileToPTX(*source, "sm_80");
    TSR_VERIFY_OK(ptx);
    QVERIFY(ptx->find(".entry main_kernel0") != std::string::npos);
    QVERIFY(ptx->find("shr.u32") != std::string::npos || ptx->find("bfe.u32") != std::string::npos);
  }
};

}  // namespace tst_cuda_bitops

QTEST_APPLESS_MAIN(tst_cuda_bitops::TestCudaBitops)
#include "tst_cuda_bitops.moc"
