// Tunable knobs written in a script (script/tvm/autotvm/TuneConfig.h, LANGUAGE.md "Tunable knobs"):
// AutoTVM's cfg.define_split / define_knob / define_reorder evaluate with AutoTVM's
// fallbacks or with a tuner's values; values outside a knob's domain, unknown knobs and
// knobs defined twice are errors at the call; Tessera's own script keeps the knobs
// (printing is a fixed point) while the TVM export prints the chosen values; the tuner's
// space of such a script is exactly its knobs, and tuning it measures real candidates.
#include <QtTest>
#include <set>

#include "codegen/LLVMBackend.h"
#include "runner/MachineSignature.h"
#include "schedule/Trace.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "tune/ChildProcessRunner.h"
#include "tune/DesignSpace.h"
#include "tune/Tuner.h"

namespace tst_tune_knobs {

using namespace tessera;
using namespace tessera::script;

namespace {

const char* kTunable = R"(import tvm
from tvm import te
from tvm import autotvm

A = te.placeholder((64, 32), name="A")
B = te.placeholder((32, 64), name="B")
k = te.reduce_axis((0, 32), name="k")
C = te.compute((64, 64), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name="C")

s = te.create_schedule(C.op)
cfg = autotvm.get_config()
i, j = s[C].op.axis
cfg.define_split("tile_j", j, num_outputs=2, max_factor=16)
cfg.define_knob("vec", [0, 1])
jo, ji = cfg["tile_j"].apply(s, C, j)
s[C].reorder(i, jo, k, ji)
cfg.define_reorder("order", [i, jo], policy="all")
cfg["order"].apply(s, C, [i, jo])
if cfg["vec"].val:
    s[C].vectorize(ji)
)";

std::string Trace(const ScriptProgram& p) {
  std::string out;
  for (const schedule::TraceEntry& e : p.schedule->trace.entries)
    out += schedule::to_string(e) + "\n";
  return out;
}

}  // namespace

class TestTuneKnobs : public QObject {
  Q_OBJECT

 private slots:
  void knobsTakeAutoTvmsFallbacks() {
    auto t = EvaluateTunableScript(kTunable, "gemm.py", {});
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().format().c_str());
    QCOMPARE(t->knobs.size(), size_t{3});
    QCOMPARE(t->knobs[0].name, std::string("tile_j"));
    QCOMPARE(t->knobs[0].kind, ScriptKnob::Kind::Split);
    QCOMPARE(t->knobs[0].extent, int64_t{64});
    QCOMPARE(t->knobs[0].value, (std::vector<int64_t>{64, 1}));
    QCOMPARE(t->knobs[1].choices, (std::vector<std::string>{"0", "1"}));
    QCOMPARE(t->knobs[2].kind, ScriptKnob::Kind::Reorder);
    QCOMPARE(t->knobs[2].choices.size(), size_t{2});
    // The fallback split is by 1 and nothing is vectorized.
    std::string trace = Trace(t->program);
    QVERIFY2(trace.find("factor=1") != std::string::npos, trace.c_str());
    QVERIFY2(trace.find("vectorize") == std::string::npos, trace.c_str());
    // The plain evaluator gives the same program.
    auto plain = EvaluateScript(kTunable, "gemm.py");
    QVERIFY(plain.ok());
    QCOMPARE(Trace(*plain), trace);
  }

  void aTunersValuesAreApplied() {
    auto t = EvaluateTunableScript(kTunable, "gemm.py",
                                   {{"tile_j", {8, 8}}, {"vec", {1}}, {"order", {1}}});
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().format().c_str());
    std::string trace = Trace(t->program);
    QVERIFY2(trace.find("factor=8") != std::string::npos, trace.c_str());
    QVERIFY2(trace.find("vectorize") != std::string::npos, trace.c_str());
    // The chosen order puts j.outer before i.
    const auto& leaves = t->program.schedule->find("C")->leaf_iter_vars;
    QCOMPARE(leaves.front()->var.name(), std::string("j.outer"));
  }

  void valuesOutsideTheDomainAreRefusedAtTheirDefinition() {
    auto bad_product = EvaluateTunableScript(kTunable, "gemm.py", {{"tile_j", {3, 21}}});
    QVERIFY(!bad_product.ok());
    QCOMPARE(bad_product.error().loc.line, 13);
    QVERIFY2(bad_product.error().message.find("not in its domain") != std::string::npos,
             bad_product.error().message.c_str());
    auto too_big =
        EvaluateTunableScript(kTunable, "gemm.py", {{"tile_j", {2, 32}}});  // max_factor 16
    QVERIFY(!too_big.ok());
    auto bad_index = EvaluateTunableScript(kTunable, "gemm.py", {{"vec", {2}}});
    QVERIFY(!bad_index.ok());
    QCOMPARE(bad_index.error().loc.line, 14);
    auto unknown = EvaluateTunableScript(kTunable, "gemm.py", {{"tile_x", {64, 1}}});
    QVERIFY(!unknown.ok());
    QVERIFY(unknown.error().message.find("no knob named 'tile_x'") != std::string::npos);
  }

  void misuseIsALocatedError() {
    std::string twice = std::string(kTunable) + "cfg.define_knob(\"vec\", [1, 2])\n";
    auto a = EvaluateScript(twice, "gemm.py");
    QVERIFY(!a.ok());
    QVERIFY2(a.error().message.find("defined twice") != std::string::npos,
             a.error().message.c_str());
    QCOMPARE(a.error().loc.line, 21);
    std::string undefined = std::string(kTunable) + "x = cfg[\"nope\"].val\n";
    auto b = EvaluateScript(undefined, "gemm.py");
    QVERIFY(!b.ok());
    QVERIFY(b.error().message.find("no knob named 'nope'") != std::string::npos);
    std::string filter =
        std::string(kTunable) +
        "cfg.define_split(\"t2\", i, num_outputs=2, filter=lambda x: x.size[-1] <= 8)\n";
    auto c = EvaluateScript(filter, "gemm.py");
    QVERIFY(!c.ok());
    QVERIFY(c.error().message.find("filter") != std::string::npos);
  }

  void splitDomainsAreTheOrderedFactorizations() {
    ScriptKnob k;
    k.kind = ScriptKnob::Kind::Split;
    k.extent = 12;
    k.parts = 3;
    auto all = SplitValues(k);
    QCOMPARE(all.size(), size_t{18});  // ordered factorizations of 12 into 3 factors
    for (const auto& v : all) QVERIFY(InKnobDomain(k, v));
    k.max_factor = 2;
    for (const auto& v : SplitValues(k)) QVERIFY(v[1] <= 2 && v[2] <= 2);
  }

  void printingKeepsTheKnobsAndTvmGetsTheChosenValues() {
    auto p = EvaluateScript(kTunable, "gemm.py");
    QVERIFY(p.ok());
    QVERIFY(UsesTuneConfig(*p));
    std::string printed = PrintScript(*p);
    QCOMPARE(printed, std::string(kTunable));
    auto again = EvaluateScript(printed, "gemm.py");
    QVERIFY(again.ok());
    QCOMPARE(PrintScript(*again), printed);
    // TVM: the chosen values as primitives, the knobs commented out.
    auto tuned = EvaluateTunableScript(kTunable, "gemm.py", {{"tile_j", {4, 16}}, {"vec", {1}}});
    QVERIFY(tuned.ok());
    std::string tvm = PrintScript(tuned->program, ScriptDialect::TVM);
    QVERIFY2(tvm.find("factor=16") != std::string::npos, tvm.c_str());
    QVERIFY2(tvm.find("vectorize") != std::string::npos, tvm.c_str());
    QVERIFY2(tvm.find("#   cfg.define_split") != std::string::npos, tvm.c_str());
    QVERIFY2(tvm.find("\ncfg.define_split") == std::string::npos, tvm.c_str());
    // The exported program evaluates to the tuned schedule, without knobs.
    auto exported = EvaluateScript(tvm, "exported.py");
    QVERIFY2(exported.ok(), exported.ok() ? "" : exported.error().format().c_str());
    QVERIFY(!UsesTuneConfig(*exported));
    QCOMPARE(Trace(*exported), Trace(tuned->program));
  }

  // A program that mentions get_config() only in a comment has no knobs, even when its
  // statements keep it verbatim (structured: a comprehension); it was taken for a knob
  // script by the text.
  void aCommentedGetConfigIsNoKnobScript() {
    const std::string source =
        "import tvm\nfrom tvm import te\n"
        "A = te.placeholder((56, 32), name=\"A\")\n"
        "B = te.compute((56, 32), lambda i, j: A[i, j] * 2.0, name=\"B\")\n"
        "s = te.create_schedule(B.op)\n"
        "#   cfg = autotvm.get_config()\n"
        "width = max(w for w in [1, 2, 4, 8] if 32 % w == 0)\n"
        "jo, ji = s[B].split(B.op.axis[1], factor=width)\n";
    auto p = EvaluateScript(source, "commented.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    QVERIFY(p->structured);
    QVERIFY(!UsesTuneConfig(*p));
  }

  void theTunersSpaceIsExactlyTheScriptsKnobs() {
    auto space = tune::DesignSpace::FromScriptKnobs(kTunable, "gemm.py",
                                                    tune::TargetInfoFromFeatures({"avx2"}, 2));
    QVERIFY2(space.ok(), space.ok() ? "" : space.error().message.c_str());
    std::set<std::string> names;
    for (const tune::Knob& k : space->knobs()) names.insert(k.name);
    QCOMPARE(names, (std::set<std::string>{"tile_j", "vec", "order"}));
    auto p = EvaluateScript(kTunable, "gemm.py");
    QVERIFY(p.ok());
    std::mt19937_64 rng(3);
    int valid = 0;
    for (int n = 0; n < 20; ++n) {
      tune::Decisions d = space->Sample(rng);
      auto v = space->Validate(d, p->Arguments());
      if (!v.ok()) continue;  // a sampled inner factor above max_factor
      ++valid;
      QCOMPARE(v->schedule.find("C")->leaf_iter_vars.size(), size_t{4});
    }
    QVERIFY(valid >= 5);
    // A script without knobs has no such space.
    auto none = tune::DesignSpace::FromScriptKnobs(
        "import tvm\nfrom tvm import te\nA = te.placeholder((8,), name=\"A\")\n"
        "B = te.compute((8,), lambda i: A[i] + 1.0, name=\"B\")\ns = te.create_schedule(B.op)\n",
        "b.py", tune::TargetInfoFromFeatures({"avx2"}, 2));
    QVERIFY(!none.ok());
  }

  void tuningAScriptWithKnobsMeasuresItsKnobs() {
    if (!codegen::LLVMAvailable()) QSKIP("needs the LLVM backend to measure candidates");
    std::string error;
    auto runner = tune::ChildProcessRunner::Create("", &error);
    QVERIFY2(runner, error.c_str());
    auto p = EvaluateScript(kTunable, "gemm.py");
    QVERIFY(p.ok());
    tune::TuneOptions o;
    o.trials = 4;
    o.batch_size = 4;
    o.repeat = 1;
    o.measure_input = false;  // the best is a candidate, not the script itself
    auto result = tune::Tune(*p, *runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
    QVERIFY(result->measured >= 1);
    QVERIFY(result->best.has_value());
    // The best is a concrete program (no knobs) that evaluates.
    QVERIFY(result->best->script.find("define_split") == std::string::npos);
    auto best = EvaluateScript(result->best->script, "best.py");
    QVERIFY2(best.ok(), best.ok() ? "" : best.error().format().c_str());
  }
};

}  // namespace tst_tune_knobs

QTEST_APPLESS_MAIN(tst_tune_knobs::TestTuneKnobs)
#include "tst_tune_knobs.moc"
