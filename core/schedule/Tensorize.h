// tensorize (TVM's s[C].tensorize and src/te/operation/tensorize.cc): the loop nest of a
// stage from a leaf IterVar inward is replaced by the body of a TensorIntrin
// (te/TensorIntrin.h), which must compute the same thing.
//
// Legality, as TVM checks it (MatchTensorizeBody / VerifyTensorizeBody): the region the
// nest covers per outer iteration (InferTensorizeRegion) gives every output axis and
// reduce axis a range; the innermost axes must have the intrinsic's extents and any
// extra outer axes extent 1; every input's region must have the shape of the
// intrinsic's input; and the stage's body, with its axes renamed to the intrinsic's
// (offset by the region's start) and its loads rebased to the region, must equal the
// intrinsic's body. A split tail condition may not depend on a loop inside the region.
//
// Lowering (MakeTensorize): the outer loops stay; each intrinsic buffer is bound to its
// tensor's region by an AttrStmt "buffer_bind_scope" (node: the buffer; value: a
// ProducerLoad of the tensor at the region's start), which StorageFlatten turns into
// the buffer's data, element offset and strides. A reduction whose outer reduction
// loops are outside the region runs the intrinsic's reduce_init before them and its
// reduce_update inside them (or, without reduce_init, its body on the first reduction
// step and its update on the others). The region is wrapped in AttrStmt "tensor_intrin"
// (node: the intrinsic's name; value: "C at loop j.inner") so that later stages can say
// which intrinsic a call came from.
#pragma once

#include "ir/Stmt.h"
#include "schedule/MessagePassing.h"
#include "schedule/Schedule.h"
#include "te/TensorIntrin.h"

namespace tessera::schedule {

// Marks leaf `axis` of `stage` tensorized with `intrin`. Checks the stage (a compute,
// no other tensorized loop, no thread bound inside the region) and, when the schedule's
// bounds can be inferred now, the match with the intrinsic (VerifyTensorize).
Status Tensorize(Schedule& sch, Stage stage, IterVar axis, te::TensorIntrin intrin);

// The tensorized leaf of `stage` (nullptr when none).
IterVar TensorizedLeaf(const Stage& stage);

// Checks every tensorized stage of a normalized schedule against its intrinsic with the
// ranges of InferBound; the error names the stage, the loop and the mismatch.
Status VerifyTensorize(const Schedule& normalized, const RangeMap& rmap);

// The loops and statement of a tensorized compute stage (after VerifyTensorize).
ir::Stmt MakeTensorize(const Stage& stage, const RangeMap& rmap, bool keep_trivial_loop);

// TVM's test hooks (test.op.InferTensorizeRegion / test.op.MatchTensorizeBody): the
// region the tensorized nest of `stage` covers per outer iteration — each root IterVar's
// range (`out_dom`) and each input tensor's region (`in_dom`, InputTensors order) — and
// the stage's body matched to an intrinsic over given regions (its axes renamed to the
// intrinsic's, offset by the region's start, its loads rebased to the region), the
// expressions VerifyTensorize compares with the intrinsic's body. Errors: no tensorized
// leaf, not a compute, a region missing for an axis or input, a shape mismatch.
struct TensorizeRegions {
  RangeMap out_dom;
  std::vector<std::pair<te::Tensor, ir::Region>> in_dom;
};
Result<TensorizeRegions> InferTensorizeRegions(const Stage& stage, const RangeMap& rmap);
Result<std::vector<ir::Expr>> MatchTensorizeBody(const Stage& stage,
                                                 const TensorizeRegions& regions,
                                                 const te::TensorIntrin& intrin);

// Attribute keys of the lowered program.
inline constexpr const char* kBufferBindScope = "buffer_bind_scope";
inline constexpr const char* kTensorIntrinScope = "tensor_intrin";

}  // namespace tessera::schedule
