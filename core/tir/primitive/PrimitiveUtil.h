// Helpers shared by the loop primitives: rewriting the TensorIR tree below a loop.
#pragma once

#include "ir/Functor.h"
#include "tir/Stmt.h"

namespace tessera::tir {

// Replaces the mapped variables everywhere in `s` (computations, loop bounds, bindings,
// predicates, nested blocks).
Stmt SubstituteTir(const Stmt& s, const ir::VarMap& vmap);
// `predicate` and-ed onto the predicate of each block realize directly below `s`.
Stmt AppendPredicate(const Stmt& s, const Expr& predicate);
// The bindings of the block realizes directly below `s` in their affine normal form
// (only bindings that use one of `vars` change).
Stmt NormalizeBindings(const Stmt& s, const std::vector<Var>& vars);

}  // namespace tessera::tir
