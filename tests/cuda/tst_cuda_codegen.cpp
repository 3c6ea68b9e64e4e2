// CUDA source generation and NVRTC compilation of the shipped GPU examples
// (resources/examples/gpu_*.py): each lowers through the pipeline and the GPU passes
// into kernels whose CUDA C++ has the expected shape (thread indices, shared arrays,
// barriers where shared memory is written then read), and NVRTC compiles that source
// to PTX with an `.entry` per kernel — no GPU needed.
#include <QtTest>

#include "CudaTestSupport.h"
#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"

namespace tst_cuda_codegen {

using namespace tessera;
using namespace tessera::codegen;
using namespace tessera::testing;

namespace {

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
    ++n;
  return n;
}

Result<std::string> ExampleSource(const std::string& name, const CudaOptions& options = {}) {
  Result<transform::LoweredProgram> lowered = LowerExample(name);
  if (!lowered) return lowered.error();
  return EmitCUDASource(*lowered, options);
}

}  // namespace

class TestCudaCodegen : public QObject {
  Q_OBJECT

 private slots:
  // What each example's kernel must (and must not) contain, and how many barriers.
  void examples_generate_kernels_data() {
    QTest::addColumn<QString>("example");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QStringList>("absent");
    QTest::addColumn<int>("barriers");
    QTest::newRow("element-wise: one thread per element, tail guard")
        << "gpu_elementwise"
        << QStringList{"extern \"C\" __global__ void __launch_bounds__(256) main_kernel0(",
                       "const float* __restrict__ A",
                       "float* __restrict__ C",
                       "int32_t n",
                       "((int)blockIdx.x)",
                       "((int)threadIdx.x)",
                       "< n)",
                       "expf(",
                       "main_kernel0<<<dim3(((n + 255) / 256), 1, 1), dim3(256, 1, 1)>>>(A, B, C, "
                       "n)"}
        << QStringList{"__shared__", "__syncthreads()"} << 0;
    QTest::newRow("reduction: a register sum per thread, warp shuffles, thread 0 writes")
        << "gpu_reduction"
        << QStringList{"float B_acc[1];",
                       "__shfl_down_sync(4294967295ull, red_v[0], 16, 32)",
                       "__shared__ float red_buf[8];",
                       "__shfl_sync(4294967295ull, red_v[0], 0, 32)",
                       "if ((((int)threadIdx.x) == 0)) {",
                       "__launch_bounds__(256)"}
        << QStringList{"tsr_dynamic_shared", "B_rf"} << 2;
    QTest::newRow("softmax: two cross-thread reductions per row, then the normalisation")
        << "gpu_softmax"
        << QStringList{"__shared__ float maxelem[1];",
                       "__shared__ float expsum[1];",
                       "__shared__ float red_buf[4];",
                       "__shfl_down_sync(",
                       "fmaxf(",
                       "expf(",
                       "__launch_bounds__(128)"}
        << QStringList{"maxelem_rf", "expsum_rf"} << 6;
    QTest::newRow("tiled GEMM: shared tiles, register tile, barriers around reuse")
        << "gpu_gemm"
        << QStringList{"__shared__ float A_shared[1024];",
                       "__shared__ float B_shared[1024];",
                       "float C_local[64];",
                       "((int)threadIdx.y)",
                       "((int)blockIdx.y)",
                       "__launch_bounds__(256)",
                       "grid (8, 8, 1), block (16, 16, 1), 8192 bytes of shared memory"}
        << QStringList{"__shared__ float C_local"} << 2;
  }
  void examples_generate_kernels() {
    QFETCH(QString, example);
    QFETCH(QStringList, expected);
    QFETCH(QStringList, absent);
    QFETCH(int, barriers);
    Result<std::string> source = ExampleSource(example.toStdString());
    TSR_VERIFY_OK(source);
    QCOMPARE(Count(*source, "__global__"), 1);
    for (const QString& e : expected)
      QVERIFY2(source->find(e.toStdString()) != std::string::npos,
               qPrintable("missing: " + e + "\n" + QString::fromStdString(*source)));
    for (const QString& a : absent)
      QVERIFY2(source->find(a.toStdString()) == std::string::npos, qPrintable("unexpected: " + a));
    QCOMPARE(Count(*source, "__syncthreads();"), barriers);
  }

  // The GEMM's k loop: a barrier before the tiles are overwritten (the previous
  // iteration may still read them) and one before they are read.
  void gemm_barriers_surround_the_shared_tiles() {
    Result<std::string> source = ExampleSource("gpu_gemm");
    TSR_VERIFY_OK(source);
    size_t loop = source->find("for (int32_t k_outer = 0; k_outer < 128; ++k_outer) {");
    QVERIFY(loop != std::string::npos);
    size_t first = source->find("__syncthreads();", loop);
    size_t fetch = source->find("A_shared[", loop);
    size_t second = source->find("__syncthreads();", first + 1);
    size_t use = source->find("C_local[0] = (C_local[0] + (A_shared[", loop);
    QVERIFY(first < fetch && fetch < second && second < use);
  }

  void ptx_compiles_for_every_example_data() {
    QTest::addColumn<QString>("example");
    for (const char* e : {"gpu_elementwise", "gpu_reduction", "gpu_softmax", "gpu_gemm"})
      QTest::newRow(e) << e;
  }
  void ptx_compiles_for_every_example() {
    if (!NVRTCAvailable()) QSKIP(NVRTCVersion().c_str());
    QFETCH(QString, example);
    Result<std::string> source = ExampleSource(example.toStdString());
    TSR_VERIFY_OK(source);
    Result<std::string> ptx = CompileToPTX(*source, "sm_90");
    TSR_VERIFY_OK(ptx);
    QVERIFY(ptx->find(".entry main_kernel0") != std::string::npos);
    QVERIFY(ptx->find(".target sm_90") != std::string::npos);
  }

  void cubin_is_machine_code_for_one_architecture() {
    if (!NVRTCAvailable()) QSKIP(NVRTCVersion().c_str());
    Result<std::string> source = ExampleSource("gpu_elementwise");
    TSR_VERIFY_OK(source);
    Result<std::string> cubin = CompileToCUBIN(*source, "sm_80");
    TSR_VERIFY_OK(cubin);
    QVERIFY(cubin->size() > 4);
    QCOMPARE(cubin->substr(0, 4), std::string("\x7f"
                                              "ELF"));
  }

  void nvrtc_errors_are_messages() {
    if (!NVRTCAvailable()) QSKIP(NVRTCVersion().c_str());
    Result<std::string> bad =
        CompileToPTX("extern \"C\" __global__ void k() { undeclared = 1; }", "sm_90");
    QVERIFY(!bad);
    QVERIFY2(bad.error().message.find("NVRTC could not compile") != std::string::npos,
             bad.error().message.c_str());
    QVERIFY2(bad.error().message.find("undeclared") != std::string::npos,
             bad.error().message.c_str());
    Result<std::string> arch = CompileToPTX("", "sm_10");
    QVERIFY(!arch);
    QVERIFY2(arch.error().message.find("cannot compile for sm_10") != std::string::npos,
             arch.error().message.c_str());
    QVERIFY2(arch.error().message.find("sm_90") != std::string::npos,
             "the message lists the supported architectures");
    Result<std::string> word = CompileToPTX("", "volta");
    QVERIFY(!word);
    QVERIFY(word.error().message.find("not a CUDA architecture") != std::string::npos);
  }

  void arch_numbers() {
    QCOMPARE(ArchNumber("sm_90"), 90);
    QCOMPARE(ArchNumber("sm_90a"), 90);
    QCOMPARE(ArchNumber("sm_120"), 120);
    QCOMPARE(ArchNumber("compute_90"), 0);
    QCOMPARE(ArchNumber("sm_9"), 0);
    QCOMPARE(ArchNumber("sm_x0"), 0);
  }

  // The GPU passes follow the pipeline in the timeline the GUI and the CLI show.
  void timeline_records_the_gpu_passes() {
    Result<transform::LoweredProgram> lowered = LowerText(kRfactorReductionScript);
    TSR_VERIFY_OK(lowered);
    Result<CudaLowered> cuda = LowerForCUDA(*lowered);
    TSR_VERIFY_OK(cuda);
    size_t n = lowered->timeline.size();
    QCOMPARE(cuda->timeline.size(), n + CudaPassNames().size());
    QCOMPARE(cuda->timeline[n].pass, std::string("ThreadStorageScope"));
    QCOMPARE(cuda->timeline[n + 1].pass, std::string("ThreadLaunch"));
    QCOMPARE(cuda->timeline[n + 2].pass, std::string("ThreadSync"));
    QCOMPARE(cuda->timeline[n + 3].pass, std::string("LowerThreadAllreduce"));
    QVERIFY(cuda->timeline[n].ir.find("storage_scope = shared") != std::string::npos);
    QVERIFY(cuda->timeline[n + 2].ir.find("tvm_storage_sync(\"shared\")") != std::string::npos);
  }

  // A vectorized loop inside a thread: the vector statement runs lane by lane.
  void vectorized_loop_runs_lane_by_lane() {
    Result<transform::LoweredProgram> lowered = LowerText(kVectorizedScript);
    TSR_VERIFY_OK(lowered);
    Result<std::string> source = EmitCUDASource(*lowered);
    TSR_VERIFY_OK(source);
    QVERIFY2(source->find("#pragma unroll\n  for (int tsr_lane = 0; tsr_lane < 4; ++tsr_lane) {") !=
                 std::string::npos,
             source->c_str());
    QVERIFY(source->find("+ tsr_lane)] * 2.0f) + 1.0f);") != std::string::npos);
  }

  // A vectorized copy of four floats that starts at a multiple of four in both buffers
  // prints as one float4 load and store (NVVM then emits 128-bit accesses), into a shared
  // tile declared 16-byte aligned; a copy one element off stays a lane loop.
  void aligned_vector_copy_is_one_float4_access() {
    Result<transform::LoweredProgram> lowered = LowerText(kWideFetchScript);
    TSR_VERIFY_OK(lowered);
    Result<std::string> source = EmitCUDASource(*lowered);
    TSR_VERIFY_OK(source);
    QVERIFY2(source->find("__shared__ __align__(16) float A_shared[64];") != std::string::npos,
             source->c_str());
    QVERIFY2(
        source->find("*(float4*)(A_shared + (((int)threadIdx.x) * 4)) = *(const float4*)(A + ") !=
            std::string::npos,
        source->c_str());
    QVERIFY2(source->find("tsr_lane") == std::string::npos, source->c_str());

    Result<transform::LoweredProgram> shifted = LowerText(kShiftedFetchScript);
    TSR_VERIFY_OK(shifted);
    Result<std::string> lanes = EmitCUDASource(*shifted);
    TSR_VERIFY_OK(lanes);
    QVERIFY2(lanes->find("float4") == std::string::npos, lanes->c_str());
    QVERIFY2(lanes->find("__align__(16) float A_shared") == std::string::npos, lanes->c_str());
    QVERIFY2(lanes->find("tsr_lane") != std::string::npos, lanes->c_str());

    if (!NVRTCAvailable()) QSKIP(NVRTCVersion().c_str());
    Result<std::string> ptx = CompileToPTX(*source, "sm_90");
    TSR_VERIFY_OK(ptx);
    const QString text = QString::fromStdString(*ptx);
    QVERIFY2(text.contains(QRegularExpression(R"(ld\.global(\.nc)?\.v4\.)")), ptx->c_str());
    QVERIFY2(text.contains(QRegularExpression(R"(st\.shared\.v4\.)")), ptx->c_str());
  }

  // An allocation inside an unrolled loop: each copy of the body declares its own array
  // (a second declaration of one name in one scope is a compile error), and NVRTC
  // compiles the source.
  void allocation_in_an_unrolled_loop_is_declared_once_per_copy() {
    Result<transform::LoweredProgram> lowered = LowerText(kUnrolledAllocationScript);
    TSR_VERIFY_OK(lowered);
    Result<std::string> source = EmitCUDASource(*lowered);
    TSR_VERIFY_OK(source);
    for (const char* declaration :
         {"float A_local[1];", "float A_local_1[1];", "float A_local_2[1];", "float A_local_3[1];"})
      QVERIFY2(source->find(declaration) != std::string::npos, source->c_str());
    QVERIFY2(source->find("float A_local_4[1];") == std::string::npos, source->c_str());
    if (!NVRTCAvailable()) QSKIP(NVRTCVersion().c_str());
    Result<std::string> ptx = CompileToPTX(*source, "sm_90");
    TSR_VERIFY_OK(ptx);
  }

  // float16 prints as half, with cuda_fp16.h (and no mma.h: no tensor-core builtin).
  void float16_prints_as_half() {
    Result<transform::LoweredProgram> lowered = LowerText(R"(
import tvm
from tvm import te
A = te.placeholder((64, 64), name="A", dtype="float16")
C = te.compute((64, 64), lambda i, j: A[i, j] + A[i, j], name="C")
s = te.create_schedule(C.op)
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
)");
    TSR_VERIFY_OK(lowered);
    Result<std::string> source = EmitCUDASource(*lowered);
    TSR_VERIFY_OK(source);
    QVERIFY2(Count(*source, "#include <cuda_fp16.h>\n") == 1, source->c_str());
    QVERIFY2(Count(*source, "#include <mma.h>") == 0, source->c_str());
    QVERIFY2(Count(*source, "const half* __restrict__ A") == 1, source->c_str());
    QVERIFY2(Count(*source, "half* __restrict__ C") == 1, source->c_str());
  }

  // Two root stages bound to threads: two kernels, the intermediate a device
  // temporary that the host allocates and that follows the function's buffers.
  void root_stages_become_separate_kernels() {
    Result<transform::LoweredProgram> lowered = LowerText(kTwoKernelsScript);
    TSR_VERIFY_OK(lowered);
    Result<CudaLowered> cuda = LowerForCUDA(*lowered);
    TSR_VERIFY_OK(cuda);
    QCOMPARE(cuda->program.kernels.size(), size_t(2));
    Result<std::string> source = CodeGenCUDA(cuda->program);
    TSR_VERIFY_OK(source);
    QVERIFY(source->find("main_kernel0(const float* __restrict__ A, float* __restrict__ B)") !=
            std::string::npos);
    QVERIFY2(source->find("main_kernel1(float* __restrict__ C, const float* __restrict__ B)") !=
                 std::string::npos,
             source->c_str());
    QVERIFY2(source->find("B = device_alloc(float32, 4096)") != std::string::npos, source->c_str());
  }
};

}  // namespace tst_cuda_codegen

QTEST_APPLESS_MAIN(tst_cuda_codegen::TestCudaCodegen)
#include "tst_cuda_codegen.moc"
