#include "schedule/ScheduleOps.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/AttachLegality.h"
#include "schedule/LayoutLowering.h"
#include "schedule/MakeLoopNest.h"
#include "schedule/Normalize.h"
#include "schedule/ScanLowering.h"
#include "schedule/Tensorize.h"
#include "te/Extern.h"

namespace tessera::schedule {

namespace {

using ir::Stmt;

ir::Region ExternWholeRegion(const std::vector<Expr>& shape) {
  ir::Region region;
  for (const Expr& d : shape) region.push_back(ir::Range(ir::make_zero(d.dtype()), d));
  return region;
}

// An extern stage's statement, reading and writing the realized tensors (TVM's
// ExternOpNode::BuildProvide marks it extern_scope).
Stmt MakeExternStageStmt(const Stage& stage) {
  return ir::MakeAttr(te::output_of(stage->op, 0).producer(), "extern_scope", 0,
                      te::ExternBodyOnTensors(stage->op));
}

// realize_scope attr + realize of every output of `stage` around `body`.
Stmt MakeRealize(const Stage& stage, const RangeMap& rmap, Stmt body) {
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage->op.get());
  auto* scan = dynamic_cast<const te::ScanOpNode*>(stage->op.get());
  ir::Region bounds;
  bool whole = stage->op->kind() == te::OpKind::Extern;  // TVM's ExternOpNode::BuildRealize
  if (c)
    for (const IterVar& iv : c->axis) bounds.push_back(rmap.at(iv));
  for (int k = stage->op->num_outputs() - 1; k >= 0; --k) {
    if (scan) bounds = ScanRealizeBounds(*scan, rmap, static_cast<size_t>(k));
    if (whole) bounds = ExternWholeRegion(stage->op->output_shape(k));
    ir::DataProducer t = te::output_of(stage->op, k).producer();
    body = ir::MakeProducerRealize(t, bounds, Expr(), body, stage->scope);
    // storage_align: one attr per aligned dimension, tvm_tuple(dim, factor, offset), as
    // TVM's BuildRealize; StorageFlatten pads that dimension's stride.
    if (c)
      for (size_t d = 0; d < c->axis.size(); ++d) {
        auto attr = stage->iter_var_attrs.find(c->axis[d]);
        if (attr == stage->iter_var_attrs.end() || attr->second.align_factor == 0) continue;
        body = ir::MakeAttr(
            t, "buffer_dim_align",
            ir::MakeCall(ir::DataType::Handle(), "tir.tvm_tuple",
                         {ir::make_const(ir::DataType::Int(32), static_cast<int64_t>(d)),
                          ir::make_const(ir::DataType::Int(32), attr->second.align_factor),
                          ir::make_const(ir::DataType::Int(32), attr->second.align_offset)},
                         ir::CallKind::Intrinsic),
            body);
      }
    body = ir::MakeAttr(t, "realize_scope", ir::StringImm(stage->scope), body);
  }
  return body;
}

// realize S { produce S { loops }; consumer }
Stmt MakePipeline(const Stage& stage, const RangeMap& rmap, const Stmt& consumer,
                  const ScheduleOpsOptions& options) {
  auto* scan = dynamic_cast<const te::ScanOpNode*>(stage->op.get());
  Stmt compute = scan ? MakeScanStmt(stage, *scan, rmap, options.debug_keep_trivial_loop)
                 : stage->op->kind() == te::OpKind::Extern
                     ? MakeExternStageStmt(stage)
                     : MakeComputeStmt(stage, rmap, options.debug_keep_trivial_loop);
  Stmt produce = ir::MakeAttr(te::output_of(stage->op, 0).producer(), "produce", 1, compute);
  Stmt pipeline = consumer.defined() ? ir::MakeSeq({produce, consumer}) : produce;
  return MakeRealize(stage, rmap, pipeline);
}

// Puts `stage`'s pipeline at the start of the body of its attach loop.
class InjectAttach : public ir::IRMutator {
 public:
  InjectAttach(const Stage& stage, const RangeMap& rmap, const ScheduleOpsOptions& options)
      : stage_(stage), rmap_(rmap), options_(options) {}
  bool found = false;

 protected:
  Stmt VisitAttrStmt(const ir::AttrStmtNode* n, const Stmt& s) override {
    const IterVar* iv = std::get_if<IterVar>(&n->node);
    if (n->key == "loop_scope" && iv && *iv == stage_->attach_ivar && !found) {
      found = true;
      return ir::MakeAttr(n->node, n->key, n->value,
                          MakePipeline(stage_, rmap_, n->body, options_));
    }
    return IRMutator::VisitAttrStmt(n, s);
  }

 private:
  const Stage& stage_;
  const RangeMap& rmap_;
  const ScheduleOpsOptions& options_;
};

// Puts `stage`'s pipeline inside the scan marker `key` of `scan` (TVM's InjectScanStep).
class InjectScanStep : public ir::IRMutator {
 public:
  InjectScanStep(const Stage& stage, const te::Operation& scan, const char* key,
                 const RangeMap& rmap, const ScheduleOpsOptions& options)
      : stage_(stage), node_(ScanMarkerNode(scan)), key_(key), rmap_(rmap), options_(options) {}
  bool found = false;

 protected:
  Stmt VisitAttrStmt(const ir::AttrStmtNode* n, const Stmt& s) override {
    const ir::DataProducer* p = std::get_if<ir::DataProducer>(&n->node);
    if (n->key == key_ && p && *p == node_ && !found) {
      found = true;
      return ir::MakeAttr(n->node, n->key, n->value,
                          MakePipeline(stage_, rmap_, n->body, options_));
    }
    return IRMutator::VisitAttrStmt(n, s);
  }

 private:
  const Stage& stage_;
  ir::DataProducer node_;
  const char* key_;
  const RangeMap& rmap_;
  const ScheduleOpsOptions& options_;
};

// Injects a scan's init stage or a stage of its update group at the scan's marker.
Result<Stmt> InjectIntoScan(const Schedule& sch, const Stage& s, const Stmt& body,
                            const RangeMap& rmap, const ScheduleOpsOptions& options) {
  bool init = s->attach_type != AttachType::ScanUpdate;
  te::Operation scan = init ? ScanOfInit(sch, s)->op : s->attach_stage->op;
  InjectScanStep inject(s, scan, init ? kScanInitScope : kScanUpdateScope, rmap, options);
  Stmt injected = body.defined() ? inject.VisitStmt(body) : body;
  if (!inject.found)
    return Error("cannot find where " + s->name() + " runs in scan " + scan->name + " (its " +
                 (init ? "init" : "update") + ")");
  return injected;
}

// Removes the loop_scope markers once every stage is in place.
class RemoveLoopScope : public ir::IRMutator {
 protected:
  Stmt VisitAttrStmt(const ir::AttrStmtNode* n, const Stmt& s) override {
    if (n->key == "loop_scope") return VisitStmt(n->body);
    return IRMutator::VisitAttrStmt(n, s);
  }
};

}  // namespace

Result<Stmt> ScheduleOps(const Schedule& sch, const RangeMap& rmap,
                         const ScheduleOpsOptions& options) {
  if (Status st = VerifyTensorize(sch, rmap); !st) return st.error();
  Stmt body;
  for (auto it = sch.stages.rbegin(); it != sch.stages.rend(); ++it) {
    const Stage& s = *it;
    if (s->is_placeholder() || s->attach_type == AttachType::InlinedAlready) continue;
    if (s->attach_type == AttachType::Inline)
      return Error("ScheduleOps needs a normalized schedule (" + s->name() + " is inline)");
    if (s->attach_type == AttachType::ScanUpdate ||
        (s->attach_type == AttachType::GroupRoot && ScanOfInit(sch, s))) {
      Result<Stmt> injected = InjectIntoScan(sch, s, body, rmap, options);
      if (!injected) return injected.error();
      body = *injected;
      continue;
    }
    if (s->attach_type != AttachType::Scope) {
      body = MakePipeline(s, rmap, body, options);
      continue;
    }
    InjectAttach inject(s, rmap, options);
    Stmt injected = body.defined() ? inject.VisitStmt(body) : body;
    if (!inject.found)
      return Error("cannot find the loop " + s->attach_ivar->var.name() + " of " +
                   s->attach_stage->name() + " where " + s->name() + " is computed");
    body = injected;
  }
  if (!body.defined()) return Error("the schedule has nothing to compute");
  return ApplyLayoutTransforms(sch, ScanPostProc(sch, RemoveLoopScope().VisitStmt(body)));
}

Result<Stmt> Lower(const Schedule& sch, const ScheduleOpsOptions& options) {
  Schedule normalized = Normalize(sch);
  if (Status st = CheckAttachPoints(normalized); !st) return st.error();
  Result<RangeMap> rmap = InferBound(normalized, options.bound);
  if (!rmap) return rmap.error();
  return ScheduleOps(normalized, *rmap, options);
}

}  // namespace tessera::schedule
