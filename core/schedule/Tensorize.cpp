#include "schedule/Tensorize.h"

#include <algorithm>
#include <unordered_set>

#include "arith/Analyzer.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "schedule/Bound.h"
#include "schedule/MakeLoopNest.h"
#include "schedule/Normalize.h"
#include "schedule/PrimitiveUtil.h"
#include "te/Compute.h"

namespace tessera::schedule {

namespace {

using ir::Stmt;

// The region of a stage that the tensorized nest covers per iteration of the loops
// outside it (TVM's InferTensorizeRegion), in terms of those loops' IterVars.
struct TensorizeRegion {
  size_t tloc = 0;                    // position of the tensorized leaf
  RangeMap out_dom;                   // root IterVar -> its range inside the region
  std::vector<ir::Region> in_region;  // per input tensor (InputTensors order)
};

std::string ExprText(const Expr& e) { return ir::to_string(e); }

std::string Where(const Stage& stage, size_t tloc) {
  return stage->name() + " at loop " + stage->leaf_iter_vars[tloc]->var.name();
}

Error Fail(const Stage& stage, size_t tloc, const te::TensorIntrin& intrin,
           const std::string& what) {
  return Error("tensorize " + Where(stage, tloc) + " with intrinsic '" + intrin->name +
               "': " + what);
}

size_t FindTensorized(const Stage& stage) {
  for (size_t i = 0; i < stage->leaf_iter_vars.size(); ++i)
    if (stage->attr(stage->leaf_iter_vars[i]).tensor_intrin) return i;
  return stage->leaf_iter_vars.size();
}

TensorizeRegion InferTensorizeRegion(const Stage& stage, const te::ComputeOpNode* c,
                                     const RangeMap& rmap, arith::Analyzer* a) {
  TensorizeRegion r;
  r.tloc = FindTensorized(stage);
  const auto& leaves = stage->leaf_iter_vars;
  IterVarSetMap up;
  for (size_t i = leaves.size(); i-- > 0;) {
    const IterVar& iv = leaves[i];
    const ir::Range& vr = rmap.at(iv);
    if (ir::is_one(vr.extent)) {
      up[iv] = arith::IntSet::SinglePoint(vr.min);
    } else if (i < r.tloc) {
      up[iv] = arith::IntSet::SinglePoint(iv->var);
      a->Bind(iv->var, vr, true);
    } else {
      up[iv] = arith::IntSet::FromRange(vr);
    }
  }
  // TVM's PassUpDomain: the region is the split's whole inner extent (a tail that
  // leaves the domain is the tail condition's business, VerifyTensorizeLoopNest).
  PassUpDomain(stage, rmap, &up, a, PassUpOptions{false, false});
  arith::IntSetMap dom_map;
  for (const IterVar& iv : c->root_iter_vars()) {
    const ir::Range& full = rmap.at(iv);
    auto it = up.find(iv);
    ir::Range range = it != up.end() ? it->second.CoverRange(full) : full;
    range = ir::Range(a->Simplify(range.min), a->Simplify(range.extent));
    r.out_dom[iv] = range;
    dom_map[iv->var] = arith::IntSet::FromRange(range);
  }
  for (const te::Tensor& t : c->InputTensors()) {
    std::vector<std::vector<arith::IntSet>> sets(t.ndim());
    auto visit = [&](const Expr& e) {
      auto* load = e.as<ir::ProducerLoadNode>();
      if (!load || !te::Tensor::from(load->producer).same_as(t)) return;
      for (size_t d = 0; d < sets.size() && d < load->indices.size(); ++d)
        sets[d].push_back(arith::EvalSet(load->indices[d], dom_map, a));
    };
    for (const Expr& b : c->body) ir::PostOrderVisit(b, visit);
    ir::Region region;
    for (size_t d = 0; d < sets.size(); ++d) {
      ir::Range shape(ir::make_zero(t->shape[d].dtype()), t->shape[d]);
      ir::Range cover = arith::Union(sets[d], a).CoverRange(shape);
      region.emplace_back(a->Simplify(cover.min), a->Simplify(cover.extent));
    }
    r.in_region.push_back(std::move(region));
  }
  return r;
}

// Whether `a` and `b` are provably the same extent.
bool SameExtent(arith::Analyzer* an, const Expr& a, const Expr& b) {
  Expr x = an->Simplify(a), y = an->Simplify(b);
  if (ir::StructuralEqual(x, y)) return true;
  return x.dtype().is_integer() && y.dtype().is_integer() &&
         an->CanProve(
             ir::eq(ir::cast(ir::DataType::Int(64), x), ir::cast(ir::DataType::Int(64), y)));
}

std::string ShapeText(const std::vector<Expr>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + ExprText(shape[i]);
  return s + "]";
}

std::string RegionText(const ir::Region& region) {
  std::string s = "[";
  for (size_t i = 0; i < region.size(); ++i) s += (i ? ", " : "") + ExprText(region[i].extent);
  return s + "]";
}

// The stage's body written in the intrinsic's terms (TVM's TensorIntrinMatcher): the
// axes inside the region become the intrinsic's axes offset by the region's start,
// axes outside it their single value, loads of the inputs the intrinsic's inputs
// rebased to the region, reduce axes the intrinsic's.
class TensorIntrinMatcher : public ir::IRMutator {
 public:
  explicit TensorIntrinMatcher(arith::Analyzer* a) : a_(a) {}

  Status Init(const Stage& stage, const te::ComputeOpNode* c, const TensorizeRegion& r,
              const te::TensorIntrin& intrin) {
    renaming_ = true;
    auto* ic = dynamic_cast<const te::ComputeOpNode*>(intrin->op.get());
    std::vector<te::Tensor> inputs = c->InputTensors();
    if (inputs.size() != intrin->inputs.size())
      return Fail(stage, r.tloc, intrin,
                  stage->name() + " reads " + std::to_string(inputs.size()) +
                      " tensors but the intrinsic reads " + std::to_string(intrin->inputs.size()));
    for (size_t i = 0; i < inputs.size(); ++i) {
      const te::Tensor& want = intrin->inputs[i];
      const ir::Region& region = r.in_region[i];
      if (region.size() < want.ndim())
        return Fail(stage, r.tloc, intrin,
                    "input " + inputs[i].name() + " has " + std::to_string(region.size()) +
                        " dimensions, the intrinsic's " + want.name() + " " +
                        std::to_string(want.ndim()));
      size_t start = region.size() - want.ndim();
      for (size_t d = 0; d < region.size(); ++d) {
        Expr expected = d < start ? ir::make_const(region[d].extent.dtype(), int64_t{1})
                                  : want->shape[d - start];
        if (!SameExtent(a_, region[d].extent, expected))
          return Fail(stage, r.tloc, intrin,
                      "input " + inputs[i].name() + ": the region under the loop has shape " +
                          RegionText(region) + " but the intrinsic's " + want.name() +
                          " has shape " + ShapeText(want->shape));
      }
      inputs_[inputs[i]->op.get()] = {want, region, start, inputs[i]->value_index};
    }
    if (Status s = MapAxes(stage, r, intrin, c->axis, ic->axis, "axis"); !s) return s;
    return MapAxes(stage, r, intrin, c->reduce_axis, ic->reduce_axis, "reduce axis");
  }

 protected:
  Expr VisitVar(const ir::VarNode* n, const Expr& e) override {
    for (const auto& [var, value] : var_remap_)
      if (var.get() == n) return value;
    return e;
  }

  Expr VisitProducerLoad(const ir::ProducerLoadNode* n, const Expr& e) override {
    Expr visited = IRMutator::VisitProducerLoad(n, e);
    auto* load = visited.as<ir::ProducerLoadNode>();
    te::Tensor t = te::Tensor::from(load->producer);
    auto it = t.defined() ? inputs_.find(t->op.get()) : inputs_.end();
    if (it == inputs_.end() || it->second.value_index != t->value_index) {
      std::vector<Expr> indices;
      for (const Expr& i : load->indices) indices.push_back(a_->Simplify(i));
      return ir::MakeProducerLoad(load->producer, indices);
    }
    const Input& in = it->second;
    std::vector<Expr> indices;
    for (size_t d = in.start; d < in.region.size() && d < load->indices.size(); ++d)
      indices.push_back(a_->Simplify(load->indices[d] - in.region[d].min));
    return in.tensor(indices);
  }

  // if_then_else(c, a, b) is compared as Select(c, a, b): Tessera's cache_write guards a
  // relaid-out tail with if_then_else (it reads the inputs only where c holds) where
  // TVM writes a Select, and an intrinsic declared for TVM's cache stage uses Select
  // (test_te_schedule_tensorize.py check_cache_write). As values they are the same; the
  // matched body is only compared, never lowered.
  Expr VisitCall(const ir::CallNode* n, const Expr& e) override {
    Expr visited = IRMutator::VisitCall(n, e);
    auto* call = visited.as<ir::CallNode>();
    if (call && call->op == "if_then_else" && call->args.size() == 3)
      return ir::MakeSelect(call->args[0], call->args[1], call->args[2]);
    return visited;
  }

  Expr VisitReduce(const ir::ReduceNode* n, const Expr& e) override {
    Expr visited = IRMutator::VisitReduce(n, e);
    auto* red = visited.as<ir::ReduceNode>();
    // Reduce axes outside the region (extent 1) drop out; without Init (the
    // intrinsic's own body) the axes stay.
    std::vector<IterVar> axis = red->axis;
    if (renaming_) {
      axis.clear();
      for (const IterVar& iv : red->axis)
        if (auto it = axis_remap_.find(iv); it != axis_remap_.end()) axis.push_back(it->second);
    }
    std::vector<Expr> source;
    for (const Expr& s : red->source) source.push_back(a_->Simplify(s));
    return ir::MakeReduce(red->combiner, source, axis, a_->Simplify(red->condition),
                          red->value_index);
  }

 private:
  struct Input {
    te::Tensor tensor;  // the intrinsic's
    ir::Region region;
    size_t start = 0;  // leading dimensions of extent 1 the intrinsic does not have
    int value_index = 0;
  };
  arith::Analyzer* a_;
  bool renaming_ = false;
  std::unordered_map<const te::OperationNode*, Input> inputs_;
  std::vector<std::pair<ir::Var, Expr>> var_remap_;
  std::unordered_map<IterVar, IterVar> axis_remap_;

  Status MapAxes(const Stage& stage, const TensorizeRegion& r, const te::TensorIntrin& intrin,
                 const std::vector<IterVar>& mine, const std::vector<IterVar>& theirs,
                 const std::string& kind) {
    if (mine.size() < theirs.size())
      return Fail(stage, r.tloc, intrin,
                  stage->name() + " has " + std::to_string(mine.size()) + " " + kind +
                      "(es) but the intrinsic has " + std::to_string(theirs.size()));
    size_t start = mine.size() - theirs.size();
    for (size_t i = 0; i < mine.size(); ++i) {
      const ir::Range& range = r.out_dom.at(mine[i]);
      if (i < start) {
        if (!SameExtent(a_, range.extent, ir::make_const(range.extent.dtype(), int64_t{1})))
          return Fail(stage, r.tloc, intrin,
                      kind + " " + mine[i]->var.name() + " covers " + ExprText(range.extent) +
                          " iterations inside the region; the intrinsic has no such " + kind +
                          " (split it so that the part inside has extent 1)");
        var_remap_.emplace_back(mine[i]->var, range.min);
        continue;
      }
      const IterVar& target = theirs[i - start];
      if (!SameExtent(a_, range.extent, target->dom.extent))
        return Fail(stage, r.tloc, intrin,
                    kind + " " + mine[i]->var.name() + " has extent " + ExprText(range.extent) +
                        " inside the region but the intrinsic's " + target->var.name() +
                        " has extent " + ExprText(target->dom.extent));
      var_remap_.emplace_back(mine[i]->var, target->var + range.min);
      axis_remap_[mine[i]] = target;
      a_->Bind(target->var, target->dom, true);
    }
    return Status::Ok();
  }
};

// The predicates of non-dividing splits may only read loops outside the region (TVM's
// VerifyTensorizeLoopNest).
Status VerifyTensorizeLoopNest(const Stage& stage, const RangeMap& rmap, size_t tloc,
                               const te::TensorIntrin& intrin, arith::Analyzer* a) {
  LoopNest nest = MakeLoopNest(stage, rmap, false);
  PassUpIndex(stage, rmap, &nest.values);
  std::unordered_set<const ir::VarNode*> inner;
  for (size_t i = tloc; i < stage->leaf_iter_vars.size(); ++i) {
    const IterVar& iv = stage->leaf_iter_vars[i];
    inner.insert(static_cast<const ir::VarNode*>(iv->var.get()));
  }
  for (const Expr& pred : MakeBoundCheck(stage, rmap, nest.values, a))
    if (ir::UsesVar(pred, [&](const ir::VarNode* v) { return inner.count(v) != 0; }))
      return Fail(stage, tloc, intrin,
                  "the tail condition " + ExprText(pred) +
                      " (a split that does not divide) depends on a loop inside the region");
  return Status::Ok();
}

Status VerifyStage(const Stage& stage, const RangeMap& rmap) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  size_t tloc = FindTensorized(stage);
  if (tloc == stage->leaf_iter_vars.size()) return Status::Ok();
  te::TensorIntrin intrin = stage->attr(stage->leaf_iter_vars[tloc]).tensor_intrin;
  if (!c) return Fail(stage, tloc, intrin, stage->name() + " is not a te.compute");
  auto* ic = dynamic_cast<const te::ComputeOpNode*>(intrin->op.get());
  if (c->is_reduction() != ic->is_reduction())
    return Fail(stage, tloc, intrin,
                stage->name() + (c->is_reduction() ? " is" : " is not") +
                    " a reduction but the intrinsic's " + intrin->op->name +
                    (ic->is_reduction() ? " is" : " is not"));
  arith::Analyzer a;
  TensorizeRegion region = InferTensorizeRegion(stage, c, rmap, &a);
  if (Status s = VerifyTensorizeLoopNest(stage, rmap, tloc, intrin, &a); !s) return s;
  TensorIntrinMatcher matcher(&a);
  if (Status s = matcher.Init(stage, c, region, intrin); !s) return s;
  if (c->body.size() != ic->body.size())
    return Fail(stage, tloc, intrin,
                stage->name() + " has " + std::to_string(c->body.size()) +
                    " outputs but the intrinsic " + std::to_string(ic->body.size()));
  for (size_t i = 0; i < c->body.size(); ++i) {
    Expr lhs = matcher.VisitExpr(c->body[i]);
    if (!lhs.as<ir::ReduceNode>()) lhs = a.Simplify(lhs);
    // The intrinsic's body goes through the same simplification as the stage's.
    TensorIntrinMatcher same(&a);
    Expr rhs = same.VisitExpr(ic->body[i]);
    if (!rhs.as<ir::ReduceNode>()) rhs = a.Simplify(rhs);
    if (lhs.dtype() != rhs.dtype())
      return Fail(stage, tloc, intrin,
                  "the data types differ: " + stage->name() + " computes " + lhs.dtype().str() +
                      ", the intrinsic " + rhs.dtype().str());
    if (!ir::StructuralEqual(lhs, rhs))
      return Fail(stage, tloc, intrin,
                  "the computation does not match the intrinsic's declaration: " + stage->name() +
                      " computes " + ExprText(lhs) + " there, the intrinsic " + ExprText(rhs));
  }
  size_t common = stage->leaf_iter_vars.size();
  for (size_t i = 0; i < stage->leaf_iter_vars.size(); ++i)
    if (stage->leaf_iter_vars[i]->iter_type == ir::IterVarType::CommReduce) {
      common = i;
      break;
    }
  if (c->is_reduction() && tloc > common) {
    if (!intrin->reduce_update.defined())
      return Fail(stage, tloc, intrin,
                  "the reduction loop " + stage->leaf_iter_vars[common]->var.name() +
                      " is outside the region, so the intrinsic must give a reduce_update "
                      "(return (body, reduce_init, reduce_update))");
    if (!intrin->reduce_init.defined() && !intrin->body.defined())
      return Fail(stage, tloc, intrin,
                  "the intrinsic gives neither reduce_init nor a body to start the reduction");
  } else if (!intrin->body.defined()) {
    return Fail(stage, tloc, intrin,
                "the whole computation is inside the region but the intrinsic has no body");
  }
  return Status::Ok();
}

// buffer_bind_scope attributes binding each intrinsic buffer to its tensor's region.
std::vector<NestWrap> BindNest(const Stage& stage, const te::ComputeOpNode* c,
                               const TensorizeRegion& r, const te::TensorIntrin& intrin,
                               bool inputs, bool outputs) {
  std::vector<NestWrap> nest;
  std::vector<te::Tensor> in = c->InputTensors();
  auto bind = [&nest](const ir::Buffer& b, const te::Tensor& t, const ir::Region& region) {
    std::vector<Expr> mins;
    for (const ir::Range& range : region) mins.push_back(range.min);
    Expr at = t(mins);
    nest.push_back([b, at](Stmt body) { return ir::MakeAttr(b, kBufferBindScope, at, body); });
  };
  if (inputs)
    for (size_t i = 0; i < in.size(); ++i) bind(intrin->buffers[i], in[i], r.in_region[i]);
  if (outputs) {
    ir::Region out;
    for (const IterVar& iv : c->axis) out.push_back(r.out_dom.at(iv));
    for (int k = 0; k < c->num_outputs(); ++k)
      bind(intrin->buffers[in.size() + static_cast<size_t>(k)], te::output_of(stage->op, k), out);
  }
  return nest;
}

Stmt GuardIntrinsicBody(const std::vector<Expr>& preds, Stmt body, arith::Analyzer* a) {
  if (preds.empty()) return body;
  Expr cond = preds[0];
  for (size_t i = 1; i < preds.size(); ++i) cond = ir::logical_and(cond, preds[i]);
  return ir::MakeIf(ir::MakeCall(ir::DataType::Bool(), "likely", {a->Simplify(cond)}), body);
}

ir::VarMap LeafValues(const Stage& stage, const IterVarValueMap& values, size_t end) {
  ir::VarMap vmap;
  for (size_t i = 0; i < end; ++i) {
    const IterVar& iv = stage->leaf_iter_vars[i];
    if (auto it = values.find(iv); it != values.end()) vmap[iv->var] = it->second;
  }
  return vmap;
}

}  // namespace

IterVar TensorizedLeaf(const Stage& stage) {
  size_t tloc = FindTensorized(stage);
  return tloc < stage->leaf_iter_vars.size() ? stage->leaf_iter_vars[tloc] : nullptr;
}

Status VerifyTensorize(const Schedule& normalized, const RangeMap& rmap) {
  for (const Stage& stage : normalized.stages)
    if (TensorizedLeaf(stage))
      if (Status s = VerifyStage(stage, rmap); !s) return s;
  return Status::Ok();
}

Result<TensorizeRegions> InferTensorizeRegions(const Stage& stage, const RangeMap& rmap) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c) return Error("InferTensorizeRegion: " + stage->name() + " is not a te.compute");
  if (FindTensorized(stage) == stage->leaf_iter_vars.size())
    return Error("InferTensorizeRegion: " + stage->name() + " has no tensorized loop");
  for (const IterVar& iv : stage->leaf_iter_vars)
    if (!rmap.count(iv))
      return Error("InferTensorizeRegion: loop " + iv->var.name() + " has no range");
  for (const IterVar& iv : c->root_iter_vars())
    if (!rmap.count(iv))
      return Error("InferTensorizeRegion: axis " + iv->var.name() + " has no range");
  arith::Analyzer a;
  TensorizeRegion r = InferTensorizeRegion(stage, c, rmap, &a);
  TensorizeRegions out;
  out.out_dom = std::move(r.out_dom);
  std::vector<te::Tensor> inputs = c->InputTensors();
  for (size_t i = 0; i < inputs.size(); ++i) out.in_dom.emplace_back(inputs[i], r.in_region[i]);
  return out;
}

Result<std::vector<Expr>> MatchTensorizeBody(const Stage& stage, const TensorizeRegions& regions,
                                             const te::TensorIntrin& intrin) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  if (!c) return Error("MatchTensorizeBody: " + stage->name() + " is not a te.compute");
  if (!intrin) return Error("MatchTensorizeBody: no tensor intrinsic given");
  TensorizeRegion r;
  r.tloc = FindTensorized(stage);
  if (r.tloc == stage->leaf_iter_vars.size())
    return Error("MatchTensorizeBody: " + stage->name() + " has no tensorized loop");
  for (const IterVar& iv : c->root_iter_vars()) {
    auto it = regions.out_dom.find(iv);
    if (it == regions.out_dom.end())
      return Error("MatchTensorizeBody: the region has no range for axis " + iv->var.name());
    r.out_dom[iv] = it->second;
  }
  for (const te::Tensor& t : c->InputTensors()) {
    auto it = std::find_if(regions.in_dom.begin(), regions.in_dom.end(),
                           [&](const auto& entry) { return entry.first.same_as(t); });
    if (it == regions.in_dom.end())
      return Error("MatchTensorizeBody: the region has no entry for input " + t.name());
    r.in_region.push_back(it->second);
  }
  arith::Analyzer a;
  TensorIntrinMatcher matcher(&a);
  if (Status s = matcher.Init(stage, c, r, intrin); !s) return s.error();
  std::vector<Expr> body;
  for (const Expr& b : c->body) body.push_back(matcher.VisitExpr(b));
  return body;
}

Stmt MakeTensorize(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  arith::Analyzer a;
  TensorizeRegion r = InferTensorizeRegion(stage, c, rmap, &a);
  const size_t tloc = r.tloc;
  const auto& leaves = stage->leaf_iter_vars;
  te::TensorIntrin intrin = stage->attr(leaves[tloc]).tensor_intrin;
  auto mark = [&](Stmt body) {
    return ir::MakeAttr(ir::AttrTarget(std::string(intrin->name)), kTensorIntrinScope,
                        ir::StringImm(Where(stage, tloc)), body);
  };

  LoopNest main = MakeLoopNest(stage, rmap, keep_trivial_loop);
  PassUpIndex(stage, rmap, &main.values);
  std::vector<Expr> preds = MakeBoundCheck(stage, rmap, main.values, &a);
  ir::VarMap main_vmap = LeafValues(stage, main.values, tloc);
  std::vector<NestWrap> in_bind = BindNest(stage, c, r, intrin, true, false);
  std::vector<NestWrap> out_bind = BindNest(stage, c, r, intrin, false, true);
  auto bound = [&](const Stmt& s, bool with_inputs) {
    Stmt body = MergeNest(out_bind, s);
    return with_inputs ? MergeNest(in_bind, body) : body;
  };

  size_t common = leaves.size();
  for (size_t i = 0; i < leaves.size(); ++i)
    if (leaves[i]->iter_type == ir::IterVarType::CommReduce) {
      common = i;
      break;
    }
  std::vector<std::vector<NestWrap>> outer(main.levels.begin(),
                                           main.levels.begin() + static_cast<long>(tloc));
  if (!c->is_reduction() || tloc <= common) {
    Stmt body =
        GuardIntrinsicBody(preds, mark(ir::Substitute(bound(intrin->body, true), main_vmap)), &a);
    return MergeNest(outer, body);
  }

  // The reduction is split: its outer reduction loops [common, tloc) run the update.
  std::vector<std::vector<NestWrap>> shared(outer.begin(),
                                            outer.begin() + static_cast<long>(common));
  std::vector<std::vector<NestWrap>> update_nest(outer.begin() + static_cast<long>(common),
                                                 outer.end());
  Stmt update = bound(intrin->reduce_update, true);
  Stmt init_stmt;
  if (intrin->reduce_init.defined()) {
    std::vector<IterVar> skip;
    for (size_t i = common; i < leaves.size(); ++i)
      if (i >= tloc || leaves[i]->iter_type == ir::IterVarType::CommReduce)
        skip.push_back(leaves[i]);
    LoopNest init = MakeLoopNest(stage, rmap, keep_trivial_loop, common, skip, ".init");
    for (size_t i = 0; i < common; ++i) init.values[leaves[i]] = main.values.at(leaves[i]);
    for (const IterVar& iv : skip)
      if (iv->iter_type == ir::IterVarType::CommReduce) init.values[iv] = rmap.at(iv).min;
    ir::VarMap init_vmap = LeafValues(stage, init.values, tloc);
    PassUpIndex(stage, rmap, &init.values);
    std::vector<Expr> init_preds = MakeBoundCheck(stage, rmap, init.values, &a, c->reduce_axis);
    Stmt reset = GuardIntrinsicBody(
        init_preds, mark(ir::Substitute(bound(intrin->reduce_init, false), init_vmap)), &a);
    init_stmt = MergeNest(init.levels, reset);
  } else {
    // No reduce_init: the body (which starts the reduction) on the first step of every
    // outer reduction loop, the update on the others (TVM's TransformUpdate).
    Expr first;
    for (size_t i = common; i < tloc; ++i) {
      if (leaves[i]->iter_type != ir::IterVarType::CommReduce) continue;
      Expr at_min = ir::eq(main.values.at(leaves[i]), rmap.at(leaves[i]).min);
      first = first.defined() ? ir::logical_and(first, at_min) : at_min;
    }
    if (first.defined()) update = ir::MakeIf(a.Simplify(first), bound(intrin->body, true), update);
  }
  update = GuardIntrinsicBody(preds, mark(ir::Substitute(update, main_vmap)), &a);
  return MergeNest(shared, ir::MakeSeq({init_stmt, MergeNest(update_nest, update)}));
}

Status Tensorize(Schedule& sch, Stage stage, IterVar axis, te::TensorIntrin intrin) {
  const std::string what = "tensorize";
  if (Status s = detail::CheckSchedulable(sch, stage, what); !s) return s;
  if (Status s = detail::CheckLeaf(sch, stage, axis, what); !s) return s;
  if (!intrin) return Error("tensorize: no tensor intrinsic given (use te.decl_tensor_intrin)");
  if (!dynamic_cast<const te::ComputeOpNode*>(stage->op.get()))
    return Error("tensorize: " + stage->name() + " is a " + te::op_kind_name(stage->op->kind()) +
                 "; only a te.compute stage can be tensorized");
  if (IterVar other = TensorizedLeaf(stage))
    return Error("tensorize: " + stage->name() + " is already tensorized at loop " +
                 other->var.name() + " (one tensorized loop per stage)");
  if (stage->store_predicate.defined())
    return Error("tensorize: " + stage->name() +
                 " has a store predicate, which an intrinsic cannot honour");
  if (stage->layout)
    return Error("tensorize: " + stage->name() +
                 " has a transformed layout; tensorize the logical layout");
  const auto& leaves = stage->leaf_iter_vars;
  size_t tloc = static_cast<size_t>(std::find(leaves.begin(), leaves.end(), axis) - leaves.begin());
  for (size_t i = tloc; i < leaves.size(); ++i)
    if (IterVar t = stage->attr(leaves[i]).bind_thread)
      return Error("tensorize: loop " + leaves[i]->var.name() + " of " + stage->name() +
                   " is bound to " + t->thread_tag +
                   "; no thread may be bound inside the tensorized region");
  // Check the match now when the bounds can be inferred, so that a script's error is
  // reported at its tensorize line; lowering checks again (later primitives may change it).
  {
    Schedule trial = sch.copy();
    Stage ts = trial.find(stage->name());
    ts->iter_var_attrs[axis].tensor_intrin = intrin;
    Schedule normalized = Normalize(trial);
    if (Result<RangeMap> rmap = InferBound(normalized); rmap)
      if (Status s = VerifyTensorize(normalized, *rmap); !s) return s;
  }
  IterVarRef ref = detail::MakeIterVarRef(sch, stage, axis);
  IterVarAttr& attr = stage->iter_var_attrs[axis];
  attr.annotation = ir::IterVarType::Tensorized;
  attr.tensor_intrin = intrin;
  TraceEntry& recorded = detail::Record(sch, what, stage);
  recorded.iter_vars = {ref};
  recorded.strings["intrin"] = intrin->name;
  recorded.intrin = intrin;
  return Status::Ok();
}

}  // namespace tessera::schedule
