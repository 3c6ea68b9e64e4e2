#include "schedule/StageLayout.h"

#include "layout/StorageAlign.h"
#include "schedule/Schedule.h"
#include "te/Operation.h"

namespace tessera::schedule {

std::vector<layout::PhysicalTensor> PhysicalTensorsOf(const StageNode& stage) {
  std::vector<layout::PhysicalTensor> out;
  if (!stage.layout) return out;
  for (int k = 0; k < stage.op->num_outputs(); ++k) {
    out.push_back(layout::MakePhysicalTensor(
        te::output_of(stage.op, k).producer(), stage.layout->padded, stage.layout->pad_value,
        stage.layout->axis_separators, stage.is_placeholder()));
  }
  return out;
}

namespace {

// storage_align's alignments of `stage`'s output dimensions (empty: none aligned).
std::vector<layout::DimAlign> DimAlignsOf(const StageNode& stage) {
  std::vector<layout::DimAlign> aligns;
  auto* c = dynamic_cast<const te::ComputeOpNode*>(stage.op.get());
  if (!c) return aligns;
  for (size_t d = 0; d < c->axis.size(); ++d) {
    auto attr = stage.iter_var_attrs.find(c->axis[d]);
    if (attr == stage.iter_var_attrs.end() || attr->second.align_factor == 0) continue;
    aligns.resize(c->axis.size());
    aligns[d] = layout::DimAlign{attr->second.align_factor, attr->second.align_offset};
  }
  return aligns;
}

}  // namespace

std::vector<BufferLayoutSummary> Schedule::buffer_layouts() const {
  std::vector<BufferLayoutSummary> out;
  for (const Stage& s : stages) {
    // An aligned stage's buffer over its whole shape, with the padded strides lowering
    // gives it (a region realized at an inner loop has the same row strides when its
    // inner extents are the tensor's). One whose layout cannot be analysed is not listed.
    if (const std::vector<layout::DimAlign> aligns = DimAlignsOf(*s);
        !s->layout && !aligns.empty()) {
      for (int k = 0; k < s->op->num_outputs(); ++k) {
        te::Tensor t = te::output_of(s->op, k);
        auto aligned = layout::AlignedLayout(t->shape, aligns);
        if (aligned.ok()) out.push_back({t.name(), t->dtype, *aligned, layout::PadValue{}, {}});
      }
      continue;
    }
    if (!s->layout) continue;
    for (int k = 0; k < s->op->num_outputs(); ++k) {
      te::Tensor t = te::output_of(s->op, k);
      out.push_back({t.name(), t->dtype, s->layout->padded, s->layout->pad_value,
                     s->layout->axis_separators});
    }
  }
  return out;
}

}  // namespace tessera::schedule
