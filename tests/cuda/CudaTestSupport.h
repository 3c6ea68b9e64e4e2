// Helpers for the CUDA backend tests: the shipped GPU examples evaluated and lowered
// through the pipeline (target "cuda"), as the CLI does, and the same workload with a
// default (unscheduled) schedule for CPU references.
#pragma once

#include <QtTest>
#include <fstream>
#include <sstream>
#include <string>

#include "schedule/ScheduleOps.h"
#include "script/Evaluator.h"
#include "transform/Pipeline.h"

namespace tessera::testing {

inline std::string SourceDir() {
  const char* dir = std::getenv("TESSERA_SOURCE_DIR");
  return dir ? dir : ".";
}

inline Result<script::ScriptProgram> LoadScript(const std::string& text,
                                                const std::string& file = "test.py") {
  return script::EvaluateScript(text, file);
}

inline Result<script::ScriptProgram> LoadExample(const std::string& name) {
  std::string path = SourceDir() + "/resources/examples/" + name + ".py";
  std::ifstream in(path);
  if (!in) return Error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return script::EvaluateScript(text.str(), path);
}

// The program's schedule (or `sch` when given) lowered through the pipeline.
inline Result<transform::LoweredProgram> LowerSchedule(const script::ScriptProgram& p,
                                                       const schedule::Schedule& sch,
                                                       const std::string& target = "cuda") {
  Result<ir::Stmt> stmt = schedule::Lower(sch);
  if (!stmt) return stmt.error();
  std::vector<ir::DataProducer> args;
  for (const te::Tensor& t : p.Arguments()) args.push_back(t.producer());
  transform::PassContext ctx;
  ctx.target = target;
  return transform::LowerToPrimFunc(*stmt, args, "main", ctx);
}

inline Result<transform::LoweredProgram> LowerProgram(const script::ScriptProgram& p) {
  if (!p.schedule) return Error("the script creates no schedule");
  return LowerSchedule(p, *p.schedule);
}

inline Result<transform::LoweredProgram> LowerExample(const std::string& name) {
  Result<script::ScriptProgram> p = LoadExample(name);
  if (!p) return p.error();
  return LowerProgram(*p);
}

inline Result<transform::LoweredProgram> LowerText(const std::string& text) {
  Result<script::ScriptProgram> p = LoadScript(text);
  if (!p) return p.error();
  return LowerProgram(*p);
}

// Scripts several CUDA test files use.
// Two root stages, each bound to threads: two kernels and a device temporary (B).
inline const std::string kTwoKernelsScript = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
B = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name="B")
C = te.compute((64, 64), lambda i, j: B[i, 63 - j] + 1.0, name="C")
s = te.create_schedule(C.op)
s[B].bind(B.op.axis[0], te.thread_axis("blockIdx.x"))
s[B].bind(B.op.axis[1], te.thread_axis("threadIdx.x"))
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
)";
// A local copy of each element inside an unrolled loop: every unrolled copy of the body
// allocates its own (TVM's GEMM tutorials read shared tiles into such local caches).
inline const std::string kUnrolledAllocationScript = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
C = te.compute((64, 64), lambda i, j: A[i, j] * 2.0 + 1.0, name="C")
s = te.create_schedule(C.op)
AL = s.cache_read(A, "local", [C])
jo, ji = s[C].split(C.op.axis[1], factor=4)
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(jo, te.thread_axis("threadIdx.x"))
s[C].unroll(ji)
s[AL].compute_at(s[C], ji)
)";
// A row of A fetched into shared memory by 16 threads, four columns each as one
// vectorized copy: aligned in both buffers (kWideFetchScript) or, one column to the right,
// not in A (kShiftedFetchScript).
inline const std::string kWideFetchScript = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
C = te.compute((64, 64), lambda i, j: A[i, j] * 2.0, name="C")
s = te.create_schedule(C.op)
AA = s.cache_read(A, "shared", [C])
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
s[AA].compute_at(s[C], C.op.axis[0])
ao, ai = s[AA].split(AA.op.axis[1], factor=4)
s[AA].bind(ao, te.thread_axis("threadIdx.x"))
s[AA].vectorize(ai)
)";
inline const std::string kShiftedFetchScript = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
C = te.compute((64, 60), lambda i, j: A[i, j + 1] * 2.0, name="C")
s = te.create_schedule(C.op)
AA = s.cache_read(A, "shared", [C])
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
s[AA].compute_at(s[C], C.op.axis[0])
ao, ai = s[AA].split(AA.op.axis[1], factor=4)
s[AA].bind(ao, te.thread_axis("threadIdx.x"))
s[AA].vectorize(ai)
)";
// Four columns per thread as one vectorized statement.
inline const std::string kVectorizedScript = R"(import tvm
from tvm import te
A = te.placeholder((64, 64), name="A")
C = te.compute((64, 64), lambda i, j: A[i, j] * 2.0 + 1.0, name="C")
s = te.create_schedule(C.op)
jo, ji = s[C].split(C.op.axis[1], factor=4)
s[C].bind(C.op.axis[0], te.thread_axis("blockIdx.x"))
s[C].bind(jo, te.thread_axis("threadIdx.x"))
s[C].vectorize(ji)
)";
// A 128 x 128 float tile (64 KiB) of A in shared memory per block: over the static limit.
inline const std::string kSharedTile64KiBScript = R"(import tvm
from tvm import te
A = te.placeholder((256, 128), name="A")
C = te.compute(A.shape, lambda i, j: A[i, 127 - j] + 1.0, name="C")
s = te.create_schedule(C.op)
AA = s.cache_read(A, "shared", [C])
io, ii = s[C].split(C.op.axis[0], factor=128)
s[C].bind(io, te.thread_axis("blockIdx.x"))
s[C].bind(C.op.axis[1], te.thread_axis("threadIdx.x"))
s[AA].compute_at(s[C], io)
s[AA].bind(AA.op.axis[1], te.thread_axis("threadIdx.x"))
)";
// The schedules gpu_reduction.py and gpu_softmax.py shipped before cross-thread
// reductions (rfactor: partial results in shared memory, thread 0 combines them), kept
// for the tests of that path (leader guards, shared scopes, barriers).
inline const std::string kRfactorReductionScript = R"(import tvm
from tvm import te
m = 64
n = 4096
A = te.placeholder((m, n), name="A", dtype="float32")
k = te.reduce_axis((0, n), name="k")
B = te.compute((m,), lambda i: te.sum(A[i, k], axis=k), name="B")
s = te.create_schedule(B.op)
ko, ki = s[B].split(k, factor=256)
BF = s.rfactor(B, ki)
s[B].bind(s[B].op.axis[0], te.thread_axis("blockIdx.x"))
s[BF].compute_at(s[B], s[B].op.axis[0])
s[BF].bind(s[BF].op.axis[0], te.thread_axis("threadIdx.x"))
)";
inline const std::string kRfactorSoftmaxScript = R"(import tvm
from tvm import te
m = 16
n = 1024
A = te.placeholder((m, n), name="A", dtype="float32")
k = te.reduce_axis((0, n), name="k")
maxelem = te.compute((m,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, n), name="k2")
expsum = te.compute((m,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((m, n), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")
s = te.create_schedule(B.op)
ko, ki = s[maxelem].split(k, factor=128)
MF = s.rfactor(maxelem, ki)
ko2, ki2 = s[expsum].split(k2, factor=128)
EF = s.rfactor(expsum, ki2)
row = B.op.axis[0]
jo, ji = s[B].split(B.op.axis[1], factor=128)
s[B].bind(row, te.thread_axis("blockIdx.x"))
s[B].bind(ji, te.thread_axis("threadIdx.x"))
s[MF].compute_at(s[maxelem], s[maxelem].op.axis[0])
s[maxelem].compute_at(s[B], row)
s[EF].compute_at(s[expsum], s[expsum].op.axis[0])
s[expsum].compute_at(s[B], row)
s[MF].bind(s[MF].op.axis[0], te.thread_axis("threadIdx.x"))
s[EF].bind(s[EF].op.axis[0], te.thread_axis("threadIdx.x"))
)";

// QVERIFY on a Result/Status with its message.
#define TSR_VERIFY_OK(r) QVERIFY2((r).ok(), (r).ok() ? "" : (r).error().message.c_str())

}  // namespace tessera::testing

#include "arith/Evaluate.h"
#include "runtime/IRInterpreter.h"
#include "runtime/NDArray.h"

namespace tessera::testing {

// Arrays for `f`'s buffer parameters (shapes evaluated with `scalars` by name), filled
// with reproducible random values in [-1, 1).
inline Result<std::vector<runtime::NDArray>> MakeArrays(const transform::PrimFunc& f,
                                                        const runtime::ScalarArgs& scalars,
                                                        uint64_t seed) {
  arith::VarValueMap values;
  for (const ir::Var& v : f.scalar_params()) {
    auto it = scalars.find(v.name());
    if (it == scalars.end()) return Error("no value for " + v.name());
    values[v] = it->second.as_int();
  }
  std::vector<runtime::NDArray> arrays;
  for (const ir::Buffer& b : f.buffer_params()) {
    std::vector<int64_t> shape;
    for (const ir::Expr& d : b->shape) {
      Result<int64_t> v = arith::EvaluateConstant(d, values);
      if (!v) return v.error();
      shape.push_back(*v);
    }
    Result<runtime::NDArray> a = runtime::NDArray::Empty(shape, b->dtype);
    if (!a) return a.error();
    a->FillRandom(seed + arrays.size());
    arrays.push_back(*a);
  }
  return arrays;
}

// The workload of `p` with a default schedule (every stage at root, no annotations),
// run by the reference interpreter: what a scheduled GPU kernel must compute. (The
// scheduled function itself may hold cross-thread reductions, which only mean something
// on a whole block of threads.)
inline Status RunUnscheduled(const script::ScriptProgram& p,
                             const std::vector<runtime::NDArray>& arrays,
                             const runtime::ScalarArgs& scalars = {}) {
  Result<schedule::Schedule> plain = schedule::create_schedule(p.schedule->outputs);
  if (!plain) return plain.error();
  Result<transform::LoweredProgram> lowered = LowerSchedule(p, *plain, "llvm");
  if (!lowered) return lowered.error();
  return runtime::Interpret(lowered->func, arrays, scalars);
}

inline std::vector<runtime::NDArray> CloneArrays(const std::vector<runtime::NDArray>& arrays) {
  std::vector<runtime::NDArray> out;
  for (const runtime::NDArray& a : arrays) out.push_back(a.Clone());
  return out;
}

}  // namespace tessera::testing
