// The oracle check of a float sum (reference::CompareSum, used by CheckAgainstReference for
// `run --check` and the tuner's check of every new best): a conv2d whose reduction runs
// in another order than the te definition's (rc innermost instead of rx, with FMAs, as
// the ChannelTile rule's tuned schedules may) rounds differently; the plain 1e-5 float32
// tolerance refuses it, the allowance that grows with sqrt(terms) * sum |term| accepts it.
// Results that a wrong schedule gives (one term missing: an off-by-one bound on rc; a
// window shifted by one column) still fail, on most elements. A scheduled kernel with
// the reordered reduction (compiled by LLVM) passes the check too.
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "ir/ExprOp.h"
#include "reference/Compare.h"
#include "reference/Reference.h"
#include "runtime/LLVMModule.h"
#include "script/Evaluator.h"
#include "transform/LowerSchedule.h"

namespace tst_tune_check_tolerance {

using namespace tessera;

namespace {

constexpr int kIn = 64, kOut = 32, kSize = 28, kK = 3, kPadded = kSize + 2;

// conv2d NCHW, 3x3, pad 1: 576 terms per output element. `schedule` is appended.
std::string ConvScript(const std::string& schedule) {
  const std::string n_in = std::to_string(kIn), n_out = std::to_string(kOut),
                    n_size = std::to_string(kSize), n_padded = std::to_string(kPadded);
  return "import tvm\nfrom tvm import te\n"
         "data = te.placeholder((1, " +
         n_in + ", " + n_size + ", " + n_size +
         "), name=\"data\")\n"
         "kernel = te.placeholder((" +
         n_out + ", " + n_in +
         ", 3, 3), name=\"kernel\")\n"
         "pad = te.compute((1, " +
         n_in + ", " + n_padded + ", " + n_padded +
         "), lambda n, c, h, w: te.if_then_else(tvm.tir.all(h >= 1, h < " +
         std::to_string(kSize + 1) + ", w >= 1, w < " + std::to_string(kSize + 1) +
         "), data[n, c, h - 1, w - 1], tvm.tir.const(0.0, \"float32\")), name=\"pad\")\n"
         "rc = te.reduce_axis((0, " +
         n_in +
         "), name=\"rc\")\n"
         "ry = te.reduce_axis((0, 3), name=\"ry\")\n"
         "rx = te.reduce_axis((0, 3), name=\"rx\")\n"
         "conv = te.compute((1, " +
         n_out + ", " + n_size + ", " + n_size +
         "), lambda n, f, y, x: te.sum(pad[n, rc, y + ry, x + rx] * kernel[f, rc, ry, rx], "
         "axis=[rc, ry, rx]), name=\"conv\")\n"
         "s = te.create_schedule(conv.op)\n" +
         schedule;
}

script::ScriptProgram Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "conv.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  return std::move(program.value());
}

// How a hand-made "kernel" computes conv[f, y, x]: in the order ry, rx, rc (rc innermost),
// FMAs, float32 accumulator; `rc_end` < kIn drops terms (an off-by-one bound), `shift`
// moves the window (a wrong index).
runtime::NDArray ConvByHand(const runtime::NDArray& data, const runtime::NDArray& kernel,
                            int rc_end, int shift) {
  runtime::NDArray out = *runtime::NDArray::Empty({1, kOut, kSize, kSize}, ir::DataType::Float(32));
  const auto* d = static_cast<const float*>(data.data());
  const auto* w = static_cast<const float*>(kernel.data());
  auto* o = static_cast<float*>(out.data());
  for (int f = 0; f < kOut; ++f)
    for (int y = 0; y < kSize; ++y)
      for (int x = 0; x < kSize; ++x) {
        float acc = 0.0f;
        for (int ry = 0; ry < kK; ++ry)
          for (int rx = 0; rx < kK; ++rx)
            for (int rc = 0; rc < rc_end; ++rc) {
              const int h = y + ry - 1, col = x + rx - 1 + shift;
              const float v = h >= 0 && h < kSize && col >= 0 && col < kSize
                                  ? d[(rc * kSize + h) * kSize + col]
                                  : 0.0f;
              acc = std::fma(v, w[((f * kIn + rc) * kK + ry) * kK + rx], acc);
            }
        o[(f * kSize + y) * kSize + x] = acc;
      }
  return out;
}

struct ConvCase {
  script::ScriptProgram program;
  std::vector<te::Tensor> args;  // data, kernel, conv
  std::vector<runtime::NDArray> buffers;
};

// Inputs in [-2, 2] (activations and weights of a network are not confined to [-1, 1]; the
// rounding of the sum grows with the square of the scale, the fixed 1e-5 does not).
ConvCase MakeCase(const std::string& schedule) {
  ConvCase c{Load(ConvScript(schedule)), {}, {}};
  c.args = c.program.Arguments();
  for (size_t i = 0; i < c.args.size(); ++i) {
    std::vector<int64_t> shape;
    for (const ir::Expr& e : c.args[i]->shape) shape.push_back(*ir::as_const_int(e));
    c.buffers.push_back(*runtime::NDArray::Empty(shape, c.args[i]->dtype));
    c.buffers.back().FillRandom(7 + i, -2.0, 2.0);
  }
  return c;
}

// The conv with a bias and ReLU after it (the output is relu): data, kernel, bias, relu.
ConvCase MakeEpilogueCase() {
  std::string source = ConvScript("");
  const std::string schedule = "s = te.create_schedule(conv.op)\n";
  source.replace(source.find(schedule), schedule.size(),
                 "bias = te.placeholder((" + std::to_string(kOut) +
                     ",), name=\"bias\")\n"
                     "relu = te.compute(conv.shape, lambda n, f, y, x: te.max(conv[n, f, y, x] + "
                     "bias[f], tvm.tir.const(0.0, \"float32\")), name=\"relu\")\n"
                     "s = te.create_schedule(relu.op)\n");
  ConvCase c{Load(source), {}, {}};
  c.args = c.program.Arguments();
  for (size_t i = 0; i < c.args.size(); ++i) {
    std::vector<int64_t> shape;
    for (const ir::Expr& e : c.args[i]->shape) shape.push_back(*ir::as_const_int(e));
    c.buffers.push_back(*runtime::NDArray::Empty(shape, c.args[i]->dtype));
    c.buffers.back().FillRandom(7 + i, -2.0, 2.0);
  }
  return c;
}

// relu[f, y, x] = max(conv + bias[f], 0) of the hand-made conv.
runtime::NDArray BiasRelu(runtime::NDArray conv, const runtime::NDArray& bias) {
  auto* o = static_cast<float*>(conv.data());
  const auto* b = static_cast<const float*>(bias.data());
  for (int f = 0; f < kOut; ++f)
    for (int p = 0; p < kSize * kSize; ++p) {
      float& v = o[f * kSize * kSize + p];
      v = std::max(v + b[f], 0.0f);
    }
  return conv;
}

reference::CompareResult CheckOutput(const ConvCase& c) {
  auto checks = reference::CheckAgainstReference(*c.program.schedule, c.args, c.buffers, {});
  if (!checks) qFatal("%s", checks.error().message.c_str());
  if (checks->size() != 1) qFatal("expected one output check");
  return checks->front().result;
}

// Lowers and compiles the case's schedule and runs it on its buffers (output in place).
bool RunScheduled(ConvCase* c) {
  auto lowered = transform::LowerSchedule(*c->program.schedule, c->args, "llvm", "conv");
  if (!lowered) {
    qWarning("%s", lowered.error().message.c_str());
    return false;
  }
  auto kernel = runtime::BuildLLVM(lowered->func);
  if (!kernel) {
    qWarning("%s", kernel.error().message.c_str());
    return false;
  }
  return kernel->Call(c->buffers).ok();
}

}  // namespace

class TuneCheckTolerance : public QObject {
  Q_OBJECT
 private slots:
  void reorderedReductionPassesWhereThePlainToleranceRefusedIt() {
    ConvCase c = MakeCase("");
    QCOMPARE(c.args.size(), size_t{3});
    c.buffers[2] = ConvByHand(c.buffers[0], c.buffers[1], kIn, 0);
    auto expected = reference::EvaluateReference(
        {c.args[2]}, {{c.args[0].get(), c.buffers[0]}, {c.args[1].get(), c.buffers[1]}}, {});
    QVERIFY(expected.ok());
    // The check as it was: a fixed 1e-5 refuses the other summation order.
    reference::CompareResult plain = reference::Compare(c.buffers[2], (*expected)[0]);
    QVERIFY2(!plain.ok(), plain.str().c_str());
    reference::CompareResult r = CheckOutput(c);
    QVERIFY2(r.ok(), r.str().c_str());
  }

  // A bias and ReLU after the sum move an element by no more than the sum's rounding, so
  // the sum's allowance holds for them too (the tuner refused every schedule of a dense
  // layer with bias + ReLU: a few outputs near 0 failed the relative tolerance).
  void epilogueOfAReorderedReductionPasses() {
    ConvCase c = MakeEpilogueCase();
    QCOMPARE(c.args.size(), size_t{4});
    QCOMPARE(QString::fromStdString(c.args[2].name()), QString("bias"));
    c.buffers[3] = BiasRelu(ConvByHand(c.buffers[0], c.buffers[1], kIn, 0), c.buffers[2]);
    auto expected = reference::EvaluateReference({c.args[3]},
                                                 {{c.args[0].get(), c.buffers[0]},
                                                  {c.args[1].get(), c.buffers[1]},
                                                  {c.args[2].get(), c.buffers[2]}},
                                                 {});
    QVERIFY(expected.ok());
    reference::CompareResult plain = reference::Compare(c.buffers[3], (*expected)[0]);
    QVERIFY2(!plain.ok(), plain.str().c_str());
    reference::CompareResult r = CheckOutput(c);
    QVERIFY2(r.ok(), r.str().c_str());
    // A wrong conv under the epilogue still fails.
    c.buffers[3] = BiasRelu(ConvByHand(c.buffers[0], c.buffers[1], kIn - 1, 0), c.buffers[2]);
    r = CheckOutput(c);
    QVERIFY2(!r.ok(), r.str().c_str());
    QVERIFY2(r.mismatches > kOut * kSize * kSize / 3, r.str().c_str());
  }

  void offByOneBoundStillFails() {
    ConvCase c = MakeCase("");
    c.buffers[2] = ConvByHand(c.buffers[0], c.buffers[1], kIn - 1, 0);
    reference::CompareResult r = CheckOutput(c);
    QVERIFY2(!r.ok(), r.str().c_str());
    // Not a borderline refusal: nearly every element is outside the allowance.
    QVERIFY2(r.mismatches > kOut * kSize * kSize * 9 / 10, r.str().c_str());
  }

  void shiftedWindowStillFails() {
    ConvCase c = MakeCase("");
    c.buffers[2] = ConvByHand(c.buffers[0], c.buffers[1], kIn, 1);
    reference::CompareResult r = CheckOutput(c);
    QVERIFY2(!r.ok(), r.str().c_str());
    QVERIFY2(r.mismatches > kOut * kSize * kSize * 9 / 10, r.str().c_str());
  }

  void allowanceFollowsSqrtOfTermsAndMagnitude() {
    // One element of 576 terms with sum |term| = 100: allowance 2 * 24 * 2^-23 * 100.
    const double allowance = 2.0 * 24.0 * std::ldexp(1.0, -23) * 100.0;
    auto make = [](float v) {
      runtime::NDArray a = *runtime::NDArray::Empty({1}, ir::DataType::Float(32));
      *static_cast<float*>(a.data()) = v;
      return a;
    };
    runtime::NDArray expected = make(0.0f), magnitude = make(100.0f);
    reference::Tolerance none{0.0, 0.0};
    QVERIFY(reference::CompareSum(make(static_cast<float>(allowance * 0.9)), expected, magnitude,
                                  576, none)
                .ok());
    QVERIFY(!reference::CompareSum(make(static_cast<float>(allowance * 1.1)), expected, magnitude,
                                   576, none)
                 .ok());
    // Past terms^1.5 >= 1 / (2 eps) (float32: about 25 000 terms) a missing term would
    // hide in the allowance: none is given.
    QVERIFY(!reference::CompareSum(make(static_cast<float>(allowance * 0.9)), expected, magnitude,
                                   30000, none)
                 .ok());
    // Integers stay exact.
    QCOMPARE(reference::MachineEpsilon(ir::DataType::Int(32)), 0.0);
  }

  void scheduledKernelWithReorderedReductionPasses() {
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
    ConvCase c = MakeCase(
        "n, f, y, x = s[conv].op.axis\n"
        "rc, ry, rx = s[conv].op.reduce_axis\n"
        "s[conv].reorder(n, f, y, ry, rx, rc, x)\n"
        "s[conv].pragma(f, \"fp_contract\")\n");
    QVERIFY(RunScheduled(&c));
    reference::CompareResult r = CheckOutput(c);
    QVERIFY2(r.ok(), r.str().c_str());
  }

  // The ChannelTile rule's shape: the reduction in a cache_write stage, reordered there
  // (the check compares the output with the te definition's reduction).
  void cacheWriteOfReorderedReductionPasses() {
    ConvCase c = MakeCase("acc = s.cache_write(conv, \"local\")\n");
    c.buffers[2] = ConvByHand(c.buffers[0], c.buffers[1], kIn, 0);
    reference::CompareResult r = CheckOutput(c);
    QVERIFY2(r.ok(), r.str().c_str());
    c.buffers[2] = ConvByHand(c.buffers[0], c.buffers[1], kIn - 1, 0);
    r = CheckOutput(c);
    QVERIFY2(r.mismatches > kOut * kSize * kSize * 9 / 10, r.str().c_str());
    if (!codegen::LLVMAvailable()) QSKIP("built without LLVM");
    c = MakeCase(
        "acc = s.cache_write(conv, \"local\")\n"
        "n, f, y, x = s[conv].op.axis\n"
        "s[acc].compute_at(s[conv], y)\n"
        "a_n, a_f, a_y, a_x = s[acc].op.axis\n"
        "a_rc, a_ry, a_rx = s[acc].op.reduce_axis\n"
        "s[acc].reorder(a_n, a_f, a_y, a_ry, a_rx, a_rc, a_x)\n"
        "s[acc].vectorize(a_x)\n"
        "s[conv].pragma(f, \"fp_contract\")\n");
    QVERIFY(RunScheduled(&c));
    r = CheckOutput(c);
    QVERIFY2(r.ok(), r.str().c_str());
  }
};

}  // namespace tst_tune_check_tolerance

QTEST_APPLESS_MAIN(tst_tune_check_tolerance::TuneCheckTolerance)
#include "tst_tune_check_tolerance.moc"
