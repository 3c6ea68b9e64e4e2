// Shared by the tune suites: evaluating a workload script, its generated space, looking up
// a rule or a knob, and running a candidate against the te oracle (the tuner's check path).
#pragma once

#include <QString>
#include <string>

#include "runner/MeasureBatch.h"
#include "schedule/Schedule.h"
#include "script/Evaluator.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"
#include "tune/Tuner.h"

namespace tessera::tune::test {

// C = A B with A m x k and B k x n, bare (no schedule).
inline std::string GemmScript(int m, int n, int k) {
  const std::string ms = std::to_string(m), ns = std::to_string(n), ks = std::to_string(k);
  return "import tvm\nfrom tvm import te\n"
         "A = te.placeholder((" +
         ms + ", " + ks +
         "), name=\"A\")\n"
         "B = te.placeholder((" +
         ks + ", " + ns +
         "), name=\"B\")\n"
         "k = te.reduce_axis((0, " +
         ks +
         "), name=\"k\")\n"
         "C = te.compute((" +
         ms + ", " + ns +
         "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "s = te.create_schedule(C.op)\n";
}

// An NCHW 1x1 convolution, batch 1: `in` -> `out` channels at size x size, stride `stride`;
// the input `width` columns wide (more than the output reads when `width` > size).
inline std::string PointwiseScript(int in, int size, int out, int stride = 1, int width = 0) {
  auto n = [](int v) { return std::to_string(v); };
  const int out_size = (size - 1) / stride + 1;
  const std::string s = n(stride);
  return "import tvm\nfrom tvm import te\n"
         "data = te.placeholder((1, " +
         n(in) + ", " + n(size) + ", " + n(width ? width : size) +
         "), name=\"data\")\n"
         "kernel = te.placeholder((" +
         n(out) + ", " + n(in) +
         ", 1, 1), name=\"kernel\")\n"
         "rc = te.reduce_axis((0, " +
         n(in) +
         "), name=\"rc\")\n"
         "conv = te.compute((1, " +
         n(out) + ", " + n(out_size) + ", " + n(out_size) +
         "), lambda n, f, y, x: te.sum(data[n, rc, y * " + s + ", x * " + s +
         "] * kernel[f, rc, 0, 0], axis=rc), name=\"conv\")\n"
         "s = te.create_schedule(conv.op)\n";
}

// An NCHW depthwise `window` x `window` convolution, batch 1, `c` channels of `in` x `in`,
// padded by window / 2 (the padding a stage of its own), stride `stride`; bare.
inline std::string DepthwiseScript(int c, int in, int stride, int window = 3) {
  auto n = [](int v) { return std::to_string(v); };
  const int half = window / 2, padded = in + 2 * half, out = (padded - window) / stride + 1;
  return "import tvm\nfrom tvm import te\n"
         "data = te.placeholder((1, " +
         n(c) + ", " + n(in) + ", " + n(in) +
         "), name=\"data\")\n"
         "kernel = te.placeholder((" +
         n(c) + ", 1, " + n(window) + ", " + n(window) +
         "), name=\"kernel\")\n"
         "pad = te.compute((1, " +
         n(c) + ", " + n(padded) + ", " + n(padded) +
         "), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= " + n(half) + ", h < " +
         n(in + half) + ", w >= " + n(half) + ", w < " + n(in + half) + "), data[n, c, h - " +
         n(half) + ", w - " + n(half) +
         "], tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n"
         "ry = te.reduce_axis((0, " +
         n(window) +
         "), name=\"ry\")\n"
         "rx = te.reduce_axis((0, " +
         n(window) +
         "), name=\"rx\")\n"
         "dw = te.compute((1, " +
         n(c) + ", " + n(out) + ", " + n(out) + "), lambda n, c, y, x: te.sum(pad[n, c, y * " +
         n(stride) + " + ry, x * " + n(stride) +
         " + rx] * kernel[c, 0, ry, rx], axis=[ry, rx]), name=\"dw\")\n"
         "s = te.create_schedule(dw.op)\n";
}

// An NCHW 3x3 convolution, batch 1: `in` -> `out` channels over a `size` x `size` input at
// stride `stride`; `padded` pads the input by 1 in a stage of its own (output size x size at
// stride 1), otherwise the window reads the input as it is; bare.
inline std::string ConvScript(int in, int size, int out, int stride, bool padded) {
  auto n = [](int v) { return std::to_string(v); };
  const int rows = padded ? size + 2 : size, out_size = (rows - 3) / stride + 1;
  const std::string source = padded ? "pad" : "data";
  const std::string times = stride == 1 ? "" : " * " + n(stride);
  std::string text =
      "import tvm\nfrom tvm import te\n"
      "data = te.placeholder((1, " +
      n(in) + ", " + n(size) + ", " + n(size) +
      "), name=\"data\")\n"
      "kernel = te.placeholder((" +
      n(out) + ", " + n(in) + ", 3, 3), name=\"kernel\")\n";
  if (padded)
    text += "pad = te.compute((1, " + n(in) + ", " + n(rows) + ", " + n(rows) +
            "), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < " + n(size + 1) +
            ", w >= 1, w < " + n(size + 1) +
            "), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n";
  return text + "rc = te.reduce_axis((0, " + n(in) +
         "), name=\"rc\")\n"
         "ry = te.reduce_axis((0, 3), name=\"ry\")\n"
         "rx = te.reduce_axis((0, 3), name=\"rx\")\n"
         "conv = te.compute((1, " +
         n(out) + ", " + n(out_size) + ", " + n(out_size) + "), lambda n, f, y, x: te.sum(" +
         source + "[n, rc, y" + times + " + ry, x" + times +
         " + rx] * kernel[f, rc, ry, rx], axis=[rc, ry, rx]), name=\"conv\")\n"
         "s = te.create_schedule(conv.op)\n";
}

// A small padded 3x3 convolution and a row softmax, bare (no schedule).
inline const std::string kTinyConv = ConvScript(8, 14, 16, 1, true);

inline constexpr const char* kTinySoftmax = R"(import tvm
from tvm import te
A = te.placeholder((32, 64), name="A")
k = te.reduce_axis((0, 64), name="k")
maxelem = te.compute((32,), lambda i: te.max(A[i, k], axis=k), name="maxelem")
k2 = te.reduce_axis((0, 64), name="k2")
expsum = te.compute((32,), lambda i: te.sum(te.exp(A[i, k2] - maxelem[i]), axis=k2), name="expsum")
B = te.compute((32, 64), lambda i, j: te.exp(A[i, j] - maxelem[i]) / expsum[i], name="B")
s = te.create_schedule(B.op)
)";

// Two cores with `isa`'s vectors and FMA.
inline TargetInfo IsaTarget(const std::string& isa) {
  return TargetInfoFromFeatures({isa, "fma"}, 2);
}

// The value a decision gives `knob` (the last of a split's), -1 where it gives none.
inline int64_t KnobValue(const Decisions& d, const std::string& knob) {
  auto it = d.values.find(knob);
  return it == d.values.end() || it->second.empty() ? -1 : it->second.back();
}

// The name of the stage's innermost loop when it is vectorized; empty otherwise.
inline std::string InnermostVectorized(const schedule::Stage& stage) {
  if (!stage || stage->leaf_iter_vars.empty()) return {};
  const ir::IterVar& last = stage->leaf_iter_vars.back();
  auto attr = stage->iter_var_attrs.find(last);
  if (attr == stage->iter_var_attrs.end() || attr->second.annotation != ir::IterVarType::Vectorized)
    return {};
  return last->var.name();
}

inline script::ScriptProgram Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "workload.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  return std::move(program.value());
}

inline DesignSpace SpaceOf(const script::ScriptProgram& p, const TargetInfo& target) {
  auto space = DesignSpace::Generate(p.schedule->outputs, target);
  if (!space) qFatal("%s", space.error().message.c_str());
  return std::move(space.value());
}

inline const StageRule* RuleOf(const DesignSpace& space, const std::string& stage) {
  for (const StageRule& r : space.rules())
    if (r.stage == stage) return &r;
  return nullptr;
}

inline const Knob* KnobOf(const DesignSpace& space, const std::string& name) {
  for (const Knob& k : space.knobs())
    if (k.name == name) return &k;
  return nullptr;
}

// Compiles and runs the candidate, compared with the te oracle: empty when it agrees,
// else the status, the message and the candidate's script.
inline QString RunAgainstOracle(const script::ScriptProgram& p, const ValidCandidate& c,
                                const std::string& id = "candidate") {
  runner::MeasureRequest request;
  request.id = id;
  request.script = CandidateScript(p, c.schedule);
  request.warmup = 0;
  request.repeat = 1;
  request.check = true;
  runner::MeasureResult r = runner::MeasureOne(request, "");
  if (r.status != runner::MeasureStatus::Ok)
    return QString::fromStdString(std::string(runner::MeasureStatusName(r.status)) + ": " +
                                  r.message + "\n" + request.script);
  return {};
}

}  // namespace tessera::tune::test
