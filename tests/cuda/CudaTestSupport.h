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

// QVERIFY on a Result/Status with its message.
#define TSR_VERIFY_OK(r) QVERIFY2((r).ok(), (r).ok() ? "" : (r).error().message.c_str())

}  // namespace tessera::testing

#include "arith/Evaluate.h"
#include "runtime/NDArray.h"

namespace tessera::testing {

// Arrays for `f`'s buffer parameters (shapes evaluated with `scalars` by name), filled
// with reproducible random values in [-1, 1).
inline Result<std::vector<runtime::NDArray>> MakeArrays(
    const transform::PrimFunc& f, const std::map<std::string, int64_t>& scalars, uint64_t seed) {
  arith::VarValueMap values;
  for (const ir::Var& v : f.scalar_params()) {
    auto it = scalars.find(v.name());
    if (it == scalars.end()) return Error("no value for " + v.name());
    values[v] = it->second;
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

inline std::vector<runtime::NDArray> CloneArrays(const std::vector<runtime::NDArray>& arrays) {
  std::vector<runtime::NDArray> out;
  for (const runtime::NDArray& a : arrays) out.push_back(a.Clone());
  return out;
}

}  // namespace tessera::testing
