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
