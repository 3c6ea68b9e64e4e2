#include "schedule/ScanLowering.h"

#include <unordered_map>

#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "schedule/MakeLoopNest.h"

namespace tessera::schedule {

using ir::Stmt;

ir::DataProducer ScanMarkerNode(const te::Operation& scan) {
  return te::output_of(scan, 0).producer();
}

Stmt MakeScanStmt(const Stage& stage, const te::ScanOpNode& scan, const RangeMap& rmap,
                  bool keep_trivial_loop) {
  ir::DataProducer node = ScanMarkerNode(stage->op);
  Stmt init = ir::MakeAttr(node, kScanInitScope, 0, ir::MakeEvaluate(0));
  Stmt update = ir::MakeAttr(node, kScanUpdateScope, scan.scan_axis->var, ir::MakeEvaluate(0));
  LoopNest nest = MakeLoopNest(stage, rmap, keep_trivial_loop);
  return ir::MakeSeq({init, MergeNest(nest.levels, update)});
}

ir::Region ScanRealizeBounds(const te::ScanOpNode& scan, const RangeMap& rmap, size_t i) {
  const ir::Range& t = rmap.at(scan.scan_axis);
  Expr end = t.min + t.extent;
  ir::Region bounds{ir::Range(ir::make_zero(end.dtype()), end)};
  for (const IterVar& iv : scan.spatial_axes_of(i)) bounds.push_back(rmap.at(iv));
  return bounds;
}

Stage ScanOfInit(const Schedule& sch, const Stage& stage) {
  for (const Stage& s : sch.stages) {
    auto* scan = dynamic_cast<const te::ScanOpNode*>(s->op.get());
    if (!scan) continue;
    for (const te::Tensor& t : scan->init)
      if (t.op() == stage->op) return s;
  }
  return nullptr;
}

namespace {

using ProducerMap = std::unordered_map<const ir::DataProducerNode*, ir::DataProducer>;

class ScanRedirect : public ir::IRMutator {
 public:
  ScanRedirect(ProducerMap redirect, std::unordered_map<const ir::DataProducerNode*, bool> dropped)
      : redirect_(std::move(redirect)), dropped_(std::move(dropped)) {}

 protected:
  Expr VisitProducerLoad(const ir::ProducerLoadNode* n, const Expr& e) override {
    Expr visited = IRMutator::VisitProducerLoad(n, e);
    auto* load = visited.as<ir::ProducerLoadNode>();
    auto it = redirect_.find(load->producer.get());
    return it == redirect_.end() ? visited : ir::MakeProducerLoad(it->second, load->indices);
  }
  Stmt VisitProducerStore(const ir::ProducerStoreNode* n, const Stmt& s) override {
    Stmt visited = IRMutator::VisitProducerStore(n, s);
    auto* store = visited.as<ir::ProducerStoreNode>();
    auto it = redirect_.find(store->producer.get());
    return it == redirect_.end() ? visited
                                 : ir::MakeProducerStore(it->second, store->value, store->indices);
  }
  Stmt VisitProducerRealize(const ir::ProducerRealizeNode* n, const Stmt& s) override {
    if (dropped_.count(n->producer.get())) return VisitStmt(n->body);
    return IRMutator::VisitProducerRealize(n, s);
  }
  Stmt VisitAttrStmt(const ir::AttrStmtNode* n, const Stmt& s) override {
    if (n->key == kScanInitScope || n->key == kScanUpdateScope) return VisitStmt(n->body);
    const ir::DataProducer* p = std::get_if<ir::DataProducer>(&n->node);
    if (p && dropped_.count(p->get())) return VisitStmt(n->body);
    return IRMutator::VisitAttrStmt(n, s);
  }

 private:
  ProducerMap redirect_;
  std::unordered_map<const ir::DataProducerNode*, bool> dropped_;
};

}  // namespace

Stmt ScanPostProc(const Schedule& sch, const Stmt& program) {
  ProducerMap redirect;
  std::unordered_map<const ir::DataProducerNode*, bool> dropped;
  for (const Stage& s : sch.stages) {
    auto* scan = dynamic_cast<const te::ScanOpNode*>(s->op.get());
    if (!scan) continue;
    for (size_t i = 0; i < scan->update.size(); ++i) {
      ir::DataProducer out = te::output_of(s->op, static_cast<int>(i)).producer();
      for (const te::Tensor* t : {&scan->init[i], &scan->update[i], &scan->state_placeholder[i]}) {
        redirect[t->get()] = out;
        if (t != &scan->state_placeholder[i]) dropped[t->get()] = true;
      }
    }
  }
  if (redirect.empty()) return program;
  return ScanRedirect(std::move(redirect), std::move(dropped)).VisitStmt(program);
}

}  // namespace tessera::schedule
