// EvaluateConstant: the value of an integer expression for concrete values of its
// variables. It is the oracle of the simplifier's property tests (a rewrite must never
// change the value of an expression) and useful wherever a symbolic shape meets
// concrete sizes. Arithmetic wraps to the expression's bit width, as the machine would.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "ir/Expr.h"
#include "support/Result.h"

namespace tessera::arith {

using VarValueMap = std::unordered_map<ir::Var, int64_t, ir::VarHash, ir::VarEqual>;

// Errors: a variable without a value, division by zero, a node that is not integer
// arithmetic (floats, loads, calls ...), nesting deeper than kMaxEvaluateDepth.
Result<int64_t> EvaluateConstant(const ir::Expr& e, const VarValueMap& values);

inline constexpr int kMaxEvaluateDepth = 2000;

}  // namespace tessera::arith
