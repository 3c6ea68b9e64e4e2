#include "ir/MathIntrinsics.h"

#include <cmath>

namespace tessera::ir {

namespace {
const MathOpInfo kTable[] = {
    {MathOp::Exp, "exp", 1, "exp"},           {MathOp::Exp2, "exp2", 1, "exp2"},
    {MathOp::Log, "log", 1, "log"},           {MathOp::Log2, "log2", 1, "log2"},
    {MathOp::Log10, "log10", 1, "log10"},     {MathOp::Sqrt, "sqrt", 1, "sqrt"},
    {MathOp::Rsqrt, "rsqrt", 1, nullptr},     {MathOp::Tanh, "tanh", 1, "tanh"},
    {MathOp::Sigmoid, "sigmoid", 1, nullptr}, {MathOp::Fabs, "fabs", 1, "fabs"},
    {MathOp::Floor, "floor", 1, "floor"},     {MathOp::Ceil, "ceil", 1, "ceil"},
    {MathOp::Round, "round", 1, "nearbyint"}, {MathOp::Trunc, "trunc", 1, "trunc"},
    {MathOp::Sin, "sin", 1, "sin"},           {MathOp::Cos, "cos", 1, "cos"},
    {MathOp::Tan, "tan", 1, "tan"},           {MathOp::Erf, "erf", 1, "erf"},
    {MathOp::Pow, "pow", 2, "pow"},           {MathOp::Fmod, "fmod", 2, "fmod"},
};
}  // namespace

std::optional<MathOpInfo> LookupMathOp(const std::string& name) {
  for (const auto& info : kTable)
    if (name == info.name) return info;
  return std::nullopt;
}

double EvalMathOp(MathOp op, double a, double b) {
  switch (op) {
    case MathOp::Exp:
      return std::exp(a);
    case MathOp::Exp2:
      return std::exp2(a);
    case MathOp::Log:
      return std::log(a);
    case MathOp::Log2:
      return std::log2(a);
    case MathOp::Log10:
      return std::log10(a);
    case MathOp::Sqrt:
      return std::sqrt(a);
    case MathOp::Rsqrt:
      return 1.0 / std::sqrt(a);
    case MathOp::Tanh:
      return std::tanh(a);
    case MathOp::Sigmoid:
      return 1.0 / (1.0 + std::exp(-a));
    case MathOp::Fabs:
      return std::fabs(a);
    case MathOp::Floor:
      return std::floor(a);
    case MathOp::Ceil:
      return std::ceil(a);
    case MathOp::Round:
      return std::nearbyint(a);  // round half to even, like LLVM's roundeven
    case MathOp::Trunc:
      return std::trunc(a);
    case MathOp::Sin:
      return std::sin(a);
    case MathOp::Cos:
      return std::cos(a);
    case MathOp::Tan:
      return std::tan(a);
    case MathOp::Erf:
      return std::erf(a);
    case MathOp::Pow:
      return std::pow(a, b);
    case MathOp::Fmod:
      return std::fmod(a, b);
  }
  return 0.0;
}

}  // namespace tessera::ir
