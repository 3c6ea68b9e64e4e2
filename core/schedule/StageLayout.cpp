#include "schedule/StageLayout.h"

#include "schedule/Schedule.h"

namespace tessera::schedule {

std::vector<layout::PhysicalTensor> PhysicalTensorsOf(const StageNode& stage) {
  std::vector<layout::PhysicalTensor> out;
  if (!stage.layout) return out;
  for (int k = 0; k < stage.op->num_outputs(); ++k) {
    out.push_back(layout::MakePhysicalTensor(te::output_of(stage.op, k).producer(), stage.layout->padded,
                                             stage.layout->pad_value, stage.layout->axis_separators,
                                             stage.is_placeholder()));
  }
  return out;
}

std::vector<BufferLayoutSummary> Schedule::buffer_layouts() const {
  std::vector<BufferLayoutSummary> out;
  for (const Stage& s : stages) {
    if (!s->layout) continue;
    for (int k = 0; k < s->op->num_outputs(); ++k) {
      te::Tensor t = te::output_of(s->op, k);
      out.push_back({t.name(), t->dtype, s->layout->padded, s->layout->pad_value, s->layout->axis_separators});
    }
  }
  return out;
}

}  // namespace tessera::schedule
