// TensorIR programs with thread-bound loops on the CUDA path: LowerTensorIR allocates
// "shared" and "local" buffers inside the kernel, one tile large (TirAllocationPlan.h),
// the GPU passes launch the kernels, CodeGenCUDA prints them, and the emulator runs them
// against the unscheduled program (reference/TirEmulatorCheck.h). compute_at relaxes the
// thread loops a cache block's storage scope shares, as TVM 0.20 does (the printed
// programs are compared with TVM's output by tst_tir_tvm_reference:
// tests/tir/programs/gpu_gemm_shared_relax.py, compute_at_thread_scopes.py). And the
// thread bindings the lowering refuses, with what it says.
#include <QtTest>

#include "TirGpuPrograms.h"
#include "TirTextChecks.h"
#include "codegen/cuda/CudaLowering.h"
#include "ir/ExprOp.h"
#include "reference/TirEmulatorCheck.h"
#include "runtime/cuda/Emulator.h"
#include "script/Evaluator.h"
#include "tir/ScriptPrinter.h"
#include "transform/LowerTensorIR.h"

namespace tst_tir_cuda {

using namespace tessera;
using testing::kTirMismatchedThreadExtents;
using testing::TirGpuGemm;
using tir::testing::Contains;

namespace {

// y = x * 2 + 1 over 1000 elements, blocks of 128 threads (the last block partly idle).
const char* kElementwise =
    "import tvm\n"
    "from tvm import te, tir\n"
    "X = te.placeholder((1000,), 'float32', name='X')\n"
    "Y = te.compute((1000,), lambda i: X[i] * 2.0 + 1.0, name='Y')\n"
    "sch = tir.Schedule(te.create_prim_func([X, Y]))\n"
    "i, = sch.get_loops(sch.get_block('Y'))\n"
    "bx, tx = sch.split(i, factors=[None, 128])\n"
    "sch.bind(bx, 'blockIdx.x')\n"
    "sch.bind(tx, 'threadIdx.x')\n";

// Softmax over the rows of a 64x100 matrix, one thread per row; the row maximum and sum
// are computed per thread (compute_at under the threadIdx loop).
const char* kSoftmax =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((64, 100), 'float32', name='A')\n"
    "k = te.reduce_axis((0, 100), name='k')\n"
    "maxelem = te.compute((64,), lambda i: te.max(A[i, k], axis=k), name='maxelem')\n"
    "k2 = te.reduce_axis((0, 100), name='k2')\n"
    "expsum = te.compute((64,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), "
    "name='expsum')\n"
    "B = te.compute((64, 100), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], "
    "name='B')\n"
    "sch = tir.Schedule(te.create_prim_func([A, B]))\n"
    "i, j = sch.get_loops(sch.get_block('B'))\n"
    "bx, tx = sch.split(i, factors=[None, 32])\n"
    "sch.bind(bx, 'blockIdx.x')\n"
    "sch.bind(tx, 'threadIdx.x')\n"
    "sch.compute_at(sch.get_block('expsum'), tx)\n"
    "sch.compute_at(sch.get_block('maxelem'), tx)\n";

// The evaluated program; an error when the script fails or makes no tir.Schedule.
Result<script::ScriptProgram> Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "cuda_test.py");
  if (!program.ok()) return program.error();
  if (!program->tir_schedule) return Error("the script made no tir.Schedule");
  return program;
}

Result<transform::LoweredProgram> LowerForGpu(const tir::PrimFunc& f) {
  transform::PassContext ctx;
  ctx.target = "cuda";
  return transform::LowerTensorIR(f, ctx, f.name);
}

int64_t Const(const ir::Expr& e) {
  const int64_t* v = ir::as_const_int(e);
  return v ? *v : -1;
}

// The program lowered for the GPU, run on the emulator and checked: the report's text
// when it passed, the failure otherwise.
void CheckOnEmulator(const script::ScriptProgram& p) {
  if (runtime::EmulatedCudaModule::Compiler().empty()) QSKIP("no host C++ compiler");
  const tir::PrimFunc& f = p.tir_schedule->func();
  auto lowered = LowerForGpu(f);
  QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
  auto arguments = reference::MakeTirArguments(f, lowered->func, {}, 7, 64);
  QVERIFY2(arguments.ok(), arguments.ok() ? "" : arguments.error().message.c_str());
  auto report =
      reference::CheckTirOnEmulator(f, p.tir_original, p.tir_te_args, *lowered, *arguments);
  QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
  QVERIFY2(report->ok(), report->text.c_str());
  QVERIFY2(Contains(report->text, "no race seen"), report->text.c_str());
  QVERIFY2(Contains(report->text, "max abs error"), report->text.c_str());
}

}  // namespace

class TestTirCuda : public QObject {
  Q_OBJECT

 private slots:
  // TVM 0.20 relaxes threadIdx for the shared copies: 128x8 elements per step of k,
  // copied by the 256 threads in 4 rounds.
  void gemmSharedCopiesCoverTheThreadBlock() {
    auto p = Load(TirGpuGemm(1024, 1024, 1024));
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    std::string text = tir::AsTVMScript(p->tir_schedule->func());
    QVERIFY2(Contains(text, "for ax0_ax1_fused_0 in range(4):"), text.c_str());
    QVERIFY2(Contains(text,
                      "v0 = T.axis.spatial(1024, ax0_0 * 128 + (ax0_ax1_fused_0 * 256 + "
                      "ax0_ax1_fused_1 * 16 + ax0_ax1_fused_2) // 8)"),
             text.c_str());
    QVERIFY2(!Contains(text, "T.where"), text.c_str());  // 1024 = 4 * 16 * 16
  }

  // Copies under thread loops: "shared" relaxes every thread loop above, "local" none,
  // "global" none.
  void computeAtRelaxesByStorageScope() {
    auto p = Load(
        "import tvm\n"
        "from tvm import te, tir\n"
        "A = te.placeholder((256, 64), 'float32', name='A')\n"
        "B = te.compute((256, 64), lambda i, j: A[i, j] * 2.0, name='B')\n"
        "C = te.compute((256, 64), lambda i, j: B[i, j] + 1.0, name='C')\n"
        "sch = tir.Schedule(te.create_prim_func([A, C]))\n"
        "b = sch.get_block('B')\n"
        "a_shared = sch.cache_read(b, 0, 'shared')\n"
        "a_local = sch.cache_read(b, 0, 'local')\n"
        "i, j = sch.get_loops(sch.get_block('C'))\n"
        "bx, tx = sch.split(i, factors=[None, 32])\n"
        "ty, jj = sch.split(j, factors=[8, None])\n"
        "sch.bind(bx, 'blockIdx.x')\n"
        "sch.bind(tx, 'threadIdx.x')\n"
        "sch.bind(ty, 'threadIdx.y')\n"
        "sch.compute_at(b, ty)\n"
        "sch.compute_at(a_local, ty)\n"
        "sch.compute_at(a_shared, ty)\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    std::string text = tir::AsTVMScript(p->tir_schedule->func());
    // shared: all 32 threads in x and 8 in y; local and B (global): one thread's 8.
    QVERIFY2(Contains(text, "for ax0, ax1 in T.grid(32, 64):\n"), text.c_str());
    QVERIFY2(Contains(text, "v0 = T.axis.spatial(256, i_0 * 32 + ax0)"), text.c_str());
    size_t local = text.find("with T.block(\"A_shared_local\")");
    QVERIFY(local != std::string::npos);
    QVERIFY2(Contains(text.substr(0, local), "for ax0 in range(8):"), text.c_str());
    QVERIFY2(Contains(text, "v_j = T.axis.spatial(64, j_0 * 8 + ax0)"), text.c_str());
  }

  // The kernel: grid and block extents, the shared tiles (not the whole matrices) and
  // the register tile, in the CUDA source.
  void gemmLowersToOneKernel() {
    auto p = Load(TirGpuGemm(256, 384, 64));
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = LowerForGpu(p->tir_schedule->func());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    auto cuda = codegen::LowerForCUDA(*lowered);
    QVERIFY2(cuda.ok(), cuda.ok() ? "" : cuda.error().message.c_str());
    QCOMPARE(cuda->program.kernels.size(), size_t(1));
    const codegen::CudaKernel& kernel = cuda->program.kernels[0];
    QCOMPARE(Const(kernel.grid[0]), int64_t(3));  // blockIdx.x over N / 128
    QCOMPARE(Const(kernel.grid[1]), int64_t(2));  // blockIdx.y over M / 128
    QCOMPARE(Const(kernel.block[0]), int64_t(16));
    QCOMPARE(Const(kernel.block[1]), int64_t(16));
    QCOMPARE(kernel.shared.size(), size_t(2));
    for (const codegen::SharedAllocation& s : kernel.shared) QCOMPARE(s.elements, int64_t(1024));
    QCOMPARE(kernel.shared_bytes(), int64_t(8192));
    auto source = codegen::EmitCUDASource(*lowered);
    QVERIFY2(source.ok(), source.ok() ? "" : source.error().message.c_str());
    QVERIFY2(Contains(*source, "__shared__ float A_shared[1024];"), source->c_str());
    QVERIFY2(Contains(*source, "float C_local[64];"), source->c_str());
    QVERIFY2(Contains(*source, "__syncthreads()"), source->c_str());
  }

  void gemmRunsOnTheEmulator() {
    auto p = Load(TirGpuGemm(256, 128, 32));
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    CheckOnEmulator(*p);
  }

  // read_at of A and B per k step into shared memory, write_at of C's tile from a local
  // copy after the k loop: each thread block copies its 32 x 8 tiles (the copy relaxed
  // over its threads), and the result is the oracle's with no race.
  void readAtAndWriteAtRunOnTheEmulator() {
    const std::string source =
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def mm(A: T.Buffer((64, 64), 'float32'), B: T.Buffer((64, 64), 'float32'),\n"
        "       C: T.Buffer((64, 64), 'float32')):\n"
        "    for by in T.thread_binding(2, thread='blockIdx.y'):\n"
        "        for bx in T.thread_binding(2, thread='blockIdx.x'):\n"
        "            for ty in T.thread_binding(8, thread='threadIdx.y'):\n"
        "                for tx in T.thread_binding(8, thread='threadIdx.x'):\n"
        "                    for k0 in range(8):\n"
        "                        for k1, i, j in T.grid(8, 4, 4):\n"
        "                            with T.block('C'):\n"
        "                                vi = T.axis.S(64, by * 32 + ty * 4 + i)\n"
        "                                vj = T.axis.S(64, bx * 32 + tx * 4 + j)\n"
        "                                vk = T.axis.R(64, k0 * 8 + k1)\n"
        "                                with T.init():\n"
        "                                    C[vi, vj] = T.float32(0)\n"
        "                                C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n"
        "sch = tir.Schedule(mm)\n"
        "c = sch.get_block('C')\n"
        "by, bx, ty, tx, k0, k1, i, j = sch.get_loops(c)\n"
        "sch.read_at(k0, c, 0, 'shared')\n"
        "sch.read_at(k0, c, 1, 'shared')\n"
        "sch.write_at(tx, c, 0, 'local')\n";
    auto p = Load(source);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = LowerForGpu(p->tir_schedule->func());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    auto cuda = codegen::EmitCUDASource(*lowered);
    QVERIFY2(cuda.ok(), cuda.ok() ? "" : cuda.error().message.c_str());
    QVERIFY2(Contains(*cuda, "__shared__ float A_shared[256];"), cuda->c_str());
    QVERIFY2(Contains(*cuda, "float C_local[16];"), cuda->c_str());
    CheckOnEmulator(*p);
  }

  void elementwiseRunsOnTheEmulator() {
    auto p = Load(kElementwise);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = LowerForGpu(p->tir_schedule->func());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    auto cuda = codegen::LowerForCUDA(*lowered);
    QVERIFY2(cuda.ok(), cuda.ok() ? "" : cuda.error().message.c_str());
    QCOMPARE(Const(cuda->program.kernels.at(0).grid[0]), int64_t(8));
    QCOMPARE(Const(cuda->program.kernels.at(0).block[0]), int64_t(128));
    CheckOnEmulator(*p);
  }

  // The row statistics ("global" buffers used inside one thread block) are allocated in
  // the blockIdx loop, which the lowering makes shared memory. Like TVM 0.20's
  // CompactBufferAllocation, a global buffer's region relaxes the blockIdx loop it lies
  // in: both blocks' rows (64), not one block's 32.
  void softmaxRunsOnTheEmulator() {
    auto p = Load(kSoftmax);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = LowerForGpu(p->tir_schedule->func());
    QVERIFY2(lowered.ok(), lowered.ok() ? "" : lowered.error().message.c_str());
    auto cuda = codegen::LowerForCUDA(*lowered);
    QVERIFY2(cuda.ok(), cuda.ok() ? "" : cuda.error().message.c_str());
    QCOMPARE(cuda->program.kernels.size(), size_t(1));
    QCOMPARE(cuda->program.kernels[0].shared.size(), size_t(2));
    for (const codegen::SharedAllocation& s : cuda->program.kernels[0].shared)
      QCOMPARE(s.elements, int64_t(64));
    CheckOnEmulator(*p);
  }

  // A buggy kernel is caught: the copy's barrier removed from the source.
  void emulatorFindsAMissingBarrier() {
    if (runtime::EmulatedCudaModule::Compiler().empty()) QSKIP("no host C++ compiler");
    auto p = Load(TirGpuGemm(128, 128, 16));
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    const tir::PrimFunc& f = p->tir_schedule->func();
    auto lowered = LowerForGpu(f);
    QVERIFY(lowered.ok());
    auto arguments = reference::MakeTirArguments(f, lowered->func, {}, 3, 64);
    QVERIFY(arguments.ok());
    reference::EmulatorCheckOptions options;
    options.edit = [](std::string source) {
      for (size_t at; (at = source.find("__syncthreads();")) != std::string::npos;)
        source.erase(at, std::string("__syncthreads();").size());
      return source;
    };
    auto report = reference::CheckTirOnEmulator(f, p->tir_original, p->tir_te_args, *lowered,
                                                *arguments, options);
    QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
    QVERIFY2(!report->ok(), report->text.c_str());
  }

  // TVM's UnifyThreadBinding: one tag, one extent per kernel.
  void mismatchedThreadExtentsAreRefused() {
    auto p = Load(kTirMismatchedThreadExtents);
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = LowerForGpu(p->tir_schedule->func());
    QVERIFY(!lowered.ok());
    QVERIFY2(Contains(lowered.error().message,
                      "all loops bound to threadIdx.x in one kernel must have the same extent, "
                      "but loop ax0_1 has extent 64 and loop i_1 has extent 128"),
             lowered.error().message.c_str());
  }

  // A shared copy left at the top level would be allocated outside the kernel.
  void sharedBufferOutsideTheKernelIsRefused() {
    auto p = Load(std::string(kElementwise) + "sch.cache_read(sch.get_block('Y'), 0, 'shared')\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = LowerForGpu(p->tir_schedule->func());
    QVERIFY(!lowered.ok());
    QVERIFY2(Contains(lowered.error().message,
                      "buffer X_shared in scope \"shared\" is used "
                      "outside every thread-bound loop"),
             lowered.error().message.c_str());
  }

  // A thread loop from a non-zero minimum (TVMScript allows writing one).
  void threadLoopWithAMinimumIsRefused() {
    auto p = Load(
        "import tvm\n"
        "from tvm import tir\n"
        "from tvm.script import tir as T\n"
        "@T.prim_func\n"
        "def main(A: T.Buffer((64,), 'float32'), B: T.Buffer((64,), 'float32')):\n"
        "    for i in T.thread_binding(4, 64, thread='threadIdx.x'):\n"
        "        with T.block('B'):\n"
        "            vi = T.axis.spatial(64, i)\n"
        "            B[vi] = A[vi] * 2.0\n"
        "sch = tir.Schedule(main)\n");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto lowered = LowerForGpu(p->tir_schedule->func());
    QVERIFY(!lowered.ok());
    QVERIFY2(Contains(lowered.error().message,
                      "loop i is bound to threadIdx.x but starts at 4; a thread-bound loop "
                      "must start at 0"),
             lowered.error().message.c_str());
  }
};

}  // namespace tst_tir_cuda

QTEST_APPLESS_MAIN(tst_tir_cuda::TestTirCuda)
#include "tst_tir_cuda.moc"
