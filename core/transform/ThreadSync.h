// ThreadSync: inserts barriers (`tvm_storage_sync("shared")`, printed by the CUDA
// backend as __syncthreads()) into kernels in launch form (see ThreadLaunch.h) wherever
// threads of a block may communicate through shared memory: before a statement that
// reads a shared buffer written since the last barrier (read after write), or writes
// one read since the last barrier (write after read: the next loop iteration must not
// overwrite a tile that other threads are still reading). Loop-carried conflicts (the
// end of one iteration against the start of the next) put a barrier at the start of
// the loop body.
//
// Two accesses do not conflict when both use the same index expression, that index
// depends on every thread index launched with more than one thread and on no loop or
// let variable inside the kernel: each thread then touches its own element (TVM makes
// the same assumption). Conditions that depend on the thread index are not entered — a
// barrier there would not be reached by every thread; needing one inside is an error.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt ThreadSync(ir::Stmt s, const PassContext& ctx);

// The barrier statement ThreadSync inserts, and whether `s` is one.
ir::Stmt MakeStorageSync();
bool IsStorageSync(const ir::Stmt& s);

}  // namespace tessera::transform
