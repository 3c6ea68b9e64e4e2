#include "tir/ScriptText.h"

#include <cctype>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "ir/ExprOp.h"
#include "ir/Printer.h"
#include "ir/TargetCalls.h"

namespace tessera::tir::script_text {

std::string FloatLiteral(double v) {
  std::ostringstream os;
  if (std::isinf(v) || std::isnan(v)) {
    os << '"' << (std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf")) << '"';
  } else if (std::nearbyint(v) == v) {
    os << std::showpoint << std::fixed << std::setprecision(1) << v;
  } else {
    os << std::setprecision(17) << v;
  }
  return os.str();
}

std::string Sanitize(std::string name) {
  for (char& c : name) {
    if (c != '_' && !std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

std::string SanitizeNonEmpty(std::string name) {
  name = Sanitize(std::move(name));
  return name.empty() ? std::string("v") : name;
}

std::string CommaJoined(const std::vector<std::string>& items) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + items[i];
  return s;
}

std::string TrimmedEnd(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text;
}

std::string NoAliasAttr(bool stir) {
  return "T.func_attr" +
         std::string(stir ? "({\"tirx.noalias\": True})" : "({\"tir.noalias\": T.bool(True)})");
}

Doc ScriptWriter::Print(const Expr& e) {
  using K = ir::ExprKind;
  if (!e.defined()) return {"None", kAtom};
  if (std::optional<Doc> own = PrintOwn(e)) return *own;
  auto bin = [&e] { return e.as<ir::BinaryNode>(); };
  switch (e.kind()) {
    case K::IntImm: {
      int64_t v = e.as<ir::IntImmNode>()->value;
      if (e.dtype() == ir::DataType::Int(32)) return {std::to_string(v), kAtom};
      if (e.dtype().is_bool()) return {T("bool") + (v ? "(True)" : "(False)"), kAtom};
      return {T(e.dtype().str()) + "(" + std::to_string(v) + ")", kAtom};
    }
    case K::FloatImm:
      return {T(e.dtype().str()) + "(" + FloatLiteral(e.as<ir::FloatImmNode>()->value) + ")",
              kAtom};
    case K::StringImm:
      return {"\"" + e.as<ir::StringImmNode>()->value + "\"", kAtom};
    case K::Var:
      return {VarText(Var::from(e)), kAtom};
    case K::Add:
      return Binary("+", kAdd, bin()->a, bin()->b);
    case K::Sub:
      return Binary("-", kAdd, bin()->a, bin()->b);
    case K::Mul:
      return Binary("*", kMul, bin()->a, bin()->b);
    case K::FloorDiv:
      return Binary("//", kMul, bin()->a, bin()->b);
    case K::FloorMod:
      return Binary("%", kMul, bin()->a, bin()->b);
    case K::Div:
      if (bin()->a.dtype().is_float()) return Binary("/", kMul, bin()->a, bin()->b);
      return Call(T("Div"), {bin()->a, bin()->b});
    case K::Mod:
      return Call(T("truncmod"), {bin()->a, bin()->b});
    case K::Min:
      return Call(T("min"), {bin()->a, bin()->b});
    case K::Max:
      return Call(T("max"), {bin()->a, bin()->b});
    case K::EQ:
      return Binary("==", kCompare, bin()->a, bin()->b);
    case K::NE:
      return Binary("!=", kCompare, bin()->a, bin()->b);
    case K::LT:
      return Binary("<", kCompare, bin()->a, bin()->b);
    case K::LE:
      return Binary("<=", kCompare, bin()->a, bin()->b);
    case K::GT:
      return Binary(">", kCompare, bin()->a, bin()->b);
    case K::GE:
      return Binary(">=", kCompare, bin()->a, bin()->b);
    // TVM writes `a and b` only where re-reading it gives the same node: logical_and folds
    // a constant operand away, so `x and True` is written T.And(x, T.bool(True)).
    case K::And:
      if (ir::as_const_int(bin()->a) || ir::as_const_int(bin()->b))
        return Call(T("And"), {bin()->a, bin()->b});
      return Binary("and", kAnd, bin()->a, bin()->b);
    case K::Or:
      if (ir::as_const_int(bin()->a) || ir::as_const_int(bin()->b))
        return Call(T("Or"), {bin()->a, bin()->b});
      return Binary("or", kOr, bin()->a, bin()->b);
    case K::Not: {
      Doc a = Print(e.as<ir::NotNode>()->a);
      return {"not " + (a.prec < kNot ? "(" + a.text + ")" : a.text), kNot};
    }
    case K::Select: {
      const auto* n = e.as<ir::SelectNode>();
      return Call(T("Select"), {n->condition, n->true_value, n->false_value});
    }
    case K::Cast:
      return {T("Cast") + "(\"" + e.dtype().str() + "\", " + Str(e.as<ir::CastNode>()->value) + ")",
              kAtom};
    case K::Call: {
      const auto* n = e.as<ir::CallNode>();
      if (ir::IsExternCall(*n)) {
        const char* f =
            n->call_kind == ir::CallKind::PureExtern ? "call_pure_extern" : "call_extern";
        std::string s = T(f) + "(\"" + e.dtype().str() + "\", \"" + n->op + "\"";
        for (const Expr& a : n->args) s += ", " + Str(a);
        return {s + ")", kAtom};
      }
      // TVM's builtins print by their name without the "tir." namespace
      // (T.tvm_mma_sync); a type annotation by the type it stands for.
      if (ir::PrintsDtypeFirst(n->op)) {
        std::string s = T(n->op.substr(4)) + "(\"" + e.dtype().str() + "\"";
        for (const Expr& a : n->args) s += ", " + Str(a);
        return {s + ")", kAtom};
      }
      if (n->op == "type_annotation" && n->args.empty())
        return {T("type_annotation") + "(\"" + e.dtype().str() + "\")", kAtom};
      if (n->op.rfind("tir.", 0) == 0) return Call(T(n->op.substr(4)), n->args);
      return Call(T(n->op), n->args);
    }
    case K::BufferLoad:
      return {LoadText(e.as<ir::BufferLoadNode>()), kAtom};
    case K::Ramp: {
      const auto* n = e.as<ir::RampNode>();
      return Call(T("Ramp"), {n->base, n->stride, Expr(n->lanes)});
    }
    case K::Broadcast: {
      const auto* n = e.as<ir::BroadcastNode>();
      return Call(T("Broadcast"), {n->value, Expr(n->lanes)});
    }
    default:
      // ProducerLoad and Reduce do not occur in a PrimFunc (nor Let, unless a printer
      // prints it itself).
      return {ir::to_string(e), kAtom};
  }
}

void ScriptWriter::PopFrame() {
  for (const void* obj : frames_.back()) {
    used_.erase(names_.at(obj));
    names_.erase(obj);
  }
  frames_.pop_back();
}

std::string ScriptWriter::Define(const void* obj, const std::string& hint) {
  std::string base = empty_ == EmptyName::AsV ? SanitizeNonEmpty(hint) : Sanitize(hint);
  std::string name = base;
  for (int i = 1; used_.count(name); ++i) name = base + "_" + std::to_string(i);
  used_.insert(name);
  frames_.back().push_back(obj);
  return names_[obj] = name;
}

std::string ScriptWriter::NameOf(const void* obj, const std::string& fallback) const {
  auto it = names_.find(obj);
  return it == names_.end() ? fallback : it->second;
}

Doc ScriptWriter::Binary(const std::string& op, int prec, const Expr& a, const Expr& b) {
  Doc l = Print(a), r = Print(b);
  std::string lt = l.prec < prec ? "(" + l.text + ")" : l.text;
  std::string rt = r.prec <= prec ? "(" + r.text + ")" : r.text;
  return {lt + " " + op + " " + rt, prec};
}

Doc ScriptWriter::Call(const std::string& callee, const std::vector<Expr>& args) {
  std::string s = callee + "(";
  for (size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + Str(args[i]);
  return {s + ")", kAtom};
}

std::string ScriptWriter::Shape(const std::vector<Expr>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + Str(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string ScriptWriter::Dict(const std::map<std::string, Expr>& m) {
  std::string s = "{";
  bool first = true;
  for (const auto& [k, v] : m) {
    s += (first ? "\"" : ", \"") + k + "\": " + Str(v);
    first = false;
  }
  return s + "}";
}

std::string ScriptWriter::LoopIterable(ir::ForKind kind, const Expr& min, const Expr& extent,
                                       const std::map<std::string, Expr>& annotations,
                                       const std::optional<std::string>& thread) {
  std::vector<std::string> args;
  if (!ir::is_zero(min)) {
    args.push_back(Str(min));
    args.push_back(Str(ir::add(min, extent)));
  } else {
    args.push_back(Str(extent));
  }
  std::string callee;
  switch (kind) {
    case ir::ForKind::Serial:
      callee = annotations.empty() ? "range" : T("serial");
      break;
    case ir::ForKind::Parallel:
      callee = T("parallel");
      break;
    case ir::ForKind::Unrolled:
      callee = T("unroll");
      break;
    case ir::ForKind::Vectorized:
      callee = T("vectorized");
      break;
    case ir::ForKind::ThreadBinding:
      callee = T("thread_binding");
      if (thread) args.push_back("thread=\"" + *thread + "\"");
      break;
  }
  if (!annotations.empty()) args.push_back("annotations=" + Dict(annotations));
  return callee + "(" + CommaJoined(args) + ")";
}

void ScriptWriter::Indented(const std::function<void()>& body) {
  ++indent_;
  size_t before = out_.size();
  body();
  if (out_.size() == before) Line("pass");
  --indent_;
}

void ScriptWriter::LetLine(const ir::LetStmtNode* let) {
  std::string value = Str(let->value);
  Line(Define(let->var.get(), let->var.name()) + ": " + T(let->var.dtype().str()) + " = " + value);
}

void ScriptWriter::EvaluateLine(const ir::EvaluateNode* ev) {
  if (ev->value.kind() == ir::ExprKind::Call) {
    Line(Str(ev->value));
  } else {
    Line(T("evaluate") + "(" + Str(ev->value) + ")");
  }
}

void ScriptWriter::CommentLines(const ir::Stmt& s) {
  std::istringstream text(ir::to_string(s));
  for (std::string line; std::getline(text, line);) Line("# " + line);
}

}  // namespace tessera::tir::script_text
