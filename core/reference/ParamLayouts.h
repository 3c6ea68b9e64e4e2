// ParamLayouts: the arrays of a scheduled TensorIR function whose parameters
// transform_layout changed (tir::ParamLayoutChange), and the same arrays in the layouts
// of the unscheduled function the reference runs. Element x of a parameter before its
// changes is element map(x) after them, the changes applied in order; the cells of the
// transformed array no element maps to (padding) hold the first constant pad value of the
// changes, else 0 (TVM leaves an unspecified pad value to the caller).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "runtime/NDArray.h"
#include "support/Result.h"
#include "tir/ScheduleState.h"

namespace tessera::reference {

using LayoutChain = std::vector<const tir::ParamLayoutChange*>;

// The changes of parameter `position`, in the order made (empty: its layout is the
// original one).
LayoutChain ChangesOf(const std::vector<tir::ParamLayoutChange>& all, size_t position);

// A pad value that is one constant (an IntImm or FloatImm, `lambda ...: (c,)`); nullopt for
// none or a function of the indices.
std::optional<ir::Expr> ConstantPad(const ir::IndexMap& pad_value);

// The first constant pad value of the changes (the value their padding cells hold).
std::optional<ir::Expr> FirstConstantPad(const LayoutChain& changes);

// The shape of the parameter before its changes (constant extents), or an error.
Result<std::vector<int64_t>> ShapeBefore(const LayoutChain& changes);

// Gathers the original-layout array out of `transformed`.
Result<runtime::NDArray> ToOriginalLayout(const runtime::NDArray& transformed,
                                          const LayoutChain& changes);

// Scatters `original` into an array of `transformed_shape`, the padding filled.
Result<runtime::NDArray> ToTransformedLayout(const runtime::NDArray& original,
                                             const std::vector<int64_t>& transformed_shape,
                                             const LayoutChain& changes);

}  // namespace tessera::reference
