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

namespace tessera::transform {

void AddLayoutArgBuffers(const schedule::Schedule& sch, const std::vector<ir::DataProducer>& args,
                         PassContext* ctx);

// The buffer in which a tensor with layout `t` is passed.
ir::Buffer PhysicalArgBuffer(const layout::PhysicalTensor& t);

}  // namespace tessera::transform
