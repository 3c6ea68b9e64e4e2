// The tensorize export of a TE intrinsic whose body calls TVM's wmma builtins
// (TirExportIntrin.cpp sends it here): the TensorIntrins TVM ships in
// tensor_intrin/cuda.py, imported by their constants, or made by TVM's generators where
// TVM registers no such variant.
#pragma once

#include "script/export/TirExportInternal.h"
#include "te/Operation.h"

namespace tessera::script::tir_export {

// The load, store or mma_sync (with the fill of its reduce_reset) `intrin` performs, as
// TVM's wmma intrinsic of its shape, types, scopes and layout; `compute` is the
// intrinsic's te.compute (nullptr when it has none). An error says why none of TVM's
// wmma intrinsics describes it.
Result<TensorizePlan> PlanWmmaTensorize(const te::TensorIntrinNode& intrin,
                                        const te::ComputeOpNode* compute,
                                        const TirSpelling& spelling);

}  // namespace tessera::script::tir_export
