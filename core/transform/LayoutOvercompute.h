// LayoutOvercompute: the RFC 0077 choice between overcompute and branching
// (shared/seeds/rfc0077-digest.md §1.8 items 11-12, §1.9, §1.10), made explicit per loop.
// Inside a loop marked `s[B].pragma(ko, "overcompute")` a guard `if (c) S` is dropped
// when running S where c fails is a provable no-op because of the padding:
//  - every access of S stays inside its buffer (added reads must be in bounds), and
//  - every store of S either writes a padding cell whose contents are rewritten later
//    (the producer's padding write) or unspecified (undef), or stores the value already
//    there once loads of padding cells are replaced by their pad values: with zero
//    padding, row_summation's `B[i] = B[i] + A[i, jo, ji]` is such a store.
// Padding without a pad value is never read or written, so such guards stay. Unmarked
// loops and loops marked "branching" keep their guards (the other direction). It also
// reports an access that provably reaches padding without a pad value. Runs before
// StorageFlatten (it needs the PhysicalTensors); the two pragmas are removed.
#pragma once

#include "ir/Stmt.h"
#include "transform/PassContext.h"

namespace tessera::transform {

ir::Stmt LayoutOvercompute(ir::Stmt s, const PassContext& ctx);

}  // namespace tessera::transform
