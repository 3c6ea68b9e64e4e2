#include "ScheduleGenerator.h"

#include <algorithm>
#include <functional>
#include <random>

#include "Workloads.h"
#include "ir/ExprOp.h"
#include "schedule/Bound.h"
#include "schedule/Normalize.h"
#include "schedule/Primitives.h"
#include "script/Evaluator.h"
#include "script/export/ScriptPrinter.h"

namespace tessera::difftest {

namespace {

using ir::IterVar;
using schedule::AttachType;
using schedule::Schedule;
using schedule::Stage;

// What a primitive choice needs: the schedule and the extent of every IterVar.
struct Context {
  Schedule* sch;
  schedule::RangeMap ranges;
  std::mt19937_64* rng;

  int64_t Pick(int64_t lo, int64_t hi) const {
    return std::uniform_int_distribution<int64_t>(lo, hi)(*rng);
  }
  template <typename T>
  const T& Choose(const std::vector<T>& v) const {
    return v[static_cast<size_t>(Pick(0, static_cast<int64_t>(v.size()) - 1))];
  }
  // The constant extent of `iv`, or -1 when InferBound gave none.
  int64_t Extent(const IterVar& iv) const {
    auto it = ranges.find(iv);
    const ir::Expr& e = it != ranges.end() ? it->second.extent : (iv->dom.extent);
    if (!e.defined()) return -1;
    const int64_t* c = ir::as_const_int(e);
    return c ? *c : -1;
  }
};

// An attempted primitive: nullopt when nothing fitting was found (not counted),
// otherwise the schedule's verdict.
using Attempt = std::optional<Status>;

bool Inlined(const Stage& s) {
  return s->attach_type == AttachType::Inline || s->attach_type == AttachType::InlinedAlready;
}

std::vector<Stage> ComputeStages(const Schedule& sch) {
  std::vector<Stage> out;
  for (const Stage& s : sch.stages)
    if (!s->is_placeholder() && !Inlined(s)) out.push_back(s);
  return out;
}

// Stages whose operation reads an output of `producer`.
std::vector<Stage> Consumers(const Schedule& sch, const Stage& producer) {
  std::vector<Stage> out;
  for (const Stage& s : sch.stages) {
    if (s == producer) continue;
    for (const te::Tensor& t : s->op->InputTensors())
      if (t.op() == producer->op) {
        out.push_back(s);
        break;
      }
  }
  return out;
}

Status Ok(const Status& st) { return st; }
template <typename T>
Status Ok(const Result<T>& r) {
  if (!r) return r.error();
  return Status::Ok();
}

const std::vector<int64_t> kFactors = {2, 3, 4, 5, 7, 8, 16};

Attempt TrySplit(Context& c, const Stage& s) {
  const IterVar& iv = c.Choose(s->leaf_iter_vars);
  if (c.Pick(0, 4) == 0) return Ok(schedule::SplitByNParts(*c.sch, s, iv, c.Pick(2, 3)));
  return Ok(schedule::Split(*c.sch, s, iv, c.Choose(kFactors)));
}

Attempt TryFuse(Context& c, const Stage& s) {
  const auto& leaves = s->leaf_iter_vars;
  if (leaves.size() < 2) return std::nullopt;
  size_t i = static_cast<size_t>(c.Pick(0, static_cast<int64_t>(leaves.size()) - 2));
  return Ok(schedule::Fuse(*c.sch, s, {leaves[i], leaves[i + 1]}));
}

Attempt TryReorder(Context& c, const Stage& s) {
  std::vector<IterVar> leaves = s->leaf_iter_vars;
  if (leaves.size() < 2) return std::nullopt;
  std::shuffle(leaves.begin(), leaves.end(), *c.rng);
  leaves.resize(static_cast<size_t>(c.Pick(2, static_cast<int64_t>(leaves.size()))));
  return Ok(schedule::Reorder(*c.sch, s, leaves));
}

Attempt TryTile(Context& c, const Stage& s) {
  const auto& leaves = s->leaf_iter_vars;
  if (leaves.size() < 2) return std::nullopt;
  size_t i = static_cast<size_t>(c.Pick(0, static_cast<int64_t>(leaves.size()) - 2));
  size_t j = c.Pick(0, 2) == 0
                 ? static_cast<size_t>(
                       c.Pick(static_cast<int64_t>(i) + 1, static_cast<int64_t>(leaves.size()) - 1))
                 : i + 1;
  return Ok(
      schedule::Tile(*c.sch, s, leaves[i], leaves[j], c.Choose(kFactors), c.Choose(kFactors)));
}

Attempt TryComputeAt(Context& c, const Stage& s) {
  if (s->is_output) return std::nullopt;
  std::vector<Stage> consumers;
  for (const Stage& t : Consumers(*c.sch, s))
    if (!Inlined(t)) consumers.push_back(t);
  if (consumers.empty()) return std::nullopt;
  const Stage& target = c.Choose(consumers);
  if (target->leaf_iter_vars.empty()) return std::nullopt;
  return Ok(schedule::ComputeAt(*c.sch, s, target, c.Choose(target->leaf_iter_vars)));
}

Attempt TryComputeInline(Context& c, const Stage& s) {
  if (s->is_output) return std::nullopt;
  return Ok(schedule::ComputeInline(*c.sch, s));
}

Attempt TryCacheRead(Context& c, const Stage&) {
  // Any tensor with readers: a placeholder or a compute stage.
  std::vector<std::pair<Stage, std::vector<Stage>>> candidates;
  for (const Stage& p : c.sch->stages) {
    if (Inlined(p)) continue;
    std::vector<Stage> readers;
    for (const Stage& r : Consumers(*c.sch, p))
      if (!Inlined(r)) readers.push_back(r);
    if (!readers.empty()) candidates.emplace_back(p, readers);
  }
  if (candidates.empty()) return std::nullopt;
  auto [producer, readers] = c.Choose(candidates);
  std::shuffle(readers.begin(), readers.end(), *c.rng);
  readers.resize(static_cast<size_t>(c.Pick(1, static_cast<int64_t>(readers.size()))));
  std::string scope = c.Pick(0, 1) ? "global" : "local";
  return Ok(schedule::CacheRead(*c.sch, producer, scope, readers));
}

Attempt TryCacheWrite(Context& c, const Stage& s) {
  return Ok(schedule::CacheWrite(*c.sch, s, c.Pick(0, 1) ? "global" : "local"));
}

// Innermost leaf of a small extent (the vector width).
Attempt TryVectorize(Context& c, const Stage& s) {
  if (s->leaf_iter_vars.empty()) return std::nullopt;
  const IterVar& iv = s->leaf_iter_vars.back();
  int64_t extent = c.Extent(iv);
  if (extent < 1 || extent > 16) return std::nullopt;
  return Ok(schedule::Vectorize(*c.sch, s, iv));
}

Attempt TryUnroll(Context& c, const Stage& s) {
  std::vector<IterVar> small;
  for (const IterVar& iv : s->leaf_iter_vars)
    if (int64_t e = c.Extent(iv); e >= 1 && e <= 8) small.push_back(iv);
  if (small.empty()) return std::nullopt;
  return Ok(schedule::Unroll(*c.sch, s, c.Choose(small)));
}

// The outermost loop of a stage at the root.
Attempt TryParallel(Context& c, const Stage& s) {
  if (s->attach_type != AttachType::GroupRoot || s->leaf_iter_vars.empty()) return std::nullopt;
  return Ok(schedule::Parallel(*c.sch, s, s->leaf_iter_vars.front()));
}

// The digest's pad values (§1.2): none (never accessed), a constant, a function of the
// physical indices, or undef.
layout::PadValue RandomPadValue(Context& c, ir::DataType dtype, size_t physical_rank) {
  switch (c.Pick(0, 5)) {
    case 0:
    case 1:
      return {};
    case 2:
    case 3:
      return layout::PadValue::Constant(ir::make_const(dtype, 0.0));
    case 4: {
      std::vector<ir::Var> params;
      for (size_t d = 0; d < physical_rank; ++d) params.emplace_back("p" + std::to_string(d));
      return layout::PadValue::Function(params, ir::cast(dtype, params.back()));
    }
    default:
      return layout::PadValue::Undef();
  }
}

// Splits the last (or first) dimension of a stage's output by a factor: the physical
// layout [.., d // f, d % f] pads a non-dividing extent. Inputs and outputs included.
Attempt TryTransformLayout(Context& c, const Stage&) {
  std::vector<Stage> candidates;
  for (const Stage& s : c.sch->stages)
    if (!Inlined(s) && !s->layout) candidates.push_back(s);
  if (candidates.empty()) return std::nullopt;
  const Stage& s = c.Choose(candidates);
  te::Tensor out = te::output_of(s->op);
  size_t rank = out.ndim();
  if (rank == 0) return std::nullopt;
  auto map = std::make_shared<ir::IndexMapNode>();
  for (size_t d = 0; d < rank; ++d) map->initial_indices.emplace_back("l" + std::to_string(d));
  size_t split = c.Pick(0, 3) == 0 ? 0 : rank - 1;
  ir::Expr f = ir::make_const(ir::DataType::Int(32), c.Choose(std::vector<int64_t>{2, 3, 4, 8}));
  for (size_t d = 0; d < rank; ++d) {
    if (d != split) {
      map->final_indices.push_back(map->initial_indices[d]);
      continue;
    }
    map->final_indices.push_back(ir::floordiv(map->initial_indices[d], f));
    map->final_indices.push_back(ir::floormod(map->initial_indices[d], f));
  }
  return Ok(schedule::TransformLayout(*c.sch, s, map,
                                      RandomPadValue(c, out->dtype, map->final_indices.size())));
}

using Primitive = std::function<Attempt(Context&, const Stage&)>;

struct Weighted {
  int weight;
  Primitive apply;
};

const std::vector<Weighted>& Primitives() {
  static const std::vector<Weighted> table = {
      {20, TrySplit},     {8, TryFuse},          {8, TryReorder},   {8, TryTile},
      {12, TryComputeAt}, {6, TryComputeInline}, {5, TryCacheRead}, {5, TryCacheWrite},
      {8, TryVectorize},  {6, TryUnroll},        {6, TryParallel},  {7, TryTransformLayout}};
  return table;
}

const Primitive& ChoosePrimitive(Context& c) {
  int total = 0;
  for (const Weighted& w : Primitives()) total += w.weight;
  int64_t r = c.Pick(0, total - 1);
  for (const Weighted& w : Primitives()) {
    if (r < w.weight) return w.apply;
    r -= w.weight;
  }
  return Primitives().back().apply;
}

schedule::RangeMap Ranges(const Schedule& sch) {
  auto ranges = schedule::InferBound(schedule::Normalize(sch));
  return ranges ? std::move(ranges.value()) : schedule::RangeMap{};
}

std::string TraceText(const schedule::Trace& trace) {
  std::string out;
  for (const schedule::TraceEntry& e : trace.entries) out += schedule::to_string(e) + "\n";
  return out;
}

// The printed script of `program` evaluated again: the next program, or why not.
Result<script::ScriptProgram> Reevaluate(const script::ScriptProgram& program, std::string* text) {
  *text = script::PrintScript(program);
  auto again = script::EvaluateScript(*text, "case.py");
  if (!again) return Error("the printed script does not evaluate: " + again.error().format());
  std::string printed = script::PrintScript(*again);
  if (printed != *text)
    return Error("printing is not a fixed point:\n" + *text + "---\n" + printed);
  if (TraceText(again->schedule->trace) != TraceText(program.schedule->trace))
    return Error("the printed script evaluates to another trace:\n" +
                 TraceText(program.schedule->trace) + "---\n" + TraceText(again->schedule->trace));
  return again;
}

}  // namespace

GeneratedCase GenerateCase(const std::string& workload, uint64_t seed,
                           const GeneratorOptions& options) {
  GeneratedCase out;
  out.workload = workload;
  out.seed = seed;
  std::mt19937_64 rng(seed);
  Workload w = MakeWorkload(workload, rng);
  if (w.name.empty()) {
    out.failure = "unknown workload '" + workload + "'";
    return out;
  }
  out.vars = w.vars;
  out.script = w.script;
  auto program = script::EvaluateScript(w.script, "case.py");
  if (!program) {
    out.failure = "the workload does not evaluate: " + program.error().format();
    return out;
  }
  int steps = std::uniform_int_distribution<int>(options.min_steps, options.max_steps)(rng);
  for (int step = 0, tries = 0; step < steps && tries < 4 * steps; ++tries) {
    Context c{program->schedule.get(), Ranges(*program->schedule), &rng};
    std::vector<Stage> stages = ComputeStages(*c.sch);
    if (stages.empty()) break;
    Attempt attempt = ChoosePrimitive(c)(c, c.Choose(stages));
    if (!attempt) continue;
    ++step;
    if (!*attempt) {
      ++out.rejected;
      out.rejections.push_back(attempt->error().message);
      // A refusal must leave the schedule unchanged; start again from the script so far
      // so that the case stays exactly what its script says.
      program = script::EvaluateScript(out.script, "case.py");
      if (!program) {
        out.failure = "the script so far no longer evaluates: " + program.error().format();
        return out;
      }
      continue;
    }
    ++out.applied;
    ++out.applied_by_primitive[program->schedule->trace.entries.back().primitive];
    if (program->schedule->trace.entries.back().lambdas.count("pad_value"))
      ++out.applied_by_primitive["transform_layout with a pad value"];
    auto next = Reevaluate(*program, &out.script);
    if (!next) {
      out.failure = next.error().message;
      return out;
    }
    program = std::move(next);
  }
  return out;
}

}  // namespace tessera::difftest
