// What the generated CUDA computes, checked without a GPU: the kernels of the shipped
// GPU examples (smaller sizes) and of a few schedules that exercise the GPU passes run
// in the CPU emulation of CudaEmulator.h — real threads, barriers and shared arrays,
// the real host program — and every buffer is compared with the reference interpreter
// running the same workload with a default schedule.
#include <QtTest>

#include "CudaEmulator.h"
#include "CudaTestSupport.h"
#include "codegen/cuda/CudaLowering.h"
#include "reference/Compare.h"
#include "runtime/IRInterpreter.h"

namespace tst_cuda_emulated {

using namespace tessera;
using namespace tessera::testing;

namespace {

std::string ReadExampleText(const std::string& name) {
  std::ifstream in(SourceDir() + "/resources/examples/" + name + ".py");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// `text` with each "FROM=>TO" replacement applied once (smaller sizes for the examples).
std::string Replaced(std::string text, const QStringList& replacements) {
  for (const QString& r : replacements) {
    std::string from = r.section("=>", 0, 0).toStdString(), to = r.section("=>", 1).toStdString();
    size_t at = text.find(from);
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

const char* kHeader = "import tvm\nfrom tvm import te\n";

}  // namespace

class TestCudaEmulated : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // Emulates `script` (its CUDA source changed by `edit` first, when given) and compares
  // every buffer with the reference; with `expect_match` false, some buffer must differ.
  void Check(const std::string& script, const runtime::ScalarArgs& scalars, int launches,
             const codegen::CudaOptions& options = {},
             const std::function<std::string(std::string)>& edit = {}, bool expect_match = true) {
    Result<script::ScriptProgram> program = LoadScript(script);
    TSR_VERIFY_OK(program);
    Result<transform::LoweredProgram> lowered = LowerProgram(*program);
    TSR_VERIFY_OK(lowered);
    Result<codegen::CudaLowered> cuda = codegen::LowerForCUDA(*lowered, options);
    TSR_VERIFY_OK(cuda);
    auto module = EmulatedModule::Build(cuda->program, dir_.path(), edit);
    TSR_VERIFY_OK(module);
    auto gpu = MakeArrays(lowered->func, scalars, 21);
    TSR_VERIFY_OK(gpu);
    std::vector<runtime::NDArray> reference = CloneArrays(*gpu);
    Status ran = (*module)->Call(*gpu, scalars, options);
    TSR_VERIFY_OK(ran);
    QCOMPARE((*module)->launches, launches);
    Status interpreted = RunUnscheduled(*program, reference, scalars);
    TSR_VERIFY_OK(interpreted);
    auto buffers = lowered->func.buffer_params();
    bool all_match = true;
    for (size_t i = 0; i < gpu->size(); ++i) {
      reference::CompareResult r =
          reference::Compare((*gpu)[i], reference[i], reference::Tolerance{1e-4, 1e-4});
      all_match = all_match && r.ok();
      if (expect_match) QVERIFY2(r.ok(), (buffers[i]->name + ": " + r.str()).c_str());
    }
    if (!expect_match) QVERIFY2(!all_match, "the broken kernel computed the right result");
  }

 private slots:
  void initTestCase() {
    if (EmulatedModule::Compiler().isEmpty())
      QSKIP("no C++ compiler on PATH: the emulation tests are skipped");
    QVERIFY(dir_.isValid());
  }

  void examples_data() {
    QTest::addColumn<QString>("example");
    QTest::addColumn<QStringList>("smaller");
    QTest::addColumn<QString>("var");
    // Sizes: the least that keeps what each schedule exercises (several blocks, a
    // guarded tail block, several iterations of a loop around barriers). Most of the time
    // is the reference interpreter's (an ASan build), proportional to the work.
    QTest::newRow("element-wise, tail block") << "gpu_elementwise" << QStringList{} << "n=1283";
    QTest::newRow("reduction, 16 rows")
        << "gpu_reduction" << QStringList{"m = 4096=>m = 16", "n = 4096=>n = 1024"} << "";
    QTest::newRow("softmax, 16 rows") << "gpu_softmax" << QStringList{"m = 1024=>m = 16"} << "";
    // Two blocks; K = 16 is two iterations of the k loop (8 per tile) with its barriers.
    QTest::newRow("tiled GEMM, 256x128x16")
        << "gpu_gemm" << QStringList{"M = 1024=>M = 256", "N = 1024=>N = 128", "K = 1024=>K = 16"}
        << "";
  }
  void examples() {
    QFETCH(QString, example);
    QFETCH(QStringList, smaller);
    QFETCH(QString, var);
    runtime::ScalarArgs scalars;
    if (!var.isEmpty())
      scalars[var.section('=', 0, 0).toStdString()] = var.section('=', 1).toLongLong();
    Check(Replaced(ReadExampleText(example.toStdString()), smaller), scalars, 1);
  }

  // The schedules the examples shipped before cross-thread reductions (rfactor).
  void rfactor_reduction() { Check(kRfactorReductionScript, {}, 1); }
  void rfactor_softmax() { Check(kRfactorSoftmaxScript, {}, 1); }

  // The emulation runs warps one after another between barriers (alternating the order
  // from block to block), so removing either barrier of the GEMM's k loop — the one
  // before the shared tiles are overwritten, the one before they are read — must give
  // wrong results.
  void gemm_without_one_of_its_barriers_is_wrong_data() {
    QTest::addColumn<int>("barrier");
    QTest::newRow("write after read (before the tiles are overwritten)") << 0;
    QTest::newRow("read after write (before the tiles are read)") << 1;
  }
  void gemm_without_one_of_its_barriers_is_wrong() {
    QFETCH(int, barrier);
    // K = 16: two tiles of the k loop, so a second tile overwrites the first.
    std::string script = Replaced(ReadExampleText("gpu_gemm"),
                                  {"M = 1024=>M = 256", "N = 1024=>N = 128", "K = 1024=>K = 16"});
    auto remove = [barrier](std::string text) {
      size_t at = text.find("__syncthreads();");
      for (int i = 0; i < barrier && at != std::string::npos; ++i)
        at = text.find("__syncthreads();", at + 1);
      if (at != std::string::npos) text.replace(at, 16, ";");
      return text;
    };
    Check(script, {}, 1, {}, remove, false);
  }

  void two_kernels_and_a_device_temporary() { Check(kTwoKernelsScript, {}, 2); }

  // B is computed by 32 of the 64 threads (guarded), then read across threads.
  void narrower_binding_and_a_barrier() {
    Check(std::string(kHeader) + R"(
A = te.placeholder((64, 64), name="A")
B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((64, 64), lambda i, j: B[i, j] + B[i, 63 - j], name="C")
s = te.create_schedule(C.op)
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
s[B].compute_at(s[C], C.op.axis[0])
bt, be = s[B].split(B.op.axis[1], factor=2)
s[B].bind(bt, te.thread_axis("threadIdx.x"))
)",
          {}, 1);
  }

  // Each thread handles four columns as one vector statement (run lane by lane).
  void vectorized_columns() { Check(kVectorizedScript, {}, 1); }

  // A vectorized fetch as float4 copies into an aligned shared tile, and one that is not
  // aligned in A as a lane loop.
  void wide_fetch() { Check(kWideFetchScript, {}, 1); }
  void shifted_fetch() { Check(kShiftedFetchScript, {}, 1); }

  // The unrolled copies of a body that allocates declare their copies under new names.
  void allocation_in_an_unrolled_loop() { Check(kUnrolledAllocationScript, {}, 1); }

  // A tile of 64 KiB: from the dynamic shared pool with the opt-in.
  void dynamic_shared_tile() {
    codegen::CudaOptions options;
    options.opt_in_shared = true;
    Check(kSharedTile64KiBScript, {}, 1, options);
  }

  // Two-dimensional blocks and grids with a symbolic extent and a host loop around the
  // kernel (the outer axis is not bound: the host launches once per iteration).
  void host_loop_around_a_kernel() {
    Check(std::string(kHeader) + R"(
n = te.size_var("n")
A = te.placeholder((3, n, 48), name="A")
C = te.compute(A.shape, lambda b, i, j: A[b, i, j] * 3.0 - 1.0, name="C")
s = te.create_schedule(C.op)
io, ii = s[C].split(C.op.axis[1], factor=8)
jo, ji = s[C].split(C.op.axis[2], factor=16)
s[C].reorder(C.op.axis[0], io, jo, ii, ji)
s[C].bind(io, te.thread_axis("blockIdx.y"))
s[C].bind(jo, te.thread_axis("blockIdx.x"))
s[C].bind(ii, te.thread_axis("threadIdx.y"))
s[C].bind(ji, te.thread_axis("threadIdx.x"))
)",
          {{"n", 21}}, 3);
  }
};

}  // namespace tst_cuda_emulated

QTEST_GUILESS_MAIN(tst_cuda_emulated::TestCudaEmulated)
#include "tst_cuda_emulated.moc"
