// Recursive-descent parser for the script language: Python's grammar and operator
// precedence, restricted to what a TVM tensor-expression program needs (imports,
// assignments with tuple unpacking, expressions, lambdas). Everything else is reported
// as `FILE:LINE:COL: error: ...` naming what was expected. Nesting is capped
// (kMaxNesting), so no input can exhaust the stack.
#pragma once

#include <string>
#include <string_view>

#include "script/lang/Ast.h"
#include "support/Result.h"

namespace tessera::script {

// Brackets, lambdas and unary operators nested deeper than this are rejected.
inline constexpr int kMaxNesting = 200;
// Syntax trees deeper than this (e.g. a chain of 5,000 '+') are rejected too, because
// evaluating and simplifying them recurses once per level.
inline constexpr int kMaxTreeDepth = 500;

// Parses a whole script (a sequence of statements).
Result<AstModule> ParseModule(std::string_view source, const std::string& file = "");

// Parses exactly one expression (what `tessera-cli simplify` takes); a bare tuple
// `a, b` is accepted and gives a Tuple node.
Result<AstPtr> ParseExpression(std::string_view source, const std::string& file = "");

}  // namespace tessera::script
