// The shipped *_fast.py examples are not fast on one ISA only (issue #13, item 7): their
// register tiles and vector widths are knobs (cfg.define_split, cfg.define_knob) whose
// defaults follow the machine's vector width, read at run time through
// get_simd_32bit_lanes() and applied with cfg.fallback_split or as define_knob's first
// candidate (script/tvm/autotvm/TuneConfig.h). Here the rule is evaluated for an AVX2
// and an AVX-512 TargetInfo: the defaults differ, both fit the vector register file with
// room for the operands and fill at least half of it, and the TVM export of each is a
// flat program with the concrete values. fallback_split itself follows AutoTVM.
#include <QtTest>
#include <fstream>
#include <sstream>

#include "runtime/MachinePeak.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"
#include "script/tvm/autotvm/TuneConfig.h"
#include "tune/DesignSpace.h"
#include "tune/TargetInfo.h"

namespace tst_tune_example_defaults {

using namespace tessera;
using namespace tessera::script;

namespace {

std::string ReadExample(const std::string& name) {
  std::ifstream in(std::string(qgetenv("TESSERA_SOURCE_DIR").constData()) + "/resources/examples/" +
                   name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

tune::TargetInfo Target(const QString& isa) {
  return tune::TargetInfoFromFeatures({isa.toStdString()}, 2);
}

// The example's knobs evaluated as the fallback for `target`'s vector width.
std::map<std::string, std::vector<int64_t>> Defaults(const std::string& example,
                                                     const tune::TargetInfo& target) {
  auto t = EvaluateTunableScript(ReadExample(example), example, {}, target.vector_lanes);
  if (!t.ok()) qFatal("%s", t.error().format().c_str());
  std::map<std::string, std::vector<int64_t>> out;
  for (const ScriptKnob& k : t->knobs)
    out[k.name] =
        k.kind == ScriptKnob::Kind::Choice
            ? std::vector<int64_t>{std::stoll(k.choices.at(static_cast<size_t>(k.value.at(0))))}
            : k.value;
  return out;
}

int64_t Vectors(int64_t lanes_used, int64_t lanes) { return (lanes_used + lanes - 1) / lanes; }

// Vector accumulators of the example's register tile with these knob values.
int64_t Accumulators(const std::string& example,
                     const std::map<std::string, std::vector<int64_t>>& v, int64_t lanes) {
  if (example == "gemm_fast.py")
    return v.at("tile_i").back() * Vectors(v.at("tile_j").back(), lanes);
  // conv2d_fast.py: vectors of tile_f output channels x tile_x columns.
  return Vectors(v.at("tile_f").back(), lanes) * v.at("tile_x").back();
}

const char* kSplit = R"(import tvm
from tvm import te
from tvm import autotvm
A = te.placeholder((96, 64), name="A")
B = te.compute((96, 64), lambda i, j: A[i, j] * 2.0, name="B")
s = te.create_schedule(B.op)
i, j = s[B].op.axis
cfg = autotvm.get_config()
cfg.define_split("tile_i", i, num_outputs=3, max_factor=8)
cfg.define_split("tile_j", j, num_outputs=2)
)";

}  // namespace

class TestTuneExampleDefaults : public QObject {
  Q_OBJECT

 private slots:
  void registerTilesFollowTheTarget_data() {
    QTest::addColumn<QString>("example");
    QTest::newRow("gemm_fast") << "gemm_fast.py";
    QTest::newRow("conv2d_fast") << "conv2d_fast.py";
  }
  void registerTilesFollowTheTarget() {
    QFETCH(QString, example);
    const std::string file = example.toStdString();
    auto avx2 = Defaults(file, Target("avx2"));
    auto avx512 = Defaults(file, Target("avx512f"));
    QVERIFY2(avx2 != avx512, "the AVX2 and AVX-512 defaults are the same");
    for (const QString isa : {"avx2", "avx512f"}) {
      const tune::TargetInfo t = Target(isa);
      auto v = isa == "avx2" ? avx2 : avx512;
      const int64_t acc = Accumulators(file, v, t.vector_lanes);
      const int64_t budget = t.vector_registers - 3;  // one operand vector, a broadcast, a spare
      QVERIFY2(acc <= budget, qPrintable(isa + ": " + QString::number(acc) + " accumulators"));
      QVERIFY2(2 * acc >= budget,
               qPrintable(isa + ": only " + QString::number(acc) + " accumulators"));
      // conv2d_fast.py: the operands one reduction step keeps live fit beside the
      // accumulators (columns outer: the weight vectors and a broadcast; vectors outer: a
      // weight vector and one broadcast per column).
      if (file == "conv2d_fast.py") {
        const int64_t operands = v.at("vectors_outer")[0] == 1
                                     ? v.at("tile_x")[0] + 1
                                     : Vectors(v.at("tile_f").back(), t.vector_lanes) + 1;
        QVERIFY2(acc + operands <= t.vector_registers,
                 qPrintable(isa + ": " + QString::number(acc) + " accumulators + " +
                            QString::number(operands) + " operands"));
      }
      // Whole vectors of output channels (no partial vector per FMA).
      if (file == "conv2d_fast.py") QCOMPARE(v.at("tile_f").back() % t.vector_lanes, int64_t{0});
    }
  }

  // The values themselves: AVX-512 keeps the tiles tuned on AVX-512 machines, AVX2 gets
  // tiles its 16 ymm registers hold.
  void theDefaultsAreTheDocumentedTiles() {
    auto g2 = Defaults("gemm_fast.py", Target("avx2"));
    QCOMPARE(g2.at("tile_i"), (std::vector<int64_t>{256, 4}));
    QCOMPARE(g2.at("tile_j"), (std::vector<int64_t>{64, 16}));
    auto g5 = Defaults("gemm_fast.py", Target("avx512f"));
    QCOMPARE(g5.at("tile_i"), (std::vector<int64_t>{128, 8}));
    QCOMPARE(g5.at("tile_j"), (std::vector<int64_t>{32, 32}));
    // conv2d_fast.py vectorizes along output channels: AVX2 4 ymm x 3 columns, the weight
    // vectors outer (12 accumulators + 3 broadcasts + 1); AVX-512 2 zmm x 8 columns, the
    // columns outer; input channels in chunks of 8.
    auto c2 = Defaults("conv2d_fast.py", Target("avx2"));
    QCOMPARE(c2.at("tile_f"), (std::vector<int64_t>{2, 32}));
    QCOMPARE(c2.at("tile_x"), (std::vector<int64_t>{3}));
    QCOMPARE(c2.at("vectors_outer"), (std::vector<int64_t>{1}));
    QCOMPARE(c2.at("chunk"), (std::vector<int64_t>{8}));
    auto c5 = Defaults("conv2d_fast.py", Target("avx512f"));
    QCOMPARE(c5.at("tile_f"), (std::vector<int64_t>{2, 32}));
    QCOMPARE(c5.at("tile_x"), (std::vector<int64_t>{8}));
    QCOMPARE(c5.at("vectors_outer"), (std::vector<int64_t>{0}));
    QCOMPARE(c5.at("chunk"), (std::vector<int64_t>{8}));
    // softmax_fast.py: two vectors of partial results and of B's loop.
    for (const char* isa : {"avx2", "avx512f"}) {
      const tune::TargetInfo t = Target(isa);
      auto v = Defaults("softmax_fast.py", t);
      for (const char* knob : {"tile_k", "tile_k2", "tile_j"})
        QCOMPARE(v.at(knob).back(), int64_t{2 * t.vector_lanes});
    }
  }

  // Run as a script (no tuner), the width is this machine's.
  void theScriptReadsThisMachinesWidth() {
    auto p = EvaluateScript(
        "import tvm\nfrom tvm.topi.x86.utils import get_simd_32bit_lanes\n"
        "lanes = get_simd_32bit_lanes()\n",
        "lanes.py");
    QVERIFY2(p.ok(), p.ok() ? "" : p.error().format().c_str());
    auto here = Defaults("gemm_fast.py", tune::HostTargetInfo());
    auto t = EvaluateTunableScript(ReadExample("gemm_fast.py"), "gemm_fast.py", {});
    QVERIFY(t.ok());
    for (const ScriptKnob& k : t->knobs) QCOMPARE(k.value, here.at(k.name));
  }

  // The TVM export of each default is a plain TVM program: the concrete values as
  // primitives, the knobs commented out; it evaluates to the same schedule.
  void theTvmExportHasTheConcreteValues_data() {
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("isa");
    for (const char* e : {"gemm_fast.py", "conv2d_fast.py", "softmax_fast.py"})
      for (const char* isa : {"avx2", "avx512f"})
        QTest::newRow(qPrintable(QString(e) + " " + isa)) << e << isa;
  }
  void theTvmExportHasTheConcreteValues() {
    QFETCH(QString, example);
    QFETCH(QString, isa);
    const std::string file = example.toStdString();
    auto t = EvaluateTunableScript(ReadExample(file), file, {}, Target(isa).vector_lanes);
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().format().c_str());
    std::string tvm = PrintScript(t->program, ScriptDialect::TVM);
    QVERIFY2(tvm.find("\ncfg.") == std::string::npos, tvm.c_str());
    QVERIFY2(tvm.find("get_simd_32bit_lanes()") == std::string::npos ||
                 tvm.find("#") < tvm.find("get_simd"),
             tvm.c_str());
    for (const ScriptKnob& k : t->knobs) {
      if (k.kind != ScriptKnob::Kind::Split) continue;  // knobs: the trace comparison below
      const std::string factor = "factor=" + std::to_string(k.value.back()) + ")";
      QVERIFY2(tvm.find(factor) != std::string::npos, (k.name + " " + factor + "\n" + tvm).c_str());
    }
    auto exported = EvaluateScript(tvm, "exported.py");
    QVERIFY2(exported.ok(), exported.ok() ? "" : (exported.error().format() + "\n" + tvm).c_str());
    QVERIFY(!UsesTuneConfig(*exported));
    QVERIFY(exported->schedule->trace == t->program.schedule->trace);
  }

  // The tuner starts from the script's default for the target it tunes for.
  void theTunersFirstSeedIsTheTargetsDefault() {
    for (const char* isa : {"avx2", "avx512f"}) {
      const tune::TargetInfo target = Target(isa);
      auto space =
          tune::DesignSpace::FromScriptKnobs(ReadExample("gemm_fast.py"), "gemm_fast.py", target);
      QVERIFY2(space.ok(), space.ok() ? "" : space.error().message.c_str());
      std::vector<tune::Decisions> seeds = space->Seeds();
      QCOMPARE(seeds.size(), size_t{1});
      auto defaults = Defaults("gemm_fast.py", target);
      QCOMPARE(seeds[0].values.at("tile_i"), defaults.at("tile_i"));
      QCOMPARE(seeds[0].values.at("tile_j"), defaults.at("tile_j"));
    }
  }

  // AutoTVM's fallback_split: innermost first, the largest factor of what is left within
  // the constraint (and max_factor); the outer part the rest; -1 no constraint.
  void fallbackSplitTakesTheLargestFactorsWithinTheConstraints() {
    std::string src = std::string(kSplit) + "cfg.fallback_split(\"tile_i\", [-1, 5, 7])\n" +
                      "cfg.fallback_split(\"tile_j\", [-1, 24])\n";
    auto t = EvaluateTunableScript(src, "f.py", {});
    QVERIFY2(t.ok(), t.ok() ? "" : t.error().format().c_str());
    QCOMPARE(t->knobs[0].value, (std::vector<int64_t>{4, 4, 6}));  // 96 = 4 x 4 x 6
    QCOMPARE(t->knobs[1].value, (std::vector<int64_t>{4, 16}));
    std::string unbounded = std::string(kSplit) + "cfg.fallback_split(\"tile_i\", [-1, -1, -1])\n";
    auto u = EvaluateTunableScript(unbounded, "f.py", {});
    QVERIFY(u.ok());
    QCOMPARE(u->knobs[0].value,
             (std::vector<int64_t>{2, 6, 8}));  // max_factor 8 bounds the inner parts
    // A knob the tuner chose keeps the tuner's value.
    auto tuned = EvaluateTunableScript(src, "f.py", {{"tile_i", {12, 2, 4}}, {"tile_j", {64, 1}}});
    QVERIFY(tuned.ok());
    QCOMPARE(tuned->knobs[0].value, (std::vector<int64_t>{12, 2, 4}));
    QCOMPARE(tuned->knobs[1].value, (std::vector<int64_t>{64, 1}));
  }

  void fallbackSplitMisuseIsALocatedError_data() {
    QTest::addColumn<QString>("call");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown knob") << "cfg.fallback_split(\"tile_x\", [-1, 4])"
                                  << "defined before it";
    QTest::newRow("count") << "cfg.fallback_split(\"tile_j\", [-1, 4, 2])"
                           << "one constraint per part";
    QTest::newRow("zero") << "cfg.fallback_split(\"tile_j\", [-1, 0])"
                          << "positive integer or -1";
    QTest::newRow("outer") << "cfg.fallback_split(\"tile_j\", [2, 4])"
                           << "takes the rest (16)";
  }
  void fallbackSplitMisuseIsALocatedError() {
    QFETCH(QString, call);
    QFETCH(QString, message);
    auto t = EvaluateScript(std::string(kSplit) + call.toStdString() + "\n", "f.py");
    QVERIFY(!t.ok());
    QVERIFY2(t.error().message.find(message.toStdString()) != std::string::npos,
             t.error().message.c_str());
    QCOMPARE(t.error().loc.line, 11);
  }
};

}  // namespace tst_tune_example_defaults

QTEST_APPLESS_MAIN(tst_tune_example_defaults::TestTuneExampleDefaults)
#include "tst_tune_example_defaults.moc"
