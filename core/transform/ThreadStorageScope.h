// ThreadStorageScope: allocations inside loops bound to GPU indices that kept the
// default ("global") scope get the scope their position implies, as GPU storage
// flattening places them: inside blockIdx loops only, "shared" (one copy per block);
// inside a threadIdx loop, "local" (one copy per thread). InferBound computed their
// regions with the same rule (schedule::InferStorageScope), so the allocation is as
// large as one block's / one thread's share. Buffers accessing the allocation take the
// new scope too. Allocations outside thread loops are untouched.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt ThreadStorageScope(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
