#include "tune/GeneratedSpace.h"

#include <algorithm>
#include <optional>
#include <set>

#include "codegen/LoweringContext.h"
#include "ir/ExprOp.h"
#include "te/Operation.h"
#include "te/Scan.h"
#include "transform/LowerSchedule.h"
#include "tune/AttachRule.h"

namespace tessera::tune {

using schedule::Schedule;
using schedule::Stage;

namespace {

const te::ComputeOpNode* AsComputeOp(const te::Operation& op) {
  return dynamic_cast<const te::ComputeOpNode*>(op.get());
}

Result<int64_t> ConstantExtent(const ir::IterVar& iv, const std::string& stage) {
  const int64_t* e = ir::as_const_int(iv->dom.extent);
  if (!e || *e < 1)
    return Error("tune: stage " + stage + ": axis " + iv->var.name() +
                 " has no constant extent (bind shape variables to tune a symbolic workload)");
  return *e;
}

}  // namespace

Result<GeneratedSpace> GeneratedSpace::Generate(const std::vector<te::Operation>& outputs,
                                                const TargetInfo& target) {
  auto sch = schedule::create_schedule(outputs);
  if (!sch) return sch.error();
  GeneratedSpace space;
  space.outputs_ = outputs;
  space.target_ = target;
  const bool single_output = outputs.size() == 1;
  // A reduction whose only reader is the element-wise output (through inlinable relays)
  // is tiled with that output as its epilogue (EpilogueRule.h); the first one found.
  std::optional<Epilogue> epilogue;
  std::string epilogue_of;
  if (single_output) {
    std::set<std::string> inlinable;
    for (const Stage& st : sch->stages) {
      const te::ComputeOpNode* op = AsComputeOp(st->op);
      if (op && !st->is_output && !op->is_reduction()) inlinable.insert(st->name());
    }
    for (const Stage& st : sch->stages) {
      const te::ComputeOpNode* op = AsComputeOp(st->op);
      if (!op || st->is_output || !op->is_reduction()) continue;
      epilogue = FindEpilogue(*sch, st->op, outputs.front(), inlinable);
      if (epilogue) {
        epilogue_of = st->name();
        break;
      }
    }
  }
  auto is_relay = [&](const std::string& name) {
    return epilogue && std::find(epilogue->relays.begin(), epilogue->relays.end(), name) !=
                           epilogue->relays.end();
  };
  // A scan's init and update stages run inside the scan's time loop: never inlined or
  // moved (the primitives refuse every such choice).
  std::set<std::string> scan_parts;
  for (const Stage& st : sch->stages)
    if (auto* scan = dynamic_cast<const te::ScanOpNode*>(st->op.get()))
      for (const auto* parts : {&scan->init, &scan->update})
        for (const te::Tensor& t : *parts) scan_parts.insert(t.op()->name);
  // Every stage to the rules that run with the stages.
  for (const Stage& st : sch->stages) {
    const te::ComputeOpNode* op = AsComputeOp(st->op);
    if (!op || scan_parts.count(st->name())) continue;
    if (epilogue && st->name() == epilogue->output) continue;  // its loops are the tile's
    StageRule rule;
    rule.stage = st->name();
    for (const ir::IterVar& iv : op->axis) rule.spatial_axes.push_back(iv->var.name());
    for (const ir::IterVar& iv : op->reduce_axis) rule.reduce_axes.push_back(iv->var.name());
    StageInfo info;
    info.stage = st;
    info.op = op;
    info.is_output = st->is_output;
    info.several_outputs = op->num_outputs() != 1;
    info.epilogue = epilogue && st->name() == epilogue_of ? &*epilogue : nullptr;
    info.relay = is_relay(st->name());
    info.target = target;
    if (!info.several_outputs) {
      for (const ir::IterVar& iv : op->axis) {
        auto e = ConstantExtent(iv, st->name());
        if (!e) return e.error();
        info.extents.push_back(*e);
      }
      for (const ir::IterVar& iv : op->reduce_axis) {
        auto e = ConstantExtent(iv, st->name());
        if (!e) return e.error();
        info.reduce_extents.push_back(*e);
      }
    }
    for (const ScheduleRule* r : ScheduleRules())
      if (!r->after_stages() && r->Applies(info, rule)) {
        rule.rule_names.push_back(r->name());
        r->AddKnobs(info, &rule, &space.knobs_);
      }
    space.rules_.push_back(std::move(rule));
  }
  if (space.rules_.empty() && !scan_parts.empty())
    return Error(
        "tune: nothing to tune: the workload's compute stages are a scan's init and update, "
        "which stay inside the scan's time loop");
  if (space.rules_.empty()) return Error("tune: the workload has no compute stage to schedule");
  // The rules that run after the stages see what the others made of them: the stages with
  // an outer loop to attach at (the element-wise output first), the root reductions and
  // the inlined stages.
  bool output_is_spatial = false;
  for (const StageRule& r : space.rules_)
    if (r.kind == StageRule::Kind::Spatial) output_is_spatial = single_output;
  StageInfo after;
  after.target = target;
  after.spatial_output = output_is_spatial ? outputs.front()->name : "";
  for (const Stage& st : sch->stages)
    for (const StageRule& r : space.rules_)
      if (r.stage == st->name()) {
        if (r.kind == StageRule::Kind::Inline) after.inlined.insert(r.stage);
        if (r.kind == StageRule::Kind::Root) after.reductions.push_back(st->op);
        if ((r.kind == StageRule::Kind::Spatial && output_is_spatial) ||
            r.kind == StageRule::Kind::Root)
          after.consumers.push_back(st->op);
      }
  std::stable_partition(after.consumers.begin(), after.consumers.end(),
                        [&](const te::Operation& op) { return op->name == outputs.front()->name; });
  for (const ScheduleRule* r : ScheduleRules()) {
    if (!r->after_stages()) continue;
    for (StageRule& rule : space.rules_) {
      StageInfo info = after;
      info.stage = sch->find(rule.stage);
      info.op = AsComputeOp(info.stage->op);
      if (!r->Applies(info, rule)) continue;
      rule.rule_names.push_back(r->name());
      r->AddKnobs(info, &rule, &space.knobs_);
    }
  }
  for (const StageRule& rule : space.rules_) {
    std::vector<const ScheduleRule*> applied;
    for (const std::string& name : rule.rule_names) {
      auto r = FindScheduleRule(name);
      if (!r) return r.error();
      applied.push_back(*r);
    }
    space.stage_rules_.push_back(std::move(applied));
  }
  return space;
}

bool GeneratedSpace::RulesFit(const Decisions& d) const {
  const SpaceContext space = Context();
  for (size_t i = 0; i < rules_.size(); ++i)
    for (const ScheduleRule* r : stage_rules_[i])
      if (!r->Fits(space, rules_[i], d)) return false;
  return true;
}

void GeneratedSpace::Repair(Decisions* d) const { RepairAttach(rules_, d); }

bool GeneratedSpace::Satisfies(const Decisions& d) const {
  return knobs_.Contains(d) && RulesFit(d);
}

Decisions GeneratedSpace::Sample(std::mt19937_64& rng) const {
  Decisions d;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    for (const Knob& k : knobs_.list()) d.values[k.name] = SampleKnob(k, rng);
    Repair(&d);
    if (RulesFit(d)) return d;
  }
  // Rare (tiny register files): the smallest register tile always fits.
  for (const Knob& k : knobs_.list())
    if (k.kind == Knob::Kind::Split && k.parts == kTileLevels && k.innermost_multiple == 1) {
      auto& f = d.values[k.name];
      if (k.extent % f.back() != 0) {  // ragged rows: the middle levels divided the covering count
        f.assign(f.size(), 1);
        f[0] = k.extent;
        continue;
      }
      f[0] *= f.back();
      f.back() = 1;
    }
  return d;
}

Decisions GeneratedSpace::BaseDecisions() const {
  Decisions d;
  for (const Knob& k : knobs_.list()) {
    if (k.kind == Knob::Kind::Choice) {
      d.values[k.name] = {k.choices.front()};
      continue;
    }
    std::vector<int64_t> f(k.parts, 1);
    f[0] = k.extent;
    d.values[k.name] = f;
  }
  return d;
}

std::vector<Decisions> GeneratedSpace::Seeds() const {
  const SpaceContext space = Context();
  const Decisions base = BaseDecisions();
  std::vector<Decisions> all;
  for (size_t i = 0; i < rules_.size(); ++i)
    for (const ScheduleRule* r : stage_rules_[i]) {
      // A rule whose seeds cannot be made (a knob it expects is missing) offers none.
      std::vector<Decisions> seeds;
      if (r->AddSeeds(space, rules_[i], base, &seeds))
        all.insert(all.end(), std::make_move_iterator(seeds.begin()),
                   std::make_move_iterator(seeds.end()));
    }
  std::vector<Decisions> out;
  std::set<Decisions> seen;
  for (Decisions& d : all)
    if (Satisfies(d) && seen.insert(d).second) out.push_back(std::move(d));
  return out;
}

Status GeneratedSpace::ApplyStage(Schedule& sch, size_t i, const Decisions& d) const {
  const StageRule& rule = rules_[i];
  if (!sch.find(rule.stage)) return Error("tune: no stage " + rule.stage);
  const SpaceContext space = Context();
  for (const ScheduleRule* r : stage_rules_[i])
    if (Status st = r->Apply(sch, space, rule, d); !st) return st;
  return Status::Ok();
}

Result<Schedule> GeneratedSpace::Apply(const Decisions& d) const {
  if (Status st = CheckFits(d); !st) return st.error();
  auto sch = schedule::create_schedule(outputs_);
  if (!sch) return sch.error();
  // Inline first (the tiled stages then read through them), outputs next (their loops
  // are where the attached reductions go), then the rest in producer order.
  for (StageRule::Kind pass :
       {StageRule::Kind::Inline, StageRule::Kind::Tile, StageRule::Kind::Spatial})
    for (size_t i = 0; i < rules_.size(); ++i)
      if (rules_[i].kind == pass)
        if (Status st = ApplyStage(*sch, i, d); !st) return st.error();
  // The other reductions consumers first (reverse program order): a reduction attaches at
  // a loop of a consumer that already has its final loops.
  for (size_t i = rules_.size(); i-- > 0;)
    if (rules_[i].kind == StageRule::Kind::Attach || rules_[i].kind == StageRule::Kind::Root)
      if (Status st = ApplyStage(*sch, i, d); !st) return st.error();
  return std::move(sch.value());
}

Result<ValidCandidate> GeneratedSpace::Validate(const Decisions& d,
                                                const std::vector<te::Tensor>& args) const {
  auto sch = Apply(d);
  if (!sch) return sch.error();
  auto lowered = transform::LowerSchedule(*sch, args, codegen::LoweringContext("llvm"));
  if (!lowered) return lowered.error();
  return ValidCandidate{std::move(sch.value()), std::move(lowered->func)};
}

}  // namespace tessera::tune
