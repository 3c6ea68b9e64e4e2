// Commutative reducers (TVM's te.comm_reducer): a combine function of an accumulator
// (lhs) and an incoming value (rhs), with the identity it starts from; several values
// make a tuple reducer (argmax as (index, value)). A reduction over such a reducer is
// one ReduceNode per value, each giving one output of the compute (value_index).
// te.sum / te.max / te.min are the built-in instances (ir::SumReducer, ...).
#pragma once

#include <string>
#include <vector>

#include "support/Result.h"
#include "te/Tensor.h"

namespace tessera::te {

// Checks and builds a reducer. lhs, rhs, result and identity have one entry per value;
// result[i] must have lhs[i]'s type, as must identity[i] (a numeric constant of another
// type is converted, as TVM's const(0, t)). Both may read variables other than lhs and rhs
// (TVM's test_loop_dep_reduce_cache_write: an axis of the enclosing compute); those are
// the compute's variables, renamed in the reducer wherever the compute's body is. The
// identity may not read lhs or rhs.
// Errors name the reducer and the value: "comm_reducer 'argmax': value 1 of the combine
// function is int32 but the reduced value is float32".
Result<ir::CommReducer> MakeCommReducer(std::string name, std::vector<Var> lhs,
                                        std::vector<Var> rhs, std::vector<Expr> result,
                                        std::vector<Expr> identity);

// reducer(source, axis=axes, where=where): one Reduce per value (value_index 0, 1, ...).
// `source` has one expression per value, of the reducer's types; `axes` are reduce axes;
// `where` (undefined: always) must be boolean.
Result<std::vector<Expr>> MakeReductions(const ir::CommReducer& reducer, std::vector<Expr> source,
                                         std::vector<IterVar> axes, Expr where);

// combine(a, b) of a reducer with values a and b (its result with lhs := a, rhs := b):
// how reducer(a, b) without an axis reduces directly.
std::vector<Expr> Combine(const ir::CommReducer& reducer, const std::vector<Expr>& a,
                          const std::vector<Expr>& b);

}  // namespace tessera::te
