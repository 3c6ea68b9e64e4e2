// Launch-configuration checks (codegen/cuda/LaunchChecks.h) and what the host/device
// split refuses (SplitHostDevice.h): too many threads per block, too much shared
// memory (and the dynamic opt-in), grid limits at launch time, a thread axis bound
// twice, stages left outside every kernel. Each refusal is an Error naming the kernel,
// the limit and what to change.
#include <QtTest>

#include "CudaTestSupport.h"
#include "codegen/cuda/CodeGenCUDA.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/LaunchChecks.h"

namespace tst_launch_checks {

using namespace tessera;
using namespace tessera::codegen;
using namespace tessera::testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

Result<CudaLowered> Lower(const std::string& script, const CudaOptions& options = {}) {
  Result<transform::LoweredProgram> lowered = LowerText(kHeader + script);
  if (!lowered) return lowered.error();
  return LowerForCUDA(*lowered, options);
}

// C = A + 1 over (rows, cols), rows bound to blockIdx.x; `threads` splits the columns.
std::string Elementwise2D(int rows, int cols, const std::string& threads) {
  return "A = te.placeholder((" + std::to_string(rows) + ", " + std::to_string(cols) +
         "), name=\"A\")\n"
         "C = te.compute(A.shape, lambda i, j: A[i, j] + 1.0, name=\"C\")\n"
         "s = te.create_schedule(C.op)\n" +
         threads;
}

// A 128-row tile of A (1024 x cols) cached in shared memory per block.
std::string SharedTile(int cols) {
  return "A = te.placeholder((1024, " + std::to_string(cols) +
         "), name=\"A\")\n"
         "C = te.compute(A.shape, lambda i, j: A[i, j] + 1.0, name=\"C\")\n"
         "s = te.create_schedule(C.op)\n"
         "AA = s.cache_read(A, \"shared\", [C])\n"
         "io, ii = s[C].split(C.op.axis[0], factor=128)\n"
         "jo, ji = s[C].split(C.op.axis[1], factor=128)\n"
         "s[C].reorder(io, jo, ii, ji)\n"
         "s[C].bind(io, te.thread_axis(\"blockIdx.x\"))\n"
         "s[C].bind(ji, te.thread_axis(\"threadIdx.x\"))\n"
         "s[AA].compute_at(s[C], io)\n"
         "ao, ai = s[AA].split(AA.op.axis[1], factor=128)\n"
         "s[AA].bind(ai, te.thread_axis(\"threadIdx.x\"))\n";
}

void ExpectError(const Result<CudaLowered>& r, const std::string& message) {
  QVERIFY2(!r, "expected an error");
  QVERIFY2(r.error().message.find(message) != std::string::npos, r.error().message.c_str());
}

}  // namespace

class TestLaunchChecks : public QObject {
  Q_OBJECT

 private slots:
  void thread_limits_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("message");
    QTest::newRow("2048 threads along x")
        << QString::fromStdString(
               Elementwise2D(64, 2048,
                             "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
                             "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"))
        << "kernel main_kernel0 binds 2048 threads to threadIdx.x; the limit is 1024";
    QTest::newRow("64 x 32 threads")
        << QString::fromStdString(
               Elementwise2D(64, 32,
                             "s[C].bind(C.op.axis[0], te.thread_axis(\"threadIdx.y\"))\n"
                             "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"))
        << "kernel main_kernel0 needs 2048 threads per block (threadIdx.x 32 x threadIdx.y 64); a "
           "block "
           "has at most 1024 threads";
    QTest::newRow("128 threads along z")
        << QString::fromStdString(
               Elementwise2D(128, 4,
                             "s[C].bind(C.op.axis[0], te.thread_axis(\"threadIdx.z\"))\n"
                             "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"))
        << "binds 128 threads to threadIdx.z; the limit is 64";
  }
  void thread_limits() {
    QFETCH(QString, script);
    QFETCH(QString, message);
    ExpectError(Lower(script.toStdString()), message.toStdString());
  }

  void exactly_1024_threads_is_fine() {
    auto r = Lower(Elementwise2D(64, 1024,
                                 "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
                                 "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"));
    TSR_VERIFY_OK(r);
    QCOMPARE(r->program.kernels[0].threads_per_block().value_or(0), int64_t{1024});
  }

  // 128 x 96 floats = 48 KiB fit the static limit; 128 x 128 = 64 KiB do not.
  void shared_memory_within_the_static_limit() {
    auto r = Lower(SharedTile(96));
    TSR_VERIFY_OK(r);
    QCOMPARE(r->program.kernels[0].shared_bytes(), int64_t{48 * 1024});
    QVERIFY(!r->program.kernels[0].dynamic_shared);
  }
  void too_much_shared_memory_is_refused() {
    ExpectError(Lower(SharedTile(128)),
                "kernel main_kernel0 uses 64 KiB of shared memory (A.shared 64 KiB); the limit is "
                "48 KiB of "
                "static shared memory per block");
  }
  // With the opt-in, the tile comes from the dynamic shared pool.
  void opting_in_uses_dynamic_shared_memory() {
    CudaOptions options;
    options.opt_in_shared = true;
    auto r = Lower(SharedTile(128), options);
    TSR_VERIFY_OK(r);
    QVERIFY(r->program.kernels[0].dynamic_shared);
    auto source = CodeGenCUDA(r->program);
    TSR_VERIFY_OK(source);
    QVERIFY(source->find("extern __shared__ __align__(16) unsigned char tsr_dynamic_shared[];") !=
            std::string::npos);
    QVERIFY(source->find("float* A_shared = reinterpret_cast<float*>(tsr_dynamic_shared + 0);") !=
            std::string::npos);
    options.max_optin_shared_bytes = 32 * 1024;
    ExpectError(Lower(SharedTile(128), options), "this GPU allows at most 32 KiB per block");
  }
  void symbolic_shared_size_is_refused() {
    auto r = Lower(
        "n = te.size_var(\"n\")\n"
        "A = te.placeholder((64, n), name=\"A\")\n"
        "C = te.compute(A.shape, lambda i, j: A[i, j] + 1.0, name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "AA = s.cache_read(A, \"shared\", [C])\n"
        "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
        "jo, ji = s[C].split(C.op.axis[1], factor=32)\n"
        "s[C].bind(ji, te.thread_axis(\"threadIdx.x\"))\n"
        "s[AA].compute_at(s[C], C.op.axis[0])\n");
    ExpectError(r, "the shared allocation A.shared in kernel main_kernel0 has the symbolic size n");
  }

  void thread_axis_bound_twice_is_refused() {
    auto r = Lower(
        "A = te.placeholder((64, 64), name=\"A\")\n"
        "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
        "C = te.compute((64, 64), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
        "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n"
        "s[B].compute_at(s[C], C.op.axis[0])\n"
        "s[B].bind(B.op.axis[1], te.thread_axis(\"blockIdx.x\"))\n");
    ExpectError(r, "blockIdx.x is bound twice on one path");
  }

  void unbound_program_has_no_kernel() {
    auto r = LowerExample("gemm");  // the CPU example: parallel and vectorized, no bind
    TSR_VERIFY_OK(r);
    auto cuda = LowerForCUDA(*r);
    QVERIFY(!cuda);
    QVERIFY2(cuda.error().message.find("the program has no loop bound to a GPU index") !=
                 std::string::npos,
             cuda.error().message.c_str());
  }
  void stage_outside_every_kernel_is_refused() {
    auto r = Lower(
        "A = te.placeholder((64, 64), name=\"A\")\n"
        "B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
        "C = te.compute((64, 64), lambda i, j: B[i, j] + 1.0, name=\"C\")\n"
        "s = te.create_schedule(C.op)\n"
        "s[C].bind(C.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
        "s[C].bind(C.op.axis[1], te.thread_axis(\"threadIdx.x\"))\n");
    ExpectError(r, "the store to B is outside every loop bound to a GPU index");
  }

  // At launch time the extents are numbers; the grid has limits of its own.
  void launch_extents_are_checked_at_launch() {
    CudaKernel k;
    k.name = "k";
    CudaOptions o;
    QVERIFY(CheckLaunch(k, {1, 1, 1}, {256, 1, 1}, o).ok());
    QVERIFY(
        CheckLaunch(k, {0, 1, 1}, {256, 1, 1}, o).ok());  // an empty grid is skipped, not an error
    Status y = CheckLaunch(k, {1, 70000, 1}, {32, 1, 1}, o);
    QVERIFY(!y);
    QVERIFY2(y.error().message.find("70000 blocks along blockIdx.y; the limit is 65535") !=
                 std::string::npos,
             y.error().message.c_str());
    Status t = CheckLaunch(k, {1, 1, 1}, {0, 1, 1}, o);
    QVERIFY(!t);
    QVERIFY(t.error().message.find("0 threads along threadIdx.x") != std::string::npos);
    o.max_threads_per_block = 512;  // a device with a smaller limit
    Status d = CheckLaunch(k, {1, 1, 1}, {32, 32, 1}, o);
    QVERIFY(!d);
    QVERIFY(d.error().message.find("a block has at most 512 threads") != std::string::npos);
  }
};

}  // namespace tst_launch_checks

QTEST_APPLESS_MAIN(tst_launch_checks::TestLaunchChecks)
#include "tst_launch_checks.moc"
