// Differential suite for the GPU backend on machines without a GPU: random legal GPU
// schedules — block/thread bindings after splits, threadIdx.y groups, shared-memory
// caches computed under block loops and fetched cooperatively, register (local)
// accumulators, unrolled loops, cross-thread reductions — over four workloads
// (element-wise, row reduction, softmax, GEMM). Every generated kernel must compile
// with NVRTC for sm_90 and, run in the CPU emulation (CudaEmulator.h: warps in a fixed
// order between barriers, checked shuffle masks), must match the same workload with a
// default schedule run by the reference interpreter, and the te oracle
// (reference/Reference.h, the compute definitions evaluated directly). A failure prints the script,
// so it can be replayed with `tessera-cli run FILE --target cuda --check` on a GPU.
#include <QtTest>
#include <random>

#include "CudaEmulator.h"
#include "CudaTestSupport.h"
#include "codegen/cuda/CudaLowering.h"
#include "codegen/cuda/NVRTC.h"
#include "reference/Compare.h"
#include "reference/Reference.h"
#include "runtime/IRInterpreter.h"

namespace tst_cuda_random_schedules {

using namespace tessera;
using namespace tessera::testing;

namespace {

const char* kHeader = "import tvm\nfrom tvm import te\n";

class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  template <typename T>
  T Pick(const std::vector<T>& options) {
    return options[std::uniform_int_distribution<size_t>(0, options.size() - 1)(engine_)];
  }
  bool Coin() { return Pick<int>({0, 1}) == 1; }

 private:
  std::mt19937_64 engine_;
};

std::string Str(int64_t v) { return std::to_string(v); }

// C = A * 2 + B over M x N: columns on threadIdx.x, rows on blockIdx.x (optionally a
// group of rows on threadIdx.y, optionally a shared copy of A per block).
std::string Elementwise(Random& r) {
  int64_t m = r.Pick<int64_t>({6, 16, 33}), n = r.Pick<int64_t>({40, 64, 100});
  int64_t tx = r.Pick<int64_t>({8, 16, 32, 64});
  std::string s = std::string(kHeader) + "A = te.placeholder((" + Str(m) + ", " + Str(n) +
                  "), name=\"A\")\nB = te.placeholder((" + Str(m) + ", " + Str(n) +
                  "), name=\"B\")\nC = te.compute(A.shape, lambda i, j: A[i, j] * 2.0 + B[i, j], "
                  "name=\"C\")\ns = te.create_schedule(C.op)\n";
  bool shared = r.Coin();
  if (shared) s += "AA = s.cache_read(A, \"shared\", [C])\n";
  s += "jo, ji = s[C].split(C.op.axis[1], factor=" + Str(tx) + ")\n";
  std::string block = "C.op.axis[0]";
  if (r.Coin()) {
    int64_t ty = r.Pick<int64_t>({2, 4});
    s += "io, ii = s[C].split(C.op.axis[0], factor=" + Str(ty) + ")\n";
    s += "s[C].reorder(io, jo, ii, ji)\n";
    s += "s[C].bind(ii, te.thread_axis(\"threadIdx.y\"))\n";
    block = "io";
  } else {
    s += "s[C].reorder(C.op.axis[0], jo, ji)\n";
  }
  s += "s[C].bind(" + block + ", te.thread_axis(\"blockIdx.x\"))\n";
  s += "s[C].bind(ji, te.thread_axis(\"threadIdx.x\"))\n";
  if (r.Coin()) s += "s[C].unroll(jo)\n";
  if (shared) {
    s += "s[AA].compute_at(s[C], " + block + ")\n";
    s += "ao, ai = s[AA].split(AA.op.axis[1], factor=" + Str(tx) + ")\n";
    s += "s[AA].bind(ai, te.thread_axis(\"threadIdx.x\"))\n";
  }
  return s;
}

// Row reductions (sum / max / min) of R x C: one block per row or rows in sequence or
// rows on threadIdx.y; the reduce axis split with the inner part on threadIdx.x
// (cross-thread) or rfactor'ed into shared memory.
std::string Reduction(Random& r) {
  int64_t rows = r.Pick<int64_t>({4, 9}), cols = r.Pick<int64_t>({64, 200, 513});
  std::string reducer = r.Pick<std::string>({"te.sum", "te.max", "te.min"});
  std::string s = std::string(kHeader) + "A = te.placeholder((" + Str(rows) + ", " + Str(cols) +
                  "), name=\"A\")\nk = te.reduce_axis((0, " + Str(cols) +
                  "), name=\"k\")\nB = te.compute((" + Str(rows) + ",), lambda i: " + reducer +
                  "(A[i, k] * 2.0, axis=k), name=\"B\")\ns = te.create_schedule(B.op)\n";
  int layout = r.Pick<int>({0, 1, 2});
  int64_t tx =
      layout == 2 ? r.Pick<int64_t>({8, 16, 32, 64}) : r.Pick<int64_t>({16, 32, 64, 128, 256});
  s += "ko, ki = s[B].split(k, factor=" + Str(tx) + ")\n";
  if (layout == 0) {
    s += "s[B].bind(B.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n";
  } else {
    s += "io, ii = s[B].split(B.op.axis[0], factor=" + Str(r.Pick<int64_t>({2, 3})) + ")\n";
    s += "s[B].bind(io, te.thread_axis(\"blockIdx.x\"))\n";
    if (layout == 2) s += "s[B].bind(ii, te.thread_axis(\"threadIdx.y\"))\n";
  }
  s += "s[B].bind(ki, te.thread_axis(\"threadIdx.x\"))\n";
  if (r.Coin()) s += "s[B].unroll(ko)\n";
  return s;
}

// Softmax over R x C with T threads per row: both reductions cross-thread, or rfactor.
std::string Softmax(Random& r) {
  int64_t rows = r.Pick<int64_t>({3, 5}), cols = r.Pick<int64_t>({96, 256, 300});
  int64_t t = r.Pick<int64_t>({32, 64, 128});
  bool rfactor = r.Pick<int>({0, 0, 1}) == 1;
  std::string s = std::string(kHeader) + "A = te.placeholder((" + Str(rows) + ", " + Str(cols) +
                  "), name=\"A\")\n";
  s += "k = te.reduce_axis((0, " + Str(cols) + "), name=\"k\")\n";
  s += "maxelem = te.compute((" + Str(rows) +
       ",), lambda i: te.max(A[i, k], axis=k), name=\"maxelem\")\n";
  s += "k2 = te.reduce_axis((0, " + Str(cols) + "), name=\"k2\")\n";
  s += "expsum = te.compute((" + Str(rows) +
       ",), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name=\"expsum\")\n";
  s += "B = te.compute((" + Str(rows) + ", " + Str(cols) +
       "), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name=\"B\")\n";
  s += "s = te.create_schedule(B.op)\n";
  s += "ko, ki = s[maxelem].split(k, factor=" + Str(t) + ")\n";
  s += "ko2, ki2 = s[expsum].split(k2, factor=" + Str(t) + ")\n";
  s += "jo, ji = s[B].split(B.op.axis[1], factor=" + Str(t) + ")\n";
  s += "s[B].bind(B.op.axis[0], te.thread_axis(\"blockIdx.x\"))\n";
  s += "s[B].bind(ji, te.thread_axis(\"threadIdx.x\"))\n";
  if (rfactor) {
    s += "MF = s.rfactor(maxelem, ki)\nEF = s.rfactor(expsum, ki2)\n";
    s += "s[MF].compute_at(s[maxelem], s[maxelem].op.axis[0])\n";
    s += "s[EF].compute_at(s[expsum], s[expsum].op.axis[0])\n";
    s += "s[MF].bind(s[MF].op.axis[0], te.thread_axis(\"threadIdx.x\"))\n";
    s += "s[EF].bind(s[EF].op.axis[0], te.thread_axis(\"threadIdx.x\"))\n";
  } else {
    s += "s[maxelem].bind(ki, te.thread_axis(\"threadIdx.x\"))\n";
    s += "s[expsum].bind(ki2, te.thread_axis(\"threadIdx.x\"))\n";
  }
  s += "s[maxelem].compute_at(s[B], B.op.axis[0])\n";
  s += "s[expsum].compute_at(s[B], B.op.axis[0])\n";
  return s;
}

// GEMM M x N x K: block tiles on blockIdx.y/x, thread tiles on threadIdx.y/x, a local
// accumulator (cache_write) computed at the thread loop, shared tiles of A and B at
// the reduction's outer loop fetched by all threads, unrolled inner loops.
std::string Gemm(Random& r) {
  int64_t m = 64, n = 64, kk = r.Pick<int64_t>({32, 48});
  int64_t tile = r.Pick<int64_t>({16, 32}), per = r.Pick<int64_t>({1, 2, 4});
  int64_t threads = tile / per, kstep = r.Pick<int64_t>({4, 8, 16});
  std::string s = std::string(kHeader) + "A = te.placeholder((" + Str(m) + ", " + Str(kk) +
                  "), name=\"A\")\nB = te.placeholder((" + Str(kk) + ", " + Str(n) +
                  "), name=\"B\")\nk = te.reduce_axis((0, " + Str(kk) +
                  "), name=\"k\")\nC = te.compute((" + Str(m) + ", " + Str(n) +
                  "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
                  "s = te.create_schedule(C.op)\n";
  bool shared = r.Pick<int>({0, 1, 1}) == 1;
  if (shared) s += "AA = s.cache_read(A, \"shared\", [C])\nBB = s.cache_read(B, \"shared\", [C])\n";
  s += "CL = s.cache_write(C, \"local\")\n";
  s += "by, yi = s[C].split(C.op.axis[0], factor=" + Str(tile) + ")\n";
  s += "bx, xi = s[C].split(C.op.axis[1], factor=" + Str(tile) + ")\n";
  s += "ty, yii = s[C].split(yi, nparts=" + Str(threads) + ")\n";
  s += "tx, xii = s[C].split(xi, nparts=" + Str(threads) + ")\n";
  s += "s[C].reorder(by, bx, ty, tx, yii, xii)\n";
  s += "s[C].bind(by, te.thread_axis(\"blockIdx.y\"))\ns[C].bind(bx, "
       "te.thread_axis(\"blockIdx.x\"))\n";
  s += "s[C].bind(ty, te.thread_axis(\"threadIdx.y\"))\ns[C].bind(tx, "
       "te.thread_axis(\"threadIdx.x\"))\n";
  s += "s[CL].compute_at(s[C], tx)\nyc, xc = s[CL].op.axis\n";
  s += "ko, ki = s[CL].split(s[CL].op.reduce_axis[0], factor=" + Str(kstep) + ")\n";
  s += "s[CL].reorder(ko, ki, yc, xc)\n";
  if (r.Coin()) s += "s[CL].unroll(ki)\n";
  if (r.Coin()) s += "s[CL].unroll(yc)\ns[CL].unroll(xc)\n";
  if (shared) {
    for (const char* t : {"AA", "BB"}) {
      std::string x = t;
      s += "s[" + x + "].compute_at(s[CL], ko)\n";
      s += x + "f = s[" + x + "].fuse(s[" + x + "].op.axis[0], s[" + x + "].op.axis[1])\n";
      s += x + "o, " + x + "i = s[" + x + "].split(" + x + "f, factor=" + Str(threads * threads) +
           ")\n";
      s += x + "y, " + x + "x = s[" + x + "].split(" + x + "i, factor=" + Str(threads) + ")\n";
      s += "s[" + x + "].bind(" + x + "y, te.thread_axis(\"threadIdx.y\"))\n";
      s += "s[" + x + "].bind(" + x + "x, te.thread_axis(\"threadIdx.x\"))\n";
    }
  }
  return s;
}

}  // namespace

class TestCudaRandomSchedules : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  bool nvrtc_ = false;

 private slots:
  void initTestCase() {
    if (EmulatedModule::Compiler().isEmpty())
      QSKIP("no C++ compiler on PATH: the emulation tests are skipped");
    QVERIFY(dir_.isValid());
    nvrtc_ = codegen::CompileToPTX("extern \"C\" __global__ void k() {}", "sm_90").ok();
  }

  void random_schedule_matches_the_reference_data() {
    QTest::addColumn<QString>("workload");
    QTest::addColumn<int>("seed");
    for (const char* w : {"elementwise", "reduction", "softmax", "gemm"})
      for (int seed = 1; seed <= 6; ++seed)
        QTest::newRow(qPrintable(QString("%1 #%2").arg(w).arg(seed))) << QString(w) << seed;
  }
  void random_schedule_matches_the_reference() {
    QFETCH(QString, workload);
    QFETCH(int, seed);
    Random r(static_cast<uint64_t>(seed) * 7919u + static_cast<uint64_t>(workload.size()));
    std::string script = workload == "elementwise" ? Elementwise(r)
                         : workload == "reduction" ? Reduction(r)
                         : workload == "softmax"   ? Softmax(r)
                                                   : Gemm(r);
    std::string context = "\n--- script ---\n" + script;
    Result<script::ScriptProgram> p = LoadScript(script);
    QVERIFY2(p.ok(), ((p.ok() ? "" : p.error().message) + context).c_str());
    Result<transform::LoweredProgram> lowered = LowerProgram(*p);
    QVERIFY2(lowered.ok(), ((lowered.ok() ? "" : lowered.error().message) + context).c_str());
    Result<codegen::CudaLowered> cuda = codegen::LowerForCUDA(*lowered);
    QVERIFY2(cuda.ok(), ((cuda.ok() ? "" : cuda.error().message) + context).c_str());
    Result<std::string> source = codegen::CodeGenCUDA(cuda->program);
    QVERIFY2(source.ok(), ((source.ok() ? "" : source.error().message) + context).c_str());
    if (nvrtc_) {
      Result<std::string> ptx = codegen::CompileToPTX(*source, "sm_90");
      QVERIFY2(ptx.ok(), ((ptx.ok() ? "" : ptx.error().message) + context).c_str());
    }
    auto module = EmulatedModule::Build(cuda->program, dir_.path());
    QVERIFY2(module.ok(), ((module.ok() ? "" : module.error().message) + context).c_str());
    auto gpu = MakeArrays(lowered->func, {}, static_cast<uint64_t>(seed));
    TSR_VERIFY_OK(gpu);
    std::vector<runtime::NDArray> cpu = CloneArrays(*gpu);
    Status ran = (*module)->Call(*gpu, {});
    QVERIFY2(ran.ok(), ((ran.ok() ? "" : ran.error().message) + context).c_str());
    Status reference = RunUnscheduled(*p, cpu);
    TSR_VERIFY_OK(reference);
    auto buffers = lowered->func.buffer_params();
    for (size_t i = 0; i < gpu->size(); ++i) {
      reference::CompareResult c =
          reference::Compare((*gpu)[i], cpu[i], reference::Tolerance{1e-4, 1e-4});
      QVERIFY2(c.ok(), (buffers[i]->name + ": " + c.str() + context).c_str());
    }
    CheckAgainstOracle(*p, *gpu, context);
  }

 private:
  // The te oracle (reference/Reference.h) evaluates the compute definitions directly: no
  // schedule, no lowering, so a bug shared by the pipeline and the interpreter shows.
  void CheckAgainstOracle(const script::ScriptProgram& p, const std::vector<runtime::NDArray>& gpu,
                          const std::string& context) {
    std::vector<te::Tensor> args = p.Arguments(), outputs;
    std::vector<size_t> where;
    reference::TensorArrays inputs;
    for (size_t i = 0; i < args.size(); ++i) {
      if (dynamic_cast<const te::PlaceholderOpNode*>(args[i].op().get())) {
        inputs[args[i].get()] = gpu[i];
      } else {
        outputs.push_back(args[i]);
        where.push_back(i);
      }
    }
    Result<std::vector<runtime::NDArray>> expected =
        reference::EvaluateReference(outputs, inputs, {});
    QVERIFY2(expected.ok(), ((expected.ok() ? "" : expected.error().message) + context).c_str());
    for (size_t k = 0; k < outputs.size(); ++k) {
      reference::CompareResult c =
          reference::Compare(gpu[where[k]], (*expected)[k], reference::Tolerance{1e-4, 1e-4});
      QVERIFY2(c.ok(), ("oracle, " + outputs[k].name() + ": " + c.str() + context).c_str());
    }
  }
};

}  // namespace tst_cuda_random_schedules

QTEST_GUILESS_MAIN(tst_cuda_random_schedules::TestCudaRandomSchedules)
#include "tst_cuda_random_schedules.moc"
