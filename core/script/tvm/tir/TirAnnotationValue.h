// The value of an annotation or a function attribute (T.block_attr, a loop's
// annotations=, T.func_attr, PrimFunc.with_attr) as TensorIR keeps it: a string, a number,
// an expression, a list (tir::kAnnotationList) or a dict with string keys
// (tir::kAnnotationDict) of those, nested at any depth.
#pragma once

#include <optional>

#include "ir/Expr.h"
#include "script/lang/Value.h"

namespace tessera::script {

// The kept value of `v`; none when `v` (or an item of it) is none of the above.
std::optional<ir::Expr> TirAnnotationValue(const Value& v);

}  // namespace tessera::script
