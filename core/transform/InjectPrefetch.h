// InjectPrefetch: the prefetches of schedule::Prefetch (TVM's InjectPrefetch and the
// Prefetch lowering of its StorageFlatten, in one pass before ours).
//
// ScheduleOps leaves an AttrStmt "prefetch_scope" (node: the tensor, value: the offset)
// around the body of the prefetching loop. Each iteration i of that loop then first
// prefetches the box of the tensor that the body reads in iteration i + offset: the
// box's outer dimensions in nested loops, and along its innermost dimension one
// prefetch(tensor[...]) per cache line (innermost dimensions smaller than a line merge
// into it, as in TVM). Unlike TVM the box is clamped to the tensor's shape, so the last
// iterations touch nothing past its end. A prefetch is a hint: where the body does not
// read the tensor (a cache_read or compute_inline took its reads) or reads it where the
// interval rules cannot bound, the attribute goes and nothing is prefetched.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

// The call's name: prefetch(load), where `load` is the first element of the cache line
// (a ProducerLoad here, a BufferLoad after StorageFlatten); it reads nothing.
inline constexpr const char* kPrefetch = "prefetch";
// The bytes one prefetch brings in (TVM's cache_line_size).
inline constexpr int kPrefetchLineBytes = 64;

ir::Stmt InjectPrefetch(ir::Stmt s, const PassContext& ctx);

// Whether `e` is a prefetch call (which only backends that prefetch emit).
bool IsPrefetch(const ir::Expr& e);

}  // namespace tessera::transform
