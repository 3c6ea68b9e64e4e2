// Structural equality and hashing of IR trees (what the simplifier's tests, the
// common-subexpression passes and the trace cache need; pointer identity is too strict).
//
// Two trees are equal when they have the same node kinds, dtypes, constants and names of
// calls, with variables matched as follows:
//  - a variable bound inside the tree (For loop_var, Let / LetStmt var, Allocate
//    buffer_var, the IterVar of an attr, Reduce axis vars, CommReducer lhs/rhs vars) is
//    matched with the variable bound at the same position on the other side
//    (alpha-equivalence: `for (i, 0, 4) A[i]` equals `for (j, 0, 4) A[j]`);
//  - a free variable matches only itself, unless map_free_vars is set, in which case
//    free variables are matched one-to-one in order of first occurrence (same dtype).
// Buffers and producers (tensors) compare by identity. dtypes always count:
// int32 5 differs from int64 5. Float immediates compare bit for bit.
//
// Equal trees have equal hashes (under the same map_free_vars).
#pragma once

#include <cstddef>
#include <memory>

#include "ir/Buffer.h"
#include "ir/Expr.h"
#include "ir/Stmt.h"

namespace tessera::ir {

bool StructuralEqual(const Expr& a, const Expr& b, bool map_free_vars = false);
bool StructuralEqual(const Stmt& a, const Stmt& b, bool map_free_vars = false);

namespace detail {
class EqualChecker;
}

// Compares trees whose variables and buffers are defined outside them, by a tree that is
// not core/ir (TensorIR's loops, block iterators and allocated buffers:
// tir/StructuralEqual.h): what Bind pairs stays paired for the matcher's life, so each
// leaf compares under the definitions met so far. A variable or buffer never paired
// matches only itself (free variables are not mapped).
class StructuralMatcher {
 public:
  StructuralMatcher();
  ~StructuralMatcher();
  StructuralMatcher(const StructuralMatcher&) = delete;
  StructuralMatcher& operator=(const StructuralMatcher&) = delete;

  // False when the pair cannot correspond: either side is paired with another, or the
  // variables' dtypes differ.
  bool Bind(const Var& a, const Var& b);
  bool Bind(const Buffer& a, const Buffer& b);
  bool Equal(const Expr& a, const Expr& b);
  bool Equal(const Stmt& a, const Stmt& b);
  // A reference to a buffer: its pair, or itself when never paired.
  bool Equal(const Buffer& a, const Buffer& b);

 private:
  std::unique_ptr<detail::EqualChecker> checker_;
};

size_t StructuralHash(const Expr& e, bool map_free_vars = false);
size_t StructuralHash(const Stmt& s, bool map_free_vars = false);

// For unordered containers keyed by expression structure (free vars by identity).
struct StructuralExprHash {
  size_t operator()(const Expr& e) const { return StructuralHash(e); }
};
struct StructuralExprEqual {
  bool operator()(const Expr& a, const Expr& b) const { return StructuralEqual(a, b); }
};

}  // namespace tessera::ir
