// tessera-cli on TensorIR documents with thread-bound loops: lower --target cuda (the GPU
// passes), export --format cuda / ptx, run --target cuda-emulator [--check] (the kernels
// on the CPU emulation, checked against the te oracle), run / profile --target cuda
// (a GPU when there is one, "not available" otherwise), and the GPU lowering's refusals
// with their messages and exit codes.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"
#include "TirGpuPrograms.h"

namespace tst_tir_cuda_cli {

namespace {

// The GPU GEMM example's schedule on 256 x 128 x 32 (two thread blocks).
const QByteArray kGpuGemm =
    QByteArray::fromStdString(tessera::testing::TirGpuGemm(256, 128, 32, /*unroll_k=*/false));

// The same computation without thread bindings (a CPU schedule).
const QByteArray kCpuGemm =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 64), name='A')\n"
    "B = te.placeholder((64, 64), name='B')\n"
    "k = te.reduce_axis((0, 64), name='k')\n"
    "C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name='C')\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
    "i, j, kk = sch.get_loops(sch.get_block('C'))\n"
    "sch.parallel(i)\n";

}  // namespace

class TestTirCudaCli : public QObject, protected CliScriptFolder {
  Q_OBJECT

 private slots:
  // The program after the GPU passes: one launch loop per index, the shared tiles.
  void lowerForCuda() {
    QString path = Write("gpu_gemm.py", kGpuGemm);
    Run r = Cli({"lower", path, "--target", "cuda"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("threadIdx.x"), qPrintable(r.out.left(2000)));
    QVERIFY2(r.out.contains("allocate A_shared[float32 * 1024], storage_scope = shared"),
             qPrintable(r.out.left(2000)));
    QVERIFY2(r.out.contains("allocate C_local[float32 * 64], storage_scope = local"),
             qPrintable(r.out.left(2000)));
    Run input = Cli({"lower", path, "--target", "cuda", "--after", "StorageFlatten"});
    QVERIFY2(input.code == 0, qPrintable(input.err));
    QVERIFY(input.out != r.out);
  }

  // The shipped example lowers as it is (1024^3, 64 thread blocks).
  void exportShippedExampleAsCuda() {
    Run r = Cli({"export",
                 QString::fromLocal8Bit(qgetenv("TESSERA_SOURCE_DIR")) +
                     "/resources/examples/tensorir/gpu_gemm_tir.py",
                 "--format", "cuda"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("extern \"C\" __global__"), qPrintable(r.out.left(2000)));
    QVERIFY2(r.out.contains("__shared__ float A_shared[1024];"), qPrintable(r.out.left(2000)));
    QVERIFY2(r.out.contains("__shared__ float B_shared[1024];"), qPrintable(r.out.left(2000)));
  }

  void exportPtxOrNotAvailable() {
    Run ptx = Cli({"export", Write("gpu_gemm.py", kGpuGemm), "--format", "ptx"});
    QVERIFY2(ptx.code == 0 || ptx.code == 4, qPrintable(ptx.err));
    if (ptx.code == 0)
      QVERIFY(ptx.out.contains(".entry"));
    else
      QVERIFY(ptx.err.contains("not available"));
  }

  void runOnTheEmulatorWithCheck() {
    Run r = Cli({"run", Write("gpu_gemm.py", kGpuGemm), "--target", "cuda-emulator", "--check"});
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains("main (TensorIR) on the GPU emulator: 1 kernel, 1 launch"),
             qPrintable(r.out));
    QVERIFY2(r.out.contains("check against the reference (te oracle)"), qPrintable(r.out));
    QVERIFY2(r.out.contains(" 0 mismatches"), qPrintable(r.out));
    QVERIFY2(r.out.contains("main_kernel0: no race seen"), qPrintable(r.out));
  }

  // Without a GPU (or a driver) the CUDA target is "not available" (4); with one it runs.
  void runAndProfileOnTheGpuOrNotAvailable() {
    QString path = Write("gpu_gemm.py", kGpuGemm);
    Run run = Cli({"run", path, "--target", "cuda", "--check"});
    QVERIFY2(run.code == 0 || run.code == 4, qPrintable(run.err));
    if (run.code == 4)
      QVERIFY2(run.err.contains("not available"), qPrintable(run.err));
    else
      QVERIFY2(run.out.contains(" 0 mismatches"), qPrintable(run.out));
    Run profile = Cli({"profile", path, "--target", "cuda"});
    QVERIFY2(profile.code == 0 || profile.code == 4, qPrintable(profile.err));
    if (profile.code == 4) QVERIFY2(profile.err.contains("not available"), qPrintable(profile.err));
  }

  // A schedule with no thread-bound loop has no kernel (1); profile has no emulator (2).
  void cpuScheduleOnGpuTargets() {
    QString path = Write("cpu_gemm.py", kCpuGemm);
    Run cuda = Cli({"export", path, "--format", "cuda"});
    QCOMPARE(cuda.code, 1);
    QVERIFY2(cuda.err.contains("blockIdx"), qPrintable(cuda.err));
    Run emulator = Cli({"run", path, "--target", "cuda-emulator"});
    QCOMPARE(emulator.code, 1);
    QVERIFY2(emulator.err.contains("blockIdx"), qPrintable(emulator.err));
    Run profile = Cli({"profile", path, "--target", "cuda-emulator"});
    QCOMPARE(profile.code, 2);
    QVERIFY2(profile.err.contains("unknown target 'cuda-emulator' (expected llvm or cuda)"),
             qPrintable(profile.err));
  }

  // The lowering's refusals reach the command line with exit code 1.
  void refusedThreadBindings() {
    QString path = Write("mismatch.py", tessera::testing::kTirMismatchedThreadExtents);
    for (const QStringList& args :
         {QStringList{"lower", path, "--target", "cuda"},
          QStringList{"run", path, "--target", "cuda-emulator", "--check"}}) {
      Run r = Cli(args);
      QCOMPARE(r.code, 1);
      QVERIFY2(r.err.contains("all loops bound to threadIdx.x in one kernel must have the same "
                              "extent"),
               qPrintable(r.err));
    }
  }
};

}  // namespace tst_tir_cuda_cli

QTEST_APPLESS_MAIN(tst_tir_cuda_cli::TestTirCudaCli)
#include "tst_tir_cuda_cli.moc"
