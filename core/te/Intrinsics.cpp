#include "te/Intrinsics.h"

#include <map>

#include "ir/ExprOp.h"

namespace tessera::te {

namespace {

Expr Unary(const char* name, Expr x) {
  DataType t = x.dtype();
  return ir::MakeCall(t, name, {std::move(x)});
}

// name -> number of arguments
const std::map<std::string, int>& IntrinsicArity() {
  static const std::map<std::string, int> kArity = {
      {"exp", 1},   {"exp2", 1},    {"log", 1},   {"log2", 1},  {"sqrt", 1}, {"rsqrt", 1},
      {"tanh", 1},  {"sigmoid", 1}, {"sin", 1},   {"cos", 1},   {"erf", 1},  {"abs", 1},
      {"floor", 1}, {"ceil", 1},    {"round", 1}, {"trunc", 1}, {"pow", 2}};
  return kArity;
}

}  // namespace

Expr exp(Expr x) { return Unary("exp", std::move(x)); }
Expr exp2(Expr x) { return Unary("exp2", std::move(x)); }
Expr log(Expr x) { return Unary("log", std::move(x)); }
Expr log2(Expr x) { return Unary("log2", std::move(x)); }
Expr sqrt(Expr x) { return Unary("sqrt", std::move(x)); }
Expr rsqrt(Expr x) { return Unary("rsqrt", std::move(x)); }
Expr tanh(Expr x) { return Unary("tanh", std::move(x)); }
Expr sigmoid(Expr x) { return Unary("sigmoid", std::move(x)); }
Expr sin(Expr x) { return Unary("sin", std::move(x)); }
Expr cos(Expr x) { return Unary("cos", std::move(x)); }
Expr erf(Expr x) { return Unary("erf", std::move(x)); }
Expr floor(Expr x) { return x.dtype().is_float() ? Unary("floor", std::move(x)) : x; }
Expr ceil(Expr x) { return x.dtype().is_float() ? Unary("ceil", std::move(x)) : x; }
Expr round(Expr x) { return x.dtype().is_float() ? Unary("round", std::move(x)) : x; }
Expr trunc(Expr x) { return x.dtype().is_float() ? Unary("trunc", std::move(x)) : x; }

Expr abs(Expr x) {
  if (x.dtype().is_float()) return Unary("fabs", std::move(x));
  if (x.dtype().is_uint() || x.dtype().is_bool()) return x;
  return ir::select(ir::ge(x, ir::make_zero(x.dtype())), x, ir::sub(ir::make_zero(x.dtype()), x));
}

Expr pow(Expr x, Expr y) {
  DataType t = x.dtype();
  return ir::MakeCall(t, "pow", {std::move(x), std::move(y)});
}

bool is_intrinsic_name(const std::string& name) { return IntrinsicArity().count(name) != 0; }

Expr call_intrinsic(const std::string& name, const std::vector<Expr>& args) {
  auto it = IntrinsicArity().find(name);
  if (it == IntrinsicArity().end() || static_cast<int>(args.size()) != it->second) return Expr();
  for (const Expr& a : args)
    if (!a.defined()) return Expr();
  if (name == "abs") return abs(args[0]);
  if (name == "pow") return pow(args[0], args[1]);
  if (name == "floor") return floor(args[0]);
  if (name == "ceil") return ceil(args[0]);
  if (name == "round") return round(args[0]);
  if (name == "trunc") return trunc(args[0]);
  return Unary(it->first.c_str(), args[0]);
}

}  // namespace tessera::te
