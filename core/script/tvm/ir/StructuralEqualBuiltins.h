// tvm.ir.structural_equal(lhs, rhs, map_free_vars=False) and
// tvm.ir.assert_structural_equal(lhs, rhs, map_free_vars=False) over ir::StructuralEqual:
// expressions (Python numbers convert as TVM converts them: an int is an int32 IntImm, so
// `assert_structural_equal(extent, 16)` holds for an int32 16), statements (ir_builder's),
// lists / tuples item by item, strings and None by value, anything else (tensors,
// operations, iter vars) by identity. The assert's error shows both sides.
#pragma once

#include "script/lang/Interpreter.h"

namespace tessera::script {

void RegisterStructuralEqualBuiltins(Interpreter& interp);

}  // namespace tessera::script
