// A TensorIR document's check and work (reference/TirReference.h, tir/FunctionFlops.h):
// the arguments a scheduled function is called with, the unscheduled program's outputs
// on them (the te oracle for te.create_prim_func, the IR interpreter for TVMScript), a
// wrong output found, and the FLOP count of the unscheduled function equal to the te
// definition's (GEMM, softmax), whatever the schedule.
#include <QtTest>
#include <set>

#include "reference/TirReference.h"
#include "runtime/IRInterpreter.h"
#include "script/Evaluator.h"
#include "te/WorkloadFlops.h"
#include "tir/FunctionFlops.h"
#include "transform/LowerTensorIR.h"

namespace tst_tir_reference {

using namespace tessera;

namespace {

const char* kGemm =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((32, 40), \"float32\", name=\"A\")\n"
    "B = te.placeholder((40, 48), \"float32\", name=\"B\")\n"
    "k = te.reduce_axis((0, 40), name=\"k\")\n"
    "C = te.compute((32, 48), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n"
    "c = sch.get_block(\"C\")\n"
    "i, j, k = sch.get_loops(c)\n"
    "jo, ji = sch.split(j, factors=[None, 32])\n";

const char* kSoftmax =
    "import tvm\n"
    "from tvm import te, tir\n"
    "A = te.placeholder((16, 32), \"float32\", name=\"A\")\n"
    "k = te.reduce_axis((0, 32), name=\"k\")\n"
    "M = te.compute((16,), lambda i: te.max(A[i, k], axis=k), name=\"M\")\n"
    "E = te.compute((16, 32), lambda i, j: te.exp(A[i, j] - M[i]), name=\"E\")\n"
    "k2 = te.reduce_axis((0, 32), name=\"k2\")\n"
    "S = te.compute((16,), lambda i: te.sum(E[i, k2], axis=k2), name=\"S\")\n"
    "O = te.compute((16, 32), lambda i, j: E[i, j] / S[i], name=\"O\")\n"
    "sch = tir.Schedule(te.create_prim_func([A, O]))\n";

const char* kTvmScript =
    "import tvm\n"
    "from tvm import tir\n"
    "from tvm.script import tir as T\n"
    "@T.prim_func\n"
    "def mm(A: T.Buffer((16, 24), \"float32\"), B: T.Buffer((24, 8), \"float32\"),\n"
    "       C: T.Buffer((16, 8), \"float32\")):\n"
    "    for i, j, k in T.grid(16, 8, 24):\n"
    "        with T.block(\"C\"):\n"
    "            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n"
    "            with T.init():\n"
    "                C[vi, vj] = T.float32(0)\n"
    "            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n"
    "sch = tir.Schedule(mm)\n"
    "c = sch.get_block(\"C\")\n"
    "i, j, k = sch.get_loops(c)\n"
    "io, ii = sch.split(i, factors=[None, 4])\n"
    "sch.reorder(io, k, ii)\n";

script::ScriptProgram Evaluate(const char* text) {
  auto program = script::EvaluateScript(text, "tir_reference.py");
  if (!program.ok()) qFatal("%s", program.error().format().c_str());
  if (!program->is_tensorir()) qFatal("not a TensorIR document");
  return std::move(*program);
}

std::vector<te::Tensor> Outputs(const script::ScriptProgram& p) {
  std::vector<te::Tensor> out;
  std::set<const void*> written = reference::WrittenParams(p.tir_original);
  for (size_t i = 0; i < p.tir_te_args.size(); ++i)
    if (written.count(p.tir_original.params[i].get())) out.push_back(p.tir_te_args[i]);
  return out;
}

// The scheduled function called on `a` by the IR interpreter; the arrays after the call.
std::vector<runtime::NDArray> RunScheduled(const script::ScriptProgram& p,
                                           const reference::TirArguments& a) {
  auto lowered = transform::LowerTensorIR(p.tir_schedule->func());
  if (!lowered.ok()) qFatal("%s", lowered.error().message.c_str());
  std::vector<runtime::NDArray> after;
  for (const runtime::NDArray& b : a.buffers) after.push_back(b.Clone());
  Status st = runtime::Interpret(lowered->func, after, a.scalars.values);
  if (!st.ok()) qFatal("%s", st.error().message.c_str());
  return after;
}

reference::TirArguments Arguments(const script::ScriptProgram& p) {
  auto lowered = transform::LowerTensorIR(p.tir_schedule->func());
  if (!lowered.ok()) qFatal("%s", lowered.error().message.c_str());
  auto a = reference::MakeTirArguments(p.tir_schedule->func(), lowered->func, {}, 7, 64);
  if (!a.ok()) qFatal("%s", a.error().message.c_str());
  return std::move(*a);
}

}  // namespace

class TestTirReference : public QObject {
  Q_OBJECT

 private slots:
  void argumentsAreRandomInputsAndZeroOutputs() {
    script::ScriptProgram p = Evaluate(kGemm);
    reference::TirArguments a = Arguments(p);
    QCOMPARE(a.buffers.size(), size_t(3));
    QCOMPARE(a.is_output, (std::vector<bool>{false, false, true}));
    QCOMPARE(a.buffers[0].shape(), (std::vector<int64_t>{32, 40}));
    QCOMPARE(a.buffers[2].shape(), (std::vector<int64_t>{32, 48}));
    QCOMPARE(a.buffers[2].GetDouble(0), 0.0);
    QVERIFY(a.buffers[0].GetDouble(0) != 0.0);
  }

  void theTeOracleChecksAFunctionOfTeTensors() {
    script::ScriptProgram p = Evaluate(kGemm);
    reference::TirArguments a = Arguments(p);
    auto expected = reference::TirExpectedOutputs(p.tir_original, p.tir_te_args, a);
    QVERIFY2(expected.ok(), expected.ok() ? "" : expected.error().message.c_str());
    QCOMPARE(QString::fromStdString(expected->reference), QString("te oracle"));
    auto checks =
        reference::CompareTirOutputs(p.tir_schedule->func(), a, RunScheduled(p, a), *expected);
    QCOMPARE(checks.size(), size_t(1));
    QCOMPARE(QString::fromStdString(checks[0].tensor), QString("C"));
    QVERIFY2(checks[0].result.ok(), checks[0].result.str().c_str());
  }

  // A TVMScript function has no te definition: its unscheduled self, interpreted, is the
  // reference, and an output the schedule got wrong is found.
  void theInterpreterChecksATvmScriptFunctionAndFindsAWrongOutput() {
    script::ScriptProgram p = Evaluate(kTvmScript);
    QVERIFY(p.tir_te_args.empty());
    reference::TirArguments a = Arguments(p);
    auto expected = reference::TirExpectedOutputs(p.tir_original, p.tir_te_args, a);
    QVERIFY2(expected.ok(), expected.ok() ? "" : expected.error().message.c_str());
    QVERIFY(QString::fromStdString(expected->reference).contains("interpreter"));
    std::vector<runtime::NDArray> after = RunScheduled(p, a);
    auto good = reference::CompareTirOutputs(p.tir_schedule->func(), a, after, *expected);
    QCOMPARE(good.size(), size_t(1));
    QVERIFY2(good[0].result.ok(), good[0].result.str().c_str());
    after[2].SetDouble(5, after[2].GetDouble(5) + 1.0);
    auto bad = reference::CompareTirOutputs(p.tir_schedule->func(), a, after, *expected);
    QVERIFY(!bad[0].result.ok());
    QCOMPARE(bad[0].result.mismatches, int64_t(1));
  }

  void theReferenceRefusesArraysThatAreNotTheParameters() {
    script::ScriptProgram p = Evaluate(kGemm);
    reference::TirArguments a = Arguments(p);
    a.buffers.pop_back();
    a.is_output.pop_back();
    auto expected = reference::TirExpectedOutputs(p.tir_original, p.tir_te_args, a);
    QVERIFY(!expected.ok());
    QVERIFY2(QString::fromStdString(expected.error().message).contains("one array per parameter"),
             expected.error().message.c_str());
  }

  void gemmFlopsAreTheTeDefinitions() {
    script::ScriptProgram p = Evaluate(kGemm);
    double tir = tir::CountFunctionFlops(p.tir_original, {});
    QCOMPARE(tir, 2.0 * 32 * 48 * 40);
    QCOMPARE(tir, te::CountWorkloadFlops(Outputs(p), {}));
  }

  // The split by 32 of 48 guards a padded loop (T.where): counted on the scheduled
  // function it would be more work; the unscheduled function's count is the work.
  void theScheduleDoesNotChangeTheCountedWork() {
    script::ScriptProgram p = Evaluate(kGemm);
    double scheduled = tir::CountFunctionFlops(p.tir_schedule->func(), {});
    QCOMPARE(scheduled, 2.0 * 32 * 64 * 40);
    QCOMPARE(tir::CountFunctionFlops(p.tir_original, {}), 2.0 * 32 * 48 * 40);
  }

  void softmaxFlopsAreTheTeDefinitions() {
    script::ScriptProgram p = Evaluate(kSoftmax);
    double tir = tir::CountFunctionFlops(p.tir_original, {});
    // max: 1 per step; exp(a - m): 2; sum: 1 per step; divide: 1.
    QCOMPARE(tir, 16.0 * 32 * (1 + 2 + 1 + 1));
    QCOMPARE(tir, te::CountWorkloadFlops(Outputs(p), {}));
  }

  void tvmScriptFlopsCountTheBlockBody() {
    script::ScriptProgram p = Evaluate(kTvmScript);
    QCOMPARE(tir::CountFunctionFlops(p.tir_original, {}), 2.0 * 16 * 8 * 24);
  }
};

}  // namespace tst_tir_reference

QTEST_GUILESS_MAIN(tst_tir_reference::TestTirReference)
#include "tst_tir_reference.moc"
