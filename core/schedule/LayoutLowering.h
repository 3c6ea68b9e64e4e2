// ApplyLayoutTransforms: the last step of ScheduleOps, which puts the stages' layout
// transforms (transform_layout, RFC 0077 §1.3) into the loop program:
//  - every load and store of a transformed tensor goes through its index map to its
//    PhysicalTensor (indices simplified under the enclosing loops, so a stage whose loops
//    follow the layout stores to B[axis0, axis1]), and the tensor is realized over its
//    whole physical shape;
//  - after the producer of a transformed tensor with a pad value, a loop nest writes the
//    pad value into the padding cells (`// attr [B] padding_write`), visiting only the
//    boxes that hold padding (layout::PaddingRegions);
//  - a transformed input with a pad value is a fact, not a write: the program starts
//    with `assume(A[io, ii] == pad)` over its padding cells (lowered to nothing; the
//    padding passes read the fact from the PhysicalTensor).
// Undef padding is neither written nor assumed; padding without a pad value is never
// touched.
#pragma once

#include "ir/Stmt.h"
#include "schedule/Schedule.h"

namespace tessera::schedule {

Result<ir::Stmt> ApplyLayoutTransforms(const Schedule& normalized, const ir::Stmt& program);

// The loop nest writing `t`'s pad value into its padding cells (t->pad.has_value()).
ir::Stmt MakePaddingWrite(const layout::PhysicalTensor& t);
// The loop nest assuming that `t`'s padding cells hold its pad value.
ir::Stmt MakePaddingAssumption(const layout::PhysicalTensor& t);

// The name of the intrinsic call that states an assumption (RFC 0077 §1.6).
inline constexpr const char* kAssumeIntrinsic = "assume";

}  // namespace tessera::schedule
