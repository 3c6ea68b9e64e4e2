// Cross-thread reductions (a reduce axis bound to threadIdx.x, as in TVM's reduction
// tutorial): schedule checks, the all-reduce lowering (warp shuffles, a shared-memory
// step across warps, barriers) and what the kernels compute in the CPU emulation of
// CudaEmulator.h, compared with the unscheduled workload run by the reference
// interpreter. The emulation runs warps in a fixed order between barriers and checks
// every shuffle's lane mask, so the last tests break the generated code on purpose — a
// barrier removed, a wrong mask — and expect the emulation to notice.
#include <QtTest>

#include "CudaEmulator.h"
#include "CudaTestSupport.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"
#include "reference/Compare.h"
#include "runtime/IRInterpreter.h"

namespace tst_cross_thread_reduction {

using namespace tessera;
using namespace tessera::testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

// Row reductions of an R x C matrix; REDUCER is te.sum / te.max / te.min.
std::string RowReduction(int rows, int cols, const std::string& reducer, const std::string& sched) {
  return std::string(kHeader) + "A = te.placeholder((" + std::to_string(rows) + ", " +
         std::to_string(cols) + "), name=\"A\")\nk = te.reduce_axis((0, " + std::to_string(cols) +
         "), name=\"k\")\nB = te.compute((" + std::to_string(rows) + ",), lambda i: " + reducer +
         "(A[i, k], axis=k), name=\"B\")\ns = te.create_schedule(B.op)\n" + sched;
}

// One block per row, the columns split by `threads` with the inner part on threadIdx.x.
std::string OneBlockPerRow(int threads) {
  return "ko, ki = s[B].split(k, factor=" + std::to_string(threads) +
         ")\ns[B].bind(B.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
         "s[B].bind(ki, te.thread_axis(\"threadIdx.x\"))\n";
}

// Four rows per block, reduced one after another (the shared array is reused).
const char* kRowsInSequence = R"(io, ii = s[B].split(B.op.axis[0], factor=4)
ko, ki = s[B].split(k, factor=64)
s[B].bind(io, te.thread_axis("blockIdx.x"))
s[B].bind(ki, te.thread_axis("threadIdx.x"))
)";

const char* kSoftmax = R"(A = te.placeholder((6, 200), name="A")
k = te.reduce_axis((0, 200), name="k")
maxelem = te.compute((6,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, 200), name="k2")
expsum = te.compute((6,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((6, 200), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")
s = te.create_schedule(B.op)
ko, ki = s[maxelem].split(k, factor=64)
ko2, ki2 = s[expsum].split(k2, factor=64)
jo, ji = s[B].split(B.op.axis[1], factor=64)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(ji, te.thread_axis("threadIdx.x"))
s[maxelem].compute_at(s[B], B.op.axis[0])
s[expsum].compute_at(s[B], B.op.axis[0])
s[maxelem].bind(ki, te.thread_axis("threadIdx.x"))
s[expsum].bind(ki2, te.thread_axis("threadIdx.x"))
)";

Result<codegen::CudaLowered> LowerCuda(const std::string& script) {
  Result<transform::LoweredProgram> lowered = LowerText(script);
  if (!lowered) return lowered.error();
  return codegen::LowerForCUDA(*lowered);
}

// Replaces the `nth` occurrence (0-based) of `from` in `text`.
std::string ReplaceNth(std::string text, const std::string& from, const std::string& to, int nth) {
  size_t at = text.find(from);
  for (int i = 0; i < nth && at != std::string::npos; ++i) at = text.find(from, at + 1);
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

}  // namespace

class TestCrossThreadReduction : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  // Emulates `script` (after `edit` of its CUDA source) and compares with the reference;
  // returns the launch status and sets *matches.
  Status Emulate(const std::string& script, bool* matches,
                 const std::function<std::string(std::string)>& edit = {}) {
    Result<script::ScriptProgram> p = LoadScript(script);
    if (!p) return p.error();
    Result<transform::LoweredProgram> lowered = LowerProgram(*p);
    if (!lowered) return lowered.error();
    Result<codegen::CudaLowered> cuda = codegen::LowerForCUDA(*lowered);
    if (!cuda) return cuda.error();
    auto module = EmulatedModule::Build(cuda->program, dir_.path(), edit);
    if (!module) return module.error();
    auto gpu = MakeArrays(lowered->func, {}, 7);
    if (!gpu) return gpu.error();
    std::vector<runtime::NDArray> cpu = CloneArrays(*gpu);
    if (Status s = (*module)->Call(*gpu, {}); !s) return s;
    if (Status s = RunUnscheduled(*p, cpu); !s) return s;
    *matches = true;
    for (size_t i = 0; i < gpu->size(); ++i)
      *matches =
          *matches && reference::Compare((*gpu)[i], cpu[i], reference::Tolerance{1e-4, 1e-4}).ok();
    return Status::Ok();
  }

 private slots:
  void initTestCase() {
    if (EmulatedModule::Compiler().isEmpty())
      QSKIP("no C++ compiler on PATH: the emulation tests are skipped");
    QVERIFY(dir_.isValid());
  }

  void reductions_match_the_reference_data() {
    QTest::addColumn<QString>("script");
    QTest::newRow("sum, 256 threads (8 warps), one block per row")
        << QString::fromStdString(RowReduction(5, 1024, "te.sum", OneBlockPerRow(256)));
    QTest::newRow("max, 96 threads (3 warps), split tail")
        << QString::fromStdString(RowReduction(3, 1000, "te.max", OneBlockPerRow(96)));
    QTest::newRow("min, 32 threads (one warp)")
        << QString::fromStdString(RowReduction(4, 100, "te.min", OneBlockPerRow(32)));
    QTest::newRow("sum, 8 threads (segments of a warp)")
        << QString::fromStdString(RowReduction(3, 40, "te.sum", OneBlockPerRow(8)));
    QTest::newRow("sum, reduce axis bound whole (no serial part)") << QString::fromStdString(
        RowReduction(4, 128, "te.sum",
                     "s[B].bind(B.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n"
                     "s[B].bind(k, te.thread_axis(\"threadIdx.x\"))\n"));
    QTest::newRow("sum, four rows per block in sequence")
        << QString::fromStdString(RowReduction(12, 300, "te.sum", kRowsInSequence));
    QTest::newRow("sum, rows on threadIdx.y (4 groups of 16 in a block)")
        << QString::fromStdString(RowReduction(8, 50, "te.sum",
                                               "io, ii = s[B].split(B.op.axis[0], factor=4)\n"
                                               "ko, ki = s[B].split(k, factor=16)\n"
                                               "s[B].bind(io, te.thread_axis(\"blockIdx.x\"))\n"
                                               "s[B].bind(ii, te.thread_axis(\"threadIdx.y\"))\n"
                                               "s[B].bind(ki, te.thread_axis(\"threadIdx.x\"))\n"));
    QTest::newRow("softmax, 64 threads per row") << QString(kHeader) + kSoftmax;
    QTest::newRow("a bound reduce axis of extent 1 (no exchange)")
        << QString::fromStdString(RowReduction(4, 64, "te.max", OneBlockPerRow(1)));
  }
  void reductions_match_the_reference() {
    QFETCH(QString, script);
    bool matches = false;
    Status s = Emulate(script.toStdString(), &matches);
    TSR_VERIFY_OK(s);
    QVERIFY(matches);
  }

  void warp_shuffles_and_one_shared_step() {
    auto cuda = LowerCuda(RowReduction(5, 1024, "te.sum", OneBlockPerRow(256)));
    TSR_VERIFY_OK(cuda);
    Result<std::string> source = codegen::CodeGenCUDA(cuda->program);
    TSR_VERIFY_OK(source);
    QVERIFY2(source->find("__shfl_down_sync(4294967295ull, red_v[0], 16, 32)") != std::string::npos,
             source->c_str());
    QVERIFY(source->find("__shared__ float red_buf[8];") != std::string::npos);
    QVERIFY(source->find("__shfl_sync(4294967295ull, red_v[0], 0, 32)") != std::string::npos);
    QCOMPARE(cuda->program.kernels.size(), size_t{1});
    QCOMPARE(cuda->program.kernels[0].shared_bytes(), int64_t{32});
    Result<std::string> ptx = codegen::CompileToPTX(*source, "sm_90");
    if (!ptx && ptx.error().message.find("not available") != std::string::npos)
      QSKIP("no NVRTC in this build");
    TSR_VERIFY_OK(ptx);
    QVERIFY(ptx->find("shfl.sync.down") != std::string::npos);
  }

  void partial_warp_masks_name_the_lanes_it_has() {
    // 8 x 3 = 24 threads: one warp of 24 lanes.
    auto cuda = LowerCuda(RowReduction(
        6, 40, "te.sum",
        "io, ii = s[B].split(B.op.axis[0], factor=3)\nko, ki = s[B].split(k, factor=8)\n"
        "s[B].bind(io, te.thread_axis(\"blockIdx.x\"))\n"
        "s[B].bind(ii, te.thread_axis(\"threadIdx.y\"))\n"
        "s[B].bind(ki, te.thread_axis(\"threadIdx.x\"))\n"));
    TSR_VERIFY_OK(cuda);
    Result<std::string> source = codegen::CodeGenCUDA(cuda->program);
    TSR_VERIFY_OK(source);
    QVERIFY2(source->find("16777215ull") != std::string::npos, source->c_str());  // 24 lanes
  }

  void bind_rejects_what_it_cannot_lower_data() {
    QTest::addColumn<QString>("sched");
    QTest::addColumn<QString>("message");
    QTest::newRow("blockIdx") << "s[B].bind(k, te.thread_axis(\"blockIdx.x\"))\n"
                              << "binds it to threadIdx.x";
    QTest::newRow("threadIdx.y") << "s[B].bind(k, te.thread_axis(\"threadIdx.y\"))\n"
                                 << "binds it to threadIdx.x";
    QTest::newRow("two axes") << "ko, ki = s[B].split(k, factor=8)\n"
                                 "s[B].bind(ki, te.thread_axis(\"threadIdx.x\"))\n"
                                 "s[B].bind(ko, te.thread_axis(\"threadIdx.x\"))\n"
                              << "already bound";
  }
  void bind_rejects_what_it_cannot_lower() {
    QFETCH(QString, sched);
    QFETCH(QString, message);
    Result<script::ScriptProgram> p =
        LoadScript(RowReduction(4, 64, "te.sum", sched.toStdString()));
    QVERIFY(!p.ok());
    QVERIFY2(p.error().message.find(message.toStdString()) != std::string::npos,
             p.error().message.c_str());
  }

  void lowering_errors_data() {
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("message");
    QTest::newRow("48 threads") << QString::fromStdString(
                                       RowReduction(4, 96, "te.sum", OneBlockPerRow(48)))
                                << "power of two or a multiple of 32";
    // B reduces over 32 threads in a block of C's 64.
    QTest::newRow("narrower than the block")
        << QString(kHeader) + R"(A = te.placeholder((4, 64), name="A")
k = te.reduce_axis((0, 64), name="k")
B = te.compute((4,), lambda i: te.sum(A[i, k], axis=k), name="B")
C = te.compute((4, 64), lambda i, j: A[i, j] - B[i], name="C")
s = te.create_schedule(C.op)
ko, ki = s[B].split(k, factor=32)
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
s[B].compute_at(s[C], C.op.axis[0])
s[B].bind(ki, te.thread_axis("threadIdx.x"))
)"
        << "condition on the thread index";
  }
  void a_symbolic_number_of_threads_is_refused() {
    auto cuda = LowerCuda(std::string(kHeader) + R"(n = te.size_var("n")
A = te.placeholder((4, n), name="A")
k = te.reduce_axis((0, n), name="k")
B = te.compute((4,), lambda i: te.sum(A[i, k], axis=k), name="B")
s = te.create_schedule(B.op)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(k, te.thread_axis("threadIdx.x"))
)");
    QVERIFY(!cuda.ok());
    QVERIFY2(cuda.error().message.find("needs a constant number") != std::string::npos,
             cuda.error().message.c_str());
  }

  void lowering_errors() {
    QFETCH(QString, script);
    QFETCH(QString, message);
    auto cuda = LowerCuda(script.toStdString());
    QVERIFY(!cuda.ok());
    QVERIFY2(cuda.error().message.find(message.toStdString()) != std::string::npos,
             cuda.error().message.c_str());
  }

  // The emulation must catch broken code: these are the mistakes it exists for.
  void a_missing_barrier_before_the_shared_step_fails() {
    bool matches = true;
    Status s =
        Emulate(RowReduction(4, 1024, "te.sum", OneBlockPerRow(256)), &matches,
                [](std::string text) { return ReplaceNth(text, "__syncthreads();", ";", 0); });
    TSR_VERIFY_OK(s);
    QVERIFY(!matches);
  }
  void a_missing_barrier_after_the_shared_step_fails() {
    bool matches = true;
    Status s =
        Emulate(RowReduction(12, 300, "te.sum", kRowsInSequence), &matches,
                [](std::string text) { return ReplaceNth(text, "__syncthreads();", ";", 1); });
    TSR_VERIFY_OK(s);
    QVERIFY(!matches);
  }
  void a_wrong_lane_mask_fails() {
    bool matches = true;
    Status s = Emulate(
        RowReduction(4, 1024, "te.sum", OneBlockPerRow(256)), &matches, [](std::string text) {
          return ReplaceNth(text, "__shfl_down_sync(4294967295ull", "__shfl_down_sync(65535ull", 0);
        });
    QVERIFY(!s.ok());
    QVERIFY2(s.error().message.find("the mask 0x0000ffff") != std::string::npos,
             s.error().message.c_str());
  }
};

}  // namespace tst_cross_thread_reduction

QTEST_GUILESS_MAIN(tst_cross_thread_reduction::TestCrossThreadReduction)
#include "tst_cross_thread_reduction.moc"
