// StageLayout: the layout transform recorded on a stage by transform_layout (RFC 0077,
// shared/seeds/rfc0077-digest.md §1.1-1.3): the index map from logical to physical
// indices, what the padding holds, how the physical axes flatten, and the derived
// physical shape and padding predicate. Lowering stores the stage's outputs (or, for a
// placeholder, reads the input) through PhysicalTensors built from it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/Buffer.h"
#include "layout/PadValue.h"
#include "layout/PaddedLayout.h"
#include "layout/PhysicalTensor.h"

namespace tessera::schedule {

struct StageNode;

struct StageLayout {
  ir::IndexMap index_map;
  layout::PadValue pad_value;
  std::vector<int> axis_separators;
  layout::PaddedLayout padded;  // over the stage's output shape
};

// The physical tensor of every output of `stage` (empty when it has no layout).
std::vector<layout::PhysicalTensor> PhysicalTensorsOf(const StageNode& stage);

// A buffer layout as the views and `tessera-cli layout` show it.
struct BufferLayoutSummary {
  std::string name;  // the tensor ("A")
  ir::DataType dtype;
  layout::PaddedLayout layout;
  layout::PadValue pad_value;
  std::vector<int> axis_separators;
};

}  // namespace tessera::schedule
