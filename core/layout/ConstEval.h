// Evaluates an integer/boolean expression whose variables all have known constant
// values. Used to enumerate index maps element by element (the exact per-element
// padding query) and by tests as an oracle.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "ir/Expr.h"

namespace tessera::layout {

using ConstEnv = std::unordered_map<const ir::VarNode*, int64_t>;

// nullopt when the expression uses an unbound variable, a non-integer node, or divides
// by zero. Floor and truncated division follow their definitions.
std::optional<int64_t> EvalConstInt(const ir::Expr& e, const ConstEnv& env);

}  // namespace tessera::layout
