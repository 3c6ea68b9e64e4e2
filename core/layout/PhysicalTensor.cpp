#include "layout/PhysicalTensor.h"

#include "ir/ExprOp.h"
#include "ir/Functor.h"

namespace tessera::layout {

using namespace ir;

std::vector<Expr> PhysicalTensorNode::MapIndices(const std::vector<Expr>& indices) const {
  VarMap vmap;
  const auto& initial = layout.map->initial_indices;
  for (size_t k = 0; k < initial.size() && k < indices.size(); ++k) vmap[initial[k]] = indices[k];
  std::vector<Expr> out;
  for (const Expr& f : layout.map->final_indices) out.push_back(Substitute(f, vmap));
  return out;
}

Expr PhysicalTensorNode::IsPadding(const std::vector<Expr>& physical) const {
  if (!layout.padding_predicate.defined()) return Expr();
  VarMap vmap;
  for (size_t k = 0; k < layout.physical_vars.size() && k < physical.size(); ++k)
    vmap[layout.physical_vars[k]] = physical[k];
  return Substitute(layout.padding_predicate, vmap);
}

namespace {

// Loads of the logical tensor inside a pad value address the physical buffer.
class RedirectSelfLoads : public IRMutator {
 public:
  RedirectSelfLoads(std::string name, DataProducer physical)
      : name_(std::move(name)), physical_(std::move(physical)) {}

 protected:
  Expr VisitProducerLoad(const ProducerLoadNode* n, const Expr& e) override {
    Expr r = IRMutator::VisitProducerLoad(n, e);
    auto* l = r.as<ProducerLoadNode>();
    if (l->producer->producer_name() != name_ || l->producer == physical_) return r;
    return MakeProducerLoad(physical_, l->indices);
  }

 private:
  std::string name_;
  DataProducer physical_;
};

}  // namespace

PhysicalTensor MakePhysicalTensor(DataProducer logical, PaddedLayout layout, PadValue pad,
                                  std::vector<int> axis_separators, bool is_input) {
  auto node = std::make_shared<PhysicalTensorNode>();
  node->logical = std::move(logical);
  node->layout = std::move(layout);
  node->pad = std::move(pad);
  node->axis_separators = std::move(axis_separators);
  node->is_input = is_input;
  return node;
}

Expr PadValueAt(const PhysicalTensor& t, const std::vector<Expr>& physical) {
  Expr v = t->pad.At(physical, t->producer_dtype());
  if (!v.defined()) return v;
  return RedirectSelfLoads(t->producer_name(), t).VisitExpr(v);
}

const PhysicalTensorNode* AsPhysicalTensor(const DataProducer& producer) {
  return dynamic_cast<const PhysicalTensorNode*>(producer.get());
}

}  // namespace tessera::layout
