// The TensorIR design space (core/tune/tir/TirSpaceGenerator.h) on TensorIR documents:
// GEMM (multi-level tiling with and without a write cache), a 3x3 convolution with a
// padding block (inlined, then tiled over seven loops) and a softmax whose exp block has
// two consumers. Every candidate drawn from every sketch replays, lowers, and computes
// what the unscheduled function computes (the runner's check path); a replay honours the
// decisions it is given, a trace a primitive refuses is an invalid candidate with the
// refusing instruction as its reason, and on a document the user already scheduled the
// user's loops stay as they are and the loops still plain are tiled around them.
#include <QtTest>
#include <algorithm>
#include <set>

#include "ir/ExprOp.h"
#include "runner/MeasureBatch.h"
#include "script/Evaluator.h"
#include "tir/Trace.h"
#include "tune/tir/TirScheduleRule.h"
#include "tune/tir/TirSpaceGenerator.h"
#include "tune/tir/TirTuner.h"

namespace tst_tir_tune_space {

using namespace tessera;
using namespace tessera::tune;

namespace {

std::string Gemm(int n, const std::string& schedule_var = "sch") {
  std::string s = std::to_string(n);
  return "import tvm\nfrom tvm import te, tir\n"
         "A = te.placeholder((" +
         s + ", " + s +
         "), \"float32\", name=\"A\")\n"
         "B = te.placeholder((" +
         s + ", " + s +
         "), \"float32\", name=\"B\")\n"
         "k = te.reduce_axis((0, " +
         s +
         "), name=\"k\")\n"
         "C = te.compute((" +
         s + ", " + s + "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n" +
         schedule_var + " = tir.Schedule(te.create_prim_func([A, B, C]))\n";
}

constexpr const char* kConvPad = R"(import tvm
from tvm import te, tir
A = te.placeholder((1, 4, 10, 10), "float32", name="A")
W = te.placeholder((8, 4, 3, 3), "float32", name="W")
Apad = te.compute((1, 4, 12, 12), lambda n, c, y, x: tvm.tir.if_then_else(tvm.tir.all(y >= 1, y < 11, x >= 1, x < 11), A[n, c, y - 1, x - 1], tvm.tir.const(0.0, "float32")), name="Apad")
rc = te.reduce_axis((0, 4), name="rc")
ry = te.reduce_axis((0, 3), name="ry")
rx = te.reduce_axis((0, 3), name="rx")
Y = te.compute((1, 8, 10, 10), lambda n, f, y, x: te.sum(Apad[n, rc, y + ry, x + rx] * W[f, rc, ry, rx], axis=[rc, ry, rx]), name="Y")
sch = tir.Schedule(te.create_prim_func([A, W, Y]))
)";

constexpr const char* kSoftmax = R"(import tvm
from tvm import te, tir
A = te.placeholder((16, 32), "float32", name="A")
k = te.reduce_axis((0, 32), name="k")
M = te.compute((16,), lambda i: te.max(A[i, k], axis=k), name="M")
E = te.compute((16, 32), lambda i, j: te.exp(A[i, j] - M[i]), name="E")
k2 = te.reduce_axis((0, 32), name="k2")
S = te.compute((16,), lambda i: te.sum(E[i, k2], axis=k2), name="S")
P = te.compute((16, 32), lambda i, j: E[i, j] / S[i], name="P")
sch = tir.Schedule(te.create_prim_func([A, P]))
)";

script::ScriptProgram Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "doc.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  if (!program->is_tensorir()) qFatal("not a TensorIR document");
  program->source = source;  // the document's text, as the command line fills it in
  return std::move(program.value());
}

TirSpaceGenerator SpaceOf(const script::ScriptProgram& p) {
  return TirSpaceGenerator(p.tir_schedule->func(), p.tir_schedule->func_name(), 1);
}

int Count(const tir::Trace& trace, tir::InstKind kind) {
  return static_cast<int>(
      std::count_if(trace.insts.begin(), trace.insts.end(),
                    [kind](const tir::Instruction& i) { return i.kind == kind; }));
}

bool Has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// The candidate's script measured once with the check against the unscheduled function:
// empty when it agrees, else the status, the message and the script.
QString RunChecked(const script::ScriptProgram& p, const tir::Schedule& candidate) {
  auto script = TirCandidateScript(p, candidate.trace());
  if (!script) return QString::fromStdString(script.error().message);
  runner::MeasureRequest request;
  request.id = "candidate";
  request.script = *script;
  request.warmup = 0;
  request.repeat = 1;
  request.check = true;
  runner::MeasureResult r = runner::MeasureOne(request, "");
  if (r.status != runner::MeasureStatus::Ok)
    return QString::fromStdString(std::string(runner::MeasureStatusName(r.status)) + ": " +
                                  r.message + "\n" + *script);
  return {};
}

// Every sketch of `p`'s space sampled with `seeds` seeds: each valid and equal to the
// unscheduled function.
void CheckEveryCandidate(const script::ScriptProgram& p, int seeds) {
  TirSpaceGenerator space = SpaceOf(p);
  for (size_t s = 0; s < space.sketches().size(); ++s)
    for (int seed = 1; seed <= seeds; ++seed) {
      auto candidate = space.Sample(s, seed * 7919);
      QVERIFY2(candidate.ok(), candidate.ok() ? "" : candidate.error().message.c_str());
      Status valid = TirSpaceGenerator::Validate(*candidate);
      QVERIFY2(valid.ok(), valid.ok() ? "" : valid.error().message.c_str());
      QString problem = RunChecked(p, *candidate);
      QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
}

}  // namespace

class TestTirTuneSpace : public QObject {
  Q_OBJECT

 private slots:
  void gemmHasTheThreeTilingSketches() {
    TirSpaceGenerator space = SpaceOf(Load(Gemm(32)));
    QCOMPARE(space.sketches().size(), size_t(3));
    for (size_t s = 0; s < 3; ++s) {
      const TirSketch& sketch = space.sketches()[s];
      QVERIFY(Has(sketch.rules, "multi-level-tiling on C"));
      QVERIFY(Has(sketch.rules, "parallel-vectorize-unroll on root"));
      // i and j in four, k in two; the unroll limit of the nest.
      QCOMPARE(Count(sketch.trace, tir::InstKind::SamplePerfectTile), 3);
      QCOMPARE(Count(sketch.trace, tir::InstKind::Split), 3);
      QCOMPARE(Count(sketch.trace, tir::InstKind::Reorder), 1);
      QCOMPARE(Count(sketch.trace, tir::InstKind::DecomposeReduction), 1);
      QVERIFY(Count(sketch.trace, tir::InstKind::SampleCategorical) >= 1);
      QVERIFY(Count(sketch.trace, tir::InstKind::Parallel) >= 1);
      QVERIFY(Count(sketch.trace, tir::InstKind::Vectorize) >= 1);
      // Sketch 0 has no write cache; 1 and 2 compute it at spatial level 1 and 2.
      QCOMPARE(Count(sketch.trace, tir::InstKind::CacheWrite), s == 0 ? 0 : 1);
      QCOMPARE(Count(sketch.trace, tir::InstKind::ReverseComputeAt), s == 0 ? 0 : 1);
    }
  }

  void gemmTilesAsSsrsrs() {
    script::ScriptProgram p = Load(Gemm(32));
    TirSpaceGenerator space = SpaceOf(p);
    auto candidate = space.Sample(0, 5);
    QVERIFY(candidate.ok());
    // The update block under 4 + 4 + 2 loops: S0 S1 R0 S2 R1 S3.
    const tir::BlockRealizeNode* update = nullptr;
    for (const tir::BlockRealizeNode* r : candidate->state().FindBlocks("C_update")) update = r;
    QVERIFY(update);
    std::vector<const tir::ForNode*> loops = candidate->state().LoopsAbove(update);
    QCOMPARE(loops.size(), size_t(10));
    QCOMPARE(loops.front()->for_kind, ir::ForKind::Parallel);
    QCOMPARE(loops.back()->for_kind, ir::ForKind::Vectorized);
    QVERIFY(loops.front()->annotations.count("pragma_auto_unroll_max_step"));
    std::string printed = tir::TraceAsPython(candidate->trace());
    QVERIFY(printed.find("sch.sample_perfect_tile(loop=") != std::string::npos);
    QVERIFY(printed.find("decision=[") != std::string::npos);
    QVERIFY(printed.find("sch.decompose_reduction(") != std::string::npos);
  }

  void gemmCandidatesEqualTheOracle() { CheckEveryCandidate(Load(Gemm(24)), 3); }

  void convPadIsInlinedThenTiled() {
    script::ScriptProgram p = Load(kConvPad);
    TirSpaceGenerator space = SpaceOf(p);
    QCOMPARE(space.sketches().size(), size_t(3));
    const TirSketch& sketch = space.sketches()[0];
    QVERIFY(Has(sketch.rules, "auto-inline on Apad"));
    QVERIFY(Has(sketch.rules, "multi-level-tiling on Y"));
    QCOMPARE(Count(sketch.trace, tir::InstKind::ComputeInline), 1);
    QCOMPARE(Count(sketch.trace, tir::InstKind::SamplePerfectTile), 7);  // 4 S + 3 R loops
    auto candidate = space.Sample(0, 3);
    QVERIFY(candidate.ok());
    QVERIFY(candidate->state().FindBlocks("Apad").empty());
  }

  void convPadCandidatesEqualTheOracle() { CheckEveryCandidate(Load(kConvPad), 2); }

  void softmaxInlinesExpIntoBothConsumers() {
    script::ScriptProgram p = Load(kSoftmax);
    TirSpaceGenerator space = SpaceOf(p);
    // M and S write intermediates: no write-cache branches.
    QCOMPARE(space.sketches().size(), size_t(1));
    const TirSketch& sketch = space.sketches()[0];
    QVERIFY(Has(sketch.rules, "auto-inline on E"));
    QVERIFY(Has(sketch.rules, "multi-level-tiling on M"));
    QVERIFY(Has(sketch.rules, "multi-level-tiling on S"));
    QVERIFY(!Has(sketch.rules, "auto-inline on P"));  // an output stays
    auto candidate = space.Sample(0, 11);
    QVERIFY(candidate.ok());
    QVERIFY(candidate->state().FindBlocks("E").empty());
  }

  void softmaxCandidatesEqualTheOracle() { CheckEveryCandidate(Load(kSoftmax), 4); }

  void replayHonoursTheDecisions() {
    script::ScriptProgram p = Load(Gemm(32));
    TirSpaceGenerator space = SpaceOf(p);
    auto a = space.Sample(2, 17);
    QVERIFY(a.ok());
    auto again = space.Replay(a->trace());
    QVERIFY(again.ok());
    QCOMPARE(tir::AsTVMScript(again->func()), tir::AsTVMScript(a->func()));
    // The candidate's script opens as a TensorIR document with the same function.
    auto script = TirCandidateScript(p, a->trace());
    QVERIFY(script.ok());
    QVERIFY(script->find("apply_trace(sch)\n") != std::string::npos);
    QCOMPARE(TirTunedTrace(*script).rfind("# from tvm import tir\ndef apply_trace(", 0), size_t(0));
    auto reopened = script::EvaluateScript(*script, "candidate.py");
    QVERIFY2(reopened.ok(), reopened.ok() ? "" : reopened.error().format().c_str());
    QVERIFY(reopened->is_tensorir());
    QCOMPARE(tir::AsTVMScript(reopened->tir_schedule->func()), tir::AsTVMScript(a->func()));
  }

  void differentSeedsDrawDifferentTiles() {
    TirSpaceGenerator space = SpaceOf(Load(Gemm(64)));
    std::set<std::string> functions;
    for (int seed = 1; seed <= 8; ++seed) {
      auto c = space.Sample(0, seed);
      QVERIFY(c.ok());
      functions.insert(tir::AsTVMScript(c->func()));
    }
    QVERIFY(functions.size() > 1);
  }

  void aRefusingPrimitiveMakesAnInvalidCandidateWithItsReason() {
    TirSpaceGenerator space = SpaceOf(Load(Gemm(32)));
    tir::Trace trace = space.sketches()[0].trace;
    // The trace of another function: its block is not here.
    for (tir::Instruction& inst : trace.insts)
      if (inst.kind == tir::InstKind::GetBlock) {
        inst.name = "D";
        break;
      }
    auto replay = space.Replay(trace);
    QVERIFY(!replay.ok());
    QVERIFY2(InvalidReason(replay.error()).rfind("GetBlock: ", 0) == 0,
             InvalidReason(replay.error()).c_str());
    QCOMPARE(InvalidReason(Error("instruction 7 (Vectorize): ScheduleError: not here")),
             std::string("Vectorize: ScheduleError"));
    QCOMPARE(InvalidReason(Error("LoweringError: a block the lowering cannot handle")),
             std::string("LoweringError"));
    QCOMPARE(InvalidReason(Error("no kind here")), std::string("Error"));
  }

  void theUsersLoopsStayAndThePlainOnesAreTiled() {
    // The user split i and parallelized its outer loop: io and ii stay outermost as the
    // user made them; j and k are still plain, so they are tiled "SSRSRS" below them.
    script::ScriptProgram p = Load(Gemm(32) +
                                   "c = sch.get_block(\"C\")\n"
                                   "i, j, kk = sch.get_loops(c)\n"
                                   "io, ii = sch.split(i, factors=[None, 8])\n"
                                   "sch.parallel(io)\n");
    TirSpaceGenerator space = SpaceOf(p);
    QCOMPARE(space.sketches().size(), size_t(3));
    for (const TirSketch& sketch : space.sketches()) {
      QVERIFY(Has(sketch.rules, "multi-level-tiling on C"));
      QCOMPARE(Count(sketch.trace, tir::InstKind::SamplePerfectTile), 2);  // j and k
    }
    for (size_t s = 0; s < space.sketches().size(); ++s) {
      auto candidate = space.Sample(s, 2);
      QVERIFY2(candidate.ok(), candidate.ok() ? "" : candidate.error().message.c_str());
      const tir::BlockRealizeNode* update = nullptr;
      for (const tir::BlockRealizeNode* r : candidate->state().FindBlocks("C_update")) update = r;
      QVERIFY(update);
      std::vector<const tir::ForNode*> loops = candidate->state().LoopsAbove(update);
      QCOMPARE(loops.size(), size_t(2 + 4 + 2));
      QCOMPARE(loops[0]->for_kind, ir::ForKind::Parallel);
      QCOMPARE(*ir::as_const_int(loops[0]->extent), int64_t(4));
      QCOMPARE(*ir::as_const_int(loops[1]->extent), int64_t(8));
      QString problem = RunChecked(p, *candidate);
      QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
  }

  void aUserSplitThatLeavesNoSpatialLoopPlainIsNotTiled() {
    // Both spatial loops split by the user: only k is plain, and tiling it alone would
    // interleave nothing. The vector and unroll decisions remain to search.
    script::ScriptProgram p = Load(Gemm(32) +
                                   "c = sch.get_block(\"C\")\n"
                                   "i, j, kk = sch.get_loops(c)\n"
                                   "io, ii = sch.split(i, factors=[None, 8])\n"
                                   "jo, ji = sch.split(j, factors=[None, 8])\n"
                                   "sch.reorder(io, jo, kk, ii, ji)\n");
    TirSpaceGenerator space = SpaceOf(p);
    QCOMPARE(space.sketches().size(), size_t(1));
    QCOMPARE(Count(space.sketches()[0].trace, tir::InstKind::SamplePerfectTile), 0);
    QVERIFY(!Has(space.sketches()[0].rules, "multi-level-tiling on C"));
    QVERIFY(Has(space.sketches()[0].rules, "parallel-vectorize-unroll on root"));
    auto candidate = space.Sample(0, 2);
    QVERIFY(candidate.ok());
    QString problem = RunChecked(p, *candidate);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
  }

  void aNonDivisibleUserSplitKeepsItsPredicate() {
    // 30 rows split by 8: the user's loops carry a predicate (T.where); the plain j and k
    // are tiled beside them and every candidate still computes the GEMM.
    script::ScriptProgram p = Load(Gemm(30) +
                                   "c = sch.get_block(\"C\")\n"
                                   "i, j, kk = sch.get_loops(c)\n"
                                   "io, ii = sch.split(i, factors=[None, 8])\n");
    TirSpaceGenerator space = SpaceOf(p);
    QVERIFY(!space.sketches().empty());
    QCOMPARE(Count(space.sketches()[0].trace, tir::InstKind::SamplePerfectTile), 2);
    CheckEveryCandidate(p, 1);
  }

  void aBlockizedReductionIsStillAReduction() {
    // The user blockized the reduction: its init moved into C_o's init nest (C itself has
    // none), and C_o is the reduction block whose init the space decomposes.
    script::ScriptProgram p = Load(Gemm(32) +
                                   "c = sch.get_block(\"C\")\n"
                                   "i, j, kk = sch.get_loops(c)\n"
                                   "io, ii = sch.split(i, factors=[None, 8])\n"
                                   "jo, ji = sch.split(j, factors=[None, 8])\n"
                                   "ko, ki = sch.split(kk, factors=[None, 8])\n"
                                   "sch.reorder(io, jo, ko, ii, ji, ki)\n"
                                   "sch.blockize(ii)\n");
    QVERIFY(FindTirBlock(*p.tir_schedule, "C_o")->block->init_nest);
    QVERIFY(!IsSpatialBlock(*FindTirBlock(*p.tir_schedule, "C_o")->block));
    std::vector<tir::Schedule> out = TirRewriteReductionBlock().Apply(*p.tir_schedule, "root");
    QCOMPARE(out.size(), size_t(1));
    QCOMPARE(Count(out[0].trace(), tir::InstKind::DecomposeReduction), 1);
    // decompose_reduction renames the update "C_o_update"; its init became "C_o_init".
    const tir::BlockRealizeNode* update = FindTirBlock(out[0], "C_o_update");
    QVERIFY(update && !tir::HasInit(*update->block));
    QVERIFY(FindTirBlock(out[0], "C_o_init"));
    TirSpaceGenerator space = SpaceOf(p);
    QVERIFY(!space.sketches().empty());
    QCOMPARE(Count(space.sketches()[0].trace, tir::InstKind::DecomposeReduction), 1);
    CheckEveryCandidate(p, 1);
  }

  void theScheduleVariableIsTheDocumentsName() {
    auto named = TirScheduleVariable(Load(Gemm(8, "s2")));
    QVERIFY(named.ok());
    QCOMPARE(*named, std::string("s2"));
    // Without the document's text there is nothing to append a trace to.
    script::ScriptProgram p = Load(Gemm(8));
    p.source.clear();
    auto none = TirCandidateScript(p, tir::Trace{});
    QVERIFY(!none.ok());
    QVERIFY(none.error().message.find("text is not known") != std::string::npos);
  }

  void workloadKeysDoNotMixWithTe() {
    script::ScriptProgram a = Load(Gemm(32)), b = Load(Gemm(32, "other")), c = Load(Gemm(48));
    QCOMPARE(TirWorkloadKey(a, {}), TirWorkloadKey(b, {}));
    QVERIFY(TirWorkloadKey(a, {}) != TirWorkloadKey(c, {}));
    QCOMPARE(TirWorkloadKey(a, {}).rfind("tir-", 0), size_t(0));
  }
};

}  // namespace tst_tir_tune_space

QTEST_GUILESS_MAIN(tst_tir_tune_space::TestTirTuneSpace)
#include "tst_tir_tune_space.moc"
