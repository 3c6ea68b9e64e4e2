// The TensorIR search (core/tune/tir/TirEvolutionarySearch.h, TirMutator.h): mutations
// change one decision and keep the trace replayable (a tile's product, its innermost
// limit; another categorical candidate); the te tuner's program features read a lowered
// TensorIR candidate (parallel extent, vector lanes) and tell decisions apart; with a
// runner whose times follow the decisions, the model-guided search measures faster
// candidates than the replay search with the same seed and trials; a resumed run learns
// from the records; a cancelled run starts no claim; an unknown strategy is refused.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <regex>
#include <set>

#include "runner/Runner.h"
#include "script/Evaluator.h"
#include "tir/Trace.h"
#include "transform/LowerTensorIR.h"
#include "tune/Features.h"
#include "tune/tir/TirEvolutionarySearch.h"
#include "tune/tir/TirMutator.h"
#include "tune/tir/TirSpaceGenerator.h"
#include "tune/tir/TirTuner.h"

namespace tst_tir_tune_search {

using namespace tessera;
using namespace tessera::tune;

namespace {

std::string Gemm(int n) {
  const std::string s = std::to_string(n);
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
         s + ", " + s +
         "), lambda i, j: te.sum(A[i, k] * B[k, j], axis=k), name=\"C\")\n"
         "sch = tir.Schedule(te.create_prim_func([A, B, C]))\n";
}

script::ScriptProgram Load(const std::string& source) {
  auto program = script::EvaluateScript(source, "doc.py");
  if (!program) qFatal("%s", program.error().format().c_str());
  program->source = source;
  return std::move(program.value());
}

TirSpaceGenerator SpaceOf(const script::ScriptProgram& p) {
  return TirSpaceGenerator(p.tir_schedule->func(), p.tir_schedule->func_name(), 1);
}

// Indices of the instructions whose decisions differ between `a` and `b` (same shape).
std::vector<size_t> Changed(const tir::Trace& a, const tir::Trace& b) {
  std::vector<size_t> out;
  for (size_t i = 0; i < a.insts.size(); ++i)
    if (a.insts[i].decision != b.insts[i].decision) out.push_back(i);
  return out;
}

// A runner whose times follow the candidate's decisions: the larger the innermost tiles,
// the faster (1 + the sum of log2 of every tile decision's last factor, in GFLOP/s). The
// input and the checks pass.
class DecisionRunner : public runner::Runner {
 public:
  std::string Name() const override { return "decision-fake"; }
  std::vector<runner::MeasureResult> Measure(const std::vector<runner::MeasureRequest>& requests,
                                             const runner::MeasureCallbacks&) override {
    std::vector<runner::MeasureResult> out;
    for (const runner::MeasureRequest& r : requests) {
      if (!r.baseline_script.empty()) ++claim_requests;
      runner::MeasureResult m;
      m.id = r.id;
      m.status = runner::MeasureStatus::Ok;
      m.gflops = Speed(r.script);
      m.median_ms = m.min_ms = 1.0 / m.gflops;
      m.times_ms = {m.median_ms};
      out.push_back(m);
    }
    return out;
  }

  static double Speed(const std::string& script) {
    static const std::regex tile(R"(sample_perfect_tile\([^\n]*decision=\[([0-9, ]+)\])");
    const std::string trace = TirTunedTrace(script);
    double speed = 1;
    for (auto it = std::sregex_iterator(trace.begin(), trace.end(), tile);
         it != std::sregex_iterator(); ++it) {
      const std::string list = (*it)[1].str();
      speed += std::log2(std::stod(list.substr(list.rfind(' ') + 1)));
    }
    return speed;
  }

  int claim_requests = 0;  // requests timing a script against a baseline (the claim)
};

struct Outcome {
  TirTuneResult result;
  double late_mean = 0;  // the mean speed of the second half of the trials
  std::vector<std::string> messages;
};

Outcome Tune(const script::ScriptProgram& p, const std::string& strategy, Database* db,
             int trials = 24) {
  DecisionRunner runner;
  TuneOptions o;
  o.trials = trials;
  o.batch_size = 4;
  o.population = 8;
  o.seed = 11;
  o.strategy = strategy;
  Outcome out;
  TuneCallbacks cb;
  cb.on_message = [&out](const std::string& m) { out.messages.push_back(m); };
  auto r = TuneTensorIR(p, runner, db, runner::ReadMachineSignature(), o, cb);
  if (!r) qFatal("%s", r.error().message.c_str());
  out.result = *r;
  const size_t half = r->trials.size() / 2;
  for (size_t i = half; i < r->trials.size(); ++i) out.late_mean += r->trials[i].gflops;
  out.late_mean /= std::max<size_t>(1, r->trials.size() - half);
  return out;
}

}  // namespace

class TestTirTuneSearch : public QObject {
  Q_OBJECT

 private slots:
  void tileMutationMovesOneFactorAndKeepsTheProduct() {
    script::ScriptProgram p = Load(Gemm(64));
    TirSpaceGenerator space = SpaceOf(p);
    auto sample = space.Sample(0, 5);
    QVERIFY(sample.ok());
    const tir::Trace& trace = sample->trace();
    std::mt19937_64 rng(3);
    std::set<std::vector<int64_t>> seen;
    for (int n = 0; n < 40; ++n) {
      auto mutated = MutateTileSize(trace, rng);
      QVERIFY(mutated);
      std::vector<size_t> changed = Changed(trace, *mutated);
      QCOMPARE(changed.size(), size_t(1));
      const tir::Instruction& inst = mutated->insts[changed[0]];
      QCOMPARE(inst.kind, tir::InstKind::SamplePerfectTile);
      int64_t before = 1, after = 1;
      for (int64_t t : trace.insts[changed[0]].decision) before *= t;
      for (int64_t t : inst.decision) after *= t;
      QCOMPARE(after, before);
      QVERIFY(inst.decision.back() <= inst.ints[1]);  // max_innermost_factor
      seen.insert(TraceDecisions(*mutated));
      auto replayed = space.Replay(*mutated);
      QVERIFY2(replayed.ok(), replayed.ok() ? "" : replayed.error().message.c_str());
      QCOMPARE(TraceDecisions(replayed->trace()), TraceDecisions(*mutated));
    }
    QVERIFY(seen.size() > 5);
  }

  void categoricalMutationPicksAnotherCandidate() {
    TirSpaceGenerator space = SpaceOf(Load(Gemm(32)));
    auto sample = space.Sample(1, 9);
    QVERIFY(sample.ok());
    std::mt19937_64 rng(5);
    for (int n = 0; n < 20; ++n) {
      auto mutated = MutateCategorical(sample->trace(), rng);
      QVERIFY(mutated);
      std::vector<size_t> changed = Changed(sample->trace(), *mutated);
      QCOMPARE(changed.size(), size_t(1));
      const tir::Instruction& inst = mutated->insts[changed[0]];
      QCOMPARE(inst.kind, tir::InstKind::SampleCategorical);
      QVERIFY(inst.decision[0] >= 0 && inst.decision[0] < int64_t(inst.ints.size()));
    }
    // Nothing to change: no mutation.
    QVERIFY(!MutateTrace(tir::Trace{}, rng));
    tir::Trace unit;  // a tile whose product is 1 cannot move
    tir::Instruction one;
    one.kind = tir::InstKind::SamplePerfectTile;
    one.ints = {2, 64};
    one.has_decision = true;
    one.decision = {1, 1};
    unit.insts.push_back(one);
    QVERIFY(!MutateTileSize(unit, rng));
  }

  void featuresReadTheLoweredTensorIR() {
    script::ScriptProgram p = Load(Gemm(32));
    TirSpaceGenerator space = SpaceOf(p);
    auto plain = transform::LowerTensorIR(p.tir_schedule->func(), {}, "main");
    QVERIFY(plain.ok());
    const std::vector<float> bare = ProgramFeatures(plain->func);
    // A candidate whose tiles start with 2 and end in 8: a parallel outer loop of 2 and
    // 8-lane vector stores.
    auto sample = space.Sample(0, 1);
    QVERIFY(sample.ok());
    tir::Trace trace = sample->trace();
    int tiles = 0;
    for (tir::Instruction& inst : trace.insts)
      if (inst.kind == tir::InstKind::SamplePerfectTile)
        inst.decision =
            ++tiles == 3 ? std::vector<int64_t>{4, 8} : std::vector<int64_t>{2, 2, 1, 8};
    auto tiled = space.Replay(trace);
    QVERIFY2(tiled.ok(), tiled.ok() ? "" : tiled.error().message.c_str());
    auto lowered = transform::LowerTensorIR(tiled->func(), {}, "main");
    QVERIFY(lowered.ok());
    const std::vector<float> f = ProgramFeatures(lowered->func);
    QCOMPARE(int(f.size()), kProgramFeatureCount);
    QVERIFY2(f[4] > bare[4], "the parallel extent");
    QVERIFY2(f[3] > bare[3], "the vector lanes of the main store");
    const size_t width = TraceDecisions(trace).size();
    std::vector<float> row = TirCandidateFeatures(lowered->func, 0, 3, tiled->trace(), width + 2);
    QCOMPARE(row.size(), size_t(kProgramFeatureCount) + 3 + width + 2);
    QCOMPARE(row[kProgramFeatureCount], 1.0f);  // sketch 0 of 3
    QCOMPARE(row[kProgramFeatureCount + 1], 0.0f);
    QCOMPARE(row.back(), 0.0f);  // padding
    // Another decision, another row.
    std::mt19937_64 rng(1);
    auto other = MutateTileSize(tiled->trace(), rng);
    QVERIFY(other);
    auto other_sched = space.Replay(*other);
    QVERIFY(other_sched.ok());
    auto other_lowered = transform::LowerTensorIR(other_sched->func(), {}, "main");
    QVERIFY(other_lowered.ok());
    QVERIFY(TirCandidateFeatures(other_lowered->func, 0, 3, *other, width + 2) != row);
  }

  void theModelGuidesTheSearch() {
    script::ScriptProgram p = Load(Gemm(64));
    Outcome guided = Tune(p, "evolution", nullptr);
    Outcome replay = Tune(p, "random", nullptr);
    QCOMPARE(guided.result.measured, 24);
    QCOMPARE(replay.result.measured, 24);
    QCOMPARE(guided.result.strategy, std::string("evolution"));
    int evolved = 0, replayed = 0;
    for (const TuneTrial& t : guided.result.trials) evolved += t.source == "evolution";
    for (const TuneTrial& t : replay.result.trials) replayed += t.source == "replay";
    QVERIFY2(evolved >= 8, qPrintable(QString::number(evolved)));
    QCOMPARE(replayed, 24);
    // The search looked at more candidates than it measured (the model ranked them).
    QVERIFY(guided.result.evaluated > guided.result.measured);
    QVERIFY2(
        guided.late_mean > replay.late_mean,
        qPrintable(QString("guided %1, replay %2").arg(guided.late_mean).arg(replay.late_mean)));
    QVERIFY(guided.result.best->gflops >= replay.result.best->gflops);
  }

  void aResumedRunLearnsFromItsRecords() {
    script::ScriptProgram p = Load(Gemm(32));
    auto db = Database::Open(":memory:");
    QVERIFY(db.ok());
    Outcome first = Tune(p, "evolution", db->get(), 8);
    QCOMPARE(first.result.measured, 8);
    Outcome second = Tune(p, "evolution", db->get(), 2);
    QVERIFY(second.result.resumed >= 9);  // the input and 8 candidates
    const bool learned = std::any_of(second.messages.begin(), second.messages.end(), [](auto& m) {
      return m == "the cost model learned from 8 earlier records";
    });
    QVERIFY2(
        learned,
        qPrintable(QString::fromStdString(second.messages.empty() ? "" : second.messages.back())));
    // Guided from its first batch, and nothing measured twice.
    QCOMPARE(second.result.trials.front().source, std::string("evolution"));
    QCOMPARE(second.result.measured, 2);
  }

  // Cancelled after the first batch: the search stops, and the claim's processes (the
  // requests that time the best against the input) are not started.
  void aCancelledRunStartsNoClaim() {
    script::ScriptProgram p = Load(Gemm(32));
    DecisionRunner runner;
    TuneOptions o;
    o.trials = 16;
    o.batch_size = 4;
    o.seed = 11;
    TuneCallbacks cb;
    std::vector<std::string> messages;
    cb.on_message = [&](const std::string& m) { messages.push_back(m); };
    int trials = 0;
    cb.on_trial = [&](const TuneTrial&) { ++trials; };
    cb.cancelled = [&] { return trials >= 4; };  // one batch measured
    auto r = TuneTensorIR(p, runner, nullptr, runner::ReadMachineSignature(), o, cb);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QVERIFY(r->best && r->input && r->best->script != r->input->script);
    QCOMPARE(runner.claim_requests, 0);
    QVERIFY(!r->best_vs_input);
    QVERIFY(std::any_of(messages.begin(), messages.end(), [](const std::string& m) {
      return m.find("cancelled before the best and the input") != std::string::npos;
    }));
  }

  void anUnknownStrategyIsRefused() {
    script::ScriptProgram p = Load(Gemm(16));
    DecisionRunner runner;
    TuneOptions o;
    o.strategy = "annealing";
    auto r = TuneTensorIR(p, runner, nullptr, runner::ReadMachineSignature(), o);
    QVERIFY(!r.ok());
    QVERIFY2(r.error().message.find("unknown strategy 'annealing'") != std::string::npos,
             r.error().message.c_str());
  }
};

}  // namespace tst_tir_tune_search

QTEST_GUILESS_MAIN(tst_tir_tune_search::TestTirTuneSearch)
#include "tst_tir_tune_search.moc"
