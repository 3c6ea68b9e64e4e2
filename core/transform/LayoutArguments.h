// LayoutArguments: the argument buffers of a schedule whose inputs or outputs have a
// layout transform (RFC 0077). Transforming an argument changes the function's
// interface (digest §1.3): the caller passes the tensor in its physical layout. This
// registers, for each such argument, a buffer with the physical shape and the axis
// separators in ctx.arg_buffers, so that LowerToPrimFunc takes the tensor in that form
// and StorageFlatten flattens it group by group. Call it before LowerToPrimFunc with the
// same arguments.
#pragma once

#include <vector>

#include "schedule/Schedule.h"
#include "transform/PassContext.h"
#include "transform/PrimFunc.h"

namespace tessera::transform {

void AddLayoutArgBuffers(const schedule::Schedule& sch, const std::vector<ir::DataProducer>& args,
                         PassContext* ctx);

// The buffer in which a tensor with layout `t` is passed.
ir::Buffer PhysicalArgBuffer(const layout::PhysicalTensor& t);

// A function writing t's pad value into t's padding cells: what the caller of a kernel
// whose input has a pad value must have done to the array it passes (the kernel assumes
// it, RFC 0077 §1.3). Its only buffer parameter is t's argument buffer; an error when t
// has no pad value.
Result<PrimFunc> MakePaddingFill(const layout::PhysicalTensor& t);

}  // namespace tessera::transform
