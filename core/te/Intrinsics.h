// Math intrinsics as pure ir::Call nodes ("exp", "log", ...), typed like their
// argument; integer abs is a select, as in TVM.
#pragma once

#include "ir/Expr.h"

namespace tessera::te {

using ir::DataType;
using ir::Expr;

Expr exp(Expr x);
Expr exp2(Expr x);
Expr log(Expr x);
Expr log2(Expr x);
Expr sqrt(Expr x);
Expr rsqrt(Expr x);
Expr tanh(Expr x);
Expr sigmoid(Expr x);
Expr sin(Expr x);
Expr cos(Expr x);
Expr erf(Expr x);
Expr abs(Expr x);
Expr floor(Expr x);
Expr ceil(Expr x);
Expr round(Expr x);
Expr trunc(Expr x);
Expr pow(Expr x, Expr y);

// Calls intrinsic `name` (one of the above, by TVM name) with `args`; an undefined Expr
// when the name is unknown or the argument count is wrong.
Expr call_intrinsic(const std::string& name, const std::vector<Expr>& args);
bool is_intrinsic_name(const std::string& name);

}  // namespace tessera::te
