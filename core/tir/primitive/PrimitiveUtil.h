// Helpers shared by the loop primitives: rewriting the TensorIR tree below a loop.
#pragma once

#include <functional>

#include "ir/Functor.h"
#include "tir/Stmt.h"

namespace tessera::tir {

// The tree with each block realize directly below `s` (not inside another block) replaced
// by `f(realize)`; sequences and loops are rebuilt around them.
Stmt MapRealizes(const Stmt& s, const std::function<Stmt(const BlockRealizeNode&)>& f);

// Replaces the mapped variables everywhere in `s` (computations, loop bounds, bindings,
// predicates, nested blocks).
Stmt SubstituteTir(const Stmt& s, const ir::VarMap& vmap);
// `predicate` and-ed onto the predicate of each block realize directly below `s`.
Stmt AppendPredicate(const Stmt& s, const Expr& predicate);
// The bindings of the block realizes directly below `s` in their affine normal form
// (only bindings that use one of `vars` change).
Stmt NormalizeBindings(const Stmt& s, const std::vector<Var>& vars);

}  // namespace tessera::tir
