#include "script/export/PythonExpr.h"

#include <charconv>
#include <cmath>

#include "ir/BitIntrinsics.h"
#include "support/Json.h"
#include "te/Intrinsics.h"

namespace tessera::script {

namespace {

using ir::ExprKind;

constexpr int kMaxDepth = 1000;

// Python text of a double that reads back as the same value ("0.5", "2.0", "1e999").
std::string FloatLiteral(double v) {
  if (std::isnan(v)) return "(1e999 - 1e999)";
  if (std::isinf(v)) return v > 0 ? "1e999" : "(-1e999)";
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, ec == std::errc() ? end : buf);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return v < 0 ? "(" + s + ")" : s;
}

const char* BinaryOperator(ExprKind k) {
  switch (k) {
    case ExprKind::Add:
      return " + ";
    case ExprKind::Sub:
      return " - ";
    case ExprKind::Mul:
      return " * ";
    case ExprKind::FloorDiv:
      return " // ";
    case ExprKind::FloorMod:
      return " % ";
    case ExprKind::EQ:
      return " == ";
    case ExprKind::NE:
      return " != ";
    case ExprKind::LT:
      return " < ";
    case ExprKind::LE:
      return " <= ";
    case ExprKind::GT:
      return " > ";
    case ExprKind::GE:
      return " >= ";
    default:
      return nullptr;
  }
}

class Writer {
 public:
  explicit Writer(const PythonExprNames& names) : names_(names) {}

  Result<std::string> Write(const ir::Expr& e, int depth = 0) {
    if (!e.defined()) return Error("cannot write an undefined expression");
    if (depth > kMaxDepth) return Error("expression too deep to write as a script");
    if (auto* n = e.as<ir::IntImmNode>()) return Int(n->value, e.dtype());
    if (auto* n = e.as<ir::FloatImmNode>()) return Float(n->value, e.dtype());
    if (auto* n = e.as<ir::StringImmNode>()) return JsonQuote(n->value);
    if (auto* n = e.as<ir::VarNode>()) return n->name;
    if (auto* n = e.as<ir::BinaryNode>()) return Binary(e.kind(), *n, depth);
    if (auto* n = e.as<ir::NotNode>()) return Call("tvm.tir.Not", {n->a}, depth);
    if (auto* n = e.as<ir::SelectNode>())
      return Call("tvm.tir.Select", {n->condition, n->true_value, n->false_value}, depth);
    if (auto* n = e.as<ir::CastNode>()) {
      auto v = Write(n->value, depth + 1);
      if (!v) return v;
      return "tvm.tir.Cast(\"" + e.dtype().str() + "\", " + *v + ")";
    }
    if (auto* n = e.as<ir::CallNode>()) return Intrinsic(*n, depth);
    if (auto* n = e.as<ir::ProducerLoadNode>()) return Load(*n, depth);
    return Error(std::string("a ") + ir::kind_name(e.kind()) +
                 " expression cannot be written as a script");
  }

 private:
  const PythonExprNames& names_;

  std::string Int(int64_t v, ir::DataType t) const {
    if (t.is_bool()) return v ? "True" : "False";
    std::string digits = std::to_string(v);
    if (t == ir::DataType::Int(32)) return v < 0 ? "(" + digits + ")" : digits;
    return "tvm.tir.const(" + digits + ", \"" + t.str() + "\")";
  }

  std::string Float(double v, ir::DataType t) const {
    if (t == ir::DataType::Float(32)) return FloatLiteral(v);
    return "tvm.tir.const(" + FloatLiteral(v) + ", \"" + t.str() + "\")";
  }

  Result<std::string> Call(const std::string& fn, const std::vector<ir::Expr>& args, int depth) {
    std::string out = fn + "(";
    for (size_t i = 0; i < args.size(); ++i) {
      auto a = Write(args[i], depth + 1);
      if (!a) return a;
      out += (i ? ", " : "") + *a;
    }
    return out + ")";
  }

  Result<std::string> Binary(ExprKind k, const ir::BinaryNode& n, int depth) {
    bool is_float = n.a.dtype().is_float();
    switch (k) {
      case ExprKind::Div:
        if (!is_float) return Call("tvm.tir.truncdiv", {n.a, n.b}, depth);
        break;
      case ExprKind::Mod:
        if (is_float) return Error("float C modulo cannot be written as a script");
        return Call("tvm.tir.truncmod", {n.a, n.b}, depth);
      case ExprKind::Min:
        return Call(names_.te + "min", {n.a, n.b}, depth);
      case ExprKind::Max:
        return Call(names_.te + "max", {n.a, n.b}, depth);
      case ExprKind::And:
        return Call("tvm.tir.all", {n.a, n.b}, depth);
      case ExprKind::Or:
        return Call("tvm.tir.any", {n.a, n.b}, depth);
      default:
        break;
    }
    const char* op = k == ExprKind::Div ? " / " : BinaryOperator(k);
    if (!op) return Error("operator cannot be written as a script");
    auto a = Write(n.a, depth + 1);
    if (!a) return a;
    auto b = Write(n.b, depth + 1);
    if (!b) return b;
    return "(" + *a + op + *b + ")";
  }

  Result<std::string> Intrinsic(const ir::CallNode& n, int depth) {
    if (n.op == "if_then_else") return Call(names_.te + "if_then_else", n.args, depth);
    if (n.op == "pow") return Call(names_.te + "power", n.args, depth);
    if (te::is_intrinsic_name(n.op)) return Call(names_.te + n.op, n.args, depth);
    if (auto bit = ir::LookupBitOp(n.op)) return BitOperator(*bit, n, depth);
    return Error("the call '" + n.op + "' cannot be written as a script");
  }

  // As Python's operators, fully parenthesised like the binary operators (so no
  // precedence question arises on reading back): `(x >> 4)`, `(~x)`.
  Result<std::string> BitOperator(const ir::BitOpInfo& bit, const ir::CallNode& n, int depth) {
    if (static_cast<int>(n.args.size()) != bit.arity)
      return Error("the call '" + n.op + "' has " + std::to_string(n.args.size()) + " arguments");
    auto a = Write(n.args[0], depth + 1);
    if (!a) return a;
    if (bit.arity == 1) return std::string("(") + bit.c_op + *a + ")";
    auto b = Write(n.args[1], depth + 1);
    if (!b) return b;
    return "(" + *a + " " + bit.c_op + " " + *b + ")";
  }

  Result<std::string> Load(const ir::ProducerLoadNode& n, int depth) {
    std::string tensor = names_.tensor ? names_.tensor(n.producer) : n.producer->producer_name();
    std::string out = tensor + "[";
    for (size_t i = 0; i < n.indices.size(); ++i) {
      auto a = Write(n.indices[i], depth + 1);
      if (!a) return a;
      out += (i ? ", " : "") + *a;
    }
    return out + "]";
  }
};

}  // namespace

Result<std::string> ToPython(const ir::Expr& e, const PythonExprNames& names) {
  return Writer(names).Write(e);
}

}  // namespace tessera::script
