#include "schedule/LayoutLowering.h"

#include <functional>
#include <map>

#include "arith/Analyzer.h"
#include "arith/IntSet.h"
#include "ir/ExprOp.h"
#include "ir/Functor.h"
#include "layout/PaddingRegions.h"

namespace tessera::schedule {

namespace {

using ir::Stmt;
using layout::PhysicalTensor;

using CellBody = std::function<Stmt(const std::vector<Expr>& physical, const Expr& is_padding)>;

// One loop nest per padding region of `t`, running `body` on each cell of the region
// (with the condition that still selects padding cells in it).
Stmt PaddingLoops(const PhysicalTensor& t, const CellBody& body) {
  std::vector<Stmt> nests;
  const layout::PaddedLayout& l = t->layout;
  for (const layout::PaddingRegion& r : layout::PaddingRegions(l)) {
    std::vector<ir::Var> vars;
    ir::VarMap to_loop;
    for (const ir::Var& p : l.physical_vars) {
      vars.emplace_back(p.name(), p.dtype());
      to_loop[p] = vars.back();
    }
    Stmt s =
        body(std::vector<Expr>(vars.begin(), vars.end()), ir::Substitute(r.condition, to_loop));
    for (size_t k = vars.size(); k-- > 0;)
      s = ir::MakeFor(vars[k], r.box[k].min, r.box[k].extent, ir::ForKind::Serial, s);
    nests.push_back(s);
  }
  return ir::MakeSeq(nests);
}

// The tensors of `sch` that have a layout, by name, and per stage (by the name of its
// first output) all of its outputs.
struct PhysicalTensors {
  std::map<std::string, PhysicalTensor> by_name;
  std::map<std::string, std::vector<PhysicalTensor>> by_stage;
  std::vector<PhysicalTensor> inputs;
};

Result<PhysicalTensors> CollectPhysicalTensors(const Schedule& sch) {
  PhysicalTensors out;
  for (const Stage& s : sch.stages) {
    if (!s->layout) continue;
    if (s->attach_type == AttachType::Inline || s->attach_type == AttachType::InlinedAlready)
      return Error(s->name() + " has a layout transform but is inlined, so it is never stored");
    std::vector<PhysicalTensor> tensors = PhysicalTensorsOf(*s);
    for (const PhysicalTensor& t : tensors) out.by_name[t->producer_name()] = t;
    out.by_stage[te::output_of(s->op, 0).name()] = tensors;
    if (s->is_placeholder()) out.inputs.insert(out.inputs.end(), tensors.begin(), tensors.end());
  }
  return out;
}

class LayoutApplier : public ir::IRMutator {
 public:
  explicit LayoutApplier(const PhysicalTensors& tensors) : tensors_(tensors) {}

 protected:
  Stmt VisitFor(const ir::ForNode* n, const Stmt& s) override {
    if (n->min.dtype().is_scalar() && n->extent.dtype().is_scalar())
      analyzer_.Bind(n->loop_var, ir::Range(n->min, n->extent), /*allow_override=*/true);
    return IRMutator::VisitFor(n, s);
  }

  Expr VisitProducerLoad(const ir::ProducerLoadNode* n, const Expr& e) override {
    Expr r = IRMutator::VisitProducerLoad(n, e);
    auto* l = r.as<ir::ProducerLoadNode>();
    PhysicalTensor t = Find(l->producer);
    return t ? ir::MakeProducerLoad(t, Physical(t, l->indices)) : r;
  }

  Stmt VisitProducerStore(const ir::ProducerStoreNode* n, const Stmt& s) override {
    Stmt r = IRMutator::VisitProducerStore(n, s);
    auto* p = r.as<ir::ProducerStoreNode>();
    PhysicalTensor t = Find(p->producer);
    return t ? ir::MakeProducerStore(t, p->value, Physical(t, p->indices)) : r;
  }

  // A transformed tensor realized whole (an output, a stage at the root) gets its whole
  // physical shape, from 0. One realized over a part of its logical shape (a stage
  // computed at an inner loop: a cache_write accumulator tile) gets the image of that
  // part under the index map, as TVM maps the realize bounds (IndexMap::MapRanges):
  // the whole physical shape there would be an allocation of the full tensor per
  // iteration of the attach loop, which no register allocator can hold.
  Stmt VisitProducerRealize(const ir::ProducerRealizeNode* n, const Stmt& s) override {
    PhysicalTensor t = Find(n->producer);
    if (!t) return IRMutator::VisitProducerRealize(n, s);
    ir::Region region = ImageOfRegion(t, n->bounds);
    if (region.empty())
      for (const Expr& e : t->layout.physical_shape)
        region.emplace_back(ir::make_zero(e.dtype()), e);
    return ir::MakeProducerRealize(t, region, n->condition, VisitStmt(n->body), n->storage_scope);
  }

  // produce B { ... } is followed by the writes of B's padding (RFC 0077 §1.3).
  Stmt VisitAttrStmt(const ir::AttrStmtNode* n, const Stmt& s) override {
    auto* p = std::get_if<ir::DataProducer>(&n->node);
    PhysicalTensor t = p ? Find(*p) : nullptr;
    if (!t) return IRMutator::VisitAttrStmt(n, s);
    Stmt attr = ir::MakeAttr(ir::DataProducer(t), n->key, n->value, VisitStmt(n->body));
    if (n->key != "produce") return attr;
    std::vector<Stmt> seq{attr};
    auto outputs = tensors_.by_stage.find(t->producer_name());
    if (outputs != tensors_.by_stage.end())
      for (const PhysicalTensor& out : outputs->second)
        if (out->pad.has_value()) seq.push_back(MakePaddingWrite(out));
    return ir::MakeSeq(seq);
  }

 private:
  PhysicalTensor Find(const ir::DataProducer& p) const {
    if (!p || layout::AsPhysicalTensor(p)) return nullptr;
    auto it = tensors_.by_name.find(p->producer_name());
    return it == tensors_.by_name.end() ? nullptr : it->second;
  }

  // The physical box covering the logical region `bounds` (empty: realize it whole —
  // the region is the whole tensor, or the tensor has padding that a pad value fills
  // over the whole physical shape, or an end of the image is unbounded).
  ir::Region ImageOfRegion(const PhysicalTensor& t, const ir::Region& bounds) {
    const std::vector<Expr>& shape = t->layout.logical_shape;
    if (t->pad.has_value() || bounds.size() != shape.size()) return {};
    bool whole = true;
    std::vector<Expr> vars;
    arith::IntSetMap dom;
    for (size_t i = 0; i < bounds.size(); ++i) {
      whole = whole && ir::is_zero(analyzer_.Simplify(bounds[i].min)) &&
              analyzer_.CanProveEqual(bounds[i].extent, shape[i]);
      ir::Var v("logical" + std::to_string(i), bounds[i].min.dtype());
      vars.push_back(v);
      dom[v] = arith::IntSet::FromMinExtent(bounds[i].min, bounds[i].extent);
    }
    if (whole) return {};
    ir::Region image;
    for (const Expr& e : t->MapIndices(vars)) {
      arith::IntSet set = arith::EvalSet(e, dom, &analyzer_);
      if (!set.is_bounded()) return {};
      Expr min = analyzer_.Simplify(set.min());
      image.emplace_back(
          min, analyzer_.Simplify(set.max() - min + ir::make_const(min.dtype(), int64_t{1})));
    }
    return image;
  }

  std::vector<Expr> Physical(const PhysicalTensor& t, const std::vector<Expr>& logical) {
    std::vector<Expr> out;
    for (const Expr& e : t->MapIndices(logical)) out.push_back(analyzer_.Simplify(e));
    return out;
  }

  const PhysicalTensors& tensors_;
  arith::Analyzer analyzer_;
};

}  // namespace

Stmt MakePaddingWrite(const PhysicalTensor& t) {
  Stmt loops = PaddingLoops(t, [&](const std::vector<Expr>& idx, const Expr& cond) {
    Stmt store = ir::MakeProducerStore(t, layout::PadValueAt(t, idx), idx);
    return ir::is_one(cond) ? store : ir::MakeIf(cond, store);
  });
  if (!loops.defined()) return loops;
  return ir::MakeAttr(ir::DataProducer(t), "padding_write", ir::StringImm(t->pad.str()), loops);
}

Stmt MakePaddingAssumption(const PhysicalTensor& t) {
  return PaddingLoops(t, [&](const std::vector<Expr>& idx, const Expr& cond) {
    Expr holds = ir::eq(ir::MakeProducerLoad(t, idx), layout::PadValueAt(t, idx));
    Expr fact = ir::is_one(cond) ? holds : ir::logical_or(ir::logical_not(cond), holds);
    return ir::MakeEvaluate(ir::MakeCall(ir::DataType::Bool(), kAssumeIntrinsic, {fact}));
  });
}

Result<Stmt> ApplyLayoutTransforms(const Schedule& sch, const Stmt& program) {
  Result<PhysicalTensors> tensors = CollectPhysicalTensors(sch);
  if (!tensors) return tensors.error();
  if (tensors->by_name.empty()) return program;
  Stmt body = LayoutApplier(*tensors).VisitStmt(program);
  std::vector<Stmt> seq;
  for (const PhysicalTensor& t : tensors->inputs)
    if (t->pad.has_value()) seq.push_back(MakePaddingAssumption(t));
  seq.push_back(body);
  return ir::MakeSeq(seq);
}

}  // namespace tessera::schedule
