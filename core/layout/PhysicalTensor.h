// PhysicalTensor: a tensor in its transformed (physical) layout, as the lowered loop
// program addresses it once transform_layout has been applied (RFC 0077). It is a
// DataProducer like a te::Tensor — same name, same element type, the physical shape — so
// that realize, storage flattening and argument binding treat it as an ordinary tensor,
// and it carries what the padding passes need to know: the layout (index map, padding
// predicate), the pad value and the axis separators.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/Expr.h"
#include "layout/PadValue.h"
#include "layout/PaddedLayout.h"

namespace tessera::layout {

struct PhysicalTensorNode : ir::DataProducerNode {
  ir::DataProducer logical;  // the tensor the compute definitions read and write
  PaddedLayout layout;
  PadValue pad;
  std::vector<int> axis_separators;
  bool is_input = false;  // a placeholder: its padding facts hold from the start

  std::string producer_name() const override { return logical->producer_name(); }
  std::vector<ir::Expr> producer_shape() const override { return layout.physical_shape; }
  ir::DataType producer_dtype() const override { return logical->producer_dtype(); }

  // The physical indices of logical access `indices` (the index map applied).
  std::vector<ir::Expr> MapIndices(const std::vector<ir::Expr>& indices) const;
  // True exactly when physical index `physical` is a padding cell (undefined when the
  // map has no symbolic inverse).
  ir::Expr IsPadding(const std::vector<ir::Expr>& physical) const;
};
using PhysicalTensor = std::shared_ptr<const PhysicalTensorNode>;

// The pad value of `t` at `physical`, its reads of the buffer itself going to `t`
// (undefined unless t->pad.has_value()).
ir::Expr PadValueAt(const PhysicalTensor& t, const std::vector<ir::Expr>& physical);

PhysicalTensor MakePhysicalTensor(ir::DataProducer logical, PaddedLayout layout, PadValue pad,
                                  std::vector<int> axis_separators, bool is_input);

// The PhysicalTensorNode behind `producer`, or nullptr.
const PhysicalTensorNode* AsPhysicalTensor(const ir::DataProducer& producer);

}  // namespace tessera::layout
