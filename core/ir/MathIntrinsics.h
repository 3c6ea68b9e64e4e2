// The math intrinsics Tessera's IR may call (`exp(x)`, `pow(x, y)`, ...): one table
// shared by the interpreter, the LLVM backend and the C backend, so that the three agree
// on which names exist, how many arguments they take and what they compute.
#pragma once

#include <optional>
#include <string>

namespace tessera::ir {

enum class MathOp {
  Exp,
  Exp2,
  Log,
  Log2,
  Log10,
  Sqrt,
  Rsqrt,
  Tanh,
  Sigmoid,
  Fabs,
  Floor,
  Ceil,
  Round,
  Trunc,
  Sin,
  Cos,
  Tan,
  Erf,
  Pow,
  Fmod,
};

struct MathOpInfo {
  MathOp op;
  const char* name;    // the IR call name
  int arity;           // 1 or 2
  const char* c_name;  // libm name for float64 ("expf" is c_name + "f")
};

// The entry for an IR call name, or nullopt when `name` is not a math intrinsic.
std::optional<MathOpInfo> LookupMathOp(const std::string& name);
// Reference semantics in double precision (the interpreter rounds to the element type).
double EvalMathOp(MathOp op, double a, double b = 0.0);

}  // namespace tessera::ir
