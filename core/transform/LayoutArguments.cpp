#include "transform/LayoutArguments.h"

#include "schedule/LayoutLowering.h"
#include "transform/Pipeline.h"

namespace tessera::transform {

ir::Buffer PhysicalArgBuffer(const layout::PhysicalTensor& t) {
  ir::Buffer logical = ir::MakeBuffer(t->producer_name(), t->producer_dtype(), t->producer_shape());
  auto b = std::make_shared<ir::BufferNode>(*logical);
  b->axis_separators = t->axis_separators;
  // `layout` stays null: the shape already is the physical one (StorageFlatten refuses
  // buffers that still carry an index map).
  return b;
}

void AddLayoutArgBuffers(const schedule::Schedule& sch, const std::vector<ir::DataProducer>& args,
                         PassContext* ctx) {
  for (const schedule::Stage& s : sch.stages) {
    for (const layout::PhysicalTensor& t : schedule::PhysicalTensorsOf(*s)) {
      for (const ir::DataProducer& arg : args) {
        if (!arg || arg->producer_name() != t->producer_name() || ctx->FindArgBuffer(arg)) continue;
        ctx->arg_buffers.emplace_back(arg, PhysicalArgBuffer(t));
      }
    }
  }
}

Result<PrimFunc> MakePaddingFill(const layout::PhysicalTensor& t) {
  if (!t->pad.has_value())
    return Error(t->producer_name() +
                 " has no pad value; there is nothing to fill its padding with");
  ir::Stmt body = schedule::MakePaddingWrite(t);
  if (!body.defined()) body = ir::MakeEvaluate(0);  // no padding cells
  PassContext ctx;
  ctx.arg_buffers.emplace_back(t, PhysicalArgBuffer(t));
  auto lowered = LowerToPrimFunc(body, {t}, "fill_padding", ctx);
  if (!lowered) return lowered.error();
  return lowered->func;
}

}  // namespace tessera::transform
