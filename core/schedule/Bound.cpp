#include "schedule/Bound.h"

#include <algorithm>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "schedule/Graph.h"
#include "schedule/Normalize.h"
#include "te/Extern.h"
#include "te/Scan.h"

namespace tessera::schedule {

namespace {

// Requests per output tensor, per dimension, one IntSet per access (document: tmap).
using TensorDom = std::vector<std::vector<std::vector<arith::IntSet>>>;

struct BoundContext {
  const Schedule& sch;
  const InferBoundOptions& options;
  AttachPath attach_path;
  BindMap bind_map;  // leaf -> thread IterVar
  RangeMap rmap;
  PhaseTables* tables = nullptr;
};

// Thread ranks and storage ranks as TVM orders them: a stage stored at rank s is
// shared by every thread of rank >= s, so those loops are relaxed.
int ThreadRank(const std::string& tag) { return tag.rfind("blockIdx", 0) == 0 ? 0 : 1; }
int StorageRank(const std::string& scope) {
  if (scope.rfind("shared", 0) == 0) return 1;
  if (scope == "warp") return 2;
  if (scope == "local") return 3;
  if (scope.rfind("wmma.", 0) == 0) return 4;  // fragments: per thread (warp), never relaxed
  return 0;
}

std::string ThreadTag(const BindMap& bind_map, const IterVar& iv) {
  auto it = bind_map.find(iv);
  return it != bind_map.end() ? it->second->thread_tag : iv->thread_tag;
}

bool NeedRelax(const BoundContext& ctx, const IterVar& iv, bool found_attach,
               const std::string& scope) {
  std::string tag = ThreadTag(ctx.bind_map, iv);
  if (tag.empty()) return !found_attach;
  return RelaxedForThread(scope, tag);
}

// The variable that holds a leaf's value inside its loop (the thread var when bound).
ir::Var LoopVar(const BoundContext& ctx, const IterVar& iv) {
  auto it = ctx.bind_map.find(iv);
  return it != ctx.bind_map.end() ? it->second->var : iv->var;
}

std::string Str(const Expr& e) { return ir::to_string(e); }

PhaseRow SetRow(const std::string& name, const arith::IntSet& s) {
  auto end = [](const Expr& e) {
    if (arith::is_pos_inf(e)) return std::string("+inf");
    if (arith::is_neg_inf(e)) return std::string("-inf");
    return Str(e);
  };
  return PhaseRow{name, s.str(), end(s.min()), end(s.max())};
}

PhaseRow RangeRow(const std::string& name, const ir::Range& r) {
  return PhaseRow{name, "[" + Str(r.min) + ", " + Str(RangeLast(r)) + "]", Str(r.min),
                  Str(r.extent)};
}

}  // namespace

ir::Expr RangeLast(const ir::Range& r) {
  arith::Analyzer a;
  return a.Simplify(r.min + r.extent - ir::make_const(r.extent.dtype(), int64_t{1}));
}

namespace {

bool Recording(const BoundContext& ctx, const Stage& stage, const Stage& consumer) {
  return ctx.tables && ctx.tables->producer == stage->name() &&
         ctx.tables->consumer == consumer->name();
}

// Binds every loop variable visible in `consumer` to its range, so that the analyzer
// can prove the facts PassUpDomain relies on (e.g. o*4 + 3 <= 15 when o < 4).
void BindLoopVars(const BoundContext& ctx, const Stage& consumer, arith::Analyzer* a) {
  std::vector<IterVar> vars = consumer->leaf_iter_vars;
  const auto& path = ctx.attach_path.at(consumer->op.get());
  vars.insert(vars.end(), path.begin(), path.end());
  for (const IterVar& iv : vars) {
    auto it = ctx.rmap.find(iv);
    if (it != ctx.rmap.end()) a->Bind(LoopVar(ctx, iv), it->second, true);
  }
}

// Phase 1: IntSets of the consumer's leaves. Leaves at and outside the stage's attach
// loop are single points (case 2); those inside are relaxed to their range (case 3).
IterVarSetMap InitLeafSets(const BoundContext& ctx, const Stage& stage, const Stage& consumer,
                           const std::string& scope, bool* found_attach) {
  IterVarSetMap up;
  const std::vector<IterVar>& stage_attach = ctx.attach_path.at(stage->op.get());
  *found_attach = false;
  const auto& leaves = consumer->leaf_iter_vars;
  for (auto it = leaves.rbegin(); it != leaves.rend(); ++it) {
    const IterVar& iv = *it;
    if (!stage_attach.empty() && iv == stage_attach.front()) *found_attach = true;
    const ir::Range& r = ctx.rmap.at(iv);
    if (ir::is_one(r.extent))
      up[iv] = arith::IntSet::SinglePoint(r.min);
    else if (!NeedRelax(ctx, iv, *found_attach, scope))
      up[iv] = arith::IntSet::SinglePoint(LoopVar(ctx, iv));
    else
      up[iv] = arith::IntSet::FromRange(r);
  }
  return up;
}

// The consumer's own attach path (innermost first): loops outside the consumer that the
// stage is not inside of are relaxed to their whole range. When the stage is attached
// to one of these loops (producer and consumer both computed at B.i, say), that loop
// and every loop around it are single points for both, so they are not relaxed.
arith::IntSetMap RelaxSet(const BoundContext& ctx, const Stage& stage, const Stage& consumer,
                          bool found_attach, const std::string& scope) {
  const std::vector<IterVar>& stage_attach = ctx.attach_path.at(stage->op.get());
  arith::IntSetMap relax;
  for (const IterVar& iv : ctx.attach_path.at(consumer->op.get())) {
    if (!stage_attach.empty() && iv == stage_attach.front()) found_attach = true;
    if (NeedRelax(ctx, iv, found_attach, scope))
      relax[LoopVar(ctx, iv)] = arith::IntSet::FromRange(ctx.rmap.at(iv));
  }
  return relax;
}

// Phase 2 (end): the IntSet of each consumer root var, relaxed over `relax`.
arith::IntSetMap RootSets(const Stage& consumer, const IterVarSetMap& up,
                          const arith::IntSetMap& relax, arith::Analyzer* a) {
  arith::IntSetMap dom_map;
  for (const IterVar& iv : consumer->op->root_iter_vars()) {
    auto it = up.find(iv);
    ir::Range r = it != up.end() ? it->second.CoverRange(iv->dom) : iv->dom;
    if (relax.empty()) {
      dom_map[iv->var] = arith::IntSet::FromRange(r);
      continue;
    }
    Expr last = r.min + r.extent - ir::make_const(r.extent.dtype(), int64_t{1});
    dom_map[iv->var] = arith::IntSet::Interval(arith::EvalSet(r.min, relax, a).min(),
                                               arith::EvalSet(last, relax, a).max());
  }
  return dom_map;
}

// The shape bound replaces the request when provably tighter at both ends. Otherwise
// each end that may lie outside the shape is clipped on its own: a consumer's guarded
// read (pad's if_then_else reading data[y - 1] at y = 0) must not make the producer
// compute outside its shape; where the clipped interval is inverted the region is
// empty (GatherBound gives it extent 0). TVM does not (InferBoundOptions::TVM(), whose
// clip_to_range is off, keeps its over-computation).
// The proofs may assume the extent is positive: an empty dimension has nothing to
// compute, so clipping cannot lose an element there (a symbolic n = 0 otherwise blocks
// `n - 1 <= 2*ceil(n/2) + n - 2`, a request relaxed past the shape).
arith::IntSet ClipToShape(const arith::IntSet& s, const Expr& extent, bool clip_each_end,
                          arith::Analyzer* a) {
  Expr lo = ir::make_zero(extent.dtype());
  Expr hi = extent - ir::make_const(extent.dtype(), int64_t{1});
  auto positive = a->EnterConstraint(ir::ge(extent, ir::make_const(extent.dtype(), int64_t{1})));
  bool lower = !s.has_lower_bound() || a->CanProve(ir::ge(lo, s.min()));
  bool upper = !s.has_upper_bound() || a->CanProve(ir::le(hi, s.max()));
  if (lower && upper) return arith::IntSet::Interval(lo, a->Simplify(hi));
  if (!clip_each_end || !s.is_bounded()) return s;
  Expr min = s.min(), max = s.max();
  if (!a->CanProve(ir::ge(min, lo))) min = a->Simplify(ir::max(min, lo));
  if (!a->CanProve(ir::le(max, hi))) max = a->Simplify(ir::min(max, hi));
  return arith::IntSet::Interval(min, max);
}

// Phase 3 (PropBoundToInputs): each access of `producer`'s outputs in the consumer's
// body adds one request per dimension.
// A scan requests of its init tensors the times [0, init extent) and of its update
// tensors the times of its scan axis; the other dimensions are those of its spatial axes
// (TVM's ScanOpNode::PropBoundToInputs).
void PropBoundToScanInputs(const te::ScanOpNode& scan, const te::Operation& producer,
                           const arith::IntSetMap& dom_map, TensorDom* tmap) {
  for (size_t i = 0; i < scan.update.size(); ++i) {
    std::vector<IterVar> spatial = scan.spatial_axes_of(i);
    for (const te::Tensor* t : {&scan.init[i], &scan.update[i]}) {
      if (t->op() != producer) continue;
      auto& dims = (*tmap)[static_cast<size_t>((*t)->value_index)];
      bool is_init = t == &scan.init[i];
      dims[0].push_back(is_init
                            ? arith::IntSet::FromRange(ir::Range(
                                  ir::make_zero(scan.init_extent().dtype()), scan.init_extent()))
                            : dom_map.at(scan.scan_axis->var));
      for (size_t k = 0; k < spatial.size() && k + 1 < dims.size(); ++k)
        dims[k + 1].push_back(dom_map.at(spatial[k]->var));
    }
  }
}

// An extern op reads each of its inputs whole (TVM's ExternOpNode::PropBoundToInputs).
void PropBoundToExternInputs(const te::ExternOpNode& ext, const te::Operation& producer,
                             TensorDom* tmap) {
  for (const te::Tensor& t : ext.inputs) {
    if (t.op() != producer) continue;
    auto& dims = (*tmap)[static_cast<size_t>(t->value_index)];
    for (size_t i = 0; i < dims.size() && i < t->shape.size(); ++i)
      dims[i].push_back(
          arith::IntSet::FromRange(ir::Range(ir::make_zero(t->shape[i].dtype()), t->shape[i])));
  }
}

void PropBoundToInputs(const Stage& consumer, const te::Operation& producer,
                       const arith::IntSetMap& dom_map, bool clip_each_end, arith::Analyzer* a,
                       TensorDom* tmap) {
  if (auto* scan = dynamic_cast<const te::ScanOpNode*>(consumer->op.get()))
    return PropBoundToScanInputs(*scan, producer, dom_map, tmap);
  if (auto* ext = dynamic_cast<const te::ExternOpNode*>(consumer->op.get()))
    return PropBoundToExternInputs(*ext, producer, tmap);
  auto* c = dynamic_cast<const te::ComputeOpNode*>(consumer->op.get());
  if (!c) return;
  auto visit = [&](const Expr& e) {
    auto* load = e.as<ir::ProducerLoadNode>();
    if (!load) return;
    te::Tensor t = te::Tensor::from(load->producer);
    if (!t.defined() || t.op() != producer) return;
    auto& dims = (*tmap)[static_cast<size_t>(t->value_index)];
    for (size_t i = 0; i < dims.size() && i < load->indices.size(); ++i) {
      arith::IntSet s = arith::EvalSetBoundingBitOps(load->indices[i], dom_map, a);
      dims[i].push_back(ClipToShape(s, t->shape[i], clip_each_end, a));
    }
  };
  for (const Expr& b : c->body) ir::PostOrderVisit(b, visit);
}

void RecordPhases12(BoundContext& ctx, const Stage& consumer, const IterVarSetMap& phase1) {
  PhaseTables& t = *ctx.tables;
  t.found = true;
  for (const IterVar& iv : consumer->leaf_iter_vars)
    t.phase1.push_back(SetRow(iv->var.name(), phase1.at(iv)));
}

std::vector<PhaseRow> StateRows(const Stage& consumer, const IterVarSetMap& state) {
  std::vector<PhaseRow> rows;
  for (const IterVar& iv : consumer->all_iter_vars)
    if (state.count(iv)) rows.push_back(SetRow(iv->var.name(), state.at(iv)));
  return rows;
}

// Phases 1-3 for one consumer of `stage`.
void RequestFromConsumer(BoundContext& ctx, const Stage& stage, const Stage& consumer,
                         TensorDom* tmap) {
  arith::Analyzer analyzer;
  BindLoopVars(ctx, consumer, &analyzer);
  bool recording = Recording(ctx, stage, consumer);
  bool found_attach = false;
  std::string scope = InferStorageScope(stage, ctx.attach_path, ctx.bind_map);
  IterVarSetMap up = InitLeafSets(ctx, stage, consumer, scope, &found_attach);
  if (recording) RecordPhases12(ctx, consumer, up);
  PassUpObserver observer;
  if (recording)
    observer = [&](const std::string& rel, const IterVarSetMap& state) {
      ctx.tables->phase2_steps.push_back({rel, StateRows(consumer, state)});
    };
  PassUpDomain(consumer, ctx.rmap, &up, &analyzer, ctx.options.pass_up, observer);
  arith::IntSetMap relax = RelaxSet(ctx, stage, consumer, found_attach, scope);
  arith::IntSetMap dom_map = RootSets(consumer, up, relax, &analyzer);
  size_t before = (*tmap)[0].empty() ? 0 : (*tmap)[0][0].size();
  PropBoundToInputs(consumer, stage->op, dom_map, ctx.options.pass_up.clip_to_range, &analyzer,
                    tmap);
  if (!recording) return;
  for (const IterVar& iv : consumer->op->root_iter_vars())
    ctx.tables->phase2.push_back(SetRow(iv->var.name(), dom_map.at(iv->var)));
  for (size_t i = 0; i < (*tmap)[0].size(); ++i)
    for (size_t k = before; k < (*tmap)[0][i].size(); ++k)
      ctx.tables->phase3.push_back(
          SetRow(stage->name() + "[" + std::to_string(i) + "]", (*tmap)[0][i][k]));
}

// Phase 4: the range of each root var of a compute stage is the union of the requests
// for its dimension (reduce axes keep their domain).
// Phase 4 of a scan (TVM's ScanOpNode::GatherBound): the scan axis runs from its first
// time to the last time any consumer reads; the spatial axes keep their whole domain
// (every time step reads the previous state wherever the update does).
void GatherScanBound(BoundContext& ctx, const te::ScanOpNode& scan, const TensorDom& tmap) {
  arith::Analyzer analyzer;
  std::vector<arith::IntSet> times;
  for (const auto& out : tmap) times.insert(times.end(), out[0].begin(), out[0].end());
  const ir::Range& sdom = scan.scan_axis->dom;
  ir::Range r = times.empty() ? sdom : arith::Union(times, &analyzer).CoverRange(sdom);
  Expr extent = analyzer.Simplify(r.extent + r.min - sdom.min);
  if (!analyzer.CanProve(ir::ge(extent, ir::make_zero(extent.dtype()))))
    extent = analyzer.Simplify(ir::max(extent, ir::make_zero(extent.dtype())));
  ctx.rmap[scan.scan_axis] = ir::Range(sdom.min, extent);
  for (const IterVar& iv : scan.spatial_axis) ctx.rmap[iv] = iv->dom;
}

void GatherBound(BoundContext& ctx, const Stage& stage, const TensorDom& tmap) {
  if (auto* scan = dynamic_cast<const te::ScanOpNode*>(stage->op.get()))
    return GatherScanBound(ctx, *scan, tmap);
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c) return;  // an extern op has no IterVars: it writes its outputs whole
  arith::Analyzer analyzer;
  for (size_t i = 0; i < c->axis.size(); ++i) {
    std::vector<arith::IntSet> requests;
    for (const auto& out : tmap) requests.insert(requests.end(), out[i].begin(), out[i].end());
    const IterVar& iv = c->axis[i];
    ir::Range r = iv->dom;
    if (!requests.empty()) {
      r = arith::Union(requests, &analyzer).CoverRange(iv->dom);
      // A request clipped to the shape at both ends separately ([i, min(i, m - 1)]) is
      // empty where i runs past the shape (the tail of a non-dividing split): its
      // extent is 0 there, not negative. TVM's mode does not clip, and TVM takes the
      // extent as it comes (a shape `n` stays `n`, not max(n, 0)).
      Expr zero = ir::make_zero(r.extent.dtype());
      if (ctx.options.pass_up.clip_to_range && !analyzer.CanProve(ir::ge(r.extent, zero)))
        r = ir::Range(r.min, ir::max(r.extent, zero));
      r = ir::Range(analyzer.Simplify(r.min), analyzer.Simplify(r.extent));
    }
    ctx.rmap[iv] = r;
  }
  for (const IterVar& iv : c->reduce_axis) ctx.rmap[iv] = iv->dom;
}

void SetRootsToDomain(BoundContext& ctx, const Stage& stage) {
  for (const IterVar& iv : stage->op->root_iter_vars()) ctx.rmap[iv] = iv->dom;
}

void InferRootBound(BoundContext& ctx, const Stage& stage) {
  if (stage->is_placeholder()) return;
  std::vector<Stage> consumers;
  for (const Stage& s : ConsumerStages(ctx.sch, stage))
    if (s->attach_type != AttachType::InlinedAlready) consumers.push_back(s);
  if (stage->is_output || stage->attach_type == AttachType::InlinedAlready || consumers.empty()) {
    SetRootsToDomain(ctx, stage);
    return;
  }
  TensorDom tmap(static_cast<size_t>(stage->op->num_outputs()));
  for (int i = 0; i < stage->op->num_outputs(); ++i)
    tmap[static_cast<size_t>(i)].resize(stage->op->output_shape(i).size());
  for (const Stage& consumer : consumers) RequestFromConsumer(ctx, stage, consumer, &tmap);
  GatherBound(ctx, stage, tmap);
  if (ctx.tables && ctx.tables->producer == stage->name())
    for (const IterVar& iv : stage->op->root_iter_vars())
      ctx.tables->phase4.push_back(RangeRow(iv->var.name(), ctx.rmap.at(iv)));
}

}  // namespace

bool RelaxedForThread(const std::string& scope, const std::string& thread_tag) {
  if (scope == "warp" && thread_tag == "threadIdx.x") return true;
  return StorageRank(scope) <= ThreadRank(thread_tag);
}

std::string InferStorageScope(const Stage& stage, const AttachPath& paths,
                              const BindMap& bind_map) {
  if (!stage->scope.empty()) return stage->scope;
  int max_rank = -1;
  auto it = paths.find(stage->op.get());
  if (it != paths.end())
    for (const IterVar& iv : it->second) {
      std::string tag = ThreadTag(bind_map, iv);
      if (!tag.empty()) max_rank = std::max(max_rank, ThreadRank(tag));
    }
  if (max_rank < 0) return "global";
  return max_rank == 0 ? "shared" : "local";
}

Result<RangeMap> InferBound(const Schedule& sch, const InferBoundOptions& options,
                            PhaseTables* tables) {
  for (const Stage& s : sch.stages)
    if (s->attach_type == AttachType::Inline)
      return Error("InferBound needs a normalized schedule (stage " + s->name() +
                   " is still marked inline); call Normalize first");
  BoundContext ctx{sch, options, CreateAttachPath(sch), {}, {}, tables};
  for (const Stage& s : sch.stages)
    for (const auto& [iv, attr] : s->iter_var_attrs)
      if (attr.bind_thread) ctx.bind_map[iv] = attr.bind_thread;
  arith::Analyzer analyzer;
  for (auto it = sch.stages.rbegin(); it != sch.stages.rend(); ++it) {
    InferRootBound(ctx, *it);
    PassDownDomain(*it, &ctx.rmap, &analyzer);
  }
  return std::move(ctx.rmap);
}

Result<PhaseTables> ExplainInferRootBound(const Schedule& sch, const std::string& producer,
                                          const std::string& consumer,
                                          const InferBoundOptions& options) {
  if (!sch.find(producer)) return Error("the schedule has no stage named '" + producer + "'");
  if (!sch.find(consumer)) return Error("the schedule has no stage named '" + consumer + "'");
  Schedule normalized = Normalize(sch);
  PhaseTables tables;
  tables.producer = producer;
  tables.consumer = consumer;
  Result<RangeMap> r = InferBound(normalized, options, &tables);
  if (!r) return r.error();
  if (!tables.found)
    return Error(consumer + " does not read " + producer +
                 " (after inlining), so InferBound has no phase tables for the pair");
  return tables;
}

}  // namespace tessera::schedule
