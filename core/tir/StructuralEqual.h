// TVM's structural equality of TensorIR functions (tvm.ir.structural_equal and
// assert_structural_equal on PrimFuncs): the same tree, with variables and buffers matched
// where they are defined — parameters by position (the variables of their shapes with
// them), loop variables, block iterators, allocated and matched buffers — so that their
// names do not count, nor do blocks' names (TVM leaves name_hint out); the functions'
// names (global_symbol), loop kinds, thread tags, annotations, regions, dtypes, scopes
// and every expression do. Users compare a scheduled function with the one they
// expect (TVM's tests all do), and want to know where the two part.
#pragma once

#include <optional>
#include <string>

#include "tir/Stmt.h"

namespace tessera::tir {

struct FunctionComparison {
  // TVM's assert_structural_equal_ignore_global_symbol leaves the names out.
  bool compare_names = true;
};

// Where `a` and `b` first differ, as a path into `a` ("block \"B\" > reads[0]: the region
// differs"), or nullopt when they are structurally equal.
std::optional<std::string> FirstDifference(const PrimFunc& a, const PrimFunc& b,
                                           FunctionComparison how = {});

inline bool StructuralEqual(const PrimFunc& a, const PrimFunc& b, FunctionComparison how = {}) {
  return !FirstDifference(a, b, how);
}

// tvm.ir.structural_hash of a function: the same for functions StructuralEqual calls
// equal (StructuralHash.cpp).
size_t StructuralHash(const PrimFunc& f, FunctionComparison how = {});

}  // namespace tessera::tir
